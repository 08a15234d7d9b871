"""ResourCEd's decisions made at once that the rules take card by card: a trade put together and
offered to one partner (answered once, with ``vote``), the hand Wasted down to the hand limit, and
the cards the Shopping Center Wastes from the bank.

The page shows each as one form with a counter per Resource and sends it once; the server applies
the steps (``give``/``take`` per card, then ``offer_trade``; ``discard`` per card) together or not at
all. Bots and research keep the card-by-card actions (:mod:`.actions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.engine.text import Choice, Counter, _, ngettext

from .actions import DISCARD, OFFER, WASTE
from .content import RESOURCES
from .texts import seat_name
from .together import GIVES, TAKES
from .words import resource

if TYPE_CHECKING:
    from .rules import ResourcedState


def choices(state: Any, seat: int) -> list[Choice]:
    """The seat's choices made at once now: a trade with each partner in reach, or the hand Wasted
    down to the hand limit."""
    st: ResourcedState = state
    if st.is_terminal() or seat not in st.active_seats() or st.turn_seat != seat:
        return []
    if st.phase == "discard":
        return [_discard(st, seat)]
    if st.phase == "shop_waste":
        return [_shop_waste(st)]
    if st.deal is None and st.phase != "trade":
        legal = {str(a) for a in st.legal_actions(seat)}
        trades = [_trade(st, seat, p) for p in st.trade_partners(seat)]
        return [c for c in trades if legal.intersection(c.covers)]
    return []


def _trade(st: ResourcedState, seat: int, p: int) -> Choice:
    mine, theirs = st.hands[seat], st.hands[p]
    give = tuple(Counter(resource(r), str(GIVES[p][r]), mine[r]) for r in range(len(RESOURCES)) if mine[r])
    take = tuple(
        Counter(resource(r), str(TAKES[p][r]), theirs[r]) for r in range(len(RESOURCES)) if theirs[r]
    )
    room = st.trade_room()
    groups = ((_("You give"), give), (_("You ask for"), take))
    return Choice(
        key=f"trade-{p + 1}",
        title=_("Trade with {seat}").format(seat=seat_name(p)),
        send=_("Offer the trade to {seat}").format(seat=seat_name(p)),
        groups=tuple(g for g in groups if g[1]),
        least=1,
        most=room,
        then=(str(OFFER()),),
        covers=tuple(c.action for _g, cs in groups for c in cs),
        note=ngettext(
            "Up to {n} card may change hands (the Trade Limit); {seat} accepts or declines the offer.",
            "Up to {n} cards may change hands (the Trade Limit); {seat} accepts or declines the offer.",
            room,
        ).format(n=room, seat=seat_name(p)),
    )


def _discard(st: ResourcedState, seat: int) -> Choice:
    hand = st.hands[seat]
    over = sum(hand) - st.hand_limit()
    rows = tuple(
        Counter(resource(r), str(DISCARD(RESOURCES[r])), hand[r]) for r in range(len(RESOURCES)) if hand[r]
    )
    return Choice(
        key="discard",
        title=ngettext(
            "Waste {n} card down to the hand limit of {limit}",
            "Waste {n} cards down to the hand limit of {limit}",
            over,
        ).format(n=over, limit=st.hand_limit()),
        send=_("Waste these cards"),
        groups=((_("From your hand"), rows),),
        least=over,
        most=over,
        covers=tuple(c.action for c in rows),
        note=_("They go to the Waste Pile."),
    )


def _shop_waste(st: ResourcedState) -> Choice:
    bank = st.bank
    left = min(st.ctx["left"], sum(bank))
    rows = tuple(
        Counter(resource(r), str(WASTE(RESOURCES[r])), min(bank[r], left))
        for r in range(len(RESOURCES))
        if bank[r]
    )
    return Choice(
        key="shop_waste",
        title=ngettext(
            "Waste {left} card from the bank for the Shopping Center",
            "Waste {left} cards from the bank for the Shopping Center",
            left,
        ).format(left=left),
        send=_("Waste these cards"),
        groups=((_("From the bank"), rows),),
        least=left,
        most=left,
        covers=tuple(c.action for c in rows),
        note=_("They go to the Waste Pile."),
    )
