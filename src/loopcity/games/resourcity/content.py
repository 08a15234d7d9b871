"""Resourcity's content model: tiles, crops, token supply, Superpower figures, Crisis and Huat tiles,
fixed layouts and starting resources, validated from ``content.toml``."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from loopcity.engine import ContentSpec

Source = Literal["rulebook", "research", "reconstructed"]
Side = Literal["N", "E", "S", "W"]
Corner = Literal["NW", "NE", "SE", "SW"]
Resource = Literal["fuel", "food", "water"]


class _Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    source: Source


class Start(_Item):
    fuel: int = Field(ge=0)
    food: int = Field(ge=0)
    water: int = Field(ge=0)


class Turn(_Item):
    actions: int = Field(ge=1)
    upkeep_food: int = Field(ge=0)
    upkeep_water: int = Field(ge=0)
    hand_size: int = Field(ge=1, le=3)
    max_players_per_tile: int = Field(ge=1)
    crises_per_game: int = Field(ge=2, le=10)
    crises_to_win: int = Field(ge=1)


class Costs(_Item):
    rotate: int = Field(ge=0)
    replace_road: int = Field(ge=0)
    replace_green: int = Field(ge=0)


class Tile(_Item):
    id: str
    count: int = Field(ge=0)
    arms: list[Side]
    links: list[tuple[Corner, Corner]] = []
    walkable: bool = False
    road: bool = True


class Crop(_Item):
    id: Literal["sugarcane", "sweetpotato", "catchment"]
    name: str
    cost: dict[Resource, int]
    tokens: int = Field(ge=1)
    yields: Resource
    amount: int = Field(ge=0)
    compost: bool
    near_green: bool = False
    per_green: int = Field(default=5, ge=1)


class Supply(_Item):
    sugarcane: int = Field(ge=0)
    sweetpotato: int = Field(ge=0)
    catchment: int = Field(ge=0)
    rainwater: int = Field(ge=0)
    compost: int = Field(ge=0)


class Superpowers(_Item):
    builder_road_cost: int = Field(ge=0)
    cyclist_steps: int = Field(ge=1, le=3)
    innovator_actions: int = Field(ge=1)
    planner_actions: int = Field(ge=1)
    policy_maker_actions: int = Field(ge=1)
    farmer_crisis_gain: int = Field(ge=0)


class Event(_Item):
    """A Crisis or Huat tile: its effect is chosen by ``id``; the numbers it uses are data."""

    id: str
    name: str
    text: str
    fuel: int = 0
    food: int = 0
    water: int = 0
    water_per_catchment: int = 0
    threshold: int = 0
    discount: int = 0
    plots: int = 0


class Fixed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cell: tuple[int, int]
    tile: str
    exits: list[Side]


class Layout(_Item):
    id: str
    fixed: list[Fixed]


CRISES = (
    "blight",
    "drought",
    "fuelcrisis",
    "embargo",
    "earthquake",
    "sealevel",
    "manpower",
    "pandemic",
    "monsoon",
    "pests",
)
HUATS = ("bumper", "communityday", "compostday", "rainfall")


class Content(BaseModel):
    """All of Resourcity's data."""

    model_config = ConfigDict(extra="forbid")
    start: Start
    turn: Turn
    costs: Costs
    tiles: list[Tile]
    crops: list[Crop]
    supply: Supply
    superpowers: Superpowers
    crises: list[Event]
    huats: list[Event]
    layouts: list[Layout]

    @model_validator(mode="after")
    def _check(self) -> Content:
        ids = [t.id for t in self.tiles]
        for need in ("green", "centre"):
            if need not in ids:
                raise ValueError(f"tiles must include {need!r}")
        if sorted(c.id for c in self.crises) != sorted(CRISES):
            raise ValueError(f"crises must be exactly {', '.join(CRISES)}")
        if sorted(h.id for h in self.huats) != sorted(HUATS):
            raise ValueError(f"huats must be exactly {', '.join(HUATS)}")
        if self.turn.crises_per_game > len(self.crises):
            raise ValueError("crises_per_game exceeds the Crisis tiles")
        if self.turn.crises_to_win > self.turn.crises_per_game:
            raise ValueError("crises_to_win exceeds crises_per_game: the game could never be won")
        for lay in self.layouts:
            for f in lay.fixed:
                if f.tile not in ids:
                    raise ValueError(f"layout {lay.id}: unknown tile {f.tile!r}")
                if not (0 <= f.cell[0] < 6 and 0 <= f.cell[1] < 6):
                    raise ValueError(f"layout {lay.id}: cell {f.cell} is off the 6x6 grid")
        return self

    def tile(self, tile_id: str) -> Tile:
        """The tile type with this id."""
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(tile_id)

    def crop(self, crop_id: str) -> Crop:
        """The crop with this id."""
        for c in self.crops:
            if c.id == crop_id:
                return c
        raise KeyError(crop_id)

    def event(self, event_id: str) -> Event:
        """The Crisis or Huat tile with this id."""
        for e in (*self.crises, *self.huats):
            if e.id == event_id:
                return e
        raise KeyError(event_id)

    def layout(self, layout_id: str) -> Layout:
        """The fixed layout with this id."""
        for lay in self.layouts:
            if lay.id == layout_id:
                return lay
        raise KeyError(layout_id)


CONTENT = ContentSpec(Content, Path(__file__).with_name("content.toml"))
