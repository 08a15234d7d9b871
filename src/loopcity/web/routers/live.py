"""Live play over a WebSocket: a page receives its seat's message after every change and sends moves.

Messages from the page: ``{"type": "act", "action": "...", "version": n, "id": ...}`` and
``{"type": "sync"}``; answers: ``ack``, ``refused`` (status and reason) and ``state`` messages. A page
may send at most ``ws_messages_per_second`` messages a second and messages of at most ``MAX_MESSAGE``
characters; a table takes at most ``max_clients_per_table`` pages.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .. import i18n
from ..guard import RateLimit
from ..i18n import _
from ..links import manager_of
from ..tables import LiveTable, Refusal, TableManager
from ..transport import Client

router = APIRouter()
MAX_MESSAGE = 4096
"""The longest message a page may send (characters)."""


@router.websocket("/ws/{token}")
async def ws(websocket: WebSocket, token: str) -> None:
    manager = manager_of(websocket)
    try:
        t, role, seat = await manager.resolve(token[:65])
    except Refusal as e:
        await websocket.close(code=4403, reason=e.reason[:120])
        return
    if role == "facilitator":
        seat = None
    lang = i18n.of_request(websocket.headers, websocket.query_params, websocket.cookies)
    client = Client(seat, websocket.send_text, lang)
    if not manager.hub.attach(t, client):
        await websocket.close(code=4429, reason=_("this table has its most pages open")[:120])
        return
    await websocket.accept()
    rate = manager.settings.ws_messages_per_second
    limit = RateLimit(rate * 60, burst=rate * 2, keys=1)
    try:
        await websocket.send_text(manager.hub.message(t, seat, lang=lang))
        while True:
            text = await websocket.receive_text()
            if len(text) > MAX_MESSAGE:
                await _refuse(
                    websocket, 413, _("a message may be at most {n} characters").format(n=MAX_MESSAGE)
                )
                continue
            if limit.wait("page") > 0:
                await _refuse(websocket, 429, _("too many messages: slow down"))
                continue
            try:
                msg = json.loads(text)
            except ValueError:
                msg = None
            await _message(websocket, manager, t, role, seat, msg, lang)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        manager.hub.detach(t, client)
        live = manager.live.get(t.id)
        if live is not None:
            manager.release(live)


async def _refuse(websocket: WebSocket, status: int, reason: str, msg_id: Any = None) -> None:
    await websocket.send_json({"type": "refused", "status": status, "reason": reason, "id": msg_id})


async def _message(
    websocket: WebSocket,
    manager: TableManager,
    t: LiveTable,
    role: str,
    seat: int | None,
    msg: Any,
    lang: str,
) -> None:
    kind = msg.get("type") if isinstance(msg, dict) else None
    msg_id = msg.get("id") if isinstance(msg, dict) and isinstance(msg.get("id"), int | str) else None
    if kind == "sync":
        await websocket.send_text(manager.hub.message(manager.live.get(t.id, t), seat, lang=lang))
        return
    if kind == "undo":
        try:
            if role != "seat" or seat is None:
                raise Refusal(403, _("only a seat's own link can act for that seat"))
            t = await manager.undo(t, seat)
        except Refusal as e:
            await _refuse(websocket, e.status, e.reason, msg_id)
            return
        await websocket.send_json({"type": "ack", "version": t.version, "id": msg_id})
        return
    if kind != "act" or not isinstance(msg, dict):
        await _refuse(websocket, 400, _("unknown message"))
        return
    version = msg.get("version")
    try:
        if role != "seat" or seat is None:
            raise Refusal(403, _("only a seat's own link can act for that seat"))
        t = await manager.act_as(t, seat, msg.get("action"), version if type(version) is int else None, lang)
    except Refusal as e:
        await _refuse(websocket, e.status, e.reason, msg_id)
        return
    await websocket.send_json({"type": "ack", "version": t.version, "id": msg_id})
