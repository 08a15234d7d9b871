"""A competitive game (no team to win or lose together) gets an honest outcome: ``team_won`` is
None, and simulations and reports give its winners and score shares, never a team win rate."""

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.engine import Outcome, register, unregister
from loopcity.sim import make_job, simulate
from tiny_game import SPEC as TINY
from tiny_game import TinyState

runner = CliRunner()


class ContestState(TinyState):
    """The tiny game as its rules have it: the highest card plus counters wins, with no team."""

    def outcome(self):
        ended = super().outcome()
        if ended is None:
            return None
        return Outcome(None, ended.cause, ended.scores, ended.winners)


CONTEST = dataclasses.replace(TINY, id="tiny_contest", title="Tiny contest", state_class=ContestState)


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
