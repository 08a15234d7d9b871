"""The shared phase of Waste What? (rulebook sections 5 and 6): Reuse, Store, Recycle, Burn, Combos.

Every card on the table must be dealt with before the round can end. A card is taken from the table
(or, from the next round on, from a player's Storage) and

- reused: ``reuse CARD SKILL`` (or ``reuse_plus CARD SKILL`` adding the Creative Community's level),
  then ``sell RAISE`` or ``donate RAISE`` puts it on a slot and raises one skill;
- made into a combo: ``combo CARD`` for each card, then ``combine CATEGORY alone|creative``, which
  rolls the acceptance die; an accepted combo is then sold or donated like a card;
- stored (``store CARD p1|p2``), recycled (``recycle CARD`` / ``recycle_paying CARD p1|p2``) or burned
  (``burn CARD``; filling the last Burn slot releases a CO2 token and 1 money, ``co2_money p1|p2``).

Whose things an action uses decides whether it is carried out or put to the partner first
(:mod:`.together`).

This module works out the legal actions; what each action does is in :mod:`.handlers`.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from loopcity.engine import Action

from .actions import (
    BURN,
    CARDS,
    CC_USE,
    CO2_MONEY,
    COMBINE,
    COMBO,
    DONATE,
    NO_RAISE,
    PLAYERS,
    RECYCLE,
    RECYCLE_PAYING,
    REUSE,
    REUSE_PLUS,
    SELL,
    STORE,
    TRAIN,
)
from .base import Pending, WasteWhatBase
from .content import CATEGORIES, CREATIVE, SKILL_ORDER, EventCard

_PoolCard = tuple[int, str, int, int | None]
"""A card a combo may take: (card, category, complexity, level of its category's skill if free)."""

# The kinds' own actions of every card, looked up by card number in the legal-action loop, which
# builds a few dozen actions a step: calling the kinds there made random playouts 15% slower.
_REUSE = tuple({s: REUSE(c, s) for s in SKILL_ORDER} for c in CARDS)
_REUSE_PLUS = tuple({s: REUSE_PLUS(c, s) for s in CATEGORIES} for c in CARDS)
_STORE = tuple((STORE(c, "p1"), STORE(c, "p2")) for c in CARDS)
_RECYCLE = tuple(RECYCLE(c) for c in CARDS)
_RECYCLE_PAYING = tuple((RECYCLE_PAYING(c, "p1"), RECYCLE_PAYING(c, "p2")) for c in CARDS)
_BURN = tuple(BURN(c) for c in CARDS)
_COMBO = tuple(COMBO(c) for c in CARDS)


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class Dealing(WasteWhatBase):
    """The shared phase's legal actions (the base of :class:`~.rules.WasteWhatState`)."""

    # ----- legal actions ----------------------------------------------------------------------
    def dealing_actions(self) -> list[Action]:
        """The actions of the shared phase on the cards, the work area and the table's questions (the
        same for both players: an action on the partner's things is an offer to them; the state adds
        readiness and leaves out offers declined this round)."""
        if self.pending is not None:
            return self._pending_actions(self.pending)
        if self.work is not None:
            if self.work["kind"] == "combo":
                return self._combo_actions()
            return self._slot_actions()
        free = self.free_levels()
        pool: list[_PoolCard] = []  # the cards a combo may take
        ev = None if self.event is None else self.game.tables.events[self.event]
        out = self._card_actions(ev, free, pool)
        if self.game.options["combos"] and self.blanks and self.max_combo_cards() >= 2:
            out += [_COMBO[c] for c in self._combo_starts(pool, free)]
        return out

    def _pending_actions(self, pending: Pending) -> list[Action]:
        """The choices of a decision the table must take first."""
        match pending:
            case "co2_money":
                return [CO2_MONEY(w) for w in PLAYERS[: len(self.cash)]]
            case "train":
                return [TRAIN(s) for s in self._trainable()]

    def _card_actions(
        self, ev: EventCard | None, free: dict[str, int], pool: list[_PoolCard]
    ) -> list[Action]:
        """Reuse, store, recycle and burn for every card that may be dealt with now, card by card;
        fills ``pool`` with the cards that may start a combo."""
        easier, ease, ease_cat = False, 0, None  # this round's Event makes cards easier: by how much, which
        if ev is not None and ev.effect == "easier":
            easier, ease, ease_cat = True, ev.amount, ev.category
        cc_level = free.get(CREATIVE)
        cc_any = -1  # the highest complexity the Creative Community reuses alone (-1: none)
        if cc_level is not None and cc_level >= self.game.content.rules.creative_any_skill_level:
            cc_any = cc_level
        recycle_open = self._recycle_open(ev)
        burn_open = ev is None or ev.effect != "no_burning"
        t = self.game.tables
        first_combo, info, table, cash, rejected = t.first_combo, t.card, self.table, self.cash, self.rejected
        out: list[Action] = []
        add, keep = out.append, pool.append
        reuse, reuse_plus, store, recycles, paying, burn = (
            _REUSE,
            _REUSE_PLUS,
            _STORE,
            _RECYCLE,
            _RECYCLE_PAYING,
            _BURN,
        )
        for card in self.candidates():
            if card >= first_combo:
                combo = self.combos[card]
                cat, need, recycle = combo["category"], combo["complexity"], -1  # Combo cards: no
            else:
                cat, need, recycle = info[card]
            if cat:
                if easier and (ease_cat is None or ease_cat == cat):
                    need = max(1, need - ease)
                lvl = free.get(cat)
                if card not in rejected:
                    keep((card, cat, need, lvl))
                if lvl is not None:
                    if lvl >= need:
                        add(reuse[card][cat])
                    elif cc_level is not None and lvl + cc_level >= need:
                        add(reuse_plus[card][cat])
                if cc_any >= need:
                    add(reuse[card][CREATIVE])
            if card in table:
                out += store[card]
            if recycle >= 0 and recycle_open:
                if recycle == 0:
                    add(recycles[card])
                else:  # paid by either player (Waste What? is a game for two)
                    by_first, by_second = paying[card]
                    if cash[0] >= recycle:
                        add(by_first)
                    if cash[1] >= recycle:
                        add(by_second)
            if burn_open:
                add(burn[card])
        return out

    def can_recycle(self, card: int) -> bool:
        """One card a round on the Recycle Bin (an Event may close it or allow more); not Combo cards."""
        if not self.tables.recyclable[card] or card in self.combos:
            return False
        return self._recycle_open(self.event_card())

    def _recycle_open(self, ev: EventCard | None) -> bool:
        """Whether the Recycle Bin takes another card this round (the Event ``ev`` may close it or
        allow more)."""
        return self.recycled < self.recycle_limit(ev)

    def recycle_limit(self, ev: EventCard | None) -> int:
        """How many cards the Recycle Bin takes this round: the rulebook's one, or what this round's
        Event ``ev`` says (none, or more)."""
        if ev is not None:
            if ev.effect == "no_recycling":
                return 0
            if ev.effect == "recycle_limit":
                return ev.amount
        return self.rules().recycle_per_round

    def _slot_actions(self) -> list[Action]:
        assert self.work is not None
        used = self.work["skills"]
        rules = self.rules()
        out: list[Action] = []
        top = rules.max_skill_level
        if len(self.sell) < rules.sell_slots:
            ups = [s for s in used if s != CREATIVE and self.level[s] < top]
            out.extend(SELL(s) for s in ups or [NO_RAISE])
        if len(self.donate) < rules.donate_slots:
            ups = [s for s in used if s != CREATIVE and self.level[s] < top]
            if CREATIVE in self.owner and self.level[CREATIVE] < top:
                ups.append(CREATIVE)
            out.extend(DONATE(s) for s in ups or [NO_RAISE])
        return out

    def _trainable(self) -> list[str]:
        top = self.rules().max_skill_level
        return [s for s in SKILL_ORDER if s in self.owner and self.level[s] < top]

    # ----- combos (section 6) -----------------------------------------------------------------
    def combo_feasible(self, cards: list[int], creative: bool) -> bool:
        """A skill for each category in the combo (the Creative Community may stand in for one from
        ``creative_any_skill_level``, or add its level), every skill represented, levels summed >=
        complexities summed."""
        cats = {self.category(c) for c in cards}
        reach = self._combo_reach(cats, self.free_levels(), creative)
        return reach >= sum(self.complexity(c) for c in cards)

    def _combo_reach(self, cats: set[str], free: dict[str, int], creative: bool) -> int:
        """The highest summed complexity a combo of cards of the categories ``cats`` can reach with
        the unused skills' levels ``free``, with or without the Creative Community (-1: none)."""
        levels = missing = 0
        for cat in cats:
            level = free.get(cat)
            if level is None:
                missing += 1
            else:
                levels += level
        if not creative:
            return -1 if missing else levels
        cc = free.get(CREATIVE)
        if cc is None or missing > 1:
            return -1
        if missing and cc < self.rules().creative_any_skill_level:
            return -1
        return levels + cc

    def combo_starts(self) -> list[int]:
        """The cards that may be dealt with now and can start a combo (see :meth:`_combo_starts`)."""
        free = self.free_levels()
        pool = [
            (c, self.category(c), self.complexity(c), free.get(self.category(c)))
            for c in self.candidates()
            if self.category(c) and c not in self.rejected
        ]
        return self._combo_starts(pool, free)

    def _combo_starts(self, pool: list[_PoolCard], free: dict[str, int]) -> list[int]:
        """Cards of ``pool`` that can start a combo: some second card of the pool makes a feasible
        pair (see :meth:`combo_feasible`: a skill for each of the two categories, from
        ``creative_any_skill_level`` the Creative Community standing in for one of them, and the levels
        adding up to at least the two complexities). ``free``: the unused skills' levels."""
        if len(pool) < 2:
            return []
        cc = free.get(CREATIVE)
        add = 0 if cc is None else cc  # a free Creative Community adds its level
        stand_in = cc is not None and cc >= self.rules().creative_any_skill_level
        starts = []
        for card, cat, need, level in pool:
            if level is None:
                if not stand_in:
                    continue  # no skill for this category: no combo with it
                base = add
            else:
                base = level + add
            for other, other_cat, other_need, other_level in pool:
                if other_cat == cat:
                    if other == card:
                        continue
                    limit = base
                elif other_level is not None:
                    limit = base + other_level
                elif stand_in and level is not None:
                    limit = base
                else:
                    continue
                if need + other_need <= limit:
                    starts.append(card)
                    break
        return starts

    def _combo_actions(self) -> list[Action]:
        """Add a card the combo can still handle while the die can still accept it, or (from 2 cards)
        make the Combo card."""
        assert self.work is not None
        cards = self.work["cards"]
        out: list[Action] = []
        if len(cards) < self.max_combo_cards():
            out += self._combo_additions(cards)
        if len(cards) >= 2:
            free = self.free_levels()
            cats = {self.category(c) for c in cards}
            need = sum(self.complexity(c) for c in cards)
            ordered = sorted(cats, key=CATEGORIES.index)
            for use in CC_USE:
                if self._combo_reach(cats, free, use == "creative") >= need:
                    out.extend(COMBINE(cat, use) for cat in ordered)
        return out

    def _combo_additions(self, cards: list[int]) -> list[Action]:
        """The cards that may join the combo ``cards``: a category a free skill (or the Creative
        Community) handles, the levels still reaching the summed complexities."""
        free = self.free_levels()
        cats = {self.category(c) for c in cards}
        need = sum(self.complexity(c) for c in cards)
        reach: dict[str, int] = {}  # by the added card's category: the most the combo can reach
        rejected = self.rejected
        out: list[Action] = []
        for c in self.candidates():
            cat = self.category(c)
            if not cat or c in rejected:
                continue
            if cat not in reach:
                both = cats | {cat}
                reach[cat] = max(self._combo_reach(both, free, False), self._combo_reach(both, free, True))
            if need + self.complexity(c) <= reach[cat]:
                out.append(_COMBO[c])
        return out
