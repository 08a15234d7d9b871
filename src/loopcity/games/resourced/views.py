"""What a seat sees. ResourCEd has no secrets: hands, the Waste Pile and the board are on the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import COORDS, RING
from .content import RESOURCES
from .table import OWN_PHASES, TURN_PHASES, Phase

if TYPE_CHECKING:
    from .rules import ResourcedState

PROMPTS: dict[Phase, str] = {
    "setup": "Setup: choose the tile for the last spot of Ring 1",
    "upkeep_waste": "Social Housing Upkeep: choose the cards Wasted from the Resource Bank",
    "supply": "Social Housing Upkeep: who sources the {res}?",
    "penalty": "Social Housing Upkeep: Waste one card for each Food or Water missed",
    "carya": "Join CARYA: choose a Resource Tile for a free Upgrade",
    "fix_choice": "{event}: fix it, or let it go?",
    "pay": "Who pays the {res}?",
    "heat_choice": "Heat Wave: Use one Food or one Water",
    "remove": "Vandalism: choose the Shipping Container to remove",
    "cat": "Propurrrty Damage: choose a player to Waste a card",
    "cat_discard": "Propurrrty Damage: Waste a card of your choice",
    "action": "Action {action_no}: Gather, Craft or Operate (trading allowed)",
    "any": "BGCS: choose the next Resource",
    "move": "Move up to {moves} tiles (trading allowed)",
    "place": "Place the {item}",
    "shop": "Shopping Center: get cards from the bank (then Waste as many)",
    "shop_waste": "Shopping Center: Waste cards from the bank",
    "end": "End your turn (trading allowed)",
    "discard": "Waste cards down to the hand limit of {hand_limit}",
    "over": "The game is over",
}


def _prompt(state: ResourcedState) -> str:
    ctx = state.ctx
    t = state.tables
    words = {
        "res": RESOURCES[ctx["res"]] if "res" in ctx else "",
        "event": t.event_name.get(state.event, ""),
        "action_no": state.action_no,
        "moves": state.moves,
        "item": t.name.get(ctx.get("item", ""), ""),
        "hand_limit": state.hand_limit(),
    }
    return PROMPTS.get(state.phase, state.phase).format(**words)


def build_view(state: ResourcedState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``seat`` (None: a spectator)."""
    t = state.tables
    n = state.players
    return {
        "game": "resourced",
        "you": seat,
        "round": state.round,
        "max_rounds": state.max_rounds,
        "variant": "alternate" if state.alternate else "standard",
        "ring": state.ring,
        "phase": state.phase,
        "prompt": _prompt(state),
        "active_seats": list(state.active_seats()),
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
                "cell": state.pos[s],
                "hand": dict(zip(RESOURCES, state.hands[s], strict=True)),
                "cards": sum(state.hands[s]),
                "skips_turn": state.skip[s],
                "smoke": state.smoke[s],
            }
            for s in range(n)
        ],
        "bank": dict(zip(RESOURCES, state.bank, strict=True)),
        "waste": len(state.waste),
        "waste_pile": [RESOURCES[r] for r in state.waste],
        "max_waste": t.rules.max_waste,
        "waste_condition": t.waste_condition(len(state.waste))[1],
        "waste_level": sum(1 for low, _, _ in t.conditions if len(state.waste) >= low) - 1,
        "waste_levels": len(t.conditions),
        "social_housing": state.social_housing(),
        "housing_needed": t.rules.housing_to_open_ring3 if state.ring == 2 else t.rules.housing_to_win,
        "ring_housing": state.housing_in(state.ring),
        "ring_housing_needed": state.housing_needed(state.ring),
        "composter_built": state.has_composter(),
        "event": t.event_name.get(state.event, ""),
        "names": dict(t.name),
        "result": state.result,
        "won": state.won,
    }
