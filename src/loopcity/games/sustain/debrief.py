"""SUSTAIN's debrief rules (see docs/debrief.md): the four indicator tracks, the Unhappy Population and
CO2 Accumulation tables, the City Map and the Departments' points at this table. A round is a year.
Every sentence is made in the reader's language (the names of the metrics too, when read)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from loopcity.debrief import Moment
from loopcity.engine.text import _

from . import actions as A
from .actions import N_
from .content import TRACKS, Board
from .rules import SustainState

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State


class _Named(Mapping[str, str]):
    """Names by key, each read in the reader's language."""

    def __init__(self, names: dict[str, str]) -> None:
        self._names = names

    def __getitem__(self, key: str) -> str:
        return _(self._names[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


LABELS: Mapping[str, str] = _Named(
    {
        "round": N_("Year"),
        "standard_of_living": N_("Standard of Living"),
        "attractiveness": N_("Attractiveness"),
        "sustainable_transport": N_("Sustainable transport"),
        "pollution": N_("Pollution"),
        "unhappy": N_("Unhappy Population marks"),
        "co2": N_("CO2 Accumulation marks"),
        "population": N_("Population"),
        "free_squares": N_("Free squares on the map"),
        "coins": N_("Coins"),
        "solutions": N_("Solutions adopted"),
    }
)
"""The metrics by the names people use, in the reader's language when read."""
TABLES: Mapping[str, str] = _Named({"unhappy": N_("Unhappy Population"), "co2": N_("CO2 Accumulation")})
NEAR = {"unhappy": 2, "co2": 3, "free_squares": 2}
ACTION_NAMES = {
    "give": N_("Give a Coin"),
    "pass": N_("Pass"),
    "fund": N_("Fund a Department Building"),
    "invest": N_("Invest in a Solution"),
    "request": N_("Answer a REQUEST"),
    "coins": N_("Put Coins"),
    "build": N_("Draw a Building on the map"),
    "clock": N_("The discussion clock ran out"),
    "sheet": N_("Choose a Department sheet"),
}
"""Each action kind's short name (English; read through ``_``)."""
KEY_SERIES = (*TRACKS, "unhappy", "co2")
"""The four indicators and the two tables: what a class compares."""
QUESTION_FACTS = {
    "co2": "CO2 Accumulation marks now",
    "co2_limit": "the CO2 Accumulation table's size",
    "co2_growth": "the most CO2 grew in one year",
    "co2_growth_year": "that year",
    "unhappy": "Unhappy Population marks now",
    "unhappy_limit": "the Unhappy Population table's size",
    "pollution": "Pollution now",
    "transport": "Sustainable transport now",
    "solutions": "Solutions adopted",
}
"""The figures SUSTAIN's discussion questions may use (``questions.toml``)."""
"""How close to a full table (or a full map) counts as a near-loss."""


def _limits(d: Debrief) -> dict[str, int]:
    board: Board = d.game.content.board
    return {"unhappy": board.unhappy_squares, "co2": board.co2_squares}


def key_moments(d: Debrief) -> list[Moment]:
    """The first time a table came within a few marks of full, or the map within a few squares."""
    out = []
    for name, limit in _limits(d).items():
        k = d.first_step(name, lambda v, limit=limit, name=name: limit - NEAR[name] <= v < limit)
        if k is not None:
            v = d.series(name)[k]
            out.append(
                Moment(
                    k,
                    d.round_at(k),
                    "near-loss",
                    _("{table} at {v:g} of {limit}: the table full loses").format(
                        table=LABELS[name], v=v, limit=limit
                    ),
                )
            )
    k = d.first_step("free_squares", lambda v: 0 < v <= NEAR["free_squares"])
    if k is not None:
        v = d.series("free_squares")[k]
        out.append(
            Moment(
                k,
                d.round_at(k),
                "near-loss",
                _("only {v:g} free squares left on the City Map").format(v=v),
            )
        )
    return out


def learning_points(d: Debrief) -> list[str]:
    """The two tables against their size, the year CO2 grew most and the tracks then, the indicators'
    change, the map and the points."""
    out = []
    for name, limit in _limits(d).items():
        s = d.series(name)
        first = d.first_step(name, lambda v, s0=s[0]: v > s0)
        when = (
            ""
            if first is None
            else _("; the first new mark came in year {year}").format(year=d.round_at(first))
        )
        out.append(
            _("The {table} table ended at {marks:g} of {limit} marks{when}.").format(
                table=TABLES[name], marks=s[-1], limit=limit, when=when
            )
        )
    co2 = d.round_change("co2")
    if co2:
        y = max(co2, key=lambda r: co2[r])
        if co2[y] > 0:
            out.append(
                _(
                    "CO2 grew most in year {year} ({change:+g}), a year that began with Sustainable transport "
                    "at {transport:g} and Pollution at {pollution:g}."
                ).format(
                    year=y,
                    change=co2[y],
                    transport=d.before_round("sustainable_transport", y),
                    pollution=d.before_round("pollution", y),
                )
            )
    moved = ", ".join(
        _("{track} {start:g} to {end:g}").format(track=LABELS[t], start=d.series(t)[0], end=d.series(t)[-1])
        for t in TRACKS
    )
    out.append(_("Over the game: {moved}.").format(moved=moved))
    pop, free = d.series("population"), d.series("free_squares")
    out.append(
        _(
            "Population went from {start:g} to {end:g}; {free:g} squares of the City Map were left free "
            "(a full map loses)."
        ).format(start=pop[0], end=pop[-1], free=free[-1])
    )
    o = d.outcome
    if o is not None and o.team_won:
        best = ", ".join(_("player {n}").format(n=s + 1) for s in o.winners)
        out.append(
            _("The city survived; most points {points:g} ({players}).").format(
                points=max(o.scores), players=best
            )
        )
    elif o is not None:
        out.append(
            _("The city was lost in year {year}: {cause}.").format(
                year=d.round_at(d.tl.steps), cause=_(o.cause)
            )
        )
    return out


def role(state: State[Any, Any], seat: int) -> str | None:
    """The seat's Department, once it has a sheet."""
    assert isinstance(state, SustainState)
    dept = state.dept_of[seat] if seat < len(state.dept_of) else -1
    return _(state.tables.departments[dept].name) if dept >= 0 else None


def question_facts(d: Debrief) -> dict[str, object]:
    """SUSTAIN's figures for the discussion questions."""
    limits = _limits(d)
    co2 = d.round_change("co2")
    y = max(co2, key=lambda r: co2[r]) if co2 else None
    out: dict[str, object] = {
        "co2": d.series("co2")[-1],
        "co2_limit": limits["co2"],
        "unhappy": d.series("unhappy")[-1],
        "unhappy_limit": limits["unhappy"],
        "pollution": d.series("pollution")[-1],
        "transport": d.series("sustainable_transport")[-1],
        "solutions": d.series("solutions")[-1],
    }
    if y is not None and co2[y] > 0:
        out.update(co2_growth=co2[y], co2_growth_year=y)
    return out


def _space(st: SustainState, choice: list[Any]) -> str | None:
    """The name of an investment space (``choice``: kind and 1-based numbers, as the state's
    ``choice``): the Department's Building, the Solution card's gray side or the REQUEST's Event."""
    tables = st.tables
    match choice:
        case [A.FUND.name, department, space]:
            dept = tables.departments[department - 1]
            return f"{dept.name}: {tables.buildings[dept.spaces[space - 1].building].name}"
        case [A.INVEST.name, card] if card <= len(st.table):
            return tables.gray[tables.solutions[st.table[card - 1][0]].gray].title
        case [A.REQUEST.name, card] if card <= len(st.requests):
            return tables.events[st.requests[card - 1][0]].title
    return None


def subject(state: State[Any, Any], seat: int, action: Action) -> str | None:
    """The space, card or Building an action is about, by name, for the workbench's counts: the
    Department Building funded, the Solution card or REQUEST invested in (and the one Coins are put
    on), the Building drawn on the map; None for the others."""
    assert isinstance(state, SustainState)
    match action.kind:
        case A.FUND.name:
            f = A.FUND.read(action)
            return _space(state, [A.FUND.name, f.department, f.space])
        case A.INVEST.name | A.REQUEST.name:
            return _space(state, [action.kind, A.INVEST.read(action).card])
        case A.COINS.name if state.choice:
            return _space(state, list(state.choice))
        case A.BUILD.name if state.pending:
            return state.tables.buildings[state.pending[0]].name
    return None
