"""Two ``loopcity serve`` processes on one PostgreSQL database, as a school deploys them behind a reverse
proxy: pages on both see every move, moves through either are taken, a table's bots and clocks run in
one process, and the other takes them over when that process is killed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import websockets

from loopcity.web.db import Database
from loopcity.web.processes import lock_key

from .live_server import free_port, known_secret
from .postgres_server import postgres_server

pytestmark = pytest.mark.slow
SRC = Path(__file__).resolve().parents[2] / "src"
BOT_DELAY = 0.4
TIMER_MINUTES = 0.02  # RECLAIM's event timer rings every 1.2 s


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    yield from postgres_server()


class Serve:
    """One ``loopcity serve`` process on ``db``."""

    def __init__(self, db: str, log: Path, timer_minutes: float = TIMER_MINUTES) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        args = ["serve", "--db", db, "--port", str(self.port), "--bot-delay", str(BOT_DELAY)]
        args += ["--timer-minutes", str(timer_minutes), "--tables-per-minute", "1000"]
        self.log = log
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "loopcity.cli.main", *args],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log.open("wb"),
        )

    def ready(self, seconds: float = 180) -> None:
        end = time.monotonic() + seconds
        while True:
            assert self.proc.poll() is None, self.log.read_text()
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/api/games", timeout=2).status_code == 200:
                    return
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.2)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def two_processes(pg_url: str, tmp_path: Path, timer_minutes: float = TIMER_MINUTES) -> Iterator[list[Serve]]:
    db = Database(pg_url)  # the schema, made once before both start
    with db.engine.begin() as conn:
        conn.exec_driver_sql("truncate game_tables, chat_lines, moves, tokens cascade")
    db.dispose()
    known_secret(pg_url)
    both = [Serve(pg_url, tmp_path / f"serve{i}.log", timer_minutes) for i in range(2)]
    try:
        for s in both:
            s.ready()
        yield both
    finally:
        for s in both:
            s.stop()


@pytest.fixture
def servers(pg_url, tmp_path) -> Iterator[list[Serve]]:
    yield from two_processes(pg_url, tmp_path)


def make_table(server: Serve, game: str, seats: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    r = httpx.post(server.base + "/api/tables", json={"game": game, "seats": seats, **kw}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


class Page:
    """A page over a WebSocket: every version it was sent."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.versions: list[int] = []
        self.task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        self.conn = await websockets.connect(self.url, max_size=2**22, open_timeout=20)
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in self.conn:
                message = json.loads(text)
                version = message.get("version")
                if isinstance(version, int) and (not self.versions or version != self.versions[-1]):
                    self.versions.append(version)

    async def close(self) -> None:
        await self.conn.close()
        if self.task is not None:
            await self.task


async def until(predicate: Any, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


def test_pages_on_both_processes_see_every_move_made_through_either(servers):
    """Moves alternate between the two processes: every one is taken (200, never 409), and every page
    on either process is sent every version in turn."""
    a, b = servers
    table = make_table(a, "resourcity", [{"kind": "human"}] * 2, players=2, seed=11)
    tokens = {s["seat"]: s["token"] for s in table["seats"] if "token" in s}

    async def play() -> tuple[list[Page], int]:
        pages = [Page(f"{s.ws}/ws/{tok}") for s in servers for tok in tokens.values()]
        pages += [Page(f"{s.ws}/ws/{table['spectator']['token']}") for s in servers]
        for p in pages:
            await p.open()
        await until(lambda: all(p.versions == [0] for p in pages), 20, "every page's first message")
        async with httpx.AsyncClient(timeout=30) as http:
            version = 0
            for i in range(24):
                through = servers[i % 2]
                state = (await http.get(f"{through.base}/api/state/{tokens[0]}")).json()
                seat = state["active_seats"][0]
                mine = (await http.get(f"{through.base}/api/state/{tokens[seat]}")).json()
                action = mine["legal"][(i * 7) % len(mine["legal"])]["action"]
                r = await http.post(f"{through.base}/api/act/{tokens[seat]}", json={"action": action})
                assert r.status_code == 200, (i, r.status_code, r.text)
                version = r.json()["version"]
                await until(
                    lambda v=version: all(p.versions[-1] == v for p in pages), 10, f"version {version}"
                )
        for p in pages:
            await p.close()
        return pages, version

    pages, last = asyncio.run(play())
    assert last == 24  # the tests' known secret makes the typed seed one game, which lasts longer
    for p in pages:
        assert p.versions == list(range(25)), p.url


def advisory_holders(pg_url: str, table_id: str) -> int:
    """How many database sessions hold the table's advisory lock (the process that runs its bots)."""
    key = lock_key(table_id) & 0xFFFFFFFFFFFFFFFF
    with psycopg.connect(pg_url) as conn:
        return conn.execute(
            "select count(*) from pg_locks where locktype = 'advisory' and granted"
            " and classid::bigint = %s and objid::bigint = %s",
            (key >> 32, key & 0xFFFFFFFF),
        ).fetchone()[0]


def stored_moves(pg_url: str, table_id: str) -> list[tuple[int, str]]:
    """The table's record as stored: each move's seat and text, in order."""
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("select seat, action from moves where table_id = %s order by n", (table_id,))
        return [(int(seat), str(text)) for seat, text in rows.fetchall()]


def test_a_bot_tables_bots_and_clock_act_once_and_are_taken_over_when_their_process_is_killed(
    servers, pg_url
):
    """A RECLAIM table of four bots with its event timer, shown on both processes: one process runs
    its bots and timer (one lock holder; the moves come no faster than one bot's pace and the timer
    no more often than its period). Killed with SIGKILL, the other process goes on within seconds."""
    a, b = servers
    began = time.monotonic()
    table = make_table(a, "reclaim", [{"kind": "bot"}] * 4, variant="timer", seed=5)
    spectator = table["spectator"]["token"]

    async def watch(seconds: float) -> tuple[list[int], list[int]]:
        pages = [Page(f"{s.ws}/ws/{spectator}") for s in servers]
        for p in pages:
            await p.open()
        await asyncio.sleep(seconds)
        for p in pages:
            await p.close()
        return pages[0].versions, pages[1].versions

    seen_a, seen_b = asyncio.run(watch(6.0))
    took = time.monotonic() - began
    assert advisory_holders(pg_url, table["id"]) == 1
    moves = stored_moves(pg_url, table["id"])
    by_seat = {seat: sum(1 for s, _ in moves if s == seat) for seat in range(4)}
    alarms = sum(1 for _, text in moves if text.split()[0] == "alarm")
    bot_moves = len(moves) - alarms
    assert bot_moves >= 4, moves  # the bots play
    assert bot_moves <= took / BOT_DELAY + 2, (bot_moves, took, by_seat)  # at one bot's pace, not two
    assert alarms <= took / (TIMER_MINUTES * 60) + 1, (alarms, moves)
    # both processes' pages followed the same table
    assert seen_a[-1] == seen_b[-1] or abs(seen_a[-1] - seen_b[-1]) <= 1

    # the process that runs the bots is the one the table was made on: kill it outright
    async def after_kill() -> float:
        page = Page(f"{b.ws}/ws/{spectator}")
        await page.open()
        await until(lambda: bool(page.versions), 10, "the page's first message")
        before = len(stored_moves(pg_url, table["id"]))
        a.proc.send_signal(signal.SIGKILL)
        a.proc.wait()
        killed = time.monotonic()
        await until(
            lambda: len(stored_moves(pg_url, table["id"])) > before + 1, 15, "the other process to take over"
        )
        taken = time.monotonic() - killed
        await until(lambda: page.versions[-1] >= before + 2, 5, "the page to be sent the new moves")
        await page.close()
        return taken

    taken = asyncio.run(after_kill())
    assert taken < 5, taken
    assert advisory_holders(pg_url, table["id"]) == 1


SLOW_TIMER = 0.25  # minutes: RECLAIM's event timer rings every 15 s


@pytest.fixture
def slow_timer_servers(pg_url, tmp_path) -> Iterator[list[Serve]]:
    yield from two_processes(pg_url, tmp_path, SLOW_TIMER)


async def first_message(url: str) -> dict[str, Any]:
    """What a page opened now is shown first (the whole message)."""
    async with websockets.connect(url, max_size=2**22, open_timeout=20) as conn:
        message = json.loads(await asyncio.wait_for(conn.recv(), 20))
    assert message["type"] == "state", message.get("type")
    return message


def stored_alarms(pg_url: str, table_id: str) -> list[float]:
    """When each of the table's clock moves (RECLAIM's Events) was stored, in epoch seconds."""
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute(
            "select extract(epoch from created_at) from moves where table_id = %s and action like 'alarm%%'"
            " order by n",
            (table_id,),
        )
        return [float(at) for (at,) in rows.fetchall()]


def test_every_process_shows_the_tables_deadline_and_the_one_that_takes_over_rings_at_it(
    slow_timer_servers, pg_url
):
    """A RECLAIM table with its 15 s event timer, made on one process and opened later on the other:
    pages on both show the same deadline (the stored one, not each process's own). The process that
    runs the timer is killed before it rings; the other rings it once, at that deadline, and both
    the next deadline and what the page shows follow the ring time."""
    a, b = slow_timer_servers
    made = time.time()
    table = make_table(a, "reclaim", [{"kind": "human"}] * 4, variant="timer", seed=5)
    spectator = table["spectator"]["token"]
    time.sleep(2.0)  # a process that counted from its own first look would show a later deadline

    on_a = asyncio.run(first_message(f"{a.ws}/ws/{spectator}"))
    on_b = asyncio.run(first_message(f"{b.ws}/ws/{spectator}"))
    deadline = on_a["clock"]["deadline"]
    period = on_a["clock"]["seconds"]
    print(f"deadline {deadline - made:.2f} s after the table was asked for; B shows {on_b['clock']}")
    assert period == SLOW_TIMER * 60
    assert on_b["clock"]["deadline"] == deadline, (on_a["clock"], on_b["clock"])
    assert made < deadline - period < made + 10  # counted from when the table was made
    assert advisory_holders(pg_url, table["id"]) == 1

    async def kill_and_watch() -> tuple[float, list[float], list[int]]:
        page = Page(f"{b.ws}/ws/{spectator}")  # a page stays open on the process that lives on
        await page.open()
        await until(lambda: bool(page.versions), 20, "the page's first message")
        left = deadline - time.time()
        assert left > 3, f"only {left:.1f} s left before the ring: the machine is too slow for this check"
        a.proc.send_signal(signal.SIGKILL)
        a.proc.wait()
        end = time.monotonic() + left + 30
        while not stored_alarms(pg_url, table["id"]):
            assert time.monotonic() < end, ("the other process never rang the timer", page.versions)
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # a second ring, if one came, would be stored by now
        await until(lambda: page.versions[-1] >= 1, 10, "the page to be sent the Event")
        await page.close()
        return left, stored_alarms(pg_url, table["id"]), page.versions

    left, rings, versions = asyncio.run(kill_and_watch())
    print(f"killed {left:.2f} s before the deadline; rang {rings[0] - deadline:+.3f} s from it")
    assert len(rings) == 1, rings  # once
    assert rings[0] >= deadline - 0.01  # never early
    assert rings[0] < deadline + 5.0  # at its time (a generous bound for a loaded machine)
    assert versions == [0, 1]
    after = asyncio.run(first_message(f"{b.ws}/ws/{spectator}"))
    assert after["version"] == 1
    assert after["clock"]["deadline"] == pytest.approx(deadline + period, abs=1e-6)  # restarts at the ring
    assert advisory_holders(pg_url, table["id"]) == 1


def test_table_talk_through_two_processes_keeps_one_limit(servers):
    """A seat writing through both processes at once gets no more lines in than through one: at most
    8 lines in 10 seconds (the lines stored are counted, wherever they were written)."""
    a, b = servers
    table = make_table(a, "resourcity", [{"kind": "human"}] * 2, players=2, seed=3)
    token = next(s["token"] for s in table["seats"] if s["seat"] == 0)

    async def burst() -> tuple[list[int], float]:
        async with httpx.AsyncClient(timeout=30) as http:
            began = time.monotonic()
            answers = await asyncio.gather(
                *(
                    http.post(f"{servers[i % 2].base}/api/chat/{token}", json={"text": f"line {i}"})
                    for i in range(16)
                )
            )
            return [r.status_code for r in answers], time.monotonic() - began

    codes, took = asyncio.run(burst())
    print(f"16 lines through two processes in {took:.2f} s: {codes}")
    assert set(codes) <= {200, 429}, codes
    assert took < 10, f"the burst took {took:.1f} s: longer than the limit's window"
    assert codes.count(200) == 8, codes
    for server in servers:  # each process's pages show the 8 lines, wherever they were written
        end = time.monotonic() + 10
        while len(lines := httpx.get(f"{server.base}/api/chat/{token}", timeout=30).json()["lines"]) < 8:
            assert time.monotonic() < end, lines
            time.sleep(0.1)
        assert sorted(line["text"] for line in lines) == sorted(
            f"line {i}" for i, c in enumerate(codes) if c == 200
        )


def told_next(message: dict[str, Any]) -> bool:
    """Whether a page's message (a whole one, or a patch) tells it of the table's next game."""
    if message.get("type") == "patch":
        op = message.get("o", {}).get("next")
        return isinstance(op, list) and bool(op) and bool(op[0])
    return bool(message.get("next"))


def test_a_seat_given_a_new_link_through_one_process_closes_its_pages_on_the_other(servers):
    """A class on two processes. The teacher plays a table again through one: the student's page on
    the other is told of the new game, not closed (the link moved with the seat), and opened again it
    shows the new game. The teacher then moves the student to another table: their page on the other
    process is closed at once with 4403 (the link leads nowhere now)."""
    a, b = servers
    made = httpx.post(
        a.base + "/api/classes", json={"game": "sustain", "tables": 2, "players": 3}, timeout=30
    )
    assert made.status_code == 201, made.text
    cls = made.json()
    ada = httpx.post(a.base + "/api/join", json={"code": cls["join_code"], "name": "Ada"}, timeout=30).json()

    async def run() -> tuple[list[dict[str, Any]], int | None]:
        conn = await websockets.connect(f"{b.ws}/ws/{ada['token']}", open_timeout=20)
        got: list[dict[str, Any]] = [json.loads(await conn.recv())]
        async with httpx.AsyncClient(timeout=30) as http:
            teacher = f"{a.base}/api/classes/{cls['token']}"
            assert (await http.post(f"{teacher}/end-game", json={"table": 1})).status_code == 200
            assert (await http.post(f"{teacher}/rematch", json={"table": 1})).status_code == 200
            end = time.monotonic() + 15
            while not any(told_next(m) for m in got):  # told of the next game, not closed
                assert time.monotonic() < end, "the page was not told of the next game"
                got.append(json.loads(await asyncio.wait_for(conn.recv(), timeout=15)))
            await conn.close()  # the page reloads, as told, and opens the same link: the new game
            conn = await websockets.connect(f"{b.ws}/ws/{ada['token']}", open_timeout=20)
            assert json.loads(await conn.recv())["version"] == 0
            ids = {s["name"]: s["id"] for s in (await http.get(teacher)).json()["students"]}
            r = await http.post(f"{teacher}/place", json={"student": ids["Ada"], "table": 2, "seat": 0})
            assert r.status_code == 200, r.text
        code = None
        try:
            while True:
                await asyncio.wait_for(conn.recv(), timeout=15)
        except websockets.ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd is not None else None
        return got, code

    got, code = asyncio.run(run())
    assert code == 4403
    moved = httpx.get(f"{b.base}/api/classes/{cls['token']}", timeout=30).json()
    assert moved["tables"][1]["seats"][0]["names"] == ["Ada"]
