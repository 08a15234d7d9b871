"""Board, pieces, setup and the definitions of Use, Waste and Recycle."""

import pytest

from loopcity import load_game
from loopcity.engine import IllegalAction
from loopcity.games.resourced.board import ADJACENT, RING, RING_CELLS

from .helpers import decide, hand, legal, load, position, turn


def new_game(players: int = 4, seed: int = 1):
    """A game just after Setup (a Heat Haven in the last spot of Ring 1): Round 1's Upkeep waits."""
    st = load_game("resourced", players=players).new_state(seed)
    decide(st, "choose_sixth heat_haven")
    return st


def test_board_is_bgcs_and_rings_of_6_12_18():
    assert [len(RING_CELLS[k]) for k in range(4)] == [1, 6, 12, 18]
    assert RING[0] == 0 and all(RING[c] == 1 for c in RING_CELLS[1])
    assert ADJACENT[0] == frozenset(RING_CELLS[1])


def test_setup_places_ring1_and_offers_the_sixth_tile_choice():
    st = load_game("resourced", players=3).new_state(5)
    assert st.phase == "setup" and st.active_seats() == (0,)
    assert sorted(legal(st)) == [
        "choose_sixth community_garden",
        "choose_sixth food_forest",
        "choose_sixth heat_haven",
    ]
    assert [st.tiles[c] for c in RING_CELLS[1][:5]] == [
        "food_forest",
        "community_garden",
        "heat_haven",
        "social_housing",
        "recycler",
    ]
    decide(st, "choose_sixth food_forest")
    assert st.tiles[RING_CELLS[1][5]] == "food_forest"
    assert all(st.tiles[c] is None for c in RING_CELLS[2] + RING_CELLS[3])


@pytest.mark.parametrize("players", [3, 4])
def test_every_player_starts_on_bgcs_with_one_food_and_one_water(players):
    st = new_game(players)
    assert st.pos == [0] * players
    assert all(hand(st, s) == {"food": 1, "water": 1} for s in range(players))
    assert st.bank == [16, 16, 16, 16 - players, 16 - players]


def test_only_three_or_four_players():
    with pytest.raises(Exception, match="3-4 players"):
        load_game("resourced", players=2)


def test_round_one_begins_and_seat_one_is_first():
    st = new_game()
    assert st.round == 1
    assert st.position().still_to_come[4:8] == ["turn 1", "turn 2", "turn 3", "turn 4"]


def test_use_returns_cards_to_the_bank():
    st = turn(1, 0, hands={1: {"wood": 2}})
    bank = st.bank[0]
    st.apply(0, "craft composter")  # its 2 Wood are Used
    assert st.bank[0] == bank + 2 and st.waste == []


def _supply(**kw):
    """The Upkeep's Food and Water for Ring 1's Social Housing, sourced by players 1 and 2."""
    st = load(
        position(
            phase="supply",
            decision={"resource": "food", "left": 1},
            still_to_come=["supply water", "round_end"],
            **kw,
        )
    )
    st.apply(0, "supply 1")
    st.apply(1, "supply 2")
    return st


def test_food_and_water_are_wasted_instead_of_used_before_a_composter():
    st = _supply()
    assert st.waste == [3, 4]


def test_food_and_water_are_used_once_a_composter_is_built():
    bank = load(position(upgrades={2: "composter"})).bank
    st = _supply(upgrades={2: "composter"})
    assert st.waste == [] and st.bank[3] == bank[3] + 1


def test_recycle_returns_cards_from_the_bottom_of_the_waste_pile():
    # the Ring 1 Recycler removes 5 of the 7 cards
    waste = ["wood", "metal", "compost", "food", "water", "food", "water"]
    st = turn(1, 5, waste=waste, hands={1: {"wood": 1, "metal": 2, "compost": 1}})
    st.apply(0, "operate")
    assert st.waste == [3, 4]


def test_refused_action_leaves_the_state_unchanged_and_says_why():
    st = new_game()
    before = st.state_hash()
    with pytest.raises(IllegalAction, match="may not act now"):
        st.apply(2, "waste wood")
    assert st.state_hash() == before
    assert st.state_hash() == before
