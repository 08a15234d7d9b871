"""The JSON API of play: games, tables, a seat's state and moves, records, links and pausing."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ...bots import bot_names
from ...engine import list_games
from ...engine.text import reading_in
from .. import i18n, undo
from ..i18n import _
from ..links import AnyLink, CreationLimit, FacilitatorLink, Manager, SeatLink, table_links
from ..schemas import REFUSALS, ChatIn, ChatSwitchIn, MoveIn, PauseIn, TableIn, UndoSwitchIn
from ..tables import Refusal
from ..transport import payload_of

router = APIRouter(prefix="/api", tags=["play"], responses=REFUSALS)


def lobby_games() -> list[dict[str, Any]]:
    """Each game's summary with the bots usable at its tables and its options' fields."""
    out = []
    for spec in list_games():
        s = spec.summary()
        s["bots"] = bot_names(spec)
        s["default_players"] = spec.default_players or spec.min_players
        s["option_fields"] = [
            {
                "name": o.name,
                "help": o.help,
                "default": o.default,
                "choices": [str(c) for c in o.choices] if o.choices else None,
                "kind": o.kind,
                "minimum": o.minimum,
                "maximum": o.maximum,
            }
            for o in spec.options
            if o.bounded()
        ]
        s["clocks"] = [
            {"kind": kind, "label": _(clock.counts) if clock.counts else kind, "minutes": clock.minutes}
            for kind, clock in spec.action_space.clocks.items()
        ]
        out.append(s)
    return out


@router.get("/games")
async def api_games() -> list[dict[str, Any]]:
    """Every installed game: players, variants, options with their values, bots."""
    return lobby_games()


@router.post("/tables", status_code=201, dependencies=[CreationLimit])
async def api_create(body: TableIn, request: Request, manager: Manager) -> dict[str, Any]:
    """Create a table: 201 with one link per person's seat, the spectator's and the facilitator's."""
    if body.game is None:
        raise Refusal(400, _("name a game: {games}").format(games=", ".join(s.id for s in list_games())))
    made = await manager.make(
        body.game,
        players=body.players,
        variant=body.variant,
        seats=[s.as_dict() for s in body.seats] if body.seats is not None else None,
        typed_seed=body.seed,
        options=dict(body.options),
    )
    return {"id": made["id"], **table_links(request, manager, made["id"], made["seats"])}


def _lang(request: Request) -> str:
    return i18n.of_request(request.headers, request.query_params, request.cookies)


@router.get("/state/{token}")
async def api_state(link: AnyLink, request: Request, manager: Manager) -> dict[str, Any]:
    """The table as this link sees it, in the reader's language (``?lang=``): its view, legal actions
    (a seat's) with their labels, the prompt, panels, log, clock, outcome."""
    await manager.current(link.table)  # with several processes: a move stored by another is seen
    return payload_of(link.table, link.seat, lang=_lang(request))


@router.post("/act/{token}")
async def api_act(body: MoveIn, link: SeatLink, manager: Manager, request: Request) -> dict[str, Any]:
    """Make a move for the link's seat: the new state, or 400/403/409/422/423 with the reason."""
    lang = _lang(request)
    t = await manager.act_as(link.table, link.seat or 0, body.action_data(), body.version, lang)
    return payload_of(t, link.seat, lang=lang)


@router.post("/undo/{token}")
async def api_undo(link: SeatLink, manager: Manager, request: Request) -> dict[str, Any]:
    """Take back the link's seat's own last move (while nobody moved since and it revealed nothing):
    the new state, or 409/423 with the reason."""
    t = await manager.undo(link.table, link.seat or 0)
    return payload_of(t, link.seat, lang=_lang(request))


@router.post("/rematch/{token}")
async def api_rematch(link: SeatLink, manager: Manager) -> dict[str, Any]:
    """Play again once the game is over: the same game, options, seats, bots and names, a new deal.
    Every seat's link leads to the new game from then on, and the finished game's pages follow it; 409
    while the game is still going, 403 at a class's table (its teacher starts the next game)."""
    t = link.table
    if t.settings.get("class"):
        raise Refusal(403, _("at a class's table, the teacher starts the next game"))
    if not t.over:
        raise Refusal(409, _("the game is still going: play again once it is over"))
    if t.settings.get("next"):
        raise Refusal(409, _("a new game has already started at this table"))
    settings = {k: v for k, v in t.settings.items() if k in ("chat", "clock_minutes", "undo")}
    new = await manager.rematch(t, settings, told={"rematch": True})
    return {"started": True, "players": len(new.seats)}


@router.post("/tables/{token}/undo")
async def api_undo_switch(body: UndoSwitchIn, link: FacilitatorLink, manager: Manager) -> dict[str, Any]:
    """Let the people take back their own last move, or not (the facilitator's link only)."""
    await undo.switch(manager, link.table, body.on)
    return {"id": link.table.id, "undo": undo.allowed(link.table)}


@router.get("/record/{token}")
async def api_record(link: AnyLink, manager: Manager) -> Response:
    """The game record, once the game is over (``loopcity replay FILE``)."""
    t = link.table
    if not t.over:
        raise Refusal(409, _("the record can be downloaded when the game is over"))
    record = manager.record(t)
    if t.ended:
        record["ended"] = "by the facilitator"
    data = json.dumps(record, indent=1)
    name = f"{t.state.game.id}-{t.id}.json"
    return Response(
        data, media_type="application/json", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@router.get("/tables/{token}")
async def api_table(link: FacilitatorLink, request: Request, manager: Manager) -> dict[str, Any]:
    """The seat links again (the facilitator's link only)."""
    t = link.table
    return {"id": t.id, "version": t.version, **table_links(request, manager, t.id, t.seats)}


@router.post("/tables/{token}/pause")
async def api_pause(body: PauseIn, link: FacilitatorLink, manager: Manager) -> dict[str, Any]:
    """Pause or resume the table (the facilitator's link only)."""
    t = link.table
    await manager.pause(t, body.paused)
    return {"id": t.id, "paused": t.paused, "version": t.version}


@router.post("/chat/{token}")
async def api_chat(body: ChatIn, link: AnyLink, manager: Manager) -> dict[str, Any]:
    """Say something at the table (a seat's link, or the facilitator's); every seat sees it. Table
    talk carries nobody's secrets and no bot reads it."""
    if link.role == "spectator":
        raise Refusal(403, _("the spectator's link watches the table: it does not talk"))
    await manager.say(link.table, link.seat, body.text)
    return {"lines": len(manager.chat_lines(link.table))}


@router.get("/chat/{token}")
async def api_chat_lines(link: AnyLink, manager: Manager) -> dict[str, Any]:
    """The table talk so far (a seat's link, or the facilitator's)."""
    if link.role == "spectator":
        raise Refusal(403, _("the spectator's link watches the table: it does not talk"))
    t = link.table
    names = [t.state.seat_name(i) for i in range(t.state.players)]
    lines = [
        {"seat": s, "name": names[s] if s is not None else _("Facilitator"), "text": text}
        for s, text in manager.chat_lines(t)
    ]
    return {"on": t.chat_on, "lines": lines}


@router.post("/tables/{token}/chat")
async def api_chat_switch(body: ChatSwitchIn, link: FacilitatorLink, manager: Manager) -> dict[str, Any]:
    """Switch table talk on or off (the facilitator's link only)."""
    await manager.switch_chat(link.table, body.on)
    return {"id": link.table.id, "chat": link.table.chat_on}


@router.get("/reference/{token}")
async def api_reference(link: AnyLink, request: Request) -> dict[str, Any]:
    """The reference of the table's game, generated from its content: costs, cards, tables."""
    game = link.table.state.game
    spec = game.spec
    with reading_in(_lang(request), spec.id):
        sections = spec.reference(game.content) if spec.reference is not None else []
        return {"title": spec.title, "sections": [sec.to_json() for sec in sections]}
