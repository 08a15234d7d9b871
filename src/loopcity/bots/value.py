"""A fitted position value for games without an ``evaluate`` hook, learned from their own metrics.

Every game reports per-round figures through ``GameSpec.metrics`` (waste pile, resources, indicators).
``fit`` plays seeded games with the game's heuristic bot, records those figures each time the round
changes, and fits by ridge least squares a linear model of the game's final reward (the team's mean
reward on the [-1, 1] scale of :func:`loopcity.bots.mcts.rewards`) on the figures, each figure also
multiplied by the progress of the game (the round over the longest game's rounds), so that a figure
may weigh differently early and late. The fitted weights live in the game's own folder, in the file
its ``GameSpec.fitted_value`` names; ``python -m loopcity.bots.value GAME --games 200`` refits one game.

The value is the same for every seat: it estimates the team's prospects, not a seat's standing among
the others. A game's own ``GameSpec.evaluate`` hook always takes precedence.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine import Game, State, load_game
from .mcts import rewards

_loaded: dict[Path, dict[str, Any] | None] = {}


def _entry(path: Path | None) -> dict[str, Any] | None:
    """The fitted weights kept in ``path`` (read once), or None without a file."""
    if path is None:
        return None
    if path not in _loaded:
        _loaded[path] = json.loads(path.read_text()) if path.exists() else None
    return _loaded[path]


class FittedValue:
    """``value(state, seat)``: the fitted linear estimate of the final reward, clipped to [-1, 1]."""

    def __init__(self, entry: dict[str, Any], metrics: Callable[[State], dict[str, float]]) -> None:
        self.names: list[str] = entry["features"]
        self.mean: list[float] = entry["mean"]
        self.scale: list[float] = entry["scale"]
        self.weights: list[float] = entry["weights"]
        self.rounds: float = entry["rounds"]
        self.metrics = metrics

    def features(self, figures: dict[str, float]) -> list[float]:
        """Bias, progress, each standardized figure, and each figure times progress."""
        t = min(1.0, figures.get("round", 0.0) / self.rounds)
        xs = [
            (figures.get(n, 0.0) - m) / s for n, m, s in zip(self.names, self.mean, self.scale, strict=True)
        ]
        return [1.0, t, *xs, *(x * t for x in xs)]

    def __call__(self, state: State, seat: int) -> float:
        x = self.features(self.metrics(state))
        v = sum(w * f for w, f in zip(self.weights, x, strict=True))
        return -1.0 if v < -1.0 else 1.0 if v > 1.0 else v


def fitted_value(game: Game) -> FittedValue | None:
    """The fitted value of ``game`` when one is stored and the game has metrics, else None."""
    entry = _entry(game.spec.fitted_value)
    metrics = game.spec.metrics
    if entry is None or metrics is None:
        return None
    return FittedValue(entry, metrics)


def _samples(game: Game, games: int, bot: str, seed: int) -> list[tuple[dict[str, float], float]]:
    from . import make_bot  # the bots package imports this module

    metrics = game.spec.metrics
    assert metrics is not None, f"{game.id} has no metrics hook"
    rows: list[tuple[dict[str, float], float]] = []
    for g in range(games):
        state = game.new_state(seed + g)
        agents = [make_bot(bot, game, s, seed + g) for s in range(game.players)]
        seen: list[dict[str, float]] = [metrics(state)]
        last = getattr(state, "round", None)
        while not state.is_terminal():
            seat = state.active_seats()[0]
            state.apply(seat, agents[seat].choose(state, seat))
            r = getattr(state, "round", None)
            if r != last:
                last = r
                seen.append(metrics(state))
        outcome = state.outcome()
        assert outcome is not None
        target = sum(rewards(outcome, game.players, game.spec.cooperative)) / game.players
        mean_score = sum(outcome.scores) / len(outcome.scores) if outcome.scores else 0.0
        rows.extend(
            (f, target if outcome.team_won is not False else -1.0 - max(0.0, mean_score)) for f in seen
        )
    # a loss is shaped as in the search: -1 + 0.2 * mean score / the best mean score of a loss
    high = max([1.0] + [-1.0 - y for _, y in rows if y <= -1.0])
    return [(f, y if y > -1.0 else -1.0 + 0.2 * max(0.0, -1.0 - y) / high) for f, y in rows]


def fit(
    game_id: str, games: int = 200, bot: str = "heuristic", seed: int = 0, **options: Any
) -> dict[str, Any]:
    """Fit the value of ``game_id`` from ``games`` games of ``bot``; returns the table entry."""
    game = load_game(game_id, **options)
    rows = _samples(game, games, bot, seed)
    names = sorted(n for n in rows[0][0] if n != "round")
    n = len(rows)
    mean = [sum(f.get(k, 0.0) for f, _ in rows) / n for k in names]
    scale = [
        max(1e-6, (sum((f.get(k, 0.0) - m) ** 2 for f, _ in rows) / n) ** 0.5)
        for k, m in zip(names, mean, strict=True)
    ]
    rounds = max(1.0, max(f.get("round", 0.0) for f, _ in rows))
    entry: dict[str, Any] = {"features": names, "mean": mean, "scale": scale, "rounds": rounds}
    model = FittedValue({**entry, "weights": [0.0] * (2 + 2 * len(names))}, lambda s: {})
    xs = [model.features(f) for f, _ in rows]
    ys = [y for _, y in rows]
    entry["weights"] = _ridge(xs, ys, 1.0)
    pred = [max(-1.0, min(1.0, sum(w * v for w, v in zip(entry["weights"], x, strict=True)))) for x in xs]
    entry["fitted_on"] = {"games": games, "bot": bot, "rows": n, "config": game.config()}
    entry["rmse"] = (sum((p - y) ** 2 for p, y in zip(pred, ys, strict=True)) / n) ** 0.5
    entry["target_sd"] = (sum((y - sum(ys) / n) ** 2 for y in ys) / n) ** 0.5
    return entry


def _ridge(xs: list[list[float]], ys: list[float], lam: float) -> list[float]:
    """Weights minimizing squared error plus ``lam`` times the squared weights (bias excepted)."""
    k = len(xs[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys, strict=True):
        for i in range(k):
            xi = x[i]
            if xi:
                b[i] += xi * y
                row = a[i]
                for j in range(k):
                    row[j] += xi * x[j]
    for i in range(1, k):
        a[i][i] += lam
    return _solve(a, b)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][k] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(k)]


def main(argv: list[str] | None = None) -> None:
    """Command line: refit one game's value and store it in the game's own folder."""
    p = argparse.ArgumentParser(prog="python -m loopcity.bots.value", description=__doc__)
    p.add_argument("game")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--bot", default="heuristic")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    path = load_game(a.game).spec.fitted_value
    if path is None:
        p.error(f"{a.game} names no file for a fitted value (GameSpec.fitted_value)")
    entry = fit(a.game, a.games, a.bot, a.seed)
    path.write_text(json.dumps(entry, indent=1, sort_keys=True) + "\n")
    _loaded.pop(path, None)
    print(
        json.dumps(
            {
                "game": a.game,
                "rows": entry["fitted_on"]["rows"],
                "rmse": entry["rmse"],
                "target_sd": entry["target_sd"],
            }
        )
    )


if __name__ == "__main__":
    main()
