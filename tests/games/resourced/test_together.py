"""The table decides together: bots answer offers and votes with judgement, act only on their own
cards, and wait for the person at the table; positions keep a question or a trade in progress."""

from loopcity import load_game
from loopcity.engine import RandomBot, dump_position, read_position, waits_for_people
from loopcity.games.resourced.heuristic import HeuristicBot

from .helpers import agree, load, only_event, position, strike, turn


def _bot(st, seat):
    return HeuristicBot(st.game, seat, 0)


def test_the_heuristic_votes_yes_on_a_proposal_as_good_as_its_own_and_no_on_a_worse_one():
    st = strike("propurrrty_damage", hands={2: {"wood": 5}, 3: {"wood": 1}})
    st.apply(0, "choose 2")  # player 2 holds most cards: what the bot would propose
    assert str(_bot(st, 1).choose(st, 1)) == "vote yes"
    agree(st, "no")
    st = strike("propurrrty_damage", hands={2: {"wood": 5}, 3: {"wood": 1}})
    st.apply(0, "choose 3")
    assert str(_bot(st, 1).choose(st, 1)) == "vote no"


def test_the_heuristic_declines_a_trade_that_takes_its_hand_over_the_limit():
    st = turn(1, 0, hands={1: {"food": 3}, 2: {"metal": 7}})
    st.apply(0, "give 2 food")  # a card player 2 does not need: Wasted at the end of their turn
    st.apply(0, "offer_trade")
    assert str(_bot(st, 1).choose(st, 1)) == "vote no"
    st = turn(1, 0, hands={1: {"wood": 3}, 2: {"metal": 3}})
    st.apply(0, "give 2 wood")
    st.apply(0, "offer_trade")
    assert str(_bot(st, 1).choose(st, 1)) == "vote yes"


def test_the_heuristic_gives_when_it_holds_most_and_lets_the_others_otherwise():
    pos = position(
        phase="supply",
        decision={"resource": "food", "left": 1},
        empty_hands=True,
        hands={1: {"food": 1}, 2: {"food": 3}},
        still_to_come=["round_end"],
    )
    st = load(pos)
    assert str(_bot(st, 0).choose(st, 0)) == "done"
    assert str(_bot(st, 1).choose(st, 1)) == "supply 2"


def test_a_bot_holds_its_done_while_the_person_decides():
    pos = position(
        phase="supply",
        decision={"resource": "food", "left": 1},
        empty_hands=True,
        hands={1: {"food": 2}, 2: {"food": 1}},
        still_to_come=["round_end"],
    )
    st = load(pos)
    action = _bot(st, 1).choose(st, 1)
    assert str(action) == "done" and waits_for_people(st, 1, action, people={0})


def test_a_persons_cards_move_only_by_their_own_action_or_answer():
    """A person in seat 1 and bots in seats 2-4, played as the terminal plays them (the bots act
    first on their own things and hold their "done" while the person decides): no bot's action
    takes a card from the person's hand, but to accept a trade the person offered (Events that Use
    cards by rule left out)."""
    game = load_game("resourced", players=4, overrides=only_event("rain", "harvest", "bee_hotels"))
    st = game.new_state(3)
    bots = {s: HeuristicBot(game, s, 3) for s in (1, 2, 3)}
    person = RandomBot(game, 0, 3)
    while not st.is_terminal() and st.step < 3000:
        moved = False
        for seat in st.active_seats():
            if seat not in bots:
                continue
            action = bots[seat].choose(st, seat)
            if waits_for_people(st, seat, action, people={0}):
                continue
            before = list(st.hands[0])
            offered = st.ballot is not None and st.ballot["by"] == 0
            st.apply(seat, action)
            kept = all(a >= b for a, b in zip(st.hands[0], before, strict=True))
            assert kept or (offered and str(action) == "vote yes"), (st.step, action)
            moved = True
            break
        if not moved:
            st.apply(0, person.choose(st, 0))
    assert st.is_terminal()


def test_a_position_keeps_the_question_and_the_trade_in_progress():
    st = turn(1, 0, hands={1: {"wood": 2}, 2: {"metal": 3}})
    st.apply(0, "give 2 wood")
    st.apply(0, "take 2 metal")
    st.apply(0, "offer_trade")
    again = read_position(dump_position(st), st.game)
    assert again.view(1) == st.view(1) and again.legal_actions(1) == st.legal_actions(1)
    assert (
        again.view(1)["decision"]["subject"]
        == "Seat 1 offers Seat 2 a trade: Seat 1 gives 1 Wood for 1 Metal"
    )
    st = strike("propurrrty_damage")
    st.apply(0, "choose 3")
    st.apply(1, "vote no")
    again = read_position(dump_position(st), st.game)
    assert again.active_seats() == (2, 3) and again.prompt(2) == st.prompt(2)
    assert "so far: Seat 1 yes, Seat 2 no" in again.prompt(2)
