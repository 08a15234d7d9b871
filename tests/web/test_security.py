"""What a student holding a link, or anyone who reaches the server, can and cannot do (docs/security.md):
no file paths or content changes from the web, every option checked before anything is saved, bodies
capped, tables rate-limited and capped, idle tables leaving memory, bots capped and sharing fairly,
security headers and a policy without inline script, 128-bit seeds and the keyed generator, and bad
requests refused at once while other people's requests are served."""

from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
from dataclasses import replace

import pytest
import requests
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from loopcity import load_game
from loopcity.engine import KeyedRng, unregister
from loopcity.web import create_app
from loopcity.web.botwork import BotWorkers
from loopcity.web.settings import Settings
from tiny_game import SPEC as TINY

from .conftest import ROOMY, live_state, new_table, same_game, seat_tokens, wait_for
from .live_server import LiveServer


def _stored(client) -> int:
    return len(client.app.state.manager.db.list_tables(limit=10_000))


# ----- headers and pages ---------------------------------------------------------------------------
def test_every_answer_carries_the_security_headers(client):
    t = new_table(client)
    for path in ["/", f"/play/{seat_tokens(t)[0]}", "/api/games", "/api/state/nope", "/static/style.css"]:
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self';" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
        assert (r.headers.get("cache-control") == "no-store") == (not path.startswith("/static/"))


def test_no_page_runs_inline_script(client):
    t = new_table(client, "reclaim")
    pages = [
        "/",
        f"/play/{seat_tokens(t)[0]}",
        f"/table/{t['facilitator']['token']}",
        f"/replay/{seat_tokens(t)[0]}",
    ]
    for path in pages:
        html = client.get(path).text
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag or 'type="application/json"' in tag, f"{path}: inline script {tag}"
        assert not re.search(r"\son[a-z]+\s*=", html), f"{path}: an inline event handler"
        assert not re.search(r"\sstyle\s*=", html), f"{path}: an inline style"


def test_the_api_docs_can_be_switched_off(make_client):
    assert make_client().get("/openapi.json").status_code == 200
    quiet = make_client(settings=replace(ROOMY, api_docs=False))
    for path in ("/docs", "/redoc", "/openapi.json"):
        assert quiet.get(path).status_code == 404


# ----- untrusted input -----------------------------------------------------------------------------
def test_a_body_over_the_limit_is_refused_with_413(client):
    big = {"game": "tiny", "options": {"pile": 5}, "pad": "x" * 70_000}
    r = client.post("/api/tables", json=big)
    assert r.status_code == 413 and "larger than" in r.json()["detail"]

    def chunks():  # no Content-Length: counted while it is read
        for _ in range(40):
            yield b" " * 4096

    r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"content": "/etc/passwd"}, "'content' cannot be set"),
        ({"content": "/dev/stdin"}, "'content' cannot be set"),
        ({"content": "/dev/zero"}, "'content' cannot be set"),
        ({"overrides": "table.timer_minutes=1"}, "'overrides' cannot be set"),
        ({"event_every": 0}, "'event_every' must be from 1 to 16"),
        ({"event_every": 17}, "'event_every' must be from 1 to 16"),
        ({"events": "sometimes"}, "'events' must be one of"),
        ({"nosuch": 1}, "no option 'nosuch'"),
    ],
)
def test_reclaim_options_are_checked_before_anything_is_saved(client, options, words):
    before = _stored(client)
    r = client.post("/api/tables", json={"game": "reclaim", "options": options})
    assert r.status_code == 400 and words in r.json()["detail"]
    assert _stored(client) == before


def test_a_content_override_cannot_even_be_sent(client):
    r = client.post("/api/tables", json={"game": "reclaim", "options": {"overrides": {"rules.rounds": 99}}})
    assert r.status_code == 400 and "options.overrides" in r.json()["detail"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "sustain", "options": {"scenario": "nosuch"}}, "'scenario' must be one of"),
        ({"game": "sustain", "options": {"discussion_minutes": -5}}, "'discussion_minutes' must be from 0"),
        ({"game": "reclaim", "players": 5_000_000}, "players"),
        ({"game": "reclaim", "players": 3}, "4-4 players"),
        ({"game": "reclaim", "seed": 2**256}, "seed"),
        ({"game": "reclaim", "seats": [{"kind": "bot", "bot": "mcts:iterations=99999"}] * 4}, "no bot"),
    ],
)
def test_bad_tables_are_refused_naming_what_is_wrong(client, body, words):
    before = _stored(client)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and words in r.json()["detail"]
    assert _stored(client) == before


def test_an_infinite_player_count_is_refused(client):
    r = client.post(
        "/api/tables",
        content=b'{"game": "reclaim", "players": 1e999}',
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 400 and "players" in r.json()["detail"]


def test_the_lobby_form_is_bounded_like_the_api(client):
    before = _stored(client)
    r = client.post("/tables", data={"game": "reclaim", "players": "5000000"})
    assert r.status_code == 400 and "4-4 players" in r.text
    r = client.post("/tables", data={"game": "reclaim", "opt_content": "/etc/passwd"})
    assert r.status_code == 400 and "cannot be set" in r.text
    r = client.post("/tables", data={"game": "reclaim", "seed": "9" * 100})
    assert r.status_code == 400 and "seed" in r.text
    assert _stored(client) == before


# ----- limits --------------------------------------------------------------------------------------
def test_new_tables_are_rate_limited_per_client(make_client):
    client = make_client(settings=replace(ROOMY, tables_per_minute=3))
    for _ in range(3):
        new_table(client)
    r = client.post("/api/tables", json={"game": "tiny", "players": 2})
    assert r.status_code == 429 and "too many new tables" in r.json()["detail"]
    assert int(r.headers["retry-after"]) > 0
    other = TestClient(client.app, client=("10.0.0.9", 5000))  # another address is not held up
    assert other.post("/api/tables", json={"game": "tiny", "players": 2}).status_code == 201


def test_the_server_holds_at_most_its_live_tables(make_client):
    client = make_client(settings=replace(ROOMY, max_live_tables=2), bot_delay=30)
    busy = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]  # a bot waiting to move: in use
    new_table(client, seats=busy)
    new_table(client, seats=busy)
    r = client.post("/api/tables", json={"game": "tiny", "players": 2, "seats": busy})
    assert r.status_code == 503 and "most tables" in r.json()["detail"]
    quiet = make_client(settings=replace(ROOMY, max_live_tables=2))
    for _ in range(4):  # tables nobody uses leave memory to make room
        new_table(quiet)
    assert len(quiet.app.state.manager.live) <= 2


def test_idle_tables_leave_memory_and_never_started_ones_expire(make_client):
    client = make_client(settings=replace(ROOMY, unstarted_hours=0, idle_minutes=1))
    manager = client.app.state.manager
    played, unplayed = new_table(client), new_table(client)
    client.post(f"/api/act/{seat_tokens(played)[0]}", json={"action": "ready"})
    done = manager.sweep(now=time.monotonic() + 3600)
    assert done["stopped"] == 2 and manager.live == {}
    assert done["deleted"] == 1  # the unplayed table, with its links
    assert client.get(f"/api/state/{seat_tokens(unplayed)[0]}").status_code == 403
    again = client.get(f"/api/state/{seat_tokens(played)[1]}").json()  # kept, rebuilt from its moves
    assert again["version"] == 1 and again["view"]["ready"] == [0]


class SlowBot:
    """A bot that thinks for ``SlowBot.seconds`` before taking its first legal action."""

    seconds = 0.3

    def __init__(self, game, seat, seed):
        pass

    def choose(self, state, seat):
        time.sleep(SlowBot.seconds)
        return state.legal_actions(seat)[0]


SLOW = replace(TINY, id="slowbots", bots={"slow": SlowBot})


@pytest.fixture
def slow_game():
    yield SLOW
    unregister(SLOW.id)


def test_a_search_bot_is_told_to_stop_thinking_at_the_cap():
    workers = BotWorkers(1, 0.5)
    game = load_game("reclaim")
    assert workers.make("mcts", game, 0, 1).config.time_limit == 0.5
    assert workers.make("random", game, 0, 1).choose(game.new_state(1), 0) is not None


def test_a_bot_that_thinks_far_too_long_gives_its_seat_to_a_random_bot(make_client, slow_game, monkeypatch):
    monkeypatch.setattr(SlowBot, "seconds", 2.0)
    client = make_client(extra_games=[TINY, SLOW], settings=replace(ROOMY, bot_seconds=0.1))
    t = new_table(client, "slowbots", seats=[{"kind": "human"}, {"kind": "bot", "bot": "slow"}])
    wait_for(lambda: live_state(client, t["id"]).ready == {1}, timeout=5)  # after 1.3 s, a random bot
    assert type(client.app.state.manager.live[t["id"]].bots[1]).__name__ == "RandomBot"


def test_one_tables_bots_cannot_starve_another_tables(make_client, slow_game):
    client = make_client(extra_games=[TINY, SLOW], settings=replace(ROOMY, bot_workers=1, bot_seconds=1.0))
    slow = new_table(client, "slowbots", seats=[{"kind": "bot", "bot": "slow"}] * 4, players=4)
    quick = new_table(client, seats=[{"kind": "bot", "bot": "random"}] * 4, players=4)
    manager = client.app.state.manager
    began = time.monotonic()
    wait_for(lambda: manager.live[quick["id"]].version >= 4, timeout=5)
    assert time.monotonic() - began < 3  # its four moves waited at most for one slow decision each
    assert manager.live[slow["id"]].version >= 1  # and the slow table moved too


def test_a_page_may_not_flood_or_oversize_its_messages_and_a_table_takes_at_most_its_pages(make_client):
    client = make_client(settings=replace(ROOMY, max_clients_per_table=2, ws_messages_per_second=5))
    t = new_table(client)
    tok = seat_tokens(t)[0]
    with client.websocket_connect(f"/ws/{tok}") as ws, client.websocket_connect(f"/ws/{tok}") as ws2:
        ws.receive_json()
        ws2.receive_json()
        ws.send_text("x" * 5000)
        assert ws.receive_json()["status"] == 413
        statuses = []
        for _ in range(15):
            ws.send_json({"type": "nothing"})
            statuses.append(ws.receive_json()["status"])
        assert 429 in statuses and statuses.count(400) <= 11
        watch = t["spectator"]["token"]
        with client.websocket_connect(f"/ws/{watch}") as s1, client.websocket_connect(f"/ws/{watch}") as s2:
            s1.receive_json()
            s2.receive_json()
            with pytest.raises(WebSocketDisconnect) as e, client.websocket_connect(f"/ws/{watch}") as third:
                third.receive_json()
        assert e.value.code == 4429


# ----- chance nobody can recover -------------------------------------------------------------------
def test_a_server_made_seed_has_128_bits_and_drives_the_keyed_generator(client):
    tables = [new_table(client, "reclaim", seed=None) for _ in range(3)]
    seeds = [client.app.state.manager.db.load(t["id"]).seed for t in tables]
    assert len(set(seeds)) == 3 and all(2**128 <= s < 2**129 for s in seeds)
    assert all(type(live_state(client, t["id"]).rng) is KeyedRng for t in tables)
    typed = new_table(client, "reclaim", seed=7)  # a facilitator's seed, keyed with the server's secret
    state = live_state(client, typed["id"])
    seed = client.app.state.manager.seed_for(7)
    assert 2**128 <= seed < 2**129 and client.app.state.manager.db.load(typed["id"]).seed == seed
    assert type(state.rng) is KeyedRng and same_game(state, load_game("reclaim").new_state(seed))
    assert not same_game(state, load_game("reclaim").new_state(7))  # not the CLI's `--seed 7`


def test_a_typed_seed_repeats_its_game_on_one_server_and_not_on_another(make_client, tmp_path):
    a = make_client()
    first, again = new_table(a, "reclaim", seed=7), new_table(a, "reclaim", seed=7)
    assert same_game(live_state(a, first["id"]), live_state(a, again["id"]))
    restarted = make_client()  # the same database after a restart: the secret is kept with the tables
    after = new_table(restarted, "reclaim", seed=7)
    assert same_game(live_state(restarted, after["id"]), live_state(a, first["id"]))
    lobby = restarted.post("/tables", data={"game": "reclaim", "seed": "7"}, follow_redirects=False)
    assert lobby.status_code == 303
    from_form = restarted.app.state.manager.db.list_tables(1)[0]["id"]
    assert restarted.app.state.manager.db.load(from_form).seed == restarted.app.state.manager.seed_for(7)
    other = make_client(f"sqlite:///{tmp_path / 'other.db'}")  # another server: another secret
    elsewhere = new_table(other, "reclaim", seed=7)
    assert other.app.state.manager.seed_for(7) != a.app.state.manager.seed_for(7)
    assert not same_game(live_state(other, elsewhere["id"]), live_state(a, first["id"]))


def test_the_lobby_says_a_typed_seed_repeats_only_on_this_server(client):
    assert "on this server only" in client.get("/").text


def test_a_finished_web_game_with_a_secret_seed_replays_from_its_record(client):
    from loopcity.engine import Record

    t = new_table(client, variant="short", seed=None)
    tok = seat_tokens(t)
    for _ in range(30):
        s = client.get(f"/api/state/{tok[0]}").json()
        if s["finished"]:
            break
        seat = s["active_seats"][0]
        client.post(
            f"/api/act/{tok[seat]}",
            json={"action": client.get(f"/api/state/{tok[seat]}").json()["legal"][-1]["action"]},
        )
    data = client.get(f"/api/record/{tok[0]}").json()
    assert data["header"]["generator"] == "blake2b-ctr/1" and data["header"]["seed"] >= 2**128
    assert same_game(Record.from_json(data).replay(verify=True), live_state(client, t["id"]))


# ----- refused at once, while others are served -----------------------------------------------------
def _raw(port: int, head: bytes, body_parts: list[bytes]) -> tuple[int, float]:
    """Send a raw HTTP request; returns its status and how long the answer took."""
    began = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(head)
        try:
            for part in body_parts:
                s.sendall(part)
        except OSError:  # the server answered and closed before the body was all sent
            pass
        answer = s.recv(4096)
    return int(answer.split(b" ", 2)[1]), time.perf_counter() - began


BAD_JSON = [
    {"game": "reclaim", "options": {"content": "/dev/stdin"}},
    {"game": "reclaim", "options": {"content": "/dev/zero"}},
    {"game": "reclaim", "options": {"content": "/etc/passwd"}},
    {"game": "reclaim", "options": {"overrides": {"rules.rounds": 10**9}}},
    {"game": "reclaim", "players": 5_000_000},
    {"game": "reclaim", "options": {"event_every": 0}},
    {"game": "sustain", "options": {"scenario": "nosuch"}},
    {"game": "sustain", "options": {"discussion_minutes": -5}},
]


def test_bad_requests_are_refused_promptly_while_other_requests_are_served(tmp_path):
    """Each bad request is refused with a 4xx at once (never read to its end, never a hung or stalled
    server) while another person's requests keep being answered. The first pass only warms the server
    (each game's content loaded once, as any first table does); the second is timed, with a bound far
    above a refusal's cost (milliseconds) and far below a hang (the 10 s timeout), and the figures are
    printed."""
    live = LiveServer(f"sqlite:///{tmp_path / 'web.db'}", settings=ROOMY)
    probe_times: list[float] = []
    stop = threading.Event()

    def probe() -> None:  # another person, asking for the lobby all along
        with requests.Session() as s:
            while not stop.is_set():
                began = time.perf_counter()
                assert s.get(f"{live.base}/api/games", timeout=10).status_code == 200
                probe_times.append(time.perf_counter() - began)
                time.sleep(0.02)

    prober = threading.Thread(target=probe)
    try:
        live.watch_lag()
        prober.start()
        answers = []
        with requests.Session() as s:
            for body in BAD_JSON:  # warming: the games' content is loaded once
                s.post(f"{live.base}/api/tables", json=body, timeout=10)
            for body in BAD_JSON:
                r = s.post(f"{live.base}/api/tables", json=body, timeout=10)
                answers.append((r.status_code, r.elapsed.total_seconds()))
            for raw in (b'{"game": "reclaim", "players": 1e999}', b"[" * 60_000):
                r = s.post(f"{live.base}/api/tables", data=raw, headers={"content-type": "application/json"})
                answers.append((r.status_code, r.elapsed.total_seconds()))
            r = s.post(f"{live.base}/tables", data={"game": "reclaim", "players": "5000000"}, timeout=10)
            answers.append((r.status_code, r.elapsed.total_seconds()))
        head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        answers.append(_raw(live.port, head + b"Content-Length: 100000000\r\n\r\n", [b"{" * 65536] * 4))
        chunked = head + b"Transfer-Encoding: chunked\r\n\r\n"
        answers.append(
            _raw(live.port, chunked, [b"10000\r\n" + b" " * 65536 + b"\r\n"] * 16 + [b"0\r\n\r\n"])
        )
        time.sleep(0.2)
    finally:
        stop.set()
        prober.join(10)
        lags = sorted(live.stop_lag())
        live.stop()
    statuses = [status for status, _ in answers]
    assert all(400 <= s < 500 for s in statuses), statuses
    assert max(seconds for _, seconds in answers) < 2.0, answers
    assert probe_times and max(probe_times) < 2.0
    figures = {
        "answers": statuses,
        "slowest_answer_s": round(max(seconds for _, seconds in answers), 3),
        "probe_requests": len(probe_times),
        "probe_slowest_s": round(max(probe_times), 3),
        "loop_lag_max_ms": round(1000 * lags[-1], 1),
        "loop_lag_p99_ms": round(1000 * lags[int(0.99 * (len(lags) - 1))], 1),
    }
    print("bad requests:", figures)
    report = os.environ.get("LOOPCITY_SECURITY_REPORT")
    if report:
        with open(report, "w") as f:
            json.dump(figures, f, indent=1)


def test_create_app_without_a_settings_object_uses_the_defaults(db_url):
    app = create_app(db_url, extra_games=[TINY])
    assert app.state.manager.settings == Settings()


def test_table_talks_rate_limit_holds_when_the_table_leaves_memory_and_old_lines_go(client):
    t = new_table(client, players=3)
    tok = seat_tokens(t)
    manager = client.app.state.manager
    codes = [client.post(f"/api/chat/{tok[0]}", json={"text": f"line {i}"}).status_code for i in range(8)]
    assert codes == [200] * 8
    manager.release(manager.live[t["id"]])
    assert t["id"] not in manager.live  # the table left memory; its writer is not started afresh
    assert client.post(f"/api/chat/{tok[0]}", json={"text": "one more"}).status_code == 429
    assert client.post(f"/api/chat/{tok[1]}", json={"text": "my turn"}).status_code == 200
    db = manager.db
    for i in range(120):
        db.add_chat(t["id"], 2, f"old {i}", keep=20)
    assert 20 <= len(db.chat(t["id"], 1000)) < 20 + 50  # the newest lines are kept, older ones go
    assert db.chat(t["id"], 1)[0][1] == "old 119"


def test_replays_are_rate_limited_per_client(make_client):
    client = make_client(settings=replace(ROOMY, replays_per_minute=20))
    t = new_table(client)
    tok = seat_tokens(t)[0]
    codes = [client.get(f"/api/replay/{tok}").status_code for _ in range(8)]
    assert codes[:5] == [200] * 5 and codes[-1] == 429
    r = client.get(f"/api/replay/{tok}")
    assert r.status_code == 429 and "replay steps" in r.json()["detail"] and "retry-after" in r.headers
    other = TestClient(client.app, client=("10.0.0.9", 5000))  # another address is not held up
    assert other.get(f"/api/replay/{tok}").status_code == 200
