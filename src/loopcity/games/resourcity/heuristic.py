"""The heuristic bot (placeholder replaced below)."""

from __future__ import annotations

from loopcity.engine import Action, Game, Rng, State


class HeuristicBot:
    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        return legal[self.rng.below(len(legal))]
