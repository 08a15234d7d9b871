"""Observations and action masks as numpy arrays, shared by the PettingZoo, Gymnasium and OpenSpiel
adapters.

A game with an observation spec (``GameSpec.observation``, see :mod:`loopcity.engine.observation`)
gives structured tensors: named segments, every value in [0, 1], card and piece locations lined up
with the action ids that name them. A game without one falls back to the hashed encoding below.

The hashed fallback flattens the view into leaves ``(path, value)`` where a path names dict keys and
list positions (``players/2/food``). Each leaf is hashed into one of ``size`` slots (CRC-32 of the
path): a number adds its value to slot ``crc(path) % size``, a word adds 1 to slot
``crc(path + "=" + word) % size`` (a one-hot of the category); ``None`` adds nothing. Slot ``0`` holds
1 for a seated observer and the next ``players`` slots one-hot its seat. Every slot is then squashed
by ``x / (1 + |x|)`` into (-1, 1). Because it is a function of ``view(seat)`` alone, it carries
nothing the seat may not see.
"""

from __future__ import annotations

import zlib
from itertools import chain
from types import FunctionType
from typing import Any, Final

import numpy as np

from ..engine import Action, Game
from ..engine.observation import Encoder, Features, encoder_for

DEFAULT_SIZE = 1024
_SKIP_KEYS = frozenset({"log"})


def observation_size(players: int, size: int = DEFAULT_SIZE) -> int:
    """The length of the hashed fallback vector."""
    return size + 1 + players


def _leaves(value: Any, path: str, out: list[tuple[str, Any]]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in _SKIP_KEYS:
                _leaves(v, f"{path}/{k}", out)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _leaves(v, f"{path}/{i}", out)
    else:
        out.append((path, value))


def encode_view(view: dict[str, Any], seat: int | None, players: int, size: int = DEFAULT_SIZE) -> np.ndarray:
    """The hashed float32 vector of ``view`` for ``seat``, squashed into (-1, 1)."""
    vec = np.zeros(observation_size(players, size), dtype=np.float32)
    if seat is not None:
        vec[0] = 1.0
        vec[1 + seat] = 1.0
    base = 1 + players
    leaves: list[tuple[str, Any]] = []
    _leaves(view, "", leaves)
    for path, value in leaves:
        if value is None:
            continue
        if isinstance(value, (bool, int, float)):
            vec[base + zlib.crc32(path.encode()) % size] += float(value)
        else:
            vec[base + zlib.crc32(f"{path}={value}".encode()) % size] += 1.0
    return vec / (1.0 + np.abs(vec))


def _dense(
    size: int, features: Features, offset: int = 0, out: np.ndarray | None = None, scale: Scale | None = None
) -> np.ndarray:
    """``features`` written at ``offset`` into ``out`` (zero where they go) or a new zero vector."""
    vec = np.zeros(size, dtype=np.float32) if out is None else out
    if _NATIVE and features.runs:  # compiled, the runs' numpy calls cost more than this loop
        where, values = _entries(features, offset)
        if where:
            n = len(where)
            vec[np.fromiter(where, np.intp, n)] = np.fromiter(values, np.float32, n)
        return vec
    if features.hot:
        hot = np.fromiter(features.hot, np.intp, len(features.hot))
        vec[hot + offset if offset else hot] = 1.0
    if features.index:
        index = np.fromiter(features.index, np.intp, len(features.index))
        vec[index + offset if offset else index] = features.value
    if features.runs:
        index, factor = (scale or Scale()).layout(features.runs, offset)
        amounts = chain.from_iterable([run[1] for run in features.runs])
        scaled = np.fromiter(amounts, np.int64, len(index)) * factor
        vec[index] = np.minimum(np.maximum(scaled, 0.0, out=scaled), 1.0, out=scaled)
    return vec


def _entries(features: Features, offset: int) -> tuple[list[int], list[float]]:
    """Every nonzero entry of ``features`` as (index + ``offset``, value), the value as :func:`_dense`
    works it out with numpy (``amount * (1.0 / most)``, clipped to [0, 1]): the same doubles, so the
    same float32 entries. Compiled, for features with runs of amounts, this loop costs less than the
    numpy calls it replaces (one assignment for everything instead of about ten calls); without runs
    (one-hot entries and a few values) the two assignments of numpy's path cost less, and
    interpreted the loop costs more: :func:`_dense` does not use it then
    (tests/adapters/test_adapters.py compares the two)."""
    where = [i + offset for i in features.hot]
    values = [1.0] * len(where)
    for i, value in zip(features.index, features.value, strict=True):
        where.append(i + offset)
        values.append(value)
    for start, amounts, most in features.runs:
        factor = 1.0 / most
        at = start + offset
        for amount in amounts:
            if amount > 0:
                scaled = amount * factor
                where.append(at)
                values.append(scaled if scaled < 1.0 else 1.0)
            at += 1
    return where, values


_NATIVE: Final = type(_entries) is not FunctionType
"""Whether this module runs compiled (its functions are then not Python functions): :func:`_dense`
then writes features with runs of amounts in one assignment (see benchmarks/build_compiled.py)."""


class Scale:
    """Where runs of amounts go and what divides them, worked out once for each arrangement of runs
    (a run's ``most`` is fixed by its offset), so that all runs are written in one assignment."""

    def __init__(self) -> None:
        self._layouts: dict[tuple[tuple[int, int], ...], tuple[np.ndarray, np.ndarray]] = {}

    def layout(self, runs: list[tuple[int, list[int], float]], offset: int) -> tuple[np.ndarray, np.ndarray]:
        key = tuple([(start, len(amounts)) for start, amounts, _ in runs])
        hit = self._layouts.get(key)
        if hit is None:
            index = np.concatenate([np.arange(s, s + len(a)) + offset for s, a, _ in runs]).astype(np.intp)
            factor = np.concatenate([np.full(len(a), 1.0 / most) for _, a, most in runs])
            if len(self._layouts) > 10_000:
                self._layouts.clear()
            hit = self._layouts[key] = (index, factor)
        return hit


class Observer:
    """A game's observation and information-state vectors for any seat, as float32 arrays.

    ``structured`` is True when the game gives its own tensors; ``low`` and ``high`` bound every
    entry. The information-state vector is the observation followed by the game's memory segments."""

    def __init__(self, game: Game, hashed: bool = False) -> None:
        self.game = game
        self.encoder: Encoder | None = None if hashed else encoder_for(game)
        if self.encoder is not None:
            self.size = self.encoder.size
            self.memory_size = self.encoder.memory.size
            self.low, self.high = 0.0, 1.0
            self._scale = Scale()
            self._memory_scale = Scale()
        else:
            self.size = observation_size(game.players)
            self.memory_size = 0
            self.low, self.high = -1.0, 1.0

    @property
    def structured(self) -> bool:
        return self.encoder is not None

    @property
    def info_size(self) -> int:
        return self.size + self.memory_size

    def observation(self, state: Any, seat: int) -> np.ndarray:
        """What ``seat`` sees of ``state`` now."""
        if self.encoder is None:
            return encode_view(state.view(seat), seat, self.game.players)
        return _dense(self.size, self.encoder.encode(state, seat), scale=self._scale)

    def information_state(self, state: Any, seat: int) -> np.ndarray:
        """The observation followed by what ``seat`` has seen over the game (the memory segments)."""
        vec = np.zeros(self.info_size, dtype=np.float32)
        vec[: self.size] = self.observation(state, seat)
        if self.encoder is not None and self.memory_size:
            memory = self.encoder.encode_memory(state, seat)
            _dense(self.info_size, memory, self.size, vec, self._memory_scale)
        return vec

    def segments(self) -> list[dict[str, object]]:
        """The layout (name, offset, shape, description) of the observation, then of the memory."""
        if self.encoder is None:
            return [{"name": "hashed", "offset": 0, "shape": [self.size], "description": "hashed view"}]
        rows = self.encoder.layout.describe()
        for row in self.encoder.memory.describe():
            rows.append({**row, "offset": int(str(row["offset"])) + self.size, "memory": True})
        return rows


class ActionIndex:
    """Legal actions as indices and masks, with each Action's index remembered (one per game).

    Games hand out shared Action values, so the index of an action is found once and looked up by
    identity afterwards (the entry keeps the action alive, so its id cannot be reused)."""

    _LIMIT = 200_000

    def __init__(self, game: Game) -> None:
        self.space = game.spec.action_space
        self.size = self.space.size
        self._by_id: dict[int, tuple[Action, int]] = {}

    def index(self, action: Action) -> int:
        hit = self._by_id.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        i = self.space.index(action)
        if len(self._by_id) >= self._LIMIT:
            self._by_id.clear()
        self._by_id[id(action)] = (action, i)
        return i

    def legal(self, state: Any, seat: int) -> dict[int, Action]:
        """Each legal action of ``seat`` by its index (the very objects the state handed out)."""
        actions, get = state.legal_actions(seat), self._by_id.get
        out = {hit[1]: a for a in actions if (hit := get(id(a))) is not None and hit[0] is a}
        if len(out) < len(actions):
            out = {self.index(a): a for a in actions}
        return out

    def mask(self, legal: dict[int, Action] | list[int]) -> np.ndarray:
        """True for each index in ``legal`` (a bool array; ``mask.view(np.int8)`` gives 0/1 for free)."""
        mask = np.zeros(self.size, dtype=bool)
        if legal:
            mask[np.fromiter(legal, np.intp, len(legal))] = True
        return mask


def action_mask(state: Any, seat: int) -> np.ndarray:
    """1 for each action index that is legal for ``seat`` now, else 0 (int8)."""
    index = ActionIndex(state.game)
    return index.mask(index.legal(state, seat)).view(np.int8)


def next_active(active: tuple[int, ...], last: int, model: str) -> int:
    """The seat to act among ``active`` after ``last`` acted: the lowest (``team``), or the next one
    after ``last`` in seat order, round again (``seat``)."""
    if model == "team" or len(active) == 1:
        return int(active[0])
    for seat in active:
        if seat > last:
            return int(seat)
    return int(active[0])


class Turns:
    """Which seat acts next when several may: the seat model of the research adapters.

    ``team`` asks the lowest active seat, as the engine's runner does (one agent acting for the
    whole team makes every move). ``seat`` lets the active seats take turns: the next active seat
    after the one that acted last, so that in a shared phase each seat acts for itself, on whatever
    legal actions it has."""

    MODELS = ("seat", "team")

    def __init__(self, model: str = "seat") -> None:
        if model not in self.MODELS:
            raise ValueError(f"seat_model must be one of {', '.join(self.MODELS)}; got {model!r}")
        self.model = model
        self.last = -1

    def reset(self) -> None:
        self.last = -1

    def next(self, state: Any) -> int:
        return next_active(state.active_seats(), self.last, self.model)

    def acted(self, seat: int) -> None:
        self.last = seat
