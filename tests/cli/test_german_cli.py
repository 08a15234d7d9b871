"""The terminal in German: ``loopcity --lang de`` (or a German system locale) words the play screens,
the help, the commands, refusals, errors, the outcome, replays and debriefs in German; the commands are
understood in German (``hilfe``, ``zurück``, ``speichern``...) as well as in English."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.engine import RandomBot, Record, load_game
from loopcity.engine.runner import play
from loopcity.engine.text import LANGUAGE

runner = CliRunner()


@pytest.fixture(autouse=True)
def english_again():
    """``--lang`` sets the reader's language for the process: each test starts and ends in English."""
    token = LANGUAGE.set("en")
    yield
    LANGUAGE.reset(token)


def test_human_play_in_german_with_help_undo_save_and_quit(tiny, tmp_path):
    save = tmp_path / "spiel.json"
    lines = [
        "0",
        "fly",
        "hilfe",
        "1",
        "1",
        "zurück",
        "take 1",
        "speichern",
        f"speichern {save}",
        "protokoll",
        "beenden",
    ]
    result = runner.invoke(
        app, ["--lang", "de", "play", "tiny", "--bots", "2", "--seed", "3"], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.stdout
    out = " ".join(result.stdout.split())
    for german in (
        "Platz 1>",
        "Du bist am Zug: Wähle, was du tun willst.",
        "wähle eine Zahl von 1 bis",
        "unbekannte Aktion 'fly'; die Aktionen dieses Spiels sind: ready, take, roll",
        "Tippe die Nummer einer Aktion oder ihren Text",
        "hilfe dieser Text",
        "zurück deine eigene letzte Aktion zurücknehmen",
        "Zurückgenommen:",
        "speichern braucht einen Dateinamen: speichern meinspiel.json",
        "Gespeichert in",
        "Weiterspielen mit: loopcity play --load",
        "gemischt",
        "Bot",
    ):
        assert german in out, german
    for english in (
        "Your turn",
        "choose a number",
        "unknown action",
        "Type the number",
        "Took back",
        "Saved to",
    ):
        assert english not in out, english
    assert json.loads(save.read_text())["moves"][:2] == [[1, "ready"], [0, "ready"]]


def test_the_english_commands_are_understood_in_german_too(tiny):
    result = runner.invoke(app, ["--lang", "de", "play", "tiny"], input="help\nquit\n")
    assert result.exit_code == 0 and "dieser Text" in result.stdout


def test_a_whole_bot_game_ends_in_german(tiny):
    result = runner.invoke(app, ["--lang", "de", "play", "tiny", "--bots", "all", "--seed", "1"])
    assert result.exit_code == 0, result.stdout
    assert "Endstand" in result.stdout and "Punkte: Platz 1:" in result.stdout
    assert "Gewonnen haben: Platz 1 — pile empty." in result.stdout and "Aktionen)" in result.stdout
    assert "Scores:" not in result.stdout and "Final table" not in result.stdout


def test_the_system_locale_picks_german_and_lang_overrides_it(tiny):
    german = runner.invoke(app, ["play", "tiny"], input="", env={"LANG": "de_DE.UTF-8", "LC_ALL": ""})
    assert "Eingabe beendet; das Spiel wird verlassen." in german.stdout
    english = runner.invoke(app, ["--lang", "en", "play", "tiny"], input="", env={"LANG": "de_DE.UTF-8"})
    assert "Input ended; leaving the game." in english.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "chess"], "Fehler: kein Spiel 'chess'"),
        (["play", "tiny", "--players", "9"], "Tiny ist für 2–4 Personen, nicht für 9"),
        (["play", "tiny", "--bots", "5"], "--bots nimmt 'all' oder Plätze 1..2"),
        (["play", "tiny", "--variant", "x"], "tiny hat keine Variante 'x'"),
        (["play", "--load", "fehlt.json"], "fehlt.json: Datei nicht gefunden"),
        (["play", "tiny", "--set", "players=x"], "die Anzahl der Personen muss eine ganze Zahl sein"),
        (["play"], "nenne ein Spiel (siehe: loopcity games)"),
    ],
)
def test_errors_are_german(tiny, args, message):
    result = runner.invoke(app, ["--lang", "de", *args])
    assert result.exit_code == 2
    assert message in " ".join(result.stdout.split()) and "Traceback" not in result.stdout


def test_games_replay_and_debrief_in_german(tiny, tmp_path):
    games = runner.invoke(app, ["--lang", "de", "games"])
    assert all(word in games.stdout for word in ("Titel", "Personen", "Varianten", "Bots"))
    save = tmp_path / "g.json"
    runner.invoke(app, ["play", "tiny", "--bots", "2", "--seed", "3"], input=f"1\nsave {save}\nquit\n")
    replayed = runner.invoke(app, ["--lang", "de", "replay", str(save), "--verify"])
    assert (
        replayed.exit_code == 0 and "geprüft: 2 Züge, jeder Spielstand-Hash stimmt überein" in replayed.stdout
    )
    assert "Das Spiel ist nicht vorbei." in replayed.stdout
    not_over = runner.invoke(app, ["--lang", "de", "debrief", str(save)])  # the debrief so far
    assert not_over.exit_code == 0 and "bis jetzt: Das Spiel läuft noch (Runde 0, Zug 2)" in not_over.stdout
    done = tmp_path / "fertig.json"
    game = load_game("tiny")
    state = game.new_state(1)
    record = Record.start(state, 1)
    play(state, [RandomBot(game, s, 1) for s in range(game.players)], record)
    record.save(done)
    csv_file = tmp_path / "d.csv"
    debrief = runner.invoke(
        app, ["--lang", "de", "debrief", str(done), "--csv", str(csv_file), "--pdf", str(tmp_path / "d.pdf")]
    )
    assert debrief.exit_code == 0, debrief.stdout
    assert "Gewonnen haben: Platz" in debrief.stdout and "Zug 10 (Runde 0) Ende: pile empty" in debrief.stdout
    assert csv_file.read_text().splitlines()[0].startswith("Zug,Runde,Platz,Aktion")
    runner.invoke(app, ["debrief", str(done), "--csv", str(csv_file)])  # no --lang: names programs read
    assert csv_file.read_text().splitlines()[0].startswith("step,round,seat,action")
