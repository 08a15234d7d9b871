"""The heuristic bot: legal, deterministic, never changes the state, and keeps the city alive."""

from __future__ import annotations

import pytest

from loopcity import load_game
from loopcity.games.sustain.actions import FUND
from loopcity.games.sustain.heuristic import HeuristicBot, Planner
from loopcity.sim.core import run_games

from .helpers import again, city_map, full_housing, investing, new


def test_heuristic_picks_legal_actions_without_changing_the_state():
    game = load_game("sustain", players=4)
    state = game.new_state(2)
    bots = [HeuristicBot(game, s, 2) for s in range(4)]
    for _ in range(150):
        if state.is_terminal():
            break
        seat = state.active_seats()[0]
        before = state.state_hash()
        action = bots[seat].choose(state, seat)
        assert state.state_hash() == before and action in state.legal_actions(seat)
        state.apply(seat, action)


def test_heuristic_is_deterministic_for_its_seed():
    def run():
        return [r.cause for r in run_games("sustain", 3, ["heuristic"], seed=4, players=3)]

    assert run() == run()


def test_heuristic_never_draws_on_the_last_big_square():
    s = new()
    free = [c for c in s.tables.geo.squares if s.cells[c] is None]
    s = investing(s, seat=0, coins=10, city_map=city_map(s, dict.fromkeys(free[1:], "office_district")))
    action = HeuristicBot(s.game, 0, 0).choose(s, 0)
    if action.kind == "fund":
        fund = FUND.read(action)
        building = s.tables.departments[fund.department - 1].spaces[fund.space - 1].building
        assert s.tables.buildings[building].space != "square"


def test_heuristic_builds_housing_when_homes_run_out():
    s = new()  # seat 1 is Urban Planning
    s = investing(
        s, seat=0, coins=10, city_map=full_housing(s), unhappy_population=s.tables.board.unhappy_squares - 3
    )
    action = HeuristicBot(s.game, 0, 0).choose(s, 0)
    assert action.kind in ("fund", "invest")
    if action.kind == "fund":
        fund = FUND.read(action)
        building = s.tables.departments[fund.department - 1].spaces[fund.space - 1].building
        assert s.tables.buildings[building].housing > 0


def test_heuristic_tables_are_defeated_less_often_than_random_ones():
    def defeats(bot):
        return sum(
            not r.team_won
            for r in run_games("sustain", 16, [bot], seed=11, players=3, variant="housing_boom")
        )

    assert defeats("heuristic") < defeats("random")


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["first_game", "traffic_crisis", "housing_boom"])
def test_heuristic_defeat_rate_is_clearly_lower_over_many_games(variant):
    def rate(bot):
        rows = run_games("sustain", 80, [bot], seed=5, players=3, variant=variant)
        return sum(not r.team_won for r in rows) / len(rows)

    assert rate("heuristic") + 0.25 < rate("random")


def test_heuristic_gives_a_coin_to_the_housing_department_when_homes_run_short():
    s = new(players=3)  # seat 1 owns Urban Planning (Residential Houses cost 3)
    s = again(
        s, city_map=full_housing(s), unhappy_population=s.tables.board.unhappy_squares - 4, coins=[1, 5, 5]
    )
    assert HeuristicBot(s.game, 1, 0).choose(s, 1).kind == "give"
    assert str(HeuristicBot(s.game, 1, 0).choose(s, 1)) == "give 1"


def test_heuristic_plays_for_its_own_points_in_the_last_year():
    s = investing(new(players=3), seat=2, coins=6, last_year=True)  # seat 3: Environment
    action = HeuristicBot(s.game, 2, 0).choose(s, 2)
    assert action.kind == "fund" and FUND.read(action).department == 3  # its own Department sheet


def test_heuristic_weighs_points_against_the_citys_survival():
    s = investing(new(players=3), seat=0, coins=10)  # seat 1: Urban Planning
    calm = {str(o[2]): o[0] for o in Planner(s, 0).options()}
    s = again(s, city_map=full_housing(s), unhappy_population=s.tables.board.unhappy_squares - 3)
    urgent = {str(o[2]): o[0] for o in Planner(s, 0).options()}
    # homes are worth more when people are about to be left without one
    assert urgent["fund 1 1"] > calm["fund 1 1"]


def test_selfish_departments_lose_the_city_more_often_than_cooperating_ones():
    def defeats(bot):
        rows = run_games("sustain", 12, [bot], seed=13, players=3, variant="traffic_crisis")
        return sum(not r.team_won for r in rows)

    assert defeats("selfish") > defeats("heuristic")


def test_heuristic_forecast_counts_the_buildings_a_lasting_card_counts():
    """Forecasts are shared between decisions; one that counts Buildings is not reused on a map
    with another count (a designer's card: a lasting Pollution +1 per industry)."""
    per_industry = [{"target": "pollution", "amount": 1, "per": "industry"}]
    start = new(players=3, overrides={"events.I-5.lasting.effects": per_industry})
    # one year left (the Event deck holds I-7 only) and the heat wave in play
    others = [e for e in start.tables.scenarios["first_game"].events if e not in ("I-7", "I-5")]
    s = investing(
        start,
        event_deck=["I-7"],
        event_discard=others,
        events_this_year=[],
        in_play=[{"card": "I-5", "years": 2}],
        requests=[],
    )
    squares = [c for c in s.tables.geo.squares if s.cells[c] is None]
    industries = []
    for factories in (1, 3):
        s = again(s, city_map=city_map(s, dict.fromkeys(squares[:factories], "factory")))
        plans = Planner(s, 0)
        industries.append(s.count_category("industry"))
        end, fallen = plans.forecast(plans.base)
        assert fallen == -1 and end[3] == min(s.tables.top, s.track[3] + industries[-1])
    assert industries[0] < industries[1]
