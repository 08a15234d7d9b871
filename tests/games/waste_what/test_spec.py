"""The game's registration: players, variants, per-round metrics for simulations."""

from loopcity import load_game
from loopcity.sim.core import run_games

from .helpers import new_game


def test_registered_for_two_players_with_three_difficulties():
    spec = load_game("waste_what").spec
    assert (spec.min_players, spec.max_players, spec.cooperative) == (2, 2, True)
    assert [v.name for v in spec.variants] == ["normal", "beginners", "difficult"]


def test_metrics_report_the_round_co2_money_and_storage():
    s = new_game()
    s.co2 = 1
    m = s.game.spec.metrics(s)
    assert m["round"] == 1 and m["co2_released"] == 1 and m["money"] == 4 and m["stored"] == 0


def test_simulations_record_metrics_each_round():
    result = run_games("waste_what", 1, ["heuristic"], seed=2)[0]
    rounds = [row["round"] for row in result.metrics]
    assert rounds == sorted(rounds) and rounds[0] == 1 and len(rounds) >= 2
