"""One runner plays a game to the end with a bot or a human per seat (terminal, web and simulation)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .actions import Action
from .bots import Bot
from .record import Record
from .state import State

OnMove = Callable[[int, Action, State[Any, Any]], None]


def next_seat(state: State[Any, Any]) -> int:
    """The seat the runner asks next: the lowest of the seats that may act now."""
    return state.active_seats()[0]


def play_step(
    state: State[Any, Any], agents: Mapping[int, Bot] | Sequence[Bot], record: Record | None = None
) -> tuple[int, Action]:
    """Ask the next seat's agent for an action and apply it; returns (seat, action)."""
    seat = next_seat(state)
    action = agents[seat].choose(state, seat)
    state.apply(seat, action)
    if record is not None:
        record.add(seat, action, state)
    return seat, action


def play(
    state: State[Any, Any],
    agents: Mapping[int, Bot] | Sequence[Bot],
    record: Record | None = None,
    on_move: OnMove | None = None,
    max_steps: int | None = None,
) -> State[Any, Any]:
    """Play ``state`` to the end in place; ``agents[seat]`` chooses for each seat."""
    limit = max_steps if max_steps is not None else state.game.spec.max_steps
    while not state.is_terminal():
        if state.step >= limit:
            raise RuntimeError(f"{state.game.id} did not end within {limit} steps")
        seat, action = play_step(state, agents, record)
        if on_move is not None:
            on_move(seat, action, state)
    return state
