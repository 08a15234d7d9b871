"""Whether a seat's legal action ends the game in a loss or leaves a player short of the next cost.

A person should never lose a game by surprise: before they take an action, a front end may ask
:func:`assess` what it leads to. Each legal action is tried on copies of the state, never on the state
itself, and only on copies consistent with what the seat knows (:meth:`State.determinize`, its hidden
parts and future chance redrawn twice with different seeds): an action is said to lose only when it
loses on both, so the words never tell the seat anything it could not work out itself, and a loss that
hangs on a die or a hidden card is not foretold.

"The next cost" is each game's own: a game whose players must meet a cost later (Waste What?'s rent at
the end of the round) says so with a ``next_costs(reader)`` method on its state, returning
:class:`Need` values worded from the reader's side. Games without it get the loss check alone.

Nothing here runs on the hot path: bots and simulations never call it; the web app asks it once per
version for a person's seat.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .actions import Action
from .errors import LoopcityError
from .text import _

if TYPE_CHECKING:
    from .state import State

SEEDS = (0x5EED_0001, 0x5EED_0002)
"""The two redraws every answer must agree on."""

BUDGET = 0.25
"""Seconds one assessment may take before the actions left untried are left unsaid (a safety net: the
installed games take under 40 ms for their longest lists)."""

MOST_ACTIONS = 80
"""Above this many legal actions only the votes and the actions that end a seat's part are tried (a
long list is a list of places, none of which ends a game by itself)."""


@dataclass(frozen=True)
class Need:
    """A cost a player must meet later: what they ``have`` against what they ``owe``, and ``text``
    saying so from the reader's side ("you will hold 2 money and owe 3 rent at the end of the round")."""

    seat: int
    have: int
    owe: int
    text: str

    @property
    def short(self) -> int:
        """How much is missing (0: the cost can be met)."""
        return max(0, self.owe - self.have)


@runtime_checkable
class HasCosts(Protocol):
    def next_costs(self, reader: int) -> Sequence[Need]: ...


@dataclass(frozen=True)
class Risk:
    """What an action leads to for the person about to take it."""

    loses: bool
    """The game ends in the team's loss right away (on every redraw)."""
    text: str
    """The warning to show with the action ("" when there is none)."""
    leaves: str = ""
    """For an answer to an offer: what accepting leaves the reader with."""

    def to_json(self) -> dict[str, Any]:
        return {"loses": self.loses, "text": self.text, "leaves": self.leaves}


def costs(state: State[Any, Any], reader: int) -> list[Need]:
    """The game's next costs as ``reader`` reads them (none for a game that names no cost)."""
    return list(state.next_costs(reader)) if isinstance(state, HasCosts) else []


def shortfalls(state: State[Any, Any], reader: int) -> list[str]:
    """The costs some player cannot meet now, worded for ``reader`` (the page's standing warning)."""
    if state.is_terminal():
        return []
    return [n.text for n in costs(state, reader) if n.short]


def _lost(state: State[Any, Any]) -> bool:
    if not state.is_terminal():
        return False
    outcome = state.outcome()
    return outcome is not None and not outcome.team_won


def _after(copy: State[Any, Any], seat: int, action: Action) -> State[Any, Any] | None:
    new = copy.clone()
    try:
        new.apply(seat, action)
    except LoopcityError:
        return None
    return new


def _tried(state: State[Any, Any], seat: int, legal: list[Action]) -> list[Action]:
    if len(legal) <= MOST_ACTIONS:
        return legal
    return [a for a in legal if a.kind in ("vote", "done", "end_round", "pass", "end_turn")]


def assess(state: State[Any, Any], seat: int, legal: Sequence[Action] | None = None) -> dict[str, Risk]:
    """Each legal action of ``seat`` that loses the game or leaves a player shorter of the next cost
    than now, by its text, with the words to show; and every answer to an offer with what it leaves
    the seat with."""
    if state.is_terminal():
        return {}
    actions = list(legal if legal is not None else state.legal_actions(seat))
    copies = [state.determinize(seat, s) for s in SEEDS]
    named = isinstance(state, HasCosts)
    before = {n.seat: n.short for n in costs(state, seat)} if named else {}
    out: dict[str, Risk] = {}
    end = time.perf_counter() + BUDGET
    for action in _tried(state, seat, actions):
        if time.perf_counter() > end:
            break
        afters = [_after(c, seat, action) for c in copies]
        if any(a is None for a in afters):
            continue
        done = [a for a in afters if a is not None]
        if all(_lost(a) for a in done):
            ending = done[0].ending()
            text = (
                _("Watch out: this loses the game ({ending})").format(ending=ending)
                if ending
                else _("Watch out: this loses the game")
            )
            out[str(action)] = Risk(True, text)
            continue
        if not named or any(a.is_terminal() for a in done):
            continue
        needs = [costs(a, seat) for a in done]
        worse = [
            n
            for n in needs[0]
            if n.short > before.get(n.seat, 0)
            and all(any(m.seat == n.seat and m.short >= n.short for m in other) for other in needs[1:])
        ]
        leaves = ""
        if action.kind == "vote" and action.args and action.args[0] == "yes":
            mine = [n for n in needs[0] if n.seat == seat]
            if mine and all(any(m.seat == seat and m.have == mine[0].have for m in o) for o in needs[1:]):
                leaves = mine[0].text
        if worse:
            out[str(action)] = Risk(
                False, _("Watch out: {what}").format(what="; ".join(n.text for n in worse)), leaves
            )
        elif leaves:
            out[str(action)] = Risk(False, "", leaves)
    return out
