"""Fixtures for the web app's tests: an app over a fresh SQLite file, with the tiny test game added."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from loopcity.engine import Action, list_games, unregister
from loopcity.web import create_app
from loopcity.web.settings import Settings
from tiny_game import SPEC as TINY

from .live_server import known_secret

ROOMY = Settings(tables_per_minute=10_000, heavy_per_minute=10_000, replays_per_minute=100_000)
"""Limits that the tests of other things never reach (test_security.py checks the real ones)."""

# Every installed game plus the engine's tiny test game: each game is covered once it is registered.
GAME_IDS = ["tiny", *sorted(s.id for s in list_games() if s.id != "tiny")]


def spec_of(game_id: str) -> Any:
    return TINY if game_id == "tiny" else next(s for s in list_games() if s.id == game_id)


def players_of(game_id: str) -> int:
    spec = spec_of(game_id)
    return spec.default_players or spec.min_players


@pytest.fixture
def db_url(tmp_path) -> str:
    return known_secret(f"sqlite:///{tmp_path / 'web.db'}")


@pytest.fixture
def make_client(db_url) -> Iterator[Any]:
    """Build clients (each a fresh app process, as after a restart) over one database."""
    opened: list[TestClient] = []

    def make(url: str | None = None, **kw: Any) -> TestClient:
        kw.setdefault("bot_delay", 0)
        kw.setdefault("extra_games", [TINY])
        kw.setdefault("settings", ROOMY)
        client = TestClient(create_app(url or db_url, **kw))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for c in opened:
        c.__exit__(None, None, None)
    unregister(TINY.id)


@pytest.fixture
def client(make_client) -> TestClient:
    return make_client()


def new_table(client: TestClient, game: str = "tiny", seats: list[dict] | None = None, **kw: Any) -> dict:
    """Create a table (all seats human unless given) and return the API's answer."""
    n = kw.pop("players", None) or players_of(game)
    body = {"game": game, "players": n, "seats": seats or [{"kind": "human"}] * n, "seed": 7, **kw}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def seat_tokens(table: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in table["seats"] if "token" in s}


def same_game(a: Any, b: Any) -> bool:
    """Two states of the same game: equal fields and the same log as read in English. (A web table keeps
    its log in every language its people read, a state made elsewhere in the language being read; the
    engine's equality compares the log as kept.)"""
    return a.state_hash() == b.state_hash() and a.log_for(None) == b.log_for(None)


def live_state(client: TestClient, table_id: str):
    return client.app.state.manager.live[table_id].state


def wait_for(predicate, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(0.02)


def first_legal(state: dict) -> str:
    return state["legal"][0]["action"]


def pick(legal: list[dict] | list[str], i: int) -> str:
    """A varied but deterministic choice among legal actions (avoids always taking the first): the
    message's ``legal`` (objects with ``action``) or action texts."""
    chosen = legal[(i * 7919) % len(legal)]
    return chosen["action"] if isinstance(chosen, dict) else chosen


def action_of(text: str) -> Action:
    return Action.parse(text)
