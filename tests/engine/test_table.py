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
