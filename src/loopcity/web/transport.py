"""Live updates: each table's connected pages and what they are sent (the transport).

The authority (:class:`~loopcity.web.tables.TableManager`) decides what happens at a table and tells
the :class:`Hub` when something changed; the hub builds every seat's message from the table's state
(:mod:`loopcity.web.payload`), once per version and view, and sends it to the pages that show that
view. Keeping the two apart means the rules, storage and versions never depend on how pages are
reached, as boardgame.io keeps its master apart from its server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.text import _, reading_in
from . import payload, undo

if TYPE_CHECKING:
    from .tables import LiveTable

Send = Callable[[str], Awaitable[None]]


@dataclass
class Client:
    """One connected page: the seat whose view it shows (None: spectator or facilitator) and the
    language its person reads."""

    seat: int | None
    send: Send
    lang: str = "en"


@dataclass
class Channel:
    """One table's connected pages, the version they were last sent and the messages of that version."""

    clients: list[Client] = field(default_factory=list)
    sent_version: int = -1
    push_task: asyncio.Task[None] | None = None
    pushed: asyncio.Future[None] | None = None
    texts: tuple[tuple[Any, ...], dict[tuple[int | None, str], str]] = field(default_factory=lambda: ((), {}))


def snapshot(t: LiveTable) -> tuple[Any, ...]:
    """What a message depends on besides the seat: a state once current is never changed (a move makes
    a new one), so this names one version of every seat's message (with the table talk so far)."""
    talk = (len(t.chat), t.chat[-1]) if t.chat else (0, None)
    return (t.state, t.version, t.clock, t.paused, t.chat_on, talk, undo.allowed(t))


def payload_of(
    t: LiveTable, seat: int | None, snap: tuple[Any, ...] | None = None, lang: str = "en"
) -> dict[str, Any]:
    """The message for ``seat`` of table ``t`` (as data), in the reader's language; a seat's carries
    the table talk."""
    state, version, clock, paused, chat_on, _talk, _undo = snapshot(t) if snap is None else snap
    with reading_in(lang, state.game.spec.id):
        message = payload.build(
            state, seat, table_id=t.id, version=version, seats=t.seats, clock=clock, paused=paused
        )
        if seat is not None:
            lines = [
                {
                    "seat": s,
                    "name": state.seat_name(s) if s is not None else _("Facilitator"),
                    "text": text,
                }
                for s, text in (t.chat or [])
            ]
            message["chat"] = {"on": chat_on, "lines": lines}
            message["undo"] = undo.message_part(t, seat)
    message["lang"] = lang
    return message


class Hub:
    """The connected pages of every table; sends each its own seat's message when a table changes."""

    def __init__(self, max_clients_per_table: int = 100) -> None:
        self.max_clients = max_clients_per_table
        self.channels: dict[str, Channel] = {}

    # ----- connections ---------------------------------------------------------------------------
    def attach(self, t: LiveTable, client: Client) -> bool:
        """Add a page to the table's channel; False when the table already has its most pages."""
        channel = self.channels.setdefault(t.id, Channel())
        if len(channel.clients) >= self.max_clients:
            return False
        channel.clients.append(client)
        return True

    def detach(self, t: LiveTable, client: Client) -> None:
        channel = self.channels.get(t.id)
        if channel is None:
            return
        with contextlib.suppress(ValueError):
            channel.clients.remove(client)
        self._forget(t.id)

    def _forget(self, table_id: str) -> None:
        channel = self.channels.get(table_id)
        if channel is not None and not channel.clients and not self.busy(table_id):
            del self.channels[table_id]

    def watched(self, table_id: str) -> bool:
        """Whether any page shows the table now."""
        channel = self.channels.get(table_id)
        return channel is not None and bool(channel.clients)

    def busy(self, table_id: str) -> bool:
        """Whether a message to the table's pages is being sent."""
        channel = self.channels.get(table_id)
        task = channel.push_task if channel is not None else None
        return task is not None and not task.done()

    def count(self) -> int:
        """Connected pages over all tables."""
        return sum(len(c.clients) for c in self.channels.values())

    # ----- messages -------------------------------------------------------------------------------
    def message(
        self, t: LiveTable, seat: int | None, snap: tuple[Any, ...] | None = None, lang: str = "en"
    ) -> str:
        """The seat's message encoded as JSON, built once per version and language and shared by every
        page with the same view (a seat's tabs; spectators and the facilitator, who all see the
        spectator's view)."""
        snap = snapshot(t) if snap is None else snap
        channel = self.channels.get(t.id)
        if channel is None:
            return json.dumps(payload_of(t, seat, snap, lang), separators=(",", ":"))
        key, texts = channel.texts
        if not (key and key[0] is snap[0] and key[1:] == snap[1:]):
            texts = {}
            channel.texts = (snap, texts)
        text = texts.get((seat, lang))
        if text is None:
            text = texts[(seat, lang)] = json.dumps(payload_of(t, seat, snap, lang), separators=(",", ":"))
        return text

    async def publish(self, t: LiveTable, version: int, *, again: bool = False) -> None:
        """Have the table's state sent to its pages; return once ``version`` (or newer) has been sent.
        ``again`` sends it even if this version was sent already (a pause changes no version).

        Sending runs in one task per table: moves that arrive while it sends are coalesced into the
        next round, so a busy table sends its newest state rather than every step in between."""
        channel = self.channels.get(t.id)
        if channel is None:
            return
        if again:
            channel.sent_version = -1
        if channel.push_task is None or channel.push_task.done():
            channel.push_task = asyncio.get_running_loop().create_task(self._push(t.id, channel, t))
        while channel.sent_version < version and not channel.push_task.done():
            await asyncio.shield(self._pushed(channel))

    @staticmethod
    def _pushed(channel: Channel) -> asyncio.Future[None]:
        if channel.pushed is None:
            channel.pushed = asyncio.get_running_loop().create_future()
        return channel.pushed

    async def _push(self, table_id: str, channel: Channel, t: LiveTable) -> None:
        try:
            while channel.sent_version < t.version:
                await asyncio.sleep(0)  # moves already waiting for the lock go into this round
                version = t.version
                await self._broadcast(t, channel)
                channel.sent_version = version
                done, channel.pushed = self._pushed(channel), None
                done.set_result(None)
        finally:
            if channel.pushed is not None and not channel.pushed.done():
                channel.pushed.set_result(None)
                channel.pushed = None
            if not channel.clients and self.channels.get(table_id) is channel:
                del self.channels[table_id]

    async def _broadcast(self, t: LiveTable, channel: Channel) -> None:
        """Send every connected page its own seat's message (each built and encoded once)."""
        clients = list(channel.clients)
        snap = snapshot(t)
        texts = {
            k: self.message(t, k[0], snap, k[1]) for k in dict.fromkeys((c.seat, c.lang) for c in clients)
        }
        for c in clients:
            try:
                await c.send(texts[(c.seat, c.lang)])
            except Exception:
                with contextlib.suppress(ValueError):
                    channel.clients.remove(c)

    def follow(self, t: LiveTable) -> None:
        """A table was rebuilt (after a restart or a conflict): its pages now follow the new copy."""
        channel = self.channels.get(t.id)
        if channel is not None:
            channel.sent_version = min(channel.sent_version, t.version - 1)

    def close(self) -> None:
        for channel in self.channels.values():
            if channel.push_task is not None:
                channel.push_task.cancel()
        self.channels.clear()
