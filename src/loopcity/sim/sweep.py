"""Sweeps: the same games (same seeds) over a grid of settings, each point compared with the first.

``--vary PATH=V1,V2,...`` (or a JSON/TOML list, ``PATH=[[1, 2], [1, 2, 3]]`` for list values) gives
the values of one option or content value; several ``--vary`` make the grid of every combination.
Every point plays the same seeds (common random numbers), so its difference from the first point is
paired by seed.
"""

from __future__ import annotations

import itertools
import json
import tempfile
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from ..engine import OptionError
from .compare import compare_runs
from .job import SimJob, make_job, parse_value
from .run import make_backend, simulate
from .store import load_run

Progress = Callable[[str, int], AbstractContextManager[Callable[[int], None]]]


def parse_vary(item: str) -> tuple[str, list[Any]]:
    """``PATH=V1,V2`` or ``PATH=[V1, V2]`` as (path, values)."""
    path, eq, text = item.partition("=")
    path, text = path.strip(), text.strip()
    if not eq or not path or not text:
        raise OptionError(f"--vary {item!r}: write PATH=V1,V2,... or PATH=[V1, V2, ...]")
    if text.startswith("["):
        values = parse_value(text)
        if not isinstance(values, list):
            raise OptionError(f"--vary {item!r}: {text!r} is not a list")
    else:
        values = [parse_value(t.strip()) for t in text.split(",")]
    if not values:
        raise OptionError(f"--vary {item!r}: no values")
    return path, values


def grid(varies: list[str]) -> list[dict[str, Any]]:
    """Every combination of the varied values, first value of each first."""
    axes = [parse_vary(v) for v in varies]
    if not axes:
        raise OptionError("name at least one --vary PATH=V1,V2,...")
    return [
        dict(zip((p for p, _ in axes), combo, strict=True))
        for combo in itertools.product(*(v for _, v in axes))
    ]


def sweep(
    game_id: str,
    games: int,
    varies: list[str],
    bots: list[str] | tuple[str, ...] = ("random",),
    seed: int = 0,
    players: int | None = None,
    variant: str | None = None,
    sets: list[str] | None = None,
    content: str | Path | None = None,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    out: str | Path | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Run every point of the grid on the same seeds (each checked before any game runs) and return
    each point's summary with its paired difference from the first point."""
    points = grid(varies)
    jobs: list[tuple[SimJob, Any]] = []
    for point in points:
        point_sets = [*(sets or []), *(f"{p}={json.dumps(v)}" for p, v in point.items())]
        jobs.append(make_job(game_id, games, bots, seed, players, variant, point_sets, content))
    runner = make_backend(backend, workers, address)
    rows = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(out) if out else Path(tmp)
            for k, (point, (job, game)) in enumerate(zip(points, jobs, strict=True)):
                label = " ".join(f"{p}={json.dumps(v)}" for p, v in point.items())
                if progress is None:
                    summary = simulate(job, game, runner, out=str(folder / f"p{k}"))
                else:
                    with progress(label, games) as advance:
                        summary = simulate(job, game, runner, out=str(folder / f"p{k}"), progress=advance)
                vs_first = compare_runs(load_run(folder / "p0"), load_run(folder / f"p{k}"))
                rows.append(
                    {
                        "point": point,
                        "folder": str(folder / f"p{k}") if out else None,
                        "summary": summary,
                        "vs_first": {r["measure"]: r for r in vs_first["rows"]},
                    }
                )
    finally:
        runner.close()
    result = {"game": game_id, "games": games, "seed": seed, "bots": list(bots), "points": rows}
    if out:
        (Path(out) / "sweep.json").write_text(json.dumps(result, indent=1, default=str))
    return result
