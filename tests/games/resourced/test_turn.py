"""The turn: spin, Action, move, Action, hand limit; trading within the Trade Limit."""

import pytest

from loopcity.engine import IllegalAction

from .helpers import RING3_OPEN, after_turn, agree, hand, legal, trade, turn


def test_a_turn_is_spin_action_move_action_then_end():
    st = after_turn(["turn 2", "round_end"], player=1, empty_hands=True)
    assert st.phase == "action" and st.spin in st.tables.spinner and st.action_no == 1
    assert st.turn_seat == 1
    st.apply(1, "gather_any wood")
    assert st.phase == "move"
    st.apply(1, "move 1")
    assert st.phase == "action" and st.action_no == 2
    st.apply(1, "gather")
    assert st.phase == "end"
    st.apply(1, "end_turn")
    assert st.round == 2


def _moves(st):
    return {int(a.split()[1]) for a in legal(st) if a.startswith("move")}


@pytest.mark.parametrize("spin,reach", [(3, {0, 1, 2, 3, 4, 5, 6}), (1, {0, 1, 2, 3, 4, 5, 6}), (0, {0})])
def test_move_up_to_the_spin_from_bgcs(spin, reach):
    st = turn(1, 0, moves=spin, phase="move")
    assert _moves(st) == reach


def test_move_examples_three_and_one_spun():
    board = {"tiles": {8: "food_forest", 20: "food_forest"} | RING3_OPEN, "ring": 3, "phase": "move"}
    moves3 = _moves(turn(1, 0, moves=3, **board))
    assert {0, 1, 8, 20} <= moves3  # 0, 1, 2 or 3 tiles
    moves1 = _moves(turn(1, 0, moves=1, **board))
    assert 0 in moves1 and 1 in moves1 and 8 not in moves1


def test_movement_is_over_placed_tiles_only():
    # not connected: 8 (between) is empty
    st = turn(1, 1, moves=3, phase="move", ring=3, tiles={20: "food_forest"} | RING3_OPEN)
    assert "move 20" not in legal(st)


def test_the_moves_follow_the_board_when_asked_again():
    """The moves are kept by the start, the steps and the board's tiles: from the same cell with the
    same spin, a tile placed in between opens the way."""
    st = turn(1, 1, moves=3, phase="move", ring=3, tiles={20: "food_forest"} | RING3_OPEN)
    assert "move 20" not in legal(st)
    st = turn(1, 1, moves=3, phase="move", ring=3, tiles={8: "food_forest", 20: "food_forest"} | RING3_OPEN)
    assert "move 8" in legal(st) and "move 20" in legal(st)
    st = turn(1, 1, moves=3, phase="move", ring=3, tiles={20: "food_forest"} | RING3_OPEN)
    assert "move 20" not in legal(st)


def test_bus_stop_adds_one_and_bushfire_smoke_takes_one_from_the_spin():
    # seed 14: both spins below are 2
    st = after_turn(
        ["turn 2", "turn 3", "round_end"], player=1, seed=14, upgrades={0: "bus_stop"}, smoke=(3,)
    )
    assert st.spin == 2 and st.moves == 3
    for action in (
        "gather_any wood",
        "gather_any wood",
        "move 0",
        "gather_any wood",
        "gather_any wood",
        "end_turn",
    ):
        st.apply(1, action)
    assert st.turn_seat == 2 and st.spin == 2
    assert st.moves == 2 and st.smoke[2] is False


def _discard_turn(cards, containers=0):
    tiles = {7: "social_housing", 8: "social_housing"}
    st = turn(
        1,
        0,
        tiles=tiles,
        upgrades={c: "shipping_container" for c in (4, 7, 8)[:containers]},
        hands={1: {"wood": cards}},
        phase="end",
        turn={"player": 1, "action": 2},
    )
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
    st = turn(1, 1)
    assert "pass" not in legal(st)
    with pytest.raises(IllegalAction, match="must be taken"):
        st.apply(0, "pass")


def test_recycler_without_its_cost_skips_the_action():
    st = turn(1, 5, empty_hands=True)
    assert legal(st) == ["pass"]
    st.apply(0, "pass")
    assert st.phase == "move"


def test_recycler_only_once_per_player_per_turn():
    st = turn(
        1,
        5,
        moves=1,
        tiles={16: "recycler"},
        waste=["wood"],
        hands={1: {"wood": 2, "metal": 4, "compost": 2}},
    )
    st.apply(0, "operate")
    st.apply(0, "move 16")
    assert "operate" not in legal(st)


@pytest.mark.parametrize("shelters,limit", [(0, 3), (2, 7)])
def test_trade_limit_examples(shelters, limit):
    st = turn(1, 0, upgrades={c: "shelter" for c in (3, 6)[:shelters]}, hands={2: {"wood": 10}})
    assert st.trade_limit() == limit
    for _ in range(limit):
        st.apply(0, "take 2 wood")
    assert not any(a.startswith(("take", "give")) for a in legal(st))
    with pytest.raises(IllegalAction, match="Trade Limit"):
        st.apply(0, "take 2 wood")
    st.apply(0, "offer_trade")
    agree(st)
    assert hand(st, 0)["wood"] == limit and st.traded == limit
    assert not any(a.startswith(("take", "give")) for a in legal(st))


def test_trade_with_same_adjacent_or_chained_players_only():
    board = {"ring": 3, "tiles": {8: "food_forest", 20: "food_forest"} | RING3_OPEN}
    st = turn(1, 0, on={2: 1, 3: 8, 4: 20}, **board)  # 0-1 adjacent, 1-8 adjacent, 8-20 adjacent: one chain
    assert st.chain(0) == [1, 2, 3]
    st = turn(1, 0, on={2: 1, 3: 3, 4: 20}, **board)  # the chain breaks between 1 and 20
    assert st.chain(0) == [1, 2]


def test_the_chain_follows_the_players_when_asked_again():
    """The chains are kept by the players' cells: asked again after a move, or after a caller
    changed the list it was given, the answer is the chain of the cells now."""
    board = {"ring": 3, "tiles": {8: "food_forest", 20: "food_forest"} | RING3_OPEN}
    st = turn(1, 0, on={2: 1, 3: 8, 4: 20}, **board)
    given = st.chain(0)
    given.clear()
    assert st.chain(0) == [1, 2, 3]
    st.pos[2] = 3  # the third player steps off the chain's middle: it breaks before the fourth
    assert st.chain(0) == [1, 2]
    st.pos[2] = 8
    assert st.chain(0) == [1, 2, 3]


def test_trade_with_one_other_player_per_turn():
    st = turn(1, 0)
    trade(st, "take 2 food")
    assert not any(a.startswith(("take 3", "give 3")) for a in legal(st))
    with pytest.raises(IllegalAction, match="1 other player"):
        st.apply(0, "take 3 food")
    trade(st, "give 2 water")
    assert hand(st, 0) == {"food": 2}


def test_a_trade_is_offered_and_the_partner_accepts():
    """Trading is "with 1 other player": the player whose turn it is puts the trade together and
    offers it; only the partner's acceptance moves the cards."""
    st = turn(1, 0, hands={1: {"wood": 2}, 2: {"metal": 3}})
    st.apply(0, "give 2 wood")
    st.apply(0, "take 2 metal")
    st.apply(0, "take 2 metal")
    assert st.phase == "trade" and hand(st, 1) == {"metal": 3}  # nothing moves yet
    st.apply(0, "offer_trade")
    assert st.phase == "vote" and st.active_seats() == (1,)
    assert [st.label(1, a).text for a in st.legal_actions(1)] == [
        "Accept: Seat 1 offers Seat 2 a trade: Seat 1 gives 1 Wood for 2 Metal",
        "Decline: Seat 1 offers Seat 2 a trade: Seat 1 gives 1 Wood for 2 Metal",
    ]
    with pytest.raises(IllegalAction, match="may not act now"):
        st.apply(0, "vote yes")  # the player whose turn it is cannot answer for the partner
    st.apply(1, "vote yes")
    assert hand(st, 0) == {"wood": 1, "metal": 2} and hand(st, 1) == {"wood": 1, "metal": 1}
    assert st.phase == "action" and st.traded == 3 and st.partner == 1


def test_a_declined_trade_moves_nothing_and_is_not_offered_again():
    st = turn(1, 0, hands={2: {"metal": 3}})
    trade(st, "take 2 metal", answer="no")
    assert hand(st, 1) == {"metal": 3} and st.traded == 0 and st.partner == -1
    assert st.phase == "action" and "take 3 food" in legal(st)  # another partner may still be asked
    st.apply(0, "take 2 metal")
    assert "offer_trade" not in legal(st)
    with pytest.raises(IllegalAction, match="declined this very trade"):
        st.apply(0, "offer_trade")
    st.apply(0, "take 2 metal")  # a different trade may be offered
    assert "offer_trade" in legal(st)
    st.apply(0, "withdraw")
    assert st.phase == "action" and st.deal is None


def test_a_trade_put_aside_is_not_put_aside_again_but_may_still_be_offered():
    """Putting the same trade aside twice in a turn would change nothing: it is refused, and the
    player offers that trade or changes it (a different one may be put aside)."""
    st = turn(1, 0, hands={2: {"metal": 3}})
    st.apply(0, "take 2 metal")
    assert st.prompt(0).endswith("offer it, add cards, or put it aside.")
    st.apply(0, "withdraw")
    assert st.phase == "action" and st.deal is None and hand(st, 0) == {"food": 1, "water": 1}
    st.apply(0, "take 2 metal")  # the same trade, put together again
    assert "withdraw" not in legal(st) and "offer_trade" in legal(st)
    assert st.prompt(0).endswith("offer it or add cards.")  # the prompt says only what may be done
    with pytest.raises(IllegalAction, match="put this very trade aside already"):
        st.apply(0, "withdraw")
    st.apply(0, "take 2 metal")  # changed: this one may be put aside
    assert "withdraw" in legal(st)
    st.apply(0, "withdraw")
    st.apply(0, "take 2 metal")
    st.apply(0, "offer_trade")  # a trade put aside may still be offered
    agree(st, "yes")
    assert hand(st, 0) == {"food": 1, "water": 1, "metal": 1} and st.traded == 1


def test_a_trade_declined_and_put_aside_is_only_a_step_to_another():
    """A trade declined and then put aside is not put together again unless a card can still change
    it; with no such card left, the first card is not offered."""
    st = turn(1, 0, hands={1: {}, 2: {"metal": 1}, 3: {}, 4: {}})
    trade(st, "take 2 metal", answer="no")
    st.apply(0, "take 2 metal")
    assert "offer_trade" not in legal(st) and "withdraw" in legal(st)
    assert "change it or put it aside" in st.prompt(0)
    st.apply(0, "withdraw")
    assert "take 2 metal" not in legal(st)
    with pytest.raises(IllegalAction, match="declined and put aside this turn"):
        st.apply(0, "take 2 metal")
    st = turn(1, 0, hands={1: {"wood": 1}, 2: {"metal": 1}, 3: {}, 4: {}})
    trade(st, "take 2 metal", answer="no")
    st.apply(0, "take 2 metal")
    st.apply(0, "withdraw")
    st.apply(0, "take 2 metal")  # on the way to another trade: giving the Wood changes it
    assert legal(st) == ["give 2 wood"]
    st.apply(0, "give 2 wood")
    assert "offer_trade" in legal(st) and "withdraw" in legal(st)


def test_a_seat_that_keeps_putting_trades_aside_runs_out_of_them():
    """However a seat puts trades together and aside, the turn's trading comes to an end: a learner
    that prefers putting a trade aside is no longer caught in a loop of the same two moves."""
    st = turn(1, 0, hands={1: {"wood": 2, "food": 1}, 2: {"metal": 2}, 3: {"water": 1}})
    steps = 0
    while True:
        acts = legal(st, 0)
        if "withdraw" in acts:
            choice = "withdraw"
        else:
            cards = [a for a in acts if a.startswith(("give", "take"))]
            if not cards:
                break
            choice = cards[0]
        st.apply(0, choice)
        steps += 1
        assert steps < 100
    # three trades put aside, each once; the fourth, full to the Trade Limit, can only be offered
    assert len(st.put_aside) == len({str(t) for t in st.put_aside}) == 3
    assert legal(st, 0) == ["offer_trade"] and steps == 12


@pytest.mark.parametrize("phase,action", [("action", 1), ("move", 1), ("end", 2)])
def test_trading_is_allowed_before_and_after_each_action_and_at_the_end(phase, action):
    st = turn(1, 0, phase=phase, turn={"player": 1, "spin": 2, "moves": 2, "action": action})
    assert "give 2 food" in legal(st)


def test_on_a_recycler_with_no_waste_to_remove_the_action_is_skipped():
    """Action: "If the player is on the Recycler during their turn when taking an Action but does
    not have the required Resources to Operate it, they cannot take an Action." A Recycler is
    Operated "to remove Waste from the Waste Pile" (Overview 10): with an empty Waste Pile it has
    nothing to remove, so no Action is available there either, and the player moves on; nobody
    pays the operating cost for nothing."""
    st = turn(1, 5, hands={1: {"wood": 1, "metal": 2, "compost": 1}})
    assert st.waste == [] and legal(st)[0] == "pass" and "operate" not in legal(st)
    with pytest.raises(IllegalAction, match="Waste Pile is empty"):
        st.apply(0, "operate")
    st.apply(0, "pass")
    assert st.phase == "move" and hand(st, 0) == {"wood": 1, "metal": 2, "compost": 1}
    st = turn(1, 5, hands={1: {"wood": 1, "metal": 2, "compost": 1}}, waste=["food"])
    assert legal(st)[0] == "operate" and "pass" not in legal(st)
