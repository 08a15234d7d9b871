"""Crisis and Huat tiles, resolved the moment they are drawn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from .board import DIAGONALS, OUTER_RING, QUARTERS
from .catalogue import _
from .content import CRISES, HUATS
from .farming import TOKEN, FarmingMixin, compost_targets
from .words import resource_name

_CRISIS_IDS = frozenset(CRISES)
_HUAT_IDS = frozenset(HUATS)


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class EventsMixin(FarmingMixin):
    """The ten Crisis tiles and four Huat tiles."""

    def event_name(self, tile: str) -> str:
        """A drawn tile's name: a road tile's, or a Crisis or Huat tile's with what it is."""
        name = _(self.tables.event_names.get(tile, tile))
        if tile in _CRISIS_IDS:
            return _("{name} (Crisis tile)").format(name=name)
        if tile in _HUAT_IDS:
            return _("{name} (Huat tile)").format(name=name)
        return name

    def resolve_crisis(self, tile: str) -> None:
        """Carry out a Crisis tile, on stage; surviving the last one wins the game."""
        self.resolved.append(tile)
        self.crises_drawn += 1
        ev = self.content.event(tile)
        n, total = self.crises_drawn, self.content.turn.crises_to_win
        self.note(
            lambda: _("Crisis {n} of {total}: {name}. {text}").format(
                n=n, total=total, name=_(ev.name), text=_(ev.text)
            ),
            kind="event",
        )
        entry = self._on_stage(tile)
        _CRISIS_EFFECTS[tile](self)
        self._what_it_did(entry)
        if self.phase == "over":
            return
        if self.crises_drawn >= self.content.turn.crises_to_win:
            self.won = True
            self.phase = "over"
            self.note(lambda: _("The team survived the last Crisis: the team wins!"), kind="event")

    def resolve_huat(self, tile: str) -> None:
        """Carry out a Huat tile (community and chance situations that help), on stage."""
        self.resolved.append(tile)
        ev = self.content.event(tile)
        self.note(
            lambda: _("Huat tile: {name}. {text}").format(name=_(ev.name), text=_(ev.text)), kind="event"
        )
        entry = self._on_stage(tile)
        _HUAT_EFFECTS[tile](self)
        self._what_it_did(entry)

    # ----- the stage: what a drawn Crisis or Huat tile did, shown for a round ----------------------
    def _on_stage(self, tile: str) -> dict[str, Any]:
        """A stage entry for a tile drawn now, with the table as it was before it acts."""
        pool = [self.avail["fuel"], self.avail["food"], self.avail["water"]]
        crops, farms = len(self.crop), self.farm_count()
        entry: dict[str, Any] = {
            "tile": tile,
            "round": self.round,
            "seat": self.turn,
            "before": pool,
            "crops": [crops, crops],
            "farms": [farms, farms],
            "after": list(pool),
        }
        self.stage.append(entry)
        return entry

    def _what_it_did(self, entry: dict[str, Any]) -> None:
        """Complete the stage entry with the table after the tile acted, and say what changed."""
        entry["after"] = [self.avail["fuel"], self.avail["food"], self.avail["water"]]
        entry["crops"][1] = len(self.crop)
        entry["farms"][1] = self.farm_count()
        pools = zip(("fuel", "food", "water"), entry["before"], entry["after"], strict=True)
        moved = [(r, b, a) for r, b, a in pools if a != b]
        crops, farms = entry["crops"], entry["farms"]
        if not moved and crops[0] == crops[1] and farms[0] == farms[1]:
            return

        def said() -> str:
            changes = [
                _("Available {resource} {before} → {after}").format(
                    resource=resource_name(r), before=b, after=a
                )
                for r, b, a in moved
            ]
            for (b, a), what in ((crops, _("crops on the board")), (farms, _("Farms"))):
                if a != b:
                    changes.append(_("{what} {before} → {after}").format(what=what, before=b, after=a))
            return _("What it did: {changes}.").format(changes="; ".join(changes))

        self.note(said, kind="event")

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
    """Bumper Harvest: "+1 crop token on every crop; collect from any Plot that becomes ready". Every
    crop still growing takes a token (while the supply has one); the Plots that token makes ready are
    collected into the harvest of the player who drew the tile. A Plot that was ready before stays
    for a Harvest Action: it does not become ready."""
    ready = []
    for p in sorted(s.crop):
        token = TOKEN[s.crop[p]]
        if s.needed(p) > 0 and s.supply[token] > 0:
            s.supply[token] -= 1
            s.tokens[p] += 1
            if s.needed(p) <= 0:
                ready.append(p)
    for p in ready:
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
