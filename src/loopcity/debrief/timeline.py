"""A game's moves replayed once into a :class:`Timeline` that any step can be read from.

A game is its seed and moves, so the state after ``k`` moves is the seed replayed ``k`` moves on. A
timeline replays the moves once, keeping a snapshot every ``SNAP_EVERY`` moves, the round and the
game's metrics after every move and where each move's log lines end; a step's state is then a
snapshot plus at most ``SNAP_EVERY - 1`` moves.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from ..engine import Action, Game, Record, State
from ..engine.state import LogEntry

SNAP_EVERY = 16


@dataclass
class Timeline:
    """A table's game replayed: ``rounds[k]``, ``metrics[k]`` and ``log_end[k]`` after ``k`` moves."""

    game: Game
    seed: int
    moves: list[tuple[int, str]]
    snaps: list[State]
    rounds: list[int]
    metrics: list[dict[str, float]]
    log_end: list[int]
    final: State

    @property
    def steps(self) -> int:
        """The number of moves (the last step)."""
        return len(self.moves)

    @property
    def log(self) -> list[LogEntry]:
        return self.final.log

    @property
    def finished(self) -> bool:
        return self.final.is_terminal()

    def state_at(self, k: int) -> State:
        """The state after ``k`` moves (a fresh copy the caller may change)."""
        k = max(0, min(k, self.steps))
        state = self.snaps[k // SNAP_EVERY].clone()
        for seat, text in self.moves[(k // SNAP_EVERY) * SNAP_EVERY : k]:
            state.apply_recorded(seat, Action.parse(text))
        return state

    def entries(self, k: int) -> list[LogEntry]:
        """The log lines of move ``k`` (1..steps: the action and what followed it; 0: the setup)."""
        start = self.log_end[k - 1] if k > 0 else 0
        return self.log[start : self.log_end[k]]

    def visible(self, entries: list[LogEntry], seat: int | None) -> list[LogEntry]:
        """The lines of ``entries`` that ``seat`` may read (spectator: public lines only)."""
        return [e for e in entries if e[3] is None or (seat is not None and seat in e[3])]

    def round_starts(self) -> dict[int, int]:
        """The first step of each round."""
        out: dict[int, int] = {}
        for k, r in enumerate(self.rounds):
            out.setdefault(r, k)
        return out

    def next_event(self, k: int, seat: int | None, direction: int = 1) -> int | None:
        """The nearest step after (or, with direction -1, before) ``k`` whose lines hold a chance
        event that ``seat`` may read."""
        rng = range(k + 1, self.steps + 1) if direction > 0 else range(k - 1, -1, -1)
        for j in rng:
            if any(e[1] == "chance" for e in self.visible(self.entries(j), seat)):
                return j
        return None


def game_hooks(game: Game) -> ModuleType | None:
    """The game's debrief rules: the module ``debrief`` beside the game's state class (e.g.
    ``loopcity.games.resourced.debrief``), or None. See docs/debrief.md for what it may define."""
    package = game.spec.state_class.__module__.rpartition(".")[0]
    if not package:  # a game in a module of its own has no rules beside it
        return None
    try:
        return importlib.import_module(f"{package}.debrief")
    except ImportError:
        return None


def _metrics(state: State, hooks: ModuleType | None) -> dict[str, float]:
    """The game's metrics plus the extra figures its debrief rules ask for (``figures(state)``)."""
    out: dict[str, float] = {}
    fns = [state.game.spec.metrics, getattr(hooks, "figures", None)]
    for fn in fns:
        if fn is None:
            continue
        try:
            out.update({str(k): float(v) for k, v in fn(state).items()})
        except Exception:
            continue
    return out


def build(game: Game, seed: int, moves: list[tuple[int, str]]) -> Timeline:
    """Replay ``moves`` from ``seed`` once, keeping snapshots, rounds, metrics and log positions."""
    hooks = game_hooks(game)
    state = game.new_state(seed)
    snaps = [state.clone()]
    rounds = [int(getattr(state, "round", 0) or 0)]
    metrics = [_metrics(state, hooks)]
    log_end = [len(state.log)]
    for i, (seat, text) in enumerate(moves, start=1):
        state.apply_recorded(seat, Action.parse(text))
        if i % SNAP_EVERY == 0:
            snaps.append(state.clone())
        rounds.append(int(getattr(state, "round", 0) or 0))
        metrics.append(_metrics(state, hooks))
        log_end.append(len(state.log))
    return Timeline(game, seed, list(moves), snaps, rounds, metrics, log_end, state)


def from_record(record: Record) -> Timeline:
    """The timeline of a saved game record."""
    return build(record.new_game(), record.seed, list(record.moves))
