"""Actions: small frozen values with a stable text form, a JSON form and an integer index.

An action is a ``kind`` and a tuple of arguments (ints or lower-case words), e.g. ``craft composter``,
``move 14`` or ``trade 2 wood``. Its text form is the words joined by spaces; ``Action.parse`` reads it
back exactly. A game declares every kind and the finite domain of each argument in an
:class:`ActionSpace`, which gives each possible action a stable integer index for RL action masks.

Arguments are named and typed: a kind declares a ``NamedTuple`` of its arguments, and
:meth:`ActionKind.read` gives an action's arguments as that tuple (``MOVE.read(a).cell``), so rules
read named fields, never ``int(action.args[0])``. :class:`Handlers` is the one way from a kind to the
function that carries it out.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Any, Final, Generic, NamedTuple, TypeVar, overload

from .errors import MalformedAction


def _(message: str) -> str:
    """``message`` in the reader's language (:func:`loopcity.engine.text._`, imported when first
    needed: that module builds on this one)."""
    from .text import _ as translated

    return translated(message)


Arg = int | str


def _is_int_word(word: str) -> bool:
    return word.lstrip("-").isdigit() and word.count("-") <= 1 and not word.endswith("-")


class Action:
    """One step a seat may take. Compound choices are split into several actions.

    A small immutable value: equal, and hashed alike, when its kind and arguments are. (A plain class
    with slots rather than a frozen dataclass, so that the compiled build compiles it too; its fields
    are ``Final``: the type checker refuses an assignment, and compiled they have no setter.)"""

    __slots__ = ("kind", "args")

    def __init__(self, kind: str, args: tuple[Arg, ...] = ()) -> None:
        self.kind: Final = kind
        self.args: Final = args

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        return f"Action(kind={self.kind!r}, args={self.args!r})"

    def __reduce__(self) -> tuple[type[Action], tuple[str, tuple[Arg, ...]]]:
        return (Action, (self.kind, self.args))

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(map(str, self.args))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action's text form: ``kind arg arg ...``; integer words become ints."""
        if not isinstance(text, str):
            raise MalformedAction(
                _("an action is text such as 'move 3', not {type}").format(type=type(text).__name__)
            )
        words = text.split()
        if not words:
            raise MalformedAction(_("empty action: type an action such as 'move 3'"))
        kind, rest = words[0], words[1:]
        if _is_int_word(kind):
            raise MalformedAction(
                _("an action starts with its kind, not a number: {text!r}").format(text=text)
            )
        return cls(kind, tuple(int(w) if _is_int_word(w) else w for w in rest))

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise MalformedAction(
                _("an action's JSON form is {form}, got {data!r}").format(
                    form="{'kind': str, 'args': [...]}", data=data
                )
            )
        args = data.get("args", [])
        if not isinstance(args, list) or not all(
            isinstance(a, (int, str)) and not isinstance(a, bool) for a in args
        ):
            raise MalformedAction(
                _("action 'args' must be a list of ints and words, got {args!r}").format(args=args)
            )
        return cls(data["kind"], tuple(args))


def offered(action: Action, legal: Sequence[Action]) -> bool:
    """``action in legal``, looked for first by identity: the rules hand out one shared object per
    action, so this finds it without calling ``Action.__eq__`` on every action before it."""
    return any(map(is_, legal, repeat(action))) or action in legal


def act(kind: str, *args: Arg) -> Action:
    """Shorthand: ``act("move", 3)``."""
    return Action(kind, args)


@dataclass(frozen=True)
class Clock:
    """A wall-clock rule carried by an argument-less action kind (RECLAIM's event timer, SUSTAIN's
    discussion clock). Its action is never a seat's choice: ``State.legal_actions`` leaves it out and
    ``State.apply`` refuses it; a timer plays it with ``State.apply_clock`` once its minutes have
    passed while it stayed available (the web server, the terminal; simulation counts moves instead,
    see :mod:`loopcity.engine.clocks`).

    Its minutes come from, first to last: the game option named ``option`` (a table's own choice);
    the server's setting for this kind of clock when the operator gives one (``loopcity serve
    --timer-minutes`` for a repeating timer, ``--clock-minutes`` for a countdown); the content value
    at the dotted path ``content``; else ``minutes``, the server's default.
    """

    minutes: float
    """the default period in minutes"""
    repeats: bool = False
    """True: a timer that rings again and again (an event timer); False: a countdown closing a phase"""
    option: str | None = None
    """a game option holding the minutes (used when above 0)"""
    content: str | None = None
    """a dotted path into the game's content holding the minutes (e.g. ``table.timer_minutes``)"""
    counts: str = ""
    """what the countdown counts down to, in words for a clock face ("next Event", marked for
    translation with ``N_``), as in: next Event in 7:12"""
    runs_if: Callable[[Mapping[str, Any]], bool] | None = None
    """the tables, by their options, at which the clock runs at all (None: every table; with
    ``option``, a table whose option is 0 has no clock)"""

    def runs(self, options: Mapping[str, Any]) -> bool:
        """Whether the clock runs at a table with these (resolved) options."""
        if self.option is not None and not options.get(self.option):
            return False
        return self.runs_if is None or bool(self.runs_if(options))


class NoArgs(NamedTuple):
    """The arguments of a kind that takes none."""


A = TypeVar("A", bound=tuple[Any, ...])
S = TypeVar("S")

_new_tuple = tuple.__new__


class ActionKind(Generic[A]):
    """One kind of action: its name, the finite domain of each argument, and the ``NamedTuple`` that
    names and types the arguments (``args``; :class:`NoArgs` for a kind without any); ``clock`` makes
    it a wall-clock action (see :class:`Clock`); ``ready`` marks the action by which a seat says it is
    done in a shared phase (a bot holds it while people at the table are still deciding).

    Immutable once declared (its fields are ``Final``); equal only to itself. A plain class rather
    than a frozen dataclass, so that the compiled build compiles it too."""

    def __init__(
        self,
        name: str,
        params: tuple[tuple[str, Sequence[Arg]], ...] = (),
        help: str = "",
        args: type[A] = NoArgs,  # type: ignore[assignment]
        clock: Clock | None = None,
        ready: bool = False,
    ) -> None:
        self.name: Final = name
        self.params: Final = params
        self.help: Final = help
        self.args: Final = args
        self.clock: Final = clock
        self.ready: Final = ready
        self._actions: Final[dict[tuple[Arg, ...], Action]] = {}
        self._every: Final[list[tuple[Action, ...]]] = []

    def __repr__(self) -> str:
        return (
            f"ActionKind(name={self.name!r}, params={self.params!r}, help={self.help!r}, "
            f"args={self.args!r}, clock={self.clock!r}, ready={self.ready!r})"
        )

    def size(self) -> int:
        n = 1
        for _n, domain in self.params:
            n *= len(domain)
        return n

    def read(self, action: Action) -> A:
        """The action's arguments as this kind's named tuple (the action is one of this kind). An
        action made by calling the kind carries that tuple already, so reading it costs nothing."""
        args = action.args
        if type(args) is self.args:
            return args
        return _new_tuple(self.args, args)

    def __call__(self, *args: Arg) -> Action:
        """The action of this kind with these arguments, one shared object per argument tuple. Its
        arguments are this kind's named tuple (equal to the plain tuple: text, JSON, index and hash
        are the same)."""
        action = self._actions.get(args)
        if action is None:
            action = self._actions[args] = Action(self.name, _new_tuple(self.args, args))
        return action

    def actions(self) -> tuple[Action, ...]:
        """Every action of this kind, in the order of the argument domains (as their indices)."""
        if not self._every:
            combos: list[tuple[Arg, ...]] = [()]
            for _name, domain in self.params:
                combos = [(*c, v) for c in combos for v in domain]
            self._every.append(tuple(self(*c) for c in combos))
        return self._every[0]


@overload
def kind(
    name: str, help: str = "", *, clock: Clock | None = None, ready: bool = False
) -> ActionKind[NoArgs]: ...
@overload
def kind(
    name: str,
    help: str,
    args: type[A],
    *,
    clock: Clock | None = None,
    ready: bool = False,
    **params: Iterable[Arg],
) -> ActionKind[A]: ...
def kind(
    name: str,
    help: str = "",
    args: type[Any] | None = None,
    *,
    clock: Clock | None = None,
    ready: bool = False,
    **params: Iterable[Arg],
) -> ActionKind[Any]:
    """Declare an action kind: ``kind("move", "move to a tile", Move, tile=range(37))``, where
    ``class Move(NamedTuple): tile: int`` names and types the arguments in order; a wall-clock action
    names its clock: ``kind("alarm", "the timer rang", clock=Clock(10, repeats=True))``."""
    fields: tuple[str, ...] = getattr(args, "_fields", ()) if args is not None else ()
    if args is None and params:
        raise TypeError(f"action kind {name!r}: arguments {', '.join(params)} need a NamedTuple naming them")
    if tuple(params) != fields:
        raise TypeError(
            f"action kind {name!r}: domains {', '.join(params) or '(none)'} do not match "
            f"the fields of {getattr(args, '__name__', '?')}: {', '.join(fields) or '(none)'}"
        )
    return ActionKind(
        name, tuple((p, tuple(d)) for p, d in params.items()), help, args or NoArgs, clock, ready
    )


Handler = Callable[[S, int, A], None]


class Handlers(Generic[S]):
    """The one way from an action kind to the function that carries it out.

    A game makes one ``HANDLERS = Handlers[MyState]()`` and marks each function with the kind it
    handles: ``@HANDLERS.on(MOVE)`` over ``def move(state, seat, a: Move) -> None``. The state's
    ``_apply`` is then ``HANDLERS.apply``; :meth:`missing` names the kinds nobody handles."""

    def __init__(self) -> None:
        self._by_name: dict[str, tuple[type[Any], Callable[[S, int, Any], None]]] = {}

    def on(self, kind: ActionKind[A]) -> Callable[[Handler[S, A]], Handler[S, A]]:
        """Mark a function as the handler of ``kind``."""

        def mark(fn: Handler[S, A]) -> Handler[S, A]:
            if kind.name in self._by_name:
                raise ValueError(f"action kind {kind.name!r} has two handlers")
            self._by_name[kind.name] = (kind.args, fn)
            return fn

        return mark

    def apply(self, state: S, seat: int, action: Action) -> None:
        """Carry out ``action`` (already checked legal) with its kind's handler."""
        args_type, fn = self._by_name[action.kind]
        args = action.args
        fn(state, seat, args if type(args) is args_type else _new_tuple(args_type, args))

    def missing(self, space: ActionSpace) -> list[str]:
        """The kinds of ``space`` that have no handler."""
        return [k.name for k in space.kinds if k.name not in self._by_name]


class ActionSpace:
    """Every action a game can ever name, each with a stable index (kinds in order, args mixed-radix)."""

    def __init__(self, kinds: Sequence[ActionKind[Any]]) -> None:
        self.kinds = tuple(kinds)
        self._by_name: dict[str, tuple[int, ActionKind[Any], tuple[dict[Arg, int], ...]]] = {}
        offset = 0
        for k in self.kinds:
            if k.name in self._by_name:
                raise ValueError(f"action kind {k.name!r} declared twice")
            if k.clock is not None and k.params:
                raise ValueError(f"clock action {k.name!r} takes no arguments")
            positions = tuple({v: i for i, v in enumerate(domain)} for _n, domain in k.params)
            self._by_name[k.name] = (offset, k, positions)
            offset += k.size()
        self.size = offset
        self._offsets = [self._by_name[k.name][0] for k in self.kinds]
        self.clocks: dict[str, Clock] = {k.name: k.clock for k in self.kinds if k.clock is not None}
        """The wall-clock action kinds by name (empty for most games)."""
        self.ready = frozenset(k.name for k in self.kinds if k.ready)
        """The kinds by which a seat says it is done in a shared phase."""

    def kind(self, name: str) -> ActionKind[Any]:
        """The declared kind called ``name``."""
        entry = self._by_name.get(name)
        if entry is None:
            raise KeyError(f"no action kind {name!r}")
        return entry[1]

    def validate(self, action: object) -> Action:
        """Return the action if the game can name it at all, else raise MalformedAction saying why."""
        if not isinstance(action, Action):
            raise MalformedAction(f"expected an Action, got {type(action).__name__}")
        entry = self._by_name.get(action.kind)
        if entry is None:
            known = ", ".join(k.name for k in self.kinds)
            raise MalformedAction(
                _("unknown action {kind!r}; this game's actions are: {known}").format(
                    kind=action.kind, known=known
                )
            )
        _offset, k, positions = entry
        if len(action.args) != len(k.params):
            names = " ".join(f"<{p}>" for p, _d in k.params)
            raise MalformedAction(
                _("{kind!r} takes {n} argument(s): {form}")
                .format(kind=action.kind, n=len(k.params), form=f"{k.name} {names}".rstrip())
                .rstrip()
            )
        for (pname, domain), pos, value in zip(k.params, positions, action.args, strict=True):
            if value not in pos:
                shown = ", ".join(map(str, domain[:12])) + (" ..." if len(domain) > 12 else "")
                raise MalformedAction(
                    _("{kind} <{name}> must be one of {values}; got {value!r}").format(
                        kind=action.kind, name=pname, values=shown, value=value
                    )
                )
        return action

    def index(self, action: Action) -> int:
        """The action's stable integer index (raises MalformedAction for one the game cannot name)."""
        offset, k, positions = self._by_name[self.validate(action).kind]
        i = 0
        for (_n, domain), pos, value in zip(k.params, positions, action.args, strict=True):
            i = i * len(domain) + pos[value]
        return offset + i

    def action(self, index: int) -> Action:
        """The action with this index."""
        if not 0 <= index < self.size:
            raise MalformedAction(f"action index {index} is outside 0..{self.size - 1}")
        ki = bisect.bisect_right(self._offsets, index) - 1
        k = self.kinds[ki]
        rest = index - self._offsets[ki]
        args: list[Arg] = []
        for _n, domain in reversed(k.params):
            rest, pos = divmod(rest, len(domain))
            args.append(domain[pos])
        return Action(k.name, tuple(reversed(args)))
