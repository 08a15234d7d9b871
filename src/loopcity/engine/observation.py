"""Structured observations: fixed-size numeric tensors a game fills for one seat (no numpy here).

A game that offers them sets ``GameSpec.observation`` to an :class:`ObservationSpec` whose
``encoder(game)`` builds an :class:`Encoder` for one configured game (shapes may depend on the
player count and the content). The encoder lays out named :class:`Segment` s (a board plane, the
one-hot locations of the cards, normalised scalars) and fills them sparsely: it writes the nonzero
entries into a :class:`Features` (two lists, index and value) that an adapter turns into an array.

Conventions, as in OpenSpiel's observation tensors:

- every value lies in [0, 1]: counts and amounts are divided by a stated maximum and clipped,
  categories are one-hot;
- a segment that locates things named by actions is indexed like the action's argument domain, so
  that entry ``i`` of the segment ``table`` is the card that ``recycle <domain[i]>`` names;
- an observation holds only what the seat may see (``view(seat)``); the conformance tests check it
  by redrawing the hidden state (``State.determinize``) and comparing;
- ``memory`` segments, appended after the observation in the information-state tensor, hold what
  the seat has seen over the game and can no longer see (the cards gone from view, say).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from .actions import Action
from .errors import LoopcityError

if TYPE_CHECKING:
    from .spec import Game
    from .state import State


@dataclass(frozen=True)
class Segment:
    """A named block of the observation: ``shape`` at ``offset``, with what each axis means."""

    name: str
    offset: int
    shape: tuple[int, ...]
    description: str

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


class Layout:
    """Segments laid out one after the other; :meth:`add` returns the new segment's offset."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, shape: int | Sequence[int], description: str) -> int:
        dims = (shape,) if isinstance(shape, int) else tuple(shape)
        if any(d <= 0 for d in dims):
            raise ValueError(f"segment {name!r} needs a positive shape, got {dims}")
        if any(s.name == name for s in self.segments):
            raise ValueError(f"segment {name!r} laid out twice")
        segment = Segment(name, self.size, dims, description)
        self.segments.append(segment)
        self.size += segment.size
        return segment.offset

    def segment(self, name: str) -> Segment:
        for s in self.segments:
            if s.name == name:
                return s
        raise KeyError(name)

    def describe(self) -> list[dict[str, object]]:
        """The layout as rows (name, offset, shape, description) for documentation."""
        return [
            {"name": s.name, "offset": s.offset, "shape": list(s.shape), "description": s.description}
            for s in self.segments
        ]


class Features:
    """The entries of an observation: the one-hot entries in ``hot``, single values as ``index[k]``
    holding ``value[k]``, and runs of amounts in ``runs`` as ``(offset, amounts, most)``: entry
    ``offset + i`` holds ``amounts[i] / most`` clipped to [0, 1]. Each index is written once."""

    __slots__ = ("hot", "index", "value", "runs")

    def __init__(self) -> None:
        self.hot: list[int] = []
        self.index: list[int] = []
        self.value: list[float] = []
        self.runs: list[tuple[int, list[int], float]] = []

    def one(self, i: int) -> None:
        """A one-hot entry."""
        self.hot.append(i)

    def ones(self, base: int, items: Iterable[int]) -> None:
        """One-hot entries at ``base + item`` for each of ``items`` (distinct)."""
        self.hot.extend([base + i for i in items])

    def ratio(self, i: int, amount: float, most: float) -> None:
        """``amount / most`` clipped to [0, 1] (nothing written for 0 or less)."""
        if amount > 0:
            self.index.append(i)
            self.value.append(amount / most if amount < most else 1.0)

    def run(self, offset: int, amounts: list[int], most: float) -> None:
        """``amounts[i] / most``, clipped to [0, 1], at ``offset + i`` (a whole row or plane at once).
        The amounts are whole numbers; a run at a given offset always has the same ``most``."""
        self.runs.append((offset, amounts, most))

    def as_dict(self) -> dict[int, float]:
        """Every nonzero entry by index."""
        out = dict.fromkeys(self.hot, 1.0)
        out.update(zip(self.index, self.value, strict=True))
        for offset, amounts, most in self.runs:
            for i, amount in enumerate(amounts):
                if amount > 0:
                    out[offset + i] = min(1.0, amount / most)
        return out


# Games' encoders subclass Encoder; a compiled build may compile this module and some games' encoders
# while others stay interpreted (docs/performance.md, "Compiled build").
@mypyc_attr(allow_interpreted_subclasses=True)
class Encoder:
    """A game's observation for one configured game; subclasses lay out and fill their segments.

    ``layout`` holds the observation's segments, ``memory`` (possibly empty) the segments the
    information-state tensor adds after them."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.layout = Layout()
        self.memory = Layout()
        self.players = game.players

    @property
    def size(self) -> int:
        return self.layout.size

    def add_seat(self) -> int:
        """The usual first segment: which seat observes (one-hot over the players)."""
        return self.layout.add("seat", self.players, "the observing seat, one-hot")

    def add_ballot(self) -> int:
        """The table's open question (a :mod:`~loopcity.engine.table` ballot in ``state.ballot``): the
        action put to the table, one-hot at its action id (when the question names one), who asks, who
        is asked, and each seat's yes and no so far."""
        self._asked: dict[str, int] = {}
        size = self.game.spec.action_space.size
        self.o_ballot = self.layout.add(
            "ballot",
            size + 4 * self.players,
            f"the action put to the table (one-hot over the {size} action ids), who asks, who is asked, "
            "each seat's yes, each seat's no",
        )
        return self.o_ballot

    def write_ballot(self, state: State[Any, Any], out: Features) -> None:
        """Fill the segment of :meth:`add_ballot` from ``state.ballot`` (nothing when no question is open)."""
        ballot = getattr(state, "ballot", None)
        if ballot is None:
            return
        o, n, space = self.o_ballot, self.players, self.game.spec.action_space
        data = ballot["data"]
        named = data.get("action", ballot["subject"]) if isinstance(data, dict) else ballot["subject"]
        index = self._asked.get(named)
        if index is None:
            try:
                index = space.index(Action.parse(named))
            except LoopcityError:
                index = -1
            self._asked[named] = index
        if index >= 0:
            out.one(o + index)
        o += space.size
        out.one(o + ballot["by"])
        out.ones(o + n, ballot["asked"])
        for seat, said in ballot["votes"].items():
            out.one(o + (2 if said == "yes" else 3) * n + int(seat))

    def observe(self, state: State[Any, Any], seat: int, out: Features) -> None:
        """Write ``seat``'s observation of ``state`` (indices into ``layout``)."""
        raise NotImplementedError

    def remember(self, state: State[Any, Any], seat: int, out: Features) -> None:
        """Write what ``seat`` has seen and can no longer see (indices into ``memory``)."""

    def encode(self, state: State[Any, Any], seat: int) -> Features:
        out = Features()
        self.observe(state, seat, out)
        return out

    def encode_memory(self, state: State[Any, Any], seat: int) -> Features:
        out = Features()
        self.remember(state, seat, out)
        return out


@dataclass(frozen=True)
class ObservationSpec:
    """How to build a game's :class:`Encoder` for a configured game, and what its seats models are.

    ``seat_models`` says, in words, how the game's shared phases read under the two seat models of
    the research adapters (``team``: one agent acts for every seat; ``seat``: each seat for itself)."""

    encoder: Callable[[Game[Any, Any]], Encoder]
    seat_models: str = ""


_ENCODERS: weakref.WeakKeyDictionary[Game[Any, Any], Encoder] = weakref.WeakKeyDictionary()


def encoder_for(game: Game[Any, Any]) -> Encoder | None:
    """The game's encoder, built once per configured game; None when the game has no observation spec."""
    spec = game.spec.observation
    if spec is None:
        return None
    enc = _ENCODERS.get(game)
    if enc is None:
        enc = _ENCODERS[game] = spec.encoder(game)
    return enc


def positions(domain: Sequence[object]) -> dict[object, int]:
    """Each value of an action argument's domain with its position (the index a segment uses)."""
    return {v: i for i, v in enumerate(domain)}
