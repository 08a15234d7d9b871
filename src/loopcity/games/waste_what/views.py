"""What a seat of Waste What? may see: everything on the table, never the deck orders.

Waste What? is cooperative and almost everything is face up: the waste on the table, both players'
Skill cards, Storage and Cash Boxes, the slots, the incinerator and the current Event. Hidden are the
order of the Waste and Event decks and the Skill card removed at setup (never shown, though the six
on offer make it deducible). The log is not part of a view: front ends show it beside the table.
"""

from __future__ import annotations

from typing import Any

from .base import WasteWhatBase
from .content import SKILL_ORDER


def card_view(state: WasteWhatBase, card: int) -> dict[str, Any]:
    """One face-up card: id, name, category, complexity (this round), recycling rule."""
    t = state.tables
    combo = state.combos.get(card)
    if combo is not None:
        recycle = "no"
    elif not t.recyclable[card]:
        recycle = "no"
    else:
        cost = t.recycle_cost[card]
        recycle = f"costs {cost}" if cost else "free"
    return {
        "id": card,
        "name": state.card_name(card),
        "category": state.category(card) or "just waste",
        "complexity": state.complexity(card) if state.category(card) else 0,
        "recycle": recycle,
        "combo": combo is not None,
        "stored_this_round": card in state.fresh,
    }


def _player(state: WasteWhatBase, p: int) -> dict[str, Any]:
    skills = [
        {
            "id": s,
            "name": state.skill_name(s),
            "level": state.level[s],
            "used": s in state.used,
        }
        for s in SKILL_ORDER
        if state.owner.get(s) == p
    ]
    return {
        "name": f"P{p + 1}",
        "cash": state.cash[p],
        "skills": skills,
        "storage": [card_view(state, c) for c in state.storage[p]],
        "rent_due": state.rent_due(p),
    }


def _work(state: WasteWhatBase) -> dict[str, Any] | None:
    work = state.work
    if work is None:
        return None
    return {
        "kind": work["kind"],
        "cards": [card_view(state, c) for c in work["cards"]],
        "skills": list(work.get("skills", [])),
    }


def make_view(state: WasteWhatBase, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``seat`` (None: a spectator); the same public table for everyone."""
    rules = state.rules()
    ev = state.event_card()
    outcome = state.outcome()
    return {
        "game": "waste_what",
        "seat": seat,
        "round": state.round,
        "rounds": rules.rounds,
        "phase": state.phase,
        "active_seats": list(state.active_seats()),
        "combos_allowed": bool(state.game.options["combos"]),
        "max_level": rules.max_skill_level,
        "draft_pool": [{"id": s, "name": state.skill_name(s)} for s in state.draft_pool],
        "draft_turn": state.draft_turn,
        "players": [_player(state, p) for p in range(state.players)],
        "table": [card_view(state, c) for c in state.table],
        "work": _work(state),
        "pending": state.pending,
        "sell": [card_view(state, c) for c in state.sell],
        "donate": [card_view(state, c) for c in state.donate],
        "sell_slots": rules.sell_slots,
        "donate_slots": rules.donate_slots,
        "sell_money": state.sell_money,
        "burn": [card_view(state, c) for c in state.burn],
        "burn_slots": rules.burn_slots,
        "co2_released": state.co2,
        "co2_tokens": rules.co2_tokens,
        "recycle_bin": [card_view(state, c) for c in state.bin],
        "bank": state.bank,
        "deck_count": len(state.deck),
        "removed_count": len(state.removed),
        "blank_combos": len(state.blanks),
        "event": None if ev is None else {"name": ev.name, "text": ev.text},
        "events_left": len(state.event_deck),
        "reused": state.reused,
        "result": None if outcome is None else outcome.to_json(),
    }
