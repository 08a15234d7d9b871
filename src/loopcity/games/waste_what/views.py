"""What a seat of Waste What? may see: everything on the table, never the deck orders.

Waste What? is cooperative and almost everything is face up: the waste on the table, both players'
Skill cards, Storage and Cash Boxes, the slots, the incinerator and the current Event. Hidden are the
order of the Waste and Event decks and the Skill card removed at setup (never shown, though the six
on offer make it deducible). The log is not part of a view: front ends show it beside the table.

The words of a view (names of cards, skills and the Event, their texts) are in the reader's language;
ids, categories and numbers are the rules' own.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine.table import ballot_view
from loopcity.engine.text import _

from .base import WasteWhatBase
from .content import SKILL_ORDER
from .texts import chosen_words, worded_ballot
from .words import card_text, combo_title, player, recycling


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
        "text": card_text(state, card),
        "recycling": recycling(state, card),
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
        "name": player(p),
        "done": state.done[p],
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
        "skill_names": [state.skill_name(k) for k in work.get("skills", [])],
        "by": work["by"],
        "by_name": player(work["by"]),
    }


def _decision(state: WasteWhatBase) -> dict[str, Any] | None:
    """The offer or proposal waiting for an answer, in words (see :func:`loopcity.engine.table.ballot_view`)."""
    if state.ballot is None:
        return None
    names = [player(p) for p in range(state.players)]
    view = ballot_view(worded_ballot(state), names)
    view["action"] = state.ballot["data"]["action"]
    view["asked_name"] = names[state.ballot["asked"][0]]
    return view


def _staged(state: WasteWhatBase) -> list[dict[str, Any]]:
    """What happened on stage this round; a die that decided between two proposals says, in words,
    which proposal it chose."""
    out = []
    for note in state.staged:
        entry: dict[str, Any] = dict(note)
        entry["said"] = chosen_words(state, note["text"]) if note["kind"] == "tie" else ""
        if note["kind"] == "combo" and note["accepted"]:
            entry["text"] = combo_title(state, note["text"])  # the name written on it, as the reader reads it
        out.append(entry)
    return out


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
        "event": None if ev is None else {"name": _(ev.name), "text": _(ev.text)},
        "events_left": len(state.event_deck),
        "stage": _staged(state),
        "decision": _decision(state),
        "reused": state.reused,
        "result": None if outcome is None else {**outcome.to_json(), "ending": state.ending()},
    }


def seat_view(state: Any, seat: int) -> dict[str, Any]:
    """A seat's own part of its view (:attr:`loopcity.engine.GameSpec.seat_view`): the table is the
    same for everyone, so only which seat is looking."""
    return {"seat": seat}
