"""Several server processes on one PostgreSQL database: what they tell each other, and which of them
runs a table's bots and clocks.

A school runs several ``loopcity serve`` processes over one PostgreSQL database behind a reverse proxy
(docs/deploying.md). Each process keeps the tables its pages show in memory and sends its own pages;
two things make the processes one server:

* **Notices.** Every change a process stores (a move, an undo, seats, settings, a line of table talk,
  new links) is announced with PostgreSQL's ``NOTIFY`` in the same transaction
  (:meth:`~loopcity.web.db.Database.announce_as`), so it is heard exactly when it is stored. Every
  process ``LISTEN``\\ s through psycopg's own notification support (:class:`Together`); a notice names
  the table, its version and what changed, and a process that holds the table in memory reloads it
  from the database and sends its own pages the new state
  (:meth:`~loopcity.web.tables.TableManager.heard`). A move's notice carries the move itself (and the
  table's countdowns): a process one version behind plays it on without reading the database.
* **Leases.** A table's bots and clocks run in the one process that holds the table's PostgreSQL
  advisory lock, taken on a connection kept for that. PostgreSQL lets go of a session's locks when its
  connection ends, so when that process dies (even by SIGKILL) another process that has the table in
  memory takes the lock at its next claim, every :data:`CLAIM_SECONDS`, and the table's bots and
  clocks go on there. The lease only saves work: two processes can never both store a move for the
  same version (the database's version check refuses the second). A countdown's start is stored with
  the table (:meth:`~loopcity.web.schedule.Schedule.starts`), so the process that takes over rings it
  at the deadline every process showed.

With SQLite there is one process (``serve`` refuses a second on the same file): :class:`Alone` owns
every table and hears nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("loopcity.web")

CHANNEL = "loopcity_tables"
"""The PostgreSQL notification channel every process listens on."""
CLAIM_SECONDS = 1.0
"""How often a process tries to take over the tables in its memory that no process runs."""
RETRY_SECONDS = 1.0
"""How long a process waits before it connects again after losing its listening connection."""


NOTICE_BYTES = 7900
"""The longest notice sent with its moves (PostgreSQL's limit is 8000 bytes): a longer one goes without
them, and whoever hears it reads the moves from the database."""


@dataclass(frozen=True)
class Notice:
    """A change stored by a process: the table, its version after the change (None: unknown), what
    changed ('move', 'seats', 'settings', 'talk', 'links') and which process stored it. A move's notice
    may carry the moves stored (``moves``: seat and text, the last ``len(moves)`` of the version;
    ``joined``: the steps of one choice) and the table's countdowns after them (``clocks``)."""

    table: str
    version: int | None
    what: str
    origin: str = ""
    moves: tuple[tuple[int, str], ...] | None = None
    joined: bool = False
    clocks: dict[str, float] | None = None

    def text(self) -> str:
        data: dict[str, Any] = {"t": self.table, "v": self.version, "k": self.what, "o": self.origin}
        if self.moves is not None:
            data["m"] = [list(m) for m in self.moves]
            if self.joined:
                data["j"] = 1
            if self.clocks is not None:
                data["c"] = self.clocks
            whole = json.dumps(data)
            if len(whole.encode()) <= NOTICE_BYTES:
                return whole
            del data["m"]
            data.pop("j", None)
            data.pop("c", None)
        return json.dumps(data)

    @classmethod
    def read(cls, text: str) -> Notice | None:
        try:
            data = json.loads(text)
            version = data.get("v")
            moves = data.get("m")
            clocks = data.get("c")
            return cls(
                str(data["t"]),
                int(version) if version is not None else None,
                str(data["k"]),
                data["o"],
                None if moves is None else tuple((int(seat), str(move)) for seat, move in moves),
                bool(data.get("j")),
                None if clocks is None else {str(k): float(v) for k, v in clocks.items()},
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            log.warning("an unreadable notice on %s: %.80r", CHANNEL, text)
            return None


def lock_key(table_id: str) -> int:
    """The table's advisory lock: a signed 64-bit number from its id (two tables sharing one is as
    likely as two random 64-bit numbers being equal)."""
    digest = hashlib.sha256(b"loopcity-table\x00" + table_id.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def conninfo(url: str) -> str:
    """A libpq connection string for psycopg from the app's SQLAlchemy URL
    (``postgresql+psycopg://...``)."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


Heard = Callable[[Notice | None], None]
"""Told of each notice from another process (None: the listening connection was made again, so
notices may have been missed)."""
Wanted = Callable[[], Iterable[str]]
"""The tables this process would run (those in its memory)."""
Changed = Callable[[list[str]], Awaitable[None]]
"""Told of tables this process now runs (claimed) or no longer runs (lost)."""


class Alone:
    """One process on its database (SQLite): it runs every table and hears from no other process."""

    shared = False
    origin = ""

    def owns(self, table_id: str) -> bool:
        return True

    async def start(self, heard: Heard, wanted: Wanted, claimed: Changed, lost: Changed) -> None:
        return None

    async def claim(self, table_ids: Iterable[str]) -> list[str]:
        return list(table_ids)

    def let_go(self, table_id: str) -> None:
        return None

    @contextlib.asynccontextmanager
    async def alone_with(self, name: str) -> AsyncIterator[None]:
        """Hold ``name`` against every other process (a class's seating while a student joins): alone
        on the database, nothing to do."""
        yield

    async def close(self) -> None:
        return None


class Together(Alone):
    """One of several processes on a PostgreSQL database at ``url``: listens for the others' notices
    and holds the advisory locks of the tables it runs (each on a connection of its own, made with
    psycopg's asyncio support so that the server's loop never waits for them)."""

    shared = True

    def __init__(
        self, url: str, *, claim_seconds: float = CLAIM_SECONDS, connect_seconds: float = 3.0
    ) -> None:
        self.url = conninfo(url)
        self.origin = secrets.token_hex(6)
        self.claim_seconds = claim_seconds
        self.connect_seconds = connect_seconds
        self.held: set[str] = set()
        self._locks: object | None = None  # psycopg.AsyncConnection holding the advisory locks
        self._one_at_a_time = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()
        """set while the listening connection is up (tests and the health of the process)"""

    def owns(self, table_id: str) -> bool:
        return table_id in self.held

    async def _connect(self):  # noqa: ANN202 (psycopg.AsyncConnection)
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, connect_timeout=max(1, round(self.connect_seconds))
        )

    async def start(self, heard: Heard, wanted: Wanted, claimed: Changed, lost: Changed) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen(heard)),
            loop.create_task(self._claiming(wanted, claimed, lost)),
        ]

    async def _listen(self, heard: Heard) -> None:
        """LISTEN on :data:`CHANNEL` and hand every other process's notice to ``heard``; connect again
        after a lost connection (then ``heard(None)``: notices may have been missed meanwhile)."""
        first = True
        while True:
            try:
                conn = await self._connect()
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:
                        heard(None)
                    first = False
                    async for note in conn.notifies():
                        notice = Notice.read(note.payload)
                        if notice is not None and notice.origin != self.origin:
                            heard(notice)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self.listening.clear()
                log.warning("not hearing the other processes (%s): trying again", str(e).splitlines()[0])
                first = False
                await asyncio.sleep(RETRY_SECONDS)

    async def claim(self, table_ids: Iterable[str]) -> list[str]:
        """Take the advisory locks of those of ``table_ids`` that no process holds; returns the tables
        this process runs from now on. A failing lock connection loses every lock it held
        (:meth:`_lost`)."""
        wanted = [i for i in dict.fromkeys(table_ids) if i not in self.held]
        if not wanted:
            return []
        keys = [lock_key(i) for i in wanted]
        async with self._one_at_a_time:
            try:
                conn = await self._lock_connection()
                cur = await conn.execute(
                    "select k, pg_try_advisory_lock(k) from unnest(%s::bigint[]) as k", (keys,)
                )
                got = {k for k, taken in await cur.fetchall() if taken}
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("the tables' locks cannot be taken (%s)", str(e).splitlines()[0])
                await self._drop_lock_connection()
                return []
        won = [i for i, k in zip(wanted, keys, strict=True) if k in got]
        self.held.update(won)
        return won

    async def _lock_connection(self):  # noqa: ANN202
        conn = self._locks
        if conn is None or getattr(conn, "closed", True):
            self.held.clear()  # a new connection holds no lock
            conn = self._locks = await self._connect()
        return conn

    async def _drop_lock_connection(self) -> list[str]:
        """The lock connection failed: its locks are gone (PostgreSQL let go of them)."""
        lost = sorted(self.held)
        self.held.clear()
        conn, self._locks = self._locks, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.close()  # type: ignore[attr-defined]
        return lost

    async def _alive(self) -> list[str]:
        """Check the lock connection; the tables whose locks were lost with it."""
        if not self.held:
            return []
        async with self._one_at_a_time:
            try:
                conn = await self._lock_connection()
                await conn.execute("select 1")
                return []
            except asyncio.CancelledError:
                raise
            except Exception:
                return await self._drop_lock_connection()

    async def _claiming(self, wanted: Wanted, claimed: Changed, lost: Changed) -> None:
        while True:
            await asyncio.sleep(self.claim_seconds)
            try:
                gone = await self._alive()
                if gone:
                    log.warning("lost the locks of %d tables: other processes may take them over", len(gone))
                    await lost(gone)
                won = await self.claim(wanted())
                if won:
                    await claimed(won)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("taking over tables failed")

    @contextlib.asynccontextmanager
    async def alone_with(self, name: str) -> AsyncIterator[None]:
        """Hold the advisory lock ``name`` against every other process for a moment (a class's
        seating while a student joins), on a connection of its own; waits at most the connection's
        lock timeout (then :class:`psycopg.errors.LockNotAvailable`, answered 503)."""
        import psycopg

        conn = await psycopg.AsyncConnection.connect(
            self.url,
            autocommit=True,
            connect_timeout=max(1, round(self.connect_seconds)),
            options=f"-c lock_timeout={max(1, int(self.connect_seconds * 1000))}",
        )
        async with conn:
            await conn.execute("select pg_advisory_lock(%s::bigint)", (lock_key(name),))
            yield  # closing the connection lets go of the lock

    def let_go(self, table_id: str) -> None:
        """This process no longer runs the table (it left memory): its lock goes, so that another
        process that shows it may take it over."""
        if table_id not in self.held:
            return
        self.held.discard(table_id)
        with contextlib.suppress(RuntimeError):  # no running loop: the connection's end lets go
            asyncio.get_running_loop().create_task(self._unlock(table_id))

    async def _unlock(self, table_id: str) -> None:
        async with self._one_at_a_time:
            conn = self._locks
            if conn is None:
                return
            with contextlib.suppress(Exception):
                await conn.execute("select pg_advisory_unlock(%s::bigint)", (lock_key(table_id),))  # type: ignore[attr-defined]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        async with self._one_at_a_time:
            await self._drop_lock_connection()
