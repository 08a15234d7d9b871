"""ResourCEd's observation tensors: the hexagon board as planes, hands, the bank, the Waste Pile.

Board planes are indexed by cell (the ids ``move``, ``place`` and ``remove`` name), player planes
by seat (``give``, ``take``, ``pay`` and ``choose`` name seats 1-4, entry ``seat - 1``), resource
entries in the order of ``RESOURCES``, the order of every ``resource`` argument. ResourCEd has no
secrets: hands, the Waste Pile, the board and the trade being put together are on the table, so the
observation is the whole state the rules read (the trades declined or put aside this turn show in the
action mask: ``offer_trade`` and ``withdraw``) and the information state adds no memory.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Game, State
from loopcity.engine.observation import Encoder, Features, ObservationSpec

from .actions import CRAFTABLE
from .board import CELLS
from .content import EVENT_IDS, RESOURCES, TILE_IDS, UPGRADE_IDS
from .table import DECISION_PHASES

TILES = ("bgcs", "recycler", *TILE_IDS)
PHASES = DECISION_PHASES
"""The phases the observation encodes: the state's own list (:data:`.table.DECISION_PHASES`)."""
MAX_SPIN = 6
MAX_MOVES = 8
SEAT_MODELS = (
    "Joint decisions (Social Housing upkeep, Events: who supplies, who pays) are explicit steps "
    "asked of one seat at a time, and a turn belongs to one seat, so both seat models give the same "
    "game; team: one agent plays every seat; seat: each seat plays its own turns and decisions."
)


class ResourcedEncoder(Encoder):
    """Layout: seat, turn, phase, board planes, players, hands, bank, Waste Pile, Event, context,
    the trade in progress, the table's question."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        lay, n, players, r = self.layout, CELLS, self.players, len(RESOURCES)
        self.o_seat = self.add_seat()
        self.o_turn = lay.add("turn_seat", players, "whose turn it is")
        self.o_phase = lay.add("phase", len(PHASES), ", ".join(PHASES))
        self.o_tile = lay.add("tile", (len(TILES), n), f"each cell's tile ({', '.join(TILES)})")
        self.o_upgrade = lay.add("upgrade", (len(UPGRADE_IDS), n), "each cell's Upgrade")
        self.o_pos = lay.add("player_cell", (players, n), "where each player stands")
        self.o_hand = lay.add("hand", (players, r), "each player's cards by resource / the hand limit")
        self.o_flags = lay.add("player_flags", (players, 2), "skips a turn; Bushfire Smoke")
        self.o_bank = lay.add("bank", r, "cards left in the Resource Bank / cards per type")
        self.o_waste = lay.add("waste_pile", r + 1, "the Waste Pile by resource, then in all / its maximum")
        self.o_event = lay.add("event", len(EVENT_IDS), "the Event in play")
        self.o_ring = lay.add("ring", 3, "the open ring (1-3)")
        self.o_ctx_res = lay.add("decision_resource", r, "the resource a decision is about")
        self.o_ctx_seat = lay.add("decision_seat", players, "the player a decision is about")
        self.o_ctx_item = lay.add("crafted", len(CRAFTABLE), "the item being placed")
        self.o_ctx_cell = lay.add("decision_cell", n, "the tile an Event threatens")
        self.o_scalars = lay.add(
            "scalars",
            10,
            "round / rounds, spin / 6, moves left / 8, action number / 3, trades / trade limit, "
            "crafts left / 2, cards still owed / 6, Social Housing / needed, hand limit / 15, recycled",
        )
        self.o_trade = lay.add(
            "trade",
            players + 2 * r,
            "the trade being put together or offered: the partner, then the cards given and the cards "
            "asked for by resource / the Trade Limit",
        )
        self.add_ballot()  # a proposal put to the table or a trade offered to a partner

    def observe(self, state: State, seat: int, out: Features) -> None:
        s: Any = state
        out.one(self.o_seat + seat)
        if 0 <= s.turn_seat < self.players:
            out.one(self.o_turn + s.turn_seat)
        out.one(self.o_phase + PHASES.index(s.phase))
        self._board(s, out)
        self._players(s, out)
        self._context(s, out)
        self._scalars(s, out)
        self._trade(s, out)
        self.write_ballot(s, out)

    def _board(self, s: Any, out: Features) -> None:
        n, hot = CELLS, out.hot
        for cell, tile in enumerate(s.tiles):
            if tile in TILES:
                hot.append(self.o_tile + TILES.index(tile) * n + cell)
        for cell, upgrade in enumerate(s.upgrades):
            if upgrade is not None:
                hot.append(self.o_upgrade + UPGRADE_IDS.index(upgrade) * n + cell)
        for p in range(self.players):
            hot.append(self.o_pos + p * n + s.pos[p])

    def _players(self, s: Any, out: Features) -> None:
        rules, r = s.tables.rules, len(RESOURCES)
        limit = s.hand_limit()
        for p in range(self.players):
            for i, count in enumerate(s.hands[p]):
                out.ratio(self.o_hand + p * r + i, count, limit)
            if s.skip[p]:
                out.one(self.o_flags + p * 2)
            if s.smoke[p]:
                out.one(self.o_flags + p * 2 + 1)
        for i, count in enumerate(s.bank):
            out.ratio(self.o_bank + i, count, rules.bank_per_type)
        waste = [0] * r
        for res in s.waste:
            waste[res] += 1
        for i, count in enumerate(waste):
            out.ratio(self.o_waste + i, count, rules.max_waste)
        out.ratio(self.o_waste + r, len(s.waste), rules.max_waste)
        if s.event in EVENT_IDS:
            out.one(self.o_event + EVENT_IDS.index(s.event))
        out.one(self.o_ring + min(max(s.ring, 1), 3) - 1)

    def _context(self, s: Any, out: Features) -> None:
        ctx = s.ctx
        if "res" in ctx:
            out.one(self.o_ctx_res + ctx["res"])
        if "seat" in ctx and 0 <= ctx["seat"] < self.players:
            out.one(self.o_ctx_seat + ctx["seat"])
        if ctx.get("item") in CRAFTABLE:
            out.one(self.o_ctx_item + CRAFTABLE.index(ctx["item"]))
        if "cell" in ctx:
            out.one(self.o_ctx_cell + ctx["cell"])
        if "event" in ctx and ctx["event"] in EVENT_IDS and s.event != ctx["event"]:
            out.one(self.o_event + EVENT_IDS.index(ctx["event"]))

    def _scalars(self, s: Any, out: Features) -> None:
        o, rules = self.o_scalars, s.tables.rules
        out.ratio(o, s.round, s.max_rounds)
        out.ratio(o + 1, s.spin, MAX_SPIN)
        out.ratio(o + 2, s.moves, MAX_MOVES)
        out.ratio(o + 3, s.action_no, 3)
        out.ratio(o + 4, s.traded, max(1, s.trade_limit()))
        out.ratio(o + 5, s.crafts_left, 2)
        out.ratio(o + 6, s.ctx.get("left", 0), 6)
        needed = rules.housing_to_open_ring3 if s.ring == 2 else rules.housing_to_win
        out.ratio(o + 7, s.social_housing(), needed)
        out.ratio(o + 8, s.hand_limit(), 15)
        if s.recycled:
            out.one(o + 9)

    def _trade(self, s: Any, out: Features) -> None:
        deal = s.deal
        if deal is None:
            return
        o, n, limit = self.o_trade, self.players, max(1, s.trade_limit())
        out.one(o + deal["with"])
        for i, count in enumerate(deal["give"]):
            if count:
                out.ratio(o + n + i, count, limit)
        for i, count in enumerate(deal["take"]):
            if count:
                out.ratio(o + n + len(RESOURCES) + i, count, limit)


OBSERVATION = ObservationSpec(ResourcedEncoder, SEAT_MODELS)
