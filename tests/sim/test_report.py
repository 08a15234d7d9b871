import base64
import json
import re

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.sim.compare import compare_runs
from loopcity.sim.core import GameResult
from loopcity.sim.report import action_usage, build_report
from loopcity.sim.store import ResultWriter, load_run

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
    assert "sweep.json (sweep --out)" in " ".join(result.stdout.split())


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


def images_of(page):
    found = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert all(base64.b64decode(img).startswith(b"\x89PNG") for img in found)
    assert not re.search(r'(src|href)="(?!data:)', page)
    return found


def test_report_of_a_sweep_has_a_response_curve_per_measure(metered, tmp_path):
    args = ["sweep", "metered", "--vary", "dice.sides=2,4,6", "--vary", "pile=6,12", "-n", "40"]
    result = runner.invoke(app, [*args, "--workers", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["report", str(tmp_path)]).exit_code == 0
    page = (tmp_path / "report.html").read_text()
    assert "<h2>Response curves</h2>" in page and "<h2>Points</h2>" in page
    runs = [load_run(tmp_path / f"p{k}") for k in range(6)]
    causes = sorted({c for run in runs for c in run.column("cause")})
    # team win, each end cause, length, rounds and the two metrics: one curve each
    assert len(images_of(page)) == 1 + len(causes) + 2 + 2
    for k in range(6):
        assert f"<td>p{k}</td>" in page
    sweep = json.loads((tmp_path / "sweep.json").read_text())
    first_rate = f"{sweep['points'][0]['summary']['team_win_rate']:.3f}"
    assert f"<td>{first_rate}</td>" in page


def test_report_of_a_comparison_overlays_a_and_b(metered, tmp_path):
    args = ["compare", "default", "default", "--game", "metered", "-n", "60", "--workers", "1"]
    result = runner.invoke(app, [*args, "--set-b", "dice.sides=2", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["report", str(tmp_path)]).exit_code == 0
    page = (tmp_path / "report.html").read_text()
    assert "paired by seed" in page and "default dice.sides=2" in page
    for heading in ("Outcomes", "Differences", "Metrics by round", "Actions and cards", "Runs"):
        assert f"<h2>{heading}</h2>" in page
    assert len(images_of(page)) == 2 + 2  # outcomes, differences, one overlay per metric
    rows = compare_runs(load_run(tmp_path / "a"), load_run(tmp_path / "b"))["rows"]
    win = next(r for r in rows if r["measure"] == "team win rate")
    assert f"<td>{win['diff']:+.3f}</td>" in page
    # two result folders given side by side make the same comparison
    assert runner.invoke(app, ["report", str(tmp_path / "a"), str(tmp_path / "b")]).exit_code == 0
    assert f"<td>{win['diff']:+.3f}</td>" in (tmp_path / "b" / "comparison.html").read_text()


def test_report_of_a_search_and_of_a_sensitivity_analysis(metered, tmp_path):
    tune = ["tune", "metered", "--vary", "dice.sides=2:4", "--target", "team_win_rate=0.5", "-n", "30"]
    assert runner.invoke(app, [*tune, "--workers", "1", "--out", str(tmp_path / "t")]).exit_code == 0
    assert runner.invoke(app, ["report", str(tmp_path / "t")]).exit_code == 0
    page = (tmp_path / "t" / "report.html").read_text()
    assert "<h2>Trials</h2>" in page and "<h2>Best</h2>" in page and len(images_of(page)) == 1
    sens = ["sensitivity", "metered", "-n", "20", "--workers", "1", "--out", str(tmp_path / "s")]
    assert runner.invoke(app, sens).exit_code == 0
    assert runner.invoke(app, ["report", str(tmp_path / "s")]).exit_code == 0
    page = (tmp_path / "s" / "report.html").read_text()
    assert "<h2>Ranking</h2>" in page and "<td>dice.sides</td>" in page and len(images_of(page)) == 1


def test_report_lists_cards_apart_from_action_kinds(tmp_path):
    writer = ResultWriter(tmp_path, [])
    for i, won in enumerate([True, False, True]):
        uses = {"store": 2, "store Torn jeans": 1 + i, "end_round": 6}
        writer.add(GameResult(i, won, "end", 10, [1.0], [0] if won else [], index=i, actions=uses))
    writer.close({})
    page = build_report(load_run(tmp_path))
    kinds, named = page.split("<h3>Cards, tiles and places</h3>")
    assert "<td>store</td>" in kinds and "<td>end_round</td>" in kinds and "Torn jeans" not in kinds
    assert "<td>store Torn jeans</td><td>2.000</td>" in named and "<td>store</td>" not in named
