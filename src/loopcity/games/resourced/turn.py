"""A player's turn: spin, Action, move, Action, hand limit; trading at any time in between.

Gather, Craft (at BGCS, twice when the movement ended there) and Operate (Composter, Irrigation
System, Recycler once per player per turn, the Bus Stop's Shopping Center).
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action

from . import actions as A
from .board import ADJACENT, BGCS, NEIGHBOURS, RING, RING_CELLS
from .content import RESOURCES, TILE_IDS

TURN_PHASES = frozenset({"action", "any", "move", "place", "shop", "shop_waste", "end", "discard"})
TRADE_PHASES = frozenset({"action", "move", "end"})
UPGRADES_ON = {"food_forest", "community_garden", "heat_haven", "social_housing", "bgcs"}


class TurnMixin:
    """The turn of :class:`~.rules.ResourcedState` (mixed into it; uses its fields and helpers)."""

    # ----- start and end of a turn --------------------------------------------------------------
    def _reset_turn(self: Any, seat: int) -> None:
        self.turn_seat = seat
        self.spin = 0
        self.moves = 0
        self.action_no = 0
        self.crafts_left = 0
        self.partner = -1
        self.traded = 0
        self.recycled = False

    def _do_turn(self: Any, seat: int) -> None:
        self._reset_turn(seat)
        if self.skip[seat]:
            self.skip[seat] = False
            self.note(f"Seat {seat + 1} skips this turn")
            return
        rules = self.t.rules
        self.spin = self.draw_from(self.t.spinner, f"Seat {seat + 1} spins")
        moves = self.spin
        if self.upgrades[BGCS] == "bus_stop":
            moves += rules.bus_stop_movement
        if self.smoke[seat]:
            moves -= rules.bushfire_smoke_movement
            self.smoke[seat] = False
        self.moves = max(0, moves)
        self.action_no = 1
        self.phase = "action"

    def _legal_end(self: Any, seat: int) -> list[Action]:
        acts = [A.END_TURN]
        if self.crafts_left:
            acts += [A.CRAFT[i] for i in self.craftable(seat)]
        return acts + self._trades(seat)

    def _act_end_turn(self: Any, seat: int) -> None:
        self.phase = "discard" if sum(self.hands[seat]) > self.hand_limit() else "auto"

    def _legal_discard(self: Any, seat: int) -> list[Action]:
        hand = self.hands[seat]
        return [A.DISCARD[r] for r in range(5) if hand[r]]

    def _act_discard(self: Any, seat: int, r: int) -> None:
        self._waste_from_hand(seat, r)
        if self.phase == "cat_discard" or sum(self.hands[seat]) <= self.hand_limit():
            self.phase = "auto"

    # ----- Actions -------------------------------------------------------------------------------
    def tile_actions(self: Any, seat: int) -> list[Action]:
        """The Actions available on the player's tile (trades aside)."""
        cell = self.pos[seat]
        tile = self.tiles[cell]
        if tile == "bgcs":
            acts = [A.GATHER_ANY[r] for r in range(5) if self.bank[r]]
            acts += [A.CRAFT[i] for i in self.craftable(seat)]
            if self.upgrades[BGCS] == "bus_stop" and sum(self.bank) >= 2:
                acts.append(A.OPERATE)
            return acts
        if tile == "recycler":
            ok = not self.recycled and self.can_pay(seat, self.t.recycler_operating)
            return [A.OPERATE] if ok else []
        acts = [A.GATHER] if self.bank[self.t.produces[tile]] else []
        upgrade = self.upgrades[cell]
        if upgrade is not None and self.can_pay(seat, self.t.operation[upgrade][0]):
            if any(self.t.operation[upgrade][0]):
                acts.append(A.OPERATE)
        return acts

    def _legal_action(self: Any, seat: int) -> list[Action]:
        return (self.tile_actions(seat) or [A.PASS]) + self._trades(seat)

    def _after_action(self: Any) -> None:
        if self.action_no == 1:
            self.phase = "move"
        else:
            self.phase = "end"

    def _act_pass(self: Any, seat: int) -> None:
        self.note(f"Seat {seat + 1} has no Action available on this tile")
        self._after_action()

    def gather_amount(self: Any, cell: int) -> int:
        """How many cards a Gather on this Resource Tile yields (ring production, +1 with an Upgrade)."""
        return self.t.production[RING[cell] - 1] + (1 if self.upgrades[cell] else 0)

    def _act_gather(self: Any, seat: int) -> None:
        cell = self.pos[seat]
        r = self.t.produces[self.tiles[cell]]
        got = self._gain(seat, r, self.gather_amount(cell))
        self.note(f"Seat {seat + 1} gathers {got} {RESOURCES[r]}")
        self._after_action()

    def _act_gather_any(self: Any, seat: int, r: int) -> None:
        self._gain(seat, r, 1)
        if self.phase == "action":
            extra = self.t.rules.bgcs_gather - 1 + (1 if self.upgrades[BGCS] == "bus_stop" else 0)
            self.ctx = {"left": extra}
        else:
            self.ctx["left"] -= 1
        if self.ctx["left"] and any(self.bank):
            self.phase = "any"
        else:
            self._after_action()

    def _legal_any(self: Any, seat: int) -> list[Action]:
        return [A.GATHER_ANY[r] for r in range(5) if self.bank[r]]

    # ----- Crafting ------------------------------------------------------------------------------
    def placements(self: Any, item: str) -> list[int]:
        """Where a crafted item may go: an empty cell of the current Ring, or a matching tile."""
        if item in TILE_IDS or item == "recycler":
            return [c for c in RING_CELLS[self.ring] if self.tiles[c] is None]
        target = self.t.upgrade_tile[item]
        return [c for c, tile in enumerate(self.tiles) if tile == target and self.upgrades[c] is None]

    def craftable(self: Any, seat: int) -> list[str]:
        """Items this player can pay for, with a piece left in the box and a place to go."""
        t = self.t
        out = []
        for item in A.CRAFTABLE:
            if self.count[item] >= t.pieces[item] or not self.can_pay(seat, t.craft_cost(item, self.ring)):
                continue
            if self.placements(item):
                out.append(item)
        return out

    def _act_craft(self: Any, seat: int, item: str) -> None:
        self._pay(seat, self.t.craft_cost(item, self.ring))
        bonus = self.phase == "end"
        if not bonus and self.action_no == 2 and self.pos[seat] == BGCS:
            self.crafts_left = 1  # the movement ended on BGCS: this Action may craft twice
        elif bonus:
            self.crafts_left = 0
        self.ctx = {"item": item, "bonus": bonus}
        self.phase = "place"

    def _legal_place(self: Any, seat: int) -> list[Action]:
        return [A.PLACE[c] for c in self.placements(self.ctx["item"])]

    def _act_place(self: Any, seat: int, cell: int) -> None:
        if self.phase == "carya":
            self._put_upgrade(cell, self.t.upgrade_for_tile[self.tiles[cell]])
            self.phase = "auto"
            return
        item = self.ctx["item"]
        if item in TILE_IDS or item == "recycler":
            self._put_tile(cell, item)
        else:
            self._put_upgrade(cell, item)
        self.note(f"The table places the {self.t.name[item]} on tile {cell}")
        if self.ctx["bonus"]:
            self.phase = "end"
        else:
            self._after_action()

    # ----- Operating -----------------------------------------------------------------------------
    def _act_operate(self: Any, seat: int) -> None:
        cell = self.pos[seat]
        tile = self.tiles[cell]
        if tile == "bgcs":
            self.ctx = {"got": 0}
            self.phase = "shop"
            return
        if tile == "recycler":
            self._pay(seat, self.t.recycler_operating)
            n = self._recycle(self.t.recycler_removal[RING[cell] - 1])
            self.recycled = True
            self.note(f"Seat {seat + 1} operates the Recycler: {n} Waste cards Recycled")
        else:
            cost, gain = self.t.operation[self.upgrades[cell]]
            self._pay(seat, cost)
            for r, k in enumerate(gain):
                if k:
                    self._gain(seat, r, k)
        self._after_action()

    def _legal_shop(self: Any, seat: int) -> list[Action]:
        got = self.ctx["got"]
        acts = [A.SHOP_DONE]
        if sum(self.bank) >= got + 2:
            acts += [A.SHOP[r] for r in range(5) if self.bank[r]]
        return acts

    def _act_shop(self: Any, seat: int, r: int) -> None:
        self._gain(seat, r, 1)
        self.ctx["got"] += 1

    def _act_shop_done(self: Any, seat: int) -> None:
        self.ctx = {"left": self.ctx["got"]}
        self._shop_waste_next()

    def _shop_waste_next(self: Any) -> None:
        if self.ctx["left"] and any(self.bank):
            self.phase = "shop_waste"
        else:
            self._after_action()

    def _legal_shop_waste(self: Any, seat: int) -> list[Action]:
        return [A.WASTE[r] for r in range(5) if self.bank[r]]

    # ----- Movement ------------------------------------------------------------------------------
    def reachable(self: Any, seat: int) -> list[int]:
        """Tiles reachable moving 0 to ``moves`` steps over placed tiles."""
        start = self.pos[seat]
        seen = {start}
        frontier = [start]
        tiles = self.tiles
        for _ in range(self.moves):
            nxt = []
            for c in frontier:
                for d in NEIGHBOURS[c]:
                    if d not in seen and tiles[d] is not None:
                        seen.add(d)
                        nxt.append(d)
            frontier = nxt
        return sorted(seen)

    def _legal_move(self: Any, seat: int) -> list[Action]:
        return [A.MOVE[c] for c in self.reachable(seat)] + self._trades(seat)

    def _act_move(self: Any, seat: int, cell: int) -> None:
        self.pos[seat] = cell
        self.action_no = 2
        self.phase = "action"

    # ----- Trading -------------------------------------------------------------------------------
    def chain(self: Any, seat: int) -> list[int]:
        """Players on the same tile, an adjacent tile, or linked through a chain of players."""
        pos = self.pos
        group = {seat}
        todo = [seat]
        while todo:
            a = todo.pop()
            pa = pos[a]
            for b in range(len(pos)):
                if b not in group and (pos[b] == pa or pos[b] in ADJACENT[pa]):
                    group.add(b)
                    todo.append(b)
        group.discard(seat)
        return sorted(group)

    def trade_partners(self: Any, seat: int) -> list[int]:
        """Who the player may trade with now (one partner per turn, within the Trade Limit)."""
        if self.traded >= self.trade_limit():
            return []
        partners = self.chain(seat)
        if self.partner >= 0:
            return [self.partner] if self.partner in partners else []
        return partners

    def _trades(self: Any, seat: int) -> list[Action]:
        acts = []
        mine = self.hands[seat]
        for p in self.trade_partners(seat):
            theirs = self.hands[p]
            acts += [A.GIVE[p][r] for r in range(5) if mine[r]]
            acts += [A.TAKE[p][r] for r in range(5) if theirs[r]]
        return acts

    def _act_give(self: Any, seat: int, other: int, r: int) -> None:
        self.hands[seat][r] -= 1
        self.hands[other][r] += 1
        self.traded += 1
        self.partner = other

    def _act_take(self: Any, seat: int, other: int, r: int) -> None:
        self._act_give(other, seat, r)
        self.partner = other

    # ----- refusals in the rulebook's words ------------------------------------------------------
    def _explain(self: Any, seat: int, action: Action) -> str | None:
        k = action.kind
        if k == "craft" and self.phase in ("action", "end"):
            item = str(action.args[0])
            if self.tiles[self.pos[seat]] != "bgcs":
                return "crafting is only possible on the BGCS Tile"
            if not self.can_pay(seat, self.t.craft_cost(item, self.ring)):
                return f"you cannot pay the {self.t.name[item]}'s crafting cost"
            if self.count[item] >= self.t.pieces[item]:
                return f"no {self.t.name[item]} piece is left"
            return f"there is no valid place for a {self.t.name[item]}"
        if k in ("give", "take") and self.phase in TRADE_PHASES:
            if self.traded >= self.trade_limit():
                return f"the Trade Limit of {self.trade_limit()} cards this turn is reached"
            other = int(action.args[0]) - 1
            if self.partner >= 0 and other != self.partner:
                return "a player trades with 1 other player per turn"
            if other not in self.chain(seat):
                return "trading needs the same tile, an adjacent tile or a chain of players"
            return "that card is not in hand"
        if k == "move" and self.phase == "move":
            return f"you may move up to {self.moves} tiles, over placed tiles only"
        if k == "operate" and self.tiles[self.pos[seat]] == "recycler" and self.recycled:
            return "each player can only Operate a Recycler once per turn"
        if k == "pass" and self.phase == "action":
            return "an Action must be taken when one is available"
        if k == "gather" and self.tiles[self.pos[seat]] == "bgcs":
            return "at BGCS, Gather names the Resource: gather_any <resource>"
        return None
