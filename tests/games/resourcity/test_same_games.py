"""Seeded games whose end is pinned: the speed-ups of Farm detection, legal-action lists and log lines
must not change play. Each digest covers the final ``state_hash()`` (which leaves out the log, whose wording may change) of 30
seeded random playouts or 10 seeded heuristic-bot games, for every layout and several player counts.

When a rule or content change is intended, check the new games and update the values here (the
heuristic digests were recorded anew when a Compost token on a Water Catchment's Plot stopped
vanishing at its harvest, and again, with one random digest, when Bumper Harvest stopped collecting
Plots that were ready before it; all of them when the table began deciding where the tokens start and
who starts first, and the Policy Maker began asking before moving another player's token; and all of
them when the reconstructed starting resources went from 20 to 23 each, see Balance targets; and all
of them when the Policy Maker stopped asking, as the card says: the state no longer keeps who
declined, and the heuristic bots' games were checked to play out the same).
"""

import hashlib

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.runner import play


@pytest.mark.parametrize(
    "variant,players,bot,digest",
    [
        ("beginner", 1, "random", "29a64c12070c1030df86"),
        ("beginner", 1, "heuristic", "09ca0edc5778b47a234e"),
        ("beginner", 2, "random", "b3d39e9d757e0fe53e04"),
        ("beginner", 2, "heuristic", "39cfd3c7fa01d0d0b75f"),
        ("beginner", 3, "random", "5a11c4d845b8cf1d9e30"),
        ("beginner", 3, "heuristic", "6663d36c189981b5bf92"),
        ("beginner", 4, "random", "cf1c5a858421edf0f268"),
        ("beginner", 4, "heuristic", "b22aa52c8691a26524cd"),
        ("beginner", 6, "random", "3581926cc15e611a6619"),
        ("beginner", 6, "heuristic", "41f1dfe9a15345430b6b"),
        ("advanced", 1, "random", "f0a108d1a5b3bebf75bf"),
        ("advanced", 1, "heuristic", "62976e3c111437fc5476"),
        ("advanced", 2, "random", "d57399e2d985842aa32d"),
        ("advanced", 2, "heuristic", "6b64ede785a9152c4d77"),
        ("advanced", 3, "random", "8f897b49777b06b0a2e4"),
        ("advanced", 3, "heuristic", "e7c83f33310ecaebeb02"),
        ("advanced", 4, "random", "feda99b9b57d51b809ce"),
        ("advanced", 4, "heuristic", "41e45183703ee0ac5d0e"),
        ("advanced", 6, "random", "b06bfb02c5bfc6966aab"),
        ("advanced", 6, "heuristic", "d767b7145d3e45216bbf"),
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
