"""Placeholder heuristic bot (replaced below)."""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action, Rng, derive_seed


class HeuristicBot:
    def __init__(self, game: Any, seat: int, seed: int) -> None:
        self.rng = Rng(derive_seed(seed, seat, "resourced-heuristic"))

    def choose(self, state: Any, seat: int) -> Action:
        legal = state.legal_actions(seat)
        return legal[self.rng.below(len(legal))]
