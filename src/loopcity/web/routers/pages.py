"""The pages of play: the lobby and its form, the facilitator's links page, a seat's play page.

A refusal on a page answers the error page with the reason (see ``app.refused``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData

from ...engine import get_spec
from ...engine.errors import UnknownGame
from .. import i18n, undo
from ..links import AnyLink, CreationLimit, FacilitatorLink, Manager, table_links
from ..pages import Pages, howto, pages_of, script_data
from ..tables import MAX_SEED, Refusal
from ..transport import payload_of
from .api import lobby_games

STATIC = Path(__file__).parents[1] / "static"

router = APIRouter(include_in_schema=False)
PagesDep = Annotated[Pages, Depends(pages_of)]
MAX_FIELDS = 100


async def read_form(request: Request) -> FormData:
    """The posted form, with at most ``MAX_FIELDS`` fields and no files."""
    return await request.form(max_files=0, max_fields=MAX_FIELDS)


def seats_from_form(form: FormData, players: int) -> list[dict[str, Any]]:
    """``seat0``, ``seat1``...: ``human`` or ``bot:<name>``, one per player."""
    seats = []
    for i in range(players):
        choice = str(form.get(f"seat{i}", "human"))[:80]
        seats.append({"kind": "human"} if choice == "human" else {"kind": "bot", "bot": choice[4:]})
    return seats


def _players(form: FormData, game_id: str) -> int | None:
    """The form's number of players, within the game's range (refused otherwise)."""
    text = str(form.get("players") or "").strip()
    if not text:
        return None
    try:
        spec = get_spec(game_id)
    except UnknownGame as e:
        raise Refusal(404, str(e)) from None
    if not (text.isdigit() and len(text) <= 3 and spec.min_players <= int(text) <= spec.max_players):
        raise Refusal(
            400,
            i18n._("{title} is for {low}-{high} players").format(
                title=spec.title, low=spec.min_players, high=spec.max_players
            ),
        )
    return int(text)


def _seed(form: FormData) -> int | None:
    text = str(form.get("seed") or "").strip()
    if not text:
        return None
    if not (text.isdigit() and len(text) <= 78 and int(text) < MAX_SEED):
        raise Refusal(400, i18n._("the seed must be a whole number from 0"))
    return int(text)


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request, pages: PagesDep) -> HTMLResponse:
    return pages.render(request, "lobby.html", games=lobby_games())


@router.post("/tables", dependencies=[CreationLimit])
async def create_from_form(request: Request, manager: Manager) -> Response:
    """The lobby's form: a new table, then its links page."""
    form = await read_form(request)
    game_id = str(form.get("game", ""))[:64]
    players = _players(form, game_id)
    options = {
        str(k)[4:]: str(v).strip()[:100]
        for k, v in form.multi_items()
        if str(k).startswith("opt_") and str(v).strip()
    }
    seats = seats_from_form(form, players) if players else None
    variant = str(form.get("variant") or "")[:64] or None
    made = await manager.make(
        game_id, players=players, variant=variant, seats=seats, typed_seed=_seed(form), options=options
    )
    fac = next(tok for tok, role, _s in made["tokens"] if role == "facilitator")
    return RedirectResponse(f"/table/{fac}", status_code=303)


@router.get("/table/{token}", response_class=HTMLResponse)
async def facilitator(
    link: FacilitatorLink, request: Request, manager: Manager, pages: PagesDep
) -> HTMLResponse:
    t = link.table
    names = [t.state.seat_name(i) for i in range(t.state.players)]
    chat = [
        (s, names[s] if s is not None else i18n._("Facilitator"), text) for s, text in manager.chat_lines(t)
    ]
    return pages.render(
        request,
        "table.html",
        table=t,
        token=link.token,
        links=table_links(request, manager, t.id, t.seats),
        spec=t.state.game.spec,
        chat=chat,
        undo_on=undo.allowed(t),
    )


@router.post("/table/{token}/pause")
async def pause_from_form(link: FacilitatorLink, request: Request, manager: Manager) -> Response:
    form = await read_form(request)
    await manager.pause(link.table, form.get("paused") == "1")
    return RedirectResponse(f"/table/{link.token}", status_code=303)


@router.post("/table/{token}/chat")
async def chat_from_form(link: FacilitatorLink, request: Request, manager: Manager) -> Response:
    """The links page's switch: table talk on or off."""
    form = await read_form(request)
    await manager.switch_chat(link.table, form.get("on") == "1")
    return RedirectResponse(f"/table/{link.token}", status_code=303)


@router.post("/table/{token}/undo")
async def undo_from_form(link: FacilitatorLink, request: Request, manager: Manager) -> Response:
    """The links page's switch: people may take back their own last move, or not."""
    form = await read_form(request)
    await undo.switch(manager, link.table, form.get("on") == "1")
    return RedirectResponse(f"/table/{link.token}", status_code=303)


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> Response:
    """Loopcity's icon, for browsers that ask for it where pages do not name it."""
    return FileResponse(STATIC / "icon.svg", media_type="image/svg+xml")


@router.get("/play/{token}", response_class=HTMLResponse)
async def play(link: AnyLink, request: Request, pages: PagesDep) -> HTMLResponse:
    """A seat's page (or the spectator's): its first message is embedded as JSON data."""
    if link.role == "facilitator":
        raise Refusal(403, i18n._("this is the facilitator's link"))
    t = link.table
    lang = pages.lang(request)
    data = {
        "token": link.token,
        "lang": lang,
        "first": payload_of(t, link.seat, lang=lang),
        "t": i18n.client_strings(lang),
    }
    return pages.render(
        request,
        "play.html",
        token=link.token,
        seat=link.seat,
        spec=t.state.game.spec,
        data=script_data(data),
        howto=howto(t.state.game.spec, lang),
    )
