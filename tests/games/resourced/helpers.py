"""Scenario helpers: build a ResourCEd position and set its fields directly."""

from __future__ import annotations

from loopcity import load_game
from loopcity.games.resourced.content import RESOURCES
from loopcity.games.resourced.rules import ResourcedState


def new_game(players: int = 4, variant: str = "standard", seed: int = 1, sixth: str = "heat_haven"):
    """A game just after setup (the sixth Ring 1 tile chosen): Round 1's Upkeep is pending."""
    game = load_game("resourced", players=players, variant=variant)
    st = game.new_state(seed)
    assert isinstance(st, ResourcedState)
    st.apply(0, f"choose_sixth {sixth}")
    return st


def set_hand(st: ResourcedState, seat: int, **cards: int) -> None:
    """Give ``seat`` exactly these cards (others 0), moving cards between hand and bank."""
    for i, name in enumerate(RESOURCES):
        want = cards.get(name, 0)
        st.bank[i] += st.hands[seat][i] - want
        st.hands[seat][i] = want
        assert st.bank[i] >= 0


def empty_hands(st: ResourcedState) -> None:
    for s in range(st.players):
        set_hand(st, s)


def set_waste(st: ResourcedState, *names: str) -> None:
    """Make the Waste Pile exactly these cards (bottom first), taken from the bank."""
    for r in st.waste:
        st.bank[r] += 1
    st.waste = [RESOURCES.index(n) for n in names]
    for r in st.waste:
        st.bank[r] -= 1
        assert st.bank[r] >= 0


def start_turn(st: ResourcedState, seat: int = 0, cell: int = 0, moves: int = 2) -> ResourcedState:
    """Put ``st`` at the first Action of ``seat``'s turn on ``cell``; the Round ends after it."""
    st.queue = [("round_end",)]
    st._reset_turn(seat)
    st.pos[seat] = cell
    st.spin = moves
    st.moves = moves
    st.action_no = 1
    st.phase = "action"
    st.ctx = {}
    st._legal = {}
    return st


def place(st: ResourcedState, cell: int, tile: str, upgrade: str | None = None) -> None:
    st._put_tile(cell, tile)
    if upgrade:
        st._put_upgrade(cell, upgrade)
    st._legal = {}


def legal(st: ResourcedState, seat: int | None = None) -> list[str]:
    seat = st.active_seats()[0] if seat is None else seat
    return [str(a) for a in st.legal_actions(seat)]


def hand(st: ResourcedState, seat: int) -> dict[str, int]:
    return {n: k for n, k in zip(RESOURCES, st.hands[seat], strict=True) if k}
