"""A move's database write in a worker thread while the event loop's thread is busy in Python, by the
interpreter's switch interval (docs/performance.md, "The interpreter's lock handed over every 0.1 ms").

The web server runs each database call in a worker thread (``TableManager.stored``); the thread
gives the interpreter's lock up for each call into SQLite and asks for it back after. While the
loop's thread builds messages, it keeps the lock until the switch interval has passed, so a write
waits about one interval for each of those calls. This prints the write's wall clock and its own
CPU time, the loop's thread kept busy all the while, for each interval given::

    python benchmarks/write_handoff.py                 # Python's 5 ms, 0.5 ms, 0.1 ms, 0.05 ms
    python benchmarks/write_handoff.py 0.0005 0.0001 --writes 1000
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

from loopcity.web.db import Database


def measure(interval: float, writes: int) -> tuple[list[float], list[float]]:
    """Wall clock and CPU time (seconds) of ``writes`` moves stored one after another by a worker
    thread, with the switch interval ``interval`` and the main thread busy."""
    with tempfile.TemporaryDirectory(prefix="loopcity-handoff-") as folder:
        return _measure(Database(f"sqlite:///{Path(folder) / 'handoff.db'}"), interval, writes)


def _measure(db: Database, interval: float, writes: int) -> tuple[list[float], list[float]]:
    db.create_table("handoff", "tiny", {}, 1, [{"kind": "person"}], {}, [])
    walls: list[float] = []
    cpus: list[float] = []
    done = threading.Event()

    def busy() -> None:  # the loop's thread, building messages
        total = 0
        while not done.is_set():
            for i in range(1000):
                total += i

    def writer() -> None:
        for version in range(writes):
            wall, cpu = time.perf_counter(), time.thread_time()
            db.add_move("handoff", version, 0, "pass", False)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.thread_time() - cpu)
            time.sleep(0.002)  # the next move comes a little later

    before = sys.getswitchinterval()
    sys.setswitchinterval(interval)
    try:
        loop = threading.Thread(target=busy)
        loop.start()
        worker = threading.Thread(target=writer)
        worker.start()
        worker.join()
        done.set()
        loop.join()
    finally:
        sys.setswitchinterval(before)
        db.dispose()
    return walls, cpus


def _ms(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[round(share * (len(ordered) - 1))] * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("intervals", nargs="*", type=float, default=[0.005, 0.0005, 0.0001, 0.00005])
    ap.add_argument("--writes", type=int, default=400)
    args = ap.parse_args()
    for interval in args.intervals:
        walls, cpus = measure(interval, args.writes)
        print(
            f"switch interval {interval * 1000:g} ms: the write's wall clock p50 {_ms(walls, 0.5):.2f} "
            f"p90 {_ms(walls, 0.9):.2f} p99 {_ms(walls, 0.99):.2f} ms, its CPU p50 {_ms(cpus, 0.5):.2f} ms"
        )


if __name__ == "__main__":
    main()
