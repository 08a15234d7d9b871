"""Upgrade Effects and their loss, the box's piece counts, placement by Ring, card conservation."""

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.runner import next_seat
from loopcity.games.resourced.board import RING_CELLS

from .helpers import legal, load, position, strike, turn


def test_removed_upgrade_loses_its_effect():
    upgrades = {4: "shipping_container", 3: "shelter"}
    before = load(position(upgrades=upgrades))
    assert before.hand_limit() == 9 and before.trade_limit() == 5
    st = strike("vandalism", upgrades=upgrades)  # nobody holds the Metal to fix it: the only one goes
    assert st.upgrades[4] is None and st.hand_limit() == 7
    # no Event removes a Shelter; the Trade Limit counts the Shelters on the board
    assert load(position(upgrades={4: "shipping_container"})).trade_limit() == 3


def test_effects_stack_per_upgrade():
    st = turn(
        tiles={7: "social_housing", 8: "social_housing"},
        upgrades={c: "shipping_container" for c in (4, 7, 8)},
    )
    assert st.hand_limit() == 13


def test_no_craft_when_the_box_has_no_piece_left():
    st = turn(
        1, 0, tiles={c: "social_housing" for c in RING_CELLS[2][:8]}, hands={1: {"wood": 1, "metal": 1}}
    )
    assert st.count["social_housing"] == 9
    assert "craft social_housing" not in legal(st)


def test_tiles_go_in_the_current_ring_only():
    st = turn()
    assert set(st.placements("food_forest")) == set(RING_CELLS[2])
    st = turn(ring=3, tiles={7: "social_housing", 8: "social_housing"})
    assert set(st.placements("food_forest")) == set(RING_CELLS[3])


def test_hand_limit_applies_only_at_the_end_of_the_turn():
    st = turn(1, 1, hands={1: {"wood": 7}})
    st.apply(0, "gather")
    assert sum(st.hands[0]) == 9 and st.waste == []


def test_cards_are_conserved_in_random_playouts():
    game = load_game("resourced", players=4)
    for seed in range(3):
        st = game.new_state(seed)
        bots = [RandomBot(game, s, seed) for s in range(4)]
        while not st.is_terminal():
            st.check_invariants()
            s = next_seat(st)
            st.apply(s, bots[s].choose(st, s))
        for r in range(5):
            assert st.bank[r] + sum(h[r] for h in st.hands) + st.waste.count(r) == 16
