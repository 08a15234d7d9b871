"""Farms and crops: Plots next to a player, Plant / Grow / Harvest, Compost, Water Catchments and
exchanging harvests on a Community Centre."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from .base import FarmingAction, ResourcityBase
from .board import (
    GREEN_PLOT,
    GREEN_ZONE,
    PLOTS,
    TILE_CORNER_PLOTS,
    TILES,
    farm_count,
    find_farms,
    update_farms,
)
from .catalogue import _, ngettext
from .content import Crop
from .words import cost_text, plot_name, pool_text, resource_name

GREEN_TILES_NEAR = tuple(tuple(t for t in range(TILES) if p in GREEN_ZONE[t]) for p in range(PLOTS))
TOKEN = {"sugarcane": "sugarcane", "sweetpotato": "sweetpotato", "catchment": "rainwater"}


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class FarmingMixin(ResourcityBase):
    """Farming rules, mixed into the state."""

    def board_changed(self, tiles: tuple[int, ...] | None = None, crisis: bool = False) -> None:
        """Recompute the Farms (only round ``tiles`` when given: the only tiles that changed since the
        Farms were last found); a Plot left outside every Farm loses what was on it."""
        geo = self.tables.geo
        if tiles is None:
            self.farm = find_farms(geo, self.grid_kind, self.grid_rot)
        else:
            update_farms(geo, self.farm, self.grid_kind, self.grid_rot, tiles)
        if not (self.crop or self.compost):
            return
        farm = self.farm
        lost = {p for p in self.crop if farm[p] < 0}
        lost.update(p for p in self.compost if farm[p] < 0)
        for p in sorted(lost):
            self.clear_plot(p, crisis, everything=True)

    def farm_count(self) -> int:
        """How many Farms (closed road loops) the board holds."""
        return farm_count(self.farm)

    def plots_near(self, seat: int) -> list[int]:
        """Plots in a Farm next to a player: its tile's corners, and the centre of a Green Space it is on."""
        t = self.pos[seat]
        farm = self.farm
        near = [p for p in TILE_CORNER_PLOTS[t] if farm[p] >= 0]
        if self.grid_kind[t] == "green" and farm[GREEN_PLOT + t] >= 0:
            near.append(GREEN_PLOT + t)
        return near

    def crop_of(self, crop_id: str) -> Crop:
        """The crop with this id."""
        return self.tables.crops[crop_id]

    def needed(self, p: int) -> int:
        """Crop tokens still to place on Plot ``p`` before it can be Harvested (Compost counts for 1)."""
        crop = self.crop_of(self.crop[p])
        free = 1 if crop.compost and p in self.compost else 0
        return crop.tokens - self.tokens[p] - free

    def near_green(self, p: int) -> bool:
        """Whether a Water Catchment may go on Plot ``p``: next to a Green Space (its centre, its
        corners or a corner of a tile beside it) that has fewer Catchments around it than the limit
        (``per_green`` of the Water Catchment in the content)."""
        kinds = self.grid_kind
        for t in GREEN_TILES_NEAR[p]:
            if kinds[t] == "green":
                zone = GREEN_ZONE[t]
                n = 0  # the Catchments round this Green Space
                for q, c in self.crop.items():
                    if c == "catchment" and q in zone:
                        n += 1
                if n < self.tables.crops["catchment"].per_green:
                    return True
        return False

    # ----- legality ------------------------------------------------------------------------------
    def farm_block(self, seat: int, p: int, kind: FarmingAction) -> str | None:
        """Why the one-farming-action-per-Plot rule forbids ``kind`` on ``p`` now (None: allowed)."""
        done = self.farmed.get(p)
        if done is None:
            return None
        if kind == "harvest" and done == "grow" and self.powers[seat] == "farmer":
            return None
        if done == "grow" and kind == "harvest":
            return _("this Plot was Grown this turn: only the Farmer may Grow and Harvest one Plot in a turn")
        return _(
            "this Plot has had its farming Action this turn (at most 1 farming Action per Plot each turn)"
        )

    def _not_next_to(self, seat: int, p: int, verb: str) -> str:
        """Why a Plot that is not next to ``seat`` cannot be farmed from there."""
        where = plot_name(p)
        if self.farm[p] < 0:
            return _("{plot} is not inside a Farm (the inside of a closed loop of roads)").format(plot=where)
        return _(
            "{plot} is not next to you: stand on a tile at that corner (or on the Green Space) to {verb} there"
        ).format(plot=where, verb=verb)

    def plant_problem(self, seat: int, p: int, crop_id: str) -> str | None:
        """Why Planting ``crop_id`` on ``p`` is not allowed now (None: it is)."""
        if p not in self.plots_near(seat):
            return self._not_next_to(seat, p, _("Plant"))
        if p in self.crop:
            return _("{plot} already grows {crop} (1 crop type per Plot)").format(
                plot=plot_name(p), crop=_(self.crop_of(self.crop[p]).name)
            )
        return self.plant_block(seat, p, crop_id)

    def plant_block(self, seat: int, p: int, crop_id: str) -> str | None:
        """Why Planting ``crop_id`` on ``p``, an empty Plot in a Farm next to ``seat``, is not allowed."""
        crop = self.crop_of(crop_id)
        if crop.near_green and not self.near_green(p):
            return _(
                "a {crop} goes on or next to a Green Space that has fewer than {n} round it; {plot} is not"
            ).format(crop=_(crop.name), n=crop.per_green, plot=plot_name(p))
        if not self.can_afford(crop.cost):
            return _("Planting {crop} costs {cost}; the team has {have} Available").format(
                crop=_(crop.name), cost=cost_text(crop.cost), have=pool_text(self.avail)
            )
        if self.supply[TOKEN[crop_id]] < 1 or (crop_id == "catchment" and self.supply["catchment"] < 1):
            return _("no {crop} tokens are left in the supply").format(crop=_(crop.name))
        return self.farm_block(seat, p, "plant")

    def grow_problem(self, seat: int, p: int) -> str | None:
        """Why Growing on ``p`` is not allowed now (None: it is)."""
        if p not in self.plots_near(seat):
            return self._not_next_to(seat, p, _("Grow"))
        if p not in self.crop:
            return _("nothing grows on {plot} yet: Plant a crop there first").format(plot=plot_name(p))
        if self.needed(p) <= 0:
            return _("{plot} is ready: Harvest it").format(plot=plot_name(p))
        return self.grow_block(seat, p)

    def grow_block(self, seat: int, p: int) -> str | None:
        """Why Growing on ``p``, a planted Plot next to ``seat`` that needs tokens, is not allowed."""
        if self.supply[TOKEN[self.crop[p]]] < 1:
            return _("no {crop} tokens are left in the supply").format(
                crop=_(self.crop_of(self.crop[p]).name)
            )
        return self.farm_block(seat, p, "grow")

    def harvest_problem(self, seat: int, p: int) -> str | None:
        """Why Harvesting ``p`` is not allowed now (None: it is)."""
        if p not in self.plots_near(seat):
            return self._not_next_to(seat, p, _("Harvest"))
        if p not in self.crop:
            return _("nothing grows on {plot}").format(plot=plot_name(p))
        if self.needed(p) > 0:
            crop = self.crop_of(self.crop[p])
            need = self.needed(p)
            return ngettext(
                "{crop} on {plot} needs {n} more crop token(s) before Harvest",
                "{crop} on {plot} needs {n} more crop token(s) before Harvest",
                need,
            ).format(crop=_(crop.name), plot=plot_name(p), n=need)
        return self.farm_block(seat, p, "harvest")

    # ----- effects -----------------------------------------------------------------------------
    def plant(self, seat: int, p: int, crop_id: str) -> None:
        """Plant: pay the crop's cost, place a Water Catchment token if it is one, and 1 crop token."""
        crop = self.crop_of(crop_id)
        for r, n in crop.cost.items():
            self.pay(r, n, f"Planting {crop.name}")
        if crop_id == "catchment":
            self.supply["catchment"] -= 1
        self.supply[TOKEN[crop_id]] -= 1
        self.crop[p] = crop_id
        self.tokens[p] = 1
        self.farmed[p] = "plant"

    def grow(self, seat: int, p: int) -> None:
        """Grow: place 1 more crop token on the Plot."""
        self.supply[TOKEN[self.crop[p]]] -= 1
        self.tokens[p] += 1
        self.farmed[p] = "grow"

    def harvest(self, seat: int, p: int) -> None:
        """Harvest: take all crop tokens (and Compost); a Catchment stays; Sugar Cane and Sweet Potato
        leave 1 new Compost token on the Plot."""
        self.farmed[p] = "harvest"
        self.collect(seat, p)

    def collect(self, seat: int, p: int) -> None:
        """Move a ready Plot's tokens into ``seat``'s harvest (also used by Bumper Harvest)."""
        crop_id = self.crop[p]
        crop = self.crop_of(crop_id)
        used_compost = 1 if crop.compost and p in self.compost else 0
        self.baskets[seat].append((crop_id, self.tokens[p], used_compost))
        if used_compost:  # a Compost token on a Water Catchment's Plot is no crop token: it stays
            self.compost.discard(p)
        if crop_id == "catchment":
            self.tokens[p] = 0
            return
        del self.crop[p]
        del self.tokens[p]
        if self.supply["compost"] > 0:
            self.supply["compost"] -= 1
            self.compost.add(p)

    def exchange(self, seat: int, crop_id: str) -> int:
        """Exchange one harvest on a Community Centre: its resource moves from Used to Available."""
        basket = self.baskets[seat]
        i = 0
        while basket[i][0] != crop_id:  # the first harvest of the crop (an Exchange is legal: one is held)
            i += 1
        _, n, compost = basket.pop(i)
        self.supply[TOKEN[crop_id]] += n
        self.supply["compost"] += compost
        crop = self.crop_of(crop_id)
        return self.gain(crop.yields, crop.amount)

    def clear_plot(self, p: int, crisis: bool, everything: bool = False) -> None:
        """Remove the crop tokens on ``p`` (``everything``: also its Catchment and Compost)."""
        crop_id = self.crop.get(p)
        if crop_id is not None:
            had = self.tokens[p]
            self.supply[TOKEN[crop_id]] += had
            if crisis and (had > 0 or everything):
                self.farmer_bonus(p, crop_id)
            if crop_id == "catchment" and not everything:
                self.tokens[p] = 0
            else:
                if crop_id == "catchment":
                    self.supply["catchment"] += 1
                del self.crop[p]
                del self.tokens[p]
        if everything and p in self.compost:
            self.compost.discard(p)
            self.supply["compost"] += 1

    def farmer_bonus(self, p: int, crop_id: str) -> None:
        """Farmer: when a Crisis destroys a crop on a Plot next to the Farmer, gain 1 matching resource."""
        for s, power in enumerate(self.powers):
            if power == "farmer" and self._next_to(s, p):
                resource = self.crop_of(crop_id).yields
                self._farmer_saves(self.gain(resource, self.content.superpowers.farmer_crisis_gain), resource)

    def _farmer_saves(self, got: int, resource: str) -> None:
        self.note(
            lambda: _("The Farmer, next to the lost crop, saves {n} {resource}.").format(
                n=got, resource=resource_name(resource)
            )
        )

    def _next_to(self, seat: int, p: int) -> bool:
        t = self.pos[seat]
        return p in TILE_CORNER_PLOTS[t] or p == GREEN_PLOT + t

    def plots_json(self) -> list[dict[str, Any]]:
        """Every Plot in a Farm with what lies on it (for views)."""
        out = []
        for p, f in enumerate(self.farm):
            if f >= 0:
                crop = self.crop.get(p)
                out.append(
                    {
                        "plot": p,
                        "farm": f,
                        "crop": crop,
                        "tokens": self.tokens.get(p, 0),
                        "compost": p in self.compost,
                        "ready": crop is not None and self.needed(p) <= 0,
                        "catchment_ok": self.near_green(p),
                    }
                )
        return out


def compost_targets(state: FarmingMixin) -> list[int]:
    """Plots in a Farm without Compost (Compost Day), while Compost tokens are left."""
    if state.supply["compost"] < 1:
        return []
    return [p for p, f in enumerate(state.farm) if f >= 0 and p not in state.compost]
