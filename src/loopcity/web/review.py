"""Looking back at a table: the replay viewer, what-if tables and the debrief (pages and JSON API).

Every route takes one of the table's link tokens; what a link may see follows
:func:`loopcity.web.replay.perspectives`. See docs/debrief.md.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..bots import bot_names
from ..debrief import Debrief, Timeline, pdf
from . import i18n
from .replay import frame, perspectives
from .tables import LiveTable, Refusal, TableManager

Page = Callable[..., HTMLResponse]
Links = Callable[[Request, str, list[dict[str, Any]]], dict[str, Any]]


def _as_seat(text: str | None, default: int | None) -> int | None:
    """``as=spectator`` or ``as=<seat number from 1>``; the default when not given."""
    if text is None or text == "":
        return default
    if text == "spectator":
        return None
    if text.isdigit() and int(text) >= 1:
        return int(text) - 1
    raise Refusal(400, i18n._("say as=spectator or as=<seat number>"))


def _step(text: str | None, tl: Timeline) -> int:
    if text is None or text == "":
        return tl.steps
    try:
        return max(0, min(int(text), tl.steps))
    except ValueError:
        raise Refusal(400, i18n._("the step is a whole number")) from None


def add_routes(app: FastAPI, manager: TableManager, page: Page, links: Links) -> None:
    """Add the replay, what-if and debrief routes to ``app``."""

    async def load(token: str) -> tuple[LiveTable, str, int | None, Timeline]:
        t, role, seat = await manager.resolve(token)
        tl = manager.timeline(t)
        manager.release(t)
        return t, role, seat, tl

    def viewpoint(
        tl: Timeline, role: str, seat: int | None, asked: str | None
    ) -> tuple[int | None, list[int | None]]:
        allowed = perspectives(role, seat, tl.finished, tl.game.players)
        who = _as_seat(asked, seat if role == "seat" else None)
        if who not in allowed:
            raise Refusal(403, i18n._("this link may not see the game from that seat until the game is over"))
        return who, allowed

    # ----- replay ----------------------------------------------------------------------------
    @app.get("/api/replay/{token}")
    async def api_replay(token: str, request: Request) -> dict[str, Any]:
        t, role, seat, tl = await load(token)
        who, allowed = viewpoint(tl, role, seat, request.query_params.get("as"))
        out = frame(tl, _step(request.query_params.get("step"), tl), who)
        out.pop("view")
        out.update(
            game=tl.game.id,
            finished=tl.finished,
            perspectives=["spectator" if p is None else p + 1 for p in allowed],
            rounds={str(r): k for r, k in tl.round_starts().items()},
        )
        return out

    @app.get("/replay/{token}", response_class=HTMLResponse)
    async def replay_page(token: str, request: Request) -> HTMLResponse:
        try:
            t, role, seat, tl = await load(token)
            who, allowed = viewpoint(tl, role, seat, request.query_params.get("as"))
            k = _step(request.query_params.get("step"), tl)
        except Refusal as e:
            return page(request, "error.html", status=e.status, reason=e.reason)
        as_text = "spectator" if who is None else str(who + 1)
        return page(
            request,
            "replay.html",
            token=token,
            spec=tl.game.spec,
            table=t,
            f=frame(tl, k, who),
            who=who,
            as_text=as_text,
            allowed=allowed,
            rounds=tl.round_starts(),
            prev_event=tl.next_event(k, who, -1),
            next_event=tl.next_event(k, who, 1),
            whatif=role == "facilitator" and tl.finished and k < tl.steps,
            seat_choices=["human", *(f"bot:{b}" for b in bot_names(tl.game))],
            seats=t.seats,
            finished=tl.finished,
        )

    # ----- what-if ---------------------------------------------------------------------------
    async def whatif(token: str, step: Any, seats: Any) -> dict[str, Any]:
        t, role, _seat, tl = await load(token)
        if role != "facilitator":
            raise Refusal(403, i18n._("only the facilitator's link can open a what-if table"))
        if not tl.finished:
            raise Refusal(409, i18n._("a what-if table can be opened once the game is over"))
        if type(step) is not int or not 0 <= step < tl.steps:
            raise Refusal(400, i18n._("choose a step from 0 to {n}").format(n=tl.steps - 1))
        game = tl.game
        return manager.create(
            game.id,
            players=game.players,
            variant=game.variant,
            seats=seats if seats is not None else t.seats,
            seed=tl.seed,
            options={k: v for k, v in game.config().items() if k not in ("players", "variant")},
            moves=tl.moves[:step],
            settings={"parent": t.id, "from_step": step},
        )

    @app.post("/api/whatif/{token}", status_code=201)
    async def api_whatif(token: str, body: dict[str, Any], request: Request) -> dict[str, Any]:
        made = await whatif(token, body.get("step"), body.get("seats"))
        await manager.get(made["id"])
        return {"id": made["id"], **links(request, made["id"], made["seats"])}

    @app.post("/replay/{token}/whatif")
    async def whatif_form(token: str, request: Request) -> Response:
        form = await request.form()
        step_text = str(form.get("step") or "")
        seats = []
        i = 0
        while f"seat{i}" in form:
            choice = str(form.get(f"seat{i}"))
            seats.append({"kind": "human"} if choice == "human" else {"kind": "bot", "bot": choice[4:]})
            i += 1
        try:
            made = await whatif(token, int(step_text) if step_text.isdigit() else -1, seats or None)
        except Refusal as e:
            return page(request, "error.html", status=e.status, reason=e.reason)
        fac = next(tok for tok, role, _s in made["tokens"] if role == "facilitator")
        return RedirectResponse(f"/table/{fac}", status_code=303)

    # ----- debrief -----------------------------------------------------------------------------
    async def debrief_of(token: str) -> tuple[LiveTable, Debrief]:
        t, _role, _seat, tl = await load(token)
        if not tl.finished:
            raise Refusal(409, i18n._("the debrief is ready when the game is over"))
        return t, Debrief(tl, t.id)

    @app.get("/api/debrief/{token}")
    async def api_debrief(token: str) -> dict[str, Any]:
        _t, d = await debrief_of(token)
        return d.to_json()

    @app.get("/api/debrief/{token}/csv")
    async def api_debrief_csv(token: str) -> Response:
        t, d = await debrief_of(token)
        name = f"{d.game.id}-{t.id}-debrief.csv"
        return Response(
            d.csv(), media_type="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}"'}
        )

    @app.get("/api/debrief/{token}/pdf")
    async def api_debrief_pdf(token: str) -> Response:
        t, d = await debrief_of(token)
        name = f"{d.game.id}-{t.id}-debrief.pdf"
        return Response(
            await asyncio.to_thread(pdf, d),  # a few hundred ms: other tables go on meanwhile
            media_type="application/pdf",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get("/debrief/{token}", response_class=HTMLResponse)
    async def debrief_page(token: str, request: Request) -> HTMLResponse:
        try:
            t, d = await debrief_of(token)
        except Refusal as e:
            return page(request, "error.html", status=e.status, reason=e.reason)
        return page(
            request, "debrief.html", token=token, spec=d.game.spec, d=d, data=d.to_json(), charts=d.charts()
        )
