"""Seeded games whose end is pinned: the speed-ups of Farm detection, legal-action lists and log lines
must not change play. Each digest covers the final ``state_hash()`` (which leaves out the log, whose wording may change) of 30
seeded random playouts or 10 seeded heuristic-bot games, for every layout and several player counts.

When a rule or content change is intended, check the new games and update the values here (the
heuristic digests were recorded anew when a Compost token on a Water Catchment's Plot stopped
vanishing at its harvest, and again, with one random digest, when Bumper Harvest stopped collecting
Plots that were ready before it).
"""

import hashlib

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.runner import play


@pytest.mark.parametrize(
    "variant,players,bot,digest",
    [
        ("beginner", 1, "random", "c1d9e9434ee8003eb296"),
        ("beginner", 1, "heuristic", "245050710ba961a40219"),
        ("beginner", 2, "random", "bce6b6a7f26607cfbcd1"),
        ("beginner", 2, "heuristic", "3924f3b02d62b750c901"),
        ("beginner", 3, "random", "0b6108e0e408eb1137b1"),
        ("beginner", 3, "heuristic", "8eaf7c51387ec20d8a58"),
        ("beginner", 4, "random", "3f57fc64cf24e0cbde53"),
        ("beginner", 4, "heuristic", "4df7ea752c37ac8f1502"),
        ("beginner", 6, "random", "663c9e7429910db4df30"),
        ("beginner", 6, "heuristic", "9b2bbd315b2bcaf8725a"),
        ("advanced", 1, "random", "9131950380f0a5a036c1"),
        ("advanced", 1, "heuristic", "2a63f5a4250638f311a2"),
        ("advanced", 2, "random", "3d5bf0d63e39c63d0c79"),
        ("advanced", 2, "heuristic", "c7f6e435c88dc779331b"),
        ("advanced", 3, "random", "6de5d538b3954d623b69"),
        ("advanced", 3, "heuristic", "cd0c2e755ed5c0434aab"),
        ("advanced", 4, "random", "cae0257695a76a910406"),
        ("advanced", 4, "heuristic", "7605842b768d1474c495"),
        ("advanced", 6, "random", "f2421bbcd8cecb85a986"),
        ("advanced", 6, "heuristic", "eef0b446c3ad1e7d560a"),
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
