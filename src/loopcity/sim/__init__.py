"""Batch simulation: seeded games by the thousand, summaries with confidence intervals, result
folders (Parquet), comparisons, HTML reports and benchmarks."""

from .core import GameResult, Tally, game_seed, play_one, run_games, summarize, wilson_interval
from .job import SimJob, make_job, parse_value
from .run import make_backend, run_job, simulate

__all__ = [
    "GameResult",
    "SimJob",
    "Tally",
    "game_seed",
    "make_backend",
    "make_job",
    "parse_value",
    "play_one",
    "run_games",
    "run_job",
    "simulate",
    "summarize",
    "wilson_interval",
]
