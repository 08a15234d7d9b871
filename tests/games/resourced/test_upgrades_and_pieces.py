"""Upgrade Effects and their loss, the box's piece counts, placement by Ring, card conservation."""

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.runner import next_seat
from loopcity.games.resourced.board import RING_CELLS

from .helpers import legal, new_game, place, set_hand, start_turn


def test_removed_upgrade_loses_its_effect():
    st = new_game()
    st._put_upgrade(4, "shipping_container")
    st._put_upgrade(3, "shelter")
    assert st.hand_limit() == 9 and st.trade_limit() == 5
    st._remove_upgrade(4)
    st._remove_upgrade(3)
    assert st.hand_limit() == 7 and st.trade_limit() == 3


def test_effects_stack_per_upgrade():
    st = new_game()
    for c in (7, 8):
        place(st, c, "social_housing", "shipping_container")
    st._put_upgrade(4, "shipping_container")
    assert st.hand_limit() == 13


def test_no_craft_when_the_box_has_no_piece_left():
    st = new_game()
    for c in RING_CELLS[2][:8]:
        place(st, c, "social_housing")
    assert st.count["social_housing"] == 9
    set_hand(st, 0, wood=1, metal=1)
    start_turn(st, 0, 0)
    assert "craft social_housing" not in legal(st)


def test_tiles_go_in_the_current_ring_only():
    st = new_game()
    assert set(st.placements("food_forest")) == set(RING_CELLS[2])
    st.ring = 3
    assert set(st.placements("food_forest")) == set(RING_CELLS[3])


def test_hand_limit_applies_only_at_the_end_of_the_turn():
    st = new_game()
    set_hand(st, 0, wood=7)
    start_turn(st, 0, 1)
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
