"""RECLAIM content: the map, set-up, prices, conversions, cards and events, validated from TOML."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import Field, model_validator

from loopcity.engine import ContentModel

Source = Literal["rulebook", "research", "reconstructed"]
Terrain = Literal["urban", "rural", "water", "wetland", "mountain"]
Resource = Literal["food", "mixed", "separated", "sludge", "npk"]
Symbol = Literal["environment", "economy", "joy", "public_good"]
Role = Literal["housing", "treatment", "farming", "contractor"]
Transport = Literal["road", "grey", "green"]

MAX_HEXES = 61
"""Hex ids run 0..60 (a map of radius 4); the action space is declared for that many."""
MAX_EVENTS = 24
"""At most this many Event cards: a kept card is played by its place in the hand, 0..23."""
Decision = Literal["vaccination", "food", "npk", "dump"]
"""The Political decisions that have Cost cards."""

CONTENT_PATH = Path(__file__).with_name("content.toml")


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is written (a constant read later): it stays as it is,
    and whoever shows it passes it through ``_`` in the reader's language."""
    return message


class Rules(ContentModel):
    source: Source
    rounds: int = Field(ge=1)
    player_coins: int = Field(ge=0)
    city_coins: int = Field(ge=0)
    builds_per_turn: int = Field(ge=0)
    max_blocks_per_hex: int = Field(ge=1)
    max_resource_per_hex: int = Field(ge=1)
    max_plants_per_hex: int = Field(ge=1)
    max_farms_per_hex: int = Field(ge=1, le=1, description="a hexagon holds one Farm (of level 1 or 2)")
    max_sludge_at_plant: int = Field(ge=1)
    growth_per_blocks: int = Field(ge=1)
    disease_limit: int = Field(ge=1)
    face_up_cards: int = Field(ge=1, le=3)


class Table(ContentModel):
    source: Source
    fund_step: int = Field(gt=0, description="coins the `fund` action adds to the City budget")
    contribution_steps: list[int] = Field(
        default=[], description="further round amounts a player may add to the City budget in one step"
    )
    timer_minutes: int = Field(ge=1)

    @model_validator(mode="after")
    def _steps_positive(self) -> Table:
        if any(step <= 0 for step in self.contribution_steps):
            raise ValueError("contribution_steps: amounts are positive")
        return self


class Dice(ContentModel):
    source: Source
    conversion: list[Literal["check", "warning"]] = Field(min_length=1)
    disease: list[Literal["check", "disease"]] = Field(min_length=1)


class Hex(ContentModel):
    id: int = Field(ge=0, lt=MAX_HEXES)
    q: int
    r: int
    terrain: Terrain
    source: Source


class Placement(ContentModel):
    hex: int
    level: int = 0
    count: int = 1


class Link(ContentModel):
    a: int
    b: int
    transport: Transport


class Setup(ContentModel):
    source: Source
    blocks: list[Placement]
    food: list[Placement]
    plants: list[Placement]
    farms: list[Placement]
    farm_npk: int = Field(ge=0)
    rural_npk: int = Field(ge=0)
    links: list[Link]


BuildId = Literal[
    "house0to1",
    "house1to2",
    "house0to2",
    "plant1",
    "plant1to2",
    "plant2",
    "remove0",
    "farm1",
    "farm1to2",
    "farm2",
]
"""The build and upgrade actions of the price list, in the order the action space numbers them."""


class Build(ContentModel):
    id: BuildId
    role: Role
    price: int = Field(ge=0)
    text: str
    pile: str
    source: Source


class TransportKind(ContentModel):
    id: Transport
    price: int = Field(ge=0)
    carries: list[Resource]
    colour: str
    text: str
    source: Source


class ContractorPrices(ContentModel):
    source: Source
    table: list[tuple[int, int]]


class HousingLevel(ContentModel):
    level: int = Field(ge=0, le=2)
    makes: Literal["mixed", "separated"]
    source: Source


class PlantLevel(ContentModel):
    level: int = Field(ge=0, le=2)
    capacity: int = Field(ge=0)
    takes: list[Literal["mixed", "separated"]]
    makes: Literal["sludge", "npk"]
    die: Literal["conversion"] | None = None
    source: Source


class FarmLevel(ContentModel):
    level: int = Field(ge=1, le=2)
    capacity: int = Field(ge=0)
    source: Source


class CostCards(ContentModel):
    id: Decision
    low: int
    high: int
    values: list[int] = Field(min_length=1)
    source: Source

    @model_validator(mode="after")
    def _in_range(self) -> CostCards:
        for v in self.values:
            if not self.low <= v <= self.high:
                raise ValueError(f"cost {v} is outside the card range {self.low}-{self.high}")
        return self


class Agenda(ContentModel):
    id: str
    symbols: tuple[Symbol, Symbol]
    source: Source


class Pile(ContentModel):
    id: str
    name: str
    level: int = Field(ge=1, le=2)
    face_up: bool
    cards: list[list[Symbol]]
    source: Source


class Event(ContentModel):
    id: str
    title: str
    text: str
    kind: Literal["negative", "positive"]
    role: Role | None = None
    effect: Literal[
        "overflow",
        "into_water",
        "disease",
        "sludge_disease",
        "cost_npk",
        "cost_food",
        "cost_vaccination",
        "cost_dump",
        "city_budget",
        "coins_all",
        "coins_holder",
        "break_link",
        "farm_capacity",
        "plant_capacity",
        "new_block",
        "remove_disease",
        "remove_waste",
        "npk_to_farms",
        "extra_build",
        "water_clean",
    ]
    amount: int
    transport: Transport | None = None
    source: Source

    @model_validator(mode="after")
    def _positive_has_role(self) -> Event:
        if self.kind == "positive" and self.role is None:
            raise ValueError("role: a positive event names the role whose player receives it")
        if self.effect == "break_link" and self.transport is None:
            raise ValueError("transport: an event that destroys transportation names its kind")
        return self


class ReclaimContent(ContentModel):
    """Everything RECLAIM reads from its content file."""

    rules: Rules
    table: Table
    dice: Dice
    hexes: list[Hex] = Field(min_length=1)
    setup: Setup
    builds: list[Build]
    transports: list[TransportKind]
    contractor_prices: ContractorPrices
    housing: list[HousingLevel]
    plants: list[PlantLevel]
    farms: list[FarmLevel]
    cost_cards: list[CostCards]
    agendas: list[Agenda] = Field(min_length=4)
    piles: list[Pile]
    events: list[Event] = Field(max_length=MAX_EVENTS)

    @model_validator(mode="after")
    def _consistent(self) -> ReclaimContent:
        ids = [h.id for h in self.hexes]
        if sorted(ids) != list(range(len(ids))):
            raise ValueError("hexes: hex ids must be 0..N-1, each once")
        _each_once("builds", [b.id for b in self.builds], get_args(BuildId))
        _each_once("transports", [t.id for t in self.transports], get_args(Transport))
        _each_once("housing", [h.level for h in self.housing], (0, 1, 2))
        _each_once("plants", [p.level for p in self.plants], (0, 1, 2))
        _each_once("farms", [f.level for f in self.farms], (1, 2))
        _each_once("cost_cards", [c.id for c in self.cost_cards], get_args(Decision))
        for name, items in (("piles", self.piles), ("agendas", self.agendas), ("events", self.events)):
            _distinct(name, [item.id for item in items])
        piles = {p.id for p in self.piles}
        for b in self.builds:
            if b.pile not in piles:
                raise ValueError(f"builds: build {b.id} takes cards from unknown pile {b.pile!r}")
        for t in self.transports:
            if t.id not in piles:
                raise ValueError(f"transports: transport {t.id} needs a pile of the same id")
        self._contractor_prices()
        _check_setup(self)
        return self

    def _contractor_prices(self) -> None:
        """Every standard price has its Independent contractor price."""
        table = {standard for standard, _ in self.contractor_prices.table}
        prices = [(b.id, b.price) for b in self.builds] + [(t.id, t.price) for t in self.transports]
        for item, price in prices:
            if price not in table:
                raise ValueError(
                    f"contractor_prices: no contractor price for the standard price {price} ({item})"
                )


def _each_once(field: str, found: list[Any], wanted: tuple[Any, ...]) -> None:
    """``found`` names every one of ``wanted`` once, and nothing else."""
    _distinct(field, found)
    missing = [w for w in wanted if w not in found]
    if missing:
        raise ValueError(f"{field}: missing {', '.join(map(str, missing))}")


def _distinct(field: str, ids: list[Any]) -> None:
    """No id twice."""
    twice = sorted({str(i) for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"{field}: {', '.join(twice)} given twice")


def _neighbours(hexes: list[Hex]) -> dict[int, set[int]]:
    """Each hexagon's neighbours on the map (axial coordinates)."""
    where = {(h.q, h.r): h.id for h in hexes}
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    return {h.id: {where[q] for dq, dr in steps if (q := (h.q + dq, h.r + dr)) in where} for h in hexes}


def _check_setup(c: ReclaimContent) -> None:
    """The set-up stands on the map, on the right terrain, within the limits of one hexagon."""
    s, r = c.setup, c.rules
    terrain = {h.id: h.terrain for h in c.hexes}
    for field in ("blocks", "food", "plants", "farms"):
        for p in getattr(s, field):
            if p.hex not in terrain:
                raise ValueError(f"setup.{field}: hex {p.hex} is not on the map")
    blocks: dict[int, int] = {}
    for p in s.blocks:
        _on(terrain, "setup.blocks", p.hex, "urban", "Housing blocks")
        blocks[p.hex] = blocks.get(p.hex, 0) + p.count
    _within("setup.blocks", blocks, r.max_blocks_per_hex, "Housing blocks", "max_blocks_per_hex")
    plants: dict[int, int] = {}
    for p in s.plants:
        _on(terrain, "setup.plants", p.hex, "urban", "Treatment plants")
        plants[p.hex] = plants.get(p.hex, 0) + p.count
    _within("setup.plants", plants, r.max_plants_per_hex, "Treatment plants", "max_plants_per_hex")
    farms: dict[int, int] = {}
    for p in s.farms:
        _on(terrain, "setup.farms", p.hex, "rural", "Farms")
        farms[p.hex] = farms.get(p.hex, 0) + p.count
        if p.level not in (1, 2):
            raise ValueError(
                f"setup.farms: a Farm of level {p.level} on hex {p.hex}; Farms are of level 1 or 2"
            )
    _within("setup.farms", farms, r.max_farms_per_hex, "Farms", "max_farms_per_hex")
    food = {p.hex: 0 for p in s.food}
    for p in s.food:
        food[p.hex] += p.count
    _within("setup.food", food, r.max_resource_per_hex, "Food", "max_resource_per_hex")
    npk = {h: s.rural_npk for h, t in terrain.items() if t == "rural"}
    for h in farms:
        npk[h] += s.farm_npk
    _within("setup.farm_npk", npk, r.max_resource_per_hex, "NPK", "max_resource_per_hex")
    near = _neighbours(c.hexes)
    for link in s.links:
        if link.b not in near.get(link.a, set()):
            raise ValueError(
                f"setup.links: the {link.transport} transportation {link.a}-{link.b} joins no neighbours"
            )
        for h in (link.a, link.b):
            _on(terrain, "setup.links", h, ("urban", "rural"), "transportation")


def _on(terrain: dict[int, Terrain], field: str, h: int, wanted: str | tuple[str, ...], what: str) -> None:
    """Hexagon ``h`` is of the ``wanted`` terrain."""
    kinds = (wanted,) if isinstance(wanted, str) else wanted
    if terrain.get(h) not in kinds:
        raise ValueError(
            f"{field}: {what} on hex {h} ({terrain.get(h)}); they go on {' or '.join(kinds)} hexagons"
        )


def _within(field: str, counts: dict[int, int], limit: int, what: str, rule: str) -> None:
    """No hexagon holds more than ``limit``."""
    for h, n in counts.items():
        if n > limit:
            raise ValueError(f"{field}: {n} {what} on hex {h}; at most {limit} ({rule})")
