"""One step for one decision: a game's choices made at once (ResourCEd's trade put together with
counters and offered, its hand Wasted down to the limit) are sent once as the engine's own actions,
applied together or not at all, answered once, and taken back whole by an undo."""

from __future__ import annotations

from .conftest import live_state, new_table, seat_tokens


def _play_until(client, table, tokens, wanted, limit=800):
    """Play every seat's first legal action (voting yes, never trading) until ``wanted(message)``."""
    t = client.app.state.manager.live[table["id"]]
    for _ in range(limit):
        seat = t.state.active_seats()[0]
        msg = client.get(f"/api/state/{tokens[seat]}").json()
        if wanted(msg):
            return seat, msg
        covered = {c for ch in msg["choices"] for c in ch["covers"]}
        legal = [a["action"] for a in msg["legal"] if a["action"] not in covered and a["action"] != "vote no"]
        legal = [a for a in legal if not a.startswith(("give ", "take "))] or legal
        r = client.post(f"/api/act/{tokens[seat]}", json={"action": legal[0]})
        assert r.status_code == 200, r.text
    raise AssertionError("the wanted moment never came")


def _trade(msg):
    return next((c for c in msg["choices"] if c["key"].startswith("trade-")), None)


def test_a_resourced_trade_is_one_offer_sent_once_answered_once_and_undone_whole(client, make_client):
    table = new_table(client, "resourced")
    tokens = seat_tokens(table)

    def both_ways(m):
        return m["your_turn"] and _trade(m) is not None and len(_trade(m)["groups"]) == 2

    seat, msg = _play_until(client, table, tokens, both_ways)
    choice = _trade(msg)
    assert choice["then"] == ["offer_trade"] and choice["most"] >= 1
    covered = set(choice["covers"])
    assert covered and covered <= {a["action"] for a in msg["legal"]}
    give, asked = (g["counters"][0]["action"] for g in choice["groups"])
    assert [g["label"] for g in choice["groups"]] == ["You give", "You ask for"]
    steps = [give] + ([asked] if choice["most"] >= 2 else [])
    t = client.app.state.manager.live[table["id"]]
    moves, version = len(t.moves), msg["version"]

    # a refused step refuses the whole choice and leaves the game as it was
    bad = client.post(f"/api/act/{tokens[seat]}", json={"actions": [*steps, "end_turn", "offer_trade"]})
    assert bad.status_code == 422 and "step" in bad.json()["detail"]
    assert len(t.moves) == moves and client.get(f"/api/state/{tokens[seat]}").json()["version"] == version

    r = client.post(f"/api/act/{tokens[seat]}", json={"actions": [*steps, "offer_trade"]})
    assert r.status_code == 200, r.text
    after = r.json()
    assert len(t.moves) == moves + len(steps) + 1, "the engine's own steps are stored"
    assert after["undo"]["offered"] is True
    partner = int(choice["key"].split("-")[1]) - 1
    answer = client.get(f"/api/state/{tokens[partner]}").json()
    assert answer["decision"] is not None and {"vote yes", "vote no"} <= {
        a["action"] for a in answer["legal"]
    }

    # one undo takes the trade back whole, and a restart keeps it so
    r = client.post(f"/api/undo/{tokens[seat]}")
    assert r.status_code == 200, r.text
    back = r.json()
    assert len(t.moves) == moves and _trade(back) is not None and back["decision"] is None
    again = make_client()
    assert again.get(f"/api/state/{tokens[seat]}").json()["version"] == back["version"]
    assert live_state(again, table["id"]).state_hash() == t.state.state_hash()

    # offered again and answered once: the partner's one vote settles it
    client.post(f"/api/act/{tokens[seat]}", json={"actions": [*steps, "offer_trade"]}).raise_for_status()
    r = client.post(f"/api/act/{tokens[partner]}", json={"action": "vote yes"})
    assert r.status_code == 200, r.text
    assert "accepts the trade" in r.json()["log"][-1]["text"]


def test_the_hand_limit_is_paid_as_one_choice(client):
    table = new_table(client, "resourced")
    tokens = seat_tokens(table)
    seat, msg = _play_until(
        client,
        table,
        tokens,
        lambda m: m["your_turn"] and any(c["key"] == "discard" for c in m["choices"]),
        2000,
    )
    choice = next(c for c in msg["choices"] if c["key"] == "discard")
    assert choice["least"] == choice["most"] >= 1
    steps = []
    for c in choice["groups"][0]["counters"]:
        steps += [c["action"]] * min(c["most"], choice["most"] - len(steps))
    t = client.app.state.manager.live[table["id"]]
    before = len(t.moves)
    r = client.post(f"/api/act/{tokens[seat]}", json={"actions": steps})
    assert r.status_code == 200, r.text
    assert len(t.moves) == before + len(steps)
    assert not any(c["key"] == "discard" for c in r.json()["choices"])
    undo = client.post(f"/api/undo/{tokens[seat]}")
    if r.json()["undo"]["offered"]:  # unless the next turn's spin came of it: then nothing is undone
        assert undo.status_code == 200 and len(t.moves) == before
    else:
        assert undo.status_code == 409 and "chance" in undo.json()["detail"]


def test_a_choice_body_is_checked(client):
    table = new_table(client)
    token = seat_tokens(table)[0]
    for body in ({}, {"action": "ready", "actions": ["ready"]}, {"actions": []}, {"actions": ["x"] * 65}):
        r = client.post(f"/api/act/{token}", json=body)
        assert r.status_code == 400, (body, r.text)
