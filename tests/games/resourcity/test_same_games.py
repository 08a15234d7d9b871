"""Seeded games whose end is pinned: the speed-ups of Farm detection, legal-action lists and log lines
must not change play. Each digest covers the final ``state_hash()`` (which leaves out the log, whose wording may change) of 30
seeded random playouts or 10 seeded heuristic-bot games, for every layout and several player counts.

When a rule or content change is intended, check the new games and update the values here.
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
        ("beginner", 1, "heuristic", "6bf49f5c4c386e3e5758"),
        ("beginner", 2, "random", "bce6b6a7f26607cfbcd1"),
        ("beginner", 2, "heuristic", "20f4f656287284f46891"),
        ("beginner", 3, "random", "0b6108e0e408eb1137b1"),
        ("beginner", 3, "heuristic", "b8d32935f6472fd4bd86"),
        ("beginner", 4, "random", "3f57fc64cf24e0cbde53"),
        ("beginner", 4, "heuristic", "dfd467e3062b694e046f"),
        ("beginner", 6, "random", "663c9e7429910db4df30"),
        ("beginner", 6, "heuristic", "0d314238f5ba2f7cb8f3"),
        ("advanced", 1, "random", "9131950380f0a5a036c1"),
        ("advanced", 1, "heuristic", "2d205578a9b4a3f7218e"),
        ("advanced", 2, "random", "3d5bf0d63e39c63d0c79"),
        ("advanced", 2, "heuristic", "d9401cf5aca9b3de1bcc"),
        ("advanced", 3, "random", "6de5d538b3954d623b69"),
        ("advanced", 3, "heuristic", "e7f574a8974c658d9c71"),
        ("advanced", 4, "random", "cae0257695a76a910406"),
        ("advanced", 4, "heuristic", "26f3852587cdb4df43d3"),
        ("advanced", 6, "random", "d8596032d26226920993"),
        ("advanced", 6, "heuristic", "3e0ac8e190a8686797cf"),
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
