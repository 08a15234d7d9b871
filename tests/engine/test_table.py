"""The table decides together: offers, questions to the table, their rules and ties."""

import pytest

from loopcity.engine import table


def test_an_offer_is_carried_when_the_seat_addressed_accepts_and_only_then():
    b = table.offer("2 Wood for 1 Metal", {"give": "wood"}, by=0, to=2)
    assert table.waiting(b) == (2,) and table.result(b) == "open"
    with pytest.raises(ValueError, match="seat 1 has no answer"):
        table.cast(b, 0, "yes")
    table.cast(b, 2, "yes")
    assert table.result(b) == "carried" and table.waiting(b) == ()
    declined = table.offer("2 Wood for 1 Metal", None, by=0, to=2)
    table.cast(declined, 2, "no")
    assert table.result(declined) == "rejected"


def test_a_majority_is_settled_as_soon_as_the_votes_left_cannot_change_it():
    b = table.ask("Place the Compost Plant on hexagon 12", None, by=0, asked=range(4))
    table.cast(b, 0, "yes")
    table.cast(b, 1, "yes")
    assert table.result(b) == "open"  # 2 yes, 2 to come: a tie is still possible
    table.cast(b, 2, "yes")
    assert table.result(b) == "carried" and table.waiting(b) == ()


@pytest.mark.parametrize(("tie", "expected"), [("rejected", "rejected"), ("carried", "carried")])
def test_a_tie_goes_the_way_the_game_says(tie, expected):
    b = table.ask("Import Food", None, by=1, asked=range(4), tie=tie)
    for seat, v in enumerate(["yes", "no", "yes", "no"]):
        table.cast(b, seat, v)
    assert table.result(b) == expected


def test_everyone_must_agree_one_no_rejects_at_once():
    b = table.ask("Share the Food import", None, by=0, asked=[0, 1, 2], rule="everyone")
    table.cast(b, 1, "no")
    assert table.result(b) == "rejected" and table.waiting(b) == ()


def test_the_view_of_a_ballot_names_who_asked_who_answered_and_the_rule():
    b = table.offer("1 Coin to Seat 3", None, by=0, to=2)
    view = table.ballot_view(b, ["Seat 1", "Seat 2", "Seat 3"])
    assert view["kind"] == "offer" and view["by_name"] == "Seat 1" and view["waiting"] == [2]
    assert view["rule_text"] == "the seat asked must agree"
    assert table.answer_label(b, "yes") == "Accept: 1 Coin to Seat 3"
    q = table.ask("Hexagon 4 turns Urban", None, by=0, asked=range(4))
    assert (
        table.ballot_view(q, ["a", "b", "c", "d"])["rule_text"]
        == "a majority of the 4 seats asked; a tie rejects it"
    )
    assert table.answer_label(q, "no") == "Vote no: Hexagon 4 turns Urban"


def test_a_bot_holds_its_done_while_a_person_is_still_deciding():
    from dataclasses import replace

    from loopcity.engine import ActionSpace, Game, waits_for_people
    from loopcity.engine.table import DONE
    from tiny_game import SPEC

    spec = replace(SPEC, action_space=ActionSpace([*SPEC.action_space.kinds, DONE]))
    state = Game(spec, {"players": 3}).new_state(1)
    assert state.active_seats() == (0, 1, 2)  # everyone still to say ready
    assert waits_for_people(state, 2, DONE(), people={0})  # seat 1 (a person) is still deciding
    assert not waits_for_people(state, 2, DONE(), people=set())  # a table of bots never waits
    assert not waits_for_people(state, 2, state.legal_actions(2)[0], people={0})  # only "done" waits


def test_a_bot_holds_its_vote_until_the_people_asked_have_answered():
    """The table's question is answered by the people asked before the bots settle it: a bot's vote
    waits while a person asked the same question has not answered; a bot answers an offer made to it
    at once, and a table of bots never waits."""
    from dataclasses import replace

    from loopcity.engine import ActionSpace, Game, waits_for_people
    from loopcity.engine.table import VOTE
    from tiny_game import SPEC, TinyState

    class Asking(TinyState):
        ballot: table.Ballot | None = None

        def active_seats(self):
            return table.waiting(self.ballot) if self.ballot else super().active_seats()

        def _legal_actions(self, seat):
            return [VOTE("yes"), VOTE("no")] if self.ballot else super()._legal_actions(seat)

        def _apply(self, seat, action):
            if action.kind == VOTE.name:
                table.cast(self.ballot, seat, VOTE.read(action).choice)
            else:
                super()._apply(seat, action)

        def view(self, seat):
            names = [f"Seat {s + 1}" for s in range(self.players)]
            decision = table.ballot_view(self.ballot, names) if self.ballot else None
            return {**super().view(seat), "decision": decision}

    spec = replace(SPEC, state_class=Asking, action_space=ActionSpace([*SPEC.action_space.kinds, VOTE]))
    state = Game(spec, {"players": 3}).new_state(1)
    state.ballot = table.ask("Hexagon 4 turns Urban", None, by=1, asked=[0, 1, 2])
    assert waits_for_people(state, 2, VOTE("yes"), people={0})  # seat 1, a person, is still to answer
    assert not waits_for_people(state, 2, VOTE("yes"), people=set())
    state.apply(0, VOTE("no"))
    assert not waits_for_people(state, 2, VOTE("yes"), people={0})  # the person has had their say
    state.ballot = table.offer("2 Wood for 1 Metal", None, by=0, to=2)
    assert not waits_for_people(state, 2, VOTE("no"), people={0})  # an offer to the bot: it answers
