"""A player's turn: spin, Action, move, Action, hand limit; trading at any time in between.

Gather, Craft (at BGCS, twice when the movement ended there) and Operate (Composter, Irrigation
System, Recycler once per player per turn, the Bus Stop's Shopping Center).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from loopcity.engine import Action, NoArgs
from loopcity.engine.text import _

from .actions import (
    CRAFT,
    DISCARD,
    END_TURN,
    GATHER,
    GATHER_ANY,
    HANDLERS,
    MOVE,
    OPERATE,
    PASS,
    PLACE,
    SHOP,
    SHOP_DONE,
    WASTE,
    Cell,
    Item,
    Resource,
)
from .board import ADJACENT, BGCS, NEIGHBOURS, RING, RING_CELLS, RING_SLICE
from .content import RESOURCE_INDEX, TILE_IDS
from .events import EventsMixin
from .table import covers
from .texts import seat_name
from .together import GIVES, TAKES
from .words import named

if TYPE_CHECKING:
    from .rules import ResourcedState


_GATHER_ANY = GATHER_ANY.actions()
"""``gather_any <resource>`` by Resource index, made once (as are the lists below)."""
_DISCARD = DISCARD.actions()
_SHOP = SHOP.actions()
_WASTE = WASTE.actions()
_MOVE = MOVE.actions()
"""``move <cell>`` by cell."""
_PLACE = PLACE.actions()
_CRAFT = {CRAFT.read(a).item: a for a in CRAFT.actions()}
_END_TURN, _PASS, _OPERATE, _SHOP_DONE, _GATHER = END_TURN(), PASS(), OPERATE(), SHOP_DONE(), GATHER()
_TILE_ITEMS = frozenset((*TILE_IDS, "recycler"))
"""The items crafted as tiles (placed on an empty cell of the current Ring); the rest are Upgrades."""


def _held(hand: list[int]) -> int:
    """The Resources ``hand`` holds a card of, as bits (Resource ``r`` is bit ``r``)."""
    return (
        (1 if hand[0] else 0)
        | (2 if hand[1] else 0)
        | (4 if hand[2] else 0)
        | (8 if hand[3] else 0)
        | (16 if hand[4] else 0)
    )


_GIVES_HELD = tuple(tuple(tuple(g[r] for r in range(5) if m >> r & 1) for m in range(32)) for g in GIVES)
"""The ``give`` actions of a trade's first card, by the partner's seat (from 0) and the Resources held
(:func:`_held`), in Resource order."""
_TAKES_HELD = tuple(tuple(tuple(t[r] for r in range(5) if m >> r & 1) for m in range(32)) for t in TAKES)
"""The ``take`` actions likewise, by the partner's seat and the Resources the partner holds."""

_MOVES: dict[tuple[int | str | None, ...], tuple[Action, ...]] = {}
"""The moves from a cell with so many steps over the tiles placed (``_legal_move``; bounded), by the
cell, the steps and the board's tiles."""
_CHAINS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""The trading chain of a seat, by the seat and every player's cell (``TurnMixin.chain``; bounded)."""


def _chain(pos: list[int], seat: int) -> tuple[int, ...]:
    """The players linked to ``seat`` through players on the same or adjacent tiles, in seat order."""
    group = {seat}
    todo = [seat]
    while todo:
        pa = pos[todo.pop()]
        near = ADJACENT[pa]
        for b, pb in enumerate(pos):
            if b not in group and (pb == pa or pb in near):
                group.add(b)
                todo.append(b)
    group.discard(seat)
    return tuple(sorted(group))


def _chain_kept(pos: list[int], seat: int) -> tuple[int, ...]:
    """:func:`_chain`, worked out once for each placing of the players and kept (bounded)."""
    key = (seat, *pos)
    found = _CHAINS.get(key)
    if found is None:
        if len(_CHAINS) >= 4096:
            _CHAINS.clear()
        found = _CHAINS[key] = _chain(pos, seat)
    return found


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class TurnMixin(EventsMixin):
    """The turn of :class:`~.rules.ResourcedState` (on its Events: one line of classes, which the
    compiled build compiles)."""

    # ----- start and end of a turn --------------------------------------------------------------
    def _do_turn(self, seat: int) -> None:
        self._reset_turn(seat)
        if self.skip[seat]:
            self.skip[seat] = False
            self.note(lambda: _("{seat} skips this turn.").format(seat=seat_name(seat)), kind="event")
            return
        t = self.tables
        rules = t.rules
        self.spin = self.draw_from(t.spinner, lambda: _("{seat} spins").format(seat=seat_name(seat)))
        moves = self.spin
        if self.upgrades[BGCS] == "bus_stop":
            moves += rules.bus_stop_movement
        if self.smoke[seat]:
            moves -= rules.bushfire_smoke_movement
            self.smoke[seat] = False
        self.moves = max(0, moves)
        self.action_no = 1
        self.phase = "action"

    def _legal_end(self, seat: int) -> list[Action]:
        acts = [_END_TURN]
        if self.crafts_left:
            acts += [_CRAFT[i] for i in self.craftable(seat)]
        acts += self._trades(seat)
        return acts

    def _legal_discard(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        return [_DISCARD[r] for r in range(5) if hand[r]]

    # ----- Actions -------------------------------------------------------------------------------
    def tile_actions(self, seat: int) -> list[Action]:
        """The Actions available on the player's tile (trades aside)."""
        t = self.tables
        cell = self.pos[seat]
        tile = self.tile_at(cell)
        bank = self.bank
        if tile == "bgcs":
            acts = [_GATHER_ANY[r] for r in range(5) if bank[r]]
            acts += [_CRAFT[i] for i in self.craftable(seat)]
            if self.upgrades[BGCS] == "bus_stop" and sum(bank) >= 2:
                acts.append(_OPERATE)
            return acts
        if tile == "recycler":  # it removes Waste: with none, or without its cost, no Action
            ok = bool(self.waste) and not self.recycled and self.can_pay(seat, t.recycler_operating)
            return [_OPERATE] if ok else []
        acts = [_GATHER] if bank[t.produces[tile]] else []
        upgrade = self.upgrades[cell]
        if upgrade is not None:
            cost = t.operation[upgrade][0]
            if any(cost) and covers(self.hands[seat], cost):  # ``can_pay``
                acts.append(_OPERATE)
        return acts

    def _legal_action(self, seat: int) -> list[Action]:
        acts = self.tile_actions(seat) or [_PASS]
        acts += self._trades(seat)
        return acts

    def _after_action(self) -> None:
        if self.action_no == 1:
            self.phase = "move"
        else:
            self.phase = "end"

    def gather_amount(self, cell: int) -> int:
        """How many cards a Gather on this Resource Tile yields (ring production, +1 with an Upgrade)."""
        return self.tables.production[RING[cell] - 1] + (1 if self.upgrades[cell] else 0)

    def _legal_any(self, seat: int) -> list[Action]:
        bank = self.bank
        return [_GATHER_ANY[r] for r in range(5) if bank[r]]

    # ----- Crafting ------------------------------------------------------------------------------
    def placements(self, item: str) -> list[int]:
        """Where a crafted item may go: an empty cell of the current Ring, or a matching tile."""
        tiles = self.tiles
        if item in _TILE_ITEMS:
            return [c for c in RING_CELLS[self.ring] if tiles[c] is None]
        target = self.tables.upgrade_tile[item]
        upgrades = self.upgrades
        return [c for c, tile in enumerate(tiles) if tile == target and upgrades[c] is None]

    def craftable(self, seat: int) -> list[str]:
        """Items this player can pay for, with a piece left in the box and a place to go (an empty
        cell of the current Ring for a tile, a tile of its kind without an Upgrade for an Upgrade:
        ``placements``, each looked for once)."""
        t = self.tables
        count, pieces, ring = self.count, t.pieces, self.ring
        hand = self.hands[seat]
        out = []
        free: bool | None = None  # an empty cell in the current Ring
        bare: set[str | None] | None = None  # the tiles with no Upgrade
        for item, cost, target in t.crafts[ring]:  # CRAFTABLE, with ``craft_cost`` in this Ring
            if count[item] >= pieces[item] or not covers(hand, cost):
                continue
            if target is None:
                if free is None:
                    free = None in self.tiles[RING_SLICE[ring]]
                if free:
                    out.append(item)
            else:
                if bare is None:
                    bare = {tile for tile, up in zip(self.tiles, self.upgrades, strict=True) if up is None}
                if target in bare:
                    out.append(item)
        return out

    def _legal_place(self, seat: int) -> list[Action]:
        return [_PLACE[c] for c in self.placements(self.ctx["item"])]

    def _place_crafted(self, cell: int) -> None:
        """What was crafted goes on ``cell``, as the table decided."""
        item = self.ctx["item"]
        t = self.tables
        if item in TILE_IDS or item == "recycler":
            self._put_tile(cell, item)
            self.note(
                lambda: _("The {item} is placed on hex {cell} (Ring {ring}).").format(
                    item=named(t, item), cell=cell, ring=RING[cell]
                ),
                kind="decision",
            )
        else:
            self._put_upgrade(cell, item)
            tile = self.tile_at(cell)
            self.note(
                lambda: _("The {item} is placed on the {tile} (hex {cell}).").format(
                    item=named(t, item), tile=named(t, tile), cell=cell
                ),
                kind="decision",
            )
        if self.ctx["bonus"]:
            self.phase = "end"
        else:
            self._after_action()

    # ----- Operating -----------------------------------------------------------------------------
    def _legal_shop(self, seat: int) -> list[Action]:
        got = self.ctx["got"]
        acts = [_SHOP_DONE]
        bank = self.bank
        if sum(bank) >= got + 2:
            acts += [_SHOP[r] for r in range(5) if bank[r]]
        return acts

    def _shop_waste_next(self) -> None:
        if self.ctx["left"] and any(self.bank):
            self.phase = "shop_waste"
        else:
            self._after_action()

    def _legal_shop_waste(self, seat: int) -> list[Action]:
        bank = self.bank
        return [_WASTE[r] for r in range(5) if bank[r]]

    # ----- Movement ------------------------------------------------------------------------------
    def reachable(self, seat: int) -> list[int]:
        """Tiles reachable moving 0 to ``moves`` steps over placed tiles."""
        start = self.pos[seat]
        seen = {start}
        frontier = [start]
        tiles = self.tiles
        for _step in range(self.moves):
            nxt = []
            for c in frontier:
                for d in NEIGHBOURS[c]:
                    if d not in seen and tiles[d] is not None:
                        seen.add(d)
                        nxt.append(d)
            if not nxt:
                break
            frontier = nxt
        return sorted(seen)

    def _legal_move(self, seat: int) -> list[Action]:
        key = (self.pos[seat], self.moves, *self.tiles)
        moves = _MOVES.get(key)
        if moves is None:
            if len(_MOVES) >= 4096:
                _MOVES.clear()
            moves = _MOVES[key] = tuple([_MOVE[c] for c in self.reachable(seat)])
        acts = list(moves)
        acts += self._trades(seat)
        return acts

    # ----- Trading -------------------------------------------------------------------------------
    def chain(self, seat: int) -> list[int]:
        """Players on the same tile, an adjacent tile, or linked through a chain of players (worked
        out once for each placing of the players and kept, bounded)."""
        return list(_chain_kept(self.pos, seat))

    def trade_partners(self, seat: int) -> list[int]:
        """Who the player may trade with now (one partner per turn, within the Trade Limit)."""
        if self.traded >= self.trade_limit():
            return []
        partners = _CHAINS.get((seat, *self.pos))  # asked at every step: the kept chain read here
        if partners is None:
            partners = _chain_kept(self.pos, seat)
        partner = self.partner
        if partner >= 0:
            return [partner] if partner in partners else []
        return list(partners)

    def _trades(self, seat: int) -> list[Action]:
        """The first card of a trade with each partner in reach, either way."""
        acts: list[Action] = []
        partners = self.trade_partners(seat)
        if not partners:
            return acts
        hands = self.hands
        mine = _held(hands[seat])
        for p in partners:  # every card one may give, then every card the partner may give
            acts += _GIVES_HELD[p][mine]
            acts += _TAKES_HELD[p][_held(hands[p])]
        if self.put_aside and self.declined and acts:  # a trade put aside and declined: a step only
            acts = self._leading_on(seat, acts, [0] * 5, [0] * 5)
        return acts


# ----- the handlers of the actions ----------------------------------------------------------------
@HANDLERS.on(END_TURN)
def on_end_turn(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """The player ends the turn, Wasting down to the hand limit first if need be."""
    state.phase = "discard" if sum(state.hands[seat]) > state.hand_limit() else "auto"


@HANDLERS.on(PASS)
def on_pass(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """No Action is available on this tile: the Action is skipped."""
    state._after_action()


@HANDLERS.on(GATHER)
def on_gather(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """Gather on a Resource Tile: its Ring's production, +1 with its Upgrade."""
    cell = state.pos[seat]
    r = state.tables.produces[state.tile_at(cell)]
    state._gain(seat, r, state.gather_amount(cell))  # the log line says how many (texts.describe)
    state._after_action()


@HANDLERS.on(GATHER_ANY)
def on_gather_any(state: ResourcedState, seat: int, a: Resource) -> None:
    """Gather at BGCS: one Resource of any type (two, one by one, with the Bus Stop)."""
    state._gain(seat, RESOURCE_INDEX[a.resource], 1)
    if state.phase == "action":
        extra = state.tables.rules.bgcs_gather - 1 + (1 if state.upgrades[BGCS] == "bus_stop" else 0)
        state.ctx = {"left": extra}
    else:
        state.ctx["left"] -= 1
    if state.ctx["left"] and any(state.bank):
        state.phase = "any"
    else:
        state._after_action()


@HANDLERS.on(CRAFT)
def on_craft(state: ResourcedState, seat: int, a: Item) -> None:
    """Craft at BGCS: pay the cost; the table then decides where the item goes (``place``)."""
    state._pay(seat, state.tables.craft_cost(a.item, state.ring))
    bonus = state.phase == "end"
    if not bonus and state.action_no == 2 and state.pos[seat] == BGCS:
        state.crafts_left = 1  # the movement ended on BGCS: this Action may craft twice
    elif bonus:
        state.crafts_left = 0
    state._start_choice("place", seat, item=a.item, bonus=bonus)


@HANDLERS.on(OPERATE)
def on_operate(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """Operate the tile's Upgrade or Recycler, or go to the Bus Stop's Shopping Center."""
    t = state.tables
    cell = state.pos[seat]
    tile = state.tiles[cell]
    if tile == "bgcs":
        state.ctx = {"got": 0}
        state.phase = "shop"
        return
    if tile == "recycler":
        state._pay(seat, t.recycler_operating)
        state._recycle(t.recycler_removal[RING[cell] - 1])  # the log line says how many
        state.recycled = True
    else:
        upgrade = state.upgrades[cell]
        assert upgrade is not None
        cost, gain = t.operation[upgrade]
        state._pay(seat, cost)
        for r, k in enumerate(gain):
            if k:
                state._gain(seat, r, k)
    state._after_action()


@HANDLERS.on(SHOP)
def on_shop(state: ResourcedState, seat: int, a: Resource) -> None:
    """Shopping Center: one card from the bank."""
    state._gain(seat, RESOURCE_INDEX[a.resource], 1)
    state.ctx["got"] += 1


@HANDLERS.on(SHOP_DONE)
def on_shop_done(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """Shopping Center: stop getting cards, then Waste as many from the bank."""
    state.ctx = {"left": state.ctx["got"]}
    state._shop_waste_next()


@HANDLERS.on(MOVE)
def on_move(state: ResourcedState, seat: int, a: Cell) -> None:
    """Move to a reachable tile; the second Action follows there."""
    state.pos[seat] = a.cell
    state.action_no = 2
    state.phase = "action"
