"""Plant, Grow, Harvest, Compost, Water Catchments and exchanging harvests (Instruction Card, back)."""

import pytest

from loopcity.engine import IllegalAction

from .helpers import fresh, point, set_board

RING = ["┌┐", "└┘"]
P = point(1, 1)


def farm_state(powers=("cyclist", "builder"), rows=RING, pos=0):
    s = fresh(powers=list(powers))
    set_board(s, rows)
    s.pos = [pos, 35]
    quiet_deck(s)
    return s


def quiet_deck(s, n=30):
    """A draw deck of plain road tiles, so that no Crisis or Huat tile interferes."""
    s.deck = ["straight"] * n
    s.sections = [n, 0, 0, 0]
    s._legal = {}


def next_turn_same_player(s, seat=0):
    """Hand the turn round the table back to ``seat`` (ending turns, discarding when asked)."""
    while True:
        s.apply(s.turn, "end") if s.phase == "act" else s.apply(s.turn, "discard 0")
        if s.turn == seat and s.phase == "act":
            return


@pytest.mark.parametrize(
    "crop,cost,tokens,res,amount",
    [
        ("sugarcane", {"food": 2, "water": 3}, 3, "fuel", 5),
        ("sweetpotato", {"food": 2, "water": 2}, 4, "food", 6),
    ],
)
def test_crop_costs_tokens_and_yields(crop, cost, tokens, res, amount):
    s = farm_state()
    before = dict(s.avail)
    s.apply(0, f"plant {P} {crop}")
    for r in ("fuel", "food", "water"):
        assert before[r] - s.avail[r] == cost.get(r, 0)
    assert s.tokens[P] == 1
    for _ in range(tokens - 1):
        assert not any(a.kind == "harvest" for a in s.legal_actions(0))
        next_turn_same_player(s)
        s.apply(0, f"grow {P}")
    next_turn_same_player(s)
    s.apply(0, f"harvest {P}")
    assert s.baskets[0] == [(crop, tokens, 0)]
    assert P in s.compost  # Sugar Cane and Sweet Potato leave a Compost token
    s.pos[0] = 1
    s._legal = {}
    with pytest.raises(IllegalAction, match="Community Centre"):
        s.apply(0, f"exchange {crop}")
    s.grid_kind[0] = "centre"
    s.pos[0] = 0
    s._legal = {}
    before_avail, before_used = s.avail[res], s.used[res]
    s.apply(0, f"exchange {crop}")
    got = min(amount, before_used)
    assert s.avail[res] == before_avail + got and s.used[res] == before_used - got
    assert s.supply[crop] == 10


def test_water_catchment_cost_yield_and_it_stays():
    s = farm_state(rows=["┌┐G", "└┘"])  # the Green Space beside the loop makes the Plot a Catchment site
    before = dict(s.avail)
    s.apply(0, f"plant {P} catchment")
    assert (before["fuel"] - s.avail["fuel"], before["food"] - s.avail["food"]) == (1, 2)
    assert s.supply["catchment"] == 4 and s.supply["rainwater"] == 9
    next_turn_same_player(s)
    s.apply(0, f"grow {P}")
    next_turn_same_player(s)
    s.apply(0, f"harvest {P}")
    assert s.crop[P] == "catchment" and s.tokens[P] == 0  # the Catchment stays for the next rain
    assert s.baskets[0] == [("catchment", 2, 0)]
    s.used["water"] += 10
    s.avail["water"] -= 10
    s.grid_kind[0] = "centre"
    s._legal = {}
    w = s.avail["water"]
    s.apply(0, "exchange catchment")
    assert s.avail["water"] == w + 4


def test_compost_only_for_sugar_cane_and_sweet_potato_a_catchment_harvest_leaves_it_on_the_plot():
    """The rulebook: Compost tokens act as a free Crop token "for Sugar Cane and Sweet Potato only"; a Compost token
    on a Water Catchment's Plot is no crop token, so harvesting the rainwater leaves it where it is."""
    s = farm_state(rows=["┌┐G", "└┘"])
    s.compost.add(P)
    s.supply["compost"] -= 1
    s.apply(0, f"plant {P} catchment")
    next_turn_same_player(s)
    s.apply(0, f"grow {P}")
    next_turn_same_player(s)
    s.apply(0, f"harvest {P}")
    assert s.baskets[0] == [("catchment", 2, 0)]
    assert P in s.compost and s.supply["compost"] + len(s.compost) == 8  # no token lost


def test_water_catchment_must_be_next_to_a_green_space():
    s = farm_state(rows=["┌┐││││", "└┘││││"] + ["││││││"] * 4)
    assert f"plant {P} catchment" not in {str(a) for a in s.legal_actions(0)}
    with pytest.raises(IllegalAction, match="Green Space"):
        s.apply(0, f"plant {P} catchment")


def test_at_most_five_catchments_per_green_space():
    from loopcity.games.resourcity.board import GREEN_PLOT

    s = farm_state(rows=["││││││", "││││││", "││G│││", "││││││", "││││││", "││││││"])
    assert s.near_green(point(1, 2))  # a corner of the tile beside the Green Space is "next to" it
    assert not s.near_green(point(1, 1))
    for p in (point(2, 2), point(2, 3), point(3, 2), point(3, 3)):
        s.crop[p], s.tokens[p] = "catchment", 0
    assert s.near_green(point(1, 2))
    s.crop[GREEN_PLOT + 14], s.tokens[GREEN_PLOT + 14] = "catchment", 0
    assert not s.near_green(point(1, 2))  # its 5 Catchments are built


def test_compost_is_a_free_token():
    s = farm_state()
    s.compost.add(P)
    s.supply["compost"] -= 1
    s.apply(0, f"plant {P} sugarcane")
    next_turn_same_player(s)
    s.apply(0, f"grow {P}")
    next_turn_same_player(s)
    assert f"harvest {P}" in {str(a) for a in s.legal_actions(0)}  # 2 Sugar Cane + 1 Compost
    s.apply(0, f"harvest {P}")
    assert s.baskets[0] == [("sugarcane", 2, 1)]
    assert P in s.compost  # a fresh Compost token goes back on the Plot


def test_one_farming_action_per_plot_per_turn():
    s = farm_state()
    s.apply(0, f"plant {P} sweetpotato")
    assert not any(a.kind == "grow" for a in s.legal_actions(0))
    with pytest.raises(IllegalAction, match="1 farming Action per Plot"):
        s.apply(0, f"grow {P}")


def test_no_grow_and_harvest_of_one_plot_in_a_turn_except_the_farmer():
    for power, allowed in (("cyclist", False), ("farmer", True)):
        s = farm_state(powers=(power, "builder"))
        s.crop[P], s.tokens[P] = "sugarcane", 2
        s.supply["sugarcane"] -= 2
        s._legal = {}
        s.apply(0, f"grow {P}")
        assert (f"harvest {P}" in {str(a) for a in s.legal_actions(0)}) is allowed
        if allowed:
            left = s.actions_left
            s.apply(0, f"harvest {P}")
            assert s.actions_left == left - 1  # still 2 Actions


def test_must_harvest_a_ready_plot_before_growing_more():
    s = farm_state()
    s.crop[P], s.tokens[P] = "sugarcane", 3
    s.supply["sugarcane"] -= 3
    s._legal = {}
    with pytest.raises(IllegalAction, match="ready"):
        s.apply(0, f"grow {P}")


def test_must_be_next_to_the_plot():
    s = farm_state(pos=2)
    assert not any(a.kind == "plant" for a in s.legal_actions(0))
    with pytest.raises(IllegalAction, match="next to"):
        s.apply(0, f"plant {P} sweetpotato")


def test_planting_needs_the_resources():
    s = farm_state()
    s.used["water"] += s.avail["water"] - 2
    s.avail["water"] = 2
    s._legal = {}
    legal = {str(a) for a in s.legal_actions(0)}
    assert f"plant {P} sweetpotato" in legal and f"plant {P} sugarcane" not in legal


def test_crop_tokens_run_out():
    s = farm_state()
    s.supply["sweetpotato"] = 0
    s._legal = {}
    assert f"plant {P} sweetpotato" not in {str(a) for a in s.legal_actions(0)}


def test_exchange_gives_only_what_the_used_pile_holds():
    s = farm_state(rows=["C┐", "└┘"])
    s.baskets[0] = [("sweetpotato", 4, 0)]
    s.supply["sweetpotato"] -= 4
    s.used["food"] = 2
    s.avail["food"] = s.content.start.food - 2
    s._legal = {}
    s.apply(0, "exchange sweetpotato")
    assert s.avail["food"] == s.content.start.food and s.used["food"] == 0


def test_a_plot_grows_one_crop_type():
    s = farm_state()
    s.apply(0, f"plant {P} sweetpotato")
    next_turn_same_player(s)
    assert not any(a.kind == "plant" for a in s.legal_actions(0))
    with pytest.raises(IllegalAction, match="1 crop type per Plot"):
        s.apply(0, f"plant {P} sugarcane")


def test_no_size_limit_to_a_farm():
    s = farm_state(rows=["┌────┐", "│....│", "│....│", "│....│", "│....│", "└────┘"])
    assert s.farm_count() == 1
    assert sum(1 for f in s.farm if f >= 0) == 25 + 16  # every inner corner, and 16 Green Space centres
