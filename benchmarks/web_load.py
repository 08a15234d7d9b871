"""Load benchmark of the web app: N concurrent tables, every seat played by a random bot over its own
WebSocket on loopback. Prints move latency percentiles (send -> acknowledgement, which comes once the
move is stored and queued for the table's pages, and send -> the mover's page showing the
move), moves per second and the server's CPU time per move,
all counted from the first move (not from before the tables were made and their pages connected).
Connections are retried with back-off, a seat that cannot connect is counted rather than ending the
run, and ``--out FILE`` appends each run's figures as a JSON line.

    .venv/bin/python benchmarks/web_load.py --tables 50 --seconds 30 [--game ID]

The server runs in its own process (uvicorn, one worker, SQLite in a temporary folder unless --db).
With no game installed, or with --game tiny, it plays the engine's test game from tests/.

Several processes on one PostgreSQL database, as a school deploys them (docs/deploying.md):

    .venv/bin/python benchmarks/web_load.py --processes 2 --db postgresql://user@host/db --tables 40

starts two server processes on the database and spreads each table's seats over them (``--spread
seats``, the default: every move is made on one process and reaches pages on the other, as when a
reverse proxy sends each phone to any process) or keeps each table on one process (``--spread
tables``). Server CPU is added up over the processes. ``--attach --port A --port B`` measures servers
already running.

Classes, as a school runs them (docs/classroom.md):

    .venv/bin/python benchmarks/web_load.py --classes 5 --tables 30 --think 10

makes the tables as five classes of six, each with its teacher's dashboard and its projector's wall
open: they fetch their parts every 2.5 and 3 seconds as those pages do (with the ETag of the part
they have), and the figures add how long those fetches took, how much they carried, how many found
nothing new, and the server's CPU per second of the run.
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
import urllib.error
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
try:  # the server's own uvicorn options where the code has them (limits, frame size)
    from loopcity.web.app import uvicorn_options
    options = uvicorn_options(settings)
except ImportError:
    options = {{"ws_per_message_deflate": False}}
run = lambda: uvicorn.run(app, host="127.0.0.1", port={port}, log_level="warning", **options)
if {profile!r}:
    import cProfile, signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # uvicorn re-raises it after shutting down
    cProfile.run("run()", {profile!r})
else:
    run()
"""


def _delta():  # noqa: ANN202
    """The patch module of this tree (loaded by its path: the server measured may be another tree)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("delta", ROOT / "src" / "loopcity" / "web" / "delta.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


delta = _delta()


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
    def __init__(self, pid: int | list[int] | None = None) -> None:
        self.latencies: list[float] = []
        self.shown: list[float] = []
        """from a move's sending to seat 0's page showing it (one page of the table, whoever moved):
        :class:`Shown`"""
        self.seen: list[float] = []
        """from a move's sending to the mover's page showing it: the first message of the version the
        acknowledgement gives the move or a later one (the page does not wait for the acknowledgement:
        a message that came before it counts from its own arrival). Where seats choose at once, a
        message of a later version than the one the move was chosen on may show another seat's move
        only."""
        self.conflicts = 0
        self.refused = 0
        self.finished = 0
        self.connect_retries = 0
        self.failed_seats = 0
        self.pid = pid
        self.first_move: float | None = None
        """when the first move was sent (time.monotonic()), and the server's CPU time then: the
        figures count from there, not from before the tables were made and their pages connected"""
        self.cpu0: float | None = None
        self.sizes: list[int] = []
        """the length of every state or patch message received"""
        self.later: list[int] = []
        """the length of every state or patch message a page received after its first"""
        self.patches = 0
        self.polls: list[float] = []
        """how long each fetch of a class's dashboard or wall took (from the first move on)"""
        self.polled: list[int] = []
        """the bytes each of those fetches carried"""
        self.unchanged = 0

    def received(self, size: int, kind: str, first: bool = False) -> None:
        """Count a message a page received (state and patch messages: the table's)."""
        if kind in ("state", "patch"):
            self.sizes.append(size)
            if not first:
                self.later.append(size)
            self.patches += kind == "patch"

    def moving(self) -> None:
        if self.first_move is None:
            self.first_move = time.monotonic()
            self.cpu0 = cpu_seconds(self.pid)


async def connect(url: str, stats: Stats, stop: float, tries: int = 8):  # noqa: ANN201
    """Open a page's WebSocket, trying again with back-off: a server busy accepting hundreds of
    connections may be slow to answer a handshake, and one slow handshake must not end the run."""
    import websockets

    delay = 0.2
    for attempt in range(tries):
        try:
            return await websockets.connect(url, max_size=None, compression=None, open_timeout=30)
        except (OSError, TimeoutError, websockets.exceptions.InvalidHandshake):
            if attempt == tries - 1 or time.monotonic() + delay >= stop:
                raise
            stats.connect_retries += 1
            await asyncio.sleep(delay * (0.5 + random.random()))
            delay = min(delay * 2, 5.0)
    raise AssertionError("unreachable")


class Shown:
    """When one page of a table (seat 0's) shows each move, anyone's: from the move's sending to the
    first message of the version its acknowledgement gives it, or a later one."""

    def __init__(self) -> None:
        self.waiting: list[tuple[int, float]] = []
        """acknowledged moves the page has not shown yet: their versions, when each was sent"""
        self.arrived: list[tuple[int, float]] = []
        """the page's latest messages: their versions, when each came"""

    def acknowledged(self, version: int, sent_at: float, stats: Stats) -> None:
        came = next((at for v, at in self.arrived if v >= version), None)
        if came is not None:
            stats.shown.append(came - sent_at)
        else:
            self.waiting.append((version, sent_at))

    def arrives(self, version: int, now: float, stats: Stats) -> None:
        self.arrived.append((version, now))
        del self.arrived[:-64]
        stats.shown += [now - sent_at for v, sent_at in self.waiting if v <= version]
        self.waiting = [(v, sent_at) for v, sent_at in self.waiting if v > version]


async def play_seat(
    url: str,
    seat: int,
    stats: Stats,
    stop: float,
    rng: random.Random,
    think: float = 0.0,
    check_version: bool = False,
    shown: Shown | None = None,
) -> None:
    try:
        ws = await connect(url, stats, stop)
    except Exception:
        stats.failed_seats += 1
        return
    async with ws:
        sent_at: float | None = None
        moved: float | None = None  # when the last move was sent, until its page shows it
        since: list[tuple[int, float]] = []  # the versions the page got since then, and when
        shows: int | None = None  # the move's version, from its acknowledgement
        # a move chosen while its bot thinks: when it is sent, what, and on which version
        thought: tuple[float, str, int] | None = None
        last: dict | None = None
        has: dict | None = None
        while time.monotonic() < stop:
            if thought is not None and time.monotonic() >= thought[0]:  # done thinking: send the move
                _due, action, version = thought
                thought = None
                stats.moving()
                sent_at = time.perf_counter()
                moved, shows = sent_at, None
                since.clear()
                move = {"type": "act", "action": action}
                if check_version:
                    move["version"] = version
                await ws.send(json.dumps(move))
                continue
            wait = stop - time.monotonic() if thought is None else thought[0] - time.monotonic()
            try:  # the page reads on while its bot thinks (a recv cancelled loses no message)
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.001, wait))
                msg = json.loads(text)
            except TimeoutError:
                if thought is not None:
                    continue
                return
            except Exception:  # the connection went (the server dropped a page that fell behind)
                stats.failed_seats += 1
                return
            kind = msg["type"]
            stats.received(len(text), kind, first=has is None)
            if kind == "patch":  # what changed since the message the page has
                assert has is not None and has["ref"] == msg["base"], "a patch to another message"
                msg = has = delta.apply(has, msg["o"])
                kind = "state"
            elif kind == "state":
                has = msg
            if kind == "state":
                if last is None or msg["version"] >= last["version"]:
                    last = msg
                if shown is not None and seat == 0:  # seat 0's page: when it shows each move, anyone's
                    shown.arrives(msg["version"], time.perf_counter(), stats)
                if moved is not None:
                    now = time.perf_counter()
                    if shows is None:  # not acknowledged yet: the acknowledgement says which version
                        since.append((msg["version"], now))
                    elif msg["version"] >= shows:
                        stats.seen.append(now - moved)
                        moved = shows = None
                if msg["finished"]:
                    if seat == 0:
                        stats.finished += 1
                    return
            elif kind == "ack" and sent_at is not None:
                stats.latencies.append(time.perf_counter() - sent_at)
                if shown is not None:
                    shown.acknowledged(msg["version"], sent_at, stats)
                sent_at = None
                if moved is not None:
                    shows = msg["version"]
                    came = next((at for version, at in since if version >= shows), None)
                    if came is not None:  # the page showed the move before its acknowledgement came
                        stats.seen.append(came - moved)
                        moved = shows = None
            elif kind == "refused":
                sent_at = moved = shows = None
                if msg["status"] == 409:
                    stats.conflicts += 1
                else:
                    stats.refused += 1
            if (
                sent_at is None
                and thought is None
                and last is not None
                and last["your_turn"]
                and not last["finished"]
            ):
                chosen = rng.choice(
                    last["legal"]
                )  # {"action", "label", "group"} (action text: older servers)
                action = chosen["action"] if isinstance(chosen, dict) else chosen
                pause = think * (0.5 + rng.random()) if think else 0.0
                thought = (time.monotonic() + pause, action, last["version"])
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


def create_class(base: str, game: dict, players: int, tables: int, options: dict) -> tuple[str, list[dict]]:
    """A class of ``tables`` tables with a student at every seat: the teacher's token and the tables,
    each seat with its link."""
    body = {"game": game["id"], "players": players, "tables": tables, "options": options}
    made = http_json(base + "/api/classes", body)
    for n in range(tables * players):  # a student at every seat, by name, as the phones join
        http_json(base + "/api/join", {"code": made["join_code"], "name": f"Student {n + 1:02d}"})
    return made["token"], http_json(f"{base}/api/classes/{made['token']}")["tables"]


def fetch_part(url: str, tag: str | None) -> tuple[int, int, str | None]:
    """A part a class's page fetches again: its status, its length and its ETag."""
    req = urllib.request.Request(url, headers={"If-None-Match": tag} if tag else {})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, len(r.read()), r.headers.get("ETag")
    except urllib.error.HTTPError as e:
        if e.code != 304:
            raise
        return 304, 0, tag


async def follow_part(url: str, every: float, stats: Stats, stop: float) -> None:
    """Fetch a class page's part every ``every`` seconds until ``stop``, as the page does."""
    tag = None
    await asyncio.sleep(random.random() * every)
    while time.monotonic() < stop:
        began = time.monotonic()
        status, size, tag = await asyncio.to_thread(fetch_part, url, tag)
        if stats.first_move is not None:
            stats.polls.append(time.monotonic() - began)
            stats.polled.append(size)
            stats.unchanged += status == 304
        await asyncio.sleep(every)


async def run_table(
    base: str,
    seat_bases: list[str],
    table: dict,
    args: argparse.Namespace,
    stats: Stats,
    stop: float,
    seed: int,
) -> None:
    """Play the table with a random bot per seat (seat ``i`` through the server ``seat_bases[i]``);
    when it ends, open a new one until time is up."""
    while time.monotonic() < stop:
        rng = random.Random(seed)
        shown = Shown()  # when seat 0's page shows this table's moves
        await asyncio.gather(
            *(
                play_seat(
                    f"{seat_bases[s['seat']].replace('http://', 'ws://')}/ws/{s['token']}",
                    s["seat"],
                    stats,
                    stop,
                    random.Random(rng.random()),
                    args.think,
                    args.check_version,
                    shown,
                )
                for s in table["seats"]
            )
        )
        seed += 10_000
        if time.monotonic() < stop:
            game, players, options = args.table_setup
            table = await asyncio.to_thread(create_table, base, game, players, seed, options)


def cpu_seconds(pid: int | list[int] | None) -> float | None:
    """User + system CPU time of a process so far (Linux /proc), added up over several processes, or
    None where it cannot be read."""
    if isinstance(pid, list):
        each = [cpu_seconds(p) for p in pid]
        return None if not each or None in each else sum(x for x in each if x is not None)
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _percentiles(ms: list[float]) -> dict[str, float | None]:
    return {
        "p50": round(percentile(ms, 0.50), 1),
        "p90": round(percentile(ms, 0.90), 1),
        "p99": round(percentile(ms, 0.99), 1),
        "max": round(max(ms), 1) if ms else None,
    }


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def spread(bases: list[str], mode: str, table: dict, index: int) -> list[str]:
    """The server each seat of the ``index``-th table plays through: seat by seat round the servers
    (``seats``), or every seat on one (``tables``)."""
    n = len(bases)
    return [bases[(index + (i if mode == "seats" else 0)) % n] for i in range(len(table["seats"]))]


async def main_async(
    args: argparse.Namespace, base: str | list[str], pid: int | list[int] | None = None
) -> dict:
    bases = [base] if isinstance(base, str) else list(base)
    base = bases[0]
    pids = [] if pid is None else [pid] if isinstance(pid, int) else list(pid)
    game = pick_game(base, args.game)
    players = args.players or game["default_players"]
    options = dict(kv.split("=", 1) for kv in args.option)
    if game["id"] == "tiny" and not options:
        options = {"pile": 60}  # longer games, so the figures are about moves rather than set-ups
    args.table_setup = (game, players, options)
    parts: list[tuple[str, float]] = []  # the classes' pages that fetch their parts again
    if args.classes:
        tables = []
        for k in range(args.classes):
            where = bases[k % len(bases)]
            token, made = create_class(
                where, game, players, len(range(k, args.tables, args.classes)), options
            )
            tables += made
            parts += [(f"{where}/class/{token}/tables", 2.5), (f"{where}/class/{token}/wall/tables", 3.0)]
    else:
        tables = [
            create_table(bases[i % len(bases)], game, players, 1000 + i, options) for i in range(args.tables)
        ]
    stats = Stats(pids)
    client_cpu = time.process_time()
    start = time.monotonic()
    stop = start + args.seconds
    runs = asyncio.gather(
        *(
            run_table(bases[i % len(bases)], spread(bases, args.spread, t, i), t, args, stats, stop, 1000 + i)
            for i, t in enumerate(tables)
        ),
        *(follow_part(url, every, stats, stop) for url, every in parts),
        return_exceptions=True,
    )
    try:
        await runs
    except (asyncio.CancelledError, KeyboardInterrupt):  # stopped early: report what was measured
        runs.cancel()
    end = time.monotonic()
    client_cpu = time.process_time() - client_cpu
    cpu1 = cpu_seconds(pids)
    began = stats.first_move if stats.first_move is not None else start
    elapsed = max(1e-9, end - began)
    server_cpu = None if stats.cpu0 is None or cpu1 is None else cpu1 - stats.cpu0
    ms = [x * 1000 for x in stats.latencies]
    return {
        "game": game["id"],
        "players": players,
        "options": options,
        "tables": args.tables,
        "processes": len(bases),
        "spread": args.spread if len(bases) > 1 else None,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "moves": len(ms),
        "moves_per_s": round(len(ms) / elapsed, 1),
        "latency_ms": {**_percentiles(ms), "mean": round(statistics.fmean(ms), 1) if ms else None},
        "seen_ms": _percentiles([x * 1000 for x in stats.seen]),
        "shown_ms": _percentiles([x * 1000 for x in stats.shown]),
        "server_cpu_s": None if server_cpu is None else round(server_cpu, 2),
        "server_cpu_ms_per_move": round(server_cpu * 1000 / len(ms), 2)
        if server_cpu is not None and ms
        else None,
        "client_cpu_s": round(client_cpu, 2),
        "load_average": round(os.getloadavg()[0], 1),
        "messages": len(stats.sizes),
        "patches": stats.patches,
        "message_kb": {
            "mean": round(statistics.fmean(stats.sizes) / 1024, 1) if stats.sizes else None,
            "p99": round(percentile(stats.sizes, 0.99) / 1024, 1) if stats.sizes else None,
            "max": round(max(stats.sizes) / 1024, 1) if stats.sizes else None,
            "later_mean": round(statistics.fmean(stats.later) / 1024, 2) if stats.later else None,
            "later_max": round(max(stats.later) / 1024, 1) if stats.later else None,
            "later_over_16": sum(x > 16 * 1024 for x in stats.later),
        },
        "games_finished": stats.finished,
        "version_conflicts": stats.conflicts,
        "other_refusals": stats.refused,
        "connect_retries": stats.connect_retries,
        "failed_seats": stats.failed_seats,
        "server_cpu_per_s": None if server_cpu is None else round(server_cpu / elapsed, 3),
        "classes": args.classes,
        "class_pages": {
            "fetches": len(stats.polls),
            "ms": _percentiles([x * 1000 for x in stats.polls]),
            "kb_mean": round(statistics.fmean(stats.polled) / 1024, 1) if stats.polled else None,
            "unchanged": stats.unchanged,
        }
        if args.classes
        else None,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--game", default=None, help="game id (default: the first installed game)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument(
        "--classes",
        type=int,
        default=0,
        help="make the tables as this many classes, each with its dashboard and wall fetching their parts",
    )
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
        "--port",
        type=int,
        action="append",
        default=[],
        help="the port of a server (default: free ones); repeat it for several processes",
    )
    ap.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes to start on --db (more than one needs PostgreSQL)",
    )
    ap.add_argument(
        "--spread",
        choices=["seats", "tables"],
        default="seats",
        help="with several processes: each table's seats round the processes, or each table on one",
    )
    ap.add_argument(
        "--attach",
        action="store_true",
        help="use the server already listening on --port instead of starting one (--pid: its process)",
    )
    ap.add_argument(
        "--pid", type=int, action="append", default=[], help="an attached server's process, for its CPU"
    )
    ap.add_argument("--out", default="", help="append the figures as one JSON line to this file")
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
    if args.attach and not args.port:
        ap.error("--attach needs --port")
    count = len(args.port) if args.attach else max(args.processes, len(args.port), 1)
    if count > 1 and not args.attach and not (args.db or "").startswith(("postgresql", "postgres:")):
        ap.error("several processes share a PostgreSQL database: give --db postgresql://...")
    ports = list(args.port) + [free_port() for _ in range(count - len(args.port))]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    with tempfile.TemporaryDirectory() as tmp:
        servers: list[subprocess.Popen] = []
        try:
            if not args.attach:
                db = args.db or f"sqlite:///{tmp}/load.db"
                env = {**os.environ, "PYTHONUNBUFFERED": "1"}
                for i, port in enumerate(ports):
                    profile = f"{args.profile}.{i}" if args.profile and count > 1 else args.profile
                    code = SERVER.format(
                        tests=str(ROOT / "tests"), db=db, port=port, extra=args.register, profile=profile
                    )
                    servers.append(subprocess.Popen([sys.executable, "-c", code], env=env))
            for base in bases:
                for _ in range(300):
                    try:
                        http_json(base + "/api/games")
                        break
                    except OSError:
                        time.sleep(0.1)
            pids = [s.pid for s in servers] if servers else list(args.pid) or None
            result = asyncio.run(main_async(args, bases, pids))
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                server.wait(10)
    if args.out:
        with open(args.out, "a") as f:
            f.write(json.dumps(result) + "\n")
    if args.json:
        print(json.dumps(result))
        return
    lat = result["latency_ms"]
    print(
        f"{result['game']}: {result['tables']} tables x {result['players']} seats over WebSockets, "
        f"{result['seconds']} s, think {result['think_s']} s, {result['processes']} server process(es)"
        + (f" (seats spread by {result['spread']})" if result["spread"] else "")
    )
    print(
        f"moves: {result['moves']}  ({result['moves_per_s']} moves/s), games finished: {result['games_finished']}"
    )
    print(f"move latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}")
    seen = result["seen_ms"]
    print(
        f"until the mover's page shows the move, ms: p50 {seen['p50']}  p90 {seen['p90']}  "
        f"p99 {seen['p99']}  max {seen['max']}"
    )
    shown = result["shown_ms"]
    print(
        f"until seat 0's page shows a move (anyone's), ms: p50 {shown['p50']}  p90 {shown['p90']}  "
        f"p99 {shown['p99']}  max {shown['max']}"
    )
    print(
        f"server CPU: {result['server_cpu_s']} s ({result['server_cpu_ms_per_move']} ms per move), "
        f"load average {result['load_average']}; this load client's CPU {result['client_cpu_s']} s"
    )
    size = result["message_kb"]
    print(
        f"messages: {result['messages']} ({result['patches']} patches), KB mean {size['mean']}  "
        f"p99 {size['p99']}  max {size['max']}"
    )
    print(f"version conflicts: {result['version_conflicts']}, other refusals: {result['other_refusals']}")
    print(
        f"connection retries: {result['connect_retries']}, seats that could not play: {result['failed_seats']}"
    )
    pages = result["class_pages"]
    if pages:
        print(
            f"{result['classes']} classes' dashboards and walls: {pages['fetches']} fetches, ms p50 "
            f"{pages['ms']['p50']}  p99 {pages['ms']['p99']}, KB mean {pages['kb_mean']}, "
            f"{pages['unchanged']} answered 304 (nothing new); server CPU {result['server_cpu_per_s']} s a second"
        )


if __name__ == "__main__":
    main()
