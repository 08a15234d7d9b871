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
    result = runner.invoke(
        app, ["play", "resourcity", "--bots", "2", "--seed", "3"], input="1\n1\nquit\n", terminal_width=200
    )
    assert result.exit_code == 0
    assert re.search(r"^│ +A +B +C +D +E +F", result.stdout, re.M), result.stdout[:1500]
    assert "Step 8: put your token on a Community Centre" in result.stdout
    assert re.search(r"^ +1 Start on the Community Centre at [A-F][1-6] +\[start \d+\]$", result.stdout, re.M)
    assert re.search(r"^ +1 Propose that Seat 1 \(\w+\) starts first +\[propose 1\]$", result.stdout, re.M)
