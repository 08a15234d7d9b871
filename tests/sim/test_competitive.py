"""A competitive game (no team to win or lose together) gets an honest outcome: ``team_won`` is
None, and simulations and reports give its winners and score shares, never a team win rate."""

import json

import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.engine import Outcome, register, unregister
from loopcity.sim import make_job, simulate
from tiny_game import CONTEST

runner = CliRunner()


@pytest.fixture
def contest():
    register(CONTEST)
    yield CONTEST
    unregister(CONTEST.id)


def test_a_game_without_a_team_rewards_each_seat_by_its_share_of_the_best_score():
    ended = Outcome(None, "pile empty", (3.0, 6.0, 0.0), (1,))
    assert ended.returns(cooperative=False) == (0.5, 1.0, 0.0)
    assert ended.to_json()["team_won"] is None
    nobody_scored = Outcome(None, "pile empty", (0.0, 0.0), (0, 1))
    assert nobody_scored.returns(cooperative=False) == (1.0, 1.0)


def test_simulate_gives_winners_and_score_shares_not_a_team_win_rate(contest):
    result = runner.invoke(app, ["simulate", "tiny_contest", "-n", "60", "--players", "3", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "team win rate" not in result.output and "loss causes" not in result.output
    assert "winners" in result.output and "score shares" in result.output
    summary = json.loads(
        runner.invoke(
            app, ["simulate", "tiny_contest", "-n", "60", "--players", "3", "--workers", "1", "--json"]
        ).stdout
    )
    assert summary["team_win_rate"] is None and summary["team_win_ci95"] is None
    assert summary["loss_causes"] == {} and summary["end_causes"] == {"pile empty": 60}
    seat_rates = [r["rate"] for r in summary["seat_win_rates"]]
    assert all(0 < r < 1 for r in seat_rates) and sum(seat_rates) >= 1  # ties share a win


def test_the_same_game_with_a_team_still_reports_its_team_win_rate(tiny, contest):
    team, team_game = make_job("tiny", 40, ["random"], seed=2, players=3)
    alone, alone_game = make_job("tiny_contest", 40, ["random"], seed=2, players=3)
    with_team = simulate(team, team_game, workers=1)
    without = simulate(alone, alone_game, workers=1)
    assert with_team["team_win_rate"] == 1.0  # tiny's own outcome says the team won every game
    assert without["team_win_rate"] is None
    assert with_team["seat_win_rates"] == without["seat_win_rates"]
    assert with_team["mean_scores"] == without["mean_scores"]


def test_the_report_of_a_competitive_game_names_winners_and_no_team(contest, tmp_path):
    result = runner.invoke(
        app,
        ["simulate", "tiny_contest", "-n", "40", "--players", "3", "--workers", "1", "--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["report", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text()
    assert "Team win rate" not in page and "team win" not in page
    assert "no team: winners over 40 games, seat 1" in page
    assert "there is no team to lose" in page


def test_a_sweep_of_a_competitive_game_gives_each_points_winners_not_a_team_win_rate(contest, tmp_path):
    args = ["sweep", "tiny_contest", "--vary", "pile=4,12", "-n", "40", "--players", "3", "--workers", "1"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)], terminal_width=200)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "team win" not in text and "no team (a competitive game)" in text
    assert "winners (seat: win rate)" in text and "score shares" in text
    sweep = json.loads((tmp_path / "sweep.json").read_text())
    first, second = sweep["points"]
    assert first["summary"]["team_win_rate"] is None and "team win rate" not in second["vs_first"]
    rates = ", ".join(f"{i + 1}: {r['rate']:.3f}" for i, r in enumerate(second["summary"]["seat_win_rates"]))
    assert rates in text  # each point's winners, as its summary has them
    assert second["vs_first"]["length (steps)"]["diff"] > 0  # 12 counters take longer than 4


def test_tune_refuses_a_team_target_for_a_competitive_game_and_aims_at_a_seat(contest):
    base = ["tune", "tiny_contest", "--vary", "pile=4:12", "--trials", "2", "-n", "20", "--players", "3"]
    refused = runner.invoke(app, [*base, "--target", "team_win_rate=0.5", "--workers", "1"])
    assert refused.exit_code != 0
    said = " ".join(refused.output.split())
    assert "no team" in said and "seat_win_rate:K" in said and "Traceback" not in said
    aimed = runner.invoke(app, [*base, "--target", "seat_win_rate:1=0.4", "--workers", "1", "--json"])
    assert aimed.exit_code == 0, aimed.output
    best = json.loads(aimed.stdout)["best"]
    assert 0 <= best["metrics"]["seat_win_rate:1"]["value"] <= 1
