"""A locked or slow database slows only the requests that need it, and they answer 503 with the
reason, never 500 (SQLite here; PostgreSQL in test_postgres.py)."""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import replace
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from loopcity.engine import unregister
from tiny_game import SPEC as TINY

from .conftest import ROOMY
from .live_server import LiveServer

WAIT = replace(ROOMY, db_seconds=2.0)


def held_database(live: LiveServer, hold: Any, release: Any) -> None:
    """With the database held by ``hold()`` (until ``release()``): a move answers 503 with the reason
    after the 2 s lock timeout, the lobby and a page's state keep answering meanwhile (most at once),
    the server's loop is never held up; once released, the same move is taken."""
    # both clients made first: making one takes the test process's interpreter (shared with the
    # server's thread) for a while
    with (
        httpx.Client(base_url=live.base, timeout=30) as http,
        httpx.Client(base_url=live.base, timeout=30) as other,
    ):
        table = http.post(
            "/api/tables", json={"game": "tiny", "players": 2, "seats": [{"kind": "human"}] * 2}
        )
        tokens = [s["token"] for s in table.json()["seats"]]
        assert http.post(f"/api/act/{tokens[0]}", json={"action": "ready"}).status_code == 200
        assert http.get("/").status_code == 200  # the lobby's first answer builds its page
        assert other.get("/").status_code == 200
        hold()
        answer: dict[str, Any] = {}

        def move() -> None:
            began = time.monotonic()
            r = other.post(f"/api/act/{tokens[1]}", json={"action": "ready"})
            answer.update(status=r.status_code, body=r.json(), took=time.monotonic() - began)

        mover = threading.Thread(target=move)
        live.watch_lag()
        mover.start()
        lobby = []
        while mover.is_alive():
            began = time.monotonic()
            assert http.get("/").status_code == 200
            assert http.get(f"/api/state/{tokens[0]}").status_code == 200
            lobby.append(time.monotonic() - began)
            time.sleep(0.05)
        lags = live.stop_lag()
        release()
        assert answer["status"] == 503, answer
        assert "database is busy" in answer["body"]["detail"]
        assert answer["took"] < 8
        # the others were not held up: they kept answering all through the 2 s the move waited (a
        # server held up by the database answers once or twice, each after most of the wait), and
        # most at once (one may wait for a core on a busy machine: its test process runs the server)
        assert len(lobby) >= 5 and sorted(lobby)[len(lobby) // 2] < 0.25, lobby
        assert max(lags) < 0.5
        r = http.post(f"/api/act/{tokens[1]}", json={"action": "ready"})
        assert r.status_code == 200 and r.json()["version"] == 2


def test_a_locked_sqlite_file_answers_503_and_holds_up_nobody_else(tmp_path):
    path = tmp_path / "web.db"
    live = LiveServer(f"sqlite:///{path}", settings=WAIT, bot_delay=0, extra_games=[TINY])
    other = sqlite3.connect(path, isolation_level=None)
    try:
        held_database(live, lambda: other.execute("BEGIN IMMEDIATE"), lambda: other.execute("ROLLBACK"))
    finally:
        other.close()
        live.stop()
        unregister(TINY.id)


def test_a_database_that_cannot_be_reached_answers_503(make_client, monkeypatch):
    from sqlalchemy.exc import OperationalError

    client = make_client(settings=WAIT)
    t = client.post(
        "/api/tables", json={"game": "tiny", "players": 2, "seats": [{"kind": "human"}] * 2}
    ).json()
    manager = client.app.state.manager

    def gone(*args: Any, **kw: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("server closed the connection unexpectedly"))

    monkeypatch.setattr(manager.db, "add_move", gone)
    r = client.post(f"/api/act/{t['seats'][0]['token']}", json={"action": "ready"})
    assert r.status_code == 503 and "database is busy" in r.json()["detail"]
    assert r.headers["retry-after"] == "5"
    monkeypatch.setattr(manager.db, "set_settings", gone)
    r = client.post(f"/api/tables/{t['facilitator']['token']}/pause", json={"paused": True})
    assert r.status_code == 503
    assert client.get(f"/api/state/{t['seats'][0]['token']}").json()["paused"] is False


@pytest.mark.parametrize("path", ["/play/{tok}", "/api/state/{tok}"])
def test_link_tokens_never_reach_the_logs(client, caplog, path, monkeypatch):
    import logging

    from loopcity.web.guard import HideTokens

    t = client.post("/api/tables", json={"game": "tiny", "players": 2}).json()
    tok = t["seats"][0]["token"]

    def broken(*args: Any, **kw: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("loopcity.web.payload.build", broken)
    with caplog.at_level(logging.INFO):
        quiet = TestClient(client.app, raise_server_exceptions=False)
        assert quiet.get(path.format(tok=tok)).status_code == 500
    logged = [r for r in caplog.records if r.name.startswith("loopcity")]
    assert logged and all(tok not in r.getMessage() for r in logged)
    assert "…" in logged[0].getMessage()
    access = logging.LogRecord(
        "uvicorn.access",
        20,
        "",
        0,
        '%s - "%s %s HTTP/%s" %d',
        ("1.2.3.4", "GET", f"/play/{tok}?lang=de", "1.1", 200),
        None,
    )
    HideTokens().filter(access)
    assert tok not in access.getMessage() and "/play/…?lang=de" in access.getMessage()


def test_writers_in_one_process_take_turns_and_readers_never_wait_for_them(tmp_path):
    """SQLite lets one connection write at a time: the server's database workers take turns at the
    process's own lock (a second write starts when the first commits, rather than sleeping in
    SQLite's busy handler), reads go on meanwhile, and a write that cannot have its turn within the
    lock timeout gives up as a locked database does (OperationalError: the web app's 503)."""
    from sqlalchemy.exc import OperationalError

    from loopcity.web.db import Database

    db = Database(f"sqlite:///{tmp_path / 'turns.db'}", seconds=1.0)
    db.create_table("t1", "tiny", {}, 1, [{"kind": "human"}] * 2, {}, [("tok0", "seat", 0)])
    order: list[str] = []
    holding = threading.Event()
    release = threading.Event()

    def first() -> None:
        with db.writing():  # a write transaction that takes a while
            holding.set()
            release.wait(5)
            order.append("first done")

    def second() -> None:
        db.add_move("t1", 0, 0, "ready", False)
        order.append("second stored")

    a = threading.Thread(target=first)
    a.start()
    assert holding.wait(5)
    b = threading.Thread(target=second)
    b.start()
    time.sleep(0.2)
    assert order == [] and b.is_alive()  # the second writer waits for its turn
    stored = db.load("t1")  # a read does not
    assert stored is not None and stored.moves == []
    release.set()
    a.join(5)
    b.join(5)
    assert order == ["first done", "second stored"]
    loaded = db.load("t1")
    assert loaded is not None and [m[1] for m in loaded.moves] == ["ready"]

    release.clear()
    holding.clear()
    a = threading.Thread(target=first)
    a.start()
    assert holding.wait(5)
    began = time.monotonic()
    with pytest.raises(OperationalError, match="database is locked"):
        db.add_move("t1", 1, 1, "ready", False)  # no turn within the 1 s timeout
    assert 0.9 < time.monotonic() - began < 3
    release.set()
    a.join(5)
    db.dispose()
