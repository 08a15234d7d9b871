"""SUSTAIN content: the Indicators Board tables, the City Map, Buildings, Department sheets,
Solution and Event cards and the scenarios, validated by pydantic (errors name the bad field)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Source = Literal["rulebook", "research", "reconstructed"]
TRACKS = ("standard_of_living", "attractiveness", "sustainable_transport", "pollution")
"""The four bounded tracks of the Indicators Board, top to bottom."""
Target = Literal[
    "standard_of_living",
    "attractiveness",
    "sustainable_transport",
    "pollution",
    "unhappy",
    "co2",
    "people",
    "budget",
    "coins_each",
]
Measure = Literal[
    "standard_of_living", "attractiveness", "sustainable_transport", "clean_air", "population", "calm"
]
Condition = tuple[
    Literal["standard_of_living", "attractiveness", "sustainable_transport", "pollution", "unhappy", "co2"],
    int,
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(Strict):
    """One change: ``amount`` on ``target``, optionally only under a condition or per building."""

    target: Target
    amount: int
    if_below: Condition | None = None
    if_at_least: Condition | None = None
    per: str | None = None

    @model_validator(mode="after")
    def _tables_only_go_up(self) -> Effect:
        if self.target in ("unhappy", "co2", "people", "budget", "coins_each") and self.amount < 0:
            raise ValueError(f"{self.target} can only go up; amount must be at least 0")
        return self


class Board(Strict):
    """Track lengths and the feedback tables read in step 1, the budget and growth tables."""

    source: Source
    track_squares: int = Field(ge=2, le=20)
    unhappy_squares: int = Field(ge=1)
    co2_squares: int = Field(ge=1)
    budget: list[int]
    starting_budget: int = Field(ge=0)
    unhappy_to_living: list[int]
    living_to_attractiveness: list[int]
    transport_to_co2: list[int]
    pollution_to_co2: list[int]
    co2_to_living: list[int]
    growth: list[int]

    @model_validator(mode="after")
    def _table_lengths(self) -> Board:
        n = self.track_squares
        for name in ("budget", "living_to_attractiveness", "transport_to_co2", "pollution_to_co2", "growth"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} needs one value per track square ({n})")
        if len(self.unhappy_to_living) != self.unhappy_squares + 1:
            raise ValueError(f"unhappy_to_living needs {self.unhappy_squares + 1} values (0..all marks)")
        if len(self.co2_to_living) != self.co2_squares + 1:
            raise ValueError(f"co2_to_living needs {self.co2_squares + 1} values (0..all marks)")
        if min(self.transport_to_co2 + self.pollution_to_co2 + self.growth + self.budget) < 0:
            raise ValueError("CO2, growth and budget tables cannot hold negative values")
        return self


class Preprinted(Strict):
    building: str
    cell: int = Field(ge=0)
    people: int = Field(default=0, ge=0)


class CityMap(Strict):
    source: Source
    size: int = Field(ge=2, le=8)
    preprinted: list[Preprinted] = []


class Bonus(Strict):
    category: str
    effects: list[Effect]


class KeepAway(Strict):
    category: str
    distance: int = Field(ge=1)


class Building(Strict):
    """A Building drawn on the City Map: where it goes, housing it offers, effects when built."""

    id: str
    name: str
    space: Literal["square", "corner", "edge"]
    category: str
    housing: int = Field(default=0, ge=0)
    effects: list[Effect] = []
    bonus: Bonus | None = None
    keep_away: KeepAway | None = None
    source: Source


class SheetSpace(Strict):
    building: str
    cost: int = Field(ge=1, le=20)
    points: int = Field(ge=0)


class EndBonus(Strict):
    measure: Measure
    divisor: int = Field(ge=1)


class Department(Strict):
    """A Department sheet: its Buildings (investment spaces) and its end-of-game bonus."""

    id: str
    name: str
    spaces: list[SheetSpace] = Field(min_length=1, max_length=4)
    end_bonus: EndBonus
    source: Source


class GraySide(Strict):
    id: str
    title: str
    cost: int = Field(ge=1, le=20)
    source: Source


class Points(Strict):
    department: str
    amount: int = Field(ge=0)


class Solution(Strict):
    """A Solution card: the gray side on the table, the white side revealed when fulfilled."""

    id: str
    gray: str
    title: str
    effects: list[Effect] = []
    building: str | None = None
    points: Points | None = None
    source: Source


class Request(Strict):
    cost: int = Field(ge=1, le=20)
    penalty: list[Effect] = []
    reward: list[Effect] = []


class Lasting(Strict):
    years: int = Field(ge=1)
    effects: list[Effect]


class EventCard(Strict):
    """An Event card: immediate effects, draw-again, REQUEST, lasting effects or the game's end."""

    id: str
    title: str
    text: str
    effects: list[Effect] = []
    draw_again: bool = False
    request: Request | None = None
    lasting: Lasting | None = None
    ends_game: bool = False
    source: Source

    def requested(self) -> Request:
        """The REQUEST on this card; an error for a card without one."""
        if self.request is None:
            raise ValueError(f"event {self.id} is not a REQUEST card")
        return self.request


class Scenario(Strict):
    id: str
    name: str
    shuffled: bool
    end_window: int = Field(default=1, ge=1)
    first_player_token: str
    events: list[str] = Field(min_length=1)
    solutions: list[str] = Field(max_length=40)  # the action space names table places 1..40
    source: Source


class SustainContent(Strict):
    """Everything a designer may change without touching code."""

    board: Board
    map: CityMap
    buildings: list[Building]
    departments: list[Department] = Field(min_length=6, max_length=6)
    gray_sides: list[GraySide]
    solutions: list[Solution]
    events: list[EventCard]
    scenarios: list[Scenario] = Field(min_length=1)

    @model_validator(mode="after")
    def _references(self) -> SustainContent:
        buildings = {b.id for b in self.buildings}
        depts = {d.id for d in self.departments}
        grays = {g.id for g in self.gray_sides}
        sols = {s.id for s in self.solutions}
        events = {e.id for e in self.events}
        for d in self.departments:
            for sp in d.spaces:
                _known(sp.building, buildings, f"department {d.id}: building")
        for s in self.solutions:
            _known(s.gray, grays, f"solution {s.id}: gray")
            if s.building:
                _known(s.building, buildings, f"solution {s.id}: building")
            if s.points:
                _known(s.points.department, depts, f"solution {s.id}: points.department")
        for p in self.map.preprinted:
            _known(p.building, buildings, "map.preprinted: building")
            if p.cell >= self.map.size**2:
                raise ValueError(
                    f"map.preprinted: cell {p.cell} is not a big square of a {self.map.size}x{self.map.size} map"
                )
        by_id = {e.id: e for e in self.events}
        for sc in self.scenarios:
            for e in sc.events:
                _known(e, events, f"scenario {sc.id}: events")
            if sum(1 for e in sc.events if by_id[e].request is not None) > 10:
                raise ValueError(f"scenario {sc.id}: at most 10 REQUEST cards (the action space names 1..10)")
            for sid in sc.solutions:
                _known(sid, sols, f"scenario {sc.id}: solutions")
        return self


def _known(name: str, known: set[str], where: str) -> None:
    if name not in known:
        raise ValueError(f"{where} {name!r} is not defined")


CONTENT_PATH = Path(__file__).with_name("content.toml")
