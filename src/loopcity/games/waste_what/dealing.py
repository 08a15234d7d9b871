"""The shared phase of Waste What? (rulebook sections 5 and 6): Reuse, Store, Recycle, Burn, Combos.

Every card on the table must be dealt with before the round can end. A card is taken from the table
(or, from the next round on, from a player's Storage) and

- reused: ``reuse CARD SKILL`` (or ``reuse_plus CARD SKILL`` adding the Creative Community's level),
  then ``sell RAISE`` or ``donate RAISE`` puts it on a slot and raises one skill;
- made into a combo: ``combo CARD`` for each card, then ``combine CATEGORY alone|creative``, which
  rolls the acceptance die; an accepted combo is then sold or donated like a card;
- stored (``store CARD p1|p2``), recycled (``recycle CARD`` / ``recycle_paying CARD p1|p2``) or burned
  (``burn CARD``; every third burned card releases a CO2 token and 1 money, ``co2_money p1|p2``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.engine import Action

from .actions import CC_USE
from .content import CATEGORIES, CREATIVE, MAX_CARDS, SKILL_ORDER, EventCard, Tables

PLAYER = {"p1": 0, "p2": 1}
WORD = ("p1", "p2")


_ACTIONS: dict[tuple[str, tuple[Any, ...]], Action] = {}
_END_ROUND = Action("end_round")


def _act(kind: str, *args: Any) -> Action:
    """The shared (immutable) Action value ``kind`` with ``args``."""
    key = (kind, args)
    hit = _ACTIONS.get(key)
    if hit is None:
        hit = _ACTIONS[key] = Action(kind, args)
    return hit


_PoolCard = tuple[int, str, int, int | None]
"""A card a combo may take: (card, category, complexity, level of its category's skill if free)."""


def _per_card(kind: str, *rest: Any) -> tuple[Action, ...]:
    """The Action ``kind CARD *rest`` of every card id (shared values, looked up by card)."""
    return tuple(Action(kind, (c, *rest)) for c in CARDS)


CARDS = range(MAX_CARDS)
_STORE = tuple(zip(_per_card("store", "p1"), _per_card("store", "p2"), strict=True))
_RECYCLE = _per_card("recycle")
_RECYCLE_PAYING = tuple(
    zip(_per_card("recycle_paying", "p1"), _per_card("recycle_paying", "p2"), strict=True)
)
_BURN = _per_card("burn")
_COMBO = _per_card("combo")
_REUSE = tuple({s: Action("reuse", (c, s)) for s in SKILL_ORDER} for c in CARDS)
_COMBINE = {(cat, use): Action("combine", (cat, use)) for cat in CATEGORIES for use in CC_USE}
_REUSE_PLUS = tuple({s: Action("reuse_plus", (c, s)) for s in CATEGORIES} for c in CARDS)


class Dealing:
    """The card-handling half of the state (mixed into :class:`WasteWhatState`)."""

    if TYPE_CHECKING:

        @property
        def tables(self) -> Tables:
            """The content's tables (a read-only property of the state)."""

    # fields set by WasteWhatState.__init__
    table: list[int]
    storage: list[list[int]]
    fresh: set[int]
    owner: dict[str, int]
    level: dict[str, int]
    used: set[str]
    work: dict[str, Any] | None
    event: str | None
    pending: str | None
    combos: dict[int, dict[str, Any]]
    blanks: list[int]
    removed: list[int]
    rejected: set[int]
    sell: list[int]
    donate: list[int]
    burn: list[int]
    bin: list[int]
    deck: list[int]
    cash: list[int]
    bank: int
    sell_money: int
    co2: int
    recycled: int
    reused: int
    combos_made: int
    result: str | None
    game: Any

    if TYPE_CHECKING:  # provided by WasteWhatState and the engine's State

        def event_card(self) -> EventCard | None: ...
        def note(self, text: str, seats: Any = None, kind: str = "info") -> None: ...
        def roll(self, sides: int, what: str) -> int: ...

    # ----- card facts ---------------------------------------------------------------------------
    def category(self, card: int) -> str:
        """The card's category ('' for Just Waste)."""
        t = self.game.content.tables
        return self.combos[card]["category"] if card >= t.first_combo else t.category[card]

    def printed_complexity(self, card: int) -> int:
        """The complexity written on the card (0 for Just Waste)."""
        t = self.game.content.tables
        return self.combos[card]["complexity"] if card >= t.first_combo else t.complexity[card]

    def complexity(self, card: int) -> int:
        """The card's complexity this round (an Event may make it easier, never below 1)."""
        t = self.game.content.tables
        if card >= t.first_combo:
            combo = self.combos[card]
            base, cat = combo["complexity"], combo["category"]
        else:
            base, cat = t.complexity[card], t.category[card]
        if self.event is not None:
            ev = t.events[self.event]
            if ev.effect == "easier" and (ev.category is None or ev.category == cat):
                return max(1, base - ev.amount)
        return base

    def card_name(self, card: int) -> str:
        combo = self.combos.get(card)
        return combo["name"] if combo is not None else self.tables.name[card]

    def card_label(self, card: int) -> str:
        """'[12] Old sofa': the card's id and name."""
        combo = self.combos.get(card)
        return self.tables.label[card] if combo is None else f"[{card}] {combo['name']}"

    def rules(self) -> Any:
        return self.game.content.rules

    def skill_label(self, skill: str) -> str:
        """'P2's Electronics (level 2)': whose skill it is and its level."""
        return f"P{self.owner[skill] + 1}'s {self.tables.skill_names[skill]} (level {self.level[skill]})"

    def candidates(self) -> list[int]:
        """Cards that may be dealt with now: the table, then stored cards from earlier rounds."""
        out = self.table[:]
        fresh = self.fresh
        for stored in self.storage:
            if stored:
                out.extend([c for c in stored if c not in fresh] if fresh else stored)
        return out

    def skill_free(self, skill: str) -> bool:
        return skill in self.owner and skill not in self.used

    # ----- legal actions ----------------------------------------------------------------------
    def dealing_actions(self) -> list[Action]:
        """The legal actions of the shared phase (the same for both seats)."""
        if self.pending == "co2_money":
            return [_act("co2_money", w) for w in WORD[: len(self.cash)]]
        if self.pending == "train":
            return [_act("train", s) for s in self._trainable()]
        if self.work is not None:
            if self.work["kind"] == "combo":
                return self._combo_actions()
            return self._slot_actions()
        t: Tables = self.game.content.tables
        ev = None if self.event is None else t.events[self.event]
        free = self.free_levels()
        pool: list[_PoolCard] = []  # the cards a combo may take
        out = self._card_actions(t, ev, free, pool)
        if self.game.options["combos"] and self.blanks:
            out += [_COMBO[c] for c in self._combo_starts(pool, free)]
        if not self.table:
            out.append(_END_ROUND)
        return out

    def free_levels(self) -> dict[str, int]:
        """The level of each Skill card in play not yet used this round."""
        free = self.level.copy()
        for s in self.used:
            free.pop(s, None)
        return free

    def _card_actions(
        self, t: Tables, ev: EventCard | None, free: dict[str, int], pool: list[_PoolCard]
    ) -> list[Action]:
        """Reuse, store, recycle and burn for every card that may be dealt with now, card by card;
        fills ``pool`` with the cards that may start a combo."""
        easier = ev is not None and ev.effect == "easier"
        cc_level = free.get(CREATIVE)
        cc_any = -1  # the highest complexity the Creative Community reuses alone (-1: none)
        if cc_level is not None and cc_level >= self.rules().creative_any_skill_level:
            cc_any = cc_level
        recycle_open = self._recycle_open(ev)
        burn_open = ev is None or ev.effect != "no_burning"
        first_combo, info, table, cash, rejected = t.first_combo, t.card, self.table, self.cash, self.rejected
        out: list[Action] = []
        for card in self.candidates():
            if card >= first_combo:
                combo = self.combos[card]
                cat, need, recycle = combo["category"], combo["complexity"], -1  # Combo cards: no
            else:
                cat, need, recycle = info[card]
            if cat:
                if easier and (ev.category is None or ev.category == cat):  # type: ignore[union-attr]
                    need = max(1, need - ev.amount)  # type: ignore[union-attr]
                lvl = free.get(cat)
                if card not in rejected:
                    pool.append((card, cat, need, lvl))
                if lvl is not None:
                    if lvl >= need:
                        out.append(_REUSE[card][cat])
                    elif cc_level is not None and lvl + cc_level >= need:
                        out.append(_REUSE_PLUS[card][cat])
                if cc_any >= need:
                    out.append(_REUSE[card][CREATIVE])
            if card in table:
                out += _STORE[card]
            if recycle >= 0 and recycle_open:
                if recycle == 0:
                    out.append(_RECYCLE[card])
                else:
                    for a, money in zip(_RECYCLE_PAYING[card], cash, strict=True):
                        if money >= recycle:
                            out.append(a)
            if burn_open:
                out.append(_BURN[card])
        return out

    def can_recycle(self, card: int) -> bool:
        """One card a round on the Recycle Bin (an Event may close it or allow more); not Combo cards."""
        if not self.tables.recyclable[card] or card in self.combos:
            return False
        return self._recycle_open(self.event_card())

    def _recycle_open(self, ev: EventCard | None) -> bool:
        """Whether the Recycle Bin takes another card this round (the Event ``ev`` may close it or
        allow more)."""
        if ev is None:
            return self.recycled < self.rules().recycle_per_round
        if ev.effect == "no_recycling":
            return False
        if ev.effect == "recycle_limit":
            return self.recycled < ev.amount
        return self.recycled < self.rules().recycle_per_round

    def _slot_actions(self) -> list[Action]:
        assert self.work is not None
        used = self.work["skills"]
        rules = self.rules()
        out: list[Action] = []
        top = rules.max_skill_level
        if len(self.sell) < rules.sell_slots:
            ups = [s for s in used if s != CREATIVE and self.level[s] < top]
            out.extend(_act("sell", s) for s in ups or ["none"])
        if len(self.donate) < rules.donate_slots:
            ups = [s for s in used if s != CREATIVE and self.level[s] < top]
            if CREATIVE in self.owner and self.level[CREATIVE] < top:
                ups.append(CREATIVE)
            out.extend(_act("donate", s) for s in ups or ["none"])
        return out

    def _trainable(self) -> list[str]:
        top = self.rules().max_skill_level
        return [s for s in SKILL_ORDER if s in self.owner and self.level[s] < top]

    # ----- combos (section 6) -----------------------------------------------------------------
    def combo_feasible(self, cards: list[int], creative: bool) -> bool:
        """A skill for each category in the combo (the Creative Community may stand in for one from
        level 4, or add its level), every skill represented, levels summed >= complexities summed."""
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
        pair (see :meth:`combo_feasible`: a skill for each of the two categories, from level 4 the
        Creative Community standing in for one of them, and the levels adding up to at least the
        two complexities). ``free``: the unused skills' levels."""
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
        """Add a card the combo can still handle, or (from 2 cards) make the Combo card."""
        assert self.work is not None
        cards = self.work["cards"]
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
        if len(cards) >= 2:
            ordered = sorted(cats, key=CATEGORIES.index)
            for use in CC_USE:
                if self._combo_reach(cats, free, use == "creative") >= need:
                    out.extend(_COMBINE[cat, use] for cat in ordered)
        return out

    # ----- applying ---------------------------------------------------------------------------
    def apply_dealing(self, seat: int, action: Action) -> None:
        """Carry out a legal action of the shared phase."""
        k, args = action.kind, action.args
        if k == "reuse" or k == "reuse_plus":
            skills = [str(args[1])] + ([CREATIVE] if k == "reuse_plus" else [])
            self._start_reuse(seat, int(args[0]), skills)
        elif k == "sell" or k == "donate":
            self._place(seat, k, str(args[0]))
        elif k == "combo":
            self._add_to_combo(int(args[0]))
        elif k == "combine":
            self._combine(seat, str(args[0]), args[1] == "creative")
        elif k == "store":
            self._store(seat, int(args[0]), PLAYER[str(args[1])])
        elif k == "recycle" or k == "recycle_paying":
            self._recycle(seat, int(args[0]), PLAYER[str(args[1])] if len(args) > 1 else None)
        elif k == "burn":
            self._burn(seat, int(args[0]))
        elif k == "co2_money":
            self._co2_money(seat, PLAYER[str(args[0])])
        elif k == "train":
            self._train(seat, str(args[0]))

    def _take(self, card: int) -> str:
        """Lift a card from the table or a Storage; returns where it came from, for the log."""
        if card in self.table:
            self.table.remove(card)
            return "the table"
        p = 0 if card in self.storage[0] else 1
        self.storage[p].remove(card)
        return f"P{p + 1}'s Storage"

    def _start_reuse(self, seat: int, card: int, skills: list[str]) -> None:
        origin = self._take(card)
        self.used.update(skills)
        self.work = {"kind": "reuse", "cards": [card], "skills": skills}
        using = " + ".join(self.skill_label(s) for s in skills)
        self.note(f"P{seat + 1} works on {self.card_label(card)} from {origin} using {using}")

    def _place(self, seat: int, slot: str, raise_skill: str) -> None:
        """Sell or Donate the card in work, then raise one skill (selling also takes the slot's money)."""
        assert self.work is not None
        card = self.work["cards"][0]
        skills = self.work["skills"]
        self.work = None
        self.reused += 1
        (self.sell if slot == "sell" else self.donate).append(card)
        text = f"P{seat + 1} {'sells' if slot == 'sell' else 'donates'} {self.card_label(card)}"
        if raise_skill != "none":
            self.level[raise_skill] += 1
            text += f"; {self.skill_label(raise_skill)} goes up"
        if slot == "sell":
            who = self.owner[raise_skill if raise_skill != "none" else skills[0]]
            text += self._sale_money(who)
        self.note(text)
        self._maybe_reset()

    def _sale_money(self, who: int) -> str:
        got = 1 if self.sell_money > 0 else 0
        self.sell_money -= got
        ev = self.event_card()
        if ev is not None and ev.effect == "sell_bonus":
            bonus = min(ev.amount, self.bank)
            self.bank -= bonus
            got += bonus
        self.cash[who] += got
        return f"; P{who + 1} takes {got} money"

    def _maybe_reset(self) -> None:
        """When all Sell and Donate slots are full they reset at once; the cards go back to the deck."""
        rules = self.rules()
        if len(self.sell) < rules.sell_slots or len(self.donate) < rules.donate_slots:
            return
        self.deck.extend(self.sell + self.donate)
        self.sell.clear()
        self.donate.clear()
        refill = min(rules.sell_slots - self.sell_money, self.bank)
        self.sell_money += refill
        self.bank -= refill
        self.note(
            f"All four slots were full: they reset, their cards go back into the Waste deck; {refill} money from the bank onto the Sell slots"
        )

    def _add_to_combo(self, card: int) -> None:
        origin = self._take(card)
        if self.work is None:
            self.work = {"kind": "combo", "cards": [], "origins": []}
        self.work["cards"].append(card)
        self.work["origins"].append(origin)
        self.note(f"{self.card_label(card)} from {origin} goes into the combo")

    def _combine(self, seat: int, category: str, creative: bool) -> None:
        """Make the Combo card, then roll: accepted if the die is higher than the number of cards."""
        assert self.work is not None
        cards = self.work["cards"]
        skills = [c for c in CATEGORIES if c in {self.category(x) for x in cards} and self.skill_free(c)]
        if creative:
            skills.append(CREATIVE)
        using = " + ".join(self.skill_label(s) for s in skills)
        self.note(f"P{seat + 1} combines {len(cards)} cards using {using}")
        self.used.update(skills)
        rolled = self.roll(6, f"Combo acceptance (needs more than {len(cards)})")
        if rolled <= len(cards):
            self.note("The combo is not accepted: its cards go back to the table to be dealt with one by one")
            self.table.extend(cards)
            self.rejected.update(cards)
            self.work = None
            return
        combo = self.blanks.pop(0)
        self.combos[combo] = {
            "category": category,
            "complexity": max(self.printed_complexity(c) for c in cards),
            "name": self._combo_name(combo, cards),
            "cards": len(cards),
        }
        for c in cards:
            self._out_of_game(c)
        self.combos_made += 1
        self.work = {"kind": "reuse", "cards": [combo], "skills": skills}
        self.note(
            f"Accepted: {self.card_label(combo)} ({category}, complexity {self.combos[combo]['complexity']})"
        )

    def _combo_name(self, combo: int, cards: list[int]) -> str:
        words = self.game.content.combo_words
        parts = [self.card_name(c).split()[-1].capitalize() for c in cards[:2]]
        return f"{words[self.combos_made % len(words)]} {'-'.join(parts)}"

    def _out_of_game(self, card: int) -> None:
        """Remove a card from the game; a Combo card is wiped and becomes a blank again."""
        if card in self.combos:
            del self.combos[card]
            self.blanks.append(card)
        else:
            self.removed.append(card)

    def _store(self, seat: int, card: int, player: int) -> None:
        self._take(card)
        self.storage[player].append(card)
        self.fresh.add(card)
        self.note(f"P{seat + 1} stores {self.card_label(card)} in P{player + 1}'s Storage")

    def _recycle(self, seat: int, card: int, payer: int | None) -> None:
        origin = self._take(card)
        self.bin.append(card)
        self.recycled += 1
        text = f"P{seat + 1} recycles {self.card_label(card)} from {origin}"
        if payer is not None:
            cost = self.tables.recycle_cost[card]
            self.cash[payer] -= cost
            self.bank += cost
            text += f"; P{payer + 1} pays {cost}"
        self.note(text)

    def _burn(self, seat: int, card: int) -> None:
        """Burn: the third filled Burn slot releases a CO2 token (and 1 money); the last CO2 loses."""
        origin = self._take(card)
        self.burn.append(card)
        self.note(f"P{seat + 1} burns {self.card_label(card)} from {origin}")
        if len(self.burn) < self.rules().burn_slots:
            return
        for c in self.burn:
            self._out_of_game(c)
        self.burn.clear()
        self.co2 += 1
        self.note(f"The third Burn slot is filled: CO2 token {self.co2} is released")
        if self.co2 >= self.rules().co2_tokens:
            self.result = "the last CO2 token was released"
        elif self.bank > 0:
            self.pending = "co2_money"
        else:
            self.note("The bank is empty: no money comes with this CO2")

    def _co2_money(self, seat: int, player: int) -> None:
        self.bank -= 1
        self.cash[player] += 1
        self.pending = None
        self.note(f"P{seat + 1} gives the money from the incinerator to P{player + 1}")

    def _train(self, seat: int, skill: str) -> None:
        self.level[skill] += 1
        self.pending = None
        self.note(f"P{seat + 1} trains {self.skill_label(skill)}")
