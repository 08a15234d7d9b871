"""Seeded games whose end is pinned: the speed-ups of Farm detection, legal-action lists and log lines
must not change play. Each digest covers the final ``state_hash()`` (which leaves out the log, whose wording may change) of 30
seeded random playouts or 10 seeded heuristic-bot games, for every layout and several player counts.

When a rule or content change is intended, check the new games and update the values here (the
heuristic digests were recorded anew when a Compost token on a Water Catchment's Plot stopped
vanishing at its harvest, and again, with one random digest, when Bumper Harvest stopped collecting
Plots that were ready before it; all of them when the table began deciding where the tokens start and
who starts first, and the Policy Maker began asking before moving another player's token).
"""

import hashlib

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.runner import play


@pytest.mark.parametrize(
    "variant,players,bot,digest",
    [
        ("beginner", 1, "random", "96e0ab14b22d98990ff0"),
        ("beginner", 1, "heuristic", "6215b0301b4f6725f6da"),
        ("beginner", 2, "random", "dae2e8f188554b7da9ff"),
        ("beginner", 2, "heuristic", "98f495dc128b2aee7003"),
        ("beginner", 3, "random", "311345d89657cb1d21cc"),
        ("beginner", 3, "heuristic", "f269c62098b4626fd19f"),
        ("beginner", 4, "random", "1d079c1cfbe2b0ccabd6"),
        ("beginner", 4, "heuristic", "55517ad2540b4d53b535"),
        ("beginner", 6, "random", "074fd637b0803f551c6d"),
        ("beginner", 6, "heuristic", "d0b27dce0b174052c25b"),
        ("advanced", 1, "random", "d9a67ef547028bf63cfb"),
        ("advanced", 1, "heuristic", "6536ae302fadf6247781"),
        ("advanced", 2, "random", "42b2b38e1d5021e70be7"),
        ("advanced", 2, "heuristic", "ffa570330bd65a505f43"),
        ("advanced", 3, "random", "4078bd35fa6dac579f04"),
        ("advanced", 3, "heuristic", "dc67e4c4b56689858745"),
        ("advanced", 4, "random", "19fb0cb4b870cdc7265b"),
        ("advanced", 4, "heuristic", "d19efb656a30977c7411"),
        ("advanced", 6, "random", "73cf424bfc1831f0c32b"),
        ("advanced", 6, "heuristic", "4c49dd7d74d065861d50"),
    ],
)
def test_seeded_games_end_the_same(variant, players, bot, digest):
    game = load_game("resourcity", players=players, variant=variant)
    hashes = []
    for seed in range(30 if bot == "random" else 10):
        state = game.new_state(seed)
        if bot == "random":
            agents = [RandomBot(game, s, seed) for s in range(players)]
        else:
            agents = [game.spec.bots["heuristic"](game, s, seed) for s in range(players)]
        play(state, agents)
        hashes.append(state.state_hash())
    assert hashlib.sha256("".join(hashes).encode()).hexdigest()[:20] == digest
