"""Live tables: the server's authority over each game (rules, versions, storage).

A :class:`LiveTable` holds the current state (rebuilt from the database by replay), the bots and a
lock. :meth:`TableManager.act` checks a move against the engine on a copy of the state, writes it to
the database (with a version check) and only then makes it current, has it sent to the table's pages
and acknowledges it; moves on one table are serialized by the table's lock. The manager also makes
tables within the server's limits and lets tables that nobody looks at leave memory.

Three rooms, each with one job: this module decides what stands at a table and keeps it; *when* a
bot or a clock moves is :mod:`loopcity.web.schedule`'s (it hands its moves to :meth:`commit`); who is
told and how is the transport's (:class:`~loopcity.web.transport.Hub`, told by :meth:`after_move`).

Several processes on one PostgreSQL database (:mod:`loopcity.web.processes`): a table in memory may
be behind the database when another process stored a move. The process reloads it when it hears of
the change (:meth:`TableManager.heard`) and, before it turns a move down, whenever the database has
moved on (:meth:`TableManager.reload`): nobody is refused a move the table accepts."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as SATimeoutError

from ..bots import bot_names
from ..debrief import Timeline
from ..engine import (
    Action,
    Bot,
    Game,
    LoopcityError,
    Record,
    State,
    get_spec,
    load_game,
    secret_seed,
    subseed,
)
from ..engine.clocks import Countdowns
from ..engine.errors import IllegalAction, MalformedAction, OptionError, UnknownGame
from ..engine.text import languages, reading_in
from .db import CHAT_KEPT, Database, StoredTable, TooFast, VersionConflict
from .guard import RateLimit
from .i18n import _
from .processes import Alone, Notice, Together
from .replay import TimelineCache
from .schedule import Schedule, source_words
from .settings import Settings
from .transport import Hub

log = logging.getLogger("loopcity.web")
MAX_SEED = 2**256
"""Seeds a facilitator may type: 0 up to this (a server-made seed has 128 random bits)."""
WEB_ONLY_REFUSED = ("content", "overrides")
SEED_SECRET = "typed-seed"
"""The name of the server's secret that typed seeds are keyed with (:meth:`Database.secret`)."""


def seed_from_typed(secret: bytes, typed: int) -> int:
    """The game's seed for a seed typed in the lobby or sent to the API: HMAC-SHA256 of the typed
    number under the server's secret, 128 bits of it above 2^128 (so it drives the keyed generator,
    like a seed the server draws). The same typed seed gives the same game on one server; without the
    secret, what a view shows cannot be traced back to it by trying typed seeds."""
    mac = hmac.new(secret, b"loopcity-typed-seed\x00" + str(typed).encode(), hashlib.sha256)
    return (1 << 128) | int.from_bytes(mac.digest()[:16], "big")


class Refusal(Exception):
    """A request the server turns down: an HTTP status and the reason, for the person who asked."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class Stale(Refusal):
    """The table in memory is behind the database (another process stored a move): reload and try
    again (:meth:`TableManager.reload`)."""


@dataclass
class LiveTable:
    """A table in memory: its state now, how it was made, its bots, lock and clock."""

    id: str
    state: State
    seed: int
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    version: int
    moves: list[tuple[int, str]]
    bots: dict[int, Bot]
    countdowns: Countdowns
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    clock: dict[str, Any] | None = None
    seen: float = field(default_factory=time.monotonic)
    moved: float = field(default_factory=time.monotonic)
    """when the last move was made (or the table was loaded)"""
    waiting: set[int] = field(default_factory=set)
    """Bot seats holding their "done" until the people at the table have decided."""
    chat: list[tuple[int | None, str]] | None = None
    """The table talk so far (read from the database when first needed)."""
    joined: set[int] = field(default_factory=set)
    """The moves (by index) that continue the choice their previous move began (sent together)."""

    def last_choice(self) -> int:
        """How many moves the last choice made: 1, or the steps of a choice sent together."""
        n = len(self.moves)
        k = 1
        while n - k in self.joined and k < n:
            k += 1
        return k

    @property
    def paused(self) -> bool:
        return bool(self.settings.get("paused"))

    @property
    def ended(self) -> bool:
        """Whether the facilitator ended the game before its end (its state stays as it stood)."""
        return bool(self.settings.get("ended"))

    @property
    def over(self) -> bool:
        """Whether the game is over: played to its end, or ended by the facilitator."""
        return self.ended or self.state.is_terminal()

    @property
    def chat_on(self) -> bool:
        """Whether the seats may talk at the table (the facilitator may switch it off)."""
        return bool(self.settings.get("chat", True))

    def people(self) -> list[int]:
        """The seats a person plays."""
        return [i for i, s in enumerate(self.seats) if s["kind"] != "bot"]

    def bot_to_move(self) -> int | None:
        if self.paused or self.over:
            return None
        for seat in self.state.active_seats():
            if seat in self.bots and seat not in self.waiting:
                return seat
        return None

    def running(self) -> bool:
        """Whether a bot or a clock runs for the table."""
        return any(task is not None and not task.done() for task in (self.bot_task, self.clock_task))


R = TypeVar("R")


@contextlib.contextmanager
def answered() -> Iterator[None]:
    """Turn a database that is locked, slow or unreachable into a 503 with the reason (the call gave
    up after the database's lock or statement timeout, or could not get a connection)."""
    try:
        yield
    except (OperationalError, SATimeoutError) as e:
        log.warning("the database did not answer: %s", str(getattr(e, "orig", None) or e).splitlines()[0])
        raise Refusal(503, _("the database is busy: try again in a moment")) from None


def new_token() -> str:
    """An unguessable link token (128 bits)."""
    return secrets.token_urlsafe(16)


class TableManager:
    """Creates tables, rebuilds them after a restart, applies moves, runs bots and clocks; tells the
    transport (``hub``) when a table changed."""

    def __init__(self, db: Database, settings: Settings | None = None, hub: Hub | None = None) -> None:
        self.db = db
        self.settings = settings or Settings()
        self.hub = hub or Hub(
            self.settings.max_clients_per_table,
            max_pages=self.settings.max_pages,
            pages_per_address=self.settings.pages_per_address,
            pages_per_seat=self.settings.pages_per_seat,
        )
        self.schedule = Schedule(self, self.settings)
        self.workers = self.schedule.workers
        self.live: dict[str, LiveTable] = {}
        self._db_pool = ThreadPoolExecutor(
            max_workers=self.settings.db_workers, thread_name_prefix="loopcity-db"
        )
        self._games: dict[str, Game] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.timelines = TimelineCache()
        most, window = self.CHAT_RATE
        self._talk = RateLimit(most * 60 / window, burst=most, keys=100_000)
        """each seat's table talk, kept here rather than with the table: a table that leaves memory
        and comes back does not start its writers afresh"""
        self._timeline_lock = asyncio.Lock()
        self._seed_secret: bytes | None = None
        self.processes: Alone = (
            Together(db.url, connect_seconds=self.settings.db_seconds) if db.postgres else Alone()
        )
        """the other processes on the database (PostgreSQL), or none (SQLite)"""
        db.announce_as(self.processes.origin)

    async def start(self) -> None:
        """Hear the other processes on the database and take over the tables no process runs."""
        await self.processes.start(self.heard, lambda: list(self.live), self._claimed, self._lost)

    # ----- creating and loading ---------------------------------------------------------------
    async def make(self, game_id: str, **kw: Any) -> dict[str, Any]:
        """:meth:`create` a table in a worker thread (setting a game up for the first time takes a
        while: other tables go on meanwhile), then load it, so that its bots start."""
        self._make_room()
        made: dict[str, Any] = await asyncio.to_thread(self.create, game_id, **kw)
        await self.get(made["id"])
        return made

    def create(
        self,
        game_id: str,
        players: int | None = None,
        variant: str | None = None,
        seats: list[dict[str, Any]] | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        moves: Sequence[tuple[int, str]] = (),
        typed_seed: int | None = None,
        settings: dict[str, Any] | None = None,
        content: str | None = None,
    ) -> dict[str, Any]:
        """Create a table; returns its id and the tokens: one per human seat, spectators, facilitator.

        Every value is checked before anything is saved: the game's options (only those it declares,
        within their bounds), the player count, the seats and the seed. ``typed_seed`` is a seed a
        person typed: the game's seed is derived from it with the server's secret (:meth:`seed_for`);
        ``seed`` is the game's own seed, as is (a what-if table starts from its parent's). ``moves``
        are moves the table starts with (already checked by the caller) and ``settings`` its first
        settings."""
        opts = self._options(game_id, options or {})
        if content is not None:
            opts["content"] = str(self.content_file(game_id, content))
        if players is not None:
            opts["players"] = players
        if variant:
            opts["variant"] = variant
        try:
            game = self._game(game_id, opts)
        except UnknownGame as e:
            raise Refusal(404, str(e)) from None
        except LoopcityError as e:  # a bad option, or a content file that fails its checks (the field named)
            raise Refusal(400, str(e)) from None
        seats = self._check_seats(game, seats)
        for given in (seed, typed_seed):
            if given is not None and (type(given) is not int or not 0 <= given < MAX_SEED):
                raise Refusal(400, _("the seed must be a whole number from 0"))
        if typed_seed is not None:
            seed = self.seed_for(typed_seed)
        seed = secret_seed() if seed is None else seed
        self._check_start(game, seed)
        table_id = secrets.token_hex(6)
        tokens: list[tuple[str, str, int | None]] = [
            (new_token(), "seat", i) for i, s in enumerate(seats) if s["kind"] == "human"
        ]
        tokens += [(new_token(), "spectator", None), (new_token(), "facilitator", None)]
        self.db.create_table(
            table_id, game.id, game.config(), seed, seats, dict(settings or {}), tokens, list(moves)
        )
        return {"id": table_id, "tokens": tokens, "seats": seats}

    def seed_for(self, typed: int) -> int:
        """The game's seed for a typed seed on this server (the secret is read from the database, and
        made there on first use)."""
        if self._seed_secret is None:
            self._seed_secret = self.db.secret(SEED_SECRET)
        return seed_from_typed(self._seed_secret, typed)

    def content_files(self, game_id: str) -> list[str]:
        """The names of the content files the operator serves for ``game_id`` (none without a folder)."""
        if not self.settings.content_dir:
            return []
        folder = Path(self.settings.content_dir) / game_id
        return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []

    def content_file(self, game_id: str, name: str) -> Path:
        """The operator's content file ``name`` for ``game_id``: only a name :meth:`content_files`
        lists, never a path a request makes up."""
        if name not in self.content_files(game_id):
            raise Refusal(400, _("no content file {name!r} is served for this game").format(name=name))
        assert self.settings.content_dir is not None
        return (Path(self.settings.content_dir) / game_id / f"{name}.toml").resolve()

    @staticmethod
    def _options(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
        """The game options a web request may set: only those the game declares with their values
        (choices or bounds); never a content file or content overrides."""
        try:
            spec = get_spec(game_id)
        except UnknownGame as e:
            raise Refusal(404, str(e)) from None
        out = {}
        for name, value in options.items():
            if value is None or value == "":
                continue
            if name in WEB_ONLY_REFUSED or name in ("players", "variant"):
                raise Refusal(400, _("option {name!r} cannot be set here").format(name=name))
            try:
                option = spec.option(name)
            except OptionError as e:
                raise Refusal(400, str(e)) from None
            if not option.bounded():
                raise Refusal(
                    400, _("option {name!r} declares no bounds, so it cannot be set here").format(name=name)
                )
            out[name] = value
        return out

    @staticmethod
    def _check_start(game: Game, seed: int) -> None:
        """Set the game up once before the table is saved, so that a table that cannot start is never
        stored."""
        try:
            game.new_state(seed)
        except LoopcityError as e:
            raise Refusal(400, str(e)) from None
        except Exception as e:
            log.exception("%s could not be set up with %s", game.id, game.config())
            raise Refusal(400, _("the game cannot be set up with these options: {e}").format(e=e)) from None

    def _check_seats(self, game: Game, seats: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
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

    def _make_room(self) -> None:
        """Refuse a new table (503) when the server holds its most tables and none can leave memory."""
        if len(self.live) < self.settings.max_live_tables:
            return
        for t in list(self.live.values()):
            self.release(t)
        if len(self.live) >= self.settings.max_live_tables:
            raise Refusal(503, _("the server is running its most tables at once: try again in a while"))

    async def get(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from the database by replay when not in memory."""
        t = self.live.get(table_id)
        if t is not None:
            t.seen = time.monotonic()
            return t
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                t = self.live.get(table_id)
                if t is None:
                    stored = await self.stored(self._load, table_id)
                    if stored is None:
                        raise Refusal(404, _("no such table"))
                    # a long game takes a while
                    t = await asyncio.to_thread(source_words().run, self._rebuild, stored)
                    self.live[table_id] = t
                    self.hub.follow(t)
                    await self.processes.claim([table_id])
                    self._kick(t)
        finally:
            self._loading.pop(table_id, None)
        return t

    def release(self, t: LiveTable) -> None:
        """Drop a table from memory when no page shows it and nothing runs for it (it is rebuilt from
        the database when next asked for)."""
        if self.live.get(t.id) is not t or t.lock.locked() or t.running():
            return
        if self.hub.watched(t.id) or self.hub.busy(t.id):
            return
        del self.live[t.id]
        self.processes.let_go(t.id)

    def _stop(self, t: LiveTable) -> None:
        """Stop a table's bots and clock and drop it from memory (they start again when it is next
        asked for)."""
        self.schedule.stop(t)
        if self.live.get(t.id) is t:
            del self.live[t.id]
            self.processes.let_go(t.id)

    def sweep(self, now: float | None = None, *, expire: bool = True) -> dict[str, int]:
        """Let tables leave memory: those no page shows, nothing runs for and nobody asked about since
        the last sweep, and those nobody has looked at for ``idle_minutes`` (their bots and clock
        stop, to start again when a link is opened); delete tables never started after
        ``unstarted_hours`` (with their links; played tables are kept; ``expire=False`` leaves that to
        :meth:`expire`, which does it off the server's loop). Returns how many of each."""
        now = time.monotonic() if now is None else now
        released = stopped = 0
        for t in list(self.live.values()):
            if self.hub.watched(t.id):
                t.seen = now
                continue
            idle = now - t.seen
            if idle > self.settings.idle_minutes * 60 and not t.lock.locked():
                self._stop(t)
                stopped += 1
            elif idle > self.settings.sweep_seconds:
                self.release(t)
                released += t.id not in self.live
        deleted = self.db.delete_unstarted(*self._expiry()) if expire else 0
        return {"released": released, "stopped": stopped, "deleted": deleted}

    def _expiry(self) -> tuple[datetime, set[str]]:
        return datetime.now(UTC) - timedelta(hours=self.settings.unstarted_hours), set(self.live)

    async def expire(self) -> int:
        """Delete the tables never started after ``unstarted_hours`` (in a database worker)."""
        return await self.stored(self.db.delete_unstarted, *self._expiry())

    def _game(self, game_id: str, options: dict[str, Any]) -> Game:
        """A configured game, shared by every table with the same options (content is loaded once)."""
        key = json.dumps([game_id, options], sort_keys=True, default=str)
        game = self._games.get(key)
        if game is None:
            game = load_game(game_id, **options)
            game.tongues = tuple(languages())  # each person reads the log in their own language
            if len(self._games) > 256:
                self._games.clear()
            self._games[key] = self._games[
                json.dumps([game_id, game.config()], sort_keys=True, default=str)
            ] = game
        return game

    def _load(self, table_id: str) -> StoredTable | None:
        """A table as stored, with its links read into memory (a database worker runs this)."""
        stored = self.db.load(table_id)
        if stored is not None:
            self.db.tokens(table_id)
        return stored

    def _replay(self, stored: StoredTable) -> State:
        """The table's state as stored: its moves replayed from the seed."""
        state = self._game(stored.game, stored.config).new_state(stored.seed)
        for seat, text in stored.moves:
            state.apply_recorded(seat, Action.parse(text))
        return state

    def _rebuild(self, stored: StoredTable) -> LiveTable:
        game = self._game(stored.game, stored.config)
        state = self._replay(stored)
        bots = {
            i: self.workers.make(s["bot"], game, i, subseed(stored.seed, "bots", stored.version))
            for i, s in enumerate(stored.seats)
            if s["kind"] == "bot"
        }
        countdowns = Countdowns(self._periods(game, stored.settings.get("clock_minutes")))
        countdowns.started = self._first_clocks(stored, state, countdowns)
        t = LiveTable(
            stored.id,
            state,
            stored.seed,
            stored.seats,
            stored.settings,
            stored.version,
            stored.moves,
            bots,
            countdowns,
        )
        t.chat = self.db.chat(t.id, self.CHAT_LINES)
        t.joined = set(stored.joined)
        return t

    def _first_clocks(self, stored: StoredTable, state: State, countdowns: Countdowns) -> dict[str, float]:
        """The countdowns of a table coming into memory: those stored, else (its first load) started
        now and stored, unless another process stored its own first (a database worker runs this)."""
        if stored.clocks is not None or not countdowns.periods:
            return dict(stored.clocks or {})
        if stored.settings.get("paused") or stored.settings.get("ended"):
            return {}
        fresh = Countdowns(countdowns.periods)
        fresh.update(state, time.time())
        with answered():
            kept = self.db.start_clocks(stored.id, stored.version, fresh.started)
        return fresh.started if kept is None else kept

    def _periods(self, game: Game, minutes: dict[str, float] | None = None) -> dict[str, float]:
        """Each wall clock's period in seconds at tables of ``game``; ``minutes`` are a table's own, by
        clock kind (a class sets them for its tables)."""
        return self.schedule.periods(game, minutes)

    async def new_seat_link(self, table_id: str, seat: int) -> None:
        """Give a seat a new link: the old one leads nowhere, and the pages opened with it are closed."""
        await self.stored(self.db.set_seat_token, table_id, seat, new_token())
        await self._close_gone(table_id)

    async def _close_gone(self, table_id: str) -> None:
        """Close the table's pages here whose seat link leads nowhere now (a link that moved to the
        table's next game is left alone: its page follows the game there)."""
        channel = self.hub.channels.get(table_id)
        if channel is None:
            return
        links = {
            token for token, role, _seat in await self.stored(self.db.tokens, table_id) if role == "seat"
        }
        gone = set()
        for token in {c.token for c in channel.clients if not c.watcher and c.token not in links}:
            if await self.stored(self.db.token, token) is None:
                gone.add(token)
        self.hub.drop_gone(table_id, gone)

    async def resolve(self, token: str) -> tuple[LiveTable, str, int | None]:
        """The table, role ('seat', 'spectator' or 'facilitator') and seat of a link token."""
        found = None
        if 0 < len(token) <= 64:
            found = self.db.known_token(token) or await self.stored(self.db.token, token)
        if found is None:
            raise Refusal(403, _("this link is not valid: ask the facilitator for your seat link"))
        table_id, role, seat = found
        return await self.get(table_id), role, seat

    async def timeline(self, t: LiveTable) -> Timeline:
        """The table's game replayed up to now (cached per table and version; built in a worker
        thread, so that a long game does not hold up the other tables)."""
        cached = self.timelines.peek(t.id, t.version)
        if cached is not None:
            return cached
        table_id, version, game, seed, moves = t.id, t.version, t.state.game, t.seed, list(t.moves)

        def build() -> Timeline:
            return self.timelines.get(table_id, version, game, seed, moves)

        async with self._timeline_lock:
            return await asyncio.to_thread(source_words().run, build)

    # ----- moves -----------------------------------------------------------------------------
    async def act(self, token: str, text: Any, expected_version: int | None = None) -> LiveTable:
        """Apply a seat's move: refused with a reason, or stored and then broadcast."""
        t, role, seat = await self.resolve(token)
        if role != "seat" or seat is None:
            raise Refusal(403, _("only a seat's own link can act for that seat"))
        return await self.act_as(t, seat, text, expected_version)

    async def act_as(
        self, t: LiveTable, seat: int, text: Any, expected_version: int | None = None, lang: str = "en"
    ) -> LiveTable:
        """Apply a move for ``seat`` of table ``t`` (the caller checked the seat's token); a refusal
        says why in ``lang``."""
        if self.live.get(t.id) is not t:  # reloaded after a conflict: use the current copy
            t = await self.get(t.id)
        texts = text if isinstance(text, list) else [text]
        if not texts:
            raise Refusal(400, _("a choice needs at least one action"))
        try:
            steps = [Action.from_json(x) for x in texts]
        except MalformedAction as e:
            raise Refusal(400, str(e)) from None
        async with t.lock:
            for tries in range(self.TRIES, 0, -1):
                try:
                    self._may_move(t, seat, expected_version)
                    with reading_in(lang, t.state.game.spec.id):
                        if len(steps) == 1:
                            await self.commit(t, seat, steps[0])
                        else:
                            await self.commit_choice(t, seat, steps)
                    break
                except Refusal as e:
                    # another process may have stored what makes the move right: reload and look again
                    if tries == 1 or e.status in (400, 503) or not self.processes.shared:
                        raise
                    if not await self.reload(t):
                        raise
        await self.after_move(t)
        return t

    TRIES = 8
    """How often a move is tried against a table reloaded from the database (several processes): each
    new try means another process stored a move meanwhile, so the table is busy, never stuck"""

    @staticmethod
    def _may_move(t: LiveTable, seat: int, expected_version: int | None) -> None:
        """Refuse a seat's move at a paused or ended table, for a seat a bot plays, or made on a
        version the table has left."""
        if t.paused:
            raise Refusal(423, _("the facilitator has paused the table: wait for play to resume"))
        if t.ended:
            raise Refusal(409, _("the facilitator has ended this game"))
        if t.seats[seat]["kind"] == "bot":
            raise Refusal(409, _("a bot plays this seat now: take the seat back first"))
        if expected_version is not None and expected_version != t.version:
            raise Refusal(
                409,
                _("the table has moved on (version {now}, you saw {seen}): look again and retry").format(
                    now=t.version, seen=expected_version
                ),
            )

    async def commit_choice(self, t: LiveTable, seat: int, steps: list[Action]) -> None:
        """The steps of one choice (a trade put together and offered), checked one after the other
        on one copy and stored together, or none of them: a step refused refuses the choice, saying
        which step and why (caller holds the lock)."""
        new = t.state.clone()
        for i, action in enumerate(steps):
            try:
                new.apply(seat, action)
            except (MalformedAction, IllegalAction) as e:
                status = 400 if isinstance(e, MalformedAction) else 422
                words = _("step {n} of {m} ({action}): {reason}")
                raise Refusal(status, words.format(n=i + 1, m=len(steps), action=action, reason=e)) from None
        texts = [str(a) for a in steps]
        clocks = self.schedule.starts(t, new)
        try:
            await self.stored(self.db.add_moves, t.id, t.version, seat, texts, new.is_terminal(), clocks)
        except VersionConflict:
            raise self._conflict(t) from None
        self._timed(t, clocks)
        t.state = new
        first = len(t.moves)
        t.moves.extend((seat, x) for x in texts)
        t.joined.difference_update(range(first, first + len(texts)))
        t.joined.update(range(first + 1, first + len(texts)))
        t.version += len(texts)
        t.seen = t.moved = time.monotonic()
        t.waiting.clear()

    def _check(self, t: LiveTable, seat: int, action: Action, clock: bool) -> tuple[State, int, str]:
        """The state after the move, checked on a copy, the seat it counts for and its text; Refusal
        when it is malformed or illegal now."""
        new = t.state.clone()
        try:
            if clock:
                seat = new.apply_clock(action)
            else:
                new.apply(seat, action)
        except MalformedAction as e:
            raise Refusal(400, str(e)) from None
        except IllegalAction as e:
            raise Refusal(422, str(e)) from None
        return new, seat, str(action)

    @staticmethod
    def _timed(t: LiveTable, clocks: dict[str, float] | None) -> None:
        """The table's countdowns as stored with its last change (None: it has no wall clock)."""
        if clocks is not None:
            t.countdowns.started = dict(clocks)

    def _stored(
        self, t: LiveTable, new: State, seat: int, text: str, clocks: dict[str, float] | None
    ) -> None:
        """The move is stored (with the countdowns ``clocks``): make it current."""
        self._timed(t, clocks)
        t.state = new
        t.version += 1
        t.joined.discard(len(t.moves))
        t.moves.append((seat, text))
        t.seen = t.moved = time.monotonic()
        t.waiting.clear()  # the table changed: a bot that waited looks again

    def _conflict(self, t: LiveTable) -> Refusal:
        """The database moved on since the table was read: with several processes the table is
        reloaded in place (:class:`Stale`); alone, it leaves memory and is rebuilt when next asked for."""
        if self.processes.shared:
            return Stale(409, _("the table was changed elsewhere: reload the page"))
        self.live.pop(t.id, None)
        return Refusal(409, _("the table was changed elsewhere: reload the page"))

    async def commit(self, t: LiveTable, seat: int, action: Action, clock: bool = False) -> None:
        """Check on a copy, write to the database (in a database worker: the server goes on
        meanwhile), then make it current (caller holds the lock). ``clock``: the table's clock plays
        it (a wall-clock action), not a seat. A database that does not answer in time: 503."""
        new, seat, text = self._check(t, seat, action, clock)
        clocks = self.schedule.starts(t, new)
        try:
            await self.stored(self.db.add_move, t.id, t.version, seat, text, new.is_terminal(), clocks)
        except VersionConflict:
            raise self._conflict(t) from None
        self._stored(t, new, seat, text, clocks)

    def _commit(self, t: LiveTable, seat: int, action: Action, clock: bool = False) -> None:
        """:meth:`commit` for callers that cannot wait: the database write runs on the calling thread
        (on the server's loop it holds up the server until the write is done or gives up, at most the
        database's lock timeout). Prefer ``await commit(...)``."""
        new, seat, text = self._check(t, seat, action, clock)
        clocks = self.schedule.starts(t, new)
        try:
            with answered():
                self.db.add_move(t.id, t.version, seat, text, new.is_terminal(), clocks)
        except VersionConflict:
            raise self._conflict(t) from None
        self._stored(t, new, seat, text, clocks)

    async def stored(self, call: Callable[..., R], *args: Any) -> R:
        """Run a database call in the database workers (never on the server's loop); a database that
        is locked, slow or gone answers 503 with the reason."""
        loop = asyncio.get_running_loop()
        with answered():
            return await loop.run_in_executor(self._db_pool, functools.partial(call, *args))

    async def undo(self, t: LiveTable, seat: int) -> LiveTable:
        """Take back ``seat``'s own last move when nobody moved since and it revealed nothing
        (``web/undo.py`` checks); stored with a version check, then broadcast like a move."""
        from . import undo

        if self.live.get(t.id) is not t:
            t = await self.get(t.id)
        async with t.lock:
            await self._fresh(t)
            if t.paused:
                raise Refusal(423, _("the facilitator has paused the table: wait for play to resume"))
            if t.ended:
                raise Refusal(409, _("the facilitator has ended this game"))
            state = await asyncio.to_thread(source_words().run, undo.previous, t, seat)
            taken, count = t.moves[-1], t.last_choice()
            clocks = self.schedule.starts(t, state)
            try:
                await self.stored(self.db.take_back, t.id, t.version, *taken, count, clocks)
            except VersionConflict:
                if self.processes.shared:
                    await self.reload(t)
                else:
                    self.live.pop(t.id, None)
                raise Refusal(409, _("the table was changed elsewhere: reload the page")) from None
            self._timed(t, clocks)
            t.state, t.moves = state, t.moves[:-count]
            t.joined.difference_update(range(len(t.moves), len(t.moves) + count))
            t.version += 1
            t.seen = time.monotonic()
            t.waiting.clear()
        await self.after_move(t)
        return t

    async def after_move(self, t: LiveTable) -> None:
        """Start bots and clocks, and return once every page has been sent this version (or newer)."""
        self._kick(t)
        await self.hub.publish(t, t.version)

    # ----- several processes on one database (web/processes.py) ---------------------------------
    async def _fresh(self, t: LiveTable) -> None:
        """With several processes, bring the table up to the database before changing its seats or
        settings (the caller holds its lock), so that nothing another process stored is written over."""
        if self.processes.shared:
            await self.reload(t)

    async def current(self, t: LiveTable) -> None:
        """With several processes, make sure the table in memory is the one stored (one query for its
        version; reloaded when another process stored a move that this one has not heard of yet), so
        that a request answered by this process right after a move made through another sees it."""
        if not self.processes.shared:
            return
        if await self.stored(self.db.version, t.id) != t.version:
            async with t.lock:
                await self.reload(t)

    async def reload(self, t: LiveTable, talk: bool = False) -> bool:
        """Bring the table in memory up to the database (the caller holds its lock): its seats,
        settings and moves, and with ``talk`` its table talk. True when anything changed: then its
        bots and clocks are started (by the process that runs them) and its pages here are sent it.

        Only the moves it lacks are read and played when every change since was a move (each stored
        change bumps the version by one: as many new moves as new versions means no undo came
        between); else the table is replayed from its seed."""
        known = len(t.moves)
        stored = await self.stored(self.db.load, t.id, known)
        if stored is None:
            return False
        changed = False
        if stored.seats != t.seats:
            with contextlib.suppress(Refusal):  # a bot this server does not have: the seats stay
                t.bots = self._bots_for(t, stored.seats)
                t.seats = [dict(s) for s in stored.seats]
                changed = True
        if stored.settings != t.settings:
            t.settings, changed = dict(stored.settings), True
        if stored.version != t.version:
            if stored.version > t.version and len(stored.moves) == stored.version - t.version:
                moves = t.moves + stored.moves
                state = await asyncio.to_thread(source_words().run, self._play_on, t.state, stored.moves)
                joined = t.joined | stored.joined
            else:
                whole = await self.stored(self.db.load, t.id)
                if whole is None:
                    return False
                stored, moves, joined = whole, whole.moves, set(whole.joined)
                state = await asyncio.to_thread(source_words().run, self._replay, whole)
            t.state, t.moves, t.version, t.joined = state, moves, stored.version, joined
            t.moved = time.monotonic()
            t.waiting.clear()
            changed = True
        if stored.clocks is not None and stored.clocks != t.countdowns.started:
            self._timed(t, stored.clocks)  # as the process that made the change started them
            changed = True
        if talk:
            t.chat = await self.stored(self.db.chat, t.id, self.CHAT_LINES)
            changed = True
        if changed:  # whoever reloads tells: the notice of this change, when it comes, is known already
            t.seen = time.monotonic()
            self._kick(t)
            await self.hub.publish(t, t.version, again=True)
        return changed

    @staticmethod
    def _play_on(state: State, moves: Sequence[tuple[int, str]]) -> State:
        new = state.clone()
        for seat, text in moves:
            new.apply_recorded(seat, Action.parse(text))
        return new

    def heard(self, notice: Notice | None) -> None:
        """Another process stored a change (``None``: changes may have been missed): a table in memory
        here is reloaded and its pages here are sent the new state."""
        if notice is not None and notice.what == "links":
            self.db.forget_links(notice.table)
            asyncio.get_running_loop().create_task(self._close_gone(notice.table))
        tables = list(self.live.values()) if notice is None else [self.live.get(notice.table)]
        loop = asyncio.get_running_loop()
        for t in tables:
            if t is None or (notice is not None and self._knows(t, notice)):
                continue
            loop.create_task(self._catch_up(t, notice))

    @staticmethod
    def _knows(t: LiveTable, notice: Notice) -> bool:
        return notice.what == "move" and notice.version is not None and notice.version <= t.version

    async def _catch_up(self, t: LiveTable, notice: Notice | None) -> None:
        try:
            async with t.lock:
                if self.live.get(t.id) is not t or (notice is not None and self._knows(t, notice)):
                    return
                if notice is not None and await self._play_heard(t, notice):
                    return
                await self.reload(t, talk=notice is None or notice.what == "talk")
        except Refusal as e:  # the database did not answer: the next notice or move tries again
            log.warning("table %s could not be reloaded: %s", t.id, e.reason)

    async def _play_heard(self, t: LiveTable, notice: Notice) -> bool:
        """Play on the moves a notice carries when the table here is just before them (the caller
        holds its lock): what another process stored, without reading it back from the database. False
        when the notice carries none or the table here is further behind (then it is reloaded)."""
        moves = notice.moves
        if notice.what != "move" or not moves or notice.version != t.version + len(moves):
            return False
        try:
            state = await asyncio.to_thread(source_words().run, self._play_on, t.state, moves)
        except LoopcityError:  # not what this process has: read the table as stored
            log.warning("table %s: the moves heard do not follow on here; reloading", t.id)
            return False
        first = len(t.moves)
        t.state, t.version = state, notice.version
        t.moves = t.moves + list(moves)
        t.joined.difference_update(range(first, first + len(moves)))
        if notice.joined:
            t.joined.update(range(first + 1, first + len(moves)))
        self._timed(t, notice.clocks)
        t.seen = t.moved = time.monotonic()
        t.waiting.clear()
        self._kick(t)
        await self.hub.publish(t, t.version, again=True)
        return True

    async def _claimed(self, table_ids: list[str]) -> None:
        """This process runs these tables' bots and clocks from now on (the process that did is gone,
        or let them go): bring each up to the database and start them."""
        for table_id in table_ids:
            t = self.live.get(table_id)
            if t is None:
                self.processes.let_go(table_id)
                continue
            log.info("table %s: this process runs its bots and clocks now", table_id)
            await self._catch_up(t, None)
            self._kick(t)

    async def _lost(self, table_ids: list[str]) -> None:
        """This process no longer holds these tables' locks: their bots and clocks stop here."""
        for table_id in table_ids:
            t = self.live.get(table_id)
            if t is not None:
                self.schedule.stop(t)
                self._kick(t)

    # ----- bots and clocks (web/schedule.py) ---------------------------------------------------
    def _kick(self, t: LiveTable) -> None:
        self.schedule.kick(t)

    def _clock(self, t: LiveTable) -> None:
        self.schedule.clock(t)

    # ----- table talk -----------------------------------------------------------------------------
    CHAT_LINES = 100
    CHAT_RATE = (8, 10.0)
    """At most 8 lines in 10 seconds from one seat."""

    def chat_lines(self, t: LiveTable) -> list[tuple[int | None, str]]:
        """The table's talk so far, oldest first (the last :attr:`CHAT_LINES` lines)."""
        if t.chat is None:
            t.chat = self.db.chat(t.id, self.CHAT_LINES)
        return t.chat

    async def say(self, t: LiveTable, seat: int | None, text: str) -> None:
        """A seat (or the facilitator, ``None``) writes a line of table talk; everyone at the table
        sees it. Refused when the facilitator has switched the talk off or the seat writes too fast."""
        line = " ".join(text.split())
        if not line:
            raise Refusal(400, _("write something to say"))
        if not t.chat_on:
            raise Refusal(409, _("the facilitator has switched table talk off"))
        most, window = self.CHAT_RATE
        too_fast = Refusal(429, _("slow down: at most {n} lines in {s:g} seconds").format(n=most, s=window))
        if self._talk.wait(f"{t.id}:{seat}") > 0:
            raise too_fast
        # several processes: the lines stored say how fast the seat writes (through any process)
        shared = self.CHAT_RATE if self.processes.shared else None
        try:
            await self.stored(self.db.add_chat, t.id, seat, line, CHAT_KEPT, shared)
        except TooFast:
            raise too_fast from None
        lines = self.chat_lines(t)
        lines.append((seat, line))
        del lines[: -self.CHAT_LINES]
        await self.hub.publish(t, t.version, again=True)

    async def switch_chat(self, t: LiveTable, on: bool) -> None:
        """The facilitator lets the seats talk, or not."""
        async with t.lock:
            await self._fresh(t)
            settings = {**t.settings, "chat": on}
            await self.stored(self.db.set_settings, t.id, settings)
            t.settings = settings
        await self.hub.publish(t, t.version, again=True)

    async def pause(self, t: LiveTable, paused: bool) -> None:
        """Pause or resume a table: while paused no one moves, bots wait and clocks stop (a clock starts
        its countdown again on resuming)."""
        async with t.lock:
            await self._fresh(t)
            settings = {**t.settings, "paused": paused}
            clocks = self.schedule.starts(t, t.state, settings)
            await self.stored(self.db.set_settings, t.id, settings, clocks)
            self._timed(t, clocks)
            t.settings = settings
        self._kick(t)
        await self.hub.publish(t, t.version, again=True)  # everyone is told, though no move was made

    # ----- stepping in -----------------------------------------------------------------------------
    async def rematch(self, old: LiveTable, settings: dict[str, Any], told: dict[str, Any]) -> LiveTable:
        """``old`` plays again: the same game, options, content, seats, bots and names, a new deal, with
        ``settings``. The seat links lead to the new game from now on, and the old table's pages are
        told (``told``, as ``next`` in their message) so that they follow."""
        config = dict(old.state.game.config())
        players = config.pop("players", None)
        variant = config.pop("variant", None)
        options = {k: v for k, v in config.items() if k not in ("content", "overrides")}
        content = Path(str(config["content"])).stem if config.get("content") else None
        seats = [dict(s) for s in old.seats]
        kinds = [{"kind": "bot", "bot": s["bot"]} if s["kind"] == "bot" else {"kind": "human"} for s in seats]
        try:
            made = await asyncio.to_thread(
                self.create,
                old.state.game.id,
                players=players,
                variant=variant,
                seats=kinds,
                options=options,
                settings=settings,
                content=content,
            )
        except OptionError as e:
            raise Refusal(400, str(e)) from None
        await self.stored(self.db.move_seat_tokens, old.id, made["id"])
        new = await self.get(made["id"])
        await self.update(new, seats=seats)
        await self.update(old, next=told)
        return new

    async def update(self, t: LiveTable, seats: list[dict[str, Any]] | None = None, **settings: Any) -> None:
        """Change who plays a table's seats (a person or a bot, and the names of the people there)
        and its settings, under the table's lock; store them, then start its bots and clocks and tell
        its pages. A seat handed to a bot keeps its link: the person takes over again when it is
        handed back."""
        async with t.lock:
            await self._fresh(t)
            if seats is not None:
                bots = self._bots_for(t, seats)
                await self.stored(self.db.set_seats, t.id, seats)
                t.seats, t.bots = [dict(s) for s in seats], bots
            if settings:
                changed = {**t.settings, **settings}
                clocks = self.schedule.starts(t, t.state, changed)
                await self.stored(self.db.set_settings, t.id, changed, clocks)
                self._timed(t, clocks)
                t.settings = changed
            t.waiting.clear()
        self._kick(t)
        await self.hub.publish(t, t.version, again=True)

    def _bots_for(self, t: LiveTable, seats: list[dict[str, Any]]) -> dict[int, Bot]:
        """The table's bots once ``seats`` sit there (a bot already there keeps its place)."""
        game = t.state.game
        bots = dict(t.bots)
        names = bot_names(game)
        for i, seat in enumerate(seats):
            if seat["kind"] == "bot":
                if seat.get("bot") not in names:
                    raise Refusal(
                        400,
                        _("no bot {bot!r}; bots: {names}").format(
                            bot=seat.get("bot"), names=", ".join(names)
                        ),
                    )
                if t.seats[i].get("kind") != "bot" or t.seats[i].get("bot") != seat["bot"]:
                    bots[i] = self.workers.make(seat["bot"], game, i, subseed(t.seed, "bots", t.version, i))
            else:
                bots.pop(i, None)
        return bots

    async def end_now(self, t: LiveTable) -> None:
        """The facilitator ends the game here: no one moves any more, bots and clocks stop, and the
        state stays as it stood (its record, replay and debrief go on working)."""
        if t.over:
            raise Refusal(409, _("this game is over already"))
        await self.update(t, ended={"by": "facilitator", "version": t.version})

    # ----- records and closing ---------------------------------------------------------------
    def record(self, t: LiveTable) -> dict[str, Any]:
        """The game record (with a state hash after every move), replayable with ``loopcity replay``."""
        game = t.state.game
        state = game.new_state(t.seed)
        rec = Record.start(state, t.seed)
        for seat, text in t.moves:
            action = Action.parse(text)
            state.apply_recorded(seat, action)
            rec.add(seat, action, state)
        return rec.to_json()

    async def close(self) -> None:
        await self.processes.close()
        for t in self.live.values():
            self.schedule.stop(t)
        self.live.clear()
        self.hub.close()
        self.schedule.close()
        self._db_pool.shutdown(wait=False, cancel_futures=True)
