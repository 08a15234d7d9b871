"""Batch simulation: seeded games by the thousand, summaries with confidence intervals."""

from .core import GameResult, play_one, run_games, summarize, wilson_interval

__all__ = ["GameResult", "play_one", "run_games", "summarize", "wilson_interval"]
