"""The web app's JSON API: lobby, seat tokens, refusals, version conflicts, restarts, records."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import httpx
import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app as cli
from loopcity.engine import Record
from loopcity.web import create_app
from loopcity.web.db import Database

from .conftest import live_state, new_table, same_game, seat_tokens, wait_for


def test_lobby_lists_every_game_with_variants_and_bots(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["tiny"]["variants"][1] == {"name": "short", "description": "5 counters"}
    assert "random" in games["tiny"]["bots"]
    page = client.get("/")
    assert page.status_code == 200
    assert "Tiny" in page.text and "A test game." in page.text and 'name="seat3"' in page.text


def test_create_table_gives_a_link_per_human_seat_and_a_spectator_link(client):
    t = new_table(
        client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}], players=3
    )
    assert [s["kind"] for s in t["seats"]] == ["human", "bot", "human"]
    assert "token" not in t["seats"][1]
    tokens = [
        t["seats"][0]["token"],
        t["seats"][2]["token"],
        t["spectator"]["token"],
        t["facilitator"]["token"],
    ]
    assert len(set(tokens)) == 4 and all(len(tok) >= 22 for tok in tokens)
    assert t["seats"][0]["url"].endswith("/play/" + tokens[0])
    assert client.get(t["seats"][0]["url"]).status_code == 200
    assert client.get(t["spectator"]["url"]).status_code == 200
    links = client.get(f"/api/tables/{t['facilitator']['token']}").json()
    assert links["seats"][2]["token"] == tokens[1]


def test_the_lobby_form_sets_game_options(client):
    assert 'name="opt_pile"' in client.get("/").text
    form = {
        "game": "tiny",
        "players": "2",
        "variant": "short",
        "seat0": "human",
        "seat1": "human",
        "opt_pile": "9",
    }
    r = client.post("/tables", data=form, follow_redirects=False)
    links = client.get("/api/tables/" + r.headers["location"].rsplit("/", 1)[1]).json()
    assert client.get(f"/api/state/{links['seats'][0]['token']}").json()["view"]["pile"] == 9
    form["opt_pile"] = ""  # left empty: the variant's value
    r = client.post("/tables", data=form, follow_redirects=False)
    links = client.get("/api/tables/" + r.headers["location"].rsplit("/", 1)[1]).json()
    assert client.get(f"/api/state/{links['seats'][0]['token']}").json()["view"]["pile"] == 5
    form["opt_pile"] = "lots"
    r = client.post("/tables", data=form)
    assert r.status_code == 400 and "pile" in r.text


def test_create_table_from_the_lobby_form_redirects_to_the_links_page(client):
    form = {
        "game": "tiny",
        "players": "2",
        "variant": "short",
        "seat0": "human",
        "seat1": "bot:random",
        "seed": "4",
    }
    r = client.post("/tables", data=form, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/table/")
    page = client.get(r.headers["location"])
    assert "seat-link" in page.text and "spectator-link" in page.text


@pytest.mark.parametrize(
    "body, status, words",
    [
        ({"game": "nosuch"}, 404, "no game"),
        ({"game": "tiny", "players": 9}, 400, "2-4 players"),
        ({"game": "tiny", "players": 2, "seats": [{"kind": "human"}]}, 400, "one seat for each"),
        (
            {"game": "tiny", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "x"}]},
            400,
            "no bot",
        ),
        ({"game": "tiny", "players": 2, "seats": [{"kind": "human"}, {"kind": "alien"}]}, 400, "human"),
        ({"game": "tiny", "variant": "huge"}, 400, "no variant"),
        ({"game": "tiny", "seed": -3}, 400, "seed"),
        ({}, 400, "name a game"),
        ({"game": "tiny", "options": 3}, 400, "options"),
        ({"game": "tiny", "options": {"pile": "many"}}, 400, "pile"),
        ({"game": "tiny", "seats": "all"}, 400, "seats"),
        ({"game": "tiny", "seed": "x"}, 400, "seed"),
    ],
)
def test_bad_tables_are_refused_with_the_reason(client, body, status, words):
    r = client.post("/api/tables", json=body)
    assert r.status_code == status
    assert words in r.json()["detail"]


def test_only_a_seats_own_token_acts_for_it(client):
    t = new_table(client)
    tok = seat_tokens(t)
    assert client.post("/api/act/not-a-token", json={"action": "ready"}).status_code == 403
    r = client.post(f"/api/act/{t['spectator']['token']}", json={"action": "ready"})
    assert r.status_code == 403 and "seat" in r.json()["detail"]
    assert client.post(f"/api/act/{t['facilitator']['token']}", json={"action": "ready"}).status_code == 403
    assert client.get("/api/state/not-a-token").status_code == 403
    r = client.post(f"/api/act/{tok[1]}", json={"action": "ready"})
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert live_state(client, t["id"]).ready == {1}


def test_refused_actions_say_why_and_change_nothing(client):
    t = new_table(client)
    tok = seat_tokens(t)
    before = client.get(f"/api/state/{tok[0]}").json()
    cases = [
        ("take 1", 422, "not allowed now"),
        ("fly", 400, "unknown action"),
        ("", 400, "at least 1 character"),  # the schema says so too (/openapi.json)
        (None, 400, ""),
    ]
    for action, status, words in cases:
        r = client.post(f"/api/act/{tok[0]}", json={"action": action})
        assert r.status_code == status, action
        assert words in r.json()["detail"]
    client.post(f"/api/act/{tok[0]}", json={"action": "ready"})
    r = client.post(f"/api/act/{tok[0]}", json={"action": "ready"})
    assert r.status_code == 422 and "may not act now" in r.json()["detail"]
    after = client.get(f"/api/state/{tok[1]}").json()
    assert after["version"] == before["version"] + 1


def test_a_stale_version_is_a_conflict_and_changes_nothing(client):
    t = new_table(client)
    tok = seat_tokens(t)
    assert client.post(f"/api/act/{tok[0]}", json={"action": "ready", "version": 0}).status_code == 200
    r = client.post(f"/api/act/{tok[1]}", json={"action": "ready", "version": 0})
    assert r.status_code == 409 and "moved on" in r.json()["detail"]
    assert live_state(client, t["id"]).ready == {0}
    assert client.post(f"/api/act/{tok[1]}", json={"action": "ready", "version": 1}).json()["version"] == 2


def test_concurrent_moves_on_one_table_are_serialized(client, db_url):
    t = new_table(client)
    tok = seat_tokens(t)
    app = create_app(db_url, bot_delay=0)  # its own event loop: requests really run side by side

    async def race():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as ac:
            moves = [
                ac.post(f"/api/act/{tok[s % 2]}", json={"action": "ready", "version": 0}) for s in range(6)
            ]
            return await asyncio.gather(*moves)

    codes = sorted(r.status_code for r in asyncio.run(race()))
    assert codes.count(200) == 1 and set(codes) <= {200, 409, 422}
    assert Database(db_url).load(t["id"]).version == 1


def test_an_accepted_move_is_stored_before_it_is_acknowledged(client, db_url):
    t = new_table(client)
    tok = seat_tokens(t)
    client.post(f"/api/act/{tok[0]}", json={"action": "ready"})
    stored = Database(db_url).load(t["id"])
    assert stored.moves == [(0, "ready")] and stored.version == 1


def test_tables_survive_a_restart(make_client):
    first = make_client()
    t = new_table(first)
    tok = seat_tokens(t)
    for seat, action in [(0, "ready"), (1, "ready"), (0, "take 2"), (1, "roll")]:
        assert first.post(f"/api/act/{tok[seat]}", json={"action": action}).status_code == 200
    before = {s: first.get(f"/api/state/{tok[s]}").json() for s in tok}
    state_before = live_state(first, t["id"])
    again = make_client()  # a new app over the same database: rebuilt by replay
    after = {s: again.get(f"/api/state/{tok[s]}").json() for s in tok}
    assert after == before
    assert live_state(again, t["id"]) == state_before
    assert again.post(f"/api/act/{tok[0]}", json={"action": "take 1"}).json()["version"] == 5


def test_a_second_server_on_the_same_database_cannot_interleave(make_client):
    a, b = make_client(), make_client()
    t = new_table(a)
    tok = seat_tokens(t)
    assert b.get(f"/api/state/{tok[0]}").json()["version"] == 0  # b has the table live too
    assert a.post(f"/api/act/{tok[0]}", json={"action": "ready"}).status_code == 200
    r = b.post(f"/api/act/{tok[1]}", json={"action": "ready"})
    assert r.status_code == 409  # b's copy is stale: the version check in the database refuses it
    assert b.post(f"/api/act/{tok[1]}", json={"action": "ready"}).json()["version"] == 2  # reloaded


def test_bots_play_their_seats_on_the_server(client):
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tok = seat_tokens(t)
    wait_for(lambda: live_state(client, t["id"]).ready == {1})
    client.post(f"/api/act/{tok[0]}", json={"action": "ready"})
    client.post(f"/api/act/{tok[0]}", json={"action": "take 1"})
    wait_for(lambda: live_state(client, t["id"]).turn == 0)
    assert client.get(f"/api/state/{tok[0]}").json()["your_turn"]


def play_to_the_end(client, tok: str, moves: int = 50) -> dict:
    """Play a seat's last legal action whenever it is its turn, until the game is over (or ``moves``
    looks): the seat's last message."""
    for _ in range(moves):
        s = client.get(f"/api/state/{tok}").json()
        if s["finished"]:
            break
        if s["your_turn"]:
            client.post(f"/api/act/{tok}", json={"action": s["legal"][-1]["action"]})
        else:
            wait_for(lambda v=s["version"]: client.get(f"/api/state/{tok}").json()["version"] > v)
    return s


def test_a_finished_game_can_be_downloaded_and_replayed(client, tmp_path):
    t = new_table(client, variant="short", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tok = seat_tokens(t)[0]
    assert client.get(f"/api/record/{tok}").status_code == 409
    s = play_to_the_end(client, tok)
    assert s["finished"] and s["outcome"]["cause"] == "pile empty"
    r = client.get(f"/api/record/{t['spectator']['token']}")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = Record.from_json(r.json())
    assert same_game(record.replay(verify=True), live_state(client, t["id"]))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(r.json()))
    # the CLI sees installed games; the tiny game is registered in this process, so it replays here
    res = CliRunner().invoke(cli, ["replay", str(path), "--verify"])
    assert res.exit_code == 0, res.output
    assert "every state hash matches" in res.output


def test_migrations_create_the_schema_and_rerun_harmlessly(db_url):
    Database(db_url)
    db = Database(db_url)
    with db.engine.connect() as conn:
        rev = conn.exec_driver_sql("select version_num from alembic_version").scalar()
    assert rev == "0007"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SERVE = os.path.join(os.path.dirname(sys.executable), "loopcity")


def start_serve(db: str, seconds: float = 30) -> tuple[subprocess.Popen, int, str]:
    """``loopcity serve`` on ``db`` and a free port, once its lobby answers: the process, its port and
    the lobby page."""
    port = free_port()
    proc = subprocess.Popen(
        [SERVE, "serve", "--port", str(port), "--db", db],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    end = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                assert r.status == 200
                return proc, port, r.read().decode()
        except OSError:
            if time.monotonic() >= end or proc.poll() is not None:
                proc.terminate()
                raise AssertionError("the server did not start") from None
            time.sleep(0.2)


def test_loopcity_serve_starts_the_app_on_the_given_port(tmp_path):
    proc, _port, page = start_serve(f"sqlite:///{tmp_path / 'serve.db'}")
    try:
        assert "Set up a table" in page
        assert (tmp_path / "serve.db").exists()
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_second_loopcity_serve_on_the_same_sqlite_file_is_refused(tmp_path):
    db = f"sqlite:///{tmp_path / 'school.db'}"
    first, first_port, _page = start_serve(db)
    try:
        env = {**os.environ, "COLUMNS": "300"}
        second = subprocess.run(
            [SERVE, "serve", "--port", str(free_port()), "--db", db],
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
        )
        said = " ".join((second.stdout + second.stderr).split())
        assert second.returncode != 0
        assert "another loopcity serve is already using" in said and "school.db" in said
        assert first.poll() is None  # the first one goes on serving
        with urllib.request.urlopen(f"http://127.0.0.1:{first_port}/", timeout=5) as r:
            assert r.status == 200
    finally:
        first.terminate()
        first.wait(10)
    # once the first has stopped, the file can be served again
    again, _port, _page = start_serve(db)
    try:
        assert again.poll() is None
    finally:
        again.terminate()
        again.wait(10)


class _BrokenBot:
    def __init__(self, game, seat, seed):
        pass

    def choose(self, state, seat):
        raise RuntimeError("this bot is broken")


def test_a_failing_bot_is_replaced_by_a_random_one_and_the_table_goes_on(make_client):
    from dataclasses import replace

    from loopcity.engine import unregister
    from tiny_game import SPEC as TINY

    broken = replace(TINY, id="brokenbot", bots={"broken": _BrokenBot})
    client = make_client(extra_games=[TINY, broken])
    try:
        t = new_table(client, "brokenbot", seats=[{"kind": "human"}, {"kind": "bot", "bot": "broken"}])
        wait_for(lambda: live_state(client, t["id"]).ready == {1})
    finally:
        unregister("brokenbot")


def test_the_migrations_match_the_models(db_url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from loopcity.web.db import Base

    db = Database(db_url)
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == [], "the models changed: write a migration for them"


def test_a_finished_game_tells_everyone_its_closing_figures(make_client):
    from dataclasses import replace

    from loopcity.engine import unregister
    from tiny_game import SPEC as TINY

    counted = replace(TINY, id="counted", metrics=lambda s: {"counters_taken": sum(s.taken), "round": s.turn})
    client = make_client(extra_games=[TINY, counted])
    try:
        t = new_table(client, "counted", variant="short")
        tok = seat_tokens(t)
        assert client.get(f"/api/state/{tok[0]}").json()["debrief"] is None  # not before the end
        for seat, action in [(0, "ready"), (1, "ready"), (0, "take 2"), (1, "take 2"), (0, "take 1")]:
            client.post(f"/api/act/{tok[seat]}", json={"action": action})
        msg = client.get(f"/api/state/{t['spectator']['token']}").json()
        assert msg["finished"] and msg["debrief"]["counters_taken"] == 5.0
    finally:
        unregister("counted")


def test_the_facilitator_pauses_and_resumes_a_table(make_client):
    client = make_client(bot_delay=0.05)
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tok, fac = seat_tokens(t)[0], t["facilitator"]["token"]
    wait_for(lambda: live_state(client, t["id"]).ready == {1})
    assert client.post(f"/api/tables/{tok}/pause", json={"paused": True}).status_code == 403
    assert client.post(f"/api/tables/{fac}/pause", json={"paused": "yes"}).status_code == 400
    assert client.post(f"/api/tables/{fac}/pause", json={"paused": True}).json()["paused"] is True
    r = client.post(f"/api/act/{tok}", json={"action": "ready"})
    assert r.status_code == 423 and "paused" in r.json()["detail"]
    assert client.get(f"/api/state/{tok}").json()["paused"] is True
    again = make_client(bot_delay=0.05)  # the pause survives a restart
    assert again.get(f"/api/state/{tok}").json()["paused"] is True
    assert again.post(f"/api/tables/{fac}/pause", json={"paused": False}).json()["paused"] is False
    assert again.post(f"/api/act/{tok}", json={"action": "ready"}).status_code == 200


def test_the_links_page_pauses_and_resumes(client):
    t = new_table(client)
    fac = t["facilitator"]["token"]
    r = client.post(f"/table/{fac}/pause", data={"paused": "1"})
    assert r.status_code == 200 and "Resume play" in r.text
    r = client.post(f"/table/{fac}/pause", data={"paused": "0"})
    assert "Pause the table" in r.text


def test_a_database_from_before_the_seed_text_column_upgrades_and_its_tables_load(db_url, make_client):
    from alembic import command
    from alembic.config import Config

    from loopcity.web.db import MIGRATIONS, make_engine

    engine = make_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.exec_driver_sql(
            "insert into game_tables (id, game, config, seed, seats, settings, version, finished, created_at) "
            """values ('old', 'tiny', '{"players": 2, "variant": "standard", "pile": 12}', 7, """
            """'[{"kind": "human"}, {"kind": "human"}]', '{}', 0, 0, '2024-01-01 00:00:00')"""
        )
        conn.exec_driver_sql(
            "insert into tokens (token, table_id, role, seat) values ('oldseat0', 'old', 'seat', 0)"
        )
    engine.dispose()
    client = make_client()  # upgrades to the newest revision
    assert client.app.state.manager.db.load("old").seed == 7
    assert client.post("/api/act/oldseat0", json={"action": "ready"}).status_code == 200
    from loopcity import load_game

    expected = load_game("tiny", players=2, variant="standard", pile=12).new_state(7)
    expected.apply(0, "ready")
    assert same_game(live_state(client, "old"), expected)


def test_play_again_starts_a_new_game_with_the_same_seats_bots_and_links(client):
    t = new_table(client, variant="short", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tok = seat_tokens(t)[0]
    r = client.post(f"/api/rematch/{tok}")
    assert r.status_code == 409 and "still going" in r.json()["detail"]
    s = play_to_the_end(client, tok)
    assert s["finished"]
    assert client.post(f"/api/rematch/{t['spectator']['token']}").status_code == 403
    old_spectator = t["spectator"]["token"]
    assert client.post(f"/api/rematch/{tok}").status_code == 200
    # the finished game's pages are told a new game started, and keep their record
    told = client.get(f"/api/state/{old_spectator}").json()
    assert told["finished"] and told["next"]
    assert client.get(f"/api/record/{old_spectator}").status_code == 200
    # the same seat link now plays the new game: the same seats and bot, from its start
    fresh = client.get(f"/api/state/{tok}").json()
    assert not fresh["finished"] and fresh["version"] < s["version"] and not fresh.get("next")
    assert [(x["seat"], x["kind"]) for x in fresh["seats"]] == [(0, "human"), (1, "bot")]
    # a second press (the other page, a double click) starts nothing more
    assert client.post(f"/api/rematch/{tok}").status_code == 409
