"""A heuristic bot for Waste What?: reuse first, combine pairs, recycle the least reusable card,
store what a skill can handle later, burn only within a CO2 budget, and keep both Cash Boxes able to
pay the rent.

The bot scores every legal action with simple rules and plays the best (ties: the first listed). It
never changes the state it is given. In the shared phase it acts on its own things: while the
partner is still at work it reuses with its own skills and deals with its own Storage, then says it
is done, leaving the table's other cards to the partner; the last one at work deals with the rest,
asking the partner where their skills, Storage or money would serve better. It answers offers and
proposals with judgement (:func:`agrees`): it takes a card into its Storage only if it can still pay
the rent, pays for recycling only with money to spare, lends a skill unless it has a better card for
it, and gives the CO2 money to the player who needs it more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from loopcity.engine import Action, Rng, State, derive_seed
from loopcity.engine.table import VOTE

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
from .together import ballot_action, needs_consent

_ALL_CATEGORIES = frozenset(CATEGORIES)
DRAFT_PREFERENCE = ("creative", "furniture", "bikes", "food", "construction", "textile", "electronics")
"""The draft's order of preference; the first chooser may leave the Creative Community to the second
(:attr:`HeuristicBot.creative_first`)."""


class HeuristicBot:
    """Rule-based play for either seat of the shared phase."""

    name = "heuristic"

    def __init__(self, game: Any = None, seat: int = 0, seed: int = 0) -> None:
        self.rng = Rng(derive_seed(seed, seat, "waste_what_heuristic"))
        self.creative_first = Rng(derive_seed(seed, "waste_what_draft")).below(2) == 0
        """Whether the first chooser takes the Creative Community, or leaves it to the second chooser.
        The six categories' Skill cards are alike (nine Waste cards each, of the same complexities), so
        the draft's one choice that matters is who holds the Creative Community, and nothing at the
        draft tells which player it will help more: the game's seed settles it, half the games each way
        (as the rulebook's first game deals the Skill cards at random), instead of the first chooser
        always taking it and the second chooser always being the player the rent strains."""

    def choose(self, state: State[Any, Any], seat: int) -> Action:
        """The best-scored legal action for ``seat`` (ties: the first listed)."""
        assert isinstance(state, WasteWhatState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "draft":
            return min(legal, key=lambda a: self._draft_rank(state, CHOOSE.read(a).skill))
        if state.ballot is not None:
            return _YES if agrees(state, seat) else _NO
        plan = Plan(state, legal, seat)
        scores = [plan.score(a) for a in legal]
        return legal[scores.index(max(scores))]  # the first of the best

    def _draft_rank(self, state: WasteWhatState, skill: str) -> int:
        """The draft's preference; the first choice of the game passes over the Creative Community
        unless ``creative_first``."""
        if skill == CREATIVE and not state.owner and not self.creative_first:
            return len(DRAFT_PREFERENCE)
        return DRAFT_PREFERENCE.index(skill)


_YES, _NO = VOTE("yes"), VOTE("no")
_ASKING = frozenset({REUSE.name, REUSE_PLUS.name, STORE.name, RECYCLE.name, RECYCLE_PAYING.name, BURN.name})
"""The kinds whose actions may use the partner's things (a combo asks when it is made)."""
_TABLE_WORK = frozenset({STORE.name, RECYCLE.name, RECYCLE_PAYING.name, BURN.name})
"""What the bot leaves to the partner for the table's cards while the partner is still at work."""
DEFERRED = -100.0
"""The score of what the bot leaves to its partner: below saying it is done."""


def agrees(state: WasteWhatState, seat: int) -> bool:
    """The bot's answer to the offer or proposal put to ``seat``."""
    action = ballot_action(state)
    plan = Plan(state, [], seat)
    kind = action.kind
    if kind == CO2_MONEY.name:
        taker = seat_of(CO2_MONEY.read(action).player)
        return plan.margin[taker] <= plan.margin[1 - taker]
    if kind == TRAIN.name:
        best = max(plan.s._trainable(), key=lambda skill: plan._train(TRAIN(skill)))
        return plan._train(action) >= plan._train(TRAIN(best))
    if kind == STORE.name:
        return plan.margin_storing[seat] >= 0
    if kind == RECYCLE_PAYING.name and seat_of(RECYCLE_PAYING.read(action).player) == seat:
        return plan._recycle_paying(action) > 0
    if kind == BURN.name:
        card = BURN.read(action).card
        return plan.burns_left > 0 and (len(state.storage[seat]) > 1 or not plan.reusable_later(card))
    if kind in (REUSE.name, REUSE_PLUS.name):
        return state.done[seat] or not _better_use(state, seat, action)
    return True


def _better_use(state: WasteWhatState, seat: int, action: Action) -> bool:
    """Whether a skill of ``seat`` that the offered reuse would use could reuse a harder card alone."""
    card, skill = REUSE.read(action)
    if state.owner[skill] != seat or skill == CREATIVE:
        return False
    level, need = state.level[skill], state.complexity(card)
    return any(
        state.category(c) == skill and need < state.complexity(c) <= level
        for c in state.candidates()
        if c != card
    )


class Plan:
    """Facts about the position computed once per decision of ``seat``."""

    def __init__(self, state: WasteWhatState, legal: list[Action], seat: int) -> None:
        self.s = state
        self.seat = seat
        self.last = state.done[1 - seat]
        """Whether the partner is done: this seat deals with whatever is left."""
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
        """The action's score: what it does for the team, deferred while the partner is at work when
        it concerns the table's cards or the partner's things (checked first: a deferred action is not
        scored)."""
        kind = a.kind
        if kind not in _ASKING:
            return _SCORES[kind](self, a)
        s = self.s
        if needs_consent(s, self.seat, a):
            if self.last or (kind == REUSE.name and s.owner[REUSE.read(a).skill] == self.seat):
                return _SCORES[kind](self, a) - (0 if kind == STORE.name else 1)
            return DEFERRED
        if not self.last:
            card = int(a.args[0])
            if kind in _TABLE_WORK and card in s.table:
                return DEFERRED
            if kind == REUSE.name and REUSE.read(a).skill == CREATIVE and s.skill_free(s.category(card)):
                return DEFERRED  # the partner's own skill for that category is free
        return _SCORES[kind](self, a)

    def _co2_money(self, a: Action) -> float:
        taker = seat_of(CO2_MONEY.read(a).player)
        return -self.margin[taker] + (0.5 if taker == self.seat else 0)

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
            if s.owner.get(s.category(card)) != self.seat and not self.last:
                return -50  # the partner's skill: theirs to combine
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

    def _vote(self, a: Action) -> float:
        return 0

    def _sell(self, a: Action) -> float:
        raise_skill = SELL.read(a).raise_skill
        s = self.s
        money = s.sell_money > 0
        assert s.work is not None
        who = s.owner[raise_skill] if raise_skill != NO_RAISE else s.owner[s.work["skills"][0]]
        richer = self.margin[who] - min(self.margin)
        if money and (richer >= 3 or (richer >= 1 and not self.last)):
            return 30.0  # leave the slot's money to the partner, who still has cards to sell
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
        keeper = seat_of(player)
        after = self.margin_storing[keeper]
        if after < 0:
            return -40 + after
        own_skill = self.s.owner.get(self.s.category(card)) == keeper  # the keeper reuses it later
        return 20 + (10 if self.reusable_later(card) else -5) + after + (2 if own_skill else 0)

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
        if self.last and min(self.margin) < 0:
            return -500  # ending the round now loses: anything that lowers a rent first
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
    VOTE.name: Plan._vote,
}
"""The scoring rule of each action kind of the shared phase (the draft goes by ``DRAFT_PREFERENCE``)."""
