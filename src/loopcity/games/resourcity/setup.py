"""Setting up a game of Resourcity: layout, dealing, the grid, the draw deck with its Crisis tiles,
Superpowers and starting places (rulebook Steps 1-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import TILES
from .content import POWERS

if TYPE_CHECKING:
    from .rules import ResourcityState


def set_up(state: ResourcityState) -> None:
    """Steps 1-8: fixed tiles, deal hands, fill the grid, build the deck, deal Superpowers, place tokens."""
    c = state.content
    layout = state.tables.layouts[state.game.options["layout"]]
    for t, tile, rot in layout.fixed:
        state.grid_kind[t] = tile
        state.grid_rot[t] = rot
    pool = list(layout.pool)
    state.shuffle(pool, "the remaining tiles")
    huats = {h.id for h in c.huats}
    for seat in range(state.players):
        state.hands[seat] = _deal_hand(pool, huats, c.turn.hand_size)
    for t in range(TILES):
        if state.grid_kind[t] == "":
            state.grid_kind[t] = pool.pop()
            state.grid_rot[t] = state.chance_below(4, _DEALT_TO[t])
    _replace_grid_huats(state, pool, huats)
    _build_deck(state, pool)
    _deal_powers(state)
    centres = [t for t in range(TILES) if state.grid_kind[t] == "centre"]
    state.pos = [centres[s % len(centres)] for s in range(state.players)]


_DEALT_TO = tuple(f"rotation of the tile dealt to cell {t}" for t in range(TILES))


def _deal_hand(pool: list[str], huats: set[str], size: int) -> list[str]:
    """Deal face-up tiles; a Huat tile dealt to a hand goes back under the stack (it acts only when drawn)."""
    hand: list[str] = []
    while len(hand) < size:
        tile = pool.pop()
        if tile in huats:
            pool.insert(0, tile)
        else:
            hand.append(tile)
    return hand


def _replace_grid_huats(state: ResourcityState, pool: list[str], huats: set[str]) -> None:
    """Step 3: a Huat tile dealt onto the grid is swapped with the next road tile of the stack."""
    roads = state.tables.geo.roads - {"centre"}
    for t in range(TILES):
        if state.grid_kind[t] in huats:
            i = next(i for i in range(len(pool) - 1, -1, -1) if pool[i] in roads)  # the last road tile
            state.grid_kind[t], pool[i] = pool[i], state.grid_kind[t]


def _build_deck(state: ResourcityState, pool: list[str]) -> None:
    """Steps 5-6: choose Crisis tiles, slot one into each third of the deck, the last at the bottom."""
    crises = [e.id for e in state.content.crises]
    state.shuffle(crises, "the Crisis tiles")
    chosen = crises[: state.content.turn.crises_per_game]
    stacks_n = len(chosen) - 1
    sizes = [len(pool) // stacks_n + (1 if i < len(pool) % stacks_n else 0) for i in range(stacks_n)]
    deck = [chosen[-1]]
    sections = [1]
    start = 0
    for i, n in enumerate(sizes):
        stack = pool[start : start + n] + [chosen[i]]
        start += n
        state.shuffle(stack, f"draw-deck stack {i + 1} with its Crisis tile")
        deck += stack
        sections.insert(0, len(stack))
    state.deck = deck
    state.sections = sections


def _deal_powers(state: ResourcityState) -> None:
    """Step 7: shuffle the Superpower cards and deal one to each player."""
    cards = list(POWERS)
    state.shuffle(cards, "the Superpower cards")
    state.powers = cards[: state.players]
    for s, p in enumerate(state.powers):
        state.note(f"Seat {s + 1} is the {power_name(p)}", kind="chance")


def power_name(power: str) -> str:
    """The Superpower's card title."""
    return {"policymaker": "Policy Maker"}.get(power, power.capitalize())
