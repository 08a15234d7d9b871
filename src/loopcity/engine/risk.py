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
from typing import TYPE_CHECKING, Any, Protocol, cast

from .actions import Action, offered
from .errors import LoopcityError
from .table import VOTE
from .text import _

if TYPE_CHECKING:
    from .state import State

SEEDS = (0x5EED_0001, 0x5EED_0002)
"""The two redraws every answer must agree on."""

BUDGET = 0.06
"""Seconds of its own CPU time one assessment may spend before the actions left untried are left
unsaid: a safety net for a game whose actions cost much more than these games' (their look-ahead
takes 0.3-3.6 ms), the list's first actions and those that end a seat's part coming first. It counts
the thread's CPU time (checked every few actions), not the clock's, so a busy machine that takes the
processor away makes it no shorter: the same state gets the same words on any server, at any load."""

CHECK_EVERY = 8
"""Actions tried between two looks at the CPU time (a look costs about a microsecond)."""

MOST_ACTIONS = 40
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


class HasCosts(Protocol):
    def next_costs(self, reader: int) -> Sequence[Need]: ...


def _named(state: State[Any, Any]) -> bool:
    return callable(getattr(state, "next_costs", None))


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
    return list(cast(HasCosts, state).next_costs(reader)) if _named(state) else []


def shortfalls(state: State[Any, Any], reader: int) -> list[str]:
    """The costs some player cannot meet now, worded for ``reader`` (the page's standing warning)."""
    if state.is_terminal():
        return []
    return [n.text for n in costs(state, reader) if n.short]


def _lost(state: State[Any, Any]) -> bool:
    if not state.is_terminal():
        return False
    outcome = state.outcome()
    return outcome is not None and outcome.team_won is False


class _Trial:
    """A copy consistent with what the seat knows (:func:`_redrawn`) and a scratch copy of it on
    which the seat's actions are tried one after another, the scratch reset to the copy between two
    (:meth:`State.reset_to`: a few fields copied back, where a fresh copy would copy them all)."""

    def __init__(self, state: State[Any, Any], seat: int, seed: int, spares: list[State[Any, Any]]) -> None:
        self.copy = _redrawn(state, seat, seed, spares.pop() if spares else None)
        self.legal = self.copy.legal_actions(seat)
        self.scratch: State[Any, Any] | None = spares.pop() if spares else None
        self.kept: dict[str, Any] = {}  # what the resets know of the copy's fields

    def spares(self) -> list[State[Any, Any]]:
        """The trial's copies, for another trial to reset and use."""
        return [self.copy] if self.scratch is None else [self.copy, self.scratch]

    def after(self, seat: int, action: Action) -> State[Any, Any] | None:
        """The copy after ``action`` (None if the action is not legal there), carried out as search
        does, without checking and logging it again (it is one of the copy's own legal actions).
        Good until the next action is tried."""
        if not offered(action, self.legal):
            return None
        scratch = self.scratch
        if scratch is None or type(scratch) is not type(self.copy):
            scratch = self.scratch = self.copy.clone()
        else:
            scratch.reset_to(self.copy, self.kept)
        try:
            scratch.apply_trusted(seat, action)
        except LoopcityError:
            return None
        return scratch


def _ending(state: State[Any, Any]) -> frozenset[str]:
    """Kinds of action that end a seat's part (declared ``ready`` by the game or the engine) or
    answer a question (the engine's vote): tried first, and always."""
    return state.game.spec.action_space.ready | {VOTE.name}


def _tried(state: State[Any, Any], seat: int, legal: list[Action]) -> list[Action]:
    ending = _ending(state)
    first = [a for a in legal if a.kind in ending]
    if len(legal) > MOST_ACTIONS:
        return first
    return first + [a for a in legal if a.kind not in ending]


def assess(
    state: State[Any, Any],
    seat: int,
    legal: Sequence[Action] | None = None,
    spares: list[State[Any, Any]] | None = None,
) -> dict[str, Risk]:
    """Each legal action of ``seat`` that loses the game or leaves a player shorter of the next cost
    than now, by its text, with the words to show; and every answer to an offer with what it leaves
    the seat with. (The second redraw is tried only where the first finds something to say.)

    ``spares``: copies an earlier assessment left, which this one resets to the state and uses
    rather than copying it afresh, and leaves its own in: a caller that assesses one state after
    another of a game (a table's moves) keeps the list, and each assessment copies back only what
    the moves between changed. The answers are the same with or without it."""
    if state.is_terminal():
        return {}
    if spares is None:
        spares = []
    actions = list(legal if legal is not None else state.legal_actions(seat))
    first = _Trial(state, seat, SEEDS[0], spares)
    second: _Trial | None = None
    named = _named(state)
    before = {n.seat: n.short for n in costs(state, seat)} if named else {}
    out: dict[str, Risk] = {}
    end = time.thread_time() + BUDGET
    for n, action in enumerate(_tried(state, seat, actions), 1):
        if n % CHECK_EVERY == 0 and time.thread_time() > end:
            break
        found = _said(first, seat, action, before, named)
        if found is None:
            continue
        if second is None:
            second = _Trial(state, seat, SEEDS[1], spares)
        again = _said(second, seat, action, before, named)
        if again is None:
            continue
        if found.loses and again.loses:
            out[str(action)] = found
        elif not found.loses and not again.loses:
            text = found.text if found.text == again.text else ""
            leaves = found.leaves if found.leaves == again.leaves else ""
            if text or leaves:
                out[str(action)] = Risk(False, text, leaves)
    spares += first.spares() + (second.spares() if second is not None else [])
    del spares[:-SPARES]  # the latest few
    return out


SPARES = 4
"""Copies an assessment leaves for the next: its two trials' redrawn and scratch copies."""


def _redrawn(
    state: State[Any, Any], seat: int, seed: int, into: State[Any, Any] | None = None
) -> State[Any, Any]:
    """A copy consistent with what ``seat`` knows (:meth:`State.determinize`, ``into`` a spare copy)
    whose log nobody reads: the actions tried on it and its copies word no log lines."""
    copy = state.determinize(seat, seed, into)
    copy.keep_log_unread()
    return copy


def _said(trial: _Trial, seat: int, action: Action, before: dict[int, int], named: bool) -> Risk | None:
    """What ``action`` leads to on one redrawn copy (None: nothing to say)."""
    after = trial.after(seat, action)
    if after is None:
        return None
    if _lost(after):
        ending = after.ending()
        if ending:
            return Risk(True, _("Watch out: this loses the game ({ending})").format(ending=ending))
        return Risk(True, _("Watch out: this loses the game"))
    if not named or after.is_terminal():
        return None
    needs = costs(after, seat)
    worse = [n for n in needs if n.short > before.get(n.seat, 0)]
    leaves = ""
    if action.kind == "vote" and action.args and action.args[0] == "yes":
        leaves = next((n.text for n in needs if n.seat == seat), "")
    if not worse and not leaves:
        return None
    text = _("Watch out: {what}").format(what="; ".join(n.text for n in worse)) if worse else ""
    return Risk(False, text, leaves)
