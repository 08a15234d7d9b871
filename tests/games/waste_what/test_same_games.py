"""Same games: seeded random playouts and heuristic-bot games end in pinned states.

The digests were taken before the legal-action lists and the bot were made faster; a speed-up must
leave every game as it was. They hash the state without the log (``State.state_hash``), whose wording
may change while the rules do not. When a rule or content change is intended, check the new games and update
the digests here.
"""

import hashlib

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot, play

CONFIGS = {
    "normal": ({"variant": "normal"}, "ecb8c89fc4745988fbc1", "39c9cc7604d12ceda477"),
    "beginners": ({"variant": "beginners"}, "77dbdae2b019ededdff3", "1c46f397ad5536453d75"),
    "difficult": ({"variant": "difficult"}, "5a4f68a45c16ff082ce2", "3710bda8188409c7aa07"),
    "first_game": ({"variant": "normal", "first_game": True}, "b7051cdad1cc671cc586", "cd70586899ff5bc94c7f"),
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
