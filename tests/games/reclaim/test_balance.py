"""RECLAIM's balance (docs/games/reclaim.md, "Balance targets"): the lake keeps the rulebook's
"Dump it in a Water hexagon" a choice careful tables make, no table is lost by the level 0 plant's die
alone in round 1, and careful players weigh dumping against the Disease the Waste left on land risks."""

from loopcity import load_game
from loopcity.bots import make_bot
from loopcity.engine import play
from loopcity.games.reclaim import balance
from loopcity.games.reclaim.board import MIXED
from loopcity.games.reclaim.heuristic import dump_room
from loopcity.games.reclaim.transport import water_room

from .helpers import table


def politics_table(**fields):
    """A table at the Joint Political decisions, after the Contractor's turn."""
    return table(phase="politics", turn="contractor", plays="farming", **fields)


def _water(st):
    return [h for h, t in enumerate(st.terrain) if t == "water"]


def test_the_level_0_plants_die_alone_cannot_pollute_all_the_water_in_round_1():
    # "The Water is fully polluted (4 Waste units in all the Water hexagons)": the level 0 plant takes
    # at most 4 Waste a round, so a lake of one Water hexagon could be lost to four failed rolls
    st = load_game("reclaim").new_state(0)
    level_0 = next(p for p in st.content.plants if p.level == 0)
    assert len(_water(st)) >= 2
    assert water_room(st) > level_0.capacity


def test_a_careful_table_dumps_residual_waste_while_the_lake_has_room():
    st = politics_table(round=2, city_budget=1000, cost_cards={"dump": 50}, hexagons={8: {"mixed_waste": 3}})
    assert dump_room(st) == 8 - (2 + 2)  # room kept for the die and the Events of rounds 3 and 4
    bot = make_bot("heuristic", st.game, 0, 0)
    assert str(bot.choose(st, 0)) == "propose dump 8"
    st.apply(0, "propose dump 8")
    assert str(bot.choose(st, 0)) == "units 3"
    st.apply(0, "units 3")
    for seat in (1, 2):
        st.apply(seat, make_bot("heuristic", st.game, seat, 0).choose(st, seat))
    assert st.ballot is None and st.res[8][MIXED] == 0 and 8 - water_room(st) == 3


def test_with_the_lake_nearly_full_a_careful_table_leaves_the_waste():
    lake = _water(load_game("reclaim").new_state(0))
    st = politics_table(
        round=2,
        city_budget=1000,
        cost_cards={"dump": 50},
        hexagons={8: {"mixed_waste": 2}, lake[0]: {"mixed_waste": 4}},
    )
    assert water_room(st) == 4 and dump_room(st) == 0
    assert str(make_bot("heuristic", st.game, 0, 0).choose(st, 0)) == "done"


def test_when_the_waste_left_risks_the_disease_limit_a_careful_table_dumps_all_but_the_last_room():
    lake = _water(load_game("reclaim").new_state(0))
    # 2 Disease that the City budget cannot vaccinate, 3 Waste on land: 2 more Disease at Disease
    # control (a chance of 7 in 27) would lose the game
    st = politics_table(
        round=2,
        city_budget=100,
        cost_cards={"dump": 0, "vaccination": 400},
        hexagons={
            8: {"mixed_waste": 3, "disease": 2},
            lake[0]: {"mixed_waste": 4},
            lake[1]: {"mixed_waste": 1},
        },
    )
    assert water_room(st) == 3 and dump_room(st) == 2
    st.apply(1, "propose dump 8")
    st.apply(1, "units 2")
    assert [str(make_bot("heuristic", st.game, s, 0).choose(st, s)) for s in (0, 2)] == ["vote yes"] * 2


def test_careful_tables_adopt_dump_decisions_and_none_is_lost_in_round_1():
    figures = balance.run(30, ("heuristic",), seed=0)
    assert figures["games"] == 30
    assert figures["games_with_dump_adopted"]["count"] >= 6  # one game in five at least
    assert figures["dump_decisions_adopted"] >= figures["games_with_dump_adopted"]["count"]
    assert figures["units_dumped"] == figures["water_waste_by_source"]["dump"]
    assert figures["lost_in_round_1"]["count"] == 0
    assert 0 < figures["team_win"]["count"] < 30


def test_the_figures_name_where_the_waters_waste_came_from():
    game = load_game("reclaim")
    game.tongues = ()
    one = balance.play_figures(game, 5, ["heuristic"])
    st = game.new_state(5)
    play(st, [make_bot("heuristic", game, s, 5) for s in range(4)])
    assert sum(one.water.values()) - 2 * one.water["cleaned"] == balance.water_waste(st)
    assert set(one.water) <= {"die", "dump", "runoff", "event", "cleaned"}


def test_the_figures_use_the_seeds_and_intervals_of_loopcity_simulate():
    from loopcity.sim.core import game_seed, wilson_interval

    assert [balance.game_seed(7, i) for i in range(5)] == [game_seed(7, i) for i in range(5)]
    for k, n in ((0, 30), (7, 30), (778, 1000), (1000, 1000)):
        assert balance.wilson_interval(k, n) == wilson_interval(k, n)
