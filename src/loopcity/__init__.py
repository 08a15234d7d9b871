"""Loopcity: play, teach with and study serious games about the circular economy."""

from .engine import list_games, load_game, load_snapshot

__all__ = ["list_games", "load_game", "load_snapshot"]
__version__ = "0.1.0"
