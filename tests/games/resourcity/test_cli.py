"""Resourcity from the command line: a full game among bots, and a human's first prompt."""

import re

from typer.testing import CliRunner

from loopcity.cli.main import app

runner = CliRunner()


def test_play_all_bots_plays_a_full_game_and_repeats_with_a_seed():
    first = runner.invoke(app, ["play", "resourcity", "--bots", "all", "--seed", "1"])
    assert first.exit_code == 0, first.stdout
    assert "Final table" in first.stdout and "Scores:" in first.stdout
    assert runner.invoke(app, ["play", "resourcity", "--bots", "all", "--seed", "1"]).stdout == first.stdout


def test_human_seat_sees_the_board_and_numbered_actions():
    result = runner.invoke(app, ["play", "resourcity", "--bots", "2", "--seed", "3"], input="1\nquit\n")
    assert result.exit_code == 0
    assert "Tile number" in result.stdout
    assert re.search(r"^ +1 .+ \[end\]$", result.stdout, re.M), result.stdout[-1500:]
