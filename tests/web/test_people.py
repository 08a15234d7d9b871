"""The people at a web table: actions in words, the prompt, the reference, table talk, and bots that
wait for the people before they say they are done."""

from __future__ import annotations

from dataclasses import replace

import pytest

from loopcity.engine import ActionSpace, list_games, register, unregister
from loopcity.engine.table import DONE
from tiny_game import SPEC as TINY
from tiny_game import TinyState

from .conftest import GAME_IDS, live_state, new_table, seat_tokens, spec_of, wait_for


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_seats_message_gives_each_legal_action_its_label_and_a_prompt(client, game):
    table = new_table(client, game)
    state = live_state(client, table["id"])
    seat = state.active_seats()[0]
    msg = client.get(f"/api/state/{seat_tokens(table)[seat]}").json()
    assert [a["action"] for a in msg["legal"]] == [str(a) for a in state.legal_actions(seat)]
    for a in msg["legal"]:
        assert a["label"] and a["label"] != a["action"] and "group" in a
    assert msg["prompt"] == state.prompt(seat)
    assert [s["name"] for s in msg["seats"]] == [state.seat_name(s) for s in range(state.players)]
    spectator = client.get(f"/api/state/{table['spectator']['token']}").json()
    assert spectator["legal"] == [] and spectator["prompt"]


@pytest.mark.parametrize("game", sorted(s.id for s in list_games() if s.reference is not None))
def test_the_reference_follows_the_tables_game(client, game):
    table = new_table(client, game)
    ref = client.get(f"/api/reference/{table['spectator']['token']}").json()
    assert ref["title"] == spec_of(game).title and ref["sections"]
    assert all(sec["title"] for sec in ref["sections"])


def test_table_talk_reaches_every_seat_not_the_spectator_and_the_facilitator_can_stop_it(client):
    table = new_table(client, "tiny", players=3)
    tok = seat_tokens(table)
    assert (
        client.post(f"/api/chat/{tok[0]}", json={"text": "  I take <b>two</b>,   you take one  "}).status_code
        == 200
    )
    lines = client.get(f"/api/state/{tok[2]}").json()["chat"]["lines"]
    assert lines == [{"seat": 0, "name": "Seat 1", "text": "I take <b>two</b>, you take one"}]
    spectator = table["spectator"]["token"]
    assert "chat" not in client.get(f"/api/state/{spectator}").json()
    assert client.post(f"/api/chat/{spectator}", json={"text": "hello"}).status_code == 403
    assert client.post(f"/api/chat/{tok[1]}", json={"text": ""}).status_code == 400
    assert client.post(f"/api/chat/{tok[1]}", json={"text": "x" * 501}).status_code == 400
    fac = table["facilitator"]["token"]
    assert client.post(f"/api/tables/{fac}/chat", json={"on": False}).json()["chat"] is False
    r = client.post(f"/api/chat/{tok[1]}", json={"text": "can anyone hear me?"})
    assert r.status_code == 409 and "switched table talk off" in r.json()["detail"]
    assert client.get(f"/api/state/{tok[1]}").json()["chat"]["on"] is False
    assert client.post(f"/api/tables/{tok[0]}/chat", json={"on": True}).status_code == 403


def test_table_talk_is_kept_with_the_table_and_a_fast_writer_is_slowed(make_client):
    first = make_client()
    table = new_table(first, "tiny", players=2)
    tok = seat_tokens(table)
    codes = [first.post(f"/api/chat/{tok[0]}", json={"text": f"line {i}"}).status_code for i in range(10)]
    assert codes[:8] == [200] * 8 and codes[8:] == [429, 429]
    again = make_client()  # a restart: the talk comes back from the database
    lines = again.get(f"/api/chat/{tok[1]}").json()["lines"]
    assert [line["text"] for line in lines] == [f"line {i}" for i in range(8)]


class _ReadyState(TinyState):
    """The tiny game whose opening shared phase ends when every seat has said "done"."""

    def _legal_actions(self, seat):
        return [DONE()] if len(self.ready) < self.players else super()._legal_actions(seat)

    def _apply(self, seat, action):
        if action.kind == DONE.name:
            self.ready.add(seat)
        else:
            super()._apply(seat, action)


READY = replace(
    TINY,
    id="ready_first",
    state_class=_ReadyState,
    action_space=ActionSpace([*TINY.action_space.kinds, DONE]),
)


def test_a_bot_at_a_web_table_waits_for_the_person_before_it_says_done(make_client):
    register(READY)
    try:
        client = make_client(extra_games=[TINY, READY])
        seats = [{"kind": "bot", "bot": "random"}, {"kind": "human"}]
        table = new_table(client, "ready_first", seats=seats)
        manager = client.app.state.manager
        wait_for(lambda: 0 in manager.live[table["id"]].waiting)
        t = manager.live[table["id"]]
        assert t.moves == [] and t.state.active_seats() == (0, 1), "the bot has not closed the phase"
        r = client.post(f"/api/act/{seat_tokens(table)[1]}", json={"action": "done"})
        assert r.status_code == 200
        wait_for(lambda: len(manager.live[table["id"]].moves) >= 2)
        assert manager.live[table["id"]].moves[:2] == [(1, "done"), (0, "done")]
    finally:
        unregister(READY.id)


def test_the_facilitator_reads_the_talk_on_the_links_page_and_switches_it(client):
    table = new_table(client, "tiny", players=2)
    tok = seat_tokens(table)
    client.post(f"/api/chat/{tok[1]}", json={"text": "<script>alert(1)</script> shall we?"})
    fac = table["facilitator"]["token"]
    page = client.get(f"/table/{fac}").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt; shall we?" in page and "<script>alert" not in page
    r = client.post(f"/table/{fac}/chat", data={"on": "0"}, follow_redirects=True)
    assert r.status_code == 200 and "Table talk is switched off." in r.text
