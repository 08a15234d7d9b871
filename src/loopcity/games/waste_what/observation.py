"""Waste What?'s observation tensors: where every card lies, the skills, the money and the CO2.

Cards are indexed by card id, the same numbers the actions name (``recycle 12`` and entry 12 of the
``table`` row are the same card), over the action space's ``MAX_CARDS`` ids. Everything on the table
is face up, so both seats observe the same public state; only the order of the Waste and Event decks
is hidden (the ``deck`` row says which cards are in the deck, never where). The memory of the
information-state tensor holds the Event cards already drawn.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Game, State
from loopcity.engine.observation import Encoder, Features, ObservationSpec

from .actions import PLAYERS
from .content import CATEGORIES, MAX_CARDS, SKILL_ORDER, WasteWhatContent

PLACES = (
    "deck",
    "table",
    "storage_p1",
    "storage_p2",
    "work",
    "sell",
    "donate",
    "burn",
    "recycle_bin",
    "removed",
)
"""The rows of the card-location plane, in order (``removed``: reused or recycled out of the game)."""

WORK_KINDS = ("reuse", "combo")
PENDING = ("co2_money", "train")
RECYCLE = ("free", "costs", "no")
MAX_COMPLEXITY = 6
SEAT_MODELS = (
    "Both seats may act in the shared phase (dealing with the waste); the skill draft takes turns. "
    "team: one agent makes every move of both initiatives. seat: each seat acts for itself, the "
    "active seats taking turns move by move (either may deal with any card, as at the table)."
)


class WasteWhatEncoder(Encoder):
    """Layout: seat, phase, card locations and facts, skills, money, CO2, Event; memory: Events drawn."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        content = game.content
        assert isinstance(content, WasteWhatContent)
        self.rules = content.rules
        self.tables = game.tables
        self.events = [e.id for e in content.events]
        self.event_index = {e: i for i, e in enumerate(self.events)}
        lay, n, k = self.layout, MAX_CARDS, len(SKILL_ORDER)
        self.o_seat = self.add_seat()
        self.o_phase = lay.add("phase", 3, "draft, play, over")
        self.o_places = lay.add("places", (len(PLACES), n), "where each card lies, one row per place")
        self.o_category = lay.add("category", (len(CATEGORIES), n), "each card's category (combos too)")
        self.o_complexity = lay.add("complexity", n, "each card's complexity this round / 6")
        self.o_recycle = lay.add("recycle", (len(RECYCLE), n), "recycling: free, costs money, impossible")
        self.o_flags = lay.add("card_flags", (3, n), "a made Combo card; stored this round; a rejected combo")
        self.o_owner = lay.add("skill_owner", (len(PLAYERS), k), "who holds each Skill card")
        self.o_level = lay.add("skill_level", k, "each Skill card's level / the maximum level")
        self.o_used = lay.add("skill_used", k, "skills used this round")
        self.o_draft = lay.add("draft_pool", k, "Skill cards still on offer in the draft")
        self.o_draft_turn = lay.add("draft_turn", len(PLAYERS), "whose pick it is in the draft")
        self.o_work = lay.add("work_kind", len(WORK_KINDS), "what the card in the work area is for")
        self.o_work_skills = lay.add("work_skills", k, "the skills used on the card in work")
        self.o_pending = lay.add("pending", len(PENDING), "a choice the team owes: CO2 money, training")
        self.o_event = lay.add("event", len(self.events), "this round's Event card")
        self.o_scalars = lay.add(
            "scalars",
            10,
            "round, cash p1, cash p2, bank, sell money, CO2 released, rent p1, rent p2, cards reused, "
            "cards recycled this round (amounts over their maximum)",
        )
        self.add_ballot()  # what one player offers or proposes to the other
        self.m_events = self.memory.add("events_drawn", len(self.events), "Event cards drawn so far")
        self._static = self._static_features()
        self.row_bases = tuple(self.o_places + row * n for row in range(len(PLACES)))

    def _static_features(self) -> list[int]:
        """The card facts that never change (categories and recycling of the printed cards)."""
        t, n = self.tables, MAX_CARDS
        out = Features()
        for card in range(t.first_combo):
            if t.category[card]:
                out.one(self.o_category + CATEGORIES.index(t.category[card]) * n + card)
            rule = 2 if t.recycle[card] < 0 else (1 if t.recycle[card] > 0 else 0)
            out.one(self.o_recycle + rule * n + card)
        for card in range(t.first_combo, t.n_cards):
            out.one(self.o_recycle + 2 * n + card)
        return out.hot

    def observe(self, state: State, seat: int, out: Features) -> None:
        st: Any = state
        out.hot.extend(self._static)
        out.one(self.o_seat + seat)
        out.one(self.o_phase + (0 if st.draft_pool else (2 if st.result else 1)))
        self._cards(st, out)
        self._skills(st, out)
        self._money(st, out)
        if st.event is not None:
            out.one(self.o_event + self.event_index[st.event])
        self.write_ballot(st, out)

    def _cards(self, st: Any, out: Features) -> None:
        n, bases, hot = MAX_CARDS, self.row_bases, out.hot
        work = st.work["cards"] if st.work is not None else ()
        second = st.storage[1] if len(st.storage) > 1 else ()
        rows = (
            st.deck,
            st.table,
            st.storage[0],
            second,
            work,
            st.sell,
            st.donate,
            st.burn,
            st.bin,
            st.removed,
        )
        hot.extend([base + card for base, cards in zip(bases, rows, strict=True) for card in cards])
        complexity, category = self.o_complexity, self.tables.category
        for card in (*st.table, *st.storage[0], *second, *work):
            if card in st.combos or category[card]:
                out.ratio(complexity + card, st.complexity(card), MAX_COMPLEXITY)
        flags = self.o_flags
        for card, combo in st.combos.items():
            hot.append(flags + card)
            hot.append(self.o_category + CATEGORIES.index(combo["category"]) * n + card)
        out.ones(flags + n, st.fresh)
        out.ones(flags + 2 * n, st.rejected)

    def _skills(self, st: Any, out: Features) -> None:
        k, top = len(SKILL_ORDER), self.rules.max_skill_level
        for i, skill in enumerate(SKILL_ORDER):
            owner = st.owner.get(skill)
            if owner is not None:
                out.one(self.o_owner + owner * k + i)
                out.ratio(self.o_level + i, st.level[skill], top)
            if skill in st.used:
                out.one(self.o_used + i)
            if skill in st.draft_pool:
                out.one(self.o_draft + i)
        if st.draft_pool:
            out.one(self.o_draft_turn + st.draft_turn)
        if st.work is not None:
            out.one(self.o_work + WORK_KINDS.index(st.work["kind"]))
            out.ones(self.o_work_skills, [SKILL_ORDER.index(s) for s in st.work.get("skills", ())])
        if st.pending in PENDING:
            out.one(self.o_pending + PENDING.index(st.pending))

    def _money(self, st: Any, out: Features) -> None:
        r, o, t = self.rules, self.o_scalars, self.tables
        money = r.money_tokens
        out.ratio(o, st.round, r.rounds)
        for p in range(min(2, st.players)):
            out.ratio(o + 1 + p, st.cash[p], money)
            out.ratio(o + 6 + p, st.rent_due(p), money)
        out.ratio(o + 3, st.bank, money)
        out.ratio(o + 4, st.sell_money, money)
        out.ratio(o + 5, st.co2, r.co2_tokens)
        out.ratio(o + 8, st.reused, t.n_waste)
        out.ratio(o + 9, st.recycled, max(1, r.recycle_per_round))

    def remember(self, state: State, seat: int, out: Features) -> None:
        st: Any = state
        unseen = set(st.event_deck)
        out.ones(self.m_events, [i for i, e in enumerate(self.events) if e not in unseen])


OBSERVATION = ObservationSpec(WasteWhatEncoder, SEAT_MODELS)
