"""Compare two runs: differences (B - A) of outcome rates, lengths, scores and final metrics with
95% confidence intervals.

When both runs played the same seeds (two variants run with common random numbers, as
``loopcity compare A B --game G`` does), games are paired by seed and each interval comes from the
per-seed differences, which removes most of the luck of the draw. Otherwise the runs are treated as
independent samples: Newcombe's hybrid score interval for rates, Welch's normal interval for means.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .core import wilson_interval
from .store import Run

Z = 1.96


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def _var(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    m = _mean(xs)
    return sum((x - m) ** 2 for x in xs) / (n - 1)


def paired_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """Mean of the per-pair differences ``b - a`` and its 95% normal interval."""
    d = [y - x for x, y in zip(a, b, strict=True)]
    m = _mean(d)
    half = Z * math.sqrt(_var(d) / len(d)) if d else math.nan
    return m, m - half, m + half


def welch_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """Difference of means ``mean(b) - mean(a)`` of independent samples, 95% normal interval."""
    m = _mean(b) - _mean(a)
    half = Z * math.sqrt(_var(a) / max(1, len(a)) + _var(b) / max(1, len(b)))
    return m, m - half, m + half


def newcombe_interval(ka: int, na: int, kb: int, nb: int) -> tuple[float, float, float]:
    """Difference of proportions ``kb/nb - ka/na`` with Newcombe's hybrid score 95% interval."""
    pa, pb = ka / na, kb / nb
    la, ua = wilson_interval(ka, na)
    lb, ub = wilson_interval(kb, nb)
    d = pb - pa
    return d, d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2), d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)


def _measures(run: Run, causes: list[str], seats: int, metrics: list[str]) -> dict[str, list[float]]:
    """Per-game values of every compared measure."""
    won = run.column("team_won")
    cause = run.column("cause")
    out: dict[str, list[float]] = {}
    if not all(w is None for w in won):  # a competitive game has no team: its seats' scores compare
        out["team win rate"] = [float(w is True) for w in won]
    for c in causes:
        out[f"rate ended by: {c}"] = [float(x == c) for x in cause]
    out["length (steps)"] = [float(x) for x in run.column("length")]
    rounds = run.column("rounds")
    if all(r is not None for r in rounds):
        out["rounds"] = [float(r) for r in rounds]
    scores = run.column("scores")
    for s in range(seats):
        out[f"score seat {s + 1}"] = [float(sc[s]) if s < len(sc) else math.nan for sc in scores]
    for m in metrics:
        out[f"final {m}"] = [float(t[-1]) if t else math.nan for t in run.column("metric_" + m)]
    return out


RATES = ("team win rate", "rate ended by: ")


def compare_runs(a: Run, b: Run) -> dict[str, Any]:
    """Every measure of both runs with the difference B - A and its 95% interval; paired by seed
    when both runs played the same seeds in the same order."""
    paired = a.column("seed") == b.column("seed")
    causes = sorted(set(a.column("cause")) | set(b.column("cause")))
    seats = min(
        len(a.column("scores")[0]) if a.table.num_rows else 0,
        len(b.column("scores")[0]) if b.table.num_rows else 0,
    )
    metrics = [m for m in a.metrics if m in b.metrics]
    ma, mb = _measures(a, causes, seats, metrics), _measures(b, causes, seats, metrics)
    rows = []
    for name, xa in ma.items():
        xb = mb[name]
        if paired:
            d, lo, hi = paired_interval(xa, xb)
        elif name.startswith(RATES):
            d, lo, hi = newcombe_interval(int(sum(xa)), len(xa), int(sum(xb)), len(xb))
        else:
            d, lo, hi = welch_interval(xa, xb)
        rows.append(
            {
                "measure": name,
                "a": _mean(xa),
                "b": _mean(xb),
                "diff": d,
                "ci95": [lo, hi],
                "significant": bool(lo > 0 or hi < 0),
            }
        )
    return {
        "a": {"path": str(a.path), "label": a.label, "games": a.table.num_rows},
        "b": {"path": str(b.path), "label": b.label, "games": b.table.num_rows},
        "paired": paired,
        "rows": rows,
    }
