"""The same persistence against a real PostgreSQL server, started here on loopback in a temporary
folder (Debian's postgresql package; scripts/system-deps.sh installs it when missing)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

from loopcity.web.db import Database

from .conftest import live_state, new_table, seat_tokens

pytestmark = pytest.mark.slow


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def pg_url():
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if not initdb or not pg_ctl:
        pytest.skip("PostgreSQL is not installed (scripts/system-deps.sh installs it)")
    root = Path(tempfile.mkdtemp(prefix="loopcity-pg-"))
    data = root / "data"
    prefix: list[str] = []
    if os.geteuid() == 0:  # the server refuses to run as root: use the package's own user
        prefix = ["runuser", "-u", "postgres", "--"]
        shutil.chown(root, "postgres")
    port = _free_port()
    subprocess.run(
        [*prefix, initdb, "-D", str(data), "-A", "trust", "-U", "loopcity"], check=True, capture_output=True
    )
    opts = f"-p {port} -k {root} -h 127.0.0.1 -c fsync=off"
    subprocess.run(
        [*prefix, pg_ctl, "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w", "start"],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://loopcity@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def pg_client(make_client, pg_url):
    db = Database(pg_url)
    with db.engine.begin() as conn:
        conn.exec_driver_sql("delete from moves; delete from tokens; delete from game_tables")
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


def test_postgres_refuses_a_second_writer_with_a_stale_version(pg_client):
    a, b = pg_client(), pg_client()
    t = new_table(a)
    tok = seat_tokens(t)
    b.get(f"/api/state/{tok[0]}")
    assert a.post(f"/api/act/{tok[0]}", json={"action": "ready"}).status_code == 200
    assert b.post(f"/api/act/{tok[1]}", json={"action": "ready"}).status_code == 409
    assert b.post(f"/api/act/{tok[1]}", json={"action": "ready"}).json()["version"] == 2


def test_postgres_schema_comes_from_the_migrations(pg_url):
    db = Database(pg_url)
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("select version_num from alembic_version").scalar() == "0006"
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
