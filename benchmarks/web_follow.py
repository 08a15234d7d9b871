"""What following a table costs a second server process: the CPU time per move of a process that only
shows tables whose bots play on another process on the same PostgreSQL database.

    .venv/bin/python benchmarks/web_follow.py --db postgresql://user@host/db [--tables 10 --seconds 20]

Starts two ``loopcity serve`` processes (A and B, of the tree on PYTHONPATH) on the database, makes
``--tables`` RECLAIM tables of four random bots on A (so A runs their bots and stores their moves), opens
one spectator page per table on B, and reports B's CPU time per move over ``--seconds``: what hearing of
a move stored elsewhere and sending it to one page costs (docs/performance.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve(db: str, port: int, bot_delay: float) -> subprocess.Popen[bytes]:
    args = ["serve", "--db", db, "--port", str(port), "--bot-delay", str(bot_delay)]
    return subprocess.Popen(
        [sys.executable, "-m", "loopcity.cli.main", *args, "--tables-per-minute", "10000"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def ready(base: str) -> None:
    for _ in range(600):
        try:
            if httpx.get(base + "/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"{base} did not start")


async def follow(a: str, b: str, b_pid: int, tables: int, seconds: float) -> dict[str, float]:
    made = [
        httpx.post(
            a + "/api/tables",
            json={"game": "reclaim", "seats": [{"kind": "bot", "bot": "random"}] * 4, "seed": i},
            timeout=60,
        ).json()
        for i in range(tables)
    ]
    spectators = [t["spectator"]["token"] for t in made]
    ws = b.replace("http://", "ws://")
    pages = [await websockets.connect(f"{ws}/ws/{tok}", max_size=None, open_timeout=60) for tok in spectators]

    async def read(page: websockets.ClientConnection) -> None:
        try:
            async for _ in page:
                pass
        except websockets.ConnectionClosed:
            pass

    readers = [asyncio.create_task(read(p)) for p in pages]

    def versions() -> int:
        return sum(httpx.get(f"{b}/api/state/{tok}", timeout=30).json()["version"] for tok in spectators)

    await asyncio.sleep(3)  # the pages' first messages
    v0, c0, t0 = versions(), cpu_seconds(b_pid), time.monotonic()
    await asyncio.sleep(seconds)
    c1, t1, v1 = cpu_seconds(b_pid), time.monotonic(), versions()
    for p in pages:
        await p.close()
    await asyncio.gather(*readers)
    moves = v1 - v0
    return {
        "tables": tables,
        "moves": moves,
        "seconds": round(t1 - t0, 1),
        "follower_cpu_s": round(c1 - c0, 2),
        "follower_cpu_ms_per_move": round((c1 - c0) * 1000 / max(1, moves), 2),
        "load_average": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", required=True, help="a PostgreSQL URL")
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--bot-delay", type=float, default=0.3)
    args = ap.parse_args()
    ports = [free_port(), free_port()]
    procs = [serve(args.db, port, args.bot_delay) for port in ports]
    try:
        a, b = (f"http://127.0.0.1:{port}" for port in ports)
        ready(a)
        ready(b)
        print(json.dumps(asyncio.run(follow(a, b, procs[1].pid, args.tables, args.seconds))))
    finally:
        for p in procs:
            p.send_signal(signal.SIGINT)
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()


if __name__ == "__main__":
    main()
