"""Helpers for SUSTAIN scenario tests: situations set up through positions (``load_position``), from
a new game's position and a few fields changed. Every position passes the game's invariants."""

from __future__ import annotations

from typing import Any

from loopcity import load_game
from loopcity.engine import load_position, position_of
from loopcity.games.sustain.rules import SustainState


def new(players: int = 3, variant: str = "first_game", seed: int = 0, **options: Any) -> SustainState:
    """A new game with Departments dealt in order (seat 1 Urban Planning, seat 2 Mobility, ...)."""
    options.setdefault("deal", "in_order")
    game = load_game("sustain", players=players, variant=variant, **options)
    state = game.new_state(seed)
    assert isinstance(state, SustainState)
    return state


def again(state: SustainState, **fields: Any) -> SustainState:
    """``state``'s position with ``fields`` changed, set up through ``load_position``."""
    again = load_position(position_of(state) | fields, state.game)
    assert isinstance(again, SustainState)
    return again


def investing(state: SustainState, seat: int = 0, coins: int = 10, **fields: Any) -> SustainState:
    """``state`` in the investing step (nobody passed) with ``seat`` (0-based) to act and ``coins``
    Coins for everyone."""
    n = state.players
    return again(state, phase="investing", turn=seat + 1, coins=[coins] * n, passed=[], **fields)


def city_map(state: SustainState, buildings: dict[int, str], clear: bool = False) -> list[dict[str, Any]]:
    """The ``city_map`` field of ``state`` with ``buildings`` (cell number -> Building) drawn as well;
    ``clear``: on an empty City Map instead (no preprinted Buildings)."""
    labels = state.tables.geo.labels
    drawn = {} if clear else {c: (b, state.people[c]) for c, b in enumerate(state.cells) if b is not None}
    drawn |= {c: (b, 0) for c, b in buildings.items()}
    return [{"space": labels[c], "building": b, "people": p} for c, (b, p) in sorted(drawn.items())]


def full_housing(state: SustainState) -> list[dict[str, Any]]:
    """The ``city_map`` field of ``state`` with every Housing space taken."""
    labels, buildings = state.tables.geo.labels, state.tables.buildings
    return [
        {"space": labels[c], "building": b, "people": buildings[b].housing}
        for c, b in enumerate(state.cells)
        if b is not None
    ]


def event_deck(state: SustainState, *top: str, held: tuple[str, ...] = ()) -> dict[str, Any]:
    """Event fields with the cards ``top`` on top of the Event deck, in order, then the scenario's
    other cards but those ``held`` (in play or on the table): nothing discarded or drawn this year."""
    cards = state.tables.scenarios[state.scenario].events
    rest = [c for c in cards if c not in top and c not in held]
    return {"event_deck": [*top, *rest], "event_discard": [], "events_this_year": []}


def solution_at(state: SustainState, place: int, card: str, coins: int) -> dict[str, Any]:
    """Solution fields with ``card`` (and ``coins`` on it) at ``place`` (from 1) on the table; the
    card it replaces goes where ``card`` was (the deck or another place)."""
    table = [[c, k] for c, k in state.table]
    deck = list(state.sol_deck)
    old = table[place - 1][0]
    if card in deck:
        deck[deck.index(card)] = old
    else:
        other = next(e for e in table if e[0] == card)
        other[0] = old
    table[place - 1] = [card, coins]
    return {
        "solutions": [{"card": c, "coins": k} for c, k in table],
        "solution_deck": deck,
    }


def pay(state: SustainState, seat: int, space: str, coins: int) -> None:
    """One investment action in its two steps: choose the space, then put ``coins`` on it."""
    state.apply(seat, space)
    state.apply(seat, f"coins {coins}")
