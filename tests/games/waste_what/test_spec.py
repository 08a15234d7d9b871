"""The game's registration: players, variants, per-round metrics for simulations."""

from loopcity import load_game
from loopcity.games.waste_what.actions import ACTION_SPACE
from loopcity.games.waste_what.handlers import HANDLERS
from loopcity.games.waste_what.rules import WasteWhatState
from loopcity.sim.core import run_games

from .helpers import edit, new_game


def test_registered_for_two_players_with_three_difficulties():
    spec = load_game("waste_what").spec
    assert (spec.min_players, spec.max_players, spec.cooperative) == (2, 2, True)
    assert [v.name for v in spec.variants] == ["normal", "beginners", "difficult"]


def test_metrics_report_the_round_co2_money_and_storage():
    s = edit(new_game(), co2_released=1)
    m = s.game.spec.metrics(s)
    assert m["round"] == 1 and m["co2_released"] == 1 and m["money"] == 4 and m["stored"] == 0


def test_simulations_record_metrics_each_round():
    result = run_games("waste_what", 1, ["heuristic"], seed=2)[0]
    rounds = [row["round"] for row in result.metrics]
    assert rounds == sorted(rounds) and rounds[0] == 1 and len(rounds) >= 2


def test_every_action_kind_has_its_one_handler():
    assert HANDLERS.missing(ACTION_SPACE) == []
    assert WasteWhatState.handlers is HANDLERS


def test_tables_are_made_once_per_configured_game_and_shared_by_its_states():
    game = load_game("waste_what")
    a, b = game.new_state(1), game.new_state(2)
    assert a.tables is b.tables is a.clone().tables is game.tables
    assert game.tables.name[0] == game.content.waste[0].name
