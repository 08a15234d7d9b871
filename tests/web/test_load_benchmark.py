"""The load benchmark (``benchmarks/web_load.py``) runs against a real server process and reports the
figures docs/performance.md quotes: moves, server CPU a move, and how long a move takes to be
acknowledged and to be shown, on the mover's page and on another seat's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load(*args: str) -> dict:
    """The benchmark's figures for two tables of the test game run with ``args``."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "web_load.py"), "--game", "tiny", "--tables", "2", *args]
        + ["--json"],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_load_benchmark_plays_tables_and_reports_what_a_person_waits_for():
    figures = load("--seconds", "4")
    assert figures["tables"] == 2 and figures["failed_seats"] == 0
    assert figures["moves"] > 0 and figures["server_cpu_ms_per_move"] > 0
    for kind in ("latency_ms", "seen_ms", "shown_ms"):
        waits = figures[kind]
        assert 0 < waits["p50"] <= waits["p99"] <= waits["max"], (kind, waits)
    assert figures["message_kb"]["later_over_16"] == 0  # every patch small


def test_the_load_benchmark_runs_classes_with_their_dashboards_and_walls():
    """``--classes``: the tables are classes with a student at every seat, and each class's dashboard
    and wall fetch their parts as those pages do, timed from the first move."""
    figures = load("--classes", "1", "--think", "2", "--seconds", "8")
    assert figures["classes"] == 1 and figures["failed_seats"] == 0 and figures["moves"] > 0
    pages = figures["class_pages"]
    assert pages["fetches"] >= 2 and 0 < pages["ms"]["p50"] <= pages["ms"]["max"]
    assert 0 < figures["server_cpu_per_s"] < 2


def test_the_handoff_benchmark_stores_moves_while_the_loops_thread_is_busy_and_gives_the_interval_back():
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "write_handoff.py"), "0.0005", "0.0001", "--writes", "20"],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = out.stdout.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == ["switch interval 0.5 ms", "switch interval 0.1 ms"]
    for line in lines:
        assert "the write's wall clock p50" in line and "its CPU p50" in line, line


def test_the_handoff_benchmark_measures_every_write_and_restores_the_interval():
    import importlib.util

    spec = importlib.util.spec_from_file_location("write_handoff", ROOT / "benchmarks" / "write_handoff.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    before = sys.getswitchinterval()
    walls, cpus = bench.measure(0.0005, 15)
    assert len(walls) == len(cpus) == 15
    assert all(wall > 0 for wall in walls) and all(cpu >= 0 for cpu in cpus)
    assert sys.getswitchinterval() == before
