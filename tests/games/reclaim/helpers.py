"""Scenario set-ups through RECLAIM's position format (docs/games/reclaim.md, "Positions").

``table(...)`` is the table of a fresh game (the set-up, seed 1) written as a position, with a few
fields changed, set up again through ``load_position``: the way a facilitator sets up a situation, so
that every invariant is checked and everything derived (transport networks) is worked out anew.
"""

from __future__ import annotations

from typing import Any

from loopcity import load_game
from loopcity.engine import load_position, position_of
from loopcity.games.reclaim.board import ROLES

SEED = 1


def position(variant: str = "calm", seed: int = SEED, **options: Any) -> dict[str, Any]:
    """The position of a fresh game (its set-up) as a dict, header included."""
    game = load_game("reclaim", variant=variant, **options)
    return position_of(game.new_state(seed), seed=seed)


def table(
    variant: str = "calm",
    *,
    hexagons: dict[int, dict[str, Any]] | None = None,
    seats: dict[int, dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> Any:
    """A fresh game's table with ``fields`` of the position replaced, the fields of single
    ``hexagons`` (by id) and ``seats`` (0-based, as ``apply`` numbers them) changed, and set up.

    Giving a seat Infrastructure cards takes them out of the piles (the piles are then laid out from
    the cards nobody holds); ``cost_cards`` changes only the decisions named."""
    data = position(variant, **(options or {}))
    return load_position(changed(data, hexagons=hexagons, seats=seats, **fields))


def again(state: Any, **fields: Any) -> Any:
    """``state``'s position with some fields changed, set up again (``hexagons``/``seats`` as in
    :func:`table`)."""
    return load_position(changed(position_of(state, seed=SEED), **fields))


def changed(
    data: dict[str, Any],
    *,
    hexagons: dict[int, dict[str, Any]] | None = None,
    seats: dict[int, dict[str, Any]] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A copy of position ``data`` with the changes of :func:`table`."""
    data = {**data, "hexagons": {k: dict(v) for k, v in data["hexagons"].items()}}
    data["seats"] = [dict(s) for s in data["seats"]]
    for h, values in (hexagons or {}).items():
        data["hexagons"].setdefault(str(h), {}).update(values)
    for s, values in (seats or {}).items():
        data["seats"][s].update(values)
        if "cards" in values:
            data.pop("piles", None)
    if "cost_cards" in fields:
        fields["cost_cards"] = {**data["cost_cards"], **fields["cost_cards"]}
    return data | fields


def deck_with_top(card: str, variant: str = "standard") -> list[str]:
    """The Event deck of a fresh game with ``card`` moved to the top (the end of the list)."""
    deck = [e for e in position(variant)["event_deck"] if e != card]
    return [*deck, card]


def fixed_rolls(state: Any, *values: int) -> list[int]:
    """Make the state's dice show ``values`` in turn (a die face number 1..6)."""
    seq = list(values)

    def roll(sides: int) -> int:
        return seq.pop(0)

    state.die_value = roll
    return seq


def legal_texts(state: Any, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


def seat_of(state: Any, role: str) -> int:
    """The seat that holds ``role`` this round."""
    return int(state.seat_of_role(ROLES.index(role)))


def apply_build(state: Any, seat: int, text: str) -> None:
    """Apply a build; ``link <kind> <a> <b>`` is played as its two steps."""
    words = text.split()
    if words[0] == "link" and len(words) == 4:
        state.apply(seat, f"link {words[1]} {words[2]}")
        state.apply(seat, f"link_to {words[3]}")
    else:
        state.apply(seat, text)
