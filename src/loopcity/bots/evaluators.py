"""Position values for the search, per game, for games whose GameSpec has no ``evaluate`` hook yet.

Each is ``value(state, seat) -> float`` in [-1, 1] on the scale of the final reward
(:func:`loopcity.bots.mcts.rewards`). They read the game's state through its public methods; a game
that supplies ``GameSpec.evaluate`` overrides its entry here (the better home for them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import State

Value = Callable[[State, int], float]


def sustain(state: Any, seat: int) -> float:
    """SUSTAIN: the seat's Department points over the leading Department's (the city survives
    heuristic play, so a cut playout is scored as a surviving city)."""
    scores = [state.department_score(d) for d in state.dept_of]
    best = max(scores)
    if best <= 0:
        return 0.5
    return max(0.0, scores[seat] / best)


VALUES: dict[str, Value] = {"sustain": sustain}
