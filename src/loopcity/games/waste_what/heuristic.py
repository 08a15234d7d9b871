"""A heuristic bot for Waste What?: reuse first, combine pairs, recycle the least reusable card,
store what a skill can handle later, burn only within a CO2 budget, and keep both Cash Boxes able to
pay the rent.

The bot scores every legal action with simple rules and plays the best (ties: the first listed). It
never changes the state it is given. Both seats play the same way, so in a shared phase it does not
matter which seat acts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from loopcity.engine import Action, Rng, State, derive_seed

from .actions import (
    BURN,
    CHOOSE,
    CO2_MONEY,
    COMBINE,
    COMBO,
    DONATE,
    END_ROUND,
    NO_RAISE,
    RECYCLE,
    RECYCLE_PAYING,
    REUSE,
    REUSE_PLUS,
    SELL,
    STORE,
    TRAIN,
    seat_of,
)
from .content import CATEGORIES, CREATIVE
from .rules import WasteWhatState

_ALL_CATEGORIES = frozenset(CATEGORIES)
DRAFT_PREFERENCE = ("creative", "furniture", "bikes", "food", "construction", "textile", "electronics")


class HeuristicBot:
    """Rule-based play for either seat of the shared phase."""

    name = "heuristic"

    def __init__(self, game: Any = None, seat: int = 0, seed: int = 0) -> None:
        self.rng = Rng(derive_seed(seed, seat, "waste_what_heuristic"))

    def choose(self, state: State[Any, Any], seat: int) -> Action:
        """The best-scored legal action for ``seat`` (ties: the first listed)."""
        assert isinstance(state, WasteWhatState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "draft":
            return min(legal, key=lambda a: DRAFT_PREFERENCE.index(CHOOSE.read(a).skill))
        plan = Plan(state, legal)
        scores = [_SCORES[a.kind](plan, a) for a in legal]
        return legal[scores.index(max(scores))]  # the first of the best


class Plan:
    """Facts about the position computed once per decision."""

    def __init__(self, state: WasteWhatState, legal: list[Action]) -> None:
        self.s = state
        self.legal = legal
        t = state.tables
        self.first_combo = t.first_combo
        self.card_category = t.category
        rules = state.rules()
        self.rounds_left = rules.rounds - state.round
        self.margin = [state.cash[p] - state.rent_due(p) for p in range(len(state.cash))]
        self.burns_left = (rules.co2_tokens - state.co2) * rules.burn_slots - len(state.burn) - 1
        self.reserve = self.rounds_left  # keep one burn for each round still to play
        cc = state.level.get(CREATIVE, 0) if CREATIVE in state.owner else 0
        self.cc_any = cc >= rules.creative_any_skill_level
        self.free_storage = not all(state.storage)
        self.table = state.table
        # each player's money margin once one more card lies in their Storage
        self.margin_storing = [
            m - 1 if stored else m for m, stored in zip(self.margin, state.storage, strict=True)
        ]
        # the categories some skill in play could ever reuse (the Creative Community: any)
        self.later = _ALL_CATEGORIES if CREATIVE in state.owner else state.owner
        self._reusable_now: set[int] | None = None
        self._easiest: dict[str, list[tuple[int, int]]] | None = None  # see _easiest_cards
        self._free: dict[str, int] = {}

    # ----- card judgements ---------------------------------------------------------------------
    def reusable_later(self, card: int) -> bool:
        """Could some skill in play ever reuse this card?"""
        cat = self.card_category[card] if card < self.first_combo else self.s.category(card)
        return cat in self.later

    def reusable_now(self, card: int) -> bool:
        """Is there a reuse action for this card now?"""
        if self._reusable_now is None:
            reuse = (REUSE.name, REUSE_PLUS.name)
            self._reusable_now = {REUSE.read(a).card for a in self.legal if a.kind in reuse}
        return card in self._reusable_now

    # ----- scoring ---------------------------------------------------------------------------
    def score(self, a: Action) -> float:
        return _SCORES[a.kind](self, a)

    def _co2_money(self, a: Action) -> float:
        return -self.margin[seat_of(CO2_MONEY.read(a).player)]

    def _train(self, a: Action) -> float:
        skill = TRAIN.read(a).skill
        if skill == CREATIVE and not self.cc_any:
            return 10
        return -self.s.level[skill]

    def _reuse(self, a: Action) -> float:
        card, skill = REUSE.read(a)
        base = 60 if skill == CREATIVE else 80
        return base + self.s.complexity(card) + (2 if card in self.table else 0) + self._need(skill)

    def _need(self, skill: str) -> float:
        """While the Sell slots hold money, reuse first with the skills of the player who needs it."""
        if self.s.sell_money <= 0 or skill == CREATIVE:
            return 0.0
        return max(0.0, 3.0 - self.margin[self.s.owner[skill]])

    def _reuse_plus(self, a: Action) -> float:
        return 50 + self.s.complexity(REUSE_PLUS.read(a).card)

    def _combo(self, a: Action) -> float:
        card = COMBO.read(a).card
        s = self.s
        work = s.work
        if work is None:
            if self.free_storage or not self._has_pair(card):
                return -50
            return 90 + s.complexity(card)
        first = work["cards"][0]
        if len(work["cards"]) >= 2 or s.category(card) != s.category(first):
            return -50
        return 90 + s.complexity(card) if s.combo_feasible([first, card], False) else -50

    def _has_pair(self, card: int) -> bool:
        """Is there a second card of the same category with which the skill alone handles both?"""
        s = self.s
        if self._easiest is None:
            self._easiest = self._easiest_cards()
        cat = s.category(card)
        level = self._free.get(cat)
        if level is None:
            return False
        for partner, d in self._easiest.get(cat, ()):
            if d != card:
                return level >= s.complexity(card) + partner
        return False

    def _easiest_cards(self) -> dict[str, list[tuple[int, int]]]:
        """(complexity, card) of the two easiest cards of each category that may join a combo now."""
        s = self.s
        self._free = s.free_levels()
        easiest: dict[str, list[tuple[int, int]]] = {}
        for d in s.candidates():
            cat = s.category(d)
            if cat and d not in s.rejected:
                easiest.setdefault(cat, []).append((s.complexity(d), d))
        for cards in easiest.values():
            cards.sort()
            del cards[2:]
        return easiest

    def _combine(self, a: Action) -> float:
        return 100 if COMBINE.read(a).creative == "alone" else 0

    def _sell(self, a: Action) -> float:
        raise_skill = SELL.read(a).raise_skill
        s = self.s
        money = s.sell_money > 0
        assert s.work is not None
        who = s.owner[raise_skill] if raise_skill != NO_RAISE else s.owner[s.work["skills"][0]]
        if money and self.margin[who] - min(self.margin) >= 3:
            return 30.0
        return (70 if money else 20) - self.margin[who]

    def _donate(self, a: Action) -> float:
        raise_skill = DONATE.read(a).raise_skill
        s = self.s
        if raise_skill == CREATIVE:
            return 40 if not self.cc_any else 25
        if raise_skill == NO_RAISE:
            return 20
        return 35 - s.level[raise_skill]

    def _recycle(self, a: Action) -> float:
        card = RECYCLE.read(a).card
        return 40 + (15 if not self.reusable_later(card) else 0) + (5 if card in self.table else 0)

    def _recycle_paying(self, a: Action) -> float:
        card, player = RECYCLE_PAYING.read(a)
        p = seat_of(player)
        if self.margin[p] - 1 < self.rounds_left:  # keep money for the rents to come
            return -10
        return 30 + (15 if not self.reusable_later(card) else 0) + self.margin[p]

    def _store(self, a: Action) -> float:
        card, player = STORE.read(a)
        after = self.margin_storing[seat_of(player)]
        if after < 0:
            return -40 + after
        return 20 + (10 if self.reusable_later(card) else -5) + after

    def _burn(self, a: Action) -> float:
        card = BURN.read(a).card
        if self.burns_left <= 0:
            return -1000
        if card not in self.table:
            s = self.s
            owner = 0 if card in s.storage[0] else 1
            if len(s.storage[owner]) > 1 and not self.reusable_now(card):
                return 200 - (10 if self.reusable_later(card) else 0)
            return -20
        value = 25 if not self.reusable_later(card) else 12
        if self.burns_left <= self.reserve:
            value -= 20
        return value

    def _end_round(self, a: Action) -> float:
        return 10


_SCORES: dict[str, Callable[[Plan, Action], float]] = {
    REUSE.name: Plan._reuse,
    REUSE_PLUS.name: Plan._reuse_plus,
    SELL.name: Plan._sell,
    DONATE.name: Plan._donate,
    COMBO.name: Plan._combo,
    COMBINE.name: Plan._combine,
    STORE.name: Plan._store,
    RECYCLE.name: Plan._recycle,
    RECYCLE_PAYING.name: Plan._recycle_paying,
    BURN.name: Plan._burn,
    CO2_MONEY.name: Plan._co2_money,
    TRAIN.name: Plan._train,
    END_ROUND.name: Plan._end_round,
}
"""The scoring rule of each action kind of the shared phase (the draft goes by ``DRAFT_PREFERENCE``)."""
