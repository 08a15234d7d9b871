"""The rulebook's Example Round and Example Turn (their pictures are lost; the text is followed)."""

from loopcity.games.resourced.board import ADJACENT

from .helpers import after_turn, chance, hand, trade, turn


def test_example_round():
    # 1. Round begins: 2 Social Housing, a Composter and a Shipping Container; there is 1 Waste.
    # (The last turn of the Round before ends; seed 21 draws a Bad Event, Vandalism.)
    st = after_turn(
        ["round_end"],
        seed=21,
        tiles={7: "social_housing"},
        upgrades={2: "composter", 4: "shipping_container"},
        empty_hands=True,
        hands={1: {"food": 2}, 2: {"water": 2}},
        waste=["compost"],
    )
    assert st.round == 2
    # 2. Social Housing Upkeep: the Waste increases by 4 (2 Social Housing), each player in turn
    # choosing a card's type (Round 2: player 2 first).
    for seat in (1, 2, 3, 0):
        st.apply(seat, "waste wood")
    assert len(st.waste) == 5
    for seat in (0, 0, 1, 1):  # player 1 holds the Food, player 2 the Water
        st.apply(seat, f"supply {seat + 1}")
    assert len(st.waste) == 5  # Food and Water Used: a Composter is built
    # 3. Vandalism: the players have no Metal to fix it, so the Shipping Container is removed (the
    # only one: no question for the table).
    assert chance(st, "Bad Event") == ["Bad Event: Vandalism"]
    assert st.upgrades[4] is None
    # 4. Each player takes their turn in order, starting with seat 1.
    for seat in range(4):
        assert st.active_seats() == (seat,)
        st.apply(seat, "gather_any food")
        st.apply(seat, "move 0")
        st.apply(seat, "gather_any water")
        st.apply(seat, "end_turn")
    # 5. The Waste Pile is checked: 5, under the maximum; the Round ends.
    assert len(st.waste) == 5 and not st.is_terminal() and st.round == 3


def test_example_turn():
    # seat 3 (on tile 4) is reached from seat 1 through seat 2 on BGCS
    st = turn(1, 1, moves=2, empty_hands=True, on={2: 0, 3: 4, 4: 3}, hands={1: {"food": 1}})
    # 1. Seat 1 starts on the Food Forest and spins a 2.
    assert st.spin == 2 and st.moves == 2
    # 2. It trades with seat 3 through a chain, giving them a Food.
    assert 2 in st.chain(0) and 4 not in ADJACENT[1]
    trade(st, "give 3 food")
    assert hand(st, 2) == {"food": 1}
    # 3. It gathers 2 Wood as its Action, then moves 1 (to BGCS).
    st.apply(0, "gather")
    assert hand(st, 0) == {"wood": 2}
    st.apply(0, "move 0")
    # 4. It Uses the 2 Wood to build a Composter as its last Action.
    st.apply(0, "craft composter")  # one Community Garden: it goes there
    assert st.upgrades[2] == "composter" and hand(st, 0) == {}
    st.apply(0, "end_turn")
    assert st.round == 2  # end of turn (and, here, of the Round)
