"""The game state every game extends: seats to act, legal actions, apply, outcome, chance, views.

A game subclasses :class:`State` and writes:

- ``__init__(game, seed)``: call ``super().__init__(game, seed)``, then set up the table;
- ``active_seats()``: the seats that may act now (several in a shared phase), sorted;
- ``_legal_actions(seat)``: the legal actions of an active seat;
- ``handlers``: the game's :class:`~loopcity.engine.actions.Handlers`, one function per action kind,
  which the default ``_apply(seat, action)`` calls with the action's named arguments (the action is
  checked legal before);
- ``is_terminal()`` and ``outcome()``;
- ``view(seat)``: what that seat (``None``: a spectator) may know, as JSON-ready data;
- where the game has secrets, ``resample_hidden(seat, rng)``: redraw what ``seat`` cannot see;
- its words (:mod:`loopcity.engine.text`): ``texts`` (a label for every action), ``prompt(seat)``
  and ``seat_name(seat)``;
- its readable position format (:mod:`loopcity.engine.position`): ``position_model``, ``position()``
  and ``from_position(game, fields)``.
- where it has wall-clock actions (:class:`~loopcity.engine.actions.Clock`), optionally
  ``_clock_actions()``: a quick answer to which of them may ring now.

State attributes hold plain data (see :mod:`loopcity.engine.serialize`), so cloning, JSON snapshots
and equality come for free. Content and options stay on ``self.game`` and are shared, never copied.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import marshal
from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from functools import partial
from types import GetSetDescriptorType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from mypy_extensions import mypyc_attr
from pydantic import BaseModel

from .actions import Action, Handlers, _new_tuple
from .errors import IllegalAction, MalformedAction
from .rng import Rng, new_rng
from .serialize import copy_data, decode, encode
from .text import LANGUAGE, UNREAD, Label, Said, Texts, _, plain_label, reading_in, say

if TYPE_CHECKING:
    from .spec import Game

T = TypeVar("T")
C = TypeVar("C")
"""The game's content model."""
TT = TypeVar("TT")
"""The tables the game derives from its content."""

# Attributes that are neither copied by clone() nor written to snapshots.
_SHARED = "game"
_CACHE = "_legal"
_KEPT = "_kept"
_UNREAD = "_unread"

LogEntry = tuple[int, str, "str | Said", "tuple[int, ...] | None"]
"""(step, kind, text, seats): seats None means everyone; kind is one of :data:`LOG_KINDS`."""

LOG_KINDS = ("action", "chance", "event", "decision", "info")
"""What a log line records: a seat's action; a chance draw (dice, shuffles, hidden draws); an event
that changes the game (an Event card, a Crisis tile); a decision the table took together; anything
else the rules say aloud. Front ends and debriefs tell them apart by this kind, never by the text."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the team result, each seat's score, the winners and the cause.

    ``team_won`` is None for a competitive game, which has no team to win or lose together: its
    result is the winners and the scores alone."""

    team_won: bool | None
    cause: str
    scores: tuple[float, ...]
    winners: tuple[int, ...]

    def returns(self, cooperative: bool) -> tuple[float, ...]:
        """Each seat's reward in [-1, 1]: the team result (+1 / -1) for a cooperative game; for a
        semi-cooperative one, -1 for everyone on the team's loss, else the seat's score divided by
        the best score (the winners get 1); for a competitive one (no team), the latter always."""
        n = len(self.scores)
        if self.team_won is not None and (cooperative or not self.team_won):
            return (1.0 if self.team_won else -1.0,) * n
        best = max(self.scores, default=0.0)
        if best <= 0:
            return tuple(1.0 if s in self.winners else 0.0 for s in range(n))
        return tuple(max(0.0, score / best) for score in self.scores)

    def to_json(self) -> dict[str, Any]:
        return {
            "team_won": self.team_won,
            "cause": self.cause,
            "scores": list(self.scores),
            "winners": list(self.winners),
        }


Words = str | Callable[[], str]
"""What a chance line names: English text, or a function that words it in the reader's language."""


def _named(what: Words) -> str:
    return what() if callable(what) else _(what)


def _rolled(what: Words, value: int) -> str:
    return _("{what}: rolled {value}").format(what=_named(what), value=value)


def _drawn(what: Words, value: object) -> str:
    return f"{_named(what)}: {value}"


def _shuffled(what: Words) -> str:
    return _("{what} shuffled").format(what=_named(what))


_DECLARED: dict[type, tuple[str, ...] | None] = {}


def _field_names(state: object) -> tuple[str, ...] | None:
    """The declared data fields of a state class compiled with mypyc (the engine's and, when the
    game is compiled too, the game's), or None for an interpreted build, whose states keep every
    field in ``__dict__``. An interpreted game on a compiled engine keeps its own fields in
    ``__dict__`` and the engine's in the declared ones. A compiled class's function attributes
    (``describe = describe_line`` in a class body) are declared too, with the function for value:
    state data is never callable, so they are left out. See docs/performance.md, "Compiled build"."""
    cls = type(state)
    try:
        return _DECLARED[cls]
    except KeyError:
        pass
    attrs: tuple[str, ...] | None = getattr(cls, "__mypyc_attrs__", None)
    names: tuple[str, ...] | None = None
    if attrs is not None:  # instance fields are descriptors of the class; methods and constants not
        found = []
        for k in attrs:
            if not k.startswith("__") and k not in found:
                if type(inspect.getattr_static(cls, k, None)) is GetSetDescriptorType:
                    if not callable(getattr(state, k, None)):
                        found.append(k)
        names = tuple(found)
    _DECLARED[cls] = names
    return names


_MISSING = object()


def _reset_fields(mine: dict[str, Any], theirs: dict[str, Any], kept: dict[str, Any]) -> None:
    """:meth:`State.reset_to` on a state's fields (``mine``, changed in place) from the source's;
    ``kept``: what is known of the source's fields so far (see :func:`_check`)."""
    for k, v in theirs.items():
        w = mine.get(k, _MISSING)
        if w is v:  # the game, and atoms a change left alone
            continue
        if k == _CACHE or k == _KEPT:
            if w:
                mine[k] = {}
            continue
        t = type(v)
        if type(w) is t and w == v:
            if t in _EXACT_ATOMS or k == "log":  # a log's lines are shared and never changed
                continue
            check = kept.get(k)
            if check is None:
                check = kept[k] = _check(v)
            if check is True:
                continue
            if check is _KEYS:
                if list(w) == list(v):
                    continue
            elif check and _exact(w) == check:
                continue
        if k == _SHARED:  # a copy of another game of this kind
            mine[k] = v
        else:
            mine[k] = list(v) if k == "log" else copy_data(v)
    if len(mine) != len(theirs):  # fields the change made
        for k in [k for k in mine if k not in theirs]:
            del mine[k]


_EXACT_ATOMS = frozenset((int, str, bool, type(None)))
"""Atoms that are the same whenever ``==`` says so (a float is not: ``0.0 == -0.0``)."""
_KEYS = b"keys"


def _check(value: Any) -> bytes | bool:
    """How a field that ``==`` calls equal to the source's ``value`` is known to be the same, the
    only difference ``==`` misses in a game's data being the order of a dict's keys (and ``True``
    put where the source holds ``1``, or ``-0.0`` for ``0.0``, which no game does: every game's
    resets are tested against fresh copies, hashes and snapshots): always (True) for a value
    without a dict; by the order of its keys (:data:`_KEYS`) for a dict without a dict inside;
    written out the same (the bytes) for a value with dicts inside or a float; never (empty) for a
    value that cannot be written out (a generator)."""
    data = _exact(value)
    dicts = data.count(b"{")  # at least as many as the dicts inside
    if data and not dicts and type(value) is not float:
        return True
    if dicts == 1 and type(value) is dict:
        return _KEYS
    return data


def _exact(value: Any) -> bytes:
    """``value`` written out exactly (the order of a dict's keys, ``True`` apart from ``1``), to tell
    two values ``==`` calls equal apart; empty where it cannot be (a generator inside)."""
    try:
        return marshal.dumps(value, 2)  # version 2: no references, so equal values, equal bytes
    except ValueError:
        return b""


def _english(log: Any) -> list[Any]:
    return [
        (step, kind, line if isinstance(line, str) else line.get("en"), seats)
        for step, kind, line, seats in log
    ]


# Interpreted game states subclass a compiled State (and a blank state made for a copy does not run
# __init__): see docs/performance.md, "Compiled build".
@mypyc_attr(allow_interpreted_subclasses=True)
class State(Generic[C, TT]):
    """Base class of every game's state. See the module docstring for what a game provides.

    ``State[Content, Tables]`` types ``self.content`` and ``self.tables`` (shared by every state of
    one configured game; see :attr:`loopcity.engine.spec.Game.tables`).

    The engine's fields are declared here; a game declares its own by assigning them in
    ``__init__`` (and :meth:`from_position`), so that a compiler sees every field of a state."""

    game: Game[C, TT]
    rng: Rng
    step: int
    log: list[LogEntry]
    _legal: dict[int, list[Action]]
    _kept: dict[str, Any]
    """What a game's rules keep from one step to the next, worked out from the state (lists its
    legal actions read, say): the game empties it when what they were worked out from changes. Left
    out of copies (a copy starts empty), snapshots, hashes and equality, as ``_legal`` is."""
    handlers: ClassVar[Handlers[Any] | None] = None
    _unread: bool = False
    """Set by :meth:`keep_log_unread` on a copy whose log nobody reads (a search's copies)."""
    texts: ClassVar[Texts[Any] | None] = None
    """The labels of the game's actions (see :mod:`loopcity.engine.text`)."""
    position_model: ClassVar[type[BaseModel] | None] = None
    """The game's position fields (a :class:`loopcity.engine.position.PositionModel`), if it has some."""

    def __init__(self, game: Game[C, TT], seed: int) -> None:
        self.game = game
        self.rng = new_rng(seed)
        self.step = 0
        self.log = []
        self._legal = {}
        self._kept = {}

    # ----- what a game provides -------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _apply(self, seat: int, action: Action) -> None:
        handlers = self.handlers
        if handlers is None:
            raise NotImplementedError(f"{type(self).__name__} has no handlers for its actions")
        args_type, fn = handlers._by_name[action.kind]  # Handlers.apply, inlined: a call less a step
        args = action.args
        fn(self, seat, args if type(args) is args_type else _new_tuple(args_type, args))

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def ending(self) -> str:
        """How the game ended, in the reader's language ("" while it goes on).

        An outcome's ``cause`` stays in the rules' English whatever the reader's language: records,
        positions and simulation counts keep it. This is what people read instead: by default the
        cause looked up in the game's catalogue; a game whose causes carry numbers or codes words
        them itself."""
        outcome = self.outcome()
        return "" if outcome is None else _(outcome.cause)

    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is illegal for ``seat`` now, in the rulebook's words (optional)."""
        return None

    def describe(self, seat: int, action: Action) -> str:
        """The log line for an action: who did what, in the action's label's words."""
        return f"{self.seat_name(seat)}: {self.label(seat, action).text}"

    def label(self, seat: int, action: Action) -> Label:
        """How ``action`` reads for ``seat``, in plain words (see :mod:`loopcity.engine.text`)."""
        found = self.texts.of(self, seat, action) if self.texts is not None else None
        return found if found is not None else plain_label(self.game.spec.action_space, action)

    def labelled(self, seat: int, legal: list[Action]) -> list[tuple[Action, Label]]:
        """``legal`` as a person is offered it, each action with its label. An action that reads as one
        before it (the same words in the same group: the second of two alike tiles in a hand) is the
        same choice to a person and is left out; the rules still take it, so a record that names it
        replays."""
        out: list[tuple[Action, Label]] = []
        seen: set[tuple[str, str]] = set()
        for a in legal:
            label = self.label(seat, a)
            said = (label.text, label.group)
            if said not in seen:
                seen.add(said)
                out.append((a, label))
        return out

    def seat_name(self, seat: int) -> str:
        """A seat as people name it at the table (games add the role: ``Seat 2 (Builder)``)."""
        return _("Seat {n}").format(n=seat + 1)

    def prompt(self, seat: int | None) -> str:
        """What is being decided now and by whom, for ``seat`` (None: a spectator)."""
        if self.is_terminal():
            return _("The game is over.")
        active = self.active_seats()
        if seat is not None and seat in active:
            return _("Your turn: choose what to do.")
        names = ", ".join(self.seat_name(s) for s in active)
        return _("Waiting for {names}.").format(names=names)

    def resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redraw, in place, everything ``seat`` cannot see (deck orders, others' secrets)."""

    def position(self) -> BaseModel:
        """This state's position: the fields of ``position_model`` (see :mod:`.position`)."""
        raise NotImplementedError(f"{type(self).__name__} has no position format")

    @classmethod
    def from_position(cls, game: Game[C, TT], fields: Any) -> Self:
        """A state set up from validated position fields, with everything derived recomputed."""
        raise NotImplementedError(f"{cls.__name__} has no position format")

    def check_invariants(self) -> None:
        """Raise AssertionError when the game's own invariants fail (run by the conformance suite)."""

    # ----- the engine's API -------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def content(self) -> C:
        """The game's content (shared, never copied)."""
        return self.game.content

    @property
    def tables(self) -> TT:
        """The tables derived from the game's content (shared, never copied)."""
        return self.game.tables

    def legal_actions(self, seat: int) -> list[Action]:
        """The legal actions of ``seat`` now; empty when the seat may not act."""
        cached = self._legal.get(seat)
        if cached is not None:
            return cached
        if self.is_terminal() or seat not in self.active_seats():
            self._legal[seat] = []
            return []
        return self._legal_for(seat)

    def _legal_for(self, seat: int) -> list[Action]:
        """The legal actions of ``seat``, which may act in a game that goes on: worked out and kept for
        this step (``legal_actions`` asks these questions first; a runner that has asked them already,
        as :func:`~.runner.play` has, calls this directly)."""
        actions = self._legal_actions(seat)
        clocks = self.game.clocks
        if clocks:  # the clock's actions are never a seat's choice
            actions = [a for a in actions if a.kind not in clocks]
        self._legal[seat] = actions
        return actions

    def apply(self, seat: int, action: Action | str) -> None:
        """Carry out ``action`` for ``seat``; a refusal raises and leaves the state as it was."""
        checked: Action | None = None
        legal = self._legal.get(seat) if type(seat) is int else None
        if legal is not None:  # _taken_from, inlined: most steps take an action from this list
            for a in legal:
                if a is action:
                    checked = a
                    break
        if checked is None:
            checked = self._check(seat, action)
        tongues = self.game.tongues
        if self._unread or (tongues is not None and not tongues):  # nobody reads it: as worded() says
            line: Said = UNREAD
        else:
            line = self.worded(partial(self.describe, seat, checked))
        self.log.append((self.step, "action", line, None))
        self._apply(seat, checked)
        self.step += 1
        self._legal = {}

    def _check(self, seat: int, action: Action | str) -> Action:
        """The action (parsed from text if need be) when ``seat`` may take it now; otherwise raise
        MalformedAction or IllegalAction, saying why."""
        if isinstance(action, str):
            action = Action.parse(action)
        self.game.spec.action_space.validate(action)
        if type(seat) is not int or not 0 <= seat < self.game.players:
            raise MalformedAction(
                _("seat must be 0..{last}, got {seat!r}").format(last=self.game.players - 1, seat=seat)
            )
        legal = self.legal_actions(seat)
        try:
            return legal[legal.index(action)]  # the game's own object, with its named arguments
        except ValueError:
            raise IllegalAction(self._refusal(seat, action)) from None

    def clock_actions(self) -> list[Action]:
        """The wall-clock actions that may ring now (never among any seat's legal actions)."""
        if not self.game.clocks or self.is_terminal():
            return []
        return self._clock_actions()

    def _clock_actions(self) -> list[Action]:
        """Which wall-clock actions may ring now: by default those the game's rules offer the first
        active seat. A game may override it with a quicker test that gives the same answer (the
        conformance suite compares the two)."""
        active = self.active_seats()
        if not active:
            return []
        clocks = self.game.clocks
        return [a for a in self._legal_actions(active[0]) if a.kind in clocks]

    def apply_clock(self, action: Action | str, seat: int | None = None) -> int:
        """Play a wall-clock action whose time is up; refused (IllegalAction) when it may not ring now.

        The move is recorded under ``seat`` (an active seat; the first by default), as records of
        every version do; returns that seat."""
        if isinstance(action, str):
            action = Action.parse(action)
        if action not in self.clock_actions():
            raise IllegalAction(_("the clock's '{action}' may not ring now").format(action=action))
        active = self.active_seats()
        if seat is None:
            seat = active[0]
        elif seat not in active:
            raise IllegalAction(
                _("a clock's move is recorded under an active seat, not seat {n}").format(n=seat + 1)
            )
        self.log.append((self.step, "action", self.worded(partial(self.describe, seat, action)), None))
        self._apply(seat, action)
        self.step += 1
        self._legal = {}
        return seat

    def apply_recorded(self, seat: int, action: Action | str) -> None:
        """Apply a move read back from a record: a wall-clock action through :meth:`apply_clock`,
        any other through :meth:`apply`."""
        if isinstance(action, str):
            action = Action.parse(action)
        if action.kind in self.game.spec.action_space.clocks:
            self.apply_clock(action, seat)
        else:
            self.apply(seat, action)

    def apply_trusted(self, seat: int, action: Action) -> None:
        """Carry out an action taken from ``legal_actions(seat)``, without checking or logging it.

        For search and fast playouts on copies; play through :meth:`apply`, which checks and logs.
        """
        self._apply(seat, action)
        self.step += 1
        self._legal = {}

    def _refusal(self, seat: int, action: Action) -> str:
        """Why ``seat`` may not take ``action`` now, in the reader's language."""
        if self.is_terminal():
            return _("the game is over")
        if action.kind in self.game.spec.action_space.clocks:
            return _("'{action}' is played by the table's clock when its time is up, never by a seat").format(
                action=action
            )
        active = self.active_seats()
        if seat not in active:
            waiting = ", ".join(_("seat {n}").format(n=s + 1) for s in active)
            return _("seat {n} may not act now; waiting for {seats}").format(n=seat + 1, seats=waiting)
        reason = self.explain_illegal(seat, action) or _("'{action}' is not allowed now").format(
            action=action
        )
        legal = self.legal_actions(seat)
        shown = ", ".join(str(a) for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
        return _("{reason} (legal now: {actions})").format(reason=reason, actions=shown)

    # ----- chance: every draw is logged ---------------------------------------------------------
    def note(
        self, text: str | Callable[[], str], seats: Sequence[int] | None = None, kind: str = "info"
    ) -> None:
        """Add a line of ``kind`` (one of :data:`LOG_KINDS`) to the game log, visible to ``seats`` only
        when given. Give the line as a function that words it, ``lambda: _("{who} takes {n} Coins")
        .format(who=..., n=2)``, so that it is worded in every language the game's log is kept in
        (:attr:`Game.tongues`); a plain string is read through the catalogues as it is."""
        if self._unread or self.game.tongues == ():  # nobody reads it: as worded() says
            line: Said = UNREAD if callable(text) else text
        else:
            line = self.worded(text) if callable(text) else text
        self.log.append((self.step, kind, line, None if seats is None else tuple(seats)))

    def worded(self, words: Callable[[], str]) -> Said:
        """A text made by ``words`` in each language of the game's log (:attr:`Game.tongues`), or in
        the language being read when that is None. A log nobody reads (``()``, or a copy told
        :meth:`keep_log_unread`) calls no ``words``: its lines say :data:`~.text.UNREAD`.

        ``words`` is called now, never kept for later: it reads the game as it is at this step, and
        kept functions would tie every finished game's log to its state in reference cycles, which
        only the garbage collector frees (slower than the words themselves in a large process)."""
        tongues = self.game.tongues
        if self._unread:
            return UNREAD
        if tongues is None:
            language = LANGUAGE.get()
            if language == "en":  # English is read as written: no catalogue to pick
                return words()
            with reading_in(language, self.game.spec.id):
                return words()
        if not tongues:
            return UNREAD
        game = self.game.spec.id
        made: dict[str, str] = {}
        for tongue in tongues:
            with reading_in(tongue, game):
                made[tongue] = words()
        return made

    # ``what`` names the draw: an English text read through the catalogues, or a function that words
    # it (for a name made of content and numbers), so that the line reads in every language of the log.
    def roll(self, sides: int, what: Words) -> int:
        """Roll a die with ``sides`` faces (1..sides); the roll is logged for everyone."""
        value = self.rng.randint(1, sides)
        self.note(partial(_rolled, what, value), kind="chance")
        return value

    def chance_below(self, n: int, what: Words, seats: Sequence[int] | None = None) -> int:
        """A uniform draw from ``range(n)``, logged as ``what`` (visible to ``seats`` when given)."""
        value = self.rng.below(n)
        self.note(partial(_drawn, what, value), seats, kind="chance")
        return value

    def draw_from(self, items: Sequence[T], what: Words, seats: Sequence[int] | None = None) -> T:
        """A uniform choice from ``items``, logged as ``what: item``."""
        item = items[self.rng.below(len(items))]
        self.note(partial(_drawn, what, item), seats, kind="chance")
        return item

    def shuffle(self, items: MutableSequence[Any], what: Words) -> None:
        """Shuffle in place; the log says that it happened, never the order."""
        self.rng.shuffle(items)
        self.note(partial(_shuffled, what), kind="chance")

    def shuffle_each(self, lists: Sequence[MutableSequence[Any]], whats: Sequence[Words]) -> None:
        """Shuffle each list in turn and log each shuffle, as :meth:`shuffle` does one after the other
        (the same orders, draws and log lines); the draws are mixed together
        (:meth:`~.rng.Rng.shuffle_each`). ``whats[i]`` names ``lists[i]``."""
        self.rng.shuffle_each(lists)
        for what in whats:
            self.note(partial(_shuffled, what), kind="chance")

    def keep_log_unread(self) -> None:
        """Word none of this state's new log lines (they say :data:`~.text.UNREAD`), whatever
        languages the game's log is kept in: for copies nobody reads, such as a search's (and their
        copies)."""
        self._unread = True

    # ----- copies, snapshots, hashes -----------------------------------------------------------
    def clone(self) -> State[Any, Any]:
        """An independent copy sharing only the immutable game and content.

        The copy is made field by field, each field by :func:`~.serialize.copy_data`: from the
        instance's ``__dict__`` when interpreted, from the declared fields when compiled."""
        cls = type(self)
        new = cls.blank()
        names = _field_names(self)
        if names is None:
            d = new.__dict__
            for k, v in self.__dict__.items():
                if k == _SHARED:
                    d[k] = v
                elif k == _CACHE or k == _KEPT:
                    d[k] = {}
                elif k == "log":
                    d[k] = list(v)
                else:
                    d[k] = copy_data(v)
            return new
        for k in names:
            if not hasattr(self, k):  # a field this state has not set (yet)
                continue
            v = getattr(self, k)
            if k == _SHARED:
                setattr(new, k, v)
            elif k == _CACHE or k == _KEPT:
                setattr(new, k, {})
            elif k == "log":
                setattr(new, k, list(v))
            else:
                setattr(new, k, copy_data(v))
        extra = getattr(self, "__dict__", None)  # an interpreted game's fields on a compiled engine
        if extra:
            for k, v in extra.items():
                setattr(new, k, copy_data(v))
        return new

    def reset_to(self, source: State[Any, Any], kept: dict[str, Any] | None = None) -> None:
        """Make this copy of ``source`` (a :meth:`clone` of it, changed since) equal to ``source``
        again, copying back only the fields that differ. A field ``==`` calls equal (compared in C,
        a small part of what copying it costs) stays when it is also the same written out exactly
        (:mod:`marshal`), where ``==`` may miss a difference: the order of a dict's keys. ``kept``
        keeps what is known of the source's fields, for a source that does not change between
        calls. For trying one action after another on one copy (the look-ahead of :mod:`~.risk`):
        an action changes a few fields, a copy copies them all. The copy's legal actions and kept lists start
        empty, as a clone's do."""
        if kept is None:
            kept = {}
        names = _field_names(self)
        if names is None:
            _reset_fields(self.__dict__, source.__dict__, kept)
            return
        theirs = {k: getattr(source, k) for k in names if hasattr(source, k)}
        for k in names:
            if k not in theirs and hasattr(self, k):  # a field the change made
                delattr(self, k)
        mine = {k: getattr(self, k) for k in theirs if hasattr(self, k)}
        _reset_fields(mine, theirs, kept)
        for k, v in mine.items():
            setattr(self, k, v)
        extra = getattr(self, "__dict__", None)  # an interpreted game's fields on a compiled engine
        if extra is not None:
            _reset_fields(extra, source.__dict__, kept)

    @classmethod
    def blank(cls) -> Self:
        """A state of this class with no field set, for :meth:`from_position` and copies to fill in
        (``__init__`` would set up a new game). Spelled so that a compiled build makes it too."""
        return cls.__new__(cls)

    def determinize(
        self, seat: int | None, seed: int, into: State[Any, Any] | None = None
    ) -> State[Any, Any]:
        """A copy consistent with what ``seat`` knows, its hidden parts and future chance redrawn
        (``into``: a copy of another state of this game's class, reset to this one
        (:meth:`reset_to`) and used rather than a fresh copy: the same state)."""
        if into is not None and type(into) is type(self):
            into.reset_to(self)
            new = into
        else:
            new = self.clone()
        rng = Rng(seed)
        new.resample_hidden(seat, rng)
        new.rng = Rng(rng.next64())
        return new

    def _fields(self) -> dict[str, Any]:
        names = _field_names(self)
        items: Any
        if names is None:
            items = self.__dict__.items()
        else:
            items = [(k, getattr(self, k)) for k in names if hasattr(self, k)]
            items += getattr(self, "__dict__", {}).items()
        return {k: v for k, v in items if k != _SHARED and k != _CACHE and k != _KEPT and k != _UNREAD}

    def to_json(self) -> dict[str, Any]:
        """A JSON snapshot: the game's id and options plus every field of the state."""
        return {"game": self.game.id, "config": self.game.config(), "state": encode(self._fields())}

    @classmethod
    def from_fields(cls, game: Game[Any, Any], encoded: dict[str, Any]) -> State[Any, Any]:
        """Rebuild a state of this class from the ``state`` part of :meth:`to_json`."""
        new = cls.blank()
        for k, v in decode(encoded).items():
            setattr(new, k, v)
        new.game = game
        new._legal = {}
        new._kept = {}
        return new

    def state_hash(self, with_log: bool = False) -> str:
        """A fingerprint of the game's state (equal states, equal hashes). The log is left out unless
        asked for: it narrates the moves, and its wording may change while the rules do not."""
        fields = self._fields()
        if not with_log:
            del fields["log"]
        blob = json.dumps(encode(fields), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:20]

    def __eq__(self, other: object) -> bool:
        """The same game at the same moment; log lines compare in English, whichever languages each
        log is kept in (a web table keeps every language, a replay the one being read)."""
        if not (isinstance(other, State) and type(other) is type(self)):
            return False
        mine, theirs = self._fields(), other._fields()
        if mine.keys() != theirs.keys():
            return False
        return all(
            _english(v) == _english(theirs[k]) if k == "log" else v == theirs[k] for k, v in mine.items()
        )

    __hash__ = None  # type: ignore[assignment]

    # ----- log views -----------------------------------------------------------------------
    def log_for(
        self, seat: int | None, last: int | None = None, rows: dict[int, Any] | None = None
    ) -> list[dict[str, Any]]:
        """The log lines ``seat`` may read (spectator: public lines only), oldest first; with ``last``,
        the latest ``last`` of them, found from the end (a long game's page pays for what it shows,
        not for the whole log). ``rows``: the lines worded so far, which a caller keeps for the
        states of one game in one language (the lines are shared with it: read them, never change
        them); a line is worded once and the same for every reader."""
        log: list[Any] = self.log  # its entries as the tuples they are, also compiled
        if not last:
            return [
                {"step": step, "kind": kind, "text": say(text)}
                for step, kind, text, seats in log
                if seats is None or (seat is not None and seat in seats)
            ]
        shown = []
        for i in range(len(log) - 1, -1, -1):
            entry = log[i]
            seats = entry[3]
            if seats is None or (seat is not None and seat in seats):
                got = None if rows is None else rows.get(id(entry))
                if got is not None and got[0] is entry:
                    row = got[1]
                else:
                    row = {"step": entry[0], "kind": entry[1], "text": say(entry[2])}
                    if rows is not None:
                        rows[id(entry)] = (entry, row)  # the entry kept: its id names it alone
                shown.append(row)
                if len(shown) == last:
                    break
        shown.reverse()
        return shown
