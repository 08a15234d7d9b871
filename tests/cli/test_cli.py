import json

import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app

runner = CliRunner()


def test_games_json_lists_registered_games(tiny):
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    games = {g["id"]: g for g in json.loads(result.stdout)}
    assert games["tiny"]["min_players"] == 2 and games["tiny"]["max_players"] == 4
    assert [v["name"] for v in games["tiny"]["variants"]] == ["standard", "short"]
    assert "Tiny" in runner.invoke(app, ["games"]).stdout


def test_play_all_bots_prints_outcome_and_repeats_with_a_seed(tiny):
    first = runner.invoke(app, ["play", "tiny", "--bots", "all", "--seed", "1"])
    assert first.exit_code == 0, first.stdout
    assert "Scores:" in first.stdout and "Final table" in first.stdout
    again = runner.invoke(app, ["play", "tiny", "--bots", "all", "--seed", "1"])
    assert again.stdout == first.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "chess"], "no game 'chess'"),
        (["play", "tiny", "--players", "9"], "2-4 players"),
        (["play", "tiny", "--bots", "5"], "--bots takes"),
        (["play", "tiny", "--variant", "x"], "no variant 'x'"),
        (["play", "--load", "missing.json"], "no such file"),
        (["replay", "missing.json"], "no such file"),
        (["play", "tiny", "--set", "pile"], "write PATH=VALUE"),
        (["play", "tiny", "--set", "colour=red"], "no option 'colour'"),
        (["play", "reclaim", "--set", "rules.player_coinz=5"], "no 'rules.player_coinz'"),
    ],
)
def test_bad_flags_explain_without_traceback(tiny, args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stdout and "Traceback" not in result.stdout


def test_human_play_with_bad_input_undo_save_and_load(tiny, tmp_path):
    save = tmp_path / "game.json"
    lines = ["", "0", "99", "fly", "take 9", "help", "1", "1", "undo", "take 1", f"save {save}", "quit"]
    # seat 1 is human, seat 2 a bot: in the shared "ready" phase the bot acts first, then seat 1 says
    # ready (choice 1), takes 1 (choice 1), undoes it and takes 1 again.
    result = runner.invoke(app, ["play", "tiny", "--bots", "2", "--seed", "3"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "choose a number from 1 to" in out
    assert "unknown action 'fly'" in out
    assert "Took back: Take 1 or 2 counters (n 1) [take 1]; the action after it" in out
    assert "Traceback" not in out
    saved = json.loads(save.read_text())
    assert saved["header"]["game"] == "tiny"
    assert saved["moves"][:2] == [[1, "ready"], [0, "ready"]]
    resumed = runner.invoke(app, ["play", "--load", str(save), "--bots", "all"])
    assert resumed.exit_code == 0 and "Scores:" in resumed.stdout
    replayed = runner.invoke(app, ["replay", str(save), "--verify"])
    assert replayed.exit_code == 0 and "every state hash matches" in replayed.stdout


def test_undo_refused_after_chance(tiny):
    lines = ["1", "roll", "undo", "quit"]
    result = runner.invoke(app, ["play", "tiny", "--bots", "2", "--seed", "4"], input="\n".join(lines) + "\n")
    assert "cannot undo: a chance event came after" in result.stdout


def test_input_ending_leaves_cleanly(tiny):
    result = runner.invoke(app, ["play", "tiny"], input="")
    assert result.exit_code == 0 and "Input ended" in result.stdout


def test_a_map_changed_to_match_local_conditions_can_be_played(tmp_path, monkeypatch):
    """RECLAIM's hexagons are laid out "as shown" but "may be changed to match local conditions": a
    facilitator plays with an edited content file, and the record keeps it so that it replays."""
    from pathlib import Path

    from loopcity.engine import Record
    from loopcity.games.reclaim.content import CONTENT_PATH

    monkeypatch.chdir(tmp_path)
    local = tmp_path / "kampala.toml"
    local.write_text(Path(CONTENT_PATH).read_text().replace("player_coins = 1000", "player_coins = 1500"))
    result = runner.invoke(app, ["play", "reclaim", "--bots", "all", "--seed", "2", "--content", str(local)])
    assert result.exit_code == 0, result.stdout
    assert "Scores:" in result.stdout
    played = runner.invoke(
        app,
        ["play", "reclaim", "--seed", "2", "--set", "rules.player_coins=1500"],
        input="save g.json\nquit\n",
    )
    assert played.exit_code == 0, played.stdout
    record = Record.load("g.json")
    assert record.config["overrides"] == {"rules.player_coins": 1500}
    assert record.replay(verify=True).coins == [1500] * 4


def test_game_text_is_shown_as_written_never_read_as_markup():
    """SUSTAIN's indicator tracks are drawn with brackets ([#####.....]); the terminal shows them."""
    result = runner.invoke(app, ["play", "sustain", "--bots", "all", "--seed", "1"])
    assert result.exit_code == 0, result.stdout
    tracks = [line for line in result.stdout.splitlines() if "[#" in line or "[." in line]
    assert tracks, result.stdout[-2000:]


def test_reference_prints_the_games_reference_or_its_actions(tiny):
    result = runner.invoke(app, ["reference", "tiny"])
    assert result.exit_code == 0 and "take: take 1 or 2 counters" in result.stdout
    assert "no game 'chess'" in runner.invoke(app, ["reference", "chess"]).stdout


def test_serve_passes_its_limits_and_minutes_to_the_web_app(monkeypatch, tmp_path):
    """`loopcity serve --timer-minutes 5` sets RECLAIM's timer at web tables (it once had no effect)."""
    import uvicorn
    from fastapi.testclient import TestClient

    from loopcity.cli.main import app as cli

    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.update(app=app, **kw))
    db = f"sqlite:///{tmp_path / 'serve.db'}"
    args = ["serve", "--db", db, "--timer-minutes", "5", "--tables-per-minute", "4", "--no-api-docs"]
    result = CliRunner().invoke(cli, [*args, "--proxy", "10.0.0.1"])
    assert result.exit_code == 0, result.output
    assert started["proxy_headers"] and started["forwarded_allow_ips"] == "10.0.0.1"
    assert started["ws_max_size"] == 64 * 1024
    settings = started["app"].state.manager.settings
    assert settings.timer_minutes == 5 and settings.tables_per_minute == 4 and not settings.api_docs
    with TestClient(started["app"]) as client:
        seats = [{"kind": "human"}] * 4
        t = client.post("/api/tables", json={"game": "reclaim", "variant": "timer", "seats": seats}).json()
        assert client.get(f"/api/state/{t['seats'][0]['token']}").json()["clock"]["seconds"] == 300
        assert client.get("/openapi.json").status_code == 404


def test_serve_refuses_minutes_out_of_range():
    from loopcity.cli.main import app as cli

    result = CliRunner().invoke(cli, ["serve", "--timer-minutes", "0"])
    assert result.exit_code == 2 and "--timer-minutes must be above 0" in result.output


def test_serve_takes_a_file_path_as_its_database_and_names_a_bad_one(tmp_path, monkeypatch):
    import uvicorn

    from loopcity.cli.main import app as cli

    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.update(app=app))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["serve", "--db", "class.db"])
    assert result.exit_code == 0, result.output
    assert started["app"].state.manager.db.url == f"sqlite:///{tmp_path / 'class.db'}"
    assert (tmp_path / "class.db").exists()
    for bad in ("foo://bar", "postgresql://nobody@127.0.0.1:1/none"):
        result = CliRunner().invoke(cli, ["serve", "--db", bad])
        assert result.exit_code == 2 and "--db:" in result.output and "Traceback" not in result.output, bad


def test_serve_holds_its_sqlite_file_while_it_runs_and_lets_go_after(tmp_path, monkeypatch):
    import uvicorn

    from loopcity.cli.main import app as cli
    from loopcity.web.db import lock_for_server

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
    db = str(tmp_path / "class.db")
    held = lock_for_server(db)  # another server on this file
    result = CliRunner().invoke(cli, ["serve", "--db", db])
    assert result.exit_code == 2 and "another loopcity serve is already using" in " ".join(
        result.output.split()
    )
    assert held is not None
    held.close()
    for _ in range(2):  # once a server stops, the file can be served again
        result = CliRunner().invoke(cli, ["serve", "--db", db])
        assert result.exit_code == 0, result.output


def test_a_bot_waits_for_the_person_before_it_says_done(tmp_path):
    """In a shared phase a bot acts on its own things at once, but says "done" only once the person
    at the table is done: a person never finds the phase closed under them."""
    from dataclasses import replace

    from loopcity.engine import ActionSpace, Record, register, unregister
    from loopcity.engine.table import DONE
    from tiny_game import SPEC, TinyState

    class Ready(TinyState):
        def _legal_actions(self, seat):
            if len(self.ready) < self.players:
                return [DONE()]
            return super()._legal_actions(seat)

        def _apply(self, seat, action):
            if action.kind == DONE.name:
                self.ready.add(seat)
            else:
                super()._apply(seat, action)

    spec = replace(
        SPEC, id="ready_first", state_class=Ready, action_space=ActionSpace([*SPEC.action_space.kinds, DONE])
    )
    register(spec)
    try:
        save = tmp_path / "g.json"
        result = runner.invoke(
            app, ["play", "ready_first", "--bots", "1", "--seed", "3"], input=f"1\nsave {save}\nquit\n"
        )
        assert result.exit_code == 0, result.stdout
        assert Record.load(save).moves[:2] == [(1, "done"), (0, "done")]  # the person first
    finally:
        unregister("ready_first")


def test_the_language_comes_from_lang_or_the_system(monkeypatch):
    from loopcity.cli.main import system_language

    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "xx_YY.UTF-8")
    assert system_language() == "en"  # a language Loopcity does not have reads in English
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert system_language() == "en"
    result = runner.invoke(app, ["--lang", "xx", "games"])
    assert result.exit_code == 2 and "no language 'xx'" in result.stdout


def test_each_choice_is_listed_once_and_each_group_whole():
    """Resourcity, seed 5: the Builder's hand holds two Tennis-ball roads. The turn's list names each
    Replace with them once, and each group of actions comes once, whole, as the page shows them."""
    import io

    from rich.console import Console

    from loopcity.cli.terminal import TerminalSession
    from loopcity.engine import Record, load_game

    typed = iter(["1", "1"])  # start on the first Centre, propose oneself to start; then input ends

    def ask(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    game = load_game("resourcity", players=2)
    out = Console(file=io.StringIO(), width=250)  # one action a line
    TerminalSession(Record.start(game.new_state(5), 5), {1}, "heuristic", out, ask=ask).run()
    text = out.file.getvalue()
    assert "Tennis-ball road, Tennis-ball road" in text  # the hand, as the board shows it
    turn = text.rsplit("Actions left", 1)[-1]
    listed = [
        line.split("[")[0].split(None, 1)[1].strip()
        for line in turn.splitlines()
        if line.rstrip().endswith("]")
    ]
    assert any("with the Tennis-ball road" in x for x in listed) and len(listed) == len(set(listed))
    headings = [
        line.strip() for line in turn.splitlines() if line.startswith("  ") and not line.startswith("   ")
    ]
    assert headings and len(headings) == len(set(headings)), headings
