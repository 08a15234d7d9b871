"""Seeded games whose end is pinned: the speed-ups of Farm detection, legal-action lists and log lines
must not change play. Each digest covers the final ``state_hash()`` (which includes the log) of 30
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
        ("beginner", 1, "random", "bf3d318e51102d2d1f2c"),
        ("beginner", 1, "heuristic", "439a95a2e4d5c70507e5"),
        ("beginner", 2, "random", "f508c13a014d3cee795b"),
        ("beginner", 2, "heuristic", "7c65fea2ac24991394ad"),
        ("beginner", 3, "random", "13538d5803a4c5e248fc"),
        ("beginner", 3, "heuristic", "e80bcd062393cd74e0a0"),
        ("beginner", 4, "random", "9e088e56d1f02a2a9abf"),
        ("beginner", 4, "heuristic", "5ca778a41bdf28a1cfc8"),
        ("beginner", 6, "random", "b34a7847011fbdf3e090"),
        ("beginner", 6, "heuristic", "5fe04dea4c84dde4ab4a"),
        ("advanced", 1, "random", "62a19437024f271885d0"),
        ("advanced", 1, "heuristic", "b3ead46862d730eac5be"),
        ("advanced", 2, "random", "a4997c80b242121d2fe0"),
        ("advanced", 2, "heuristic", "8775db399ea458d2c992"),
        ("advanced", 3, "random", "60aa4d07f0a44c59e9cd"),
        ("advanced", 3, "heuristic", "dd5cce6c7dfcc2ed3c9d"),
        ("advanced", 4, "random", "34a21edf29fc0f974996"),
        ("advanced", 4, "heuristic", "0b78687156b938861bf1"),
        ("advanced", 6, "random", "725d5bb8cce4f4770393"),
        ("advanced", 6, "heuristic", "ffe5e861a401bd10a55d"),
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
