"""SUSTAIN content: the Indicators Board tables, the City Map, Buildings, Department sheets,
Solution and Event cards and the scenarios, validated by pydantic (errors name the bad field)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from loopcity.engine import ContentModel

from .actions import MAX_COINS, MAX_REQUESTS, MAX_SPACES, MAX_TABLE

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


class Item(ContentModel):
    """A content item: a field it does not know is refused (ContentModel), its values frozen."""

    model_config = ConfigDict(frozen=True)


class Effect(Item):
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


class Board(Item):
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


class Preprinted(Item):
    building: str
    cell: int = Field(ge=0)
    people: int = Field(default=0, ge=0)


class CityMap(Item):
    source: Source
    size: int = Field(ge=2, le=8)
    preprinted: list[Preprinted] = []


class Bonus(Item):
    category: str
    effects: list[Effect]


class KeepAway(Item):
    category: str
    distance: int = Field(ge=1)


class Building(Item):
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


class SheetSpace(Item):
    building: str
    cost: int = Field(ge=1, le=MAX_COINS)
    points: int = Field(ge=0)


class EndBonus(Item):
    measure: Measure
    divisor: int = Field(ge=1)


class Department(Item):
    """A Department sheet: its Buildings (investment spaces) and its end-of-game bonus."""

    id: str
    name: str
    spaces: list[SheetSpace] = Field(min_length=1, max_length=MAX_SPACES)
    end_bonus: EndBonus
    source: Source


class GraySide(Item):
    """The gray side of Solution cards, visible on the table: the plan, its text and its cost."""

    id: str
    title: str
    text: str = ""
    cost: int = Field(ge=1, le=MAX_COINS)
    source: Source


class Points(Item):
    department: str
    amount: int = Field(ge=0)


class Solution(Item):
    """A Solution card: the gray side on the table, the white side revealed when fulfilled."""

    id: str
    gray: str
    title: str
    effects: list[Effect] = []
    building: str | None = None
    points: Points | None = None
    source: Source


class Request(Item):
    cost: int = Field(ge=1, le=MAX_COINS)
    penalty: list[Effect] = []
    reward: list[Effect] = []


class Lasting(Item):
    years: int = Field(ge=1)
    effects: list[Effect]


class EventCard(Item):
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

    def in_play(self) -> Lasting:
        """What this card does while it stays in play; an error for a card that does not stay."""
        if self.lasting is None:
            raise ValueError(f"event {self.id} does not stay in play")
        return self.lasting


class Scenario(Item):
    id: str
    name: str
    end_window: int = Field(default=1, ge=1)
    """With shuffled decks (the ``decks`` option): the card that ends the game goes among this many
    bottom Event cards."""
    first_player_token: str
    events: list[str] = Field(min_length=1)
    solutions: list[str] = Field(max_length=MAX_TABLE)  # the action space names table places
    source: Source


class SustainContent(Item):
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
        for name in ("buildings", "departments", "gray_sides", "solutions", "events", "scenarios"):
            _unique([item.id for item in getattr(self, name)], name)
        buildings = {b.id for b in self.buildings}
        depts = {d.id for d in self.departments}
        grays = {g.id for g in self.gray_sides}
        for d in self.departments:
            for sp in d.spaces:
                _known(sp.building, buildings, f"department {d.id}: building")
        for s in self.solutions:
            _known(s.gray, grays, f"solution {s.id}: gray")
            if s.building:
                _known(s.building, buildings, f"solution {s.id}: building")
            if s.points:
                _known(s.points.department, depts, f"solution {s.id}: points.department")
        self._check_map()
        self._check_scenarios()
        return self

    def _check_map(self) -> None:
        """Preprinted Buildings stand on distinct big squares, with no more people than their housing."""
        by_id = {b.id: b for b in self.buildings}
        cells = [p.cell for p in self.map.preprinted]
        _unique(cells, "map.preprinted: cell")
        for p in self.map.preprinted:
            where = f"map.preprinted (cell {p.cell})"
            _known(p.building, set(by_id), f"{where}: building")
            if p.cell >= self.map.size**2:
                raise ValueError(
                    f"{where}: cell {p.cell} is not a big square of a {self.map.size}x{self.map.size} map"
                )
            building = by_id[p.building]
            if building.space != "square":
                raise ValueError(
                    f"{where}: building {p.building!r} is drawn on a {building.space}, not a big square"
                )
            if p.people > building.housing:
                raise ValueError(
                    f"{where}: people {p.people}, but a {building.name} has {building.housing} housing spaces"
                )

    def _check_scenarios(self) -> None:
        """A scenario's decks hold known cards, each once, and no more REQUEST cards than actions name."""
        events = {e.id for e in self.events}
        sols = {s.id for s in self.solutions}
        by_id = {e.id: e for e in self.events}
        for sc in self.scenarios:
            for e in sc.events:
                _known(e, events, f"scenario {sc.id}: events")
            for sid in sc.solutions:
                _known(sid, sols, f"scenario {sc.id}: solutions")
            _unique(sc.events, f"scenario {sc.id}: events")
            _unique(sc.solutions, f"scenario {sc.id}: solutions")
            if sc.end_window > len(sc.events):
                raise ValueError(
                    f"scenario {sc.id}: end_window {sc.end_window} is more than its {len(sc.events)} Event cards"
                )
            if sum(1 for e in sc.events if by_id[e].request is not None) > MAX_REQUESTS:
                raise ValueError(
                    f"scenario {sc.id}: at most {MAX_REQUESTS} REQUEST cards (the action space names 1..{MAX_REQUESTS})"
                )


def _unique(values: list[str] | list[int], where: str) -> None:
    """Refuse a list that names something twice."""
    seen: set[str | int] = set()
    for v in values:
        if v in seen:
            raise ValueError(f"{where}: {v!r} is listed twice")
        seen.add(v)


def _known(name: str, known: set[str], where: str) -> None:
    if name not in known:
        raise ValueError(f"{where} {name!r} is not defined")


CONTENT_PATH = Path(__file__).with_name("content.toml")
