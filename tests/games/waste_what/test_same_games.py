"""Same games: seeded random playouts and heuristic-bot games end in pinned states.

The digests were taken before the legal-action lists and the bot were made faster; a speed-up must
leave every game as it was. When a rule or content change is intended, check the new games and update
the digests here.
"""

import hashlib

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot, play

CONFIGS = {
    "normal": ({"variant": "normal"}, "326d0630e95879a8c29d", "20eaf7f85455f4bbc89b"),
    "beginners": ({"variant": "beginners"}, "42274250812609227286", "d3443df3ad3adb2d431e"),
    "difficult": ({"variant": "difficult"}, "a320ec4b7dd6ea18a9b2", "1f90ec705945091a27c1"),
    "first_game": ({"variant": "normal", "first_game": True}, "aa722f083cfae8788358", "e1d4d45c90ee24210974"),
}


def _digest(options: dict, bot: str, games: int) -> str:
    game = load_game("waste_what", **options)
    hashes = []
    for seed in range(games):
        state = game.new_state(seed)
        if bot == "random":
            bots = [RandomBot(game, s, seed) for s in range(game.players)]
        else:
            bots = [game.spec.bots["heuristic"](game, s, seed) for s in range(game.players)]
        play(state, bots)
        hashes.append(state.state_hash())
    return hashlib.sha256("".join(hashes).encode()).hexdigest()[:20]


@pytest.mark.parametrize("config", CONFIGS)
def test_seeded_random_playouts_end_as_before(config):
    options, random_digest, _ = CONFIGS[config]
    assert _digest(options, "random", 30) == random_digest


@pytest.mark.parametrize("config", CONFIGS)
def test_seeded_heuristic_games_end_as_before(config):
    options, _, heuristic_digest = CONFIGS[config]
    assert _digest(options, "heuristic", 10) == heuristic_digest
