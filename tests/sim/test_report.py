import base64
import re

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.sim.report import action_usage
from loopcity.sim.store import load_run

runner = CliRunner()


def simulate(game, out, *extra):
    result = runner.invoke(app, ["simulate", game, "-n", "80", "--workers", "1", "--out", str(out), *extra])
    assert result.exit_code == 0, result.output


def test_report_is_one_self_contained_html_file_with_plots(metered, tmp_path):
    simulate("metered", tmp_path)
    result = runner.invoke(app, ["report", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text()
    assert page.startswith("<!doctype html>")
    for heading in (
        "Outcomes",
        "Game length",
        "Loss causes",
        "Scores",
        "Metrics by round",
        "Actions and cards",
    ):
        assert f"<h2>{heading}</h2>" in page
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) >= 7  # outcomes, lengths, losses, scores, two metrics, actions
    assert all(base64.b64decode(img).startswith(b"\x89PNG") for img in images)
    assert not re.search(r'(src|href)="(?!data:)', page)  # nothing fetched from elsewhere
    assert "emptied by a roll" in page and "<td>roll</td>" in page


def test_report_of_a_game_without_metrics_or_losses(tiny, tmp_path):
    simulate("tiny", tmp_path, "--players", "3")
    out = tmp_path / "elsewhere.html"
    result = runner.invoke(app, ["report", str(tmp_path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "No game was lost by the team" in page and "records no per-round metrics" in page


def test_action_usage_relates_use_to_outcome(metered, tmp_path):
    simulate("metered", tmp_path)
    run = load_run(tmp_path)
    rows = {r["action"]: r for r in action_usage(run)}
    table = pq.read_table(tmp_path / "results.parquet").to_pylist()
    rolls = [dict(r["actions"]).get("roll", 0) for r in table]
    won = [r["team_won"] for r in table]
    assert rows["roll"]["per_game"] == pytest.approx(sum(rolls) / len(rolls))
    in_lost = [n for n, w in zip(rolls, won, strict=True) if not w]
    assert rows["roll"]["per_lost_game"] == pytest.approx(sum(in_lost) / len(in_lost))
    assert rows["ready"]["games_used"] == 1.0 and rows["ready"]["win_rate_not_used"] is None


def test_report_of_a_missing_folder_is_refused(tmp_path):
    result = runner.invoke(app, ["report", str(tmp_path / "none")])
    assert result.exit_code == 2 and "not a result folder" in result.stdout


def test_action_use_by_winning_seats_and_by_the_others(tiny, tmp_path):
    simulate("tiny", tmp_path, "--players", "3")
    rows = {r["action"]: r for r in action_usage(load_run(tmp_path))}
    table = pq.read_table(tmp_path / "results.parquet").to_pylist()
    winner_seats = sum(len(r["winners"]) for r in table)
    by_winners = sum(dict(r["winner_actions"]).get("roll", 0) for r in table)
    by_all = sum(dict(r["actions"]).get("roll", 0) for r in table)
    assert rows["roll"]["per_winning_seat"] == pytest.approx(by_winners / winner_seats)
    assert rows["roll"]["per_other_seat"] == pytest.approx(
        (by_all - by_winners) / (3 * len(table) - winner_seats)
    )
    assert (
        rows["ready"]["per_winning_seat"] == rows["ready"]["per_other_seat"] == 1.0
    )  # everyone says ready once


def test_report_gives_the_command_that_plays_the_same_games(metered, tmp_path):
    simulate(
        "metered",
        tmp_path,
        "--seed",
        "4",
        "--set",
        "pile=9",
        "--set",
        "dice.sides=3",
        "--bots",
        "greedy,random",
    )
    runner.invoke(app, ["report", str(tmp_path)])
    page = (tmp_path / "report.html").read_text()
    command = re.search(r"<pre>(loopcity simulate [^<]*)</pre>", page).group(1)
    assert command == (
        "loopcity simulate metered --games 80 --seed 4 --bots greedy,random --set dice.sides=3 --set pile=9"
    )
    again = tmp_path / "again"
    args = command.split()[1:] + ["--workers", "1", "--out", str(again)]
    assert runner.invoke(app, args).exit_code == 0
    assert pq.read_table(again / "results.parquet").equals(pq.read_table(tmp_path / "results.parquet"))
