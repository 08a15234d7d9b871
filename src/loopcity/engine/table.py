"""The table decides together: offers between two seats, questions put to the table, and readiness.

These games teach by negotiating, agreeing and disagreeing, so a decision that involves more than the
acting seat is never one seat's command. Three shapes cover what the rulebooks ask for:

- an **offer** from one seat to another (a trade): the addressee accepts or declines; a counter-offer
  is a decline followed by an offer the other way;
- a **question to the table** (where a crafted tile goes, who supplies the Food, which hexagon turns
  Urban): each seat asked votes yes or no, and the rule the rulebook gives decides — a ``majority``
  of the votes cast, ``everyone`` (consent of all asked; an offer is this rule with one seat asked);
- **readiness** in a shared phase: each seat acts on what is its own and says ``done``; the phase ends
  when every seat is done (or when the rulebook's clock ends it).

A :class:`Ballot` is plain data kept in the state (a dict, so that clones, snapshots and hashes work
as for any field). The game opens one when its rules put a question, makes the seats that
:func:`waiting` names active, offers them the :data:`VOTE` kind, and carries out the subject when
:func:`result` says ``carried``. Bots answer with their heuristic, and the search bot searches over
votes like any other action. Nobody's cards, coins or pieces move without their owner's own action
or consent where the rulebook gives them a say.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, NamedTuple, TypedDict

from .actions import kind
from .text import _

Rule = Literal["majority", "everyone"]
Tie = Literal["carried", "rejected"]
Result = Literal["open", "carried", "rejected"]


class Choice(NamedTuple):
    choice: str
    """``yes`` or ``no``"""


VOTE = kind("vote", _("answer the question put to you: yes or no"), Choice, choice=("yes", "no"))
"""The answer to an offer or a question to the table (games add this kind to their action space)."""
DONE = kind("done", _("say you are done for this phase"), ready=True)
"""Readiness in a shared phase (games add this kind to their action space)."""


class Ballot(TypedDict):
    """A question put to some seats: what (``subject``, the game's words and data), who asked, who is
    asked, the rule, the tie rule and the answers given so far (seat → ``yes``/``no``)."""

    subject: str
    data: Any
    by: int
    asked: list[int]
    rule: Rule
    tie: Tie
    votes: dict[int, str]


def offer(subject: str, data: Any, by: int, to: int) -> Ballot:
    """An offer from seat ``by`` to seat ``to``, carried when ``to`` accepts."""
    return ask(subject, data, by, [to], "everyone")


def ask(
    subject: str, data: Any, by: int, asked: Iterable[int], rule: Rule = "majority", tie: Tie = "rejected"
) -> Ballot:
    """A question put to the seats ``asked`` (the proposer among them, when the rules let them vote)."""
    seats = sorted(set(asked))
    if not seats:
        raise ValueError("a question needs someone to answer it")
    return {"subject": subject, "data": data, "by": by, "asked": seats, "rule": rule, "tie": tie, "votes": {}}


def waiting(ballot: Ballot) -> tuple[int, ...]:
    """The seats still to answer, while the ballot is open."""
    if result(ballot) != "open":
        return ()
    return tuple(s for s in ballot["asked"] if s not in ballot["votes"])


def cast(ballot: Ballot, seat: int, choice: str) -> Result:
    """Record ``seat``'s answer (a seat answers once); returns the ballot's :func:`result` after it."""
    if seat not in ballot["asked"] or seat in ballot["votes"]:
        raise ValueError(f"seat {seat + 1} has no answer to give on {ballot['subject']!r}")
    if choice not in ("yes", "no"):
        raise ValueError(f"an answer is yes or no, not {choice!r}")
    ballot["votes"][seat] = choice
    return result(ballot)


def result(ballot: Ballot) -> Result:
    """``carried``, ``rejected`` or still ``open``: settled as soon as the answers still to come
    cannot change it."""
    votes = ballot["votes"]
    yes = [*votes.values()].count("yes")
    no = len(votes) - yes
    left = len(ballot["asked"]) - len(votes)
    if ballot["rule"] == "everyone":
        if no:
            return "rejected"
        return "carried" if not left else "open"
    if yes > no + left:
        return "carried"
    if no > yes + left:
        return "rejected"
    if left:
        return "open"
    return ballot["tie"]


def ballot_view(ballot: Ballot, names: Sequence[str]) -> dict[str, Any]:
    """What every seat may know of a ballot (answers are given openly at the table): for front ends."""
    one = len(ballot["asked"]) == 1 and ballot["rule"] == "everyone"
    return {
        "kind": "offer" if one else "question",
        "subject": ballot["subject"],
        "by": ballot["by"],
        "by_name": names[ballot["by"]],
        "asked": list(ballot["asked"]),
        "rule": ballot["rule"],
        "rule_text": rule_text(ballot),
        "votes": {str(s): v for s, v in sorted(ballot["votes"].items())},
        "waiting": list(waiting(ballot)),
        "result": result(ballot),
    }


def rule_text(ballot: Ballot) -> str:
    """The rule in words: ``a majority of the 4 players; a tie is rejected``."""
    n = len(ballot["asked"])
    if ballot["rule"] == "everyone":
        return _("the seat asked must agree") if n == 1 else _("all {n} seats asked must agree").format(n=n)
    tie = _("a tie carries it") if ballot["tie"] == "carried" else _("a tie rejects it")
    return _("a majority of the {n} seats asked; {tie}").format(n=n, tie=tie)


def answer_label(ballot: Ballot, choice: str) -> str:
    """How the VOTE action reads for a seat asked: ``Accept: …`` / ``Decline`` for an offer,
    ``Vote yes: …`` / ``Vote no`` for a question."""
    one = len(ballot["asked"]) == 1 and ballot["rule"] == "everyone"
    if one:
        word = _("Accept") if choice == "yes" else _("Decline")
    else:
        word = _("Vote yes") if choice == "yes" else _("Vote no")
    return f"{word}: {ballot['subject']}"
