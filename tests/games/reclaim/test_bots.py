"""The heuristic bot: legal, deterministic, leaves the state alone, and loses together less often."""

from loopcity import load_game
from loopcity.bots import make_bot
from loopcity.engine import play
from loopcity.games.reclaim.board import MIXED, SEPARATED

from .helpers import again, table


def _play(game, bot, seed):
    st = game.new_state(seed)
    play(st, [make_bot(bot, game, s, seed) for s in range(4)])
    return st


def test_heuristic_does_not_change_the_state_and_is_deterministic():
    game = load_game("reclaim")
    st = game.new_state(3)
    bot = make_bot("heuristic", game, 0, 7)
    before = st.state_hash()
    a = bot.choose(st, 0)
    assert st.state_hash() == before
    assert make_bot("heuristic", game, 0, 7).choose(st, 0) == a
    assert _play(game, "heuristic", 4).state_hash() == _play(game, "heuristic", 4).state_hash()


def test_heuristic_tables_lose_together_less_often_than_random_ones():
    game = load_game("reclaim")
    heuristic = sum(not _play(game, "heuristic", s).outcome().team_won for s in range(8))
    random = sum(not _play(game, "random", s).outcome().team_won for s in range(8))
    assert heuristic < random


def test_whole_heuristic_game_keeps_invariants_views_and_copies():
    """Random tables rarely leave round 1, so the later rounds (growth, urbanizing, events, all four
    roles rotating) are checked here with the engine's own checks along a heuristic game."""
    from loopcity.engine import Rng
    from loopcity.engine.testing import check_actions_round_trip, check_copies, check_views

    game = load_game("reclaim")
    st = game.new_state(12)  # a seed whose city stands all four rounds and urbanizes a hexagon
    bots = [make_bot("heuristic", game, s, 12) for s in range(4)]
    rng = Rng(3)
    while not st.is_terminal():
        st.check_invariants()
        if st.step % 25 == 0:
            check_actions_round_trip(st)
            check_copies(st)
            check_views(st, rng)
        seat = st.active_seats()[0]
        st.apply(seat, bots[seat].choose(st, seat))
    assert st.round == 4
    check_views(st, rng)


def test_in_the_timer_variant_the_clock_rings_the_alarm_never_a_bot():
    game = load_game("reclaim", variant="timer")
    alone = game.new_state(2)
    play(alone, [make_bot("heuristic", game, s, 2) for s in range(4)], clocks=False)
    assert alone.round == 4 or alone.lost
    assert len(alone.events) == len(alone.content.events)  # no bot rang it
    st = _play(game, "heuristic", 2)  # the runner's clock rings every 30 moves (10 minutes)
    assert st.round == 4 or st.lost
    assert len(st.events) < len(st.content.events)


def test_search_position_value_counts_points_and_coins_still_to_spend():
    from loopcity.games.reclaim.stats import COINS_PER_POINT, position_value

    st = table("standard", seats={s: {"coins": 1000} for s in range(4)})
    level = [position_value(st, s) for s in range(4)]
    points = st.scores()
    leader = max(range(4), key=lambda s: points[s] + st.coins[s] / COINS_PER_POINT)
    assert level[leader] == 1.0 and all(0.0 <= v <= 1.0 for v in level)
    # a seat that spends 600 coins without a card to show for it falls behind by two points' worth
    other = (leader + 1) % 4
    before = position_value(st, other)
    poorer = again(st, seats={other: {"coins": 1000 - 2 * COINS_PER_POINT}})
    assert position_value(poorer, other) < before
    assert st.game.spec.evaluate is position_value


def test_search_position_value_weighs_the_risk_of_disease_from_waste_left_on_land():
    from loopcity.games.reclaim.stats import disease_risk, position_value

    st = table("standard")
    land = next(h for h, t in enumerate(st.terrain) if t == "urban")
    assert sum(st.disease) == 0 and not any(r[MIXED] or r[SEPARATED] for r in st.res)
    assert disease_risk(st) == 0.0
    st = again(
        st, hexagons={land: {"mixed_waste": 4}}
    )  # four rolls at 1/3 each: all four must turn to Disease
    assert abs(disease_risk(st) - (1 / 3) ** 4) < 1e-12
    st = again(st, hexagons={land: {"disease": 3}})  # one more Disease loses: 1 - (2/3)^4
    assert abs(disease_risk(st) - (1 - (2 / 3) ** 4)) < 1e-12
    assert all(-1.0 <= position_value(st, s) < 0.0 for s in range(4))
    st = again(st, hexagons={land: {"disease": 4}})
    assert disease_risk(st) == 1.0 and position_value(st, 0) == -1.0
