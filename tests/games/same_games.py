"""The digest of seeded games' final state hashes, which each game's ``test_same_games.py`` pins: a
change meant to keep the rules must end every game in the same state."""

from __future__ import annotations

import hashlib

from loopcity import load_game
from loopcity.bots import make_bot
from loopcity.engine import RandomBot, play


def final_hashes_digest(game_id: str, variant: str, bot: str, games: int) -> str:
    """Seeds 0..games-1 of ``game_id``'s ``variant``, every seat played by ``bot``: a digest of the
    final state hashes."""
    game = load_game(game_id, variant=variant)
    hashes = []
    for seed in range(games):
        st = game.new_state(seed)
        if bot == "random":
            agents = [RandomBot(game, s, seed) for s in range(game.players)]
        else:
            agents = [make_bot(bot, game, s, seed) for s in range(game.players)]
        play(st, agents)
        hashes.append(st.state_hash())
    return hashlib.sha256(" ".join(hashes).encode()).hexdigest()[:16]
