"""Wall-clock rules run on the server: an argument-less ``clock`` (or ``timer``) action is carried out
when its period has passed while it is legal, and every seat is shown the countdown."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from loopcity.engine import Action, ActionSpace, Option, get_spec, kind, unregister
from tiny_game import SPEC as TINY
from tiny_game import TinyState

from .conftest import live_state, wait_for


class ClockState(TinyState):
    """The tiny game with a discussion at the start that the clock closes (like SUSTAIN's)."""

    def _legal_actions(self, seat):
        legal = super()._legal_actions(seat)
        return legal + [Action("clock")] if len(self.ready) < self.players else legal

    def _apply(self, seat, action):
        if action.kind == "clock":
            self.note("time is up: the discussion closes")
            self.ready = set(range(self.players))
            return
        super()._apply(seat, action)


CLOCKED = replace(
    TINY,
    id="clocked",
    state_class=ClockState,
    action_space=ActionSpace([*TINY.action_space.kinds, kind("clock")]),
)


@pytest.fixture
def clocked(make_client):
    client = make_client(extra_games=[TINY, CLOCKED], realtime={"clock": 0.3})
    yield client
    unregister("clocked")


def test_the_clock_closes_the_discussion_when_time_is_up(clocked):
    r = clocked.post("/api/tables", json={"game": "clocked", "players": 2, "seats": [{"kind": "human"}] * 2})
    t = r.json()
    tok = t["seats"][0]["token"]
    first = clocked.get(f"/api/state/{tok}").json()
    assert first["clock"]["kind"] == "clock" and first["clock"]["seconds"] == 0.3
    wait_for(lambda: live_state(clocked, t["id"]).ready == {0, 1}, timeout=5)
    after = clocked.get(f"/api/state/{tok}").json()
    assert after["version"] == 1 and after["clock"] is None
    assert any("time is up" in line["text"] for line in after["log"])


def test_the_clock_stops_when_the_players_finish_first(clocked):
    t = clocked.post(
        "/api/tables", json={"game": "clocked", "players": 2, "seats": [{"kind": "human"}] * 2}
    ).json()
    for s in t["seats"]:
        clocked.post(f"/api/act/{s['token']}", json={"action": "ready"})
    state = clocked.get(f"/api/state/{t['seats'][0]['token']}").json()
    assert state["clock"] is None
    time.sleep(0.5)
    assert clocked.get(f"/api/state/{t['seats'][0]['token']}").json()["version"] == 2


def test_people_and_bots_leave_the_clock_to_the_server(clocked):
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    t = clocked.post("/api/tables", json={"game": "clocked", "players": 3, "seats": seats, "seed": 1}).json()
    tok = t["seats"][0]["token"]
    r = clocked.post(f"/api/act/{tok}", json={"action": "clock"})
    assert r.status_code == 422 and "clock" in r.json()["detail"]
    assert "clock" not in clocked.get(f"/api/state/{tok}").json()["legal"]
    wait_for(lambda: live_state(clocked, t["id"]).ready == {1, 2})
    moves = clocked.app.state.manager.live[t["id"]].moves
    assert moves == [(1, "ready"), (2, "ready")] or moves == [(2, "ready"), (1, "ready")]


def test_a_minutes_option_of_the_game_sets_the_clock(make_client):
    timed = replace(CLOCKED, id="timed", options=(*TINY.options, Option("discussion_minutes", 0.01, "clock")))
    client = make_client(extra_games=[TINY, timed])
    try:
        t = client.post(
            "/api/tables", json={"game": "timed", "players": 2, "seats": [{"kind": "human"}] * 2}
        ).json()
        msg = client.get(f"/api/state/{t['seats'][0]['token']}").json()
        assert msg["clock"]["seconds"] == pytest.approx(0.6)
        wait_for(lambda: live_state(client, t["id"]).ready == {0, 1}, timeout=5)
    finally:
        unregister("timed")


def _clocked_variants():
    """(game, variant) of every installed game whose start offers a wall-clock action."""
    from loopcity.engine import list_games, load_game
    from loopcity.web.tables import REALTIME_KINDS

    found = []
    for spec in list_games():
        for variant in spec.variants:
            state = load_game(spec.id, variant=variant.name).new_state(1)
            if any(
                a.kind in REALTIME_KINDS and not a.args
                for s in state.active_seats()
                for a in state.legal_actions(s)
            ):
                found.append((spec.id, variant.name))
    return found


@pytest.mark.parametrize("game, variant", _clocked_variants())
def test_a_games_wall_clock_rule_is_run_by_the_server(make_client, game, variant):
    client = make_client(realtime={"alarm": 0.3, "timer": 0.3, "clock": 0.3})
    spec = get_spec(game)
    players = spec.default_players or spec.min_players
    t = client.post(
        "/api/tables",
        json={"game": game, "variant": variant, "players": players, "seats": [{"kind": "human"}] * players},
    ).json()
    tok = t["seats"][0]["token"]
    msg = client.get(f"/api/state/{tok}").json()
    assert msg["clock"] is not None and msg["clock"]["kind"] not in msg["legal"]
    kind = msg["clock"]["kind"]
    wait_for(lambda: any(m[1] == kind for m in client.app.state.manager.live[t["id"]].moves), timeout=10)
