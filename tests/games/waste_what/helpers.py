"""Scenario helpers: set up a Waste What? situation through its position format.

Every scenario starts from a real game (``new_game``), takes its position, changes a few fields (the
named cards moved to where the scenario wants them, the skills, the event...) and sets the position up
again with ``load_position``, which checks every invariant: a scenario can only be a possible one.
"""

from __future__ import annotations

from typing import Any

from loopcity import load_game
from loopcity.engine import Action, Rng, load_position
from loopcity.games.waste_what.content import SKILL_ORDER
from loopcity.games.waste_what.rules import WasteWhatState
from loopcity.games.waste_what.together import needs_consent

CardName = str | int
"""A card by its name (a Waste or Just Waste card) or its number (any card, Combo cards too)."""


def new_game(variant: str = "normal", seed: int = 0, **options: Any) -> WasteWhatState:
    """A game right after setup (skills dealt at random, round 1 drawn)."""
    state = load_game("waste_what", variant=variant, first_game=True, **options).new_state(seed)
    assert isinstance(state, WasteWhatState)
    return state


def card(state: WasteWhatState, name: CardName) -> int:
    """The number of the card with this name (a number stays as it is)."""
    return name if isinstance(name, int) else state.tables.name.index(name)


def fields_of(state: WasteWhatState) -> dict[str, Any]:
    """The state's position as plain data (what a position file holds)."""
    return state.position().model_dump(mode="json")


def load(state: WasteWhatState, fields: dict[str, Any], seed: int = 0) -> WasteWhatState:
    """Set up the position ``fields`` in ``state``'s game; ``seed`` drives the chance draws that follow."""
    again = load_position({**fields, "seed": seed}, state.game)
    assert isinstance(again, WasteWhatState)
    return again


def edit(state: WasteWhatState, seed: int = 0, **changes: Any) -> WasteWhatState:
    """``state`` with some position fields replaced (a player's space merges: ``p1={"cash": 0}``)."""
    fields = fields_of(state)
    for key, value in changes.items():
        if key in ("p1", "p2"):
            fields[key] = {**fields[key], **value}
        else:
            fields[key] = value
    return load(state, fields, seed)


_PILES = ("deck", "table", "recycle_bin", "sell", "donate", "burn", "removed")


def _lift(fields: dict[str, Any], c: int) -> None:
    """Take card ``c`` from wherever it lies in the position."""
    piles = [fields[p] for p in _PILES] + [fields["p1"]["storage"], fields["p2"]["storage"]]
    for pile in piles:
        if c in pile:
            pile.remove(c)
            return
    raise AssertionError(f"card {c} is not in a pile a scenario can take it from")


def position(
    state: WasteWhatState,
    table: list[CardName] | None = None,
    storage: tuple[list[CardName], list[CardName]] = ([], []),
    skills: dict[str, tuple[int, int]] | None = None,
    event: str | None = None,
    seed: int = 0,
    **piles: list[CardName],
) -> WasteWhatState:
    """``state`` with the named cards on the table (the rest of the table back into the deck) and in
    each Storage (from an earlier round), other cards on the piles named in ``piles`` (``sell``,
    ``burn``...), skills given as {skill: (seat, level)} (the one Skill card missing is the removed
    one), and this round's Event (taken out of the Event deck)."""
    fields = fields_of(state)
    if table is not None:
        fields["deck"] += fields["table"]
        fields["table"] = []
    places = [("table", table or []), *piles.items()]
    for name, cards in places:
        for c in cards:
            _lift(fields, card(state, c))
            fields[name].append(card(state, c))
    for space, cards in zip(("p1", "p2"), storage, strict=True):
        for c in cards:
            _lift(fields, card(state, c))
            fields[space]["storage"].append(card(state, c))
    if skills is not None:
        _give_skills(fields, skills)
    fields["event"] = event
    fields["event_deck"] = [e for e in fields["event_deck"] if e != event]
    fields["pending"] = None
    return load(state, fields, seed)


def _give_skills(fields: dict[str, Any], skills: dict[str, tuple[int, int]]) -> None:
    for seat, space in enumerate(("p1", "p2")):
        fields[space]["skills"] = {s: lvl for s, (owner, lvl) in skills.items() if owner == seat}
    missing = [s for s in SKILL_ORDER if s not in skills]
    assert len(missing) == 1, f"six Skill cards are in play, one is removed; missing: {missing}"
    fields["removed_skill"] = missing[0]


def with_roll(state: WasteWhatState, value: int) -> WasteWhatState:
    """``state`` set up again with a seed whose next die roll gives ``value``."""
    seed = next(s for s in range(10_000) if Rng(s).randint(1, 6) == value)
    return load(state, fields_of(state), seed)


def legal(state: WasteWhatState, seat: int = 0) -> set[str]:
    """The legal actions of a seat as text."""
    return {str(a) for a in state.legal_actions(seat)}


def act(state: WasteWhatState, text: str) -> int:
    """Play ``text`` as the player whose own things it uses (so that it needs nobody's consent);
    returns that seat."""
    action = Action.parse(text)
    seats = [s for s in state.active_seats() if not needs_consent(state, s, action)]
    seat = seats[0] if seats else state.active_seats()[0]
    state.apply(seat, action)
    return seat


def agreed(state: WasteWhatState, text: str, by: int = 0) -> None:
    """``by`` proposes or offers ``text`` and the partner accepts."""
    state.apply(by, text)
    state.apply(1 - by, "vote yes")


def end_round(state: WasteWhatState) -> None:
    """Both players say they are done (each one still at work, in seat order): the round ends."""
    for seat in state.active_seats():
        state.apply(seat, "end_round")
