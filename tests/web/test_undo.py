"""Undo at a web table: a person takes back their own last move while nobody moved since and it
revealed nothing; the facilitator may switch it off; the table survives a restart after an undo.
And the risk of an action in a seat's message (engine/risk.py)."""

from __future__ import annotations

from .conftest import live_state, new_table, seat_tokens


def _act(client, token, action):
    r = client.post(f"/api/act/{token}", json={"action": action})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_person_takes_back_their_own_last_move(client, make_client, db_url):
    table = new_table(client)
    tokens = seat_tokens(table)
    _act(client, tokens[0], "ready")
    msg = _act(client, tokens[1], "ready")
    assert msg["undo"] == {"on": True, "offered": True}
    assert client.get(f"/api/state/{tokens[0]}").json()["undo"]["offered"] is False, "not another's move"
    r = client.post(f"/api/undo/{tokens[0]}")
    assert r.status_code == 409 and "someone else has moved" in r.json()["detail"]
    r = client.post(f"/api/undo/{tokens[1]}")
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["version"] == 3 and back["your_turn"] and [a["action"] for a in back["legal"]] == ["ready"]
    assert "Seat 2: say you are ready" not in [line["text"] for line in back["log"]][-1:]
    t = client.app.state.manager.live[table["id"]]
    assert t.moves == [(0, "ready")]
    _act(client, tokens[1], "ready")  # play goes on, and a restart replays the table as it now is
    state = live_state(client, table["id"])
    again = make_client()
    msg = again.get(f"/api/state/{tokens[0]}").json()
    assert msg["version"] == 4 and live_state(again, table["id"]).state_hash() == state.state_hash()


def test_no_undo_after_a_chance_event_or_when_the_facilitator_switched_it_off(client):
    table = new_table(client)
    tokens = seat_tokens(table)
    _act(client, tokens[0], "ready")
    _act(client, tokens[1], "ready")
    msg = _act(client, tokens[0], "roll")
    assert msg["undo"]["offered"] is False
    r = client.post(f"/api/undo/{tokens[0]}")
    assert r.status_code == 409 and "chance" in r.json()["detail"]
    _act(client, tokens[1], "take 1")
    r = client.post(f"/api/tables/{table['facilitator']['token']}/undo", json={"on": False})
    assert r.status_code == 200 and r.json()["undo"] is False
    assert client.get(f"/api/state/{tokens[1]}").json()["undo"] == {"on": False, "offered": False}
    r = client.post(f"/api/undo/{tokens[1]}")
    assert r.status_code == 409 and "switched undo off" in r.json()["detail"]
    assert client.post(f"/api/undo/{table['spectator']['token']}").status_code == 403
    assert client.post(f"/api/tables/{tokens[0]}/undo", json={"on": True}).status_code == 403
    assert (
        client.post(f"/api/tables/{table['facilitator']['token']}/undo", json={"on": "x"}).status_code == 400
    )


def test_the_links_page_switches_undo(client):
    table = new_table(client)
    page = f"/table/{table['facilitator']['token']}"
    assert "Switch undo off" in client.get(page).text
    r = client.post(f"{page}/undo", data={"on": "0"}, follow_redirects=True)
    assert "Undo is switched off." in r.text


def test_a_seat_message_says_which_action_loses(client):
    """ResourCEd's hand limit: discarding into a full waste loses, and the label's risk says so."""
    import random

    from loopcity.engine import load_game
    from loopcity.engine.risk import assess
    from loopcity.web.payload import build

    game = load_game("resourced")
    state, rnd = game.new_state(1), random.Random(1)
    for _ in range(3000):
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        if any(r.loses for r in assess(state, seat, legal).values()):
            break
        state.apply(seat, rnd.choice(legal))
    seats = [{"kind": "human"}] * state.players
    msg = build(state, seat, table_id="x", version=1, seats=seats)
    risky = [a for a in msg["legal"] if a.get("risk", {}).get("loses")]
    assert risky and risky[0]["risk"]["text"].startswith("Watch out: this loses the game")
    assert all("risk" not in a for a in build(state, None, table_id="x", version=1, seats=seats)["legal"])


def test_actions_that_read_alike_are_one_button_and_either_is_still_taken():
    """The second of two alike tiles in a Resourcity hand (two Straight roads to discard) reads as the
    first: the page lists it once, where the rules keep both (records and stored games name either)."""
    import random

    from loopcity.engine import load_game
    from loopcity.web.payload import build

    rnd = random.Random(5)
    state = load_game("resourcity").new_state(5)
    while True:
        assert not state.is_terminal(), "no position with two alike actions in this game"
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        said = [(state.label(seat, a).text, state.label(seat, a).group) for a in legal]
        if len(set(said)) < len(said):
            break
        state.apply(seat, rnd.choice(legal))
    msg = build(state, seat, table_id="x", version=1, seats=[{"kind": "human"}] * state.players)
    listed = [(a["label"], a["group"]) for a in msg["legal"]]
    assert listed == list(dict.fromkeys(said)) and len(listed) < len(legal)  # the first of alike ones
    shown = {a["action"] for a in msg["legal"]}
    twin = next(a for a in legal if str(a) not in shown)
    copy = state.clone()
    copy.apply(seat, twin)  # the rules still take it
    assert copy.step == state.step + 1
