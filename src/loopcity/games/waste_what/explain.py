"""Why an action is refused, in the rulebook's words (used by the state's ``explain_illegal``)."""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action

from .content import CREATIVE


def explain(s: Any, action: Action) -> str | None:
    """The reason ``action`` is illegal in state ``s`` (None when no specific reason is known)."""
    k, args = action.kind, action.args
    if s.draft_pool:
        return "first finish the skill draft: choose one of the Skill cards on offer"
    if s.pending == "co2_money":
        return "first decide who takes the money released with the CO2 (co2_money p1|p2)"
    if s.pending == "train":
        return "first choose the Skill card the workshop raises (train SKILL)"
    if s.work is not None and k not in ("sell", "donate", "combo", "combine"):
        return "first finish the card in the work area (sell or donate it, or finish the combo)"
    if k in ("sell", "donate"):
        return _slot(s, k)
    if k == "end_round":
        return "you must do something with each Waste card on the table before the round ends"
    if k in ("combo", "combine"):
        return _combo(s, action)
    card = args[0] if args else None
    if isinstance(card, int) and card not in s.candidates():
        if any(card in p for p in s.storage):
            return "cards stored this round can be dealt with in later rounds"
        return f"card {card} is not on the table or in a Storage"
    if k in ("reuse", "reuse_plus"):
        return _reuse(s, int(args[0]), str(args[1]), k == "reuse_plus")
    if k == "store":
        return "only cards from the table can be stored; stored cards stay where they are"
    if k in ("recycle", "recycle_paying"):
        return _recycle(s, int(args[0]), k)
    if k == "burn":
        return "the waste burning facility is closed this round"
    return None


def _slot(s: Any, k: str) -> str:
    if s.work is None or s.work["kind"] != "reuse":
        return "you cannot sell or donate items that you did not use a Skill on: reuse a card first"
    if k == "sell" and len(s.sell) >= s.rules().sell_slots:
        return "both Sell slots are full: donate instead"
    if k == "donate" and len(s.donate) >= s.rules().donate_slots:
        return "both Donate slots are full: sell instead"
    return "raise one skill used on this card (selling cannot raise the Creative Community)"


def _combo(s: Any, action: Action) -> str:
    if not s.game.options["combos"]:
        return "this difficulty level does not include Combos"
    if not s.blanks:
        return "no blank Combo card is left"
    if action.kind == "combine":
        return "a combo needs at least 2 cards, a Skill for each category in it and enough skill levels"
    return (
        "a combo needs a Skill card for each Waste category in it, every Skill used represented and "
        "skill levels adding up to at least the complexities (Just Waste and rejected cards cannot join)"
    )


def _reuse(s: Any, card: int, skill: str, plus: bool) -> str:
    cat = s.category(card)
    need = s.complexity(card)
    if not cat:
        return "Just Waste cards cannot be reused"
    if skill not in s.owner:
        return f"nobody has the {s.tables.skill_names[skill]} Skill card"
    if skill in s.used or (plus and CREATIVE in s.used):
        return "you can use each Skill card on just one Waste card (or combo) per round"
    if skill == CREATIVE:
        lvl = s.level[CREATIVE]
        if lvl < s.rules().creative_any_skill_level:
            return "the Creative Community takes on the role of any skill only from level 4"
        return f"the Creative Community's level ({lvl}) must be at least the complexity ({need})"
    if skill != cat:
        return f"to reuse {cat} you need the {s.tables.skill_names[cat]} skill"
    if plus:
        if CREATIVE not in s.owner:
            return "nobody has the Creative Community Skill card"
        if s.level[skill] >= need:
            return "the skill alone is enough: reuse it without the Creative Community"
        return f"the skill level plus the Creative Community ({s.level[skill] + s.level[CREATIVE]}) is below the complexity ({need})"
    return f"your skill level ({s.level[skill]}) must be at least the card's complexity ({need})"


def _recycle(s: Any, card: int, k: str) -> str:
    if card in s.combos:
        return "you cannot recycle Combo cards"
    if not s.tables.recyclable[card]:
        return "this item is not recyclable"
    if not s.can_recycle(card):
        return "you can only recycle one card per round (the Recycle Bin is full or closed this round)"
    cost = s.tables.recycle_cost[card]
    if cost and k == "recycle":
        return f"recycling this item costs {cost} money: say who pays (recycle_paying CARD p1|p2)"
    if not cost:
        return "recycling this item is free: use recycle CARD"
    return f"that player cannot pay the {cost} money recycling costs"
