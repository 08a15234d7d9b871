"""The heuristic bot: farm what is next to you, carry harvests to a Community Centre, close road
loops into Farms with cheap Rotates and Replaces, and lay Green Spaces to hurry the deck along.

It reads the state without changing it and decides by rules in priority order, looking ahead only
over the few Rotates and Replaces within reach (with a memo so that an unchanged board is not
searched twice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Action, Game, Rng, State

from .board import GREEN_PLOT, GREEN_ZONE, TILE_CORNER_PLOTS, TILES, farm_count, find_farms
from .legal import destinations, replace_cost, rotate_cost, teleports

if TYPE_CHECKING:
    from .rules import ResourcityState

YIELD = {"sugarcane": "fuel", "sweetpotato": "food", "catchment": "water"}
FUEL_RESERVE = 6
TARGET = {"fuel": 8, "food": 16, "water": 14}
BONUS = {"sugarcane": 0.0, "sweetpotato": 1.0, "catchment": 2.0}
KEEP = {"green": 0, "curve": 1, "tee": 2, "tennis": 3, "straight": 4, "cross": 5}


class HeuristicBot:
    """Rule-based player for Resourcity (deterministic for its seed)."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = Rng(seed)
        self._no_build: tuple[object, ...] | None = None

    def choose(self, state: State, seat: int) -> Action:
        s: ResourcityState = state  # type: ignore[assignment]
        legal = s.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        pick = {
            "orient": self._orient,
            "discard": self._discard,
            "compost": self._compost,
            "relocate": lambda s, seat, legal: legal[0],
        }.get(s.phase, self._act)(s, seat, legal)
        return pick if pick in legal else legal[0]

    # ----- small phases ----------------------------------------------------------------------
    def _orient(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        slot, t = s.pending
        kinds = list(s.grid_kind)
        rots = list(s.grid_rot)
        kinds[t] = s.hands[seat][slot]
        best, best_n = legal[0], -1
        for a in legal:
            rots[t] = a.args[0]  # type: ignore[assignment]
            n = farm_count(find_farms(s.geo, kinds, rots))
            if n > best_n:
                best, best_n = a, n
        return best

    def _discard(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        hand = s.hands[seat]
        return max(legal, key=lambda a: KEEP.get(hand[a.args[0]], 9))  # type: ignore[index]

    def _compost(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        for a in legal:
            if s.crop.get(a.args[0]) in ("sugarcane", "sweetpotato"):  # type: ignore[arg-type]
                return a
        return legal[0]

    # ----- the main turn ---------------------------------------------------------------------
    def _act(self, s: ResourcityState, seat: int, legal: list[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        for rule in (self._exchange, self._harvest, self._grow, self._plant, self._green, self._carry,
                     self._go_farm, self._build, self._hurry):
            a = rule(s, seat, by_kind)
            if a is not None:
                return a
        return Action("end")

    def _exchange(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        for a in k.get("exchange", []):
            crop = s.crop_of(a.args[0])  # type: ignore[arg-type]
            res = crop.yields
            if s.used[res] >= crop.amount or (s.used[res] > 0 and s.avail[res] < 2 * s.players + 3):
                return a
        return None

    def _harvest(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        return k["harvest"][0] if k.get("harvest") else None

    def _grow(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        grows = k.get("grow")
        if not grows:
            return None
        return min(grows, key=lambda a: s.needed(a.args[0]))  # type: ignore[arg-type]

    def _plant(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        plants = k.get("plant")
        if not plants:
            return None
        reserve = s.players + 1
        av = s.avail
        best, best_v = None, 0.0
        for a in plants:
            crop = s.crop_of(a.args[1])  # type: ignore[arg-type]
            after = {r: av[r] - crop.cost.get(r, 0) for r in av}
            if after["food"] < reserve or after["water"] < reserve or after["fuel"] < FUEL_RESERVE - 1:
                continue
            value = self._need(s, crop.yields) + BONUS[crop.id]
            if value > best_v:
                best, best_v = a, value
        return best

    def _need(self, s: ResourcityState, res: str) -> float:
        target = TARGET[res] + 2 * s.players
        return max(0.0, target - s.avail[res]) / target * 10

    def _carry(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        if not s.baskets[seat]:
            return None
        centres = {t for t in range(TILES) if s.grid_kind[t] == "centre"}
        return self._toward(s, seat, k, centres)

    def _green(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        """Lay a Green Space beside a Farm: the Plots around it then take Water Catchments."""
        if s.avail["fuel"] < FUEL_RESERVE + 1 or s.supply["catchment"] < 1:
            return None
        base = farm_count(s.farm)
        best, best_n = None, 0
        for a in k.get("replace", []):
            slot, t = a.args
            if s.hands[seat][slot] != "green" or s.grid_kind[t] in ("centre", "green"):  # type: ignore[index]
                continue
            kinds = list(s.grid_kind)
            kinds[t] = "green"  # type: ignore[index]
            farm = find_farms(s.geo, kinds, s.grid_rot)
            if farm_count(farm) < base or any(farm[p] < 0 for p in s.crop):
                continue
            n = sum(1 for p in GREEN_ZONE[t] if farm[p] >= 0 and p not in s.crop)  # type: ignore[index]
            if n > best_n:
                best, best_n = a, n
        return best

    def _build(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        """A Rotate or Replace within reach that closes a new loop next to some player."""
        if not (k.get("rotate") or k.get("replace")):
            return None
        if s.plots_near(seat) and farm_count(s.farm) >= s.players:
            return None
        key = (tuple(s.grid_kind), tuple(s.grid_rot), tuple(s.pos), s.avail["fuel"], tuple(s.hands[seat]))
        if key == self._no_build:
            return None
        base = farm_count(s.farm)
        kinds, rots = list(s.grid_kind), list(s.grid_rot)
        fuel_spare = s.avail["fuel"] - FUEL_RESERVE
        if rotate_cost(s) <= fuel_spare:
            for a in k.get("rotate", []):
                t = a.args[0]
                old = rots[t]
                rots[t] = (old + (1 if a.args[1] == "cw" else 3)) % 4  # type: ignore[operator]
                if self._better(s, seat, kinds, rots, base):
                    return a
                rots[t] = old
        for a in k.get("replace", []):
            slot, t = a.args
            tile = s.hands[seat][slot]  # type: ignore[index]
            if tile not in ("curve", "tee", "tennis") or replace_cost(s, seat, tile) > fuel_spare:
                continue
            old_k, old_r = kinds[t], rots[t]  # type: ignore[index]
            kinds[t] = tile  # type: ignore[index]
            for r in s.geo.rotations[tile]:
                rots[t] = r  # type: ignore[index]
                if self._better(s, seat, kinds, rots, base):
                    return a
            kinds[t], rots[t] = old_k, old_r  # type: ignore[index]
        self._no_build = key
        return None

    def _better(self, s: ResourcityState, seat: int, kinds: list[str], rots: list[int], base: int) -> bool:
        farm = find_farms(s.geo, kinds, rots)
        if farm_count(farm) <= base:
            return False
        lost = any(farm[p] < 0 for p in s.crop)
        return not lost

    def _hurry(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        """Spend spare Fuel on a Replace that breaks no Farm: each tile laid draws the deck on faster."""
        base = farm_count(s.farm)
        for a in sorted(k.get("replace", []), key=lambda a: s.hands[seat][a.args[0]] != "green"):  # type: ignore[index]
            slot, t = a.args
            tile = s.hands[seat][slot]  # type: ignore[index]
            if s.avail["fuel"] - replace_cost(s, seat, tile) < FUEL_RESERVE + 4:
                continue
            if s.grid_kind[t] in ("centre", "green"):
                continue
            kinds = list(s.grid_kind)
            rots = list(s.grid_rot)
            kinds[t] = tile  # type: ignore[index]
            for r in s.geo.rotations[tile]:
                rots[t] = r  # type: ignore[index]
                farm = find_farms(s.geo, kinds, rots)
                if farm_count(farm) >= base and not any(farm[p] < 0 for p in s.crop):
                    return a
        return None

    def _go_farm(self, s: ResourcityState, seat: int, k: dict[str, list[Action]]) -> Action | None:
        """Walk toward the tile with the most farming work around it (Community Centres preferred)."""
        dist = _distances(s, s.pos[seat])
        plant_ok = s.avail["food"] > s.players + 3 and s.avail["water"] > s.players + 3
        best_t, best_v = s.pos[seat], self._work(s, s.pos[seat], plant_ok)
        for t, d in dist.items():
            v = self._work(s, t, plant_ok) - 0.6 * d
            if v > best_v + 0.01:
                best_t, best_v = t, v
        if best_t == s.pos[seat] or best_v <= 0:
            return None
        return self._toward(s, seat, k, {best_t})

    def _work(self, s: ResourcityState, t: int, plant_ok: bool) -> float:
        """How many farming actions could be done now from tile ``t``."""
        v = 0.0
        for p in _tile_plots(s, t):
            if p in s.crop:
                if p not in s.farmed:
                    v += 1.0
            elif plant_ok:
                v += 0.6
        if v and s.grid_kind[t] == "centre":
            v += 0.5
        return v

    def _toward(
        self, s: ResourcityState, seat: int, k: dict[str, list[Action]], goals: set[int]
    ) -> Action | None:
        """The first step of a shortest road path (Teleports included) to any goal tile."""
        if not goals or not (k.get("move") or k.get("teleport")):
            return None
        first: dict[int, Action] = {}
        for a in k.get("move", []) + k.get("teleport", []):
            first.setdefault(a.args[0], a)  # type: ignore[arg-type]
        frontier = list(first)
        seen = {s.pos[seat], *frontier}
        origin = dict.fromkeys(frontier)
        for t in frontier:
            origin[t] = t
        while frontier:
            nxt = []
            for t in frontier:
                if t in goals:
                    return first[origin[t]]  # type: ignore[index]
                for n in s.moves(t):
                    if n not in seen:
                        seen.add(n)
                        origin[n] = origin[t]
                        nxt.append(n)
            frontier = nxt
        return None


def _distances(s: ResourcityState, start: int) -> dict[int, int]:
    """Road distance (in Moves, Teleports counted as 1) from ``start`` to every reachable tile."""
    centres = [t for t in range(TILES) if s.grid_kind[t] == "centre"]
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for t in frontier:
            hops = s.moves(t) + (centres if s.grid_kind[t] == "centre" else [])
            for n in hops:
                if n not in dist:
                    dist[n] = dist[t] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def _tile_plots(s: ResourcityState, t: int) -> list[int]:
    out = [p for p in TILE_CORNER_PLOTS[t] if s.farm[p] >= 0]
    if s.grid_kind[t] == "green" and s.farm[GREEN_PLOT + t] >= 0:
        out.append(GREEN_PLOT + t)
    return out


__all__ = ["HeuristicBot", "destinations", "teleports"]
