"""What a seat may see: everything on the table except the deck orders and the white sides of
Solution cards not yet flipped.

A view carries data, not sentences: numbers, ids, and names and texts from content (Buildings with
their effects as data, the gray sides' texts, the Event cards read this year), so that the panels,
the stage and the renderings word them in their reader's language (see :mod:`.words`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import actions as A
from .content import TRACKS
from .words import READING_STEP, building_data, effect_data
from .year import card_effects

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
        "my_department": _my_department(st, seat),
        "first_player": st.first,
        "turn": st.turn,
        "first_player_token": scenario.first_player_token,
        "discussion_minutes": st.game.options["discussion_minutes"],
        "players": _players(st),
        "indicators": _indicators(st),
        "map": _map(st),
        "buildings": {b: building_data(tables.buildings[b]) for b in tables.buildings},
        "departments": _departments(st),
        "solutions": [_gray_side(st, i, sid, put) for i, (sid, put) in enumerate(st.table)],
        "requests": [_request(st, i, ev, put) for i, (ev, put) in enumerate(st.requests)],
        "lasting": [
            {
                "id": ev,
                "title": tables.events[ev].title,
                "text": tables.events[ev].text,
                "years_left": left,
                "effects": effect_data(tables.events[ev].in_play().effects),
            }
            for ev, left in st.lasting
        ],
        "events_this_year": [
            {"id": e, "title": tables.events[e].title, "text": tables.events[e].text} for e in st.drawn
        ],
        "this_year": [_reading(st, r) for r in st.told],
        "flipped": [_white_side(st, sid) for sid in st.flipped[-6:]],
        "adopted": len(st.flipped),
        "decks": {"events": len(st.event_deck), "solutions": len(st.sol_deck)},
        "deck_top": _deck_top(st),
        "pending_build": _pending(st),
        "choice": _choice(st),
        "final_year": st.final_year,
        "defeat": st.defeat,
    }


def seat_view(st: SustainState, seat: int) -> dict[str, Any]:
    """A seat's own part of its view (:attr:`loopcity.engine.GameSpec.seat_view`): which seat is
    looking and its Department."""
    return {"seat": seat, "my_department": _my_department(st, seat)}


def _my_department(st: SustainState, seat: int | None) -> str | None:
    return None if seat is None or st.dept_of[seat] < 0 else st.tables.departments[st.dept_of[seat]].id


def _players(st: SustainState) -> list[dict[str, Any]]:
    tables = st.tables
    return [
        {
            "seat": s,
            "department": tables.departments[d].id if d >= 0 else None,
            "department_name": tables.departments[d].name if d >= 0 else None,
            "coins": st.coins[s],
            "passed": st.passed[s],
            "points": st.points[d] if d >= 0 else 0,
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
                "points": st.points[d],
                "end_bonus": {"measure": dept.end_bonus.measure, "divisor": dept.end_bonus.divisor},
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


def _gray_side(st: SustainState, place: int, sid: str, put: int) -> dict[str, Any]:
    """A Solution card on the table, as its gray side shows it."""
    tables = st.tables
    gray = tables.gray[tables.solutions[sid].gray]
    return {
        "card": place + 1,
        "gray": gray.id,
        "title": gray.title,
        "text": gray.text,
        "cost": gray.cost,
        "invested": put,
    }


def _deck_top(st: SustainState) -> dict[str, Any] | None:
    """The Solution deck's top card as every player sees it: "The Solution deck must have the gray side
    visible" (its plan, text and cost; the white side stays hidden). None when the deck is empty."""
    if not st.sol_deck:
        return None
    tables = st.tables
    gray = tables.gray[tables.solutions[st.sol_deck[0]].gray]
    return {"gray": gray.id, "title": gray.title, "text": gray.text, "cost": gray.cost}


def _request(st: SustainState, place: int, ev: str, put: int) -> dict[str, Any]:
    """A REQUEST card on the table."""
    event = st.tables.events[ev]
    request = event.requested()
    return {
        "card": place + 1,
        "id": ev,
        "title": event.title,
        "text": event.text,
        "cost": request.cost,
        "invested": put,
        "reward": effect_data(request.reward),
        "penalty": effect_data(request.penalty),
    }


def _white_side(st: SustainState, sid: str) -> dict[str, Any]:
    tables = st.tables
    sol = tables.solutions[sid]
    dept = tables.departments[tables.dept_index[sol.points.department]] if sol.points else None
    return {
        "id": sid,
        "title": sol.title,
        "plan": tables.gray[sol.gray].title,
        "building": sol.building,
        "building_name": tables.buildings[sol.building].name if sol.building else None,
        "effects": effect_data(sol.effects),
        "points": None
        if sol.points is None or dept is None
        else {"department": dept.id, "department_name": dept.name, "amount": sol.points.amount},
    }


def _reading(st: SustainState, reading: tuple[Any, ...]) -> dict[str, Any]:
    """A reading of this year, with the card it is about (``card``: its public faces)."""
    kind = reading[0]
    tables = st.tables
    out: dict[str, Any] = {"kind": kind, "step": READING_STEP[kind], "values": list(reading[1:])}
    if kind == "adopted":
        out["card"] = _white_side(st, reading[1])
    elif kind in ("in_play", "penalty", "resolved"):
        event = tables.events[reading[1]]
        effects = card_effects(event, kind)
        out["card"] = {
            "id": event.id,
            "title": event.title,
            "text": event.text,
            "effects": effect_data(effects),
        }
    return out


def _choice(st: SustainState) -> dict[str, Any] | None:
    """The investment space the player to act has chosen (phase ``coins``), as data."""
    if st.choice is None:
        return None
    space = st.chosen()
    tables = st.tables
    out: dict[str, Any] = {"seat": st.turn, "kind": space[0], "needs": st.room(space)}
    match space:
        case [A.FUND.name, department, number]:
            dept = tables.departments[department - 1]
            building = tables.buildings[dept.spaces[number - 1].building]
            out |= {"department": dept.name, "space": number, "name": building.name}
        case [A.INVEST.name, card]:
            out |= {"card": card, "name": tables.gray[tables.solutions[st.table[card - 1][0]].gray].title}
        case [A.REQUEST.name, card]:
            ev = st.requests[card - 1][0]
            out |= {"card": card, "id": ev, "name": tables.events[ev].title}
    return out


def _pending(st: SustainState) -> dict[str, Any] | None:
    if st.pending is None:
        return None
    bid, source, ref, _space = st.pending
    tables = st.tables
    paid = (
        tables.departments[ref].name if source == "sheet" else tables.gray[tables.solutions[ref].gray].title
    )
    return {
        "building": bid,
        "name": tables.buildings[bid].name,
        "seat": st.turn,
        "source": source,
        "paid_on": paid,
    }
