"""Setting up a game of Resourcity: layout, dealing, the grid, the draw deck with its Crisis tiles,
Superpowers and starting places (rulebook Steps 1-8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .board import TILES
from .catalogue import _
from .content import POWERS
from .words import layout_name, power_title, seat_words

if TYPE_CHECKING:
    from .rules import ResourcityState


def set_up(state: ResourcityState) -> None:
    """Steps 1-7: fixed tiles, deal hands, fill the grid, build the deck, deal Superpowers. The
    tokens' places and the first player are the table's to decide (Steps 8-9, :mod:`.decide`)."""
    c = state.content
    layout = state.tables.layouts[state.game.options["layout"]]
    for t, tile, rot in layout.fixed:
        state.grid_kind[t] = tile
        state.grid_rot[t] = rot
    pool = list(layout.pool)
    _shuffle(state, pool, lambda: _("Step 2: the remaining tiles shuffled"))
    huats = {h.id for h in c.huats}
    for seat in range(state.players):
        state.hands[seat] = _deal_hand(pool, huats, c.turn.hand_size)
    laid = 0
    for t in range(TILES):
        if state.grid_kind[t] == "":
            state.grid_kind[t] = pool.pop()
            state.grid_rot[t] = state.rng.below(4)
            laid += 1
    state.note(
        lambda: _(
            "Step 3: {n} tiles laid face down at random to complete the grid, each turned at random, then flipped over."
        ).format(n=laid),
        kind="chance",
    )
    _replace_grid_huats(state, pool, huats)
    _build_deck(state, pool)
    _deal_powers(state)
    state.pos = [-1] * state.players
    layout_id, deck = c.layout(state.game.options["layout"]).id, len(state.deck)
    state.note(
        lambda: _(
            "Set-up: the {layout} layout; {tiles} tiles in each hand, face up; a draw deck of {deck} tiles with "
            "{crises} Crisis tiles, the last at the bottom. Now the table decides together where the "
            "tokens start and who starts first."
        ).format(
            layout=layout_name(layout_id),
            tiles=c.turn.hand_size,
            deck=deck,
            crises=c.turn.crises_per_game,
        )
    )


def _shuffle(state: ResourcityState, items: list[Any], said: Callable[[], str]) -> None:
    """Shuffle in place, as the engine's ``State.shuffle`` does (the same draws, a chance line in the
    log that never tells the order), with the line worded in each language of the log."""
    state.rng.shuffle(items)
    state.note(said, kind="chance")


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
    _shuffle(state, crises, lambda: _("Step 5: the Crisis tiles shuffled"))
    chosen = crises[: state.content.turn.crises_per_game]
    stacks_n = len(chosen) - 1
    sizes = [len(pool) // stacks_n + (1 if i < len(pool) % stacks_n else 0) for i in range(stacks_n)]
    deck = [chosen[-1]]
    sections = [1]
    start = 0
    for i, n in enumerate(sizes):
        stack = pool[start : start + n] + [chosen[i]]
        start += n
        _shuffle(state, stack, _stack_shuffled(i + 1))
        deck += stack
        sections.insert(0, len(stack))
    state.deck = deck
    state.sections = sections


def _stack_shuffled(n: int) -> Callable[[], str]:
    return lambda: _("Step 6: draw-deck stack {n} with its Crisis tile shuffled").format(n=n)


def _deal_powers(state: ResourcityState) -> None:
    """Step 7: shuffle the Superpower cards and deal one to each player."""
    cards = list(POWERS)
    _shuffle(state, cards, lambda: _("Step 7: the Superpower cards shuffled"))
    powers = state.powers = cards[: state.players]

    def dealt() -> str:
        seats = ", ".join(seat_words(powers, s) for s in range(len(powers)))
        return _("Step 7: Superpower cards dealt: {dealt}.").format(dealt=seats)

    state.note(dealt)


def power_name(power: str) -> str:
    """The Superpower's card title."""
    return power_title(power)
