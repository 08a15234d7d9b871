"""One runner plays a game to the end with a bot or a human per seat (terminal, web and simulation)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from .actions import Action
from .bots import Bot
from .clocks import MoveClock
from .record import Record
from .state import State
from .table import VOTE

OnMove = Callable[[int, Action, State[Any, Any]], None]


def next_seat(state: State[Any, Any]) -> int:
    """The seat the runner asks next: the lowest of the seats that may act now."""
    return state.active_seats()[0]


def waits_for_people(state: State[Any, Any], seat: int, action: Action, people: Collection[int]) -> bool:
    """Whether a bot in ``seat`` holds ``action`` for now: it says the bot is done in a shared phase
    (a kind declared ``ready``) while a person at the table still has something to decide, or it
    answers the table's question (the engine's ``vote``) while a person asked the same question has
    not answered yet. A bot acts on its own things and waits for the people; it never ends a shared
    phase under them, and a person always has their say before the bots settle a question."""
    others = [p for p in people if p != seat]
    if not others:
        return False
    if action.kind == VOTE.name:
        decision = state.view(None).get("decision")
        return isinstance(decision, dict) and any(p in others for p in decision.get("waiting", ()))
    if action.kind not in state.game.spec.action_space.ready:
        return False
    return any(p in others for p in state.active_seats())


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
    clocks: bool = True,
) -> State[Any, Any]:
    """Play ``state`` to the end in place; ``agents[seat]`` chooses for each seat.

    A game's wall clocks (RECLAIM's event timer) ring by moves (:class:`~loopcity.engine.clocks.MoveClock`);
    ``clocks=False`` lets none ring."""
    limit = max_steps if max_steps is not None else state.game.spec.max_steps
    clock = MoveClock(state.game) if clocks and state.game.clocks else None
    while not state.is_terminal():
        if state.step >= limit:
            raise RuntimeError(f"{state.game.id} did not end within {limit} steps")
        rang = clock.ring(state) if clock is not None else None
        if rang is not None:
            seat, action = rang
            if record is not None:
                record.add(seat, action, state)
        else:  # play_step, inlined: a Python call less in every step of every simulated game
            seat = state.active_seats()[0]
            if seat not in state._legal:  # the game goes on and the seat may act: its legal actions,
                state._legal_for(seat)  # which every step works out (to choose or to check), asked once
            action = agents[seat].choose(state, seat)
            state.apply(seat, action)
            if record is not None:
                record.add(seat, action, state)
        if on_move is not None:
            on_move(seat, action, state)
    return state
