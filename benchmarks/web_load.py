"""Load benchmark of the web app: N concurrent tables, every seat played by a random bot over its own
WebSocket on loopback. Prints move latency percentiles (send -> acknowledgement, which comes after
the move is stored and broadcast to the table) and moves per second.

    .venv/bin/python benchmarks/web_load.py --tables 50 --seconds 30 [--game ID]

The server runs in its own process (uvicorn, one worker, SQLite in a temporary folder unless --db).
With no game installed, or with --game tiny, it plays the engine's test game from tests/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVER = """
import sys, uvicorn
sys.path.insert(0, {tests!r})
from loopcity.web import create_app
from loopcity.web.settings import Settings
import importlib
from tiny_game import SPEC
extra = [SPEC] + [
    getattr(importlib.import_module(m), a) for m, a in (x.split(":") for x in {extra!r})
]
# one client makes every table and plays every seat: lift the per-client limits
settings = Settings(tables_per_minute=100_000, ws_messages_per_second=1_000, max_live_tables=10_000)
app = create_app({db!r}, bot_delay=0, extra_games=extra, settings=settings)
run = lambda: uvicorn.run(app, host="127.0.0.1", port={port}, log_level="warning", ws_per_message_deflate=False)
if {profile!r}:
    import cProfile, signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # uvicorn re-raises it after shutting down
    cProfile.run("run()", {profile!r})
else:
    run()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_json(url: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def pick_game(base: str, wanted: str | None) -> dict:
    games = http_json(base + "/api/games")
    if wanted:
        return next(g for g in games if g["id"] == wanted)
    real = [g for g in games if g["id"] != "tiny"]
    return (real or games)[0]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.conflicts = 0
        self.refused = 0
        self.finished = 0


async def play_seat(
    url: str,
    seat: int,
    stats: Stats,
    stop: float,
    rng: random.Random,
    think: float = 0.0,
    check_version: bool = False,
) -> None:
    import websockets

    async with websockets.connect(url, max_size=None, compression=None) as ws:
        sent_at: float | None = None
        last: dict | None = None
        while time.monotonic() < stop:
            try:
                msg = json.loads(
                    await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic()))
                )
            except TimeoutError:
                return
            kind = msg["type"]
            if kind == "state":
                if last is None or msg["version"] >= last["version"]:
                    last = msg
                if msg["finished"]:
                    if seat == 0:
                        stats.finished += 1
                    return
            elif kind == "ack" and sent_at is not None:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "refused":
                sent_at = None
                if msg["status"] == 409:
                    stats.conflicts += 1
                else:
                    stats.refused += 1
            if sent_at is None and last is not None and last["your_turn"] and not last["finished"]:
                chosen = rng.choice(
                    last["legal"]
                )  # {"action", "label", "group"} (action text: older servers)
                action = chosen["action"] if isinstance(chosen, dict) else chosen
                if think:
                    await asyncio.sleep(think * (0.5 + rng.random()))
                sent_at = time.perf_counter()
                move = {"type": "act", "action": action}
                if check_version:
                    move["version"] = last["version"]
                await ws.send(json.dumps(move))
                last = {**last, "your_turn": False}


def create_table(base: str, game: dict, players: int, seed: int, options: dict) -> dict:
    body = {
        "game": game["id"],
        "players": players,
        "seats": [{"kind": "human"}] * players,
        "seed": seed,
        "options": options,
    }
    return http_json(base + "/api/tables", body)


async def run_table(
    base: str, ws_base: str, table: dict, args: argparse.Namespace, stats: Stats, stop: float, seed: int
) -> None:
    """Play the table with a random bot per seat; when it ends, open a new one until time is up."""
    while time.monotonic() < stop:
        rng = random.Random(seed)
        await asyncio.gather(
            *(
                play_seat(
                    f"{ws_base}/ws/{s['token']}",
                    s["seat"],
                    stats,
                    stop,
                    random.Random(rng.random()),
                    args.think,
                    args.check_version,
                )
                for s in table["seats"]
            )
        )
        seed += 10_000
        if time.monotonic() < stop:
            game, players, options = args.table_setup
            table = await asyncio.to_thread(create_table, base, game, players, seed, options)


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU time of a process so far (Linux /proc), or None where it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


async def main_async(args: argparse.Namespace, base: str, pid: int | None = None) -> dict:
    game = pick_game(base, args.game)
    players = args.players or game["default_players"]
    options = dict(kv.split("=", 1) for kv in args.option)
    if game["id"] == "tiny" and not options:
        options = {"pile": 60}  # longer games, so the figures are about moves rather than set-ups
    args.table_setup = (game, players, options)
    tables = [create_table(base, game, players, 1000 + i, options) for i in range(args.tables)]
    stats = Stats()
    cpu0 = cpu_seconds(pid)
    start = time.monotonic()
    stop = start + args.seconds
    ws_base = base.replace("http://", "ws://")
    await asyncio.gather(
        *(run_table(base, ws_base, t, args, stats, stop, 1000 + i) for i, t in enumerate(tables))
    )
    elapsed = time.monotonic() - start
    cpu1 = cpu_seconds(pid)
    server_cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    ms = [x * 1000 for x in stats.latencies]
    return {
        "game": game["id"],
        "players": players,
        "options": options,
        "tables": args.tables,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "moves": len(ms),
        "moves_per_s": round(len(ms) / elapsed, 1),
        "latency_ms": {
            "p50": round(percentile(ms, 0.50), 1),
            "p90": round(percentile(ms, 0.90), 1),
            "p99": round(percentile(ms, 0.99), 1),
            "max": round(max(ms), 1) if ms else None,
            "mean": round(statistics.fmean(ms), 1) if ms else None,
        },
        "server_cpu_s": None if server_cpu is None else round(server_cpu, 2),
        "server_cpu_ms_per_move": round(server_cpu * 1000 / len(ms), 2)
        if server_cpu is not None and ms
        else None,
        "load_average": round(os.getloadavg()[0], 1),
        "games_finished": stats.finished,
        "version_conflicts": stats.conflicts,
        "other_refusals": stats.refused,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--game", default=None, help="game id (default: the first installed game)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--option", action="append", default=[], help="a game option NAME=VALUE (repeatable)")
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a bot waits before each move (0: as fast as the server answers)",
    )
    ap.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument(
        "--check-version",
        action="store_true",
        help="send each move with the version it was chosen at (stale ones are refused with 409)",
    )
    ap.add_argument("--profile", default="", help="write the server's cProfile statistics to this file")
    ap.add_argument(
        "--register",
        action="append",
        default=[],
        help="also serve a game that is not installed (MODULE:SPEC)",
    )
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/load.db"
        code = SERVER.format(
            tests=str(ROOT / "tests"), db=db, port=port, extra=args.register, profile=args.profile
        )
        server = subprocess.Popen([sys.executable, "-c", code], env={**os.environ, "PYTHONUNBUFFERED": "1"})
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    http_json(base + "/api/games")
                    break
                except OSError:
                    time.sleep(0.1)
            result = asyncio.run(main_async(args, base, server.pid))
        finally:
            server.terminate()
            server.wait(10)
    if args.json:
        print(json.dumps(result))
        return
    lat = result["latency_ms"]
    print(
        f"{result['game']}: {result['tables']} tables x {result['players']} seats over WebSockets, "
        f"{result['seconds']} s, think {result['think_s']} s"
    )
    print(
        f"moves: {result['moves']}  ({result['moves_per_s']} moves/s), games finished: {result['games_finished']}"
    )
    print(f"move latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}")
    print(
        f"server CPU: {result['server_cpu_s']} s ({result['server_cpu_ms_per_move']} ms per move), "
        f"load average {result['load_average']}"
    )
    print(f"version conflicts: {result['version_conflicts']}, other refusals: {result['other_refusals']}")


if __name__ == "__main__":
    main()
