"""WebSockets: refusals, stale versions and bad links, and live bot moves to every seat."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import new_table, seat_tokens, wait_for
from .pages import Page


def test_a_bad_link_cannot_open_a_socket(client):
    with pytest.raises(WebSocketDisconnect) as e, client.websocket_connect("/ws/nope") as ws:
        ws.receive_json()
    assert e.value.code == 4403


def test_a_refused_move_over_the_socket_says_why(client):
    t = new_table(client)
    tok = seat_tokens(t)
    with client.websocket_connect(f"/ws/{tok[0]}") as ws:
        ws.receive_json()
        ws.send_json({"type": "act", "action": "take 2", "id": "a"})
        r = ws.receive_json()
        assert (
            r["type"] == "refused"
            and r["status"] == 422
            and "not allowed now" in r["reason"]
            and r["id"] == "a"
        )
        ws.send_json({"type": "act", "action": "ready", "version": 3})
        r = ws.receive_json()
        assert r["status"] == 409
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["version"] == 0


def test_spectators_cannot_act_over_the_socket(client):
    t = new_table(client)
    with client.websocket_connect(f"/ws/{t['spectator']['token']}") as ws:
        assert ws.receive_json()["seat"] is None
        ws.send_json({"type": "act", "action": "ready"})
        assert ws.receive_json()["status"] == 403


def test_bot_moves_reach_every_connected_seat(make_client):
    client = make_client(bot_delay=0.05)
    t = new_table(
        client, players=3, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}]
    )
    tok = seat_tokens(t)
    with client.websocket_connect(f"/ws/{tok[2]}") as ws:
        versions = [ws.receive_json()["version"]]
        while versions[-1] < 1:
            versions.append(ws.receive_json()["version"])
        assert versions[-1] == 1  # the bot said ready on its own, after its pause


def test_a_table_nobody_watches_leaves_memory_and_comes_back_whole(client):
    t = new_table(client)
    tok = seat_tokens(t)
    with client.websocket_connect(f"/ws/{tok[0]}") as ws:
        ws.receive_json()
        ws.send_json({"type": "act", "action": "ready"})
        assert ws.receive_json()["version"] == 1
    manager = client.app.state.manager
    wait_for(lambda: t["id"] not in manager.live)  # released once its last client left
    again = client.get(f"/api/state/{tok[1]}").json()
    assert again["version"] == 1 and again["view"]["ready"] == [0]


def test_a_garbled_message_is_refused_and_the_socket_stays_open(client):
    t = new_table(client)
    with client.websocket_connect(f"/ws/{seat_tokens(t)[0]}") as ws:
        ws.receive_json()
        ws.send_text("{not json")
        assert ws.receive_json()["status"] == 400
        ws.send_json({"type": "act", "action": "ready"})
        assert ws.receive_json()["version"] == 1


def test_clients_with_the_same_view_share_one_message_per_version(client, monkeypatch):
    from loopcity.web import payload

    built: list[int | None] = []
    real = payload.build

    def counting(state, seat, **kw):
        built.append(seat)
        return real(state, seat, **kw)

    monkeypatch.setattr(payload, "build", counting)
    t = new_table(client)
    tok = seat_tokens(t)
    watchers = [t["spectator"]["token"], t["spectator"]["token"], t["facilitator"]["token"]]
    with (
        client.websocket_connect(f"/ws/{tok[0]}") as s0,
        client.websocket_connect(f"/ws/{watchers[0]}") as a,
        client.websocket_connect(f"/ws/{watchers[1]}") as b,
        client.websocket_connect(f"/ws/{watchers[2]}") as f,
    ):
        before = [w.receive_text() for w in (a, b, f)]
        assert before[0] == before[1] == before[2]
        assert s0.receive_json()["seat"] == 0
        assert built.count(None) == 1
        s0.send_json({"type": "act", "action": "ready"})
        after = [w.receive_text() for w in (a, b, f)]  # the same patch, built once
        assert after[0] == after[1] == after[2]
        moved = Page(a)
        moved.take(before[0])
        assert moved.take(after[0])["version"] == 1 and moved.has["seat"] is None
        assert built.count(None) == 2 and built.count(0) == 2
