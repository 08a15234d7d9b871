"""SUSTAIN's debrief rules (see docs/debrief.md): the four indicator tracks, the Unhappy Population and
CO2 Accumulation tables, the City Map and the Departments' points at this table. A round is a year."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.debrief import Moment

from .content import SustainContent
from .rules import SustainState

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State

LABELS = {
    "standard_of_living": "Standard of Living",
    "attractiveness": "Attractiveness",
    "sustainable_transport": "Sustainable transport",
    "pollution": "Pollution",
    "unhappy": "Unhappy Population marks",
    "co2": "CO2 Accumulation marks",
    "population": "Population",
    "free_squares": "Free squares on the map",
    "coins": "Coins",
    "solutions": "Solutions adopted",
}
TABLES = {"unhappy": "Unhappy Population", "co2": "CO2 Accumulation"}
TRACKS = ("standard_of_living", "attractiveness", "sustainable_transport", "pollution")
NEAR = {"unhappy": 2, "co2": 3, "free_squares": 2}
"""How close to a full table (or a full map) counts as a near-loss."""


def _content(d: Debrief) -> SustainContent:
    """The game's content with its type."""
    content = d.game.content
    if not isinstance(content, SustainContent):
        raise TypeError(f"SUSTAIN debrief needs SustainContent, got {type(content).__name__}")
    return content


def _limits(d: Debrief) -> dict[str, int]:
    board = _content(d).board
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
                    k, d.round_at(k), "near-loss", f"{LABELS[name]} at {v:g} of {limit}: the table full loses"
                )
            )
    k = d.first_step("free_squares", lambda v: 0 < v <= NEAR["free_squares"])
    if k is not None:
        v = d.series("free_squares")[k]
        out.append(Moment(k, d.round_at(k), "near-loss", f"only {v:g} free squares left on the City Map"))
    return out


def learning_points(d: Debrief) -> list[str]:
    """The two tables against their size, the year CO2 grew most and the tracks then, the indicators'
    change, the map and the points."""
    out = []
    for name, limit in _limits(d).items():
        s = d.series(name)
        first = d.first_step(name, lambda v, s0=s[0]: v > s0)
        when = "" if first is None else f"; the first new mark came in year {d.round_at(first)}"
        out.append(f"The {TABLES[name]} table ended at {s[-1]:g} of {limit} marks{when}.")
    co2 = d.round_change("co2")
    if co2:
        y = max(co2, key=lambda r: co2[r])
        if co2[y] > 0:
            out.append(
                f"CO2 grew most in year {y} ({co2[y]:+g}), a year that began with Sustainable transport at "
                f"{d.before_round('sustainable_transport', y):g} and Pollution at {d.before_round('pollution', y):g}."
            )
    moved = ", ".join(f"{LABELS[t]} {d.series(t)[0]:g} to {d.series(t)[-1]:g}" for t in TRACKS)
    out.append(f"Over the game: {moved}.")
    pop, free = d.series("population"), d.series("free_squares")
    out.append(
        f"Population went from {pop[0]:g} to {pop[-1]:g}; {free[-1]:g} squares of the City Map were left free "
        "(a full map loses)."
    )
    o = d.outcome
    if o is not None and o.team_won:
        best = ", ".join(f"player {s + 1}" for s in o.winners)
        out.append(f"The city survived; most points {max(o.scores):g} ({best}).")
    elif o is not None:
        out.append(f"The city was lost in year {d.round_at(d.tl.steps)}: {o.cause}.")
    return out


def _space(st: SustainState, choice: list | tuple) -> str | None:
    """The name of an investment space (``choice``: kind and 1-based numbers): the Department's
    Building, the Solution card's gray side or the REQUEST's Event card."""
    lk, k = st.lk, choice[0]
    if k == "fund":
        dept = lk.departments[choice[1] - 1]
        return f"{dept.name}: {lk.buildings[dept.spaces[choice[2] - 1].building].name}"
    if k == "invest":
        return lk.gray[lk.solutions[st.table[choice[1] - 1][0]].gray].title
    if k == "request":
        return lk.events[st.requests[choice[1] - 1][0]].title
    return None


def subject(state: State, seat: int, action: Action) -> str | None:
    """The space, card or Building an action is about, by name, for the workbench's counts: the
    Department Building funded, the Solution card or REQUEST invested in (and the one Coins are put
    on), the Building drawn on the map; None for the others."""
    assert isinstance(state, SustainState)
    k = action.kind
    if k in ("fund", "invest", "request"):
        return _space(state, (k, *action.args))
    if k == "coins" and state.choice:
        return _space(state, state.choice)
    if k == "build" and state.pending:
        return state.lk.buildings[state.pending[0]].name
    return None
