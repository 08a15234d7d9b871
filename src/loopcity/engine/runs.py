"""Runs of many seeded games: the seed of each game and the 95% interval of a rate.

Shared by ``loopcity simulate`` (:mod:`loopcity.sim`) and the games' own balance studies (such as
``python -m loopcity.games.reclaim.balance``), so that both play the same games and quote their
rates alike."""

from __future__ import annotations

import math

from .rng import derive_seed


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: independent of how games are split among workers."""
    return derive_seed(base_seed, index) & 0x7FFF_FFFF_FFFF


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the interval holds p; min/max keep rounding at p = 0 or 1 from putting it a hair outside
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))
