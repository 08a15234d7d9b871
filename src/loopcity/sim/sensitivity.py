"""Which content values matter: ``loopcity sensitivity GAME [--metric M]``.

One at a time (the default): every number in the game's content (or those under ``--under``, or
the ``--path`` given) is moved down and up by a share of its value (``--spread``, 25%: at least 1
for a whole number), each side played on the same seeded games as the game as it stands. A value's
swing is the measure at its high value minus the measure at its low value, with a 95% interval
paired by seed; values are ranked by the size of their swing. A side the content model refuses, or
that breaks a game, is left out with the reason.

Sobol indices (``--method sobol``, with SALib): the chosen values vary together over the same low
to high ranges (Saltelli's sampling, ``--samples`` base samples: samples x (values + 2) points, whole
numbers rounded), each point on the same seeded games; the first-order index S1 is the share of the
measure's variance a value explains alone, the total index ST with its interactions.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import LoopcityError, OptionError
from .compare import paired_interval
from .content_values import NumericValue, current_value, numeric_values
from .job import command_line, make_job
from .measures import Measure, parse_measure
from .run import Backend, GameFailed, make_backend, play_range

Advance = Callable[[int], None]


def sides(value: int | float, spread: float) -> tuple[int | float | None, int | float | None]:
    """The low and high values a value is moved to: by ``spread`` of it (at least 1 for a whole
    number, ``spread`` itself for a fractional 0), never below 0 from a value that is not negative
    (no low side for a 0)."""
    if isinstance(value, int):
        step: int | float = max(1, round(spread * abs(value)))
    else:
        step = spread * abs(value) or spread
    low: int | float | None = value - step
    if value >= 0 and low is not None and low < 0:
        low = None if value == 0 else type(value)(0)
    return low, value + step


@dataclass
class Runner:
    """Plays one configured point of the analysis on the shared backend, on the same seeds."""

    game_id: str
    games: int
    bots: tuple[str, ...]
    seed: int
    players: int | None
    variant: str | None
    sets: list[str]
    content: str | Path | None
    measure: Measure
    backend: Backend
    advance: Advance | None = None

    def values(self, point: dict[str, Any]) -> list[float]:
        """The measure's per-game values at ``point`` (paths to values)."""
        point_sets = [*self.sets, *(f"{p}={json.dumps(v)}" for p, v in point.items())]
        job, _ = make_job(
            self.game_id,
            self.games,
            self.bots,
            self.seed,
            self.players,
            self.variant,
            point_sets,
            self.content,
        )
        out: list[float] = []
        try:
            play_range(
                job, self.backend, 0, self.games, lambda r: out.append(self.measure.of(r)), self.advance
            )
        except GameFailed as e:
            where = " ".join(f"{p}={json.dumps(v)}" for p, v in point.items()) or "the game as it stands"
            raise GameFailed(f"at {where}: {e}") from e
        return out


def _estimate(measure: Measure, values: list[float]) -> dict[str, Any]:
    value, low, high = measure.estimate(values)
    return {"measure": value, "ci95": [low, high]}


def one_at_a_time(runner: Runner, chosen: list[NumericValue], spread: float) -> dict[str, Any]:
    """Each value moved down and up alone; ranked by the size of the swing."""
    base = runner.values({})
    rows, skipped = [], []
    for v in chosen:
        row: dict[str, Any] = {
            "path": v.path,
            "value": v.value,
            "source": v.source,
            "low": None,
            "high": None,
        }
        at: dict[str, list[float]] = {}
        for side, x in zip(("low", "high"), sides(v.value, spread), strict=True):
            if x is None:
                continue
            try:
                at[side] = runner.values({v.path: x})
            except LoopcityError as e:
                skipped.append({"path": f"{v.path}={json.dumps(x)}", "reason": str(e).splitlines()[0]})
                continue
            row[side] = {"value": x, **_estimate(runner.measure, at[side])}
        if not at:
            row.update(swing=None, swing_ci95=None, significant=False)
        else:
            diff, low, high = paired_interval(at.get("low", base), at.get("high", base))
            row.update(swing=diff, swing_ci95=[low, high], significant=bool(low > 0 or high < 0))
        rows.append(row)
    rows.sort(key=lambda r: (r["swing"] is None, -abs(r["swing"] or 0.0), r["path"]))
    return {"baseline": _estimate(runner.measure, base), "values": rows, "skipped": skipped}


def sobol(
    runner: Runner, chosen: list[NumericValue], spread: float, samples: int, seed: int
) -> dict[str, Any]:
    """Saltelli's sampling and Sobol indices (SALib) over each value's low-to-high range."""
    try:
        from SALib.analyze import sobol as analyze
        from SALib.sample import sobol as sample
    except ImportError:
        raise OptionError("Sobol indices need SALib: pip install 'loopcity[workbench]'") from None
    ranged = []
    for v in chosen:
        low, high = sides(v.value, spread)
        ranged.append((v, v.value if low is None else low, high))
    problem = {
        "num_vars": len(ranged),
        "names": [v.path for v, _, _ in ranged],
        "bounds": [[lo, hi] for _, lo, hi in ranged],
    }
    base = runner.values({})
    points = sample.sample(problem, samples, calc_second_order=False, seed=seed)
    ys = []
    for row in points:
        point = {
            v.path: (round(x) if isinstance(v.value, int) else float(x))
            for (v, _, _), x in zip(ranged, row, strict=True)
        }
        ys.append(runner.measure.estimate(runner.values(point))[0])
    import numpy as np

    found = analyze.analyze(problem, np.array(ys), calc_second_order=False, seed=seed)
    indices: list[dict[str, Any]] = [
        {
            "path": v.path,
            "value": v.value,
            "source": v.source,
            "low": lo,
            "high": hi,
            "S1": float(found["S1"][i]),
            "S1_conf": float(found["S1_conf"][i]),
            "ST": float(found["ST"][i]),
            "ST_conf": float(found["ST_conf"][i]),
        }
        for i, (v, lo, hi) in enumerate(ranged)
    ]
    indices.sort(key=lambda r: -r["ST"] if math.isfinite(r["ST"]) else 0.0)
    return {
        "baseline": _estimate(runner.measure, base),
        "values": [],
        "skipped": [],
        "sobol": {"samples": samples, "points": len(points), "indices": indices},
    }


def choose_values(game: Any, under: list[str], paths: list[str]) -> list[NumericValue]:
    """The values to study: the ``paths`` named (each must be a number), or every number in the
    content (under the ``under`` paths when given)."""
    if paths:
        sources = {v.path: v.source for v in numeric_values(game)} if game.spec.content is not None else {}
        chosen = []
        for path in paths:
            try:
                value = current_value(game, path)
            except LoopcityError as e:
                raise OptionError(f"--path {path!r}: {e}") from None
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise OptionError(f"--path {path!r}: {path} is {value!r}, not a number")
            chosen.append(NumericValue(path, value, sources.get(path)))
        return chosen
    chosen = numeric_values(game, under)
    if not chosen:
        where = f" under {', '.join(under)}" if under else ""
        raise OptionError(f"{game.id} has no numbers in its content{where}")
    return chosen


def cost(method: str, values: int, samples: int) -> int:
    """How many points (each a run of the games) the analysis plays."""
    return 1 + (2 * values if method == "oat" else samples * (values + 2))


def sensitivity(
    game_id: str,
    games: int,
    metric: str = "team_win_rate",
    bots: list[str] | tuple[str, ...] = ("random",),
    seed: int = 0,
    players: int | None = None,
    variant: str | None = None,
    sets: list[str] | None = None,
    content: str | Path | None = None,
    under: list[str] | None = None,
    paths: list[str] | None = None,
    spread: float = 0.25,
    method: str = "oat",
    samples: int = 16,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    progress: Callable[[int], Any] | None = None,
) -> dict[str, Any]:
    """Rank the chosen content values by their effect on ``metric``. ``progress(total games)``, when
    given, is called once before any game with the number of games to play and returns the
    ``advance(n)`` callback."""
    if method not in ("oat", "sobol"):
        raise OptionError(f"--method must be 'oat' (one at a time) or 'sobol', not {method!r}")
    if not 0 < spread <= 1:
        raise OptionError(f"--spread must be above 0 and at most 1, got {spread}")
    if method == "sobol" and (samples < 2 or samples & (samples - 1)):
        raise OptionError(f"--samples must be a power of 2 (at least 2), got {samples}")
    job, game = make_job(game_id, games, bots, seed, players, variant, sets, content)
    measure = parse_measure(metric, game)
    chosen = choose_values(game, list(under or []), list(paths or []))
    total = cost(method, len(chosen), samples) * games
    advance = progress(total) if progress is not None else None
    runner = Runner(
        game_id, games, job.bots, seed, players, variant, list(sets or []), content, measure,
        make_backend(backend, workers, address), advance,
    )  # fmt: skip
    began = time.perf_counter()
    try:
        found = (
            one_at_a_time(runner, chosen, spread)
            if method == "oat"
            else sobol(runner, chosen, spread, samples, seed)
        )
    finally:
        runner.backend.close()
    note = f"down and up by {spread:.0%} of its value (at least 1 for a whole number)"
    return {
        "game": game_id,
        "metric": metric,
        "games": games,
        "seed": seed,
        "bots": list(job.bots),
        "method": method,
        "method_note": note
        if method == "oat"
        else f"together over the same ranges, Sobol indices from {samples} base samples",
        "spread": spread,
        **found,
        "command": command_line(job.to_json()).replace("loopcity simulate", "loopcity sensitivity", 1)
        + _extra_words(metric, under, paths, spread, method, samples),
        "seconds": time.perf_counter() - began,
    }


def _extra_words(
    metric: str, under: list[str] | None, paths: list[str] | None, spread: float, method: str, samples: int
) -> str:
    words = ["--metric", metric, "--spread", str(spread), "--method", method]
    if method == "sobol":
        words += ["--samples", str(samples)]
    words += [w for u in under or [] for w in ("--under", u)]
    words += [w for p in paths or [] for w in ("--path", p)]
    return " " + " ".join(words)
