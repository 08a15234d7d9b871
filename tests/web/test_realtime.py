"""Wall-clock rules run on the server: an action kind declared with a ``Clock`` is carried out when its
period has passed while it may ring, every seat is shown the countdown, and no seat or bot can take it.
Its period comes from the table's option, the server's setting, the game's content, the default."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from loopcity import load_game
from loopcity.engine import Action, ActionSpace, Clock, Option, get_spec, kind, unregister
from loopcity.web.settings import Settings
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
    action_space=ActionSpace([*TINY.action_space.kinds, kind("clock", clock=Clock(5))]),
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
    assert "clock" not in [a["action"] for a in clocked.get(f"/api/state/{tok}").json()["legal"]]
    wait_for(lambda: live_state(clocked, t["id"]).ready == {1, 2})
    moves = clocked.app.state.manager.live[t["id"]].moves
    assert moves == [(1, "ready"), (2, "ready")] or moves == [(2, "ready"), (1, "ready")]


def test_a_minutes_option_of_the_game_sets_the_clock(make_client):
    space = ActionSpace(
        [
            k if k.name != "clock" else kind(k.name, k.help, clock=Clock(5, option="discussion_minutes"))
            for k in CLOCKED.action_space.kinds
        ]
    )
    timed = replace(
        CLOCKED,
        id="timed",
        action_space=space,
        options=(*TINY.options, Option("discussion_minutes", 0.01, "clock")),
    )
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
    """(game, variant) of every installed game whose start may ring a wall clock."""
    from loopcity.engine import list_games

    found = []
    for spec in list_games():
        for variant in spec.variants:
            state = load_game(spec.id, variant=variant.name).new_state(1)
            if state.clock_actions():
                found.append((spec.id, variant.name))
    return found


def test_reclaims_timer_variant_is_found_among_the_clocked_variants():
    assert ("reclaim", "timer") in _clocked_variants()


@pytest.mark.parametrize("game, variant", _clocked_variants())
def test_a_games_wall_clock_rule_is_run_by_the_server(make_client, game, variant):
    spec = get_spec(game)
    client = make_client(realtime={k: 0.3 for k in spec.action_space.clocks})
    players = spec.default_players or spec.min_players
    t = client.post(
        "/api/tables",
        json={"game": game, "variant": variant, "players": players, "seats": [{"kind": "human"}] * players},
    ).json()
    tok = t["seats"][0]["token"]
    msg = client.get(f"/api/state/{tok}").json()
    assert msg["clock"] is not None and msg["clock"]["kind"] not in [a["action"] for a in msg["legal"]]
    kind = msg["clock"]["kind"]
    r = client.post(f"/api/act/{tok}", json={"action": kind})
    assert r.status_code == 422 and "clock" in r.json()["detail"]
    wait_for(lambda: any(m[1] == kind for m in client.app.state.manager.live[t["id"]].moves), timeout=10)


def _reclaim_timer_seconds(client) -> float:
    t = client.post(
        "/api/tables", json={"game": "reclaim", "variant": "timer", "seats": [{"kind": "human"}] * 4}
    ).json()
    return client.get(f"/api/state/{t['seats'][0]['token']}").json()["clock"]["seconds"]


def test_reclaims_timer_takes_its_minutes_from_its_content_or_from_serve(make_client):
    assert _reclaim_timer_seconds(make_client()) == 600  # content: table.timer_minutes = 10
    faster = make_client(settings=Settings(timer_minutes=5, tables_per_minute=100))
    assert _reclaim_timer_seconds(faster) == 300  # loopcity serve --timer-minutes 5
    manager = faster.app.state.manager
    edited = load_game("reclaim", variant="timer", overrides={"table.timer_minutes": 7})
    assert manager._periods(edited) == {"alarm": 300.0}  # the operator's setting comes first
    assert make_client().app.state.manager._periods(edited) == {"alarm": 420.0}


def test_sustains_discussion_clock_takes_the_tables_minutes(make_client):
    client = make_client(settings=Settings(clock_minutes=9, tables_per_minute=100))
    t = client.post(
        "/api/tables",
        json={"game": "sustain", "seats": [{"kind": "human"}] * 4, "options": {"discussion_minutes": 3}},
    ).json()
    msg = client.get(f"/api/state/{t['seats'][0]['token']}").json()
    assert msg["clock"]["kind"] == "clock" and msg["clock"]["seconds"] == 180
    assert "clock" not in [a["action"] for a in msg["legal"]]


def _reclaim_timer_table(client) -> tuple[dict, str]:
    t = client.post(
        "/api/tables", json={"game": "reclaim", "variant": "timer", "seats": [{"kind": "human"}] * 4}
    ).json()
    return t, t["seats"][0]["token"]


def test_a_countdown_keeps_its_deadline_when_the_server_restarts_and_starts_afresh_on_resuming(
    make_client,
):
    """The deadline is the table's, stored with it: a server started again shows the same one (not a
    new countdown from its own start); pausing stops it, resuming starts a whole period again."""
    first = make_client(realtime={"alarm": 60})
    t, tok = _reclaim_timer_table(first)
    before = first.get(f"/api/state/{tok}").json()["clock"]
    time.sleep(0.3)
    again = make_client(realtime={"alarm": 60})  # a restart: a new app over the same database
    assert again.get(f"/api/state/{tok}").json()["clock"]["deadline"] == before["deadline"]

    fac = t["facilitator"]["token"]
    assert again.post(f"/api/tables/{fac}/pause", json={"paused": True}).status_code == 200
    assert again.get(f"/api/state/{tok}").json()["clock"] is None
    resumed_at = time.time()
    assert again.post(f"/api/tables/{fac}/pause", json={"paused": False}).status_code == 200
    resumed = again.get(f"/api/state/{tok}").json()["clock"]
    assert resumed_at + 60 <= resumed["deadline"] <= time.time() + 60
    later = make_client(realtime={"alarm": 60})
    assert later.get(f"/api/state/{tok}").json()["clock"]["deadline"] == resumed["deadline"]


def test_a_repeating_clock_that_missed_many_periods_rings_once_and_counts_a_whole_period_again(
    make_client, db_url
):
    """A table nobody had open comes back long after its deadline: its timer rings once at once, not
    once for every period it missed, and the next ring is a whole period later."""
    from sqlalchemy import update

    from loopcity.web.db import Database, TableRow

    first = make_client(realtime={"alarm": 60})
    t, tok = _reclaim_timer_table(first)
    first.app.state.manager._stop(first.app.state.manager.live[t["id"]])
    db = Database(db_url)
    with db.engine.begin() as conn:  # as if it started 100 periods of 3 s ago
        conn.execute(
            update(TableRow).where(TableRow.id == t["id"]).values(clocks={"alarm": time.time() - 300})
        )
    db.dispose()

    back = make_client(realtime={"alarm": 3})
    loaded = time.time()
    msg = back.get(f"/api/state/{tok}").json()
    manager = back.app.state.manager

    def alarms() -> int:
        return sum(1 for _seat, text in manager.live[t["id"]].moves if text == "alarm")

    wait_for(lambda: alarms() >= 1, timeout=10)
    rang = time.time()
    time.sleep(0.5)
    clock = back.get(f"/api/state/{tok}").json()["clock"]
    print(f"first message's clock {msg['clock']}; rang {rang - loaded:.2f} s after loading; now {clock}")
    assert alarms() == 1 or time.time() - rang > 3  # a second ring only once a whole period passed
    assert loaded + 3 <= clock["deadline"] <= rang + 3
