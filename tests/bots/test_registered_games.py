"""The search bot over every registered game: it decides, keeps the state unchanged, and is seeded."""

import pytest

from loopcity import list_games, load_game
from loopcity.bots import make_bot
from loopcity.engine import Rng

GAMES = [spec.id for spec in list_games()]


def _positions(game_id: str, count: int = 3):
    """A few positions of a random game that need a decision (more than one legal action)."""
    game = load_game(game_id)
    state = game.new_state(7)
    rng = Rng(7)
    found = []
    while not state.is_terminal() and len(found) < count and state.step < 400:
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.below(8) == 0:
            found.append((state.clone(), seat))
        state.apply(seat, legal[rng.below(len(legal))])
    return game, found


@pytest.mark.parametrize("game_id", GAMES)
def test_mcts_decides_legally_without_changing_the_state(game_id):
    game, positions = _positions(game_id)
    for state, seat in positions:
        before = state.clone()
        moves = [
            make_bot("mcts:iterations=8:rollout_depth=20", game, seat, k).choose(state, seat) for k in (1, 1)
        ]
        assert moves[0] == moves[1]
        assert moves[0] in state.legal_actions(seat)
        assert state == before


@pytest.mark.parametrize("game_id", GAMES)
def test_position_values_lie_on_the_reward_scale(game_id):
    from loopcity.bots.value import fitted_value

    game, positions = _positions(game_id, count=4)
    value = game.spec.evaluate or fitted_value(game)
    if value is None:
        pytest.skip(f"{game_id} has no position value")
    for state, seat in positions:
        assert -1.0 <= value(state, seat) <= 1.0
