"""The turn: spin, Action, move, Action, hand limit; trading within the Trade Limit."""

import pytest

from loopcity.engine import IllegalAction

from .helpers import empty_hands, hand, legal, new_game, place, set_hand, start_turn


def test_a_turn_is_spin_action_move_action_then_end():
    st = new_game()
    empty_hands(st)
    st.queue = [("turn", 0), ("round_end",)]
    st.phase = "auto"
    st._advance()
    assert st.phase == "action" and st.spin in st.tables.spinner and st.action_no == 1
    st.apply(0, "gather_any wood")
    assert st.phase == "move"
    st.apply(0, "move 1")
    assert st.phase == "action" and st.action_no == 2
    st.apply(0, "gather")
    assert st.phase == "end"
    st.apply(0, "end_turn")
    assert st.round == 2


@pytest.mark.parametrize("spin,reach", [(3, {0, 1, 2, 3, 4, 5, 6}), (1, {0, 1, 2, 3, 4, 5, 6}), (0, {0})])
def test_move_up_to_the_spin_from_bgcs(spin, reach):
    st = start_turn(new_game(), 0, 0, moves=spin)
    st.phase = "move"
    assert {int(a.split()[1]) for a in legal(st) if a.startswith("move")} == reach


def test_move_examples_three_and_one_spun():
    st = new_game()
    for c, tile in ((8, "food_forest"), (20, "food_forest")):
        place(st, c, tile)
    st.ring = 3
    start_turn(st, 0, 0, moves=3)
    st.phase = "move"
    moves3 = {int(a.split()[1]) for a in legal(st) if a.startswith("move")}
    assert {0, 1, 8, 20} <= moves3  # 0, 1, 2 or 3 tiles
    start_turn(st, 0, 0, moves=1)
    st.phase = "move"
    moves1 = {int(a.split()[1]) for a in legal(st) if a.startswith("move")}
    assert 0 in moves1 and 1 in moves1 and 8 not in moves1


def test_movement_is_over_placed_tiles_only():
    st = new_game()
    place(st, 20, "food_forest")  # not connected: 8 (between) is empty
    start_turn(st, 0, 1, moves=3)
    st.phase = "move"
    assert "move 20" not in legal(st)


def test_bus_stop_adds_one_and_bushfire_smoke_takes_one_from_the_spin():
    st = new_game()
    st._put_upgrade(0, "bus_stop")
    st.smoke[1] = True
    st.draw_from = lambda items, what, seats=None: 2
    st.phase = "auto"
    st.queue = [("turn", 0)]
    st._advance()
    assert st.moves == 3
    st.phase = "auto"
    st.queue = [("turn", 1)]
    st._advance()
    assert st.moves == 2 and st.smoke[1] is False


def _discard_turn(cards, containers=0):
    st = new_game()
    for c in (4, 7, 8)[:containers]:
        if st.tiles[c] is None:
            place(st, c, "social_housing")
        st._put_upgrade(c, "shipping_container")
    start_turn(st, 0, 0)
    set_hand(st, 0, wood=cards)
    st.phase = "end"
    st._legal = {}
    st.apply(0, "end_turn")
    while st.phase == "discard":
        st.apply(0, "discard wood")
    return st


def test_hand_limit_example_1_seven_cards_nine_held_wastes_two():
    st = _discard_turn(9)
    assert st.waste == [0, 0]


def test_hand_limit_example_2_two_containers_limit_eleven_twelve_held_wastes_one():
    st = _discard_turn(12, containers=2)
    assert st.hand_limit() == 11 and st.waste == [0]


def test_an_action_must_be_taken_when_one_is_available():
    st = start_turn(new_game(), 0, 1)
    assert "pass" not in legal(st)
    with pytest.raises(IllegalAction, match="must be taken"):
        st.apply(0, "pass")


def test_recycler_without_its_cost_skips_the_action():
    st = new_game()
    empty_hands(st)
    start_turn(st, 0, 5)
    assert legal(st) == ["pass"]
    st.apply(0, "pass")
    assert st.phase == "move"


def test_recycler_only_once_per_player_per_turn():
    st = new_game()
    place(st, 16, "recycler")
    st.waste = []
    set_hand(st, 0, wood=4, metal=4)
    start_turn(st, 0, 5, moves=1)
    st.waste.append(0)
    st.bank[0] -= 1
    st.apply(0, "operate")
    st.apply(0, "move 16")
    assert "operate" not in legal(st)


@pytest.mark.parametrize("shelters,limit", [(0, 3), (2, 7)])
def test_trade_limit_examples(shelters, limit):
    st = new_game()
    for c in (3, 6)[:shelters]:
        st._put_upgrade(c, "shelter")
    assert st.trade_limit() == limit
    start_turn(st, 0, 0)
    set_hand(st, 1, wood=10)
    st._legal = {}
    for _ in range(limit):
        st.apply(0, "take 2 wood")
    assert not any(a.startswith(("take", "give")) for a in legal(st))
    with pytest.raises(IllegalAction, match="Trade Limit"):
        st.apply(0, "take 2 wood")


def test_trade_with_same_adjacent_or_chained_players_only():
    st = new_game()
    place(st, 8, "food_forest")
    place(st, 20, "food_forest")
    st.ring = 3
    st.pos = [0, 1, 8, 20]  # 0-1 adjacent, 1-8 adjacent, 8-20 adjacent: one chain
    start_turn(st, 0, 0)
    assert st.chain(0) == [1, 2, 3]
    st.pos[2] = 3  # the chain breaks between 1 and 20
    assert st.chain(0) == [1, 2]


def test_trade_with_one_other_player_per_turn():
    st = start_turn(new_game(), 0, 0)
    st.apply(0, "take 2 food")
    assert not any(a.startswith(("take 3", "give 3")) for a in legal(st))
    with pytest.raises(IllegalAction, match="1 other player"):
        st.apply(0, "take 3 food")
    st.apply(0, "give 2 water")
    assert hand(st, 0) == {"food": 2}


def test_trading_is_allowed_before_and_after_each_action_and_at_the_end():
    st = start_turn(new_game(), 0, 0)
    for phase in ("action", "move", "end"):
        st.phase = phase
        st._legal = {}
        assert "give 2 food" in legal(st)
