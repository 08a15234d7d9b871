"""The search bots: reward mapping, determinism, no peeking, and strength against simple opponents."""

from __future__ import annotations

import dataclasses

import pytest

from loopcity.bots import GENERIC, MctsBot, bot_names, make_bot, rewards
from loopcity.engine import Action, OptionError, Outcome, load_game, play, register, unregister
from loopcity.sim import wilson_interval
from tiny_game import SPEC as TINY

from .search_games import COMMONS, NIM, WAGER


@pytest.fixture
def games():
    """The tiny game, nim, commons and wager, registered for a test."""
    specs = (TINY, NIM, COMMONS, WAGER)
    for spec in specs:
        register(spec)
    yield
    for spec in specs:
        unregister(spec.id)


def _past_ready(state):
    for seat in state.active_seats():
        state.apply(seat, "ready")
    return state


# ----- the reward mapping ------------------------------------------------------------------------
def test_cooperative_reward_is_the_team_result():
    assert rewards(Outcome(True, "won", (3.0, 1.0), (0,)), 2, True) == [1.0, 1.0]
    assert rewards(Outcome(False, "lost", (3.0, 1.0), ()), 2, True) == [-1.0, -1.0]


def test_semi_cooperative_team_loss_is_worst_and_score_ranks_the_rest():
    lost = rewards(Outcome(False, "lost", (9.0, 1.0, 0.0), ()), 3, False)
    won = rewards(Outcome(True, "won", (8.0, 4.0, 0.0), (0,)), 3, False)
    assert lost == [-1.0, -1.0, -1.0]
    assert min(won) > max(lost)
    assert won == [1.0, 0.5, 0.0]


def test_no_positive_score_rewards_the_winners():
    assert rewards(Outcome(True, "won", (0.0, 0.0), (1,)), 2, False) == [0.0, 1.0]


# ----- determinism and the state left alone ------------------------------------------------------
def test_same_seed_same_moves(games):
    game = load_game("tiny", players=3)
    state = _past_ready(game.new_state(5))
    moves = [make_bot("mcts:iterations=60", game, 0, 9).choose(state, 0) for _ in range(2)]
    assert moves[0] == moves[1]
    finals = []
    for _ in range(2):
        s = game.new_state(4)
        play(s, [make_bot("mcts:iterations=30", game, seat, 4) for seat in range(3)])
        finals.append(s.state_hash())
    assert finals[0] == finals[1]


def test_choose_never_changes_the_state(games):
    game = load_game("tiny", players=2)
    state = _past_ready(game.new_state(2))
    before, log_length, step = state.clone(), len(state.log), state.step
    make_bot("mcts:iterations=80", game, 0, 1).choose(state, 0)
    assert state == before and len(state.log) == log_length and state.step == step


def test_apply_trusted_is_apply_without_the_log(games):
    game = load_game("tiny", players=2)
    a, b = _past_ready(game.new_state(3)), _past_ready(game.new_state(3))
    for action in ("take 2", "roll", "take 1"):
        seat = a.active_seats()[0]
        a.apply(seat, action)
        b.apply_trusted(seat, Action.parse(action))
    assert {k: v for k, v in a._fields().items() if k != "log"} == {
        k: v for k, v in b._fields().items() if k != "log"
    }


# ----- information sets: the decision depends only on what the seat knows -------------------------
def test_decision_unchanged_when_hidden_cards_are_redrawn(games):
    game = load_game("tiny", players=3, pile=4)
    checked = 0
    for seed in range(6):
        state = _past_ready(game.new_state(seed))
        seat = state.active_seats()[0]
        bot = make_bot("mcts:iterations=120", game, seat, seed)
        move = bot.choose(state, seat)
        for k in range(3):
            other = state.determinize(seat, 100 + k)
            assert other.view(seat) == state.view(seat)
            checked += other.cards != state.cards
            assert bot.choose(other, seat) == move
    assert checked > 0, "the redraws must actually change the hidden cards"


# ----- strength -----------------------------------------------------------------------------------
@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11])
def test_nim_takes_the_winning_move(games, pile):
    game = load_game("nim", pile=pile)
    bot = make_bot("mcts:iterations=400", game, 0, pile)
    assert bot.choose(game.new_state(0), 0) == Action("take", (pile % 4,))


def test_commons_seats_keep_the_team_from_losing(games):
    game = load_game("commons", players=3)
    n = 30
    searched = [play(game.new_state(i), [make_bot("mcts", game, s, i) for s in range(3)]) for i in range(n)]
    randoms = [play(game.new_state(i), [make_bot("random", game, s, i) for s in range(3)]) for i in range(n)]
    won = sum(s.outcome().team_won for s in searched)
    won_random = sum(s.outcome().team_won for s in randoms)
    assert won == n > won_random
    # and they still take nearly all they can: the stock ends at (or one above) the reserve
    reserve = game.options["reserve"]
    assert all(s.stock <= reserve + 1 for s in searched)
    assert sum(s.stock == reserve for s in searched) >= 0.8 * n


def test_mcts_beats_random_on_tiny(games):
    game = load_game("tiny", players=2)
    n = 120
    mcts_wins = random_wins = 0
    for i in range(n):
        seat = i % 2  # the searching seat alternates between first and second
        agents = [make_bot("mcts:iterations=100" if s == seat else "random", game, s, i) for s in range(2)]
        winners = play(game.new_state(i), agents).outcome().winners
        mcts_wins += winners == (seat,)
        random_wins += winners == (1 - seat,)
    assert wilson_interval(mcts_wins, n)[0] > wilson_interval(random_wins, n)[1]


# ----- playouts: heuristic policy, evaluate hook, time limit --------------------------------------
class CountingBot:
    calls = 0

    def __init__(self, game, seat, seed):
        pass

    def choose(self, state, seat):
        CountingBot.calls += 1
        return state.legal_actions(seat)[0]


def test_heuristic_bot_guides_playouts(games):
    spec = dataclasses.replace(COMMONS, id="commons_h", bots={"heuristic": CountingBot})
    register(spec)
    try:
        game = load_game("commons_h", players=2)
        CountingBot.calls = 0
        make_bot("mcts:iterations=20:rollout=random", game, 0, 1).choose(game.new_state(0), 0)
        assert CountingBot.calls == 0
        make_bot("mcts:iterations=20:epsilon=0", game, 0, 1).choose(game.new_state(0), 0)
        assert CountingBot.calls > 20
    finally:
        unregister("commons_h")


def test_evaluate_hook_scores_cut_playouts(games):
    seen = []

    def evaluate(state, seat):
        seen.append(state.turns_left)
        return 0.5

    spec = dataclasses.replace(COMMONS, id="commons_e", evaluate=evaluate)
    register(spec)
    try:
        game = load_game("commons_e", players=2)
        make_bot("mcts:iterations=30:rollout_depth=1", game, 0, 1).choose(game.new_state(0), 0)
        assert seen and all(t > 0 for t in seen)
    finally:
        unregister("commons_e")


def test_playouts_are_cut_only_where_a_value_scores_the_cut(games):
    game = load_game("nim", pile=7)
    # no position value: a rollout_depth is ignored and playouts run to the end, so the search still
    # sees that taking 3 wins (a cut scored 0 would hide every win beyond the cut)
    bot = make_bot("mcts:value=none:rollout_depth=1:iterations=400", game, 0, 7)
    assert bot.depth is None
    assert bot.choose(game.new_state(0), 0) == Action("take", (3,))


def test_time_limit_stops_the_search(games):
    game = load_game("tiny", players=2)
    bot = make_bot("mcts:iterations=100000000:time_limit=0.05", game, 0, 1)
    bot.choose(_past_ready(game.new_state(1)), 0)
    assert isinstance(bot, MctsBot) and 0 < bot.last_iterations < 100000000 and bot.last_seconds < 1.0


# ----- by name ------------------------------------------------------------------------------------
def test_mcts_is_offered_for_every_game(games):
    assert "mcts" in GENERIC
    assert "mcts" in bot_names(load_game("nim"))


def test_bad_bot_options_are_refused_with_the_reason(games):
    game = load_game("nim")
    with pytest.raises(OptionError, match="no option 'depth'"):
        make_bot("mcts:depth=3", game, 0)
    with pytest.raises(OptionError, match="key=value"):
        make_bot("mcts:fast", game, 0)
    with pytest.raises(OptionError, match="rollout"):
        make_bot("mcts:rollout=clever", game, 0)


def test_trust_keeps_the_heuristic_move_unless_search_clearly_beats_it(games):
    spec = dataclasses.replace(NIM, id="nim_h", bots={"heuristic": CountingBot})  # always "take 1"
    register(spec)
    try:
        game = load_game("nim_h", pile=4)  # every move loses against best play: nothing clearly better
        assert make_bot("mcts:iterations=200:trust=1", game, 0, 1).choose(game.new_state(0), 0) == Action(
            "take", (1,)
        )
        game = load_game("nim_h", pile=7)  # take 3 wins: the search overrules a small trust
        assert make_bot("mcts:iterations=400:trust=0.1", game, 0, 1).choose(game.new_state(0), 0) == Action(
            "take", (3,)
        )
    finally:
        unregister("nim_h")


def test_halving_root_finds_the_surest_wager_on_shared_dice(games):
    game = load_game("wager")
    # every number is played out on the same rolls, so naming 0 is never behind on any sample
    bot = make_bot("mcts:root=halving:iterations=24", game, 0, 5)
    assert bot.choose(game.new_state(0), 0) == Action("name", (0,))
    assert 20 <= bot.last_iterations <= 30  # the budget, give or take a round's rounding


def test_halving_root_keeps_the_heuristic_move_within_the_margin(games):
    game = load_game("wager")
    # naming 0 scores at most 2 above the heuristic's 3 (always +1 against a -1): a margin of 2 keeps 3
    assert make_bot("mcts:root=halving:margin=2", game, 0, 5).choose(game.new_state(0), 0) == Action(
        "name", (3,)
    )
    assert make_bot("mcts:root=halving:margin=0.2", game, 0, 5).choose(game.new_state(0), 0) == Action(
        "name", (0,)
    )


def test_halving_root_needs_enough_samples_to_overrule_the_heuristic(games):
    game = load_game("wager")
    # on shared rolls naming 0 leads naming 3 on half the samples: a few samples cannot show it at
    # two standard errors, many can (checked over several seeds)
    for seed in range(8):
        few = make_bot("mcts:root=halving:iterations=6:confidence=2", game, 0, seed)
        many = make_bot("mcts:root=halving:iterations=120:confidence=2", game, 0, seed)
        assert few.choose(game.new_state(0), 0) == Action("name", (3,))
        assert many.choose(game.new_state(0), 0) == Action("name", (0,))


def test_halving_root_out_of_time_plays_the_heuristic_move(games):
    game = load_game("wager")
    bot = make_bot("mcts:root=halving:confidence=1:time_limit=0.000001", game, 0, 5)
    assert bot.choose(game.new_state(0), 0) == Action("name", (3,))


def test_halving_root_is_deterministic_and_leaves_the_state_alone(games):
    game = load_game("tiny", players=3)
    state = _past_ready(game.new_state(3))
    before = state.state_hash()
    picks = {make_bot("mcts:root=halving:iterations=40", game, 0, 9).choose(state, 0) for _ in range(2)}
    assert len(picks) == 1 and state.state_hash() == before
    with pytest.raises(OptionError, match="root"):
        make_bot("mcts:root=widest", game, 0)


def test_bench_reports_iterations_per_second(games):
    from loopcity.bots.bench import bench

    figures = bench("nim", "mcts:iterations=50", games=1)
    assert figures["decisions_searched"] > 0 and figures["iterations_per_s"] > 0


def test_fitted_value_learns_that_a_low_stock_loses(games):
    from loopcity.bots.value import FittedValue, fit

    entry = fit("commons", games=60, bot="random", players=2)
    value = FittedValue(entry, COMMONS.metrics)
    game = load_game("commons", players=2)
    rich, poor = game.new_state(0), game.new_state(0)
    for state, take in ((rich, 0), (poor, 2)):
        for _ in range(4):
            state.apply(state.active_seats()[0], Action("take", (take,)))
    assert -1.0 <= value(poor, 0) < value(rich, 0) <= 1.0


def test_halving_root_screen_plays_the_heuristic_move_when_it_wins_every_sample(games):
    game = load_game("wager")
    # the heuristic names 3 and wins half the rolls: where both screening rolls win, its move is
    # played after those two playouts alone; where one loses, the search goes on and finds 0
    passed = searched = 0
    for seed in range(16):
        bot = make_bot("mcts:root=halving:iterations=60:screen=2", game, 0, seed)
        pick = bot.choose(game.new_state(0), 0)
        if bot.last_iterations == 2:
            assert pick == Action("name", (3,))
            passed += 1
        else:
            assert pick == Action("name", (0,))
            searched += 1
    assert passed >= 2 and searched >= 8


def test_halving_root_screen_costs_no_more_than_its_own_samples_when_it_fails(games):
    game = load_game("wager")
    # when a screening roll loses, the six actions are halved as without the screen: the screen's
    # samples are shared by every action only as far as the budget allows, so a position with many
    # actions costs at most the screen's four playouts more than a plain search
    failed = 0
    for seed in range(12):
        screened = make_bot("mcts:root=halving:iterations=12:screen=4", game, 0, seed)
        plain = make_bot("mcts:root=halving:iterations=12", game, 0, seed)
        screened.choose(game.new_state(0), 0)
        plain.choose(game.new_state(0), 0)
        if screened.last_iterations > 4:
            failed += 1
            assert screened.last_iterations <= plain.last_iterations + 4
    assert failed >= 8
