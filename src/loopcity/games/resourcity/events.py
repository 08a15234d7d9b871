"""Crisis and Huat tiles, resolved the moment they are drawn."""

from __future__ import annotations

from collections.abc import Callable

from .board import DIAGONALS, OUTER_RING, QUARTERS
from .farming import FarmingMixin, compost_targets


class EventsMixin(FarmingMixin):
    """The ten Crisis tiles and four Huat tiles."""

    def event_name(self, tile: str) -> str:
        """A drawn tile's name for the log."""
        names = self.geo.memo.get("event_names")
        if names is None:  # depends on the content alone, like the geometry that keeps it
            names = self.geo.memo["event_names"] = {t.id: f"a {t.id} tile" for t in self.content.tiles}
            for e in (*self.content.crises, *self.content.huats):
                names[e.id] = e.name + (" (Crisis)" if e.id in _CRISIS_EFFECTS else " (Huat)")
        return names.get(tile) or f"a {tile} tile"  # type: ignore[attr-defined]

    def resolve_crisis(self, tile: str) -> None:
        """Carry out a Crisis tile; surviving the last one wins the game."""
        self.resolved.append(tile)
        self.crises_drawn += 1
        ev = self.content.event(tile)
        self.note(f"Crisis {self.crises_drawn}: {ev.name}: {ev.text}", kind="event")
        _CRISIS_EFFECTS[tile](self)
        if self.phase == "over":
            return
        if self.crises_drawn >= self.content.turn.crises_to_win:
            self.won = True
            self.phase = "over"
            self.note("The team survived the last Crisis: the team wins!")

    def resolve_huat(self, tile: str) -> None:
        """Carry out a Huat tile (community and chance situations that help)."""
        self.resolved.append(tile)
        ev = self.content.event(tile)
        self.note(f"Huat: {ev.name}: {ev.text}")
        _HUAT_EFFECTS[tile](self)

    # ----- helpers used by several tiles ---------------------------------------------------------
    def lose(self, fuel: int = 0, food: int = 0, water: int = 0, why: str = "a Crisis") -> None:
        """Consume resources (Available to Used); the team loses if one cannot be paid."""
        for r, n in (("fuel", fuel), ("food", food), ("water", water)):
            if n and not self.pay(r, n, why):
                return

    def catchments(self) -> int:
        """Water Catchments built on the board."""
        return sum(1 for c in self.crop.values() if c == "catchment")

    def destroy_crops(self, plots: list[int]) -> None:
        """A Crisis removes the crops on these Plots (a Catchment and Compost stay)."""
        for p in sorted(plots):
            self.clear_plot(p, crisis=True)

    def rotate_tiles(self, tiles: tuple[int, ...], turns: int) -> None:
        """Turn the given tiles ``turns`` quarter turns clockwise (a Crisis), then recompute the Farms."""
        for t in tiles:
            self.grid_rot[t] = (self.grid_rot[t] + turns) % 4
        self.board_changed(crisis=True)


def _blight(s: EventsMixin) -> None:
    counts = {k: sum(s.tokens[p] for p, c in s.crop.items() if c == k) for k in ("sugarcane", "sweetpotato")}
    top = max(counts.values())
    if top == 0:
        return
    kinds = [k for k, n in counts.items() if n == top]
    s.destroy_crops([p for p, c in s.crop.items() if c in kinds])


def _monsoon(s: EventsMixin) -> None:
    by_farm: dict[int, set[str]] = {}
    for p, c in s.crop.items():
        by_farm.setdefault(s.farm[p], set()).add(c)
    single = {f for f, kinds in by_farm.items() if len(kinds) == 1}
    s.destroy_crops([p for p in s.crop if s.farm[p] in single])
    s.gain("water", s.content.event("monsoon").water_per_catchment * s.catchments())


def _pests(s: EventsMixin) -> None:
    limit = s.content.event("pests").threshold
    doomed: set[int] = set()
    for quarter in QUARTERS:
        planted = [p for p in s.crop if p in quarter and (s.tokens[p] or s.crop[p] != "catchment")]
        if len(planted) > limit:
            doomed.update(planted)
    s.destroy_crops(list(doomed))


def _set_effect(name: str) -> Callable[[EventsMixin], None]:
    def effect(s: EventsMixin) -> None:
        setattr(s, name, s.players)

    return effect


def _amounts(tile: str) -> Callable[[EventsMixin], None]:
    def effect(s: EventsMixin) -> None:
        ev = s.content.event(tile)
        s.lose(ev.fuel, ev.food, ev.water, ev.name)

    return effect


_CRISIS_EFFECTS: dict[str, Callable[[EventsMixin], None]] = {
    "blight": _blight,
    "drought": _amounts("drought"),
    "fuelcrisis": _amounts("fuelcrisis"),
    "embargo": _amounts("embargo"),
    "earthquake": lambda s: s.rotate_tiles(DIAGONALS, 1),
    "sealevel": lambda s: s.rotate_tiles(OUTER_RING, 3),
    "manpower": _set_effect("manpower"),
    "pandemic": _set_effect("pandemic"),
    "monsoon": _monsoon,
    "pests": _pests,
}


def _bumper(s: EventsMixin) -> None:
    from .farming import TOKEN

    for p in sorted(s.crop):
        if s.needed(p) > 0 and s.supply[TOKEN[s.crop[p]]] > 0:
            s.supply[TOKEN[s.crop[p]]] -= 1
            s.tokens[p] += 1
    for p in sorted(s.crop):
        if s.needed(p) <= 0 and (s.tokens[p] or s.crop[p] != "catchment"):
            s.collect(s.turn, p)


def _compost_day(s: EventsMixin) -> None:
    s.pending = (s.content.event("compostday").plots,)
    s.phase = "compost"
    if not compost_targets(s):
        s.phase = "draw"


def _rainfall(s: EventsMixin) -> None:
    ev = s.content.event("rainfall")
    s.gain("water", ev.water + ev.water_per_catchment * s.catchments())


_HUAT_EFFECTS: dict[str, Callable[[EventsMixin], None]] = {
    "bumper": _bumper,
    "communityday": _set_effect("community"),
    "compostday": _compost_day,
    "rainfall": _rainfall,
}
