"""Scenario helpers: build a Waste What? position, then set fields directly."""

from __future__ import annotations

from loopcity import load_game
from loopcity.games.waste_what.rules import WasteWhatState


def new_game(variant: str = "normal", seed: int = 0, **options) -> WasteWhatState:
    """A game right after setup (skills dealt at random, round 1 drawn)."""
    state = load_game("waste_what", variant=variant, first_game=True, **options).new_state(seed)
    assert isinstance(state, WasteWhatState)
    return state


def card(state: WasteWhatState, name: str) -> int:
    """The id of the card with this name."""
    return state.tables.name.index(name)


def _lift(state: WasteWhatState, c: int) -> None:
    for place in (
        state.deck,
        state.table,
        state.bin,
        state.sell,
        state.donate,
        state.burn,
        state.removed,
        state.box,
        *state.storage,
    ):
        if c in place:
            place.remove(c)
            return
    raise AssertionError(f"card {c} not found")


def position(
    state: WasteWhatState,
    table: list[str] = (),
    storage: tuple[list[str], list[str]] = ((), ()),
    skills: dict[str, tuple[int, int]] | None = None,
    event: str | None = None,
) -> WasteWhatState:
    """Put the named cards on the table / in storage (the rest of the table back to the deck), give
    skills as {skill: (seat, level)} and set this round's event."""
    state.deck.extend(state.table)
    state.table.clear()
    for name in table:
        c = card(state, name)
        _lift(state, c)
        state.table.append(c)
    for p, names in enumerate(storage):
        for name in names:
            c = card(state, name)
            _lift(state, c)
            state.storage[p].append(c)
    if skills is not None:
        state.owner = {s: seat for s, (seat, _) in skills.items()}
        state.level = {s: lvl for s, (_, lvl) in skills.items()}
        all_skills = ["textile", "furniture", "bikes", "food", "construction", "electronics", "creative"]
        state.removed_skill = next(s for s in all_skills if s not in skills)
    state.event = event
    state.pending = None
    state._legal = {}
    state.check_invariants()
    return state


def legal(state: WasteWhatState, seat: int = 0) -> set[str]:
    """The legal actions of a seat as text."""
    return {str(a) for a in state.legal_actions(seat)}
