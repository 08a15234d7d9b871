"""Why an action is refused, in the rulebook's words (used by the state's ``explain_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Action

from .actions import (
    BURN,
    COMBINE,
    COMBO,
    DONATE,
    END_ROUND,
    RECYCLE,
    RECYCLE_PAYING,
    REUSE,
    REUSE_PLUS,
    SELL,
    STORE,
)
from .content import CREATIVE
from .words import all_of, count_word

if TYPE_CHECKING:
    from .rules import WasteWhatState


def explain(s: WasteWhatState, action: Action) -> str | None:
    """The reason ``action`` is illegal in state ``s`` (None when no specific reason is known)."""
    k = action.kind
    if s.draft_pool:
        return "first finish the skill draft: choose one of the Skill cards on offer"
    if s.pending == "co2_money":
        return "first decide who takes the money released with the CO2 (co2_money p1|p2)"
    if s.pending == "train":
        return "first choose the Skill card the workshop raises (train SKILL)"
    if s.work is not None and k not in (SELL.name, DONATE.name, COMBO.name, COMBINE.name):
        return "first finish the card in the work area (sell or donate it, or finish the combo)"
    match k:
        case SELL.name | DONATE.name:
            return _slot(s, k)
        case END_ROUND.name:
            return "you must do something with each Waste card on the table before the round ends"
        case COMBO.name | COMBINE.name:
            return _combo(s, action)
        case REUSE.name | REUSE_PLUS.name:
            a = REUSE.read(action)
            return _not_here(s, a.card) or _reuse(s, a.card, a.skill, k == REUSE_PLUS.name)
        case STORE.name:
            card = STORE.read(action).card
            return (
                _not_here(s, card)
                or "only cards from the table can be stored; stored cards stay where they are"
            )
        case RECYCLE.name:
            card = RECYCLE.read(action).card
            return _not_here(s, card) or _recycle(s, card, paying=False)
        case RECYCLE_PAYING.name:
            card = RECYCLE_PAYING.read(action).card
            return _not_here(s, card) or _recycle(s, card, paying=True)
        case BURN.name:
            return _not_here(s, BURN.read(action).card) or "the waste burning facility is closed this round"
    return None


def _not_here(s: WasteWhatState, card: int) -> str | None:
    """Why a card cannot be dealt with now: it is not on the table nor in a Storage from earlier."""
    if card in s.candidates():
        return None
    if any(card in p for p in s.storage):
        return "cards stored this round can be dealt with in later rounds"
    return f"card {card} is not on the table or in a Storage"


def _slot(s: WasteWhatState, k: str) -> str:
    rules = s.rules()
    if s.work is None or s.work["kind"] != "reuse":
        return "you cannot sell or donate items that you did not use a Skill on: reuse a card first"
    if k == SELL.name and len(s.sell) >= rules.sell_slots:
        return f"{all_of(rules.sell_slots)} Sell slots are full: donate instead"
    if k == DONATE.name and len(s.donate) >= rules.donate_slots:
        return f"{all_of(rules.donate_slots)} Donate slots are full: sell instead"
    return "raise one skill used on this card (selling cannot raise the Creative Community)"


def _combo(s: WasteWhatState, action: Action) -> str:
    if not s.game.options["combos"]:
        return "this difficulty level does not include Combos"
    if not s.blanks:
        return "no blank Combo card is left"
    if action.kind == COMBINE.name:
        return "a combo needs at least 2 cards, a Skill for each category in it and enough skill levels"
    most = s.max_combo_cards()
    if s.work is not None and s.work["kind"] == "combo" and len(s.work["cards"]) >= most:
        return (
            f"a combo of more than {most} cards can never be accepted: you must roll higher than the "
            "number of cards in the combo"
        )
    return (
        "a combo needs a Skill card for each Waste category in it, every Skill used represented and "
        "skill levels adding up to at least the complexities (Just Waste and rejected cards cannot join)"
    )


def _reuse(s: WasteWhatState, card: int, skill: str, plus: bool) -> str:
    cat = s.category(card)
    need = s.complexity(card)
    if not cat:
        return "Just Waste cards cannot be reused"
    if skill not in s.owner:
        return f"nobody has the {s.skill_name(skill)} Skill card"
    if skill in s.used or (plus and CREATIVE in s.used):
        return "you can use each Skill card on just one Waste card (or combo) per round"
    if skill == CREATIVE:
        lvl = s.level[CREATIVE]
        stand_in = s.rules().creative_any_skill_level
        if lvl < stand_in:
            return f"the Creative Community takes on the role of any skill only from level {stand_in}"
        return f"the Creative Community's level ({lvl}) must be at least the complexity ({need})"
    if skill != cat:
        return f"to reuse {cat} you need the {s.skill_name(cat)} skill"
    if plus:
        if CREATIVE not in s.owner:
            return "nobody has the Creative Community Skill card"
        if s.level[skill] >= need:
            return "the skill alone is enough: reuse it without the Creative Community"
        return f"the skill level plus the Creative Community ({s.level[skill] + s.level[CREATIVE]}) is below the complexity ({need})"
    return f"your skill level ({s.level[skill]}) must be at least the card's complexity ({need})"


def _recycle(s: WasteWhatState, card: int, paying: bool) -> str:
    if card in s.combos:
        return "you cannot recycle Combo cards"
    if not s.tables.recyclable[card]:
        return "this item is not recyclable"
    if not s.can_recycle(card):
        per_round = s.rules().recycle_per_round
        cards = "card" if per_round == 1 else "cards"
        return (
            f"you can only recycle {count_word(per_round)} {cards} per round "
            "(the Recycle Bin is full or closed this round)"
        )
    cost = s.tables.recycle_cost[card]
    if cost and not paying:
        return f"recycling this item costs {cost} money: say who pays (recycle_paying CARD p1|p2)"
    if not cost:
        return "recycling this item is free: use recycle CARD"
    return f"that player cannot pay the {cost} money recycling costs"
