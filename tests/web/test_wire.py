"""Over the wire, every game: each seat's messages carry only what that seat may see.

A message is checked the way the engine's conformance suite checks views: the message the server sent
equals the one built from a copy of the game whose hidden parts (decks, others' cards and agendas,
future chance) were redrawn for that seat (only the outcome and closing figures at the end, told to all,
are left out of the comparison). So nothing the seat cannot see can be in it. Also, the
message's ``view`` is exactly ``view(seat)`` and no field names the seed or the generator.
"""

from __future__ import annotations

import json
import re

import pytest

from loopcity.engine import Rng
from loopcity.web import payload

from .conftest import GAME_IDS, live_state, new_table, pick, players_of, seat_tokens
from .pages import Page

STEPS = 40


def _expected(state, seat, msg, rng):
    other = state.determinize(seat, rng.next64())
    built = payload.build(
        other,
        seat,
        table_id=msg["table"],
        version=msg["version"],
        seats=[{"kind": s["kind"], "bot": s["bot"]} for s in msg["seats"]],
        clock=msg["clock"],
        paused=msg["paused"],
    )
    built = json.loads(json.dumps(built))
    if "chat" in msg:  # the table talk goes to the seats, the same for all of them
        built["chat"] = msg["chat"]
    if "undo" in msg:  # whether the seat may take its last move back: from the table's moves
        built["undo"] = msg["undo"]
    built["lang"] = msg["lang"]
    if "ref" in msg:  # which message a page's next patch applies to
        built["ref"] = msg["ref"]
    # what the facilitator set for the table (names at the seats, a seat a bot plays for now, an
    # announcement, the next game, whether the table is a class's) is the same for everyone and depends
    # on no hidden thing
    for entry, sent in zip(built["seats"], msg["seats"], strict=True):
        entry.update(role=entry["name"], people=sent["people"], handed=sent["handed"])
        if sent["people"]:
            entry["name"] = f"{sent['people']} · {entry['role']}"
    built["announcement"], built["next"], built["in_class"] = (
        msg["announcement"],
        msg["next"],
        msg["in_class"],
    )
    if state.is_terminal():  # the outcome and closing figures are told to everyone when the game is over
        built["outcome"] = msg["outcome"]
        built["debrief"] = msg["debrief"]
    return built


def _no_secret_keys(data):
    if isinstance(data, dict):
        for k, v in data.items():
            assert k not in ("seed", "rng"), f"message has a {k!r} field"
            _no_secret_keys(v)
    elif isinstance(data, list):
        for v in data:
            _no_secret_keys(v)


def _check_all_seats(client, table, state, rng):
    tokens = {**{s: tok for s, tok in seat_tokens(table).items()}, None: table["spectator"]["token"]}
    for seat, tok in tokens.items():
        msg = client.get(f"/api/state/{tok}").json()
        assert msg["view"] == json.loads(json.dumps(state.view(seat)))
        assert msg == _expected(state, seat, msg, rng), f"seat {seat}'s message depends on hidden things"
        _no_secret_keys({k: v for k, v in msg.items() if k != "view"})
        if seat is None:
            assert msg["legal"] == []


@pytest.mark.parametrize("game", GAME_IDS)
def test_http_messages_show_each_seat_only_its_own_view(client, game):
    table = new_table(client, game)
    tokens = seat_tokens(table)
    rng = Rng(11)
    for i in range(STEPS):
        state = live_state(client, table["id"])
        if i % 8 == 0 or state.is_terminal():
            _check_all_seats(client, table, state, rng)
        if state.is_terminal():
            break
        seat = state.active_seats()[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        r = client.post(f"/api/act/{tokens[seat]}", json={"action": pick(legal, i)})
        assert r.status_code == 200, r.text


@pytest.mark.parametrize("game", GAME_IDS)
def test_websocket_updates_show_each_seat_only_its_own_view(client, game):
    n = players_of(game)
    table = new_table(client, game)
    tokens = seat_tokens(table)
    rng = Rng(5)
    with (
        client.websocket_connect(f"/ws/{tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/{tokens[n - 1]}") as wsn,
        client.websocket_connect(f"/ws/{table['spectator']['token']}") as spect,
    ):
        socks = {0: ws0, n - 1: wsn, None: spect}
        pages = {seat: Page(ws) for seat, ws in socks.items()}
        for seat, page in pages.items():
            first = page.receive()
            assert first["type"] == "state" and first["seat"] == seat and first["version"] == 0
        for i in range(6):
            state = live_state(client, table["id"])
            if state.is_terminal():
                break
            seat = state.active_seats()[0]
            legal = [str(a) for a in state.legal_actions(seat)]
            acting = socks.get(seat)
            if acting is not None:
                acting.send_json({"type": "act", "action": pick(legal, i), "version": i, "id": i})
            else:
                assert (
                    client.post(f"/api/act/{tokens[seat]}", json={"action": pick(legal, i)}).status_code
                    == 200
                )
            for s, page in pages.items():
                msg = page.receive()  # a patch: what changed since the page's last message
                assert json.loads(page.texts[-1])["type"] == "patch" and msg["version"] == i + 1
                state = live_state(client, table["id"])  # the move is in: the message came after it
                assert msg == _expected(state, s, msg, rng)
            if acting is not None:
                assert acting.receive_json() == {"type": "ack", "version": i + 1, "id": i}


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_play_page_embeds_only_the_seats_own_message(client, game):
    table = new_table(client, game)
    for seat, tok in [*seat_tokens(table).items(), (None, table["spectator"]["token"])]:
        html = client.get(f"/play/{tok}").text
        found = re.search(r'<script type="application/json" id="loopcity-data">(.*?)</script>', html, re.S)
        assert found, "the page carries its first message"
        data = json.loads(found.group(1))
        embedded = data["first"]
        assert data["token"] == tok and embedded == client.get(f"/api/state/{tok}").json()
        assert embedded["seat"] == seat
        others = [t for s, t in seat_tokens(table).items() if s != seat]
        assert not any(t in html for t in others), "no other seat's link on the page"
        assert table["facilitator"]["token"] not in html
