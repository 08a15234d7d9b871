"""PettingZoo, Gymnasium and OpenSpiel adapters pass their own checkers, for every game, and keep
what the seats may not see out of their observations."""

import json

import gymnasium
import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

from loopcity import list_games, load_game  # noqa: E402
from loopcity.adapters import encoding  # noqa: E402
from loopcity.adapters import gymnasium as lc_gym  # noqa: E402
from loopcity.adapters import pettingzoo as lc_pz  # noqa: E402
from loopcity.adapters.encoding import ActionIndex, Observer, Turns, next_active  # noqa: E402
from loopcity.engine import RandomBot  # noqa: E402

GAMES = ["tiny", *(spec.id for spec in list_games())]


@pytest.fixture(params=GAMES)
def game_id(request, tiny):
    lc_gym.register_envs()
    return request.param


def _random_states(game, seed, steps):
    """States along a seeded random playout (seat order as in the engine's runner)."""
    state = game.new_state(seed)
    bots = [RandomBot(game, s, seed) for s in range(game.players)]
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        seat = state.active_seats()[0]
        state.apply(seat, bots[seat].choose(state, seat))


def test_observations_hold_only_what_the_seat_sees_within_bounds(game_id):
    game = load_game(game_id)
    observer = Observer(game)
    for step, state in enumerate(_random_states(game, 3, 60)):
        for seat in range(game.players):
            obs = observer.observation(state, seat)
            info = observer.information_state(state, seat)
            assert obs.shape == (observer.size,) and info.shape == (observer.info_size,)
            assert observer.low <= obs.min() and obs.max() <= observer.high
            assert np.array_equal(info[: observer.size], obs)
            other = state.determinize(seat, step * 7 + seat)
            assert np.array_equal(obs, observer.observation(other, seat))
            assert np.array_equal(info, observer.information_state(other, seat))


def test_one_assignment_writes_the_same_observations_as_the_numpy_calls(game_id, monkeypatch):
    """The compiled build writes features with runs of amounts in one assignment (encoding._entries);
    interpreted, numpy works out the runs: the same float32 vectors, bit for bit, for every seat of
    every state of random games, information states included."""
    game = load_game(game_id)
    observer = Observer(game)
    if not observer.structured:
        pytest.skip("the game has no observation spec (hashed fallback)")
    states = [state.clone() for seed in range(1, 9) for state in _random_states(game, seed, 60)]
    assert len(states) > 100
    seats = range(game.players)
    by_numpy = [[observer.information_state(s, seat) for seat in seats] for s in states]
    for state, expected in zip(states, by_numpy, strict=True):
        for seat in seats:
            where, values = encoding._entries(observer.encoder.encode(state, seat), 0)
            vec = np.zeros(observer.size, dtype=np.float32)
            vec[np.array(where, dtype=np.intp)] = np.array(values, dtype=np.float32)
            assert vec.tobytes() == expected[seat][: observer.size].tobytes(), (
                f"seat {seat}, step {state.step}"
            )
    monkeypatch.setattr(encoding, "_NATIVE", True)
    for state, expected in zip(states, by_numpy, strict=True):
        for seat in seats:
            got = observer.information_state(state, seat)
            assert got.dtype == np.float32
            assert got.tobytes() == expected[seat].tobytes(), f"seat {seat} at step {state.step}"


def test_structured_observations_tell_seats_and_states_apart(game_id):
    game = load_game(game_id)
    observer = Observer(game)
    if not observer.structured:
        pytest.skip("the game has no observation spec (hashed fallback)")
    first = [observer.observation(game.new_state(5), s) for s in range(game.players)]
    assert len({o.tobytes() for o in first}) == game.players, "each seat's observation names its seat"
    seen = [observer.observation(state, 0).tobytes() for state in _random_states(game, 5, 30)]
    assert len(set(seen)) > len(seen) // 3, "the observation follows the game"


def test_action_mask_marks_exactly_the_legal_actions(game_id):
    game = load_game(game_id)
    index = ActionIndex(game)
    space = game.spec.action_space
    for state in _random_states(game, 4, 40):
        seat = state.active_seats()[0]
        legal = index.legal(state, seat)
        mask = index.mask(legal)
        assert mask.dtype == bool and mask.sum() == len(state.legal_actions(seat))
        assert sorted(legal) == sorted(space.index(a) for a in state.legal_actions(seat))


def test_pettingzoo_aec_and_parallel_pass_their_checkers(game_id):
    api_test(lc_pz.env(game_id), num_cycles=200)
    seed_test(lambda: lc_pz.env(game_id), num_cycles=60)
    parallel_api_test(lc_pz.parallel_env(game_id), num_cycles=200)
    parallel_seed_test(lambda: lc_pz.parallel_env(game_id), num_cycles=60)


def test_pettingzoo_unseeded_reset_follows_the_seeded_one(game_id):
    def firsts(env):
        env.reset(seed=11)
        out = []
        for _ in range(3):
            env.reset()
            out.append(env.state.state_hash())
        return out

    a, b = firsts(lc_pz.env(game_id)), firsts(lc_pz.env(game_id))
    assert a == b and len(set(a)) == 3


def test_pettingzoo_truncates_a_game_at_max_steps(game_id):
    aec = lc_pz.env(game_id, max_steps=10)
    aec.reset(seed=3)
    for agent in aec.agent_iter():
        _, reward, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(int(np.flatnonzero(aec.observe(agent)["action_mask"])[0]))
    assert aec.state.step <= 10
    if not aec.state.is_terminal():
        assert all(aec.truncations.values()) and not any(aec.rewards.values())
    par = lc_pz.parallel_env(game_id, max_steps=10)
    obs, _ = par.reset(seed=3)
    steps, truncated = 0, {}
    while par.agents:
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
        obs, _, terminated, truncated, infos = par.step(actions)
        assert not any(info["illegal_action"] for info in infos.values())
        steps += 1
    assert steps <= 10
    assert all(truncated.values()) or all(terminated.values())


def test_supersuit_accepts_the_parallel_environment(tiny):
    supersuit = pytest.importorskip("supersuit")
    game_id = list_games()[0].id
    vec = supersuit.pettingzoo_env_to_vec_env_v1(lc_pz.parallel_env(game_id))
    vec = supersuit.concat_vec_envs_v1(vec, 2, num_cpus=0, base_class="gymnasium")
    obs, _ = vec.reset(seed=0)
    players = load_game(game_id).players
    assert obs["observation"].shape[0] == 2 * players
    waiting = obs["action_mask"][:, -1]
    assert waiting.sum() == 2 * players - 2, "one seat acts in each copy, the others wait"
    actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    _, rewards, *_ = vec.step(actions)
    assert rewards.shape == (2 * players,)


def test_flat_observations_are_the_dict_tensor_with_the_mask_in_info(game_id):
    flat, plain = lc_pz.env(game_id, flat=True), lc_pz.env(game_id)
    flat.reset(seed=2)
    plain.reset(seed=2)
    assert isinstance(flat.observation_space("seat_0"), gymnasium.spaces.Box)
    for agent in flat.agent_iter(max_iter=150):
        assert agent == plain.agent_selection
        obs, _, terminated, truncated, info = flat.last()
        expected = plain.observe(agent)
        assert obs.dtype == np.float32 and np.array_equal(obs, expected["observation"])
        if terminated or truncated:
            flat.step(None)
            plain.step(None)
            continue
        assert np.array_equal(info["action_mask"], expected["action_mask"])
        action = int(np.flatnonzero(info["action_mask"])[-1])
        flat.step(action)
        plain.step(action)
    par = lc_pz.parallel_env(game_id, flat=True)
    obs, infos = par.reset(seed=2)
    assert all(o.shape == (par.table.observer.size,) for o in obs.values())
    assert sum(int(i["action_mask"][-1]) for i in infos.values()) == len(par.agents) - 1, (
        "one acts, others wait"
    )


def test_flat_pettingzoo_passes_its_checkers_and_supersuits_wrappers(game_id):
    supersuit = pytest.importorskip("supersuit")
    api_test(lc_pz.env(game_id, flat=True), num_cycles=100)
    parallel_api_test(lc_pz.parallel_env(game_id, flat=True), num_cycles=100)
    size = Observer(load_game(game_id)).size
    wrappers = {
        "black_death_v3": (supersuit.black_death_v3, np.float32),
        "pad_observations_v0": (supersuit.pad_observations_v0, np.float32),
        "flatten_v0": (supersuit.flatten_v0, np.float32),
        "dtype_v0": (lambda e: supersuit.dtype_v0(e, np.float16), np.float16),
    }
    for name, (wrap, dtype) in wrappers.items():
        par = wrap(lc_pz.parallel_env(game_id, flat=True))
        obs, infos = par.reset(seed=1)
        for _ in range(100):
            assert all(o.shape == (size,) and o.dtype == dtype for o in obs.values()), name
            actions = {a: int(np.flatnonzero(infos[a]["action_mask"])[0]) for a in par.agents}
            obs, _, _, _, infos = par.step(actions)
            # black_death_v3 reports the end only for an agent both terminated and truncated:
            # the game's end shows as the environment having no agents left
            if not par.unwrapped.agents:
                obs, infos = par.reset()
        if name != "black_death_v3":
            api_test(wrap(lc_pz.env(game_id, flat=True)), num_cycles=50)


def test_gymnasium_check_env_and_registered_ids(game_id):
    env = lc_gym.make(game_id, seat=0, others="random")
    check_env(env, skip_render_check=True)
    assert env.observation_space.is_bounded()
    registered = gymnasium.make(lc_gym.env_id(game_id))
    check_env(registered.unwrapped, skip_render_check=True)
    obs, info = registered.reset(seed=5)
    assert np.array_equal(registered.unwrapped.action_masks(), info["action_mask"])
    legal = np.flatnonzero(info["action_mask"])
    _, _, _, _, info2 = registered.step(int(legal[0]))
    assert info2["illegal_action"] is False


def test_gymnasium_unseeded_reset_follows_the_seeded_one(game_id):
    def firsts():
        env = lc_gym.make(game_id)
        env.reset(seed=21)
        return [env.reset()[0].tobytes() + env.state.state_hash().encode() for _ in range(3)]

    a, b = firsts(), firsts()
    assert a == b and len(set(a)) == 3


def test_gymnasium_team_model_plays_every_seat(game_id):
    env = lc_gym.make(game_id, seat_model="team")
    _, info = env.reset(seed=2)
    seats, done = set(), False
    while not done:
        seats.add(info["seat"])
        legal = np.flatnonzero(info["action_mask"])
        _, reward, terminated, truncated, info = env.step(int(legal[-1]))
        done = terminated or truncated
    assert seats == set(range(env.game.players)) or env.game.players == 1
    returns = env.state.outcome().returns(env.game.spec.cooperative)
    assert reward == pytest.approx(sum(returns) / len(returns))


def test_gymnasium_illegal_action_changes_nothing(tiny):
    env = lc_gym.make("tiny", seat=0)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    before = env.state.state_hash()
    _, reward, _, _, info = env.step(illegal)
    assert info["illegal_action"] and reward < 0 and env.state.state_hash() == before


def test_seat_model_lets_active_seats_take_turns():
    assert next_active((0, 1, 2), -1, "seat") == 0
    assert next_active((0, 1, 2), 0, "seat") == 1
    assert next_active((0, 1, 2), 2, "seat") == 0
    assert next_active((0, 2), 0, "seat") == 2
    assert next_active((0, 1, 2), 0, "team") == 0
    with pytest.raises(ValueError):
        Turns("everyone")


def test_seat_model_never_asks_the_same_seat_twice_while_another_may_act(game_id):
    game = load_game(game_id)
    turns, state = Turns("seat"), game.new_state(9)
    bots = [RandomBot(game, s, 9) for s in range(game.players)]
    while not state.is_terminal():
        active = state.active_seats()
        seat = turns.next(state)
        if len(active) > 1 and turns.last in active:
            assert seat != turns.last
        state.apply(seat, bots[seat].choose(state, seat))
        turns.acted(seat)


def test_openspiel_random_sim_with_serialization(game_id):
    import pyspiel

    from loopcity.adapters import openspiel as lc_os

    lc_os.register_game(game_id)
    game = pyspiel.load_game(f"loopcity_{game_id}")
    spec = load_game(game_id).spec
    gtype = game.get_type()
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    expected = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if spec.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    assert gtype.information == expected
    assert gtype.provides_information_state_tensor and gtype.provides_information_state_string
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    sampled = pyspiel.load_game(f"loopcity_{game_id}", {"chance": "sampled"})
    assert sampled.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(sampled, num_sims=1, serialize=False, verbose=False)


def _play_until(state, steps, rng):
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(outcomes)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_openspiel_serialized_state_plays_on_identically(game_id):
    import pyspiel

    from loopcity.adapters import openspiel as lc_os

    lc_os.register_game(game_id)
    game = pyspiel.load_game(f"loopcity_{game_id}")
    state = _play_until(game.new_initial_state(), 25, np.random.default_rng(1))
    copy_game, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(copy) == str(state) and copy.history() == state.history()
    a = _play_until(state, 30, np.random.default_rng(2))
    b = _play_until(copy, 30, np.random.default_rng(2))
    assert str(a) == str(b) and a.returns() == b.returns()


def test_openspiel_information_state_has_perfect_recall_and_no_secrets(game_id):
    import json

    import pyspiel

    from loopcity.adapters import openspiel as lc_os

    lc_os.register_game(game_id)
    game = pyspiel.load_game(f"loopcity_{game_id}")
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    before: list[list[str]] = [[] for _ in range(game.num_players())]
    for _ in range(40):
        if state.is_terminal():
            break
        _play_until(state, 1, rng)
        if state.is_chance_node():
            continue
        for p in range(game.num_players()):
            history = json.loads(state.information_state_string(p))["history"]
            assert history[: len(before[p])] == before[p], "a seat never forgets what it saw"
            before[p] = history
            other = state.resample_from_infostate(p, rng.random)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)


def test_openspiel_resampling_redraws_the_secrets(tiny):
    import pyspiel

    from loopcity.adapters import openspiel as lc_os

    lc_os.register_game("tiny")
    state = _play_until(pyspiel.load_game("loopcity_tiny").new_initial_state(), 3, np.random.default_rng(0))
    hands = {
        tuple(state.resample_from_infostate(0, np.random.default_rng(s).random).inner.cards)
        for s in range(20)
    }
    assert all(h[0] == state.inner.cards[0] for h in hands), "seat 0 keeps its own card"
    assert len(hands) > 1, "the other seats' cards are redrawn"


def test_openspiel_chance_nodes_sample_afresh_only_in_sampled_mode(tiny):
    import pyspiel

    from loopcity.adapters import openspiel as lc_os

    lc_os.register_game("tiny")
    for mode, differ in (("sampled", True), ("explicit", False)):
        root = pyspiel.load_game("loopcity_tiny", {"chance": mode}).new_initial_state()
        outcome = root.chance_outcomes()[0][0]
        deals = set()
        for _ in range(6):
            clone = root.clone()
            clone.apply_action(outcome)
            deals.add(clone.inner.state_hash())
        assert (len(deals) > 1) == differ, mode


def test_openspiel_game_ends_at_its_maximum_length(game_id):
    import pyspiel

    from loopcity.adapters import openspiel as lc_os

    lc_os.register_game(game_id)
    game = pyspiel.load_game(f"loopcity_{game_id}", {"max_game_length": 12})
    assert game.max_game_length() == 12
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
            moves += 1
        assert moves <= 12
    assert state.returns() == [0.0] * game.num_players() or state.inner.is_terminal()


def test_openspiel_clone_copies_the_engine_state_and_shares_the_game(game_id):
    """A clone is the engine state's own copy (moves on it leave the original as it was) and shares
    the loaded game and its content, which never change. (What a clone costs is a benchmark's
    figure, ``clone_us`` in ``python -m loopcity.adapters.bench``, not a test's.)"""
    import pyspiel

    from loopcity.adapters import openspiel as lc_os

    lc_os.register_game(game_id)
    game = pyspiel.load_game(f"loopcity_{game_id}")
    state = _play_until(game.new_initial_state(), 30, np.random.default_rng(4))
    before = str(state)
    clones = [state.clone() for _ in range(5)]
    assert all(str(c) == before for c in clones)
    assert clones[0].inner is not state.inner and clones[0].inner.game is state.inner.game
    moved = clones[0]
    if not moved.is_terminal():
        actions = moved.legal_actions() if not moved.is_chance_node() else [moved.chance_outcomes()[0][0]]
        moved.apply_action(actions[0])
        assert str(moved) != before or moved.inner.state_hash() != state.inner.state_hash()
    assert str(state) == before and str(clones[1]) == before


def test_the_learner_bench_prints_steps_and_what_a_copy_costs(capsys):
    from loopcity.adapters import bench

    bench.main(["waste_what", "--seconds", "0.2", "--rounds", "1", "--json"])
    (row,) = json.loads(capsys.readouterr().out)
    assert row["name"] == "waste_what" and row["steps"] > 0 and row["steps_per_s"] > 0
    assert row["clone_us"] > 0


def test_openspiel_mcts_plays_to_the_end(tiny):
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from loopcity.adapters import openspiel as lc_os

    lc_os.register_game("tiny")
    game = pyspiel.load_game("loopcity_tiny")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=np.random.RandomState(s))
        for s in range(game.num_players())
    ]
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            _play_until(state, 1, rng)
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert len(state.returns()) == game.num_players()


@pytest.mark.parametrize("game_id", ["resourced", "waste_what"])
def test_the_tables_open_question_is_observed_at_the_action_it_names(game_id):
    """A proposal or offer shows in the observation at the id of the action put to the table, with
    who asks and who has answered."""
    from loopcity import load_game
    from loopcity.engine import Action, RandomBot
    from loopcity.engine.observation import encoder_for

    game = load_game(game_id)
    enc = encoder_for(game)
    seg = enc.layout.segment("ballot")
    space = game.spec.action_space
    seen = 0
    for seed in range(6):
        state = game.new_state(seed)
        bots = [RandomBot(game, s, seed) for s in range(game.players)]
        while not state.is_terminal() and state.step < 3000:
            ballot = state.ballot
            if ballot is not None:
                got = enc.encode(state, 0).as_dict()
                named = ballot["data"].get("action", ballot["subject"])
                try:
                    index = space.index(Action.parse(named))
                except Exception:  # a question that names no action (a trade)
                    index = None
                if index is not None:
                    assert got.get(seg.offset + index) == 1
                assert got.get(seg.offset + space.size + ballot["by"]) == 1
                for s, said in ballot["votes"].items():
                    row = 2 if said == "yes" else 3
                    assert got.get(seg.offset + space.size + row * game.players + int(s)) == 1
                seen += 1
            seat = state.active_seats()[0]
            state.apply(seat, bots[seat].choose(state, seat))
    assert seen > 0, "some question was put to the table"
