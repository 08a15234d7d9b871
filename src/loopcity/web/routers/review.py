"""Looking back at a table: the replay viewer, what-if tables and the debrief (pages and JSON API).

Every route takes one of the table's link tokens; what a link may see follows
:func:`loopcity.web.replay.perspectives`. See docs/debrief.md.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ...bots import bot_names
from ...debrief import Debrief, Timeline, pdf
from .. import i18n
from ..links import (
    AnyLink,
    CreationLimit,
    FacilitatorLink,
    HeavyLimit,
    Link,
    Manager,
    ReplayLimit,
    table_links,
)
from ..pages import Pages, pages_of
from ..replay import frame, perspectives
from ..schemas import REFUSALS, WhatIfIn
from ..tables import LiveTable, Refusal, TableManager
from .pages import read_form, seats_from_form

router = APIRouter(tags=["review"], responses=REFUSALS)
PagesDep = Annotated[Pages, Depends(pages_of)]
StepQuery = Annotated[int | None, Query(ge=0, le=1_000_000, description="a step from 0 (default: the last)")]
AsQuery = Annotated[
    str | None,
    Query(
        alias="as",
        pattern=r"^(spectator|[1-9][0-9]{0,2})?$",
        description="'spectator' or a seat number from 1",
    ),
]


def _as_seat(text: str | None, default: int | None) -> int | None:
    """``as=spectator`` or ``as=<seat number from 1>``; the default when not given."""
    if text is None or text == "":
        return default
    if text == "spectator":
        return None
    if text.isdigit() and int(text) >= 1:
        return int(text) - 1
    raise Refusal(400, i18n._("say as=spectator or as=<seat number>"))


def _step(step: int | None, tl: Timeline) -> int:
    return tl.steps if step is None else max(0, min(step, tl.steps))


async def timeline_of(link: AnyLink, manager: Manager) -> Timeline:
    """The link's table replayed (the table leaves memory afterwards when nobody plays at it)."""
    tl = await manager.timeline(link.table)
    manager.release(link.table)
    return tl


TimelineDep = Annotated[Timeline, Depends(timeline_of)]


def viewpoint(tl: Timeline, link: Link, asked: str | None) -> tuple[int | None, list[int | None]]:
    allowed = perspectives(link.role, link.seat, tl.finished, tl.game.players)
    who = _as_seat(asked, link.seat if link.role == "seat" else None)
    if who not in allowed:
        raise Refusal(403, i18n._("this link may not see the game from that seat until the game is over"))
    return who, allowed


# ----- replay ----------------------------------------------------------------------------------
@router.get("/api/replay/{token}", dependencies=[ReplayLimit])
async def api_replay(
    link: AnyLink, tl: TimelineDep, step: StepQuery = None, as_: AsQuery = None
) -> dict[str, Any]:
    """The game at a step from a view the link may see: the board, the move's lines and the log."""
    who, allowed = viewpoint(tl, link, as_)
    out = frame(tl, _step(step, tl), who)
    out.pop("view")
    out.update(
        game=tl.game.id,
        finished=tl.finished,
        perspectives=["spectator" if p is None else p + 1 for p in allowed],
        rounds={str(r): k for r, k in tl.round_starts().items()},
    )
    return out


@router.get(
    "/replay/{token}", response_class=HTMLResponse, include_in_schema=False, dependencies=[ReplayLimit]
)
async def replay_page(
    link: AnyLink,
    tl: TimelineDep,
    request: Request,
    pages: PagesDep,
    step: StepQuery = None,
    as_: AsQuery = None,
) -> HTMLResponse:
    who, allowed = viewpoint(tl, link, as_)
    k = _step(step, tl)
    return pages.render(
        request,
        "replay.html",
        token=link.token,
        spec=tl.game.spec,
        table=link.table,
        f=frame(tl, k, who),
        who=who,
        as_text="spectator" if who is None else str(who + 1),
        allowed=allowed,
        rounds=tl.round_starts(),
        prev_event=tl.next_event(k, who, -1),
        next_event=tl.next_event(k, who, 1),
        whatif=link.role == "facilitator" and tl.finished and k < tl.steps,
        seat_choices=["human", *(f"bot:{b}" for b in bot_names(tl.game))],
        seats=link.table.seats,
        finished=tl.finished,
    )


# ----- what-if ---------------------------------------------------------------------------------
async def whatif(manager: TableManager, link: Link, tl: Timeline, step: int, seats: Any) -> dict[str, Any]:
    """A new table continuing from ``step`` of the finished game, with its seed (the same cards and
    dice to come) and the seats given (the old ones by default)."""
    if not tl.finished:
        raise Refusal(409, i18n._("a what-if table can be opened once the game is over"))
    if not 0 <= step < tl.steps:
        raise Refusal(400, i18n._("choose a step from 0 to {n}").format(n=tl.steps - 1))
    game = tl.game
    return await manager.make(
        game.id,
        players=game.players,
        variant=game.variant,
        seats=seats if seats is not None else link.table.seats,
        seed=tl.seed,
        options={k: v for k, v in game.config().items() if k not in ("players", "variant")},
        moves=tl.moves[:step],
        settings={"parent": link.table.id, "from_step": step},
    )


@router.post("/api/whatif/{token}", status_code=201, dependencies=[CreationLimit])
async def api_whatif(
    body: WhatIfIn, link: FacilitatorLink, tl: TimelineDep, request: Request, manager: Manager
) -> dict[str, Any]:
    """Open a what-if table from a step of the finished game (the facilitator's link only)."""
    seats = [s.as_dict() for s in body.seats] if body.seats is not None else None
    made = await whatif(manager, link, tl, body.step, seats)
    return {"id": made["id"], **table_links(request, manager, made["id"], made["seats"])}


@router.post("/replay/{token}/whatif", include_in_schema=False, dependencies=[CreationLimit])
async def whatif_form(link: FacilitatorLink, tl: TimelineDep, request: Request, manager: Manager) -> Response:
    form = await read_form(request)
    step_text = str(form.get("step") or "")
    players = sum(1 for i in range(tl.game.players) if f"seat{i}" in form)
    seats = seats_from_form(form, players) if players else None
    step = int(step_text) if step_text.isdigit() and len(step_text) <= 9 else -1
    made = await whatif(manager, link, tl, step, seats)
    fac = next(tok for tok, role, _s in made["tokens"] if role == "facilitator")
    return RedirectResponse(f"/table/{fac}", status_code=303)


# ----- debrief ---------------------------------------------------------------------------------
async def debrief_of(link: AnyLink, tl: TimelineDep) -> Debrief:
    """The table's debrief: the final one once the game is over, the debrief so far while it runs
    (marked so; secrets such as Hidden agendas stay hidden until the end). Seats carry a person's
    ``name`` where the table keeps one."""
    t = link.table
    label = (
        i18n._("Table {n}").format(n=t.settings["n"])
        if t.settings.get("class") and t.settings.get("n")
        else ""
    )
    return Debrief(tl, t.id, names=seat_names(t), seats=t.seats, status=table_status(t), label=label)


def seat_names(t: LiveTable) -> dict[int, str]:
    """The names of the people at each seat (a class's students), seat from 0."""
    return {i: ", ".join(s["names"]) for i, s in enumerate(t.seats) if s.get("names")}


def table_status(t: LiveTable) -> str:
    """'finished', 'ended' (by the facilitator, before its end) or 'running'."""
    return "ended" if t.ended else "finished" if t.state.is_terminal() else "running"


DebriefDep = Annotated[Debrief, Depends(debrief_of)]


@router.get("/api/debrief/{token}", dependencies=[HeavyLimit])
async def api_debrief(d: DebriefDep) -> dict[str, Any]:
    """A table's debrief: timelines, key moments, contributions, learning points, discussion
    questions; while the game runs, its debrief so far (``status`` "running", ``so_far`` true)."""
    return d.to_json()


def _attachment(d: Debrief, link: Link, ext: str) -> dict[str, str]:
    so_far = "-so-far" if d.so_far else ""
    return {
        "Content-Disposition": f'attachment; filename="{d.game.id}-{link.table.id}-debrief{so_far}.{ext}"'
    }


@router.get(
    "/api/debrief/{token}/csv",
    dependencies=[HeavyLimit],
    response_class=Response,
    responses={200: {"content": {"text/csv": {}}, "description": "the figures, one row a move"}},
)
async def api_debrief_csv(d: DebriefDep, link: AnyLink, request: Request) -> Response:
    """The debrief's figures after every move (CSV). The header row names the columns as programs
    read them (``step``, ``round``, ``seat``, ``action``, the metrics' ids), or in words of the
    language asked for with ``?lang=`` (the debrief page's link asks for the page's language)."""
    words = "lang" in request.query_params
    return Response(d.csv(words=words), media_type="text/csv", headers=_attachment(d, link, "csv"))


@router.get(
    "/api/debrief/{token}/pdf",
    dependencies=[HeavyLimit],
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}, "description": "the handout"}},
)
async def api_debrief_pdf(d: DebriefDep, link: AnyLink) -> Response:
    """The debrief handout (PDF) in the reader's language, made in a worker thread (a few hundred
    ms)."""
    data = await asyncio.to_thread(pdf, d)
    return Response(data, media_type="application/pdf", headers=_attachment(d, link, "pdf"))


@router.get(
    "/debrief/{token}", response_class=HTMLResponse, include_in_schema=False, dependencies=[HeavyLimit]
)
async def debrief_page(d: DebriefDep, link: AnyLink, request: Request, pages: PagesDep) -> HTMLResponse:
    return pages.render(
        request,
        "debrief.html",
        token=link.token,
        spec=d.game.spec,
        d=d,
        data=d.to_json(),
        charts=d.charts(),
    )
