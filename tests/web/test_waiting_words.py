"""Bots that have said their part and hold their "done" for the people say so: SUSTAIN's discussion
names them as waiting for you, not among those still talking, in English and German."""

from __future__ import annotations

import time

from .conftest import new_table, seat_tokens


def test_bots_waiting_in_sustains_discussion_say_they_wait_for_you(client):
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    table = new_table(client, "sustain", seats=seats, players=4)
    token = seat_tokens(table)[0]
    end = time.monotonic() + 60
    while time.monotonic() < end:
        msg = client.get(f"/api/state/{token}").json()
        if "wait for you" in msg["prompt"]:
            break
        if msg["your_turn"] and "step 6" not in msg["prompt"]:
            legal = [a["action"] for a in msg["legal"]]
            client.post(f"/api/act/{token}", json={"action": legal[0]}).raise_for_status()
        time.sleep(0.05)
    else:
        raise AssertionError(f"the bots never waited: {msg['prompt']}")
    assert "have said their part and wait for you" in msg["prompt"], msg["prompt"]
    assert "Still talking" not in msg["prompt"]
    german = client.get(f"/api/state/{token}?lang=de").json()["prompt"]
    assert "haben alles gesagt und warten auf dich" in german, german
    spectator = client.get(f"/api/state/{table['spectator']['token']}").json()["prompt"]
    assert "wait for the others to finish" in spectator, spectator
