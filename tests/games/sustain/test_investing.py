"""Steps 6 (discussion) and 7 (investing), drawing Buildings, defeats, the end and scoring."""

from __future__ import annotations

import json

import pytest

from loopcity.engine import Action, IllegalAction
from loopcity.games.sustain.actions import BUILD, FUND
from loopcity.games.sustain.year import DEFEAT_CO2, DEFEAT_MAP, DEFEAT_UNHAPPY, POLLUTION, TRANSPORT

from .helpers import again, city_map, full_housing, investing, new, pay, solution_at


def all_pass_discussion(s):
    for seat in range(s.players):
        if seat in s.active_seats():
            s.apply(seat, "pass")


# ----------------------------------------------------------------- step 6: discussion
def test_discussion_every_player_may_act_at_once():
    s = new()
    assert s.phase == "discussion" and s.active_seats() == (0, 1, 2)


def test_discussion_coin_gift_moves_one_coin():
    s = new()
    s.apply(1, "give 3")
    assert s.coins == [4, 3, 5]


def test_discussion_cannot_give_to_yourself_or_without_coins():
    s = new()
    with pytest.raises(IllegalAction, match="yourself"):
        s.apply(0, "give 1")
    s = again(s, coins=[0, 5, 5])
    with pytest.raises(IllegalAction, match="no Coin"):
        s.apply(0, "give 2")


def test_discussion_ends_when_every_player_has_passed():
    s = new()
    s.apply(0, "pass")
    s.apply(2, "pass")
    assert s.phase == "discussion" and s.active_seats() == (1,)
    s.apply(1, "pass")
    assert s.phase == "investing"


def test_discussion_clock_is_an_option_shown_to_the_front_end():
    assert new(discussion_minutes=5).view(0)["discussion_minutes"] == 5
    assert new().view(None)["discussion_minutes"] == 0
    assert "clock" not in [str(a) for a in new().legal_actions(0)]


# ----------------------------------------------------------------- step 7: investing
def test_investing_starts_from_the_first_player_and_goes_left():
    s = again(new(), first_player=2)
    all_pass_discussion(s)
    assert s.active_seats() == (1,)
    pay(s, 1, "invest 1", 1)
    assert s.active_seats() == (2,)


def test_investing_one_or_more_coins_on_a_single_space_per_turn():
    s = investing(new(), seat=0, coins=5)
    pay(s, 0, "invest 2", 2)  # Green plan costs 3
    assert s.table[1][1] == 2 and s.coins[0] == 3 and s.turn == 1


def test_investing_cannot_exceed_the_requested_amount_or_your_coins():
    s = investing(new(), seat=0, coins=10)
    s.apply(0, "invest 2")  # Green plan costs 3
    assert [str(a) for a in s.legal_actions(0)] == ["coins 1", "coins 2", "coins 3"]
    with pytest.raises(IllegalAction, match="asks 3 Coins and has 0 on it: you may put at most 3 Coins"):
        s.apply(0, "coins 4")
    s = again(s, coins=[2, 10, 10])
    with pytest.raises(IllegalAction, match="only 2 Coin"):
        s.apply(0, "coins 3")


def test_investing_is_two_steps_choose_the_space_then_the_coins():
    s = investing(new(), seat=0, coins=10)
    kinds = {a.kind for a in s.legal_actions(0)}
    assert kinds == {"fund", "invest", "pass"}
    s.apply(0, "invest 2")
    assert s.phase == "coins" and s.active_seats() == (0,)
    with pytest.raises(IllegalAction, match="how many Coins"):
        s.apply(0, "pass")
    s.apply(0, "coins 2")
    assert s.phase == "investing" and s.table[1][1] == 2 and s.turn == 1


def test_partial_investments_stay_on_the_space_into_the_next_year():
    s = investing(new(), seat=0, coins=5)
    pay(s, 0, "invest 2", 2)
    for seat in (1, 2, 0):
        s.apply(seat, "pass")
    assert s.round == 2 and s.phase == "discussion"
    assert s.table[1] == ["S-04", 2]


def test_passing_ends_your_year_and_you_keep_unspent_coins():
    s = investing(new(), seat=0, coins=5)
    s.apply(0, "pass")
    pay(s, 1, "invest 2", 1)
    pay(s, 2, "invest 2", 1)
    assert s.turn == 1  # seat 1 is skipped
    s.apply(1, "pass")
    s.apply(2, "pass")
    assert s.round == 2
    assert s.coins[0] >= 5  # unspent Coins kept, plus the new budget


def test_when_all_players_have_passed_a_new_year_begins_at_step_1():
    s = investing(new(), seat=0, coins=0)
    first = s.first
    for seat in (0, 1, 2):
        s.apply(seat, "pass")
    assert s.round == 2 and s.first == (first + 1) % 3 and s.co2 > 0


def test_only_the_owner_invests_on_a_department_sheet():
    s = investing(new(), seat=0)
    with pytest.raises(IllegalAction, match=r"only Seat 2 \(Mobility\) invests on the Mobility sheet"):
        s.apply(0, "fund 2 1")  # Mobility belongs to seat 2
    pay(s, 0, "fund 1 1", 1)  # own Urban Planning
    assert s.sheet[0][0] == 1


def test_unassigned_department_buildings_are_open_to_all():
    s = investing(new(players=3), seat=1)
    pay(s, 1, "fund 5 1", 1)  # Social Services is unassigned with 3 players
    assert s.sheet[4][0] == 1


def test_fulfilled_solution_is_flipped_effects_applied_and_coins_discarded():
    s = new()  # S-11 Local market: Standard of Living +1, Attractiveness +1, economy +1
    s = investing(s, seat=0, coins=10, **solution_at(s, 3, "S-11", 1))
    pay(s, 0, "invest 3", 1)
    assert "S-11" in s.flipped and all(e[0] != "S-11" for e in s.table)
    assert s.track[0] == 1 and s.track[1] == 1 and s.points[3] == 1
    assert s.coins[0] == 9


def test_solution_with_a_building_is_drawn_on_a_free_space_then_effects_apply():
    s = investing(new(), seat=0, coins=10)
    pay(s, 0, "invest 2", 3)  # S-04 Urban forest: a Park, Pollution -1
    s = again(s, pollution=3)
    assert s.phase == "build" and s.active_seats() == (0,)
    cells = [BUILD.read(a).cell for a in s.legal_actions(0)]
    assert all(s.cells[c] is None and c < 25 for c in cells)
    s.apply(0, "build 0")
    # the Park's own effect (-1) and the card's (-1)
    assert s.cells[0] == "park" and s.track[POLLUTION] == 1 and s.turn == 1


def test_investing_draw_that_building_then_flip_the_solution_card():
    """Complete rules, step 7: "If the solution involves a Building, you have to choose a free space
    on the City Map and draw that Building on it. [...] Then, if you have invested the full amount
    on a Solution card, it's time to flip it! Reveal the white side and discover the effects of the
    adopted solution." """
    s = investing(new(), seat=0, coins=10)
    pay(s, 0, "invest 2", 3)  # S-04 Urban forest (gray side: Green plan): a Park, Pollution -1
    assert s.phase == "build" and s.view(0)["pending_build"]["building"] == "park"
    assert "S-04" not in s.flipped and "Urban forest" not in json.dumps(s.view(0))  # not flipped yet
    assert s.track[POLLUTION] == 0 and s.points[2] == 0  # no effect yet
    s.apply(0, "build 0")
    assert s.flipped == ["S-04"] and s.view(0)["flipped"][-1]["title"] == "Urban forest"
    lines = [line[2] for line in s.log]
    drawn = next(i for i, t in enumerate(lines) if "draws the Park on" in t)
    flipped = next(i for i, t in enumerate(lines) if "Solution S-04 Urban forest is fulfilled" in t)
    assert drawn < flipped
    assert s.points[2] == 2  # the white side's points for Environment, after the drawing


def test_a_solution_whose_building_has_no_free_space_is_flipped_without_it():
    s = new()
    walks = city_map(s, dict.fromkeys(s.tables.geo.edges, "pedestrian_walk"))
    s = investing(s, seat=0, coins=10, city_map=walks)  # S-01's Bike Lane has no free edge
    pay(s, 0, "invest 1", 2)
    assert s.phase == "investing" and s.flipped == ["S-01"] and "bike_lane" not in s.cells
    assert any("No free space for the Bike Lane" in line[2] for line in s.log)


def test_department_space_is_available_again_after_it_is_paid_for():
    s = investing(new(), seat=1, coins=10)
    pay(s, 1, "fund 2 1", 2)  # Bus Stop costs 2
    assert s.phase == "build" and s.sheet[1][0] == 0
    corner = BUILD.read(s.legal_actions(1)[0]).cell
    s.apply(1, f"build {corner}")
    assert s.points[1] == 1 and s.track[TRANSPORT] == 1
    s.apply(2, "pass")
    s.apply(0, "pass")  # seat 1's turn again
    assert any(a.kind == "fund" and FUND.read(a) == (2, 1) for a in s.legal_actions(1))


def test_bus_stops_on_corners_walks_and_lanes_on_edges():
    s = investing(new(), seat=1, coins=10)
    geo = s.tables.geo
    assert set(s.legal_cells("bus_stop")) <= set(geo.corners)
    assert set(s.legal_cells("bike_lane")) <= set(geo.edges)
    assert set(s.legal_cells("pedestrian_walk")) <= set(geo.edges)
    assert set(s.legal_cells("museum")) <= set(geo.squares)


def test_distance_is_orthogonal_only_for_keeping_away():
    s = again(new(), city_map=city_map(new(), {12: "residential_houses"}, clear=True))  # C3
    cells = set(s.legal_cells("factory"))  # not within distance 1 of housing
    assert {7, 11, 13, 17}.isdisjoint(cells)  # orthogonal neighbours refused
    assert {6, 8, 16, 18} <= cells  # diagonal neighbours are at distance 2


def test_adjacency_bonus_counts_orthogonal_neighbours_only():
    park = {"building": "park", "department": "environment", "space": 1}
    s = investing(new(), seat=2, coins=10, city_map=city_map(new(), {12: "residential_houses"}, clear=True))
    s = again(s, phase="build", to_draw=park)
    s.apply(2, "build 6")  # diagonal to the houses: no Attractiveness bonus
    assert s.track[1] == 0
    s = again(s, phase="build", to_draw=park, turn=3)
    s.apply(2, "build 7")  # orthogonal neighbour: bonus
    assert s.track[1] == 1


def test_request_card_is_resolved_by_investing_its_cost():
    s = new()
    s = investing(
        s, requests=[{"card": "I-8", "coins": 3}], event_deck=[e for e in s.event_deck if e != "I-8"]
    )
    pay(s, 0, "request 1", 1)
    assert s.requests == [] and "I-8" in s.event_discard and s.track[TRANSPORT] == 1


# ----------------------------------------------------------------- defeats
def test_full_unhappy_population_table_loses_at_once():
    s = new()
    s = investing(s, seat=0, coins=0, unhappy_population=s.tables.board.unhappy_squares - 1)
    s.mark_unhappy(1)
    s.apply(0, "pass")  # the next step ends the game
    assert s.is_terminal() and s.outcome().cause == DEFEAT_UNHAPPY and not s.outcome().team_won


def test_full_co2_table_loses_at_once():
    s = new()
    s = investing(s, seat=0, coins=0, co2_accumulation=s.tables.board.co2_squares - 1)
    for seat in (0, 1, 2):
        s.apply(seat, "pass")  # step 1 adds at least one CO2 mark
    assert s.is_terminal() and s.outcome().cause == DEFEAT_CO2 and s.outcome().winners == ()


def test_full_city_map_loses_at_once():
    s = new()
    free = [c for c in s.tables.geo.squares if s.cells[c] is None]
    s = investing(s, seat=0, coins=10, city_map=city_map(s, dict.fromkeys(free[1:], "office_district")))
    pay(s, 0, "fund 1 1", 3)  # Residential Houses on the last big square
    s.apply(0, f"build {free[0]}")
    assert s.is_terminal() and s.outcome().cause == DEFEAT_MAP


# ----------------------------------------------------------------- the end
def test_game_ends_after_the_investing_of_the_year_of_the_end_card():
    s = investing(new(), seat=0, coins=0, last_year=True)
    for seat in (0, 1, 2):
        s.apply(seat, "pass")
    out = s.outcome()
    assert s.is_terminal() and out.team_won and s.round == 1


def test_scoring_counts_department_points_and_highest_wins():
    points = {"urban_planning": 9, "mobility": 1, "environment": 1}
    s = investing(new(), seat=0, coins=0, last_year=True, points=points)
    for seat in (0, 1, 2):
        s.apply(seat, "pass")
    out = s.outcome()
    assert out.scores[0] == s.department_score(0) and out.winners == (0,)


def test_scoring_ties_are_shared():
    s = new()
    nobody = [{**b, "people": 0} for b in full_housing(s)]  # population bonus 0
    s = investing(
        s, seat=0, coins=0, last_year=True, points={}, pollution=s.tables.top, city_map=nobody
    )  # clean air bonus 0
    for seat in (0, 1, 2):
        s.apply(seat, "pass")
    assert s.outcome().winners == (0, 1, 2)


def test_end_bonus_reads_the_departments_measure():
    s = again(new(), pollution=2)
    divisor = s.tables.departments[2].end_bonus.divisor
    assert s.department_score(2) == s.points[2] + (s.tables.top - 2) // divisor  # Environment: clean air


# ----------------------------------------------------------------- refusals
def test_refused_action_leaves_the_state_unchanged_and_says_why():
    s = investing(new(), seat=0)
    before = s.state_hash()
    with pytest.raises(IllegalAction) as err:
        s.apply(1, "pass")
    assert "may not act now" in str(err.value) and s.state_hash() == before


def test_must_draw_the_building_before_anything_else():
    s = investing(new(), seat=1, coins=10)
    pay(s, 1, "fund 2 1", 2)
    with pytest.raises(IllegalAction, match="first draw the Bus Stop you paid for"):
        s.apply(1, "pass")


def test_discussion_clock_running_out_makes_everyone_still_talking_pass():
    s = new(discussion_minutes=5)
    s.apply(0, "pass")
    assert s.clock_actions() == [Action("clock")]
    assert "clock" not in [str(a) for a in s.legal_actions(1)]  # the clock's, never a player's
    with pytest.raises(IllegalAction, match="clock"):
        s.apply(1, "clock")
    assert s.apply_clock("clock") == 1
    assert s.phase == "investing" and s.turn == s.first
    assert sum("passes: the discussion clock ran out" in line[2] for line in s.log) == 2
    assert sum("is done talking" in line[2] for line in s.log) == 1


def test_log_names_the_building_drawn():
    s = investing(new(), seat=1, coins=10)
    pay(s, 1, "fund 2 1", 2)
    corner = BUILD.read(s.legal_actions(1)[0]).cell
    s.apply(1, f"build {corner}")
    assert any("draws the Bus Stop on" in line[2] for line in s.log)


def test_action_descriptions_hold_before_and_after_the_action():
    s = new()
    s = investing(s, seat=0, coins=10, **solution_at(s, 1, "S-02", 1))
    s.apply(0, "invest 1")
    assert "on Solution card 1 (Mobility plan)" in s.describe(0, Action.parse("coins 1"))
    s.apply(0, "coins 1")  # fulfils and removes the card
    assert "puts 1 Coin on the space chosen" in s.describe(0, Action.parse("coins 1"))
    s = again(s, requests=[])
    assert "REQUEST card 1" in s.describe(1, Action.parse("request 1"))
