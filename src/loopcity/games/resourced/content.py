"""ResourCEd's content model: rules numbers, tiles, Recycler, Upgrades, Waste table and Events.

The TOML file (``content.toml``) is validated here (every model refuses unknown fields; totals fixed
by the components are checked); :func:`build_tables` turns a validated model into the flat tuples the
rules use on every step (costs as 5-tuples indexed like :data:`RESOURCES`), once per configured game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, get_args

from pydantic import Field, field_validator, model_validator

from loopcity.engine import ContentModel, ContentSpec

RESOURCES = ("wood", "metal", "compost", "food", "water")
"""The five Resources, in the order every hand and bank list uses."""
WOOD, METAL, COMPOST, FOOD, WATER = range(5)
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
"""Each Resource's place in hands and the bank, by its word."""
TILE_IDS = ("food_forest", "community_garden", "heat_haven", "social_housing")
UPGRADE_IDS = ("composter", "shipping_container", "shelter", "irrigation_system", "bus_stop")
EventId = Literal[
    "rain",
    "community_planting_day",
    "study_group",
    "harvest",
    "trash_pickup_day",
    "join_carya",
    "computer_access_program",
    "bee_hotels",
    "drought",
    "heat_wave",
    "bushfire_smoke",
    "vandalism",
    "flood",
    "propurrrty_damage",
]
"""The Events of Appendix A that the rules know."""
EVENT_IDS: tuple[EventId, ...] = get_args(EventId)
MAX_PLAYERS = 4

Source = Literal["rulebook", "research", "reconstructed"]
Cost = dict[str, int]


def _check_cost(value: Cost) -> Cost:
    for key, n in value.items():
        if key not in RESOURCES:
            raise ValueError(f"unknown resource {key!r}; resources are {', '.join(RESOURCES)}")
        if n < 0:
            raise ValueError(f"{key} must not be negative")
    return value


class Rules(ContentModel):
    """The numbers of the rulebook's text."""

    source: Source
    bank_per_type: int = Field(ge=1)
    hand_limit: int = Field(ge=0)
    hand_limit_per_container: int = Field(ge=0)
    trade_limit: int = Field(ge=0)
    trade_limit_per_shelter: int = Field(ge=0)
    max_waste: int = Field(ge=1)
    rounds: int = Field(ge=1)
    alternate_rounds: int = Field(ge=1)
    upkeep_waste_per_housing: int = Field(ge=0)
    housing_to_open_ring3: int = Field(ge=1)
    housing_to_win: int = Field(ge=1)
    ring_production: list[int] = Field(min_length=3, max_length=3)
    bgcs_gather: int = Field(ge=1)
    bus_stop_movement: int = Field(ge=0)
    bushfire_smoke_movement: int = Field(ge=0)
    setup_hand: Cost

    _cost = field_validator("setup_hand")(_check_cost)

    @model_validator(mode="after")
    def _components(self) -> Rules:
        """Totals fixed by the components: every player's setup hand comes out of the bank, the
        Waste Pile can reach Maximum Waste, and winning needs more Social Housing than opening Ring 3."""
        for r, n in self.setup_hand.items():
            if n * MAX_PLAYERS > self.bank_per_type:
                raise ValueError(
                    f"setup_hand: {MAX_PLAYERS} players x {n} {r} is more than the bank's "
                    f"{self.bank_per_type} (bank_per_type)"
                )
        if self.max_waste > len(RESOURCES) * self.bank_per_type:
            raise ValueError(
                f"max_waste: {self.max_waste} Waste cards can never be reached with "
                f"{len(RESOURCES)} x {self.bank_per_type} Resource cards (bank_per_type)"
            )
        if self.housing_to_win <= self.housing_to_open_ring3:
            raise ValueError(
                f"housing_to_win ({self.housing_to_win}) must be more than housing_to_open_ring3 "
                f"({self.housing_to_open_ring3})"
            )
        return self


class Spinner(ContentModel):
    source: Source
    faces: list[int] = Field(min_length=1)

    @field_validator("faces")
    @classmethod
    def _non_negative(cls, v: list[int]) -> list[int]:
        if any(f < 0 for f in v):
            raise ValueError("spinner faces must be 0 or more")
        return v


class Tile(ContentModel):
    """A Resource Tile: what it produces, its crafting cost, how many pieces the box holds."""

    id: Literal["food_forest", "community_garden", "heat_haven", "social_housing"]
    name: str
    produces: str
    pieces: int = Field(ge=1)
    cost: Cost
    source: Source

    _cost = field_validator("cost")(_check_cost)

    @field_validator("produces")
    @classmethod
    def _resource(cls, v: str) -> str:
        if v not in RESOURCES:
            raise ValueError(f"unknown resource {v!r}")
        return v


class Recycler(ContentModel):
    source: Source
    pieces: int = Field(ge=1)
    removal: list[int] = Field(min_length=3, max_length=3)
    cost_ring2: Cost
    cost_ring3: Cost
    operating_cost: Cost

    _cost = field_validator("cost_ring2", "cost_ring3", "operating_cost")(_check_cost)


class Upgrade(ContentModel):
    id: Literal["composter", "shipping_container", "shelter", "irrigation_system", "bus_stop"]
    name: str
    tile: Literal["food_forest", "community_garden", "heat_haven", "social_housing", "bgcs"]
    pieces: int = Field(ge=0)
    cost: Cost
    operation_in: Cost = Field(default_factory=dict)
    operation_out: Cost = Field(default_factory=dict)
    source: Source

    _cost = field_validator("cost", "operation_in", "operation_out")(_check_cost)


class WasteCondition(ContentModel):
    name: str
    min_waste: int = Field(ge=0)
    good_up_to: int = Field(ge=0, le=6)
    source: Source


class Event(ContentModel):
    id: EventId
    name: str
    good: bool
    text: str
    source: Source

    @field_validator("id", mode="before")
    @classmethod
    def _known(cls, v: object) -> object:
        if v not in EVENT_IDS:
            raise ValueError(f"no rule for event {v!r}; events are {', '.join(EVENT_IDS)}")
        return v


class Content(ContentModel):
    """The whole content file."""

    rules: Rules
    spinner: Spinner
    tiles: list[Tile]
    recycler: Recycler
    upgrades: list[Upgrade]
    waste_conditions: list[WasteCondition] = Field(min_length=1)
    events: list[Event]

    @model_validator(mode="after")
    def _complete(self) -> Content:
        if sorted(t.id for t in self.tiles) != sorted(TILE_IDS):
            raise ValueError(f"tiles must be exactly {', '.join(TILE_IDS)}")
        if sorted(u.id for u in self.upgrades) != sorted(UPGRADE_IDS):
            raise ValueError(f"upgrades must be exactly {', '.join(UPGRADE_IDS)}")
        if not any(e.good for e in self.events) or all(e.good for e in self.events):
            raise ValueError("events need at least one good and one bad card")
        mins = [w.min_waste for w in self.waste_conditions]
        if mins != sorted(mins) or mins[0] != 0:
            raise ValueError("waste_conditions must start at 0 and rise")
        housing = next(t for t in self.tiles if t.id == "social_housing")
        if self.rules.housing_to_win > housing.pieces:
            raise ValueError(
                f"rules.housing_to_win: {self.rules.housing_to_win} Social Housing to win, but the box "
                f"holds {housing.pieces} (tiles.social_housing.pieces)"
            )
        return self


CONTENT_SPEC = ContentSpec(Content, Path(__file__).with_name("content.toml"))


def vec(cost: Cost) -> tuple[int, ...]:
    """A cost as a 5-tuple in :data:`RESOURCES` order."""
    return tuple(cost.get(r, 0) for r in RESOURCES)


class Tables:
    """Flat, precomputed tables of one content model (built once per configured game, shared by its
    states: ``state.tables``)."""

    def __init__(self, c: Content) -> None:
        r = c.rules
        self.rules = r
        self.spinner = tuple(c.spinner.faces)
        self.production = tuple(r.ring_production)
        self.produces: dict[str, int] = {t.id: RESOURCES.index(t.produces) for t in c.tiles}
        self.tile_cost: dict[str, tuple[int, ...]] = {t.id: vec(t.cost) for t in c.tiles}
        self.pieces: dict[str, int] = {t.id: t.pieces for t in c.tiles} | {"recycler": c.recycler.pieces}
        self.pieces |= {u.id: u.pieces for u in c.upgrades}
        self.recycler_cost = {2: vec(c.recycler.cost_ring2), 3: vec(c.recycler.cost_ring3)}
        self.recycler_removal = tuple(c.recycler.removal)
        self.recycler_operating = vec(c.recycler.operating_cost)
        self.upgrade_tile: dict[str, str] = {u.id: u.tile for u in c.upgrades}
        self.upgrade_for_tile: dict[str, str] = {u.tile: u.id for u in c.upgrades}
        self.upgrade_cost: dict[str, tuple[int, ...]] = {u.id: vec(u.cost) for u in c.upgrades}
        self.operation: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
            u.id: (vec(u.operation_in), vec(u.operation_out)) for u in c.upgrades
        }
        self.good_events: tuple[EventId, ...] = tuple(e.id for e in c.events if e.good)
        self.bad_events: tuple[EventId, ...] = tuple(e.id for e in c.events if not e.good)
        self.event_name: dict[str, str] = {e.id: e.name for e in c.events}
        self.event_text: dict[str, str] = {e.id: e.text for e in c.events}
        self.conditions = tuple((w.min_waste, w.good_up_to, w.name) for w in c.waste_conditions)
        self.setup_hand = vec(r.setup_hand)
        self.trade_limits = (r.trade_limit, r.trade_limit_per_shelter)
        """The Trade Limit and what each Shelter adds (read at every step of a turn)."""
        self.name: dict[str, str] = {t.id: t.name for t in c.tiles} | {u.id: u.name for u in c.upgrades}
        self.name |= {"recycler": "Recycler", "bgcs": "BGCS"}
        self.crafts: dict[int, tuple[tuple[str, tuple[int, ...], str | None], ...]] = {
            ring: tuple(
                (item, self.craft_cost(item, ring), self.upgrade_tile.get(item))
                for item in (*TILE_IDS, "recycler", *UPGRADE_IDS)
            )
            for ring in self.recycler_cost
        }
        """By Ring (where crafts are placed: 2 and 3), every craftable item in the order of the
        ``craft`` actions, with its cost there and, for an Upgrade, the tile it goes on (None: a
        tile, placed on an empty cell of the Ring)."""

    def craft_cost(self, item: str, ring: int) -> tuple[int, ...]:
        """What crafting ``item`` costs when placed in ``ring`` (only the Recycler depends on it)."""
        if item == "recycler":
            return self.recycler_cost[ring]
        return self.tile_cost.get(item) or self.upgrade_cost[item]

    def waste_condition(self, waste: int) -> tuple[int, str]:
        """(highest Good die number, condition name) for a Waste Pile of ``waste`` cards."""
        good, name = 0, ""
        for lo, up_to, n in self.conditions:
            if waste >= lo:
                good, name = up_to, n
        return good, name


def build_tables(content: Content) -> Tables:
    """The tables the rules read, derived from ``content`` (the engine calls it once per game)."""
    return Tables(content)
