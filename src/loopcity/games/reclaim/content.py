"""RECLAIM content: the map, set-up, prices, conversions, cards and events, validated from TOML."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

Source = Literal["rulebook", "research", "reconstructed"]
Terrain = Literal["urban", "rural", "water", "wetland", "mountain"]
Resource = Literal["food", "mixed", "separated", "sludge", "npk"]
Symbol = Literal["environment", "economy", "joy", "public_good"]
Role = Literal["housing", "treatment", "farming", "contractor"]
Transport = Literal["road", "grey", "green"]

MAX_HEXES = 61
"""Hex ids run 0..60 (a map of radius 4); the action space is declared for that many."""

CONTENT_PATH = Path(__file__).with_name("content.toml")


class Rules(BaseModel):
    source: Source
    rounds: int = Field(ge=1)
    player_coins: int = Field(ge=0)
    city_coins: int = Field(ge=0)
    builds_per_turn: int = Field(ge=0)
    max_blocks_per_hex: int = Field(ge=1)
    max_resource_per_hex: int = Field(ge=1)
    max_plants_per_hex: int = Field(ge=1)
    max_farms_per_hex: int = Field(ge=1)
    max_sludge_at_plant: int = Field(ge=1)
    growth_per_blocks: int = Field(ge=1)
    disease_limit: int = Field(ge=1)
    face_up_cards: int = Field(ge=1, le=3)


class Table(BaseModel):
    source: Source
    fund_step: int = Field(gt=0)
    rejections_per_round: int = Field(ge=0)
    timer_minutes: int = Field(ge=1)


class Dice(BaseModel):
    source: Source
    conversion: list[Literal["check", "warning"]] = Field(min_length=1)
    disease: list[Literal["check", "disease"]] = Field(min_length=1)


class Hex(BaseModel):
    id: int = Field(ge=0, lt=MAX_HEXES)
    q: int
    r: int
    terrain: Terrain
    source: Source


class Placement(BaseModel):
    hex: int
    level: int = 0
    count: int = 1


class Link(BaseModel):
    a: int
    b: int
    transport: Transport


class Setup(BaseModel):
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


class Build(BaseModel):
    id: BuildId
    role: Role
    price: int = Field(ge=0)
    text: str
    pile: str
    source: Source


class TransportKind(BaseModel):
    id: Transport
    price: int = Field(ge=0)
    carries: list[Resource]
    colour: str
    text: str
    source: Source


class ContractorPrices(BaseModel):
    source: Source
    table: list[tuple[int, int]]


class HousingLevel(BaseModel):
    level: int = Field(ge=0, le=2)
    makes: Literal["mixed", "separated"]
    source: Source


class PlantLevel(BaseModel):
    level: int = Field(ge=0, le=2)
    capacity: int = Field(ge=0)
    takes: list[Literal["mixed", "separated"]]
    makes: Literal["sludge", "npk"]
    die: Literal["conversion"] | None = None
    source: Source


class FarmLevel(BaseModel):
    level: int = Field(ge=1, le=2)
    capacity: int = Field(ge=0)
    source: Source


class CostCards(BaseModel):
    id: Literal["vaccination", "food", "npk", "dump"]
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


class Agenda(BaseModel):
    id: str
    symbols: tuple[Symbol, Symbol]
    source: Source


class Pile(BaseModel):
    id: str
    name: str
    level: int = Field(ge=1, le=2)
    face_up: bool
    cards: list[list[Symbol]]
    source: Source


class Event(BaseModel):
    id: str
    title: str
    text: str
    kind: Literal["negative", "positive"]
    role: Role | None = None
    effect: Literal[
        "waste_to_water",
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
            raise ValueError("a positive event names the role whose player receives it")
        return self


class ReclaimContent(BaseModel):
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
    events: list[Event]

    @model_validator(mode="after")
    def _consistent(self) -> ReclaimContent:
        ids = [h.id for h in self.hexes]
        if sorted(ids) != list(range(len(ids))):
            raise ValueError("hex ids must be 0..N-1, each once")
        piles = {p.id for p in self.piles}
        for b in self.builds:
            if b.pile not in piles:
                raise ValueError(f"build {b.id} takes cards from unknown pile {b.pile!r}")
        for t in self.transports:
            if t.id not in piles:
                raise ValueError(f"transport {t.id} needs a pile of the same id")
        terrain = {h.id: h.terrain for h in self.hexes}
        for p in [*self.setup.blocks, *self.setup.food, *self.setup.plants, *self.setup.farms]:
            if p.hex not in terrain:
                raise ValueError(f"set-up names hex {p.hex}, which is not on the map")
        return self
