"""Why an action is refused, in the rulebook's words and with the numbers that matter (used by the
state's ``explain_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Action
from loopcity.engine.table import VOTE
from loopcity.engine.text import _

from .actions import (
    BURN,
    CO2_MONEY,
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
    TRAIN,
    seat_of,
)
from .content import CREATIVE
from .words import player

if TYPE_CHECKING:
    from .rules import WasteWhatState


def explain(s: WasteWhatState, seat: int, action: Action) -> str | None:
    """The reason ``action`` by ``seat`` is illegal in state ``s`` (None when no specific reason is
    known)."""
    first = _first(s, seat, action)
    if first is not None:
        return first
    k = action.kind
    if (seat, str(action)) in s.declined:
        return _("{player} declined this offer this round; it is not made again until the next round").format(
            player=player(1 - seat)
        )
    match k:
        case SELL.name | DONATE.name:
            return _slot(s, k)
        case END_ROUND.name:
            return _end_round(s, seat)
        case COMBO.name | COMBINE.name:
            return _combo(s, action)
        case REUSE.name | REUSE_PLUS.name:
            a = REUSE.read(action)
            return _not_here(s, a.card) or _reuse(s, a.card, a.skill, k == REUSE_PLUS.name)
        case STORE.name:
            card = STORE.read(action).card
            return _not_here(s, card) or _(
                "only cards from the table can be stored; stored cards stay where they are"
            )
        case RECYCLE.name:
            card = RECYCLE.read(action).card
            return _not_here(s, card) or _recycle(s, card, None)
        case RECYCLE_PAYING.name:
            card, payer = RECYCLE_PAYING.read(action)
            return _not_here(s, card) or _recycle(s, card, seat_of(payer))
        case BURN.name:
            return _not_here(s, BURN.read(action).card) or _(
                "the waste burning facility is closed this round"
            )
    return None


def _first(s: WasteWhatState, seat: int, action: Action) -> str | None:
    """What must happen first: the draft, an answer, the table's question, the card in work."""
    k = action.kind
    if s.draft_pool:
        return _("first finish the skill draft: choose one of the Skill cards on offer")
    if s.ballot is not None:
        return _("first {player} accepts or declines the offer on the table").format(
            player=player(s.ballot["asked"][0])
        )
    if k == VOTE.name:
        return _("nothing has been put to you to accept or decline")
    if s.pending == "co2_money":
        if k == CO2_MONEY.name:
            return _("that proposal was declined: propose the other player, or accept theirs")
        return _("first decide together who takes the money released with the CO2")
    if s.pending == "train":
        if k == TRAIN.name:
            return _("that Skill card cannot go higher, or its proposal was declined: propose another")
        return _("first decide together which Skill card the Skill-share workshop raises")
    if k in (CO2_MONEY.name, TRAIN.name):
        return _("there is no open question to propose a choice on")
    if s.work is not None and k not in (SELL.name, DONATE.name, COMBO.name, COMBINE.name):
        return _("first finish the card in the work area (sell or donate it, or finish the combo)")
    return None


def _end_round(s: WasteWhatState, seat: int) -> str:
    names = ", ".join(s.card_name(c) for c in s.table)
    return _(
        "{player} is done, so you are the last at work: first do something with each Waste card on the "
        "table ({cards})"
    ).format(player=player(1 - seat), cards=names)


def _not_here(s: WasteWhatState, card: int) -> str | None:
    """Why a card cannot be dealt with now: it is not on the table nor in a Storage from earlier."""
    if card in s.candidates():
        return None
    if any(card in p for p in s.storage):
        return _("cards stored this round can be dealt with in later rounds")
    return _("card {card} is not on the table or in a Storage").format(card=card)


def _slot(s: WasteWhatState, k: str) -> str:
    rules = s.rules()
    if s.work is None or s.work["kind"] != "reuse":
        return _("you cannot sell or donate items that you did not use a Skill on: reuse a card first")
    if k == SELL.name and len(s.sell) >= rules.sell_slots:
        return _("the {n} Sell slots are full: donate instead").format(n=rules.sell_slots)
    if k == DONATE.name and len(s.donate) >= rules.donate_slots:
        return _("the {n} Donate slots are full: sell instead").format(n=rules.donate_slots)
    return _("raise one skill used on this card (selling cannot raise the Creative Community)")


def _combo(s: WasteWhatState, action: Action) -> str:
    if not s.game.options["combos"]:
        return _("this difficulty level does not include Combos")
    if not s.blanks:
        return _("no blank Combo card is left")
    if action.kind == COMBINE.name:
        return _("a combo needs at least 2 cards, a Skill for each category in it and enough skill levels")
    most = s.max_combo_cards()
    if s.work is not None and s.work["kind"] == "combo" and len(s.work["cards"]) >= most:
        return _(
            "a combo of more than {most} cards can never be accepted: you must roll higher than the number "
            "of cards in the combo"
        ).format(most=most)
    return _(
        "a combo needs a Skill card for each Waste category in it, every Skill used represented and skill "
        "levels adding up to at least the complexities (Just Waste and rejected cards cannot join)"
    )


def _reuse(s: WasteWhatState, card: int, skill: str, plus: bool) -> str:
    cat = s.category(card)
    need = s.complexity(card)
    if not cat:
        return _("Just Waste cards cannot be reused")
    if skill not in s.owner:
        return _("nobody has the {skill} Skill card").format(skill=s.skill_name(skill))
    if skill in s.used or (plus and CREATIVE in s.used):
        return _("you can use each Skill card on just one Waste card (or combo) per round")
    if skill == CREATIVE:
        lvl = s.level[CREATIVE]
        stand_in = s.rules().creative_any_skill_level
        if lvl < stand_in:
            return _("the Creative Community takes on the role of any skill only from level {n}").format(
                n=stand_in
            )
        return _("the Creative Community's level ({level}) must be at least the complexity ({need})").format(
            level=lvl, need=need
        )
    if skill != cat:
        return _("to reuse {category} you need the {category} skill").format(category=s.skill_name(cat))
    if plus:
        if CREATIVE not in s.owner:
            return _("nobody has the Creative Community Skill card")
        if s.level[skill] >= need:
            return _("the skill alone is enough: reuse it without the Creative Community")
        return _(
            "the skill level plus the Creative Community ({level}) is below the card's complexity ({need})"
        ).format(level=s.level[skill] + s.level[CREATIVE], need=need)
    return _("the skill level ({level}) must be at least the card's complexity ({need})").format(
        level=s.level[skill], need=need
    )


def _recycle(s: WasteWhatState, card: int, payer: int | None) -> str:
    if card in s.combos:
        return _("you cannot recycle Combo cards")
    if not s.tables.recyclable[card]:
        return _("this item is not recyclable")
    if not s.can_recycle(card):
        ev = s.event_card()
        limit = s.recycle_limit(ev)
        if limit == 0 and ev is not None:
            return _("the Recycle Bin is closed this round (Event: {event})").format(event=_(ev.name))
        return _("the Recycle Bin takes {n} card(s) this round, and it has them").format(n=limit)
    cost = s.tables.recycle_cost[card]
    if cost and payer is None:
        return _("recycling this item costs {cost} money: say who pays (recycle_paying CARD p1|p2)").format(
            cost=cost
        )
    if not cost:
        return _("recycling this item is free: use recycle CARD")
    assert payer is not None
    return _("{player} cannot pay the {cost} money recycling costs: they have {cash}").format(
        player=player(payer), cost=cost, cash=s.cash[payer]
    )
