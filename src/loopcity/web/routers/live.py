"""Live play over a WebSocket: a page receives its seat's message after every change and sends moves.

Messages from the page: ``{"type": "act", "action": "...", "version": n, "id": ...}`` and
``{"type": "sync"}`` (send the whole state again); answers: ``ack``, ``refused`` (status and reason),
``state`` (the whole message: the first, and after a ``sync``) and ``patch`` (what changed since the
message the page has, :mod:`loopcity.web.delta`). A page
may send at most ``ws_messages_per_second`` messages a second and messages of at most ``MAX_MESSAGE``
characters; a table takes at most ``max_clients_per_table`` pages. Everything sent to a page goes
through its own bounded queue and sender (:class:`~loopcity.web.transport.Client`): reading the page's
messages and making moves never wait for the page to read, and a page that falls behind is closed
(code 4408) and, reconnecting, is sent the current state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .. import i18n
from ..guard import RateLimit
from ..i18n import _
from ..links import manager_of
from ..tables import LiveTable, Refusal, TableManager
from ..transport import FELL_BEHIND, LINK_GONE, Client, encode

router = APIRouter()
MAX_MESSAGE = 4096
"""The longest message a page may send (characters)."""


@router.websocket("/ws/{token}")
async def ws(websocket: WebSocket, token: str) -> None:
    manager = manager_of(websocket)
    try:
        t, role, seat = await manager.resolve(token[:65])
    except Refusal as e:  # 4403: the link leads nowhere; 4503: the database did not answer, try again
        await websocket.close(
            code=4000 + e.status if 400 <= e.status < 600 else LINK_GONE, reason=e.reason[:120]
        )
        return
    if role == "facilitator":
        seat = None
    lang = i18n.of_request(websocket.headers, websocket.query_params, websocket.cookies)
    address = websocket.client.host if websocket.client is not None else "unknown"
    client = Client(seat, websocket.send_text, lang, role=role, address=address, token=token[:65])
    refused = manager.hub.admit(t, client)
    if refused is not None:
        await websocket.close(code=4429, reason=refused[:120])
        return
    tasks: list[asyncio.Task[None]] = []
    try:  # whatever happens from here, the page is detached at the end
        await websocket.accept()
        manager.hub.resend(t, client)
        loop = asyncio.get_running_loop()
        tasks = [
            loop.create_task(client.run(turns=manager.hub.turns)),
            loop.create_task(_read(websocket, manager, t, role, seat, client, lang)),
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        manager.hub.detach(t, client)
        live = manager.live.get(t.id)
        if live is not None:
            manager.release(live)
    if client.dropped:
        reason = {
            FELL_BEHIND: _("this page fell behind: reconnecting"),
            LINK_GONE: _("this link no longer leads to the seat"),
        }.get(client.code, _("this seat's link was opened on another page"))
        with contextlib.suppress(Exception):  # a page that does not read may not take the close either
            await asyncio.wait_for(websocket.close(code=client.code, reason=reason[:120]), timeout=1.0)


async def _read(
    websocket: WebSocket,
    manager: TableManager,
    t: LiveTable,
    role: str,
    seat: int | None,
    client: Client,
    lang: str,
) -> None:
    """Take the page's messages until it goes; every answer is queued for the page's sender."""
    rate = manager.settings.ws_messages_per_second
    limit = RateLimit(rate * 60, burst=rate * 2, keys=1)
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while not client.dropped:
            text = await websocket.receive_text()
            if len(text) > MAX_MESSAGE:
                _refuse(client, 413, _("a message may be at most {n} characters").format(n=MAX_MESSAGE))
                continue
            if limit.wait("page") > 0:
                _refuse(client, 429, _("too many messages: slow down"))
                continue
            try:
                msg = json.loads(text)
            except ValueError:
                msg = None
            await _message(client, manager, t, role, seat, msg, lang)


def _refuse(client: Client, status: int, reason: str, msg_id: Any = None) -> None:
    client.put(encode({"type": "refused", "status": status, "reason": reason, "id": msg_id}))


async def _message(
    client: Client,
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
        manager.hub.resend(manager.live.get(t.id, t), client)
        return
    if kind == "undo":
        try:
            if role != "seat" or seat is None:
                raise Refusal(403, _("only a seat's own link can act for that seat"))
            t = await manager.undo(t, seat)
        except Refusal as e:
            _refuse(client, e.status, e.reason, msg_id)
            return
        client.put(encode({"type": "ack", "version": t.version, "id": msg_id}))
        return
    if kind != "act" or not isinstance(msg, dict):
        _refuse(client, 400, _("unknown message"))
        return
    version = msg.get("version")
    try:
        if role != "seat" or seat is None:
            raise Refusal(403, _("only a seat's own link can act for that seat"))
        t = await manager.act_as(t, seat, msg.get("action"), version if type(version) is int else None, lang)
    except Refusal as e:
        _refuse(client, e.status, e.reason, msg_id)
        return
    client.put(encode({"type": "ack", "version": t.version, "id": msg_id}))
