"""The JSON API's request bodies, checked by pydantic before a route runs (a bad body: 400 with the
field named). Sizes are bounded here; what depends on the game (its player range, its options' values,
its bots) is checked by the table manager, before anything is saved."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, model_validator

Name = Annotated[str, Field(min_length=1, max_length=64)]
OptionValue = StrictBool | StrictInt | StrictFloat | Annotated[str, Field(max_length=100)]
Seed = Annotated[int, Field(ge=0, lt=2**256)]


class Problem(BaseModel):
    """A refusal: the reason, in the reader's language."""

    detail: str


def _refusal(what: str) -> dict[str, Any]:
    return {"model": Problem, "description": what}


REFUSALS: dict[int | str, dict[str, Any]] = {
    400: _refusal("a malformed request or body (the field and what is wrong), or an illegal option"),
    403: _refusal("the link is not valid, or not of the kind this needs"),
    404: _refusal("no such game or page"),
    409: _refusal("the table moved on (a stale version) or was changed elsewhere; not yet available"),
    413: _refusal("the request body is too large"),
    422: _refusal("the move is not legal now (the rulebook's reason)"),
    423: _refusal("the facilitator has paused the table"),
    429: _refusal("too many requests of this kind from this address (Retry-After says when to retry)"),
    503: _refusal("the server holds its most tables, or the database is busy (Retry-After)"),
}
"""Every refusal the JSON API may answer, declared for every operation in /openapi.json."""


class Body(BaseModel):
    """A request body: unknown fields are refused, so a typo is not silently ignored."""

    model_config = ConfigDict(extra="forbid")


class SeatIn(Body):
    """Who sits at a seat: a person, or a bot by name (the game's default bot when left out)."""

    kind: Literal["human", "bot"]
    bot: Name | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **({"bot": self.bot} if self.bot else {})}


class TableIn(Body):
    """A new table: the game, its variant, players and seats, optional seed and game options."""

    game: Name | None = Field(None, description="a game id from /api/games")
    players: int | None = Field(None, ge=1, le=64, description="within the game's player range")
    variant: Name | None = None
    seats: list[SeatIn] | None = Field(None, max_length=64, description="one per player")
    seed: Seed | None = Field(
        None,
        description="for a game repeatable on this server (the game's seed is derived from it with the server's secret); left out, the server draws one",
    )
    options: dict[Name, OptionValue | None] = Field(
        default_factory=dict, max_length=32, description="the game's own options (see /api/games)"
    )


class ActionIn(Body):
    """An action in its JSON form."""

    kind: Name
    args: list[StrictInt | Annotated[str, Field(max_length=64)]] = Field(default_factory=list, max_length=16)


class MoveIn(Body):
    """A move: the action (its text, e.g. ``take 2``, or its JSON form) and, optionally, the table
    version it was chosen at (a move chosen on an older version is refused with 409)."""

    action: Annotated[str, Field(min_length=1, max_length=200)] | ActionIn | None = None
    actions: list[Annotated[str, Field(min_length=1, max_length=200)] | ActionIn] | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="instead of action: the steps of one choice (a trade put together and offered), "
        "applied together or not at all, and taken back together by an undo",
    )
    version: StrictInt | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _one_of(self) -> MoveIn:
        if (self.action is None) == (self.actions is None):
            raise ValueError("give either action or actions")
        return self

    def action_data(self) -> str | dict[str, Any] | list[str | dict[str, Any]]:
        def one(a: str | ActionIn) -> str | dict[str, Any]:
            return a if isinstance(a, str) else a.model_dump()

        if self.actions is not None:
            return [one(a) for a in self.actions]
        assert self.action is not None
        return one(self.action)


class PauseIn(Body):
    """Pause (true) or resume (false) the table."""

    paused: StrictBool


class ChatIn(Body):
    """A line of table talk (plain text; shown as written, never read by bots)."""

    text: Annotated[str, Field(min_length=1, max_length=500)]


class ChatSwitchIn(Body):
    """Let the seats talk at the table (true) or not (false): the facilitator's choice."""

    on: StrictBool


class UndoSwitchIn(Body):
    """Let the people at the table take back their own last move (true) or not (false): the
    facilitator's choice."""

    on: StrictBool


class WhatIfIn(Body):
    """A what-if table: the step of the finished game it continues from and, optionally, new seats."""

    step: StrictInt = Field(ge=0, le=1_000_000)
    seats: list[SeatIn] | None = Field(None, max_length=64)


# ----- classes ---------------------------------------------------------------------------------------
Token = Annotated[str, Field(min_length=1, max_length=64)]


class TablePlanIn(Body):
    """One table of a class with a game of its own."""

    game: Name
    players: StrictInt | None = Field(None, ge=1, le=64)
    variant: Name | None = None
    options: dict[Name, OptionValue | None] = Field(default_factory=dict, max_length=32)
    content: Name | None = Field(None, description="one of the content files the server offers for the game")


class ClassIn(Body):
    """A new class: the game (or a game per table), how many tables (or students), players per table,
    the variant, and whether bots play."""

    game: Name | None = Field(None, description="a game id from /api/games, for every table")
    tables: StrictInt | None = Field(None, ge=1, le=40, description="how many tables")
    students: StrictInt | None = Field(
        None, ge=1, le=400, description="or: how many students (tables follow)"
    )
    players: StrictInt | None = Field(None, ge=1, le=64, description="players per table")
    variant: Name | None = None
    options: dict[Name, OptionValue | None] = Field(default_factory=dict, max_length=32)
    content: Name | None = Field(None, description="one of the content files the server offers for the game")
    table_games: list[TablePlanIn] | None = Field(None, max_length=40, description="a game per table")
    bots: Name | None = Field(None, description="every seat played by this bot from the start (a trial run)")
    fill_bot: Name | None = Field(None, description="the bot that takes seats nobody took, on start")
    per_seat: StrictInt = Field(1, ge=1, le=3, description="students sharing one seat")
    clocks: dict[Name, StrictInt | StrictFloat] = Field(
        default_factory=dict, max_length=8, description="minutes by clock kind (e.g. alarm, clock)"
    )
    chat: StrictBool = True
    title: Annotated[str, Field(max_length=80)] = ""


class JoinIn(Body):
    """A student joins a class: its code and their name (a table and seat from a printed slip)."""

    code: Annotated[str, Field(min_length=1, max_length=32)]
    name: Annotated[str, Field(min_length=1, max_length=200)]
    table: StrictInt | None = Field(None, ge=1, le=40)
    seat: StrictInt | None = Field(None, ge=0, le=64)


LESSON_MINUTES = 300
"""The longest lesson clock a class may set, in minutes."""


class LessonIn(Body):
    """How long the lesson has left, in minutes, from now (0: no clock)."""

    minutes: StrictInt = Field(ge=0, le=LESSON_MINUTES)


class AnnounceIn(Body):
    """A line shown on every page of every table of the class (empty: taken down)."""

    text: Annotated[str, Field(max_length=300)]


class SeatBotIn(Body):
    """A seat (by its link token) handed to a bot."""

    seat: Token
    bot: Name | None = None


class SeatRefIn(Body):
    """A seat, by its link token."""

    seat: Token


class EndGameIn(Body):
    """The game to end now: the table of a seat (by its link token) or the table's number."""

    seat: Token | None = None
    table: StrictInt | None = Field(None, ge=1, le=40)


class TableNumberIn(Body):
    """A table of the class, by its number (from 1)."""

    table: StrictInt = Field(ge=1, le=40)


class StudentIn(Body):
    """A student, by the id the dashboard shows."""

    student: Annotated[str, Field(min_length=1, max_length=64)]


class PlaceIn(Body):
    """Seat a student (by the id the dashboard shows) at a table and seat, or free them (no table)."""

    student: Annotated[str, Field(min_length=1, max_length=64)]
    table: StrictInt | None = Field(None, ge=1, le=40)
    seat: StrictInt | None = Field(None, ge=0, le=64)


class FillIn(Body):
    """Bots take every seat nobody has taken (the bot named, or the class's)."""

    bot: Name | None = None
