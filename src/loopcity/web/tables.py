"""Live tables: the server's authority over each game.

A :class:`LiveTable` holds the current state (rebuilt from the database by replay), the bots, the
connected clients and a lock. :meth:`TableManager.act` checks a move against the engine on a copy of
the state, writes it to the database (with a version check) and only then makes it current and
acknowledges it; moves on one table are serialized by the table's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import bot_names, make_bot
from ..debrief import Timeline
from ..engine import (
    Action,
    Bot,
    Game,
    LoopcityError,
    OptionError,
    RandomBot,
    Record,
    Rng,
    State,
    derive_seed,
    load_game,
)
from ..engine.errors import IllegalAction, MalformedAction, UnknownGame
from . import payload
from .db import Database, StoredTable, VersionConflict
from .i18n import _
from .replay import TimelineCache

log = logging.getLogger("loopcity.web")
Send = Callable[[str], Awaitable[None]]
REALTIME_KINDS = {"timer": 600.0, "alarm": 600.0, "clock": 300.0}
"""Argument-less action kinds that a wall clock plays (RECLAIM's ``alarm`` when the event timer rings,
a ``clock`` that closes a discussion), with their default periods in seconds. People and bots never play
them at a web table: the server does, when the time is up."""
MINUTE_OPTIONS = {"timer": "timer_minutes", "alarm": "timer_minutes", "clock": "discussion_minutes"}
"""A game option that sets the period in minutes, when the game has it."""


class Refusal(Exception):
    """A request the server turns down: an HTTP status and the reason, for the person who asked."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass
class Client:
    seat: int | None
    send: Send


@dataclass
class LiveTable:
    id: str
    state: State
    seed: int
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    version: int
    moves: list[tuple[int, str]]
    bots: dict[int, Bot]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: list[Client] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    clock: dict[str, Any] | None = None
    sent_version: int = -1
    push_task: asyncio.Task[None] | None = None
    pushed: asyncio.Future[None] | None = None
    texts: tuple[tuple[Any, ...], dict[int | None, str]] = field(default_factory=lambda: ((), {}))

    def snapshot(self) -> tuple[Any, ...]:
        """What a message depends on besides the seat: a state once current is never changed (a move
        makes a new one), so this names one version of every seat's message."""
        return (self.state, self.version, self.clock, self.paused)

    @property
    def paused(self) -> bool:
        return bool(self.settings.get("paused"))

    def payload(self, seat: int | None) -> dict[str, Any]:
        return payload.build(
            self.state,
            seat,
            table_id=self.id,
            version=self.version,
            seats=self.seats,
            clock=self.clock,
            hidden_kinds=REALTIME_KINDS.keys(),
            paused=self.paused,
        )

    def message(self, seat: int | None, snap: tuple[Any, ...] | None = None) -> str:
        """The seat's message encoded as JSON, built once per version and shared by every client with
        the same view (a seat's tabs; spectators and the facilitator, who all see the spectator's view).

        Safe to call from a worker thread with a ``snap`` taken on the event loop."""
        snap = self.snapshot() if snap is None else snap
        key, texts = self.texts  # one read: a worker thread may replace it meanwhile
        if not (key and key[0] is snap[0] and key[1:] == snap[1:]):
            texts = {}
            self.texts = (snap, texts)
        text = texts.get(seat)
        if text is None:
            state, version, clock, paused = snap
            text = json.dumps(
                payload.build(
                    state,
                    seat,
                    table_id=self.id,
                    version=version,
                    seats=self.seats,
                    clock=clock,
                    hidden_kinds=REALTIME_KINDS.keys(),
                    paused=paused,
                ),
                separators=(",", ":"),
            )
            texts[seat] = text
        return text

    def bot_to_move(self) -> int | None:
        if self.state.is_terminal() or self.paused:
            return None
        for seat in self.state.active_seats():
            if seat in self.bots:
                return seat
        return None


def new_token() -> str:
    """An unguessable link token (128 bits)."""
    return secrets.token_urlsafe(16)


class TableManager:
    """Creates tables, rebuilds them after a restart, applies moves, runs bots and clocks, broadcasts."""

    def __init__(
        self, db: Database, bot_delay: float = 0.6, realtime: dict[str, float] | None = None
    ) -> None:
        self.db = db
        self.bot_delay = bot_delay
        self.realtime = {**REALTIME_KINDS, **(realtime or {})}
        self.live: dict[str, LiveTable] = {}
        self._stale: dict[str, LiveTable] = {}
        self._games: dict[str, Game] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.timelines = TimelineCache()

    def timeline(self, t: LiveTable) -> Timeline:
        """The table's game replayed up to now (cached per table and version)."""
        return self.timelines.get(t.id, t.version, t.state.game, t.seed, t.moves)

    # ----- creating and loading ---------------------------------------------------------------
    def create(
        self,
        game_id: str,
        players: int | None = None,
        variant: str | None = None,
        seats: list[dict[str, Any]] | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        moves: Sequence[tuple[int, str]] = (),
        settings: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Create a table; returns its id and the tokens: one per human seat, spectators, facilitator.

        ``moves`` are moves the table starts with (already checked by the caller) and ``settings`` its
        first settings: a what-if table starts from its parent's seed and moves up to a step."""
        if options is not None and not isinstance(options, dict):
            raise Refusal(400, _("options are a mapping of option names to values"))
        if seats is not None and not (isinstance(seats, list) and all(isinstance(s, dict) for s in seats)):
            raise Refusal(
                400, _("seats are a list such as [{'kind': 'human'}, {'kind': 'bot', 'bot': 'random'}]")
            )
        opts = {k: v for k, v in (options or {}).items() if v not in (None, "")}
        if players is not None:
            opts["players"] = players
        if variant:
            opts["variant"] = variant
        try:
            game = self._game(game_id, opts)
        except (OptionError, UnknownGame) as e:
            raise Refusal(400 if isinstance(e, OptionError) else 404, str(e)) from None
        seats = self._check_seats(game, seats)
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            raise Refusal(400, _("the seed must be a whole number from 0"))
        seed = secrets.randbelow(2**31) if seed is None else seed
        table_id = secrets.token_hex(6)
        tokens: list[tuple[str, str, int | None]] = [
            (new_token(), "seat", i) for i, s in enumerate(seats) if s["kind"] == "human"
        ]
        tokens += [(new_token(), "spectator", None), (new_token(), "facilitator", None)]
        self.db.create_table(
            table_id, game.id, game.config(), seed, seats, dict(settings or {}), tokens, list(moves)
        )
        return {"id": table_id, "tokens": tokens, "seats": seats}

    def _check_seats(self, game: Any, seats: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        n = game.players
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "bot"}] * (n - 1)
        if len(seats) != n:
            raise Refusal(400, _("give one seat for each of the {n} players").format(n=n))
        names = bot_names(game)
        default_bot = "heuristic" if "heuristic" in names else "random"
        out = []
        for s in seats:
            kind = s.get("kind")
            if kind == "human":
                out.append({"kind": "human"})
            elif kind == "bot":
                bot = s.get("bot") or default_bot
                if bot not in names:
                    raise Refusal(
                        400, _("no bot {bot!r}; bots: {names}").format(bot=bot, names=", ".join(names))
                    )
                out.append({"kind": "bot", "bot": bot})
            else:
                raise Refusal(400, _("a seat is 'human' or 'bot', not {kind!r}").format(kind=kind))
        return out

    async def get(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from the database by replay when not in memory."""
        t = self.live.get(table_id)
        if t is not None:
            return t
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            t = self.live.get(table_id)
            if t is None:
                stored = self.db.load(table_id)
                if stored is None:
                    raise Refusal(404, _("no such table"))
                t = self._rebuild(stored)
                stale = self._stale.pop(table_id, None)
                if stale is not None:  # changed by another server: keep its clients, now up to date
                    t.clients = stale.clients
                self.live[table_id] = t
                self._kick(t)
        self._loading.pop(table_id, None)
        return t

    def release(self, t: LiveTable) -> None:
        """Drop a table from memory when nobody watches it and nothing runs for it (it is rebuilt from
        the database when next asked for)."""
        busy = any(task is not None and not task.done() for task in (t.bot_task, t.clock_task, t.push_task))
        if not t.clients and not busy and self.live.get(t.id) is t and not t.lock.locked():
            del self.live[t.id]

    def _game(self, game_id: str, options: dict[str, Any]) -> Game:
        """A configured game, shared by every table with the same options (content is loaded once)."""
        key = json.dumps([game_id, options], sort_keys=True, default=str)
        game = self._games.get(key)
        if game is None:
            game = load_game(game_id, **options)
            if len(self._games) > 256:
                self._games.clear()
            self._games[key] = self._games[
                json.dumps([game_id, game.config()], sort_keys=True, default=str)
            ] = game
        return game

    def _rebuild(self, stored: StoredTable) -> LiveTable:
        game = self._game(stored.game, stored.config)
        state = game.new_state(stored.seed)
        for seat, text in stored.moves:
            state.apply(seat, Action.parse(text))
        bots = {
            i: make_bot(s["bot"], game, i, stored.seed + stored.version)
            for i, s in enumerate(stored.seats)
            if s["kind"] == "bot"
        }
        return LiveTable(
            stored.id, state, stored.seed, stored.seats, stored.settings, stored.version, stored.moves, bots
        )

    async def resolve(self, token: str) -> tuple[LiveTable, str, int | None]:
        """The table, role ('seat', 'spectator' or 'facilitator') and seat of a link token."""
        found = self.db.token(token) if token else None
        if found is None:
            raise Refusal(403, _("this link is not valid: ask the facilitator for your seat link"))
        table_id, role, seat = found
        return await self.get(table_id), role, seat

    # ----- moves -----------------------------------------------------------------------------
    async def act(self, token: str, text: Any, expected_version: int | None = None) -> LiveTable:
        """Apply a seat's move: refused with a reason, or stored and then broadcast."""
        t, role, seat = await self.resolve(token)
        if role != "seat" or seat is None:
            raise Refusal(403, _("only a seat's own link can act for that seat"))
        return await self.act_as(t, seat, text, expected_version)

    async def act_as(
        self, t: LiveTable, seat: int, text: Any, expected_version: int | None = None
    ) -> LiveTable:
        """Apply a move for ``seat`` of table ``t`` (the caller checked the seat's token)."""
        if self.live.get(t.id) is not t:  # reloaded after a conflict: use the current copy
            t = await self.get(t.id)
        try:
            action = Action.from_json(text)
        except MalformedAction as e:
            raise Refusal(400, str(e)) from None
        if action.kind in REALTIME_KINDS and not action.args:
            raise Refusal(
                422, _("'{action}' is played by the table's clock when the time is up").format(action=action)
            )
        async with t.lock:
            if t.paused:
                raise Refusal(423, _("the facilitator has paused the table: wait for play to resume"))
            if expected_version is not None and expected_version != t.version:
                raise Refusal(
                    409,
                    _("the table has moved on (version {now}, you saw {seen}): look again and retry").format(
                        now=t.version, seen=expected_version
                    ),
                )
            self._commit(t, seat, action)
        await self.after_move(t)
        return t

    def _commit(self, t: LiveTable, seat: int, action: Action) -> None:
        """Check on a copy, write to the database, then make it current (caller holds the lock)."""
        new = t.state.clone()
        try:
            new.apply(seat, action)
        except MalformedAction as e:
            raise Refusal(400, str(e)) from None
        except IllegalAction as e:
            raise Refusal(422, str(e)) from None
        text = str(action)
        try:
            self.db.add_move(t.id, t.version, seat, text, new.is_terminal())
        except VersionConflict:
            self.live.pop(t.id, None)
            self._stale[t.id] = t
            raise Refusal(409, _("the table was changed elsewhere: reload the page")) from None
        t.state = new
        t.version += 1
        t.moves.append((seat, text))

    async def after_move(self, t: LiveTable) -> None:
        """Start bots and clocks, and return once every client has been sent this version (or newer)."""
        self._kick(t)
        await self.publish(t, t.version)

    async def publish(self, t: LiveTable, version: int) -> None:
        """Have the table's state sent to its clients; wait until ``version`` (or newer) has been sent.

        Sending runs in one task per table: moves that arrive while it sends are coalesced into the
        next round, so a busy table sends its newest state rather than every step in between."""
        if t.push_task is None or t.push_task.done():
            t.push_task = asyncio.get_running_loop().create_task(self._push(t))
        while t.sent_version < version and not t.push_task.done():
            await asyncio.shield(self._pushed(t))

    def _pushed(self, t: LiveTable) -> asyncio.Future[None]:
        if t.pushed is None:
            t.pushed = asyncio.get_running_loop().create_future()
        return t.pushed

    async def _push(self, t: LiveTable) -> None:
        try:
            while t.sent_version < t.version:
                await asyncio.sleep(0)  # moves already waiting for the lock go into this round
                version = t.version
                await self.broadcast(t)
                t.sent_version = version
                done, t.pushed = self._pushed(t), None
                done.set_result(None)
        finally:
            if t.pushed is not None and not t.pushed.done():
                t.pushed.set_result(None)
                t.pushed = None

    # ----- bots and clocks -------------------------------------------------------------------
    def _kick(self, t: LiveTable) -> None:
        if t.bot_to_move() is not None and (t.bot_task is None or t.bot_task.done()):
            t.bot_task = asyncio.get_running_loop().create_task(self._bots(t))
        self._clock(t)

    async def _bots(self, t: LiveTable) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with t.lock:
                if self.live.get(t.id) is not t:
                    return
                seat = t.bot_to_move()
                if seat is None:
                    return
                try:  # in a thread, so that a slow bot does not hold up the other tables
                    action = await asyncio.to_thread(t.bots[seat].choose, t.state, seat)
                    if action.kind in REALTIME_KINDS and not action.args:  # the clock's, not the bot's
                        others = [a for a in t.state.legal_actions(seat) if a.kind not in REALTIME_KINDS]
                        if not others:
                            return
                        action = others[Rng(derive_seed(t.seed, t.version, "web")).below(len(others))]
                    self._commit(t, seat, action)
                except Exception:
                    log.exception("bot for seat %s of table %s failed; a random bot takes over", seat, t.id)
                    if isinstance(t.bots[seat], RandomBot):
                        return
                    t.bots[seat] = RandomBot(t.state.game, seat, t.seed)
                    continue
            self._clock(t)
            await self.publish(t, t.version)

    async def pause(self, t: LiveTable, paused: bool) -> None:
        """Pause or resume a table: while paused no one moves, bots wait and clocks stop (a clock starts
        its countdown again on resuming)."""
        async with t.lock:
            t.settings = {**t.settings, "paused": paused}
            self.db.set_settings(t.id, t.settings)
        self._kick(t)
        t.sent_version = -1  # everyone is told, though no move was made
        await self.publish(t, t.version)

    def _realtime_action(self, t: LiveTable) -> tuple[int, Action] | None:
        if t.state.is_terminal() or t.paused:
            return None
        for seat in t.state.active_seats():
            for a in t.state.legal_actions(seat):
                if a.kind in self.realtime and not a.args:
                    return seat, a
        return None

    def _clock(self, t: LiveTable) -> None:
        """Run a game's wall-clock rule: an argument-less ``timer``/``clock`` action, when it is legal,
        is carried out by the server once its period has passed (RECLAIM's event timer, SUSTAIN's
        discussion clock); the countdown starts when the action becomes legal and is shown to all."""
        due = self._realtime_action(t)
        if due is None:
            if t.clock_task is not None:
                t.clock_task.cancel()
            t.clock_task, t.clock = None, None
            return
        if t.clock_task is not None and not t.clock_task.done():
            return
        seconds = self._period(t, due[1].kind)
        t.clock = {"kind": due[1].kind, "deadline": time.time() + seconds, "seconds": seconds}
        t.clock_task = asyncio.get_running_loop().create_task(self._ring(t, seconds))

    def _period(self, t: LiveTable, kind: str) -> float:
        """The table's period for a clock action: the game's minutes option when it has one."""
        minutes = t.state.game.options.get(MINUTE_OPTIONS.get(kind, ""))
        if isinstance(minutes, int | float) and not isinstance(minutes, bool) and minutes > 0:
            return float(minutes) * 60
        return float(self.realtime[kind])

    async def _ring(self, t: LiveTable, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with t.lock:
            due = self._realtime_action(t)
            t.clock_task, t.clock = None, None
            if due is None or self.live.get(t.id) is not t:
                return
            with contextlib.suppress(Refusal, LoopcityError):
                self._commit(t, *due)
        await self.after_move(t)

    # ----- clients ---------------------------------------------------------------------------
    async def broadcast(self, t: LiveTable) -> None:
        """Send every connected client its own seat's message (built and encoded once per seat and
        version, in a worker thread so that the event loop goes on taking moves meanwhile)."""
        clients = list(t.clients)
        snap = t.snapshot()
        seats = list(dict.fromkeys(c.seat for c in clients))
        texts = {s: t.message(s, snap) for s in seats}
        for c in clients:
            try:
                await c.send(texts[c.seat])
            except Exception:
                with contextlib.suppress(ValueError):
                    t.clients.remove(c)

    def record(self, t: LiveTable) -> dict[str, Any]:
        """The game record (with a state hash after every move), replayable with ``loopcity replay``."""
        game = t.state.game
        state = game.new_state(t.seed)
        rec = Record.start(state, t.seed)
        for seat, text in t.moves:
            action = Action.parse(text)
            state.apply(seat, action)
            rec.add(seat, action, state)
        return rec.to_json()

    async def close(self) -> None:
        for t in self.live.values():
            for task in (t.bot_task, t.clock_task):
                if task is not None:
                    task.cancel()
        self.live.clear()
