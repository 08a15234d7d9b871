"""SUSTAIN's position format: any moment of a game, written by hand (see ``docs/games/sustain.md``).

Players are counted from 1, as the table counts them (``first_player = 2``); lists that give one
value per player (``departments``, ``coins``) are in seat order. Departments, Buildings and cards are
named by their ids in ``content.toml``, spaces of the City Map by their labels (``C3`` a big square,
``B2+`` the corner below right of B2, ``A1|B1`` the edge between two squares side by side, ``A1/A2``
the edge between a square and the one below it). The deck orders and the white sides of the Solution
cards on the table are part of a position, though the players do not see them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field, model_validator

from loopcity.engine import Action, MalformedAction, PositionError, PositionModel

from . import actions as A
from .explain import choice_of
from .words import READING_SIZES
from .year import ATTRACT, LIVING, POLLUTION, TRANSPORT, Defeat, Phase

if TYPE_CHECKING:
    from .rules import SustainState


class Built(PositionModel):
    """A Building drawn on the City Map."""

    space: str = Field(
        description="where it is drawn: a space of the City Map by its label (C3, B2+, A1|B1, A1/A2)"
    )
    building: str = Field(description="the Building (an id of content.toml's [[buildings]])")
    people: int = Field(default=0, ge=0, description="people drawn on its Housing spaces")


class CardCoins(PositionModel):
    """A card on the table with the Coins invested on it."""

    card: str = Field(description="the card's id")
    coins: int = Field(default=0, ge=0, description="Coins on its investment space, less than it asks")


class CardInPlay(PositionModel):
    """An Event card in play from a previous round."""

    card: str = Field(description="the Event card's id")
    years: int = Field(ge=1, description="the coming Event phases in which it still acts")


class BuildingToDraw(PositionModel):
    """A Building paid for that the player to act must draw on a free space of the City Map."""

    building: str = Field(description="the Building (an id of content.toml's [[buildings]])")
    department: str | None = Field(
        default=None, description="paid on this Department sheet (its id), at investment space `space`"
    )
    space: int | None = Field(default=None, ge=1, description="the investment space on that sheet, from 1")
    solution: str | None = Field(default=None, description="or: paid on this Solution card (its id)")

    @model_validator(mode="after")
    def _one_source(self) -> BuildingToDraw:
        on_sheet = self.department is not None and self.space is not None
        if on_sheet == (self.solution is not None) or (self.department is None) != (self.space is None):
            raise ValueError("name either a Department sheet and its space, or a Solution card")
        return self


class SustainPosition(PositionModel):
    """A SUSTAIN position: the year, the Indicators Board, the City Map, the sheets, cards and Coins."""

    year: int = Field(ge=1, description="the round; each round represents a year of the city's life")
    phase: Phase = Field(
        description="departments (the setup: players choose their Department sheets, with the option "
        "deal = chosen), discussion (step 6), investing (step 7), coins (the player to act has chosen an "
        "investment space and says how many Coins), build (a Building paid for waits to be drawn) or over"
    )
    first_player: int = Field(ge=1, description="the player holding the First Player Token")
    turn: int | None = Field(
        default=None, ge=1, description="step 7: the player whose turn it is (default: the first player)"
    )
    departments: list[str] = Field(
        description="each player's Department sheet (ids of content.toml's [[departments]]); phase "
        "departments: an empty string for a player who has not chosen yet"
    )
    coins: list[int] = Field(description="each player's Coins")
    passed: list[int] = Field(
        default=[], description="players who have passed: done talking (step 6) or done for the year (step 7)"
    )
    reserve: int = Field(default=0, ge=0, description="budget set aside, added to next year's budget")
    standard_of_living: int = Field(ge=0, description="the Standard of Living track's square (0: the lowest)")
    attractiveness: int = Field(ge=0, description="the Attractiveness of the city track's square")
    sustainable_transport: int = Field(ge=0, description="the Sustainable transport track's square")
    pollution: int = Field(ge=0, description="the Pollution track's square")
    unhappy_population: int = Field(
        default=0, ge=0, description="squares marked on the Unhappy Population table"
    )
    co2_accumulation: int = Field(default=0, ge=0, description="squares marked on the CO2 Accumulation table")
    city_map: list[Built] = Field(
        description="every Building drawn on the City Map, preprinted ones included"
    )
    sheets: dict[str, list[int]] = Field(
        default={},
        description="Coins on the investment spaces of Department sheets, space by space, by Department id "
        "(a sheet not named has none)",
    )
    points: dict[str, int] = Field(
        default={}, description="points written on Department sheets, by Department id (not named: 0)"
    )
    event_deck: list[str] = Field(description="the Event deck, top card first (hidden)")
    event_discard: list[str] = Field(default=[], description="Event cards discarded")
    events_this_year: list[str] = Field(
        default=[], description="Event cards drawn in this year's step 4, in order"
    )
    requests: list[CardCoins] = Field(
        default=[], description="REQUEST cards on the table until resolved, in the order drawn"
    )
    in_play: list[CardInPlay] = Field(default=[], description="Event cards in play from a previous round")
    solution_deck: list[str] = Field(description="the Solution deck, top card first (hidden)")
    solutions: list[CardCoins] = Field(
        default=[],
        description="Solution cards on the table, gray side up, in order (the card named is the white side: hidden)",
    )
    flipped: list[str] = Field(default=[], description="Solution cards fulfilled and flipped, in order")
    chosen: str | None = Field(
        default=None,
        description="phase coins: the investment space chosen, as the action that chose it "
        "('fund 2 1', 'invest 3', 'request 1')",
    )
    to_draw: BuildingToDraw | None = Field(default=None, description="phase build: the Building to draw")
    read_aloud: list[list[int | str]] = Field(
        default=[],
        description="what the table read aloud this year, in order (shown on stage): each reading is its "
        'kind and numbers, e.g. ["unhappy_to_living", 2, -1, 3, 2] (2 Unhappy marks moved the Standard '
        "of Living by -1, from 3 to 2); the kinds are listed in docs/games/sustain.md",
    )
    last_year: bool = Field(default=False, description="an Event card said that this year is the last")
    defeat: Defeat | None = Field(default=None, description="why every player lost (phase over)")


def write_fields(st: SustainState) -> SustainPosition:
    """The position of a state."""
    tables = st.tables
    depts = tables.departments
    return SustainPosition(
        year=st.round,
        phase=st.phase,
        first_player=st.first + 1,
        turn=st.turn + 1,
        departments=[depts[d].id if d >= 0 else "" for d in st.dept_of],
        coins=list(st.coins),
        passed=[seat + 1 for seat, done in enumerate(st.passed) if done],
        reserve=st.reserve,
        standard_of_living=st.track[LIVING],
        attractiveness=st.track[ATTRACT],
        sustainable_transport=st.track[TRANSPORT],
        pollution=st.track[POLLUTION],
        unhappy_population=st.unhappy,
        co2_accumulation=st.co2,
        city_map=[
            Built(space=tables.geo.labels[cell], building=bid, people=st.people[cell])
            for cell, bid in enumerate(st.cells)
            if bid is not None
        ],
        sheets={depts[d].id: list(coins) for d, coins in enumerate(st.sheet) if any(coins)},
        points={depts[d].id: p for d, p in enumerate(st.points) if p},
        event_deck=list(st.event_deck),
        event_discard=list(st.event_discard),
        events_this_year=list(st.drawn),
        requests=[CardCoins(card=ev, coins=coins) for ev, coins in st.requests],
        in_play=[CardInPlay(card=ev, years=years) for ev, years in st.lasting],
        solution_deck=list(st.sol_deck),
        solutions=[CardCoins(card=sid, coins=coins) for sid, coins in st.table],
        flipped=list(st.flipped),
        chosen=None if st.choice is None else " ".join(map(str, st.choice)),
        to_draw=None if st.pending is None else _to_draw(st, st.pending),
        read_aloud=[list(r) for r in st.told],
        last_year=st.final_year,
        defeat=st.defeat,
    )


def _to_draw(st: SustainState, pending: list[Any]) -> BuildingToDraw:
    building, source, ref, space = pending
    if source == "sheet":
        return BuildingToDraw(building=building, department=st.tables.departments[ref].id, space=space + 1)
    return BuildingToDraw(building=building, solution=ref)


def read_fields(st: SustainState, p: SustainPosition) -> None:
    """Set every field of a bare state from a position; names the content does not know are refused
    (PositionError naming the field). The game's invariants are checked afterwards."""
    tables = st.tables
    n = st.players
    st.round = p.year
    st.phase = p.phase
    st.defeat = p.defeat
    st.final_year = p.last_year
    st.first = p.first_player - 1
    st.turn = (p.turn if p.turn is not None else p.first_player) - 1
    st.coins = list(p.coins)
    st.passed = [seat + 1 in p.passed for seat in range(n)]
    st.reserve = p.reserve
    st.track = [p.standard_of_living, p.attractiveness, p.sustainable_transport, p.pollution]
    st.unhappy = p.unhappy_population
    st.co2 = p.co2_accumulation
    st.seat_departments(
        [_department(tables.dept_index, d, "departments") if d else -1 for d in p.departments]
    )
    _read_map(st, p.city_map)
    st.sheet = [[0] * len(d.spaces) for d in tables.departments]
    for dept_id, coins in p.sheets.items():
        d = _department(tables.dept_index, dept_id, "sheets")
        if len(coins) != len(st.sheet[d]):
            raise PositionError(
                f"field 'sheets.{dept_id}': {len(coins)} values for the sheet's {len(st.sheet[d])} spaces"
            )
        st.sheet[d] = list(coins)
    st.points = [0] * len(tables.departments)
    for dept_id, points in p.points.items():
        st.points[_department(tables.dept_index, dept_id, "points")] = points
    st.event_deck = list(p.event_deck)
    st.event_discard = list(p.event_discard)
    st.drawn = list(p.events_this_year)
    st.requests = [[c.card, c.coins] for c in p.requests]
    st.lasting = [[c.card, c.years] for c in p.in_play]
    st.sol_deck = list(p.solution_deck)
    st.table = [[c.card, c.coins] for c in p.solutions]
    st.flipped = list(p.flipped)
    st.choice = None if p.chosen is None else _chosen(p.chosen)
    st.pending = None if p.to_draw is None else _pending(st, p.to_draw)
    st.told = [_reading(st, r) for r in p.read_aloud]


def _reading(st: SustainState, reading: list[int | str]) -> tuple[Any, ...]:
    """A reading of this year, checked: a known kind, its numbers, the card it names."""
    kind = reading[0] if reading else ""
    size = READING_SIZES.get(kind) if isinstance(kind, str) else None
    if size is None or not isinstance(kind, str):
        raise PositionError(
            f"field 'read_aloud': {reading!r} is not a reading; kinds: {', '.join(READING_SIZES)}"
        )
    if len(reading) != size:
        raise PositionError(
            f"field 'read_aloud': a {kind!r} reading has {size - 1} values after its kind, not {reading!r}"
        )
    cards: set[str] = set()
    if kind == "adopted":
        cards = set(st.tables.solutions)
    elif kind in ("in_play", "penalty", "resolved"):
        cards = set(st.tables.events)
    rest = reading[1:]
    if cards:
        if not isinstance(rest[0], str) or rest[0] not in cards:
            raise PositionError(f"field 'read_aloud': no card {rest[0]!r} in {reading!r}")
        rest = rest[1:]
    if not all(isinstance(v, int) for v in rest):
        raise PositionError(f"field 'read_aloud': {reading!r} takes whole numbers after its kind")
    return tuple(reading)


def _department(index: dict[str, int], dept_id: str, field: str) -> int:
    if dept_id not in index:
        raise PositionError(f"field '{field}': no Department {dept_id!r}; Departments: {', '.join(index)}")
    return index[dept_id]


def _read_map(st: SustainState, built: list[Built]) -> None:
    tables = st.tables
    st.cells = [None] * tables.geo.cells
    st.people = [0] * tables.geo.cells
    for item in built:
        cell = tables.cell_of.get(item.space)
        if cell is None:
            size = tables.geo.size
            raise PositionError(f"field 'city_map': no space {item.space!r} on a {size}x{size} City Map")
        if item.building not in tables.buildings:
            raise PositionError(f"field 'city_map': no Building {item.building!r} (on {item.space})")
        if st.cells[cell] is not None:
            raise PositionError(f"field 'city_map': two Buildings on {item.space}")
        st.cells[cell] = item.building
        st.people[cell] = item.people


def _chosen(text: str) -> list[Any]:
    """The investment space chosen, from its action's text."""
    kinds = (A.FUND.name, A.INVEST.name, A.REQUEST.name)
    try:
        action = A.SPACE.validate(Action.parse(text))
    except MalformedAction as e:
        raise PositionError(f"field 'chosen': {e}") from None
    if action.kind not in kinds:
        raise PositionError(
            f"field 'chosen': an investment space is chosen with {', '.join(kinds)}, not {text!r}"
        )
    return choice_of(action)


def _pending(st: SustainState, to_draw: BuildingToDraw) -> list[Any]:
    if to_draw.solution is not None:
        return [to_draw.building, "solution", to_draw.solution, 0]
    assert to_draw.department is not None and to_draw.space is not None
    d = _department(st.tables.dept_index, to_draw.department, "to_draw.department")
    if to_draw.space > len(st.tables.departments[d].spaces):
        raise PositionError(
            f"field 'to_draw.space': the {to_draw.department} sheet has no space {to_draw.space}"
        )
    return [to_draw.building, "sheet", d, to_draw.space - 1]
