"""Result folders: ``results.parquet`` (one row per game) and ``run.json`` (the job and its summary).

Columns: ``index``, ``seed``, ``team_won``, ``cause``, ``length`` (steps), ``rounds``, ``winners``
(list), ``scores`` (list, one per seat), one ``metric_<name>`` list per metric the game records (its
value after each round, starting with the set-up), ``actions`` (a map from action kind, and
``kind word``, to the number of uses in that game) and ``winner_actions`` (the same over the moves
of the winning seats).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..engine import Game, OptionError
from .core import GameResult

RESULTS = "results.parquet"
META = "run.json"
METRIC = "metric_"


def metric_names(game: Game) -> list[str]:
    """The metrics a game records (read from its set-up position)."""
    fn = game.spec.metrics
    return sorted(fn(game.new_state(0))) if fn is not None else []


def schema(metrics: list[str]) -> pa.Schema:
    """The Parquet schema of a run whose game records ``metrics``."""
    fields = [
        pa.field("index", pa.int64()),
        pa.field("seed", pa.int64()),
        pa.field("team_won", pa.bool_()),
        pa.field("cause", pa.string()),
        pa.field("length", pa.int64()),
        pa.field("rounds", pa.int64()),
        pa.field("winners", pa.list_(pa.int64())),
        pa.field("scores", pa.list_(pa.float64())),
        *(pa.field(METRIC + m, pa.list_(pa.float64())) for m in metrics),
        pa.field("actions", pa.map_(pa.string(), pa.int64())),
        pa.field("winner_actions", pa.map_(pa.string(), pa.int64())),
    ]
    return pa.schema(fields)


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


class ResultWriter:
    """Streams results to ``out/results.parquet`` in row groups of ``batch`` games.

    The metric columns are those of the game's set-up position plus any other metric named in the
    first row group; a metric first seen later is left out (a game's metrics keep the same names)."""

    def __init__(self, out: str | Path, metrics: list[str], batch: int = 2000) -> None:
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.metrics = list(metrics)
        self.batch = batch
        self._rows: list[GameResult] = []
        self._writer: pq.ParquetWriter | None = None

    def add(self, result: GameResult) -> None:
        """Add one game's row."""
        self._rows.append(result)
        if len(self._rows) >= self.batch:
            self._flush()

    def _flush(self) -> None:
        if not self._rows:
            return
        rows = self._rows
        if self._writer is None:
            seen = {k for r in rows for row in r.metrics for k in row}
            self.metrics += sorted(seen - set(self.metrics))
            self.schema = schema(self.metrics)
            self._writer = pq.ParquetWriter(self.out / RESULTS, self.schema)
        cols: dict[str, list[Any]] = {
            "index": [r.index for r in rows],
            "seed": [r.seed for r in rows],
            "team_won": [r.team_won for r in rows],
            "cause": [r.cause for r in rows],
            "length": [r.length for r in rows],
            "rounds": [r.rounds for r in rows],
            "winners": [r.winners for r in rows],
            "scores": [r.scores for r in rows],
        }
        for m in self.metrics:
            cols[METRIC + m] = [[_number(row.get(m)) for row in r.metrics] for r in rows]
        cols["actions"] = [list(r.actions.items()) for r in rows]
        cols["winner_actions"] = [list(r.winner_actions.items()) for r in rows]
        self._writer.write_table(pa.table(cols, schema=self.schema))
        self._rows = []

    def close(self, meta: dict[str, Any]) -> None:
        """Write the last rows and ``run.json``."""
        self._flush()
        if self._writer is None:  # no game at all: an empty table
            self._writer = pq.ParquetWriter(self.out / RESULTS, schema(self.metrics))
        self._writer.close()
        (self.out / META).write_text(json.dumps(meta, indent=1, default=str))


@dataclass
class Run:
    """A result folder read back: its ``run.json`` and its table."""

    path: Path
    meta: dict[str, Any]
    table: pa.Table

    @property
    def metrics(self) -> list[str]:
        return [c[len(METRIC) :] for c in self.table.column_names if c.startswith(METRIC)]

    def column(self, name: str) -> list[Any]:
        return self.table.column(name).to_pylist()

    @property
    def label(self) -> str:
        job = self.meta.get("job", {})
        opts = job.get("options", {})
        bits = [job.get("game", "?")]
        bits += [f"{k}={v}" for k, v in opts.items() if k != "overrides"]
        bits += [f"{k}={v}" for k, v in opts.get("overrides", {}).items()]
        return " ".join(map(str, bits))


def load_run(path: str | Path) -> Run:
    """Read a result folder written by ``loopcity simulate --out``."""
    folder = Path(path)
    if not (folder / RESULTS).is_file():
        raise OptionError(f"{folder}: not a result folder (no {RESULTS}; make one with simulate --out)")
    meta = json.loads((folder / META).read_text()) if (folder / META).is_file() else {}
    return Run(folder, meta, pq.read_table(folder / RESULTS))
