"""The JSON API of play: games, tables, a seat's state and moves, records, links and pausing."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ...bots import bot_names
from ...engine import list_games
from ..i18n import _
from ..links import AnyLink, CreationLimit, FacilitatorLink, Manager, SeatLink, table_links
from ..schemas import MoveIn, PauseIn, TableIn
from ..tables import Refusal
from ..transport import payload_of

router = APIRouter(prefix="/api", tags=["play"])


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
        seed=body.seed,
        options=dict(body.options),
    )
    return {"id": made["id"], **table_links(request, manager, made["id"], made["seats"])}


@router.get("/state/{token}")
async def api_state(link: AnyLink) -> dict[str, Any]:
    """The table as this link sees it: its view, legal actions (a seat's), log, clock, outcome."""
    return payload_of(link.table, link.seat)


@router.post("/act/{token}")
async def api_act(body: MoveIn, link: SeatLink, manager: Manager) -> dict[str, Any]:
    """Make a move for the link's seat: the new state, or 400/403/409/422/423 with the reason."""
    t = await manager.act_as(link.table, link.seat or 0, body.action_data(), body.version)
    return payload_of(t, link.seat)


@router.get("/record/{token}")
async def api_record(link: AnyLink, manager: Manager) -> Response:
    """The game record, once the game is over (``loopcity replay FILE``)."""
    t = link.table
    if not t.state.is_terminal():
        raise Refusal(409, _("the record can be downloaded when the game is over"))
    data = json.dumps(manager.record(t), indent=1)
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
