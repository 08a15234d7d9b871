"""Seeded games whose end is pinned: the speed-ups of Farm detection, legal-action lists and log lines
must not change play. Each digest covers the final ``state_hash()`` (which leaves out the log, whose wording may change) of 30
seeded random playouts or 10 seeded heuristic-bot games, for every layout and several player counts.

When a rule or content change is intended, check the new games and update the values here (the
heuristic digests were recorded anew when a Compost token on a Water Catchment's Plot stopped
vanishing at its harvest).
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
        ("beginner", 1, "heuristic", "4216b368331993882c95"),
        ("beginner", 2, "random", "bce6b6a7f26607cfbcd1"),
        ("beginner", 2, "heuristic", "ea3c9675234002294cfb"),
        ("beginner", 3, "random", "0b6108e0e408eb1137b1"),
        ("beginner", 3, "heuristic", "a7c9ba823403a11036ac"),
        ("beginner", 4, "random", "3f57fc64cf24e0cbde53"),
        ("beginner", 4, "heuristic", "f9041d7be06964bc2c60"),
        ("beginner", 6, "random", "663c9e7429910db4df30"),
        ("beginner", 6, "heuristic", "acdc4ce3d28210de5373"),
        ("advanced", 1, "random", "9131950380f0a5a036c1"),
        ("advanced", 1, "heuristic", "258c260d32b7c4edcfdb"),
        ("advanced", 2, "random", "3d5bf0d63e39c63d0c79"),
        ("advanced", 2, "heuristic", "1e9ff8b2da486d46df7c"),
        ("advanced", 3, "random", "6de5d538b3954d623b69"),
        ("advanced", 3, "heuristic", "b0742fa50a2e1bea6096"),
        ("advanced", 4, "random", "cae0257695a76a910406"),
        ("advanced", 4, "heuristic", "c72cec9a1846f1fbc621"),
        ("advanced", 6, "random", "d8596032d26226920993"),
        ("advanced", 6, "heuristic", "590ac50d5f91766c7671"),
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
