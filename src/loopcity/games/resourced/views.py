"""What a seat sees. ResourCEd has no secrets: hands, the Waste Pile and the board are on the table.

The view carries what the panels, the stage and the board are drawn from (:mod:`.panels`,
:mod:`.render`), its words in the reader's language (names, the Event's text, the Waste Condition,
the prompt): the table's numbers, each player's hand and tile, this Round's Event with its text
and die, the collection, trade or question in progress (``decision``, as the engine's
:func:`~loopcity.engine.table.ballot_view`), and the prompt of the seat viewing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.engine.table import ballot_view
from loopcity.engine.text import _

from .board import COORDS, RING
from .content import RESOURCES
from .table import COLLECTIONS, OWN_PHASES, TURN_PHASES
from .texts import deal_text, worded
from .words import named, resource

if TYPE_CHECKING:
    from .rules import ResourcedState


def _collection(state: ResourcedState) -> dict[str, Any] | None:
    """The cards the players are giving together, if a collection is in progress."""
    if state.phase not in COLLECTIONS or "seat" in state.ctx:
        return None
    ctx = state.ctx
    out: dict[str, Any] = {
        "phase": state.phase,
        "left": ctx["left"],
        "resource": RESOURCES[ctx["res"]] if "res" in ctx else None,
        "done": sorted(ctx["done"]),
        "givers": list(state.givers()),
    }
    if state.phase == "fix":
        out["pledged"] = list(ctx["pledged"])
        out["fix"] = state.fix_name()
    return out


def _trade(state: ResourcedState) -> dict[str, Any] | None:
    """The trade being put together or offered."""
    deal = state.deal
    if deal is None:
        return None
    return {
        "by": state.turn_seat,
        "with": deal["with"],
        "give": dict(zip(RESOURCES, deal["give"], strict=True)),
        "take": dict(zip(RESOURCES, deal["take"], strict=True)),
        "offered": state.phase == "vote",
        "text": deal_text(state, state.turn_seat),
    }


def _event(state: ResourcedState) -> dict[str, Any]:
    """This Round's Event: the die, the card and its text (empty before the die is rolled)."""
    t = state.tables
    event = state.event
    return {
        "event": event,
        "event_name": _(t.event_name[event]) if event else "",
        "event_text": _(t.event_text[event]) if event else "",
        "event_good": event in t.good_events,
        "event_die": state.event_die,
        "event_odds": state.event_odds,
        "event_roll": state.event_roll,
    }


def build_view(state: ResourcedState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``seat`` (None: a spectator)."""
    t = state.tables
    n = state.players
    waste = len(state.waste)
    good_up_to, condition = t.waste_condition(waste)
    names = [state.seat_name(s) for s in range(n)]
    view = {
        "game": "resourced",
        "you": seat,
        "round": state.round,
        "max_rounds": state.max_rounds,
        "variant": "alternate" if state.alternate else "standard",
        "ring": state.ring,
        "phase": state.phase,
        "prompt": state.prompt(seat),
        "active_seats": list(state.active_seats()),
        "seat_names": names,
        "table_decision": state.phase not in TURN_PHASES and state.phase not in OWN_PHASES,
        "in_turn": state.phase in TURN_PHASES,
        "turn_seat": state.turn_seat,
        "spin": state.spin,
        "moves": state.moves,
        "action_no": state.action_no,
        "traded": state.traded,
        "trade_limit": state.trade_limit(),
        "hand_limit": state.hand_limit(),
        "cells": [
            {"cell": c, "q": q, "r": r, "ring": RING[c], "tile": state.tiles[c], "upgrade": state.upgrades[c]}
            for c, (q, r) in enumerate(COORDS)
        ],
        "players": [
            {
                "seat": s,
                "name": names[s],
                "cell": state.pos[s],
                "hand": dict(zip(RESOURCES, state.hands[s], strict=True)),
                "cards": sum(state.hands[s]),
                "skips_turn": state.skip[s],
                "smoke": state.smoke[s],
            }
            for s in range(n)
        ],
        "bank": dict(zip(RESOURCES, state.bank, strict=True)),
        "waste": waste,
        "waste_pile": [RESOURCES[r] for r in state.waste],
        "max_waste": t.rules.max_waste,
        "waste_condition": _(condition),
        "good_up_to": good_up_to,
        "waste_level": sum(1 for low, _, _ in t.conditions if waste >= low) - 1,
        "waste_levels": len(t.conditions),
        "social_housing": state.social_housing(),
        "housing_needed": t.rules.housing_to_open_ring3 if state.ring == 2 else t.rules.housing_to_win,
        "ring_housing": state.housing_in(state.ring),
        "ring_housing_needed": state.housing_needed(state.ring),
        "composter_built": state.has_composter(),
        **_event(state),
        "collection": _collection(state),
        "trade": _trade(state),
        "decision": None if state.ballot is None else ballot_view(worded(state, state.ballot), names),
        "names": {key: named(t, key) for key in t.name},
        "resource_names": {name: resource(r) for r, name in enumerate(RESOURCES)},
        "result": state.result,
        "won": state.won,
    }
    return view


def seat_view(state: ResourcedState, seat: int) -> dict[str, Any]:
    """A seat's own part of its view (:attr:`loopcity.engine.GameSpec.seat_view`): which seat is
    looking and what it is asked."""
    return {"you": seat, "prompt": state.prompt(seat)}
