"""Helpers for SUSTAIN scenario tests: build a state, then set fields directly."""

from __future__ import annotations

from loopcity import load_game
from loopcity.games.sustain.rules import SustainState


def new(players: int = 3, variant: str = "first_game", seed: int = 0, **options) -> SustainState:
    """A new game with Departments dealt in order (seat 1 Urban Planning, seat 2 Mobility, ...)."""
    options.setdefault("deal", "in_order")
    game = load_game("sustain", players=players, variant=variant, **options)
    state = game.new_state(seed)
    assert isinstance(state, SustainState)
    return state


def investing(state: SustainState, seat: int = 0, coins: int = 10) -> SustainState:
    """Put the game in the investing step with ``seat`` to act and ``coins`` for everyone."""
    state.phase = "investing"
    state.passed = [False] * state.players
    state.turn = seat
    state.coins = [coins] * state.players
    state._legal = {}
    return state


def clear_map(state: SustainState) -> None:
    """An empty City Map (no preprinted buildings, nobody housed)."""
    state.cells = [None] * len(state.cells)
    state.people = [0] * len(state.people)


def pay(state: SustainState, seat: int, space: str, coins: int) -> None:
    """One investment action in its two steps: choose the space, then put ``coins`` on it."""
    state.apply(seat, space)
    state.apply(seat, f"coins {coins}")
