"""Gather, Craft and Operate."""

import pytest

from loopcity.engine import IllegalAction

from .helpers import RING3_OPEN, decide, hand, legal, turn


@pytest.mark.parametrize("cell,ring,amount", [(1, 1, 2), (8, 2, 3), (20, 3, 4)])
def test_gather_by_ring(cell, ring, amount):
    tiles = {} if cell == 1 else {cell: "food_forest"} | RING3_OPEN
    st = turn(1, cell, empty_hands=True, tiles=tiles, ring=3 if ring == 3 else 2)
    st.apply(0, "gather")
    assert hand(st, 0) == {"wood": amount}


def test_heat_haven_ring1_gives_two_water_three_with_a_shelter():
    st = turn(1, 3, empty_hands=True)
    st.apply(0, "gather")
    assert hand(st, 0) == {"water": 2}
    st = turn(2, 3, empty_hands=True, upgrades={3: "shelter"})
    st.apply(1, "gather")
    assert hand(st, 1) == {"water": 3}


def test_food_forest_in_ring3_gives_four_wood():
    st = turn(1, 20, empty_hands=True, ring=3, tiles={20: "food_forest"} | RING3_OPEN)
    st.apply(0, "gather")
    assert hand(st, 0) == {"wood": 4}


def test_social_housing_in_ring1_gives_two_metal():
    st = turn(1, 4, empty_hands=True)
    st.apply(0, "gather")
    assert hand(st, 0) == {"metal": 2}


def test_gather_takes_what_the_bank_has_left():
    st = turn(1, 1, empty_hands=True, hands={2: {"wood": 15}})
    st.apply(0, "gather")
    assert hand(st, 0) == {"wood": 1}


def test_bgcs_gathers_one_of_any_type_two_with_the_bus_stop():
    st = turn(1, 0, empty_hands=True)
    st.apply(0, "gather_any compost")
    assert hand(st, 0) == {"compost": 1} and st.phase == "move"
    st = turn(2, 0, empty_hands=True, upgrades={0: "bus_stop"})
    st.apply(1, "gather_any wood")
    assert st.phase == "any"
    st.apply(1, "gather_any metal")
    assert hand(st, 1) == {"wood": 1, "metal": 1}


def test_craft_only_at_bgcs():
    st = turn(1, 1, hands={1: {"wood": 2}})
    with pytest.raises(IllegalAction, match="only possible on the BGCS"):
        st.apply(0, "craft composter")


def test_craft_composter_costs_two_wood_used_to_the_bank():
    """One Community Garden: the only place is no question, the Composter goes there at once."""
    st = turn(1, 0, hands={1: {"wood": 2}})
    bank = st.bank[0]
    st.apply(0, "craft composter")
    assert st.upgrades[2] == "composter" and st.bank[0] == bank + 2 and st.waste == []
    assert st.phase == "move"


def test_craft_heat_haven_costs_one_compost_one_wood_placed_in_the_current_ring():
    st = turn(1, 0, hands={1: {"wood": 1, "compost": 1}})
    st.apply(0, "craft heat_haven")
    assert {int(a.split()[1]) for a in legal(st)} == set(range(7, 19))
    decide(st, "place 9")
    assert st.tiles[9] == "heat_haven" and hand(st, 0) == {}


def test_cannot_craft_without_the_cost():
    st = turn(1, 0, hands={1: {"wood": 1}})
    with pytest.raises(IllegalAction, match="cannot pay"):
        st.apply(0, "craft composter")


def test_upgrades_go_only_on_their_tile_type_one_per_tile():
    st = turn(upgrades={1: "irrigation_system"})
    assert st.placements("irrigation_system") == []
    assert st.placements("shipping_container") == [4]
    assert st.placements("bus_stop") == [0]


def test_craft_twice_when_the_movement_ended_on_bgcs():
    st = turn(1, 1, moves=1, hands={1: {"wood": 3, "metal": 2}})
    st.apply(0, "gather")
    st.apply(0, "move 0")
    st.apply(0, "craft composter")
    assert st.phase == "end" and "craft social_housing" in legal(st)
    st.apply(0, "craft social_housing")
    decide(st, "place 7")
    assert st.phase == "end" and not any(a.startswith("craft") for a in legal(st))


def test_the_first_action_at_bgcs_crafts_once():
    st = turn(1, 0, hands={1: {"wood": 4, "metal": 1}})
    st.apply(0, "craft composter")
    assert st.phase == "move"


def test_operate_composter_two_food_one_water_to_four_compost():
    st = turn(1, 2, upgrades={2: "composter"}, hands={1: {"food": 2, "water": 1}})
    st.apply(0, "operate")
    assert hand(st, 0) == {"compost": 4} and st.waste == []


def test_operate_irrigation_one_water_to_two_food():
    st = turn(1, 1, upgrades={1: "irrigation_system"}, hands={1: {"water": 1}})
    st.apply(0, "operate")
    assert hand(st, 0) == {"food": 2}


@pytest.mark.parametrize("cell,removed", [(5, 5), (16, 7), (33, 9)])
def test_recycler_removes_5_7_9_by_ring(cell, removed):
    st = turn(
        1,
        cell,
        ring=3,
        tiles={16: "recycler", 33: "recycler", 17: "food_forest"} | RING3_OPEN,
        waste=["wood"] * 6 + ["compost"] * 6,
        hands={1: {"wood": 1, "metal": 2, "compost": 1}},
    )
    st.apply(0, "operate")
    assert len(st.waste) == 12 - removed and st.waste[0] == (0 if removed < 6 else 2)


def test_recycler_costs_eight_in_ring2_and_twelve_in_ring3():
    t = turn().tables
    assert sum(t.craft_cost("recycler", 2)) == 8
    assert sum(t.craft_cost("recycler", 3)) == 12
    assert sum(t.recycler_operating) == 4
    assert sum(t.craft_cost("bus_stop", 2)) == 13


def test_bus_stop_shopping_center_gets_cards_then_wastes_as_many():
    st = turn(1, 0, upgrades={0: "bus_stop"}, empty_hands=True)
    st.apply(0, "operate")
    st.apply(0, "shop wood")
    st.apply(0, "shop food")
    st.apply(0, "shop_done")
    assert st.phase == "shop_waste"
    st.apply(0, "waste metal")
    st.apply(0, "waste metal")
    assert hand(st, 0) == {"wood": 1, "food": 1} and st.waste == [1, 1] and st.phase == "move"


def test_gather_is_unavailable_when_the_bank_is_out_of_that_resource():
    st = turn(1, 1, empty_hands=True, hands={2: {"wood": 16}})
    assert legal(st)[0] == "pass"


def test_the_tables_placement_is_logged_as_its_decision():
    """Crafting: "they are immediately placed on the game board on a specific Tile decided by the
    majority of the players": the table's vote and the placement are logged as its decisions."""
    st = turn(1, 0, hands={1: {"metal": 2}})
    st.apply(0, "craft social_housing")
    decide(st, "place 9")
    decisions = [text for _, k, text, _ in st.log if k == "decision"]
    assert decisions == ["The table agrees, 3 votes to 0.", "The Social Housing is placed on hex 9 (Ring 2)."]
