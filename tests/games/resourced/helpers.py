"""Scenario helpers: ResourCEd positions (``loopcity.games.resourced.position``) built from a few
fields, and set up through the public door (``load_position``).

Seats and players are counted from 1, as in positions and actions.
"""

from __future__ import annotations

import tomllib
from typing import Any

from loopcity import load_game
from loopcity.engine import load_position
from loopcity.games.resourced.content import CONTENT_SPEC, RESOURCES
from loopcity.games.resourced.rules import ResourcedState

RING1 = {
    1: "food_forest",
    2: "community_garden",
    3: "heat_haven",
    4: "social_housing",
    5: "recycler",
    6: "heat_haven",
}
"""Ring 1 after Setup, with a Heat Haven in its last spot."""
START = {"food": 1, "water": 1}
"""Setup 8: each player's first hand."""
RING3_OPEN = {12: "social_housing", 13: "social_housing"}
"""Two Social Housing in Ring 2 (with Ring 1's, the three that open Ring 3), away from hexes 7-9."""


def position(
    players: int = 4,
    *,
    hands: dict[int, dict[str, int]] | None = None,
    empty_hands: bool = False,
    on: dict[int, int] | None = None,
    tiles: dict[int, str] | None = None,
    upgrades: dict[int, str] | None = None,
    waste: list[str] | tuple[str, ...] = (),
    skips: tuple[int, ...] = (),
    smoke: tuple[int, ...] = (),
    **fields: Any,
) -> dict[str, Any]:
    """A position in Round 1 after Setup: player 1 at the first Action of their turn on BGCS, having
    spun 2, and the Round ends after it. Every player stands on BGCS (``on``: {player: hex}) holding
    1 Food and 1 Water (nothing with ``empty_hands``; ``hands``: {player: cards}); ``tiles`` and
    ``upgrades`` ({hex: name}) are added to Ring 1's; ``waste`` is the Waste Pile, bottom first;
    ``skips`` and ``smoke`` name the players who skip their turn or move 1 less. Other ``fields``
    are the position's own (``phase``, ``turn``, ``still_to_come``, ``ring``, ...)."""
    hands = hands or {}
    on = on or {}
    seats = [
        {
            "tile": on.get(p, 0),
            "hand": hands.get(p, {} if empty_hands else START),
            "skips_turn": p in skips,
            "bushfire_smoke": p in smoke,
        }
        for p in range(1, players + 1)
    ]
    return {
        "game": "resourced",
        "players": players,
        "round": 1,
        "tiles": RING1 | (tiles or {}),
        "upgrades": upgrades or {},
        "waste_pile": list(waste),
        "seats": seats,
        "phase": "action",
        "turn": {"player": 1, "spin": 2, "moves": 2, "action": 1},
        "still_to_come": ["round_end"],
    } | fields


def load(pos: dict[str, Any], variant: str = "standard", seed: int = 0, **overrides: Any) -> ResourcedState:
    """Set up ``pos`` (``overrides`` change the content: ``{"rules.hand_limit": 9}``)."""
    game = load_game("resourced", players=pos["players"], variant=variant, overrides=overrides or None)
    st = load_position(pos | {"seed": seed}, game)
    assert isinstance(st, ResourcedState)
    return st


def turn(
    player: int = 1, tile: int = 0, moves: int = 2, variant: str = "standard", seed: int = 0, **kw: Any
) -> ResourcedState:
    """Player ``player`` at the first Action of their turn, standing on ``tile``, free to move
    ``moves`` Tiles; the Round ends after this turn. ``kw`` as for :func:`position`."""
    on = {player: tile} | kw.pop("on", {})
    fields = {"turn": {"player": player, "spin": moves, "moves": moves, "action": 1}} | kw
    return load(position(on=on, **fields), variant, seed)


def after_turn(
    steps: list[str], player: int | None = None, variant: str = "standard", seed: int = 0, **kw: Any
) -> ResourcedState:
    """Player ``player`` (the last one by default) ends their turn, and ``steps`` (of
    ``still_to_come``) follow: the state at the first decision after them. ``kw`` as for
    :func:`position`."""
    player = player or kw.get("players", 4)
    over = kw.pop("overrides", {})
    fields = {"phase": "end", "turn": {"player": player, "action": 2}, "still_to_come": steps} | kw
    st = load(position(**fields), variant, seed, **over)
    st.apply(player - 1, "end_turn")
    return st


def event_cards() -> list[dict[str, Any]]:
    """The Event cards of the content file (Appendix A)."""
    with open(CONTENT_SPEC.path, "rb") as f:
        return list(tomllib.load(f)["events"])


def only_event(*events: str) -> dict[str, Any]:
    """Content overrides under which every Event drawn is one of ``events`` (all Good or all Bad):
    their pile holds those cards alone, and the die always names that pile."""
    cards = event_cards()
    pile = [e for e in cards if e["id"] in events]
    good = pile[0]["good"]
    assert all(e["good"] == good for e in pile)
    other = next(e for e in cards if e["good"] != good)
    die = {"name": "Zero Waste", "min_waste": 0, "good_up_to": 6 if good else 0, "source": "rulebook"}
    return {"events": [*pile, other], "waste_conditions": [die]}


def strike(event: str, seed: int = 0, **kw: Any) -> ResourcedState:
    """The last player ends their turn, then ``event`` strikes and the first player's turn
    follows (the Round ends after it): the state at the first decision after the Event."""
    return after_turn(["event", "turn 1", "round_end"], seed=seed, overrides=only_event(event), **kw)


def legal(st: ResourcedState, seat: int | None = None) -> list[str]:
    """The legal actions' texts of ``seat`` (0-based; the first active seat by default)."""
    seat = st.active_seats()[0] if seat is None else seat
    return [str(a) for a in st.legal_actions(seat)]


def hand(st: ResourcedState, seat: int) -> dict[str, int]:
    """The cards in ``seat``'s hand (0-based), by Resource."""
    return {n: k for n, k in zip(RESOURCES, st.hands[seat], strict=True) if k}


def chance(st: ResourcedState, prefix: str) -> list[str]:
    """The chance lines of the log that start with ``prefix``."""
    return [text for _, kind, text, _ in st.log if kind == "chance" and text.startswith(prefix)]


def agree(st: ResourcedState, answer: str = "yes") -> None:
    """Every player still asked answers the question put to the table (``vote yes`` by default)."""
    while st.phase == "vote":
        st.apply(st.active_seats()[0], f"vote {answer}")


def decide(st: ResourcedState, action: str) -> None:
    """The player proposing now proposes ``action`` and the table agrees."""
    st.apply(st.active_seats()[0], action)
    agree(st)


def trade(st: ResourcedState, *cards: str, answer: str = "yes") -> None:
    """The player whose turn it is puts a trade together (``cards``: ``give 2 wood``, ``take 2
    metal``), offers it, and the partner answers."""
    seat = st.turn_seat
    for card in cards:
        st.apply(seat, card)
    st.apply(seat, "offer_trade")
    agree(st, answer)


def give_in_turn(st: ResourcedState, action: str, *, until: str = "") -> list[int]:
    """In a collection, the players give in turn order: each active player takes ``action`` (its
    words, ``{seat}`` the player from 1) while the collection lasts; returns who gave."""
    gave = []
    phase = st.phase
    while st.phase == phase and (not until or until not in legal(st)):
        seat = st.active_seats()[0]
        st.apply(seat, action.format(seat=seat + 1))
        gave.append(seat + 1)
    return gave
