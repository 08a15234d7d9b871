"""What a seat may see: everything on the table except the deck orders and the white sides of
Solution cards not yet flipped."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import TRACKS
from .explain import target_name

if TYPE_CHECKING:
    from .rules import SustainState


def build_view(st: SustainState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``seat`` (``None``: a spectator). The log is not part of it: front
    ends read it with ``log_for``, and a position set up again shows the same view."""
    tables = st.tables
    scenario = tables.scenarios[st.scenario]
    return {
        "game": "sustain",
        "scenario": {"id": scenario.id, "name": scenario.name},
        "round": st.round,
        "phase": st.phase,
        "active_seats": list(st.active_seats()),
        "seat": seat,
        "my_department": None if seat is None else tables.departments[st.dept_of[seat]].id,
        "first_player": st.first,
        "first_player_token": scenario.first_player_token,
        "discussion_minutes": st.game.options["discussion_minutes"],
        "players": _players(st),
        "indicators": _indicators(st),
        "map": _map(st),
        "departments": _departments(st),
        "solutions": [
            {
                "card": i + 1,
                "gray": tables.solutions[sid].gray,
                "title": tables.gray[tables.solutions[sid].gray].title,
                "cost": tables.sol_cost(sid),
                "invested": put,
            }
            for i, (sid, put) in enumerate(st.table)
        ],
        "requests": [
            {
                "card": i + 1,
                "id": ev,
                "title": tables.events[ev].title,
                "text": tables.events[ev].text,
                "cost": tables.events[ev].requested().cost,
                "invested": put,
            }
            for i, (ev, put) in enumerate(st.requests)
        ],
        "lasting": [
            {"id": ev, "title": tables.events[ev].title, "years_left": left} for ev, left in st.lasting
        ],
        "events_this_year": [
            {"id": e, "title": tables.events[e].title, "text": tables.events[e].text} for e in st.drawn
        ],
        "flipped": [_white_side(st, sid) for sid in st.flipped[-6:]],
        "decks": {"events": len(st.event_deck), "solutions": len(st.sol_deck)},
        "pending_build": _pending(st),
        "choice": _choice(st),
        "final_year": st.final_year,
        "defeat": st.defeat,
    }


def _players(st: SustainState) -> list[dict[str, Any]]:
    tables = st.tables
    return [
        {
            "seat": s,
            "department": tables.departments[d].id,
            "department_name": tables.departments[d].name,
            "coins": st.coins[s],
            "passed": st.passed[s],
            "points": st.points[d],
            "score": st.department_score(d),
        }
        for s, d in enumerate(st.dept_of)
    ]


def _indicators(st: SustainState) -> dict[str, Any]:
    b = st.tables.board
    return {
        **{name: st.track[i] for i, name in enumerate(TRACKS)},
        "top": st.tables.top,
        "budget_table": list(b.budget),
        "next_budget": b.budget[st.track[0]],
        "reserve": st.reserve,
        "unhappy": st.unhappy,
        "unhappy_squares": b.unhappy_squares,
        "co2": st.co2,
        "co2_squares": b.co2_squares,
        "co2_per_year": b.transport_to_co2[st.track[2]] + b.pollution_to_co2[st.track[3]],
        "growth_per_year": b.growth[st.track[1]],
    }


def _map(st: SustainState) -> dict[str, Any]:
    tables = st.tables
    geo = tables.geo
    built = [
        {
            "cell": c,
            "label": geo.labels[c],
            "kind": geo.kind[c],
            "building": bid,
            "name": tables.buildings[bid].name,
            "category": tables.buildings[bid].category,
            "people": st.people[c],
            "housing": tables.buildings[bid].housing,
        }
        for c, bid in enumerate(st.cells)
        if bid is not None
    ]
    return {
        "size": geo.size,
        "built": built,
        "free_squares": sum(1 for c in geo.squares if st.cells[c] is None),
        "population": sum(st.people),
        "housing_free": st.housing_free(),
    }


def _departments(st: SustainState) -> list[dict[str, Any]]:
    tables = st.tables
    out = []
    for d, dept in enumerate(tables.departments):
        owner = st.owner[d]
        out.append(
            {
                "number": d + 1,
                "id": dept.id,
                "name": dept.name,
                "owner": None if owner < 0 else owner,
                "open": owner < 0,
                "end_bonus": f"{dept.end_bonus.measure} / {dept.end_bonus.divisor}",
                "spaces": [
                    {
                        "space": s + 1,
                        "building": sp.building,
                        "name": tables.buildings[sp.building].name,
                        "where": tables.buildings[sp.building].space,
                        "cost": sp.cost,
                        "invested": st.sheet[d][s],
                        "points": sp.points,
                    }
                    for s, sp in enumerate(dept.spaces)
                ],
            }
        )
    return out


def _white_side(st: SustainState, sid: str) -> dict[str, Any]:
    sol = st.tables.solutions[sid]
    return {
        "id": sid,
        "title": sol.title,
        "building": sol.building,
        "effects": [f"{e.target} {e.amount:+d}" for e in sol.effects],
        "points": None if sol.points is None else f"{sol.points.department} +{sol.points.amount}",
    }


def _choice(st: SustainState) -> dict[str, Any] | None:
    if st.choice is None:
        return None
    space = st.chosen()
    return {"seat": st.turn, "target": target_name(st, space), "needs": st.room(space)}


def _pending(st: SustainState) -> dict[str, Any] | None:
    if st.pending is None:
        return None
    bid = st.pending[0]
    return {"building": bid, "name": st.tables.buildings[bid].name, "seat": st.turn}
