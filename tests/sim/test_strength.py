"""The strength benchmark: paired games against the heuristic, with the seat in turn where needed."""

from __future__ import annotations

import dataclasses
import json

import pytest

from bots.search_games import COMMONS, WAGER
from loopcity.engine import Action, register, unregister
from loopcity.sim.strength import main, quantile, run_pairs, summarize_pairs


class TakesNothing:
    """A timid commons heuristic: never take (the stock stays whole; every seat ties at 0)."""

    def __init__(self, game, seat, seed):
        pass

    def choose(self, state, seat):
        return Action("take", (0,))


SPECS = (WAGER, dataclasses.replace(COMMONS, bots={"heuristic": TakesNothing}))


@pytest.fixture
def test_games():
    for spec in SPECS:
        register(spec)
    yield
    for spec in SPECS:
        unregister(spec.id)


def test_a_better_bot_shows_as_better_with_intervals(test_games):
    pairs = list(run_pairs("wager", "mcts:root=halving:iterations=24", 40, seed=3))
    summary = summarize_pairs("wager", "mcts", pairs)
    assert [p.index for p in pairs] == list(range(40)) and all(p.seat is None for p in pairs)
    assert summary["bot_win_rate"] == 1.0  # naming 0 always wins
    assert 0.25 < summary["heuristic_win_rate"] < 0.75  # naming 3 wins half the time
    assert summary["bot_win_ci95"][0] > summary["heuristic_win_ci95"][1]
    assert summary["only_heuristic_won"] == 0
    # paired: naming 0 wins every seed the heuristic lost, so the win difference is the loss rate
    assert summary["win_difference"] == 1.0 - summary["heuristic_win_rate"]
    assert summary["win_difference_ci95"][0] > 0


def test_semi_cooperative_games_put_the_bot_in_each_seat_in_turn(test_games, capsys):
    main(["commons", "--bot", "mcts:iterations=60", "--games", "6", "--players", "3", "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 6 and summary["measure"].startswith("seat win share")
    # the searching seat takes more than its share (without sinking the stock) and wins outright
    assert summary["bot_win_rate"] == 1.0 and summary["score_difference_ci95"][0] > 0
    assert summary["heuristic_win_rate"] == 1.0  # every seat ties at 0: all share first place
    pairs = list(run_pairs("commons", "random", 6, players=3))
    assert [p.seat for p in pairs] == [0, 1, 2, 0, 1, 2]


def test_a_bad_bot_name_or_game_stops_before_any_game_with_the_reason(test_games, capsys):
    for argv in (["wager", "--bot", "genius"], ["no_such_game"], ["wager", "--bot", "mcts:depth=3"]):
        with pytest.raises(SystemExit) as stop:
            main([*argv, "--games", "2"])
        assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "no bot 'genius'" in err and "no_such_game" in err and "depth" in err


def test_every_seat_of_a_semi_cooperative_game_can_play_the_bot(test_games, capsys):
    main(
        [
            "commons",
            "--bot",
            "mcts:iterations=60",
            "--games",
            "3",
            "--players",
            "3",
            "--seats",
            "all",
            "--json",
        ]
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["measure"] == "team win rate, bot in every seat"
    # searching seats all take from the stock, keep the reserve, and score more than the timid table
    assert summary["bot_team_win_rate"] == 1.0 and summary["bot_mean_score"] > summary["heuristic_mean_score"]
    assert all(p.seat is None for p in run_pairs("commons", "random", 3, every_seat=True, players=3))


def test_the_summary_gives_the_decisions_mean_p95_and_longest(test_games):
    pairs = list(run_pairs("wager", "mcts:root=halving:iterations=24", 6, seed=1))
    times = [t for p in pairs for t in p.decision_seconds]
    assert len(times) == sum(p.searched for p in pairs) > 0
    assert all(max(p.decision_seconds, default=0.0) == p.longest_decision for p in pairs)
    summary = summarize_pairs("wager", "mcts", pairs)
    assert summary["mean_decision_s"] == pytest.approx(sum(times) / len(times))
    assert min(times) <= summary["p95_decision_s"] <= summary["max_decision_s"] == max(times)


def test_quantiles_interpolate_between_ranks():
    assert quantile([], 0.95) == 0.0
    assert quantile([3.0], 0.95) == 3.0
    assert quantile([float(x) for x in range(1, 21)], 0.95) == pytest.approx(19.05)
    assert quantile([4.0, 1.0, 3.0, 2.0], 0.5) == 2.5
