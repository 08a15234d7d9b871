"""The conformance suite over every registered game."""

import pytest

from loopcity import list_games, load_game
from loopcity.engine.testing import check_game

GAMES = [spec.id for spec in list_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_conformance(game_id):
    spec = load_game(game_id).spec
    for players in sorted({spec.min_players, spec.max_players}):
        for variant in [v.name for v in spec.variants] or [None]:
            check_game(load_game(game_id, players=players, variant=variant), playouts=2, seed=players)


def test_games_are_registered():
    assert GAMES == sorted(GAMES)
