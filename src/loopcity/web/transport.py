"""Live updates: each table's connected pages and what they are sent (the transport).

The authority (:class:`~loopcity.web.tables.TableManager`) decides what happens at a table and tells
the :class:`Hub` when something changed; the hub builds every seat's message from the table's state
(:mod:`loopcity.web.payload`), once per version and view, and sends it to the pages that show that
view: a page's first message is the whole message (``state``), every later one only what changed
since the message the page has (``patch``, :mod:`loopcity.web.delta`), built once per view and base. Keeping the two apart means the rules, storage and versions never depend on how pages are
reached, as boardgame.io keeps its master apart from its server.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from ..engine.text import _, holding, reading_in
from . import delta, payload, undo

if TYPE_CHECKING:
    from .tables import LiveTable

Send = Callable[[str], Awaitable[None]]
Message = str | Callable[[], str | None]
"""A message for a page: its text, or what builds it when it is sent (the table's newest state; None:
nothing new to send)."""
log = logging.getLogger("loopcity.web")


def encode(data: Any) -> str:
    """A message as compact JSON text (UTF-8 as it is; keys that are numbers become strings, as in
    :func:`json.dumps`), by orjson, which writes it four times as fast as the standard library; by
    the standard library where orjson cannot (a number beyond 64 bits)."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


SEND_SECONDS = 10.0
"""The longest one message may take to reach a page: a page that has not read it by then has fallen
behind (a frozen tab, a phone on a bad link, a socket that never reads) and is dropped."""
OUTBOX = 32
"""The most messages waiting for one page (a newer state replaces a state still waiting, so a page
that reads slowly gets the newest state rather than every one in between)."""
FELL_BEHIND = 4408
"""The close code of a page that was dropped for falling behind (it reconnects and gets the current
state)."""
REPLACED = 4409
"""The close code of a seat's page that gave way to a newer page of the same seat link."""
LINK_GONE = 4403
"""The close code of a page whose link no longer leads to its seat (the seat was given a new link: its
person moved, or was let in on another phone), and of a link that leads nowhere."""


@dataclass
class Client:
    """One connected page: the seat whose view it shows (None: spectator or facilitator), the language
    its person reads, and its own bounded queue of outgoing messages with a sender task.

    Nothing that happens at the table ever waits for a page: messages are put in the page's queue
    (:meth:`put`, which never blocks) and its sender (:meth:`run`) writes them to the socket one by
    one. A page whose queue overflows or whose socket takes longer than :data:`SEND_SECONDS` for one
    message is dropped (:attr:`dropped`); its connection is closed and the page, reconnecting, is
    sent the current state."""

    seat: int | None
    send: Send
    lang: str = "en"
    role: str = "seat"
    """the link's kind: 'seat', 'spectator' or 'facilitator' (the last two: watchers)"""
    address: str = ""
    """the client's address, for the cap on pages per address"""
    token: str = ""
    """the link the page was opened with"""
    outbox: deque[tuple[Message, bool]] = field(default_factory=deque)
    dropped: bool = False
    code: int = FELL_BEHIND
    """why the page was dropped: the close code its connection gets"""
    attached: bool = False
    has: dict[str, Any] | None = None
    """the message the page has now (the last one sent to it, patches applied), or None before its
    first: what the next patch is made against"""
    _ready: asyncio.Event = field(default_factory=asyncio.Event)

    def put(self, text: Message, *, state: bool = False) -> bool:
        """Queue a message for the page: its text, or a function that builds it when it is sent
        (``state``: a table's state, which a newer one replaces while it waits); False when the page
        has been dropped."""
        if self.dropped:
            return False
        if state and self.outbox and self.outbox[-1][1]:
            self.outbox[-1] = (text, True)
        elif len(self.outbox) >= OUTBOX:
            self.drop()
            return False
        else:
            self.outbox.append((text, state))
        self._ready.set()
        return True

    @property
    def watcher(self) -> bool:
        """A spectator's or the facilitator's page (no seat's own)."""
        return self.role != "seat"

    def drop(self, code: int = FELL_BEHIND) -> None:
        """Give up on the page: nothing more is queued, and its sender stops."""
        if not self.dropped:
            self.code = code
        self.dropped = True
        self.outbox.clear()
        self._ready.set()

    async def run(self, seconds: float | None = None, turns: Turns | None = None) -> None:
        """Send the queued messages in order until the page is dropped or its socket fails.

        ``turns``: the server's share of each round of the event loop for building messages
        (:class:`Turns`); a message to build past it waits for the next round."""
        seconds = SEND_SECONDS if seconds is None else seconds
        while not self.dropped:
            if not self.outbox:
                self._ready.clear()
                await self._ready.wait()
                continue
            message, _state = self.outbox.popleft()
            try:
                if isinstance(message, str):
                    text: str | None = message
                else:
                    while turns is not None and turns.spent():
                        await asyncio.sleep(0)  # the next round of the loop
                    text = None if self.dropped else message()
            except Exception:  # a bug building the message: the page reconnects and tries again
                log.exception("a message for a page could not be built")
                self.drop()
                break
            if text is None:
                continue
            try:
                await asyncio.wait_for(self.send(text), timeout=seconds)
            except Exception:  # too slow (TimeoutError) or the connection is gone
                self.drop()


class Turns:
    """How much of one round of the event loop (its callbacks ready at once) the pages' senders may
    spend building messages: :data:`ROUND_SECONDS`. A move stored or checked waits for the loop's
    round to end before it goes on; when a table's move makes many pages' messages at once (seats
    choosing together, several tables), the round would otherwise last as long as all of them, and
    the next moves with it. A sender past the share waits for the next round, where what else was
    ready goes first; one page's messages stay in order, and every message is still built."""

    def __init__(self) -> None:
        self._began: float | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def spent(self) -> bool:
        """True when this round's share is spent (then wait a round and ask again); else the caller
        builds now, counted in this round."""
        now = time.perf_counter()
        loop = asyncio.get_running_loop()
        if self._began is None or self._loop is not loop:
            self._began, self._loop = now, loop
            loop.call_soon(self._over)  # runs once the callbacks ready in this round are done
            return False
        return now - self._began > ROUND_SECONDS

    def _over(self) -> None:
        self._began = None


ROUND_SECONDS = 0.005
"""The time the pages' senders may spend building messages in one round of the event loop."""


@dataclass
class Built:
    """The messages of one version of a table (one :func:`snapshot`), built as pages need them: each
    view's message (as data and as text), the patches to it from the messages pages have, and what the
    views have in common (the public board, per language)."""

    snap: tuple[Any, ...] = ()
    messages: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict)
    texts: dict[tuple[int | None, str], str] = field(default_factory=dict)
    patches: dict[tuple[int | None, str, int], str] = field(default_factory=dict)
    shared: dict[str, dict[Any, Any]] = field(default_factory=dict)
    edits: dict[tuple[int, int], Any] = field(default_factory=dict)
    """the edits of the boards these patches share (:func:`loopcity.web.delta.diff`)"""


@dataclass
class Channel:
    """One table's connected pages, the table they follow and the messages of its newest version."""

    clients: list[Client] = field(default_factory=list)
    table: LiveTable | None = None
    built: Built = field(default_factory=Built)


def snapshot(t: LiveTable) -> tuple[Any, ...]:
    """What a message depends on besides the seat: a state once current is never changed (a move makes
    a new one), so this names one version of every seat's message (with the table talk so far)."""
    talk = (len(t.chat), t.chat[-1]) if t.chat else (0, None)
    held = frozenset(t.waiting)  # bots that have said their part and wait for the people
    return (
        t.state,
        t.version,
        t.clock,
        t.paused,
        t.chat_on,
        talk,
        undo.allowed(t),
        t.seats,
        t.settings,
        held,
    )


def payload_of(
    t: LiveTable,
    seat: int | None,
    snap: tuple[Any, ...] | None = None,
    lang: str = "en",
    shared: dict[Any, Any] | None = None,
) -> dict[str, Any]:
    """The message for ``seat`` of table ``t`` (as data), in the reader's language; a seat's carries
    the table talk (``shared``: what the views of this version and language have in common, see
    :func:`loopcity.web.payload.build`)."""
    state, version, clock, paused, chat_on, *_rest = snapshot(t) if snap is None else snap
    with reading_in(lang, state.game.spec.id), holding(t.waiting):
        message = payload.build(
            state,
            seat,
            table_id=t.id,
            version=version,
            seats=t.seats,
            clock=clock,
            paused=paused,
            shared=shared,
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
        at_table(message, t, seat, shared)
    message["lang"] = lang
    return message


def people(seats: list[dict[str, Any]], seat: int) -> str:
    """The names of the people at a seat ("" when nobody has given a name)."""
    return ", ".join(seats[seat].get("names") or ())


def at_table(
    message: dict[str, Any], t: LiveTable, seat: int | None, shared: dict[Any, Any] | None = None
) -> None:
    """What the facilitator has done to the table, added to its message (in the reader's language):
    the people's names at each seat (also in the log), a seat played by a bot for now, a game ended
    before its end, the class's announcement and the next game of a rematch (``shared``: what the
    messages of this version and language share, the seats' part built once)."""
    names = {i: people(t.seats, i) for i in range(len(t.seats))}
    seats = None if shared is None else shared.get("seats at the table")
    if seats is None:
        seats = []
        for given in message["seats"]:
            entry = {**given, "people": names.get(given["seat"], ""), "role": given["name"]}
            if entry["people"]:
                entry["name"] = f"{entry['people']} · {entry['role']}"
            entry["handed"] = bool(t.seats[entry["seat"]].get("person")) and entry["kind"] == "bot"
            seats.append(entry)
        if shared is not None:
            shared["seats at the table"] = seats
    message["seats"] = seats
    if any(names.values()):
        said = sorted(((t.state.seat_name(i), n) for i, n in names.items() if n), key=lambda x: -len(x[0]))
        lines = []
        for line in message["log"]:  # new lines where names are added: the worded ones are shared
            text = line["text"]
            for role, who in said:
                if role in text:
                    text = text.replace(role, f"{who} · {role}")
            lines.append(line if text is line["text"] else {**line, "text": text})
        message["log"] = lines
    if seat is not None and t.seats[seat]["kind"] == "bot":
        message["legal"], message["your_turn"] = [], False
        message["handed"] = True
    if t.ended:
        message.update(finished=True, legal=[], your_turn=False, active_seats=[])
        message["outcome"] = {
            "team_won": None,
            "cause": "ended by the facilitator",
            "scores": [],
            "winners": [],
            "ending": _("The teacher ended the game here, with the table as it stood.")
            if t.settings.get("class")
            else _("The facilitator ended the game here, with the table as it stood."),
        }
    clock = message.get("clock")
    if clock:
        rule = t.state.game.clocks.get(clock["kind"])
        message["clock"] = {**clock, "counts": _(rule.counts) if rule is not None and rule.counts else ""}
    news = t.settings.get("announcement")
    message["announcement"] = news if isinstance(news, dict) else None
    message["next"] = t.settings.get("next")
    message["in_class"] = bool(t.settings.get("class"))  # its teacher starts the next game, not its seats


class Hub:
    """The connected pages of every table; sends each its own seat's message when a table changes."""

    def __init__(
        self,
        max_clients_per_table: int = 100,
        *,
        max_pages: int = 2000,
        pages_per_address: int = 300,
        pages_per_seat: int = 4,
    ) -> None:
        self.max_clients = max_clients_per_table
        self.max_pages = max_pages
        self.pages_per_address = pages_per_address
        self.pages_per_seat = pages_per_seat
        self.channels: dict[str, Channel] = {}
        self.fetched: dict[str, Channel] = {}
        """tables without pages whose messages are fetched (:meth:`watching`)"""
        self.pages = 0
        self.watchers = 0
        self.by_address: Counter[str] = Counter()
        self._refs = itertools.count(1)
        self.turns = Turns()
        """the pages' senders' share of each round of the event loop"""

    # ----- connections ---------------------------------------------------------------------------
    def admit(self, t: LiveTable, client: Client) -> str | None:
        """Add a page to the table's channel, or say why not (the caps: :meth:`_admit`)."""
        refused = self._admit(t, client)
        if refused is not None:
            self._forget(t.id)
        return refused

    def _admit(self, t: LiveTable, client: Client) -> str | None:
        """The caps on pages.

        Watchers (spectator and facilitator pages) are capped per table (``max_clients_per_table``),
        per client address and in total at three quarters of ``max_pages``: the last quarter is kept for
        seats' own pages, so spectators never take a player's place. A seat's page always gets in while
        the server holds fewer than ``max_pages`` pages; a seat link holds at most ``pages_per_seat``
        pages, and a newer one makes the oldest give way (closed with :data:`REPLACED`)."""
        channel = self.channels.get(t.id)
        if channel is None:  # a table fetched before it had pages: what was built for it is kept
            channel = self.channels[t.id] = self.fetched.pop(t.id) if t.id in self.fetched else Channel()
        if client.watcher:
            if sum(c.watcher for c in channel.clients) >= self.max_clients:
                return _("this table has its most pages open")
            if self.by_address[client.address] >= self.pages_per_address:
                return _("too many pages open from your address: close some")
            if self.watchers >= self.max_pages * 3 // 4:
                return _("the server has its most pages open: try again in a while")
        else:
            if self.pages >= self.max_pages:
                return _("the server has its most pages open: try again in a while")
            mine = [c for c in channel.clients if not c.watcher and c.seat == client.seat and not c.dropped]
            for old in mine[: max(0, len(mine) - self.pages_per_seat + 1)]:
                old.drop(REPLACED)
                self._uncount(old)
        channel.clients.append(client)
        client.attached = True
        self.pages += 1
        self.watchers += client.watcher
        if client.watcher:
            self.by_address[client.address] += 1
        return None

    def attach(self, t: LiveTable, client: Client) -> bool:
        """:meth:`admit` a page; False when it may not come in."""
        return self.admit(t, client) is None

    def _uncount(self, client: Client) -> None:
        if not client.attached:
            return
        client.attached = False
        self.pages -= 1
        self.watchers -= client.watcher
        if client.watcher:
            self.by_address[client.address] -= 1
            if self.by_address[client.address] <= 0:
                del self.by_address[client.address]

    def drop_gone(self, table_id: str, links: set[str]) -> None:
        """Close the seats' pages of the table opened with one of ``links``, which lead nowhere now
        (:data:`LINK_GONE`)."""
        channel = self.channels.get(table_id)
        for client in channel.clients if channel else ():
            if not client.watcher and client.token in links:
                client.drop(LINK_GONE)

    def detach(self, t: LiveTable, client: Client) -> None:
        self._uncount(client)
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
        """Whether the transport holds on to the table for anything but its pages (never: each page's
        own sender holds what it sends)."""
        return False

    def seats_connected(self, table_id: str) -> set[int]:
        """The seats of a table with at least one page open now."""
        channel = self.channels.get(table_id)
        return {c.seat for c in channel.clients if c.seat is not None} if channel is not None else set()

    def count(self) -> int:
        """Connected pages over all tables."""
        return self.pages

    # ----- messages -------------------------------------------------------------------------------
    def _built(self, channel: Channel, t: LiveTable, snap: tuple[Any, ...] | None = None) -> Built:
        """The messages of the table's version now (begun afresh when the table changed)."""
        snap = snapshot(t) if snap is None else snap
        built = channel.built
        key = built.snap
        if not (key and key[0] is snap[0] and key[1:] == snap[1:]):
            old, built = built, Built(snap)
            same = key and key[0] is snap[0]  # the same state (a line of talk, a pause): its risks stay
            for lang, shared in old.shared.items():
                built.shared[lang] = {
                    k: v
                    for k, v in shared.items()
                    if k in payload.CARRIED or (same and isinstance(k, tuple) and k[0] == "risks")
                }
            channel.built = built
        return built

    def _data(self, built: Built, t: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
        """The view's message of this version as data, with its ``ref`` (what a patch names as its
        base), built once and shared by every page with the same view."""
        message = built.messages.get((seat, lang))
        if message is None:
            shared = built.shared.setdefault(lang, {})
            message = payload_of(t, seat, built.snap, lang, shared)
            message["ref"] = next(self._refs)
            built.messages[(seat, lang)] = message
        return message

    def _text(self, built: Built, seat: int | None, lang: str, message: dict[str, Any]) -> str:
        text = built.texts.get((seat, lang))
        if text is None:
            text = built.texts[(seat, lang)] = encode(message)
        return text

    def message(
        self, t: LiveTable, seat: int | None, snap: tuple[Any, ...] | None = None, lang: str = "en"
    ) -> str:
        """The seat's whole message encoded as JSON, built once per version and language and shared by
        every page with the same view (a seat's tabs; spectators and the facilitator, who all see the
        spectator's view)."""
        channel = self.channels.get(t.id)
        if channel is None:
            return encode(payload_of(t, seat, snap, lang))
        built = self._built(channel, t, snap)
        return self._text(built, seat, lang, self._data(built, t, seat, lang))

    FETCHED = 256
    """Tables kept for pages that fetch them rather than follow them (see :meth:`watching`)."""

    def watching(self, t: LiveTable, lang: str = "en") -> dict[str, Any]:
        """The spectator's message of the table now, as data, for a page that fetches it again every
        few seconds (a class's wall and big screen): built once per version and language, and shared
        with the table's pages where it has any (the board and panels they share are built already)."""
        channel = self.channels.get(t.id)
        if channel is None:
            channel = self.fetched.get(t.id)
            if channel is None:
                if len(self.fetched) >= self.FETCHED:
                    self.fetched.clear()
                channel = self.fetched[t.id] = Channel()
        return self._data(self._built(channel, t), t, None, lang)

    async def publish(self, t: LiveTable, version: int, *, again: bool = False) -> None:
        """Tell the table's pages that it changed (``version``; ``again``: something else than a move,
        such as a pause or a line of talk). Returns at once: nothing waits for a page.

        Each page's sender builds the table's *newest* message when it is ready to send it (from the
        messages shared per version, seat and language), so a page that is slower than the table gets
        the newest state rather than every step in between, and a busy table's moves are coalesced
        into fewer messages. What it sends is a patch from the message the page has."""
        channel = self.channels.get(t.id)
        if channel is None:
            return
        channel.table = t
        for c in channel.clients:  # a dropped page is detached by its own task
            c.put(functools.partial(self._newest, channel, c), state=True)

    def resend(self, t: LiveTable, client: Client) -> None:
        """Queue the table's whole message for a page (its first, or one it asked for again: a page
        that lost track gets the current state, and patches from there)."""
        channel = self.channels.get(t.id)
        if channel is None:  # not admitted: nothing to follow
            client.put(self.message(t, client.seat, lang=client.lang), state=True)
            return
        if channel.table is None or channel.table.version < t.version:
            channel.table = t
        client.has = None
        client.put(functools.partial(self._newest, channel, client), state=True)

    def _newest(self, channel: Channel, client: Client) -> str | None:
        """The page's next message: the whole newest message for a page that has none, else the patch
        from the one it has (None when nothing changed)."""
        assert channel.table is not None
        built = self._built(channel, channel.table)
        message = self._data(built, channel.table, client.seat, client.lang)
        has, client.has = client.has, message
        if has is None:
            return self._text(built, client.seat, client.lang, message)
        if has is message:
            return None
        key = (client.seat, client.lang, has["ref"])
        if key not in built.patches:
            ops = delta.diff(has, message, built.edits, parts=True)
            built.patches[key] = encode(
                {"type": "patch", "version": message["version"], "base": has["ref"], "o": ops}
            )
        return built.patches[key]

    def follow(self, t: LiveTable) -> None:
        """A table was rebuilt (after a restart or a conflict): its pages now follow the new copy."""
        channel = self.channels.get(t.id)
        if channel is not None:
            channel.table = t

    def close(self) -> None:
        self.channels.clear()
        self.fetched.clear()
        self.pages = self.watchers = 0
        self.by_address.clear()
