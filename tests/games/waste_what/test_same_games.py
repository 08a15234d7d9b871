"""Same games: seeded random playouts and heuristic-bot games end in pinned states.

The digests were taken before the legal-action lists and the bot were made faster; a speed-up must
leave every game as it was. They hash the state without the log (``State.state_hash``), whose wording
may change while the rules do not. When a rule or content change is intended, check the new games and update
the digests here. Recorded anew when a combo not accepted gave its Skill cards back, and when its parts went back where they were
taken from (rulebook §6), and when the players began to act each on their own things, with offers, proposals
and readiness (rules version 2). The heuristic's digests were taken anew when its draft began to leave
the Creative Community to the second chooser in half the games (random playouts and dealt first games are
unchanged).
"""

import hashlib

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot, play

CONFIGS = {
    "normal": ({"variant": "normal"}, "16d6bd22e9783e0bbaae", "c76eec7ede9f0d2bf42f"),
    "beginners": ({"variant": "beginners"}, "172d7f8157815bf483ad", "6dc6eaa32bc465b49815"),
    "difficult": ({"variant": "difficult"}, "a3911b4e23417181c1a8", "c00194c6e2d22fe442f6"),
    "first_game": ({"variant": "normal", "first_game": True}, "4e1efd2987602f45bcd5", "82e8fdb44927e5139263"),
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
