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
declined, and the heuristic bots' games were checked to play out the same; the random digests when
tiles of one kind in a hand became one choice to Replace or Discard with: the heuristic digests
stayed the same).
"""

import hashlib

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.runner import play


@pytest.mark.parametrize(
    "variant,players,bot,digest",
    [
        ("beginner", 1, "random", "999b86151d02feb74561"),
        ("beginner", 1, "heuristic", "09ca0edc5778b47a234e"),
        ("beginner", 2, "random", "354b499bf1fd8523bf3f"),
        ("beginner", 2, "heuristic", "39cfd3c7fa01d0d0b75f"),
        ("beginner", 3, "random", "369b29c12787957061f2"),
        ("beginner", 3, "heuristic", "6663d36c189981b5bf92"),
        ("beginner", 4, "random", "0a4e410736780f28b1aa"),
        ("beginner", 4, "heuristic", "b22aa52c8691a26524cd"),
        ("beginner", 6, "random", "dd1df54ec05154d2fa4b"),
        ("beginner", 6, "heuristic", "41f1dfe9a15345430b6b"),
        ("advanced", 1, "random", "274d39db3bc3dd38aee4"),
        ("advanced", 1, "heuristic", "62976e3c111437fc5476"),
        ("advanced", 2, "random", "2d432075ca7651bdef16"),
        ("advanced", 2, "heuristic", "6b64ede785a9152c4d77"),
        ("advanced", 3, "random", "a69db2e2e1368d610f5e"),
        ("advanced", 3, "heuristic", "e7c83f33310ecaebeb02"),
        ("advanced", 4, "random", "507c8c6846376f81df48"),
        ("advanced", 4, "heuristic", "41e45183703ee0ac5d0e"),
        ("advanced", 6, "random", "5f5b673f8466918da7ce"),
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
