"""The heuristic bot: farm what is next to you, carry harvests to a Community Centre, close road
loops into Farms with cheap Rotates and Replaces, and lay Green Spaces to hurry the deck along.

It reads the state without changing it and decides by rules in priority order, looking ahead only
over the few Rotates and Replaces within reach (with a memo so that an unchanged board is not
searched twice)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from loopcity.engine import Action, Game, Rng, State

from .actions import (
    COMPOST,
    DISCARD,
    END,
    EXCHANGE,
    GROW,
    HARVEST,
    MOVE,
    ORIENT,
    PLANT,
    PROPOSE,
    REPLACE,
    ROTATE,
    START,
    TELEPORT,
    VOTE,
)
from .base import Phase
from .board import (
    GREEN_PLOT,
    GREEN_ZONE,
    OPEN_SIDES,
    ORTHOGONAL,
    REACH,
    TILE_CORNER_PLOTS,
    TILES,
    corner_regions,
    farm_count,
    farm_count_with,
    farms_after,
    parts_corners,
    tiles_of,
)
from .legal import act_sections, replace_cost, rotate_cost
from .rules import ResourcityState

YIELD = {"sugarcane": "fuel", "sweetpotato": "food", "catchment": "water"}
FUEL_RESERVE = 6
TARGET = {"fuel": 8, "food": 16, "water": 14}
BONUS = {"sugarcane": 0.0, "sweetpotato": 1.0, "catchment": 2.0}
KEEP = {"green": 0, "curve": 1, "tee": 2, "tennis": 3, "straight": 4, "cross": 5}
_EXCHANGE, _HARVEST, _GROW, _PLANT = EXCHANGE.name, HARVEST.name, GROW.name, PLANT.name
_MOVE, _TELEPORT, _ROTATE, _REPLACE = MOVE.name, TELEPORT.name, ROTATE.name, REPLACE.name


class HeuristicBot:
    """Rule-based player for Resourcity (deterministic for its seed)."""

    name = "heuristic"

    def __init__(self, game: Game[Any, Any], seat: int, seed: int) -> None:
        self.rng = Rng(seed)
        self._no_build: tuple[object, ...] | None = None
        self._target: int | None = None
        self._want: int | None = None
        self._kinds: list[str] = []
        self._rots: list[int] = []
        self._game: object = None
        self._memo = _BoardMemo()
        self._phases: dict[Phase, Callable[[ResourcityState, int, list[Action]], Action]] = {
            "orient": self._orient,
            "discard": self._discard,
            "compost": self._compost,
            "relocate": self._relocate,
            "place": self._place,
            "propose": self._propose,
            "vote": self._vote,
        }

    def choose(self, state: State[Any, Any], seat: int) -> Action:
        """Pick an action for ``seat`` without changing ``state``."""
        assert isinstance(state, ResourcityState)
        s = state
        legal = s.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        kinds, rots = s.grid_kind, s.grid_rot
        if kinds != self._kinds or rots != self._rots or s.game is not self._game:
            # what the memos of trial Farms, distances and loops depend on (the geometry: the game's)
            self._kinds, self._rots, self._game = kinds[:], rots[:], s.game
            self._memo = _board_memo((id(s.tables.geo), tuple(kinds), tuple(rots)))
        if s.phase == "act":  # every rule picks one of the legal actions
            return self._act(s, seat, legal)
        pick = self._phases.get(s.phase, self._act)(s, seat, legal)
        for a in legal:  # the pick is usually one of these very objects: no need to compare fields
            if a is pick:
                return pick
        return pick if pick in legal else legal[0]

    def _farms_with(self, s: ResourcityState, kinds: list[str], rots: list[int], t: int) -> list[int]:
        """The Farms of the board ``kinds``/``rots``: the state's board but for tile ``t`` (read only).
        Kept per (t, tile type, rotation) while the state's board stays the same (see ``choose``)."""
        key = (t, kinds[t], rots[t])
        farms = self._memo.farms
        farm = farms.get(key)
        if farm is None:
            farm = farms[key] = farms_after(s.tables.geo, s.farm, kinds, rots, (t,))
        return farm

    def _count_with(self, s: ResourcityState, kinds: list[str], rots: list[int], t: int) -> int:
        """How many Farms :meth:`_farms_with` holds (kept with it)."""
        key = (t, kinds[t], rots[t])
        counts = self._memo.counts
        n = counts.get(key)
        if n is None:  # counted from the regions round the cell without its roads, kept with the board
            geo = s.tables.geo
            regions = self._memo.regions.get(t)
            if regions is None:
                regions = self._memo.regions[t] = corner_regions(geo, kinds, rots, t)
            n = counts[key] = farm_count_with(geo, s.farm, self._farms_now(s), regions, kinds[t], rots[t], t)
        return n

    def _farms_now(self, s: ResourcityState) -> int:
        """How many Farms the state's board holds (kept with the board)."""
        n = self._memo.base
        if n < 0:
            n = self._memo.base = farm_count(s.farm)
        return n

    def _distances(self, s: ResourcityState, start: int) -> dict[int, int]:
        """Road distances from ``start`` (read only), kept while the state's board stays the same."""
        dist = self._memo.dist.get(start)
        if dist is None:
            dist = self._memo.dist[start] = _distances(s, start)
        return dist

    def _open_loops(self, s: ResourcityState) -> list[tuple[int, int, tuple[int, ...]]]:
        """For each inner lattice point not yet in a Farm, in order: (point, the corners round it
        still to wall in, the tiles from which one works on them), kept with the board."""
        loops = self._memo.loops
        if loops is None:
            loops = self._memo.loops = []
            farm = s.farm
            arms, kinds, rots = s.tables.geo.corner_arms, s.grid_kind, s.grid_rot
            for p in INNER:
                if farm[p] >= 0:
                    continue
                needs = 0
                tiles: list[int] = []
                for t, corner in RING_AT[p]:  # _ring_needs, inlined
                    if arms[(kinds[t], rots[t])][corner] < 2:
                        needs += 1
                        tiles += REACH[t]  # the tile and those beside it
                loops.append((p, needs, tuple(tiles)))
        return loops

    def _relocate(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        return legal[0]

    # ----- small phases ----------------------------------------------------------------------
    def _orient(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        want = ORIENT(self._want) if self._want is not None else None
        self._want = None
        if want is not None and want in legal:
            return want
        slot, t = s.pending
        kinds = list(s.grid_kind)
        rots = list(s.grid_rot)
        kinds[t] = s.hands[seat][slot]
        best, best_n = legal[0], -1
        for a in legal:
            rots[t] = ORIENT.read(a).turns
            n = self._count_with(s, kinds, rots, t)
            if n > best_n:
                best, best_n = a, n
        return best

    def _discard(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        hand = s.hands[seat]
        best, best_v = legal[0], -1
        for a in legal:  # the first of the tiles least worth keeping
            v = KEEP.get(hand[DISCARD.read(a).slot], 9)
            if v > best_v:
                best, best_v = a, v
        return best

    def _compost(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        for a in legal:
            if s.crop.get(COMPOST.read(a).plot) in ("sugarcane", "sweetpotato"):
                return a
        return legal[0]

    # ----- the table's decisions -------------------------------------------------------------
    def _prospect(self, s: ResourcityState, t: int) -> float:
        """How well placed tile ``t`` is to close a small loop soon: the best of, over the lattice
        points not yet in a Farm, minus the road arms its loop still lacks and the road distance to it."""
        found = self._memo.prospect.get(t)
        if found is not None:
            return found
        dist = self._distances(s, t)
        best = -99.0
        for _p, needs, tiles in self._open_loops(s):
            d = min([dist.get(u, 99) for u in tiles]) if tiles else 0
            best = max(best, -1.5 * needs - 0.5 * d)
        self._memo.prospect[t] = best
        return best

    def _place(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        """Step 8: the Community Centre nearest to a loop that is cheap to close, away from crowds."""
        return max(
            legal, key=lambda a: self._prospect(s, START.read(a).tile) - 0.3 * s.pos.count(START.read(a).tile)
        )

    def _merit(self, s: ResourcityState, seat: int) -> float:
        """How much a player would do as the first player: the loop within their reach, and the
        Superpowers that build fastest (the Innovator's extra Action, the Builder's cheap roads)."""
        extra = (
            s.content.superpowers.innovator_actions - s.content.turn.actions
            if s.powers[seat] == "innovator"
            else 0
        )
        return self._prospect(s, s.pos[seat]) + extra + (0.5 if s.powers[seat] == "builder" else 0.0)

    def _propose(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        """Step 9: propose the player with the most merit (the lowest seat among equals)."""
        return max(legal, key=lambda a: (self._merit(s, PROPOSE.read(a).seat - 1), -PROPOSE.read(a).seat))

    def _vote(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        """Yes to a first player nearly as good as the best one; no otherwise."""
        ballot = s.ballot
        assert ballot is not None
        proposed = int(ballot["data"])
        best = max(self._merit(s, o) for o in range(s.players))
        return VOTE("yes") if self._merit(s, proposed) >= best - 1.0 else VOTE("no")

    # ----- the main turn ---------------------------------------------------------------------
    def _act(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        """The first rule's pick (each picks one of ``legal``), or End."""
        marks = act_sections(legal)
        if marks is None:  # a list from elsewhere: its actions grouped by kind
            return self._act_by_kind(s, seat, _by_kind(legal))
        # the rules' own list: its kinds lie in known sections, each read only when a rule asks
        exchanged, moved, teleported, rotated, built, farmed = marks
        if exchanged > 1 and (pick := self._exchange(s, seat, legal[1:exchanged])) is not None:
            return pick
        grows: list[Action] = []
        plants: list[Action] = []
        for i in range(built, farmed):  # the farming actions, Plot by Plot: the first Harvest wins
            a = legal[i]
            kind = a.kind
            if kind == _HARVEST:
                return a
            if kind == _GROW:
                grows.append(a)
            else:
                plants.append(a)
        if grows:
            return self._grow(s, grows)
        if plants and (pick := self._plant(s, plants)) is not None:
            return pick
        k: dict[str, list[Action]] = {}
        if moved > exchanged:
            k[_MOVE] = legal[exchanged:moved]
        if teleported > moved:
            k[_TELEPORT] = legal[moved:teleported]
        if rotated > teleported:
            k[_ROTATE] = legal[teleported:rotated]
        if built > rotated:
            k[_REPLACE] = legal[rotated:built]
        return self._act_rest(s, seat, k)

    def _act_by_kind(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action:
        """The rules in priority order, each asked only when the actions it picks from are there."""
        pick: Action | None
        if _EXCHANGE in k and (pick := self._exchange(s, seat, k[_EXCHANGE])) is not None:
            return pick
        if _HARVEST in k:
            return k[_HARVEST][0]
        if _GROW in k:
            return self._grow(s, k[_GROW])
        if _PLANT in k and (pick := self._plant(s, k[_PLANT])) is not None:
            return pick
        return self._act_rest(s, seat, k)

    def _act_rest(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action:
        """The rules after farming (Green Spaces, carrying, farming walks, building, hurrying), or End."""
        pick: Action | None
        replaces = _REPLACE in k
        if replaces and (pick := self._green(s, seat, k)) is not None:
            return pick
        if _MOVE in k or _TELEPORT in k:
            if (pick := self._carry(s, seat, k)) is not None:
                return pick
            if (pick := self._go_farm(s, seat, k)) is not None:
                return pick
        if (replaces or _ROTATE in k) and (pick := self._build(s, seat, k)) is not None:
            return pick
        if replaces and (pick := self._hurry(s, seat, k)) is not None:
            return pick
        return END()

    def _exchange(self, s: ResourcityState, seat: int, exchanges: list[Action]) -> Action | None:
        crops, used, avail = s.tables.crops, s.used, s.avail
        for a in exchanges:
            crop = crops[a.args[0]]  # type: ignore[index]  # EXCHANGE.read(a).crop, inlined
            res = crop.yields
            if used[res] >= crop.amount or (used[res] > 0 and avail[res] < 2 * s.players + 3):
                return a
        return None

    def _grow(self, s: ResourcityState, grows: list[Action]) -> Action:
        """The first Grow of the Plots with the fewest tokens still needed (``grows``: not empty)."""
        crops, crop, tokens, compost = s.tables.crops, s.crop, s.tokens, s.compost
        best, best_n = grows[0], 0
        first = True
        for a in grows:
            p: int = a.args[0]  # type: ignore[assignment]  # GROW.read(a).plot, inlined
            kind = crops[crop[p]]
            n = kind.tokens - tokens[p] - (1 if kind.compost and p in compost else 0)  # s.needed(p), inlined
            if first or n < best_n:
                best, best_n, first = a, n, False
        return best

    def _plant(self, s: ResourcityState, plants: list[Action]) -> Action | None:
        reserve = s.players + 1
        av = s.avail
        crops = s.tables.crops
        best, best_v = None, 0.0
        for a in plants:
            crop = crops[a.args[1]]  # type: ignore[index]  # PLANT.read(a).crop, inlined
            cost = crop.cost
            if (
                av["food"] - cost.get("food", 0) < reserve
                or av["water"] - cost.get("water", 0) < reserve
                or av["fuel"] - cost.get("fuel", 0) < FUEL_RESERVE - 1
            ):
                continue
            value = self._need(s, crop.yields) + BONUS[crop.id]
            if crop.id == "sugarcane" and (self._need(s, "food") > 0 or self._need(s, "water") > 0):
                value = 0.0  # Fuel is worth Food and Water only when both are comfortable
            if value > best_v:
                best, best_v = a, value
        return best

    def _need(self, s: ResourcityState, res: str) -> float:
        """How short a resource is of a comfortable level (0: comfortable; up to 10)."""
        target = TARGET[res] + (2 * s.players if res != "fuel" else 0)
        return max(0.0, target - s.avail[res]) / target * 10

    def _carry(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        if not s.baskets[seat] or s.grid_kind[s.pos[seat]] == "centre":
            return None
        return self._toward(s, seat, k, set(tiles_of(s.grid_kind, "centre")))

    def _green(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        """Lay a Green Space beside a Farm: the Plots around it then take Water Catchments."""
        hand = s.hands[seat]
        if s.avail["fuel"] < FUEL_RESERVE + 1 or s.supply["catchment"] < 1 or "green" not in hand:
            return None
        now, crop = s.grid_kind, s.crop
        greens = self._memo.greens
        best, best_n = None, 0
        slot: int
        t: int
        for a in k.get(_REPLACE, []):
            slot, t = a.args  # type: ignore[assignment]  # REPLACE.read(a), inlined
            if hand[slot] != "green":
                continue
            was = now[t]
            if was == "centre" or was == "green":
                continue
            if t not in greens:
                greens[t] = self._green_at(s, t)
            found = greens[t]
            if found is None:
                continue
            farm, zone = found
            for p in crop:
                if farm[p] < 0:  # a planted Plot would leave its Farm
                    break
            else:
                n = len(zone) - len(crop.keys() & zone)  # the Plots next to it in a Farm and empty
                if n > best_n:
                    best, best_n = a, n
        return best

    def _green_at(self, s: ResourcityState, t: int) -> tuple[list[int], frozenset[int]] | None:
        """For a Green Space on tile ``t``: None if it would break a Farm; else the Farms it leaves and
        the Plots next to it in a Farm (the board's alone: kept with it)."""
        kinds, rots = list(s.grid_kind), s.grid_rot
        kinds[t] = "green"
        if self._count_with(s, kinds, rots, t) < self._farms_now(s):
            return None
        farm = self._farms_with(s, kinds, rots, t)
        return farm, frozenset([p for p in GREEN_ZONE[t] if farm[p] >= 0])

    def _build(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        """Close a loop in one step if one can; else work toward the smallest loop round a chosen point:
        Rotate or Replace a tile of it within reach, or walk toward one."""
        if not (k.get(_ROTATE) or k.get(_REPLACE)) or s.avail["fuel"] <= FUEL_RESERVE:
            return None
        farm = s.farm
        free = len(farm) - farm.count(-1) - sum(1 for p in s.crop if farm[p] >= 0)  # empty Plots in Farms
        if free >= s.players + 1:
            return None
        a = self._close_now(s, seat, k)
        if a is not None:
            return a
        target = self._pick_target(s, seat)
        if target is None:
            return None
        needs = _ring_needs(s, target)
        reach = s.reach(seat)
        for t, corner in needs:
            if t in reach:
                a = self._fix(s, seat, k, t, corner)
                if a is not None:
                    return a
        goals = {u for t, _ in needs for u in (t, *ORTHOGONAL[t])}
        return self._toward(s, seat, k, goals)

    def _close_now(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        key = (tuple(s.grid_kind), tuple(s.grid_rot), tuple(s.pos), s.avail["fuel"], tuple(s.hands[seat]))
        if key == self._no_build:
            return None
        kinds, rots = list(s.grid_kind), list(s.grid_rot)
        base = self._farms_now(s)
        geo, fuel, crop = s.tables.geo, s.avail["fuel"], s.crop
        closes = self._memo.closes
        for a, cost, t, tile, rlist in self._changes(s, seat, k):
            if fuel - cost < FUEL_RESERVE:
                continue
            for r in rlist:
                change = (t, tile, r)
                more = closes.get(change)
                if more is None:  # whether the change makes a new Farm (the board's alone: kept with it)
                    old_k, old_r = kinds[t], rots[t]
                    kinds[t], rots[t] = tile, r
                    # only a tile that parts two of its corners can close a new loop
                    more = closes[change] = parts_corners(geo, old_k, old_r, tile, r) and (
                        self._count_with(s, kinds, rots, t) >= base + 1
                    )
                    kinds[t], rots[t] = old_k, old_r
                if more:  # and keeps every planted Plot in a Farm (_safe)
                    kinds[t], rots[t] = tile, r
                    farm = self._farms_with(s, kinds, rots, t)
                    kinds[t], rots[t] = s.grid_kind[t], s.grid_rot[t]
                    if not any(farm[p] < 0 for p in crop):
                        self._want = r
                        return a
        self._no_build = key
        return None

    def _changes(
        self, s: ResourcityState, seat: int, k: dict[str, list[Action]]
    ) -> Iterator[tuple[Action, int, int, str, tuple[int, ...]]]:
        """(action, Fuel, tile, new tile type, rotations to try) for each Rotate and road Replace."""
        rc = rotate_cost(s)
        kinds, rots = s.grid_kind, s.grid_rot
        t: int
        way: str
        slot: int
        for a in k.get(_ROTATE, []):
            t, way = a.args  # type: ignore[assignment]  # ROTATE.read(a), inlined
            yield a, rc, t, kinds[t], ((rots[t] + (1 if way == "cw" else 3)) % 4,)
        replaces = k.get(_REPLACE)
        if replaces:
            hand, rotations = s.hands[seat], s.tables.geo.rotations
            for a in replaces:
                slot, t = a.args  # type: ignore[assignment]  # REPLACE.read(a), inlined
                tile = hand[slot]
                if tile in ("curve", "tee", "cross", "tennis"):
                    yield a, replace_cost(s, seat, tile), t, tile, rotations[tile]

    def _safe(self, s: ResourcityState, kinds: list[str], rots: list[int], t: int, at_least: int) -> bool:
        """Whether the board ``kinds``/``rots`` (the state's but for tile ``t``) holds ``at_least`` Farms
        and keeps every planted Plot in a Farm."""
        if self._count_with(s, kinds, rots, t) < at_least:
            return False
        farm = self._farms_with(s, kinds, rots, t)
        return not any(farm[p] < 0 for p in s.crop)

    def _pick_target(self, s: ResourcityState, seat: int) -> int | None:
        """The lattice point whose small loop is cheapest to close from here (sticky between turns)."""
        start = s.pos[seat]
        values = self._memo.targets.get(start)
        if values is None:  # each reachable point's value but for the sticky bonus, kept with the board
            dist = self._distances(s, start)
            values = self._memo.targets[start] = []
            for p, needs, tiles in self._open_loops(s):
                d = min([dist.get(u, 99) for u in tiles]) if tiles else 0
                if d < 99:
                    values.append((p, -1.5 * needs - 0.5 * d))
        best, best_v = None, -99.0
        sticky = self._target
        for p, v in values:
            if p == sticky:
                v += 1.0
            if v > best_v:
                best, best_v = p, v
        self._target = best
        return best

    def _fix(
        self, s: ResourcityState, seat: int, k: dict[str, list[Action]], t: int, corner: int
    ) -> Action | None:
        """A Rotate (or a Replace from the hand) that walls in ``corner`` of tile ``t``."""
        geo = s.tables.geo
        kind, rot = s.grid_kind[t], s.grid_rot[t]
        kinds, rots = list(s.grid_kind), list(s.grid_rot)
        base = self._farms_now(s)
        if s.avail["fuel"] - rotate_cost(s) >= FUEL_RESERVE and kind != "green":
            for turns, way in ((1, "cw"), (3, "ccw"), (2, "cw")):
                r = (rot + turns) % 4
                rots[t] = r
                if geo.corner_arms[(kind, r)][corner] == 2 and self._safe(s, kinds, rots, t, base):
                    a = ROTATE(t, way)
                    if a in k.get(_ROTATE, []):
                        return a
            rots[t] = rot
        for a in k.get(_REPLACE, []):
            slot, tt = REPLACE.read(a)
            tile = s.hands[seat][slot]
            if tt != t or tile == "green" or s.avail["fuel"] - replace_cost(s, seat, tile) < FUEL_RESERVE:
                continue
            kinds[t] = tile
            for r in geo.rotations[tile]:
                rots[t] = r
                if geo.corner_arms[(tile, r)][corner] == 2 and self._safe(s, kinds, rots, t, base):
                    self._want = r
                    return a
            kinds[t], rots[t] = kind, rot
        return None

    def _hurry(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        """Spend spare Fuel on a Replace that breaks no Farm: each tile laid draws the deck on faster."""
        base = self._farms_now(s)
        hand = s.hands[seat]
        fuel = s.avail["fuel"]
        spare = [fuel - replace_cost(s, seat, tile) >= FUEL_RESERVE + 4 for tile in hand]
        if not any(spare):
            return None
        replaces = k.get(_REPLACE, [])
        if "green" in hand:  # Green Spaces first (a stable sort: otherwise in order)
            replaces = sorted(replaces, key=lambda a: hand[REPLACE.read(a).slot] != "green")
        now, crop, rotations = s.grid_kind, s.crop, s.tables.geo.rotations
        kinds: list[str] = []
        rots: list[int] = []
        for a in replaces:
            slot, t = REPLACE.read(a)
            if not spare[slot]:
                continue
            was = now[t]
            if was == "centre" or was == "green":
                continue
            if not kinds:
                kinds, rots = list(now), list(s.grid_rot)
            tile = hand[slot]
            kinds[t] = tile
            for r in rotations[tile]:
                rots[t] = r
                if self._count_with(s, kinds, rots, t) < base:
                    continue
                farm = self._farms_with(s, kinds, rots, t)
                if not any(farm[p] < 0 for p in crop):
                    return a
            kinds[t], rots[t] = was, s.grid_rot[t]
        return None

    def _go_farm(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        """Walk toward the tile with the most farming work around it (Community Centres preferred)."""
        here = s.pos[seat]
        plant_ok = s.avail["food"] > s.players + 3 and s.avail["water"] > s.players + 3
        plots = self._memo.plots
        if plots is None:
            plots = self._tile_plots(s)
        crop, farmed = s.crop, s.farmed
        best_t, best_v = here, _work(plots[here], crop, farmed, plant_ok)
        # a tile with no Plot in a Farm scores -0.6 x its distance and never beats the work here:
        # only the others are weighed, in the order of the road distances, until none left can
        for t, far, tile_plots, centre, most in self._farming_from(s, here):
            if most <= best_v + 0.01:
                break
            v = 0.0
            for p in tile_plots:  # _work, inlined
                if p in crop:
                    if p not in farmed:
                        v += 1.0
                elif plant_ok:
                    v += 0.6
            if v and centre:
                v += 0.5
            v = v - far
            if v > best_v + 0.01:
                best_t, best_v = t, v
        if best_t == here or best_v <= 0:
            return None
        return self._toward(s, seat, k, {best_t})

    def _farming_from(
        self, s: ResourcityState, start: int
    ) -> list[tuple[int, float, tuple[int, ...], bool, float]]:
        """The tiles within road reach of ``start`` that have Plots in Farms, in the order of their
        distances: (tile, 0.6 x its distance, its Plots in Farms, whether a Community Centre, the
        most that it or any tile after it can score); kept with the board."""
        found = self._memo.farming.get(start)
        if found is None:
            plots = self._memo.plots
            if plots is None:
                plots = self._tile_plots(s)
            tiles = [(t, 0.6 * d, *plots[t]) for t, d in self._distances(s, start).items() if plots[t][0]]
            found = self._memo.farming[start] = []
            most = -99.0
            for t, far, tile_plots, centre in reversed(tiles):
                # a tile scores at most 1 a Plot and the Centre's 0.5, less its distance (as _go_farm
                # adds them: each sum rounds no higher than this one)
                most = max(most, (len(tile_plots) * 1.0 + 0.5) - far)
                found.append((t, far, tile_plots, centre, most))
            found.reverse()
        return found

    def _tile_plots(self, s: ResourcityState) -> list[tuple[tuple[int, ...], bool]]:
        """For each tile: the Plots round it (the corners, then a Green Space's centre) that lie in a
        Farm, and whether it is a Community Centre; kept with the board."""
        farm, kinds = s.farm, s.grid_kind
        out = []
        for t in range(TILES):
            plots = TILE_CORNER_PLOTS[t]
            if kinds[t] == "green":
                plots = (*plots, GREEN_PLOT + t)
            out.append((tuple([p for p in plots if farm[p] >= 0]), kinds[t] == "centre"))
        self._memo.plots = out
        return out

    def _toward(
        self, s: ResourcityState, seat: int, k: dict[str, list[Action]], goals: set[int]
    ) -> Action | None:
        """The first step of a shortest road path (Teleports included) to any goal tile."""
        moves, teleports = k.get(_MOVE, []), k.get(_TELEPORT, [])
        if not goals or not (moves or teleports):
            return None
        first: dict[int, Action] = {}
        for a in moves:  # MOVE.read(a).tile, inlined
            first.setdefault(a.args[0], a)  # type: ignore[arg-type]
        for a in teleports:
            first.setdefault(a.args[0], a)  # type: ignore[arg-type]
        here = s.pos[seat]
        key = (here, *first)
        walk = self._memo.walks.get(key)
        if walk is None:
            walk = self._memo.walks[key] = _Walk(here, list(first))
        met = walk.met
        i = 0
        while True:
            while i < len(met):
                t, step = met[i]
                if t in goals:
                    return first[step]
                i += 1
            if not walk.further(s):
                return None


def _by_kind(legal: list[Action]) -> dict[str, list[Action]]:
    """The actions of ``legal`` by kind, each kind's in their order."""
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        found = by_kind.get(a.kind)
        if found is None:
            by_kind[a.kind] = [a]
        else:
            found.append(a)
    return by_kind


class _Walk:
    """A breadth-first walk along the roads from a tile, its first steps given, met ring by ring as a
    search needs them and kept with the board: ``met`` holds the tiles met so far, in order, each with
    the first step it was met from; the first goal in it is the nearest, and its first step the way."""

    __slots__ = ("met", "frontier", "seen", "origin")

    def __init__(self, here: int, first: list[int]) -> None:
        self.met: list[tuple[int, int]] = []
        self.frontier = first
        self.seen = {here, *first}
        self.origin = {t: t for t in first}

    def further(self, s: ResourcityState) -> bool:
        """Meet the next ring of tiles (the board is ``s``'s); False when there is none."""
        frontier = self.frontier
        if not frontier:
            return False
        seen, origin, met = self.seen, self.origin, self.met
        masks, kinds, rots = s.tables.geo.exit_masks, s.grid_kind, s.grid_rot
        nxt = []
        for t in frontier:
            met.append((t, origin[t]))
            for n, back in OPEN_SIDES[t][masks[kinds[t]][rots[t]]]:  # moves_from, inlined
                if masks[kinds[n]][rots[n]] & back and n not in seen:
                    seen.add(n)
                    origin[n] = origin[t]
                    nxt.append(n)
        self.frontier = nxt
        return True


def _work(
    tile: tuple[tuple[int, ...], bool], crop: dict[int, str], farmed: dict[int, Any], plant_ok: bool
) -> float:
    """How many farming actions could be done now from a tile (its Plots in Farms, and whether it is
    a Community Centre, from ``HeuristicBot._tile_plots``)."""
    v = 0.0
    plots, centre = tile
    for p in plots:
        if p in crop:
            if p not in farmed:
                v += 1.0
        elif plant_ok:
            v += 0.6
    if v and centre:
        v += 0.5
    return v


RING = ((-1, -1, 2), (-1, 0, 3), (0, -1, 1), (0, 0, 0))
INNER = tuple(i * 7 + j for i in range(1, 6) for j in range(1, 6))
RING_AT = tuple(
    tuple(((p // 7 + di) * 6 + p % 7 + dj, corner) for di, dj, corner in RING) if p in INNER else ()
    for p in range(49)
)
"""For each lattice point inside the rim, the (tile, corner) pairs that meet there (NW tile first)."""
"""The lattice points inside the rim, in order: the points a small loop closes round."""


class _BoardMemo:
    """What the bot works out from a board alone (tile types and rotations): trial Farms, road
    distances, the loops still open and their values. Shared by every bot meeting the same board."""

    __slots__ = (
        "farms",
        "counts",
        "closes",
        "regions",
        "greens",
        "walks",
        "base",
        "dist",
        "loops",
        "prospect",
        "targets",
        "plots",
        "farming",
    )

    def __init__(self) -> None:
        self.farms: dict[tuple[int, str, int], list[int]] = {}
        self.counts: dict[tuple[int, str, int], int] = {}
        self.closes: dict[tuple[int, str, int], bool] = {}
        self.regions: dict[int, tuple[int, ...]] = {}
        self.greens: dict[int, tuple[list[int], frozenset[int]] | None] = {}
        self.walks: dict[tuple[int, ...], _Walk] = {}
        self.base = -1
        self.plots: list[tuple[tuple[int, ...], bool]] | None = None
        self.farming: dict[int, list[tuple[int, float, tuple[int, ...], bool, float]]] = {}
        self.dist: dict[int, dict[int, int]] = {}
        self.loops: list[tuple[int, int, tuple[int, ...]]] | None = None
        self.prospect: dict[int, float] = {}
        self.targets: dict[int, list[tuple[int, float]]] = {}


_BOARDS: dict[tuple[int, tuple[str, ...], tuple[int, ...]], _BoardMemo] = {}
KEEP_BOARDS = 512
"""Boards whose memos a process keeps (the oldest go first): a game meets a few dozen."""


def _board_memo(board: tuple[int, tuple[str, ...], tuple[int, ...]]) -> _BoardMemo:
    """The memo of ``board`` (the geometry, tile types and rotations), shared by the bots of every
    game in this process."""
    memo = _BOARDS.get(board)
    if memo is None:
        memo = _BOARDS[board] = _BoardMemo()
        if len(_BOARDS) > KEEP_BOARDS:
            del _BOARDS[next(iter(_BOARDS))]
    return memo


def _ring_needs(s: ResourcityState, p: int) -> list[tuple[int, int]]:
    """The (tile, corner) pairs round lattice point ``p`` whose corner is not yet walled in by roads."""
    arms, kinds, rots = s.tables.geo.corner_arms, s.grid_kind, s.grid_rot
    return [(t, corner) for t, corner in RING_AT[p] if arms[(kinds[t], rots[t])][corner] < 2]


def _distances(s: ResourcityState, start: int) -> dict[int, int]:
    """Road distance (in Moves, Teleports counted as 1) from ``start`` to every reachable tile."""
    kinds, rots, masks = s.grid_kind, s.grid_rot, s.tables.geo.exit_masks
    centres = tiles_of(kinds, "centre")
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for t in frontier:
            d = dist[t] + 1
            for n, back in OPEN_SIDES[t][masks[kinds[t]][rots[t]]]:  # moves_from, inlined
                if masks[kinds[n]][rots[n]] & back and n not in dist:
                    dist[n] = d
                    nxt.append(n)
            if kinds[t] == "centre":
                for n in centres:
                    if n not in dist:
                        dist[n] = d
                        nxt.append(n)
        frontier = nxt
    return dist
