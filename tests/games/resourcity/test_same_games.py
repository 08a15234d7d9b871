"""Seeded games whose end is pinned: the speed-ups of Farm detection, legal-action lists and log lines
must not change play. Each digest covers the final ``state_hash()`` (which leaves out the log, whose wording may change) of 30
seeded random playouts or 10 seeded heuristic-bot games, for every layout and several player counts.

When a rule or content change is intended, check the new games and update the values here (the
heuristic digests were recorded anew when a Compost token on a Water Catchment's Plot stopped
vanishing at its harvest, and again, with one random digest, when Bumper Harvest stopped collecting
Plots that were ready before it; all of them when the table began deciding where the tokens start and
who starts first, and the Policy Maker began asking before moving another player's token; and all of
them when the reconstructed starting resources went from 20 to 23 each, see Balance targets).
"""

import hashlib

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.runner import play


@pytest.mark.parametrize(
    "variant,players,bot,digest",
    [
        ("beginner", 1, "random", "7a312d77ba9fabeecd56"),
        ("beginner", 1, "heuristic", "4c3198e1c4ae5c629242"),
        ("beginner", 2, "random", "dba931cd48de93ebbdbe"),
        ("beginner", 2, "heuristic", "9081fe6d10f9ba59662c"),
        ("beginner", 3, "random", "bed2cb8291b1a88d1675"),
        ("beginner", 3, "heuristic", "48a5f7fc85f48a5bd688"),
        ("beginner", 4, "random", "23860ae23b6f7a5548e5"),
        ("beginner", 4, "heuristic", "edb3a67a21e3618c289d"),
        ("beginner", 6, "random", "085a9115fed11865c853"),
        ("beginner", 6, "heuristic", "7a22bea47b4afa062cfb"),
        ("advanced", 1, "random", "94e30507284ae140ab27"),
        ("advanced", 1, "heuristic", "66df94893b3529a5a101"),
        ("advanced", 2, "random", "ff444b1dda51ab15a6d8"),
        ("advanced", 2, "heuristic", "f78c5f796d6195c817e7"),
        ("advanced", 3, "random", "4c5acf09fac53c6f0079"),
        ("advanced", 3, "heuristic", "f8f86b428f86146540fc"),
        ("advanced", 4, "random", "616848b84741b7198e72"),
        ("advanced", 4, "heuristic", "ccc44cadc55c30b39c2f"),
        ("advanced", 6, "random", "14d65c79b8d9f7e4720f"),
        ("advanced", 6, "heuristic", "ed2019b502073107458f"),
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
