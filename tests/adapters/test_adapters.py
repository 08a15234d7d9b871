"""PettingZoo, Gymnasium and OpenSpiel adapters pass their own checkers, for every game."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from loopcity import list_games, load_game  # noqa: E402
from loopcity.adapters import gymnasium as lc_gym  # noqa: E402
from loopcity.adapters import pettingzoo as lc_pz  # noqa: E402
from loopcity.adapters.encoding import action_mask, encode_view  # noqa: E402
from loopcity.engine import RandomBot, next_seat  # noqa: E402

GAMES = ["tiny", *(spec.id for spec in list_games())]


@pytest.fixture(params=GAMES)
def game_id(request, tiny):
    return request.param


def test_observation_holds_only_what_the_seat_sees(game_id):
    game = load_game(game_id)
    state = game.new_state(3)
    bots = [RandomBot(game, s, 3) for s in range(game.players)]
    for step in range(60):
        if state.is_terminal():
            break
        for seat in range(game.players):
            obs = encode_view(state.view(seat), seat, game.players)
            other = state.determinize(seat, step * 7 + seat)
            assert np.array_equal(obs, encode_view(other.view(seat), seat, game.players))
        seat = next_seat(state)
        mask = action_mask(state, seat)
        assert mask.sum() == len(state.legal_actions(seat))
        state.apply(seat, bots[seat].choose(state, seat))


def test_pettingzoo_api_and_seed(game_id):
    api_test(lc_pz.env(game_id), num_cycles=300)
    seed_test(lambda: lc_pz.env(game_id), num_cycles=100)


def test_gymnasium_check_env(game_id):
    env = lc_gym.make(game_id, seat=0, others="random")
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=5)
    legal = np.flatnonzero(info["action_mask"])
    _, _, _, _, info2 = env.step(int(legal[0]))
    assert info2["illegal_action"] is False


def test_gymnasium_illegal_action_changes_nothing(tiny):
    env = lc_gym.make("tiny", seat=0)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.state_hash()
    _, reward, _, _, info = env.step(illegal)
    assert info["illegal_action"] and reward < 0 and env.state.state_hash() == before


def test_openspiel_random_sim_and_mcts(game_id):
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from loopcity.adapters import openspiel as lc_os

    lc_os.register_game(game_id)
    game = pyspiel.load_game(f"loopcity_{game_id}")
    spec = load_game(game_id).spec
    gtype = game.get_type()
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    expected = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if spec.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    assert gtype.information == expected
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=np.random.RandomState(s))
        for s in range(game.num_players())
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert len(state.returns()) == game.num_players()
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    assert observer.tensor.shape[0] > 0 and observer.string_from(state, 0)
