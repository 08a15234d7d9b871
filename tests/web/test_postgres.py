"""The same persistence against a real PostgreSQL server, started here on loopback in a temporary
folder (Debian's postgresql package; scripts/system-deps.sh installs it when missing)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from loopcity.web.db import Database

from .conftest import live_state, new_table, seat_tokens, wait_for
from .postgres_server import postgres_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pg_url():
    yield from postgres_server()


@pytest.fixture
def pg_client(make_client, pg_url):
    db = Database(pg_url)
    with db.engine.begin() as conn:
        conn.exec_driver_sql("truncate game_tables, chat_lines, moves, tokens cascade")
    db.dispose()
    return lambda **kw: make_client(pg_url, **kw)


def test_postgres_tables_survive_a_restart(pg_client):
    first = pg_client()
    t = new_table(first)
    tok = seat_tokens(t)
    for seat, action in [(0, "ready"), (1, "ready"), (0, "take 2")]:
        assert first.post(f"/api/act/{tok[seat]}", json={"action": action}).status_code == 200
    again = pg_client()
    assert again.get(f"/api/state/{tok[1]}").json() == first.get(f"/api/state/{tok[1]}").json()
    assert live_state(again, t["id"]) == live_state(first, t["id"])


def test_postgres_a_second_process_takes_a_move_its_copy_of_the_table_had_not_seen(pg_client):
    """Two processes on one database: the one whose table in memory is behind reloads it and takes
    the move (no "changed elsewhere"); a move made on a version the person never saw is still refused."""
    a, b = pg_client(), pg_client()
    t = new_table(a)
    tok = seat_tokens(t)
    b.get(f"/api/state/{tok[0]}")
    assert a.post(f"/api/act/{tok[0]}", json={"action": "ready"}).status_code == 200
    assert b.get(f"/api/state/{tok[1]}").json()["version"] == 1  # read through b right after: seen
    moved = b.post(f"/api/act/{tok[1]}", json={"action": "ready", "version": 1})
    assert moved.status_code == 200, moved.text
    assert moved.json()["version"] == 2
    late = a.post(f"/api/act/{tok[0]}", json={"action": "take 1", "version": 1})
    assert late.status_code == 409 and "you saw 1" in late.json()["detail"]
    assert a.post(f"/api/act/{tok[0]}", json={"action": "take 1", "version": 2}).status_code == 200


def test_postgres_schema_comes_from_the_migrations(pg_url):
    db = Database(pg_url)
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("select version_num from alembic_version").scalar() == "0007"
    db.dispose()


def test_postgres_keeps_a_128_bit_seed_and_rebuilds_the_table_from_it(pg_client):
    a = pg_client()
    t = new_table(a, "reclaim", seed=None)
    seed = a.app.state.manager.db.load(t["id"]).seed
    assert seed >= 2**128
    tok = seat_tokens(t)
    before = a.get(f"/api/state/{tok[0]}").json()
    again = pg_client()  # a restart: the table is rebuilt from the stored seed
    assert again.get(f"/api/state/{tok[0]}").json() == before


def test_postgres_keeps_a_class_its_students_and_their_seats_across_a_restart(pg_client):
    a = pg_client()
    made = a.post("/api/classes", json={"game": "tiny", "tables": 2, "players": 2}).json()
    ada = a.post("/api/join", json={"code": made["join_code"], "name": "Ada"}).json()
    b = pg_client()  # another process over the same database, as after a restart
    board = b.get(f"/api/classes/{made['token']}").json()
    assert [s["names"] for s in board["tables"][0]["seats"]] == [["Ada"], []]
    b.cookies.set("loopcity_student", ada["student"])
    again = b.post("/api/join", json={"code": made["join_code"], "name": "Ada"})
    assert again.json()["token"] == ada["token"]


def test_a_postgres_lock_held_elsewhere_answers_503_and_holds_up_nobody_else(pg_url):
    """Another session holds a lock on the tables (as a long report or a migration would): a move
    waits at most the lock timeout and answers 503; the lobby and pages keep answering meanwhile
    (before: the whole server stopped until the lock went)."""
    from loopcity.engine import unregister
    from tiny_game import SPEC as TINY

    from .live_server import LiveServer
    from .test_database_waits import WAIT, held_database

    live = LiveServer(pg_url, settings=WAIT, bot_delay=0, extra_games=[TINY])
    other = Database(pg_url)
    conn = other.engine.connect()
    try:
        held_database(
            live,
            lambda: conn.exec_driver_sql("LOCK TABLE game_tables IN EXCLUSIVE MODE"),
            conn.rollback,
        )
    finally:
        conn.close()
        other.dispose()
        live.stop()
        unregister(TINY.id)


def test_postgres_an_undo_a_pause_and_table_talk_on_one_process_reach_the_other(pg_client):
    """Two processes show one table: what is done through one is in the other's memory (and so sent
    to its pages) within moments, an undo too (the other replays the table from its seed)."""
    a, b = pg_client(), pg_client()
    t = new_table(a)
    tok = seat_tokens(t)
    fac = t["facilitator"]["token"]
    assert b.get(f"/api/state/{tok[0]}").status_code == 200  # b holds the table too
    assert a.post(f"/api/act/{tok[0]}", json={"action": "ready"}).status_code == 200
    assert a.post(f"/api/act/{tok[1]}", json={"action": "ready"}).status_code == 200
    wait_for(lambda: live_state(b, t["id"]).state_hash() == live_state(a, t["id"]).state_hash())
    assert a.post(f"/api/undo/{tok[1]}").status_code == 200
    held = b.app.state.manager.live[t["id"]]
    wait_for(lambda: held.version == 3 and held.moves == [(0, "ready")])
    assert held.state.state_hash() == live_state(a, t["id"]).state_hash()
    assert a.post(f"/api/tables/{fac}/pause", json={"paused": True}).status_code == 200
    wait_for(lambda: held.paused)
    assert b.post(f"/api/act/{tok[1]}", json={"action": "ready"}).status_code == 423
    assert b.post(f"/api/tables/{fac}/pause", json={"paused": False}).status_code == 200
    assert a.post(f"/api/chat/{tok[0]}", json={"text": "shall we?"}).status_code == 200
    wait_for(lambda: (0, "shall we?") in (held.chat or []))
    assert b.post(f"/api/act/{tok[1]}", json={"action": "ready"}).status_code == 200


def test_postgres_students_joining_through_two_processes_at_once_never_share_a_seat(pg_client):
    """Eight students join one class at the same moment, half through each process: the four seats go
    to four of them, one each, and the others wait for the teacher."""
    a, b = pg_client(), pg_client()
    made = a.post("/api/classes", json={"game": "tiny", "tables": 2, "players": 2}).json()

    def join(i: int) -> dict:
        client = (a, b)[i % 2]
        r = client.post("/api/join", json={"code": made["join_code"], "name": f"Student {i}"})
        assert r.status_code == 200, r.text
        return r.json()

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(join, range(8)))
    seated = [x["token"] for x in answers if x.get("token")]
    assert len(seated) == 4 and len(set(seated)) == 4
    board = a.get(f"/api/classes/{made['token']}").json()
    assert sorted(len(s["names"]) for t in board["tables"] for s in t["seats"]) == [1, 1, 1, 1]


def test_postgres_moves_heard_from_another_process_are_played_on_without_reading_them_back(
    pg_client, monkeypatch
):
    """A move's notice carries the move: a process one version behind plays it on from there (no
    database read), and ends with the same state, moves and version as the process that stored it."""
    a, b = pg_client(), pg_client()
    t = new_table(a)
    tok = seat_tokens(t)
    assert b.get(f"/api/state/{tok[0]}").status_code == 200  # b holds the table too
    manager = b.app.state.manager
    reads: list[tuple] = []
    load = manager.db.load
    monkeypatch.setattr(manager.db, "load", lambda *args: reads.append(args) or load(*args))
    for seat, action in [(0, "ready"), (1, "ready"), (0, "take 2"), (1, "take 1")]:
        assert a.post(f"/api/act/{tok[seat]}", json={"action": action}).status_code == 200
    held, made = manager.live[t["id"]], a.app.state.manager.live[t["id"]]
    wait_for(lambda: held.version == 4, timeout=10)
    assert reads == []
    assert held.moves == made.moves and held.state.state_hash() == made.state.state_hash()
    assert b.get(f"/api/state/{tok[1]}").json() == a.get(f"/api/state/{tok[1]}").json()


def test_a_notice_carries_its_moves_and_clocks_unless_it_would_be_too_long():
    from loopcity.web.processes import Notice

    short = Notice("t1", 5, "move", "me", ((0, "take 2"), (0, "offer 1")), True, {"alarm": 1795.25})
    assert Notice.read(short.text()) == short
    long = Notice("t1", 5, "move", "me", tuple((0, "x" * 100) for _ in range(100)), True)
    assert len(long.text().encode()) < 8000  # PostgreSQL's limit for a notice
    assert Notice.read(long.text()) == Notice("t1", 5, "move", "me")  # read from the database instead
