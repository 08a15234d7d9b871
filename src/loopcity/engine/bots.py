"""The bot interface and the random bot. Bots are chosen by name through :mod:`loopcity.bots`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .actions import Action
from .rng import Rng, derive_seed

if TYPE_CHECKING:
    from .spec import Game
    from .state import State


class Bot(Protocol):
    """Anything that picks an action for a seat. A bot never changes the state it is given."""

    def choose(self, state: State[Any, Any], seat: int) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions; deterministic for a seed."""

    name = "random"

    def __init__(self, game: Game[Any, Any] | None = None, seat: int = 0, seed: int = 0) -> None:
        self.rng = Rng(derive_seed(seed, seat, "random"))

    def choose(self, state: State[Any, Any], seat: int) -> Action:
        legal = state.legal_actions(seat)
        return legal[self.rng.below(len(legal))]
