"""Resourcity's observation tensors: the 6x6 board as planes, the players, the Plots, the pools.

Board planes are indexed by tile id (``row * 6 + col``, the ids ``move``, ``rotate`` and ``to``
name); Plot planes by Plot id (the ids ``plant``, ``grow``, ``harvest`` and ``compost`` name); hand
slots by the slot numbers ``replace`` and ``discard`` name. Everything on the table is public; the
draw deck's order, and which Crisis tiles it holds where, are hidden (the observation gives the size
of each stack only). Whatever leaves play stays in view (Crisis and Huat tiles resolved, the discard
pile), so the observation is also the information state: the memory adds nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from loopcity.engine import Game, State
from loopcity.engine.observation import Encoder, Features, ObservationSpec

from .base import RESOURCES
from .board import PLOTS, TILES
from .content import CRISES, HUATS, Content
from .setup import POWERS

PHASES = (
    "act",
    "orient",
    "relocate",
    "discard",
    "compost",
    "draw",
    "over",
    "place",
    "propose",
    "vote",
)
CROPS = ("sugarcane", "sweetpotato", "catchment")
EVENTS = (*CRISES, *HUATS)
MAX_ROUNDS = 30
MAX_STACK = 20
SEAT_MODELS = (
    "Turn-based apart from the table's decisions before the first turn (where the tokens start, a "
    "proposal and a vote on who starts first); team: one agent plays every seat's turn and answer; seat: each seat plays its own "
    "turns and answers."
)


class ResourcityEncoder(Encoder):
    """Layout: seat, turn, phase, tile planes, players, hands, Plots, pools, events, counters."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        content = game.content
        assert isinstance(content, Content)
        self.content = content
        self.kinds = sorted({t.id for t in content.tiles} - set(EVENTS))
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.event_index = {e: i for i, e in enumerate(EVENTS)}
        self.start = {"fuel": content.start.fuel, "food": content.start.food, "water": content.start.water}
        self.supply = content.supply.model_dump(exclude={"source"})
        self.supply_names = tuple(self.supply)
        lay, n, players, k = self.layout, TILES, self.players, len(self.kinds)
        self.o_seat = self.add_seat()
        self.o_turn = lay.add("turn", players, "whose turn it is")
        self.o_phase = lay.add("phase", len(PHASES), ", ".join(PHASES))
        self.o_kind = lay.add("tile_kind", (k, n), f"each board tile's kind ({', '.join(self.kinds)})")
        self.o_rot = lay.add("tile_rotation", (4, n), "each tile's rotation in quarter turns")
        self.o_exits = lay.add("tile_exits", (4, n), "each tile's road exits N, E, S, W")
        self.o_pos = lay.add("player_tile", (players, n), "where each player's token stands")
        self.o_power = lay.add("superpower", (players, len(POWERS)), "each player's Superpower")
        self.o_hand = lay.add("hand", (players, 3, k), "each player's hand, slot by slot")
        self.o_plot = lay.add(
            "plots",
            (7, PLOTS),
            "each Plot: in a Farm, sugarcane, sweet potato, catchment, crop tokens / 4, Compost, ready",
        )
        self.o_basket = lay.add("harvest", (players, len(CROPS)), "each player's harvests by crop / 3")
        self.o_pools = lay.add(
            "resources", (2, len(RESOURCES)), "Available and Used fuel, food, water / the start amount"
        )
        self.o_supply = lay.add("supply", len(self.supply_names), "tokens left in the supply / the total")
        self.o_events = lay.add("events", len(EVENTS), "Crisis and Huat tiles resolved so far")
        self.o_pending = lay.add(
            "pending", (3 + n + players,), "the hand slot and tile being placed; the token being relocated"
        )
        self.o_scalars = lay.add(
            "scalars",
            10,
            "round / 30, actions left / 5, Manpower Shortage, Pandemic, Community Day turns / players, "
            "Crises drawn / Crises to win, Farms / 10, deck size / 60, Compost left / 3, discard pile / 60",
        )
        self.o_stacks = lay.add("deck_stacks", 4, "tiles in each deck stack / 20")
        self._boards: dict[tuple[tuple[str, ...], tuple[int, ...]], list[int]] = {}
        self._tile_bases: dict[tuple[str, int], tuple[int, ...]] = {}
        self.o_discard = lay.add("discarded", k, "road tiles on the discard pile by kind / 10")
        self.o_ballot = lay.add(
            "decision",
            (2 * players,),
            "the table's open question: the player proposed to start first; the players who said yes so far",
        )

    def observe(self, state: State, seat: int, out: Features) -> None:
        s: Any = state
        out.one(self.o_seat + seat)
        out.one(self.o_turn + s.turn)
        out.one(self.o_phase + PHASES.index(s.phase))
        self._board(s, out)
        self._players(s, out)
        self._plots(s, out)
        self._pools(s, out)
        self._ballot(s, out)

    def _ballot(self, s: Any, out: Features) -> None:
        ballot, o, players = s.ballot, self.o_ballot, self.players
        if ballot is None:
            return
        out.one(o + int(ballot["data"]))
        out.ones(o + players, [int(v) for v, said in ballot["votes"].items() if said == "yes"])

    def _board(self, s: Any, out: Features) -> None:
        key = (tuple(s.grid_kind), tuple(s.grid_rot))
        hot = self._boards.get(key)
        if hot is None:
            hot = self._board_features(s)
            if len(self._boards) > 50_000:
                self._boards.clear()
            self._boards[key] = hot
        out.hot.extend(hot)

    def _board_features(self, s: Any) -> list[int]:
        """The tile planes of one board (kept for each board seen: tiles change only by Rotate and
        Replace)."""
        hot: list[int] = []
        for t, tile in enumerate(zip(s.grid_kind, s.grid_rot, strict=True)):
            bases = self._tile_bases.get(tile)
            if bases is None:
                bases = self._tile_bases[tile] = self._bases(s, *tile)
            hot.extend([base + t for base in bases])
        return hot

    def _bases(self, s: Any, kind: str, rot: int) -> tuple[int, ...]:
        """Where a tile of this kind and rotation puts its ones, less the tile's own number."""
        n = TILES
        mask = s.tables.geo.exits.get((kind, rot), 0) if kind != "green" else 0
        exits = [self.o_exits + d * n for d in range(4) if mask >> d & 1]
        return (self.o_kind + self.kind_index[kind] * n, self.o_rot + rot * n, *exits)

    def _players(self, s: Any, out: Features) -> None:
        n, k, hot = TILES, len(self.kinds), out.hot
        for p in range(self.players):
            if s.pos[p] >= 0:  # not yet placed before the first turn
                hot.append(self.o_pos + p * n + s.pos[p])
            hot.append(self.o_power + p * len(POWERS) + POWERS.index(s.powers[p]))
            hot.extend(
                [
                    self.o_hand + (p * 3 + slot) * k + self.kind_index[kind]
                    for slot, kind in enumerate(s.hands[p][:3])
                ]
            )
            if s.baskets[p]:
                crops = [crop for crop, _n, _comp in s.baskets[p]]
                for c, crop in enumerate(CROPS):
                    out.ratio(self.o_basket + p * 3 + c, crops.count(crop), 3)

    def _plots(self, s: Any, out: Features) -> None:
        o, n = self.o_plot, PLOTS
        for p, farm in enumerate(s.farm):
            if farm >= 0:
                out.one(o + p)
        for p, crop in s.crop.items():
            out.one(o + (1 + CROPS.index(crop)) * n + p)
            out.ratio(o + 4 * n + p, s.tokens.get(p, 0), 4)
            if s.needed(p) <= 0:
                out.one(o + 6 * n + p)
        out.ones(o + 5 * n, s.compost)

    def _pools(self, s: Any, out: Features) -> None:
        r = len(RESOURCES)
        for i, res in enumerate(RESOURCES):
            out.ratio(self.o_pools + i, s.avail[res], self.start[res])
            out.ratio(self.o_pools + r + i, s.used[res], self.start[res])
        for i, name in enumerate(self.supply_names):
            out.ratio(self.o_supply + i, s.supply[name], max(1, self.supply[name]))
        out.ones(self.o_events, [self.event_index[e] for e in s.resolved])
        self._pending(s, out)
        o, turn, players = self.o_scalars, self.content.turn, self.players
        out.ratio(o, s.round, MAX_ROUNDS)
        out.ratio(o + 1, s.actions_left, 5)
        out.ratio(o + 2, s.manpower, players)
        out.ratio(o + 3, s.pandemic, players)
        out.ratio(o + 4, s.community, players)
        out.ratio(o + 5, s.crises_drawn, turn.crises_to_win)
        out.ratio(o + 6, s.farm_count(), 10)
        out.ratio(o + 7, len(s.deck), 60)
        out.ratio(o + 9, len(s.discard_pile), 60)
        for stack, size in enumerate(s.sections[:4]):
            out.ratio(self.o_stacks + stack, size, MAX_STACK)
        for kind, count in Counter(s.discard_pile).items():
            place = self.kind_index.get(kind)
            if place is not None:
                out.ratio(self.o_discard + place, count, 10)

    def _pending(self, s: Any, out: Features) -> None:
        pending, o = s.pending, self.o_pending
        if s.phase == "orient" and len(pending) == 2:
            out.one(o + pending[0])
            out.one(o + 3 + pending[1])
        elif s.phase == "relocate" and pending:
            out.one(o + 3 + TILES + pending[0])
        elif s.phase == "compost" and pending:
            out.ratio(self.o_scalars + 8, pending[0], 3)


OBSERVATION = ObservationSpec(ResourcityEncoder, SEAT_MODELS)
