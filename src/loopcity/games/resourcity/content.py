"""Resourcity's content model: tiles, crops, token supply, Superpower figures, Crisis and Huat tiles,
fixed layouts and starting resources, validated from ``content.toml``."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from loopcity.engine import ContentModel, ContentSpec

from .board import SIZE, TILES

Source = Literal["rulebook", "research", "reconstructed"]
Side = Literal["N", "E", "S", "W"]
Corner = Literal["NW", "NE", "SE", "SW"]
Resource = Literal["fuel", "food", "water"]


class _Item(ContentModel):
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
    name: str
    text: str = ""
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


class Fixed(ContentModel):
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
CROP_IDS = ("sugarcane", "sweetpotato", "catchment")
POWERS = ("builder", "cyclist", "farmer", "innovator", "planner", "policymaker")
"""The Superpower cards (their figures are in ``[superpowers]``)."""
MAX_PLAYERS = len(POWERS)
"""One Superpower card each."""


class Content(ContentModel):
    """All of Resourcity's data."""

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
    def _check_items(self) -> Content:
        """The items the rules name are there, once each."""
        ids = [t.id for t in self.tiles]
        if len(set(ids)) != len(ids):
            raise ValueError(
                f"tiles: an id is used twice: {', '.join(sorted(i for i in ids if ids.count(i) > 1))}"
            )
        for need in ("green", "centre"):
            if need not in ids:
                raise ValueError(f"tiles must include {need!r}")
        if sorted(c.id for c in self.crops) != sorted(CROP_IDS):
            raise ValueError(f"crops must be exactly {', '.join(CROP_IDS)}, once each")
        if sorted(c.id for c in self.crises) != sorted(CRISES):
            raise ValueError(f"crises must be exactly {', '.join(CRISES)}")
        if sorted(h.id for h in self.huats) != sorted(HUATS):
            raise ValueError(f"huats must be exactly {', '.join(HUATS)}")
        return self

    @model_validator(mode="after")
    def _check_totals(self) -> Content:
        """Totals fixed by the components: enough tiles for a game, enough Crisis tiles."""
        t = self.turn
        if t.crises_per_game > len(self.crises):
            raise ValueError(
                f"turn.crises_per_game = {t.crises_per_game} exceeds the {len(self.crises)} Crisis tiles in crises"
            )
        if t.crises_to_win > t.crises_per_game:
            raise ValueError(
                f"turn.crises_to_win = {t.crises_to_win} exceeds turn.crises_per_game = {t.crises_per_game}: "
                "the game could never be won"
            )
        box = sum(tile.count for tile in self.tiles)
        need = TILES + MAX_PLAYERS * t.hand_size
        if box < need:
            raise ValueError(
                f"tiles: the counts add up to {box} tiles; a game of {MAX_PLAYERS} needs at least {need} "
                f"({TILES} for the grid + {MAX_PLAYERS} hands of turn.hand_size = {t.hand_size})"
            )
        return self

    @model_validator(mode="after")
    def _check_layouts(self) -> Content:
        """Each layout fixes known tiles, on the grid, once per cell, no more of a tile than the box
        holds, and Community Centres with room for every player token (Step 8 puts them there)."""
        counts = {tile.id: tile.count for tile in self.tiles}
        for lay in self.layouts:
            cells = [f.cell for f in lay.fixed]
            for f in lay.fixed:
                if f.tile not in counts:
                    raise ValueError(f"layouts.{lay.id}: unknown tile {f.tile!r}")
                if not (0 <= f.cell[0] < SIZE and 0 <= f.cell[1] < SIZE):
                    raise ValueError(f"layouts.{lay.id}: cell {f.cell} is off the {SIZE}x{SIZE} grid")
                if cells.count(f.cell) > 1:
                    raise ValueError(f"layouts.{lay.id}: cell {f.cell} is fixed twice")
                used = sum(1 for g in lay.fixed if g.tile == f.tile)
                if used > counts[f.tile]:
                    raise ValueError(
                        f"layouts.{lay.id}: fixes {used} {f.tile} tiles; tiles.{f.tile}.count is {counts[f.tile]}"
                    )
            centres = sum(1 for f in lay.fixed if f.tile == "centre")
            if centres * self.turn.max_players_per_tile < MAX_PLAYERS:
                raise ValueError(
                    f"layouts.{lay.id}: fixes {centres} Community Centres, room for "
                    f"{centres * self.turn.max_players_per_tile} player tokens "
                    f"(turn.max_players_per_tile = {self.turn.max_players_per_tile}); the {MAX_PLAYERS} "
                    "player tokens start on them"
                )
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
