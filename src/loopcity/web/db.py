"""Persistence: tables (game, options, seed, seats, version) and their moves, in SQLite or PostgreSQL.

The schema is created and upgraded by Alembic migrations (``loopcity/web/migrations``). A table is
rebuilt after a restart by replaying its moves from the seed, so the moves are the only game state
kept. Seeds are kept as decimal text in ``seed_text`` (a server-made seed has 128 random bits, more
than an integer column holds); tables made before that have theirs in ``seed``. Every accepted move is written in one transaction together with a version bump that only
succeeds when the stored version is the one the move was checked against.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sqlite3
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, cast

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

MIGRATIONS = Path(__file__).parent / "migrations"
DEFAULT_DB_DIR = Path("data")
TOKEN_CACHE = 20_000
"""Link tokens kept in memory (the most recently used)."""
CHAT_KEPT = 1000
"""Lines of table talk kept per table (older ones are deleted)."""
DB_SECONDS = 3.0
"""The longest a database call waits for a lock held elsewhere (statements: twice that)."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One game table: what game, with which options and seed, who sits where, how far it is."""

    __tablename__ = "game_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    seed_text: Mapped[str | None] = mapped_column(String(100), nullable=True)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    version: Mapped[int] = mapped_column(Integer, default=0)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    clocks: Mapped[dict[str, float] | None] = mapped_column(JSON, nullable=True)
    """the running countdowns: when each started (seconds since the epoch) by clock kind; written
    with every change that starts or stops one, so every process shows the same deadline (NULL: not
    set yet, see :meth:`Database.start_clocks`)"""


class TokenRow(Base):
    """A link token: a seat (0..n-1), the spectators (seat NULL, role 'spectator') or the facilitator."""

    __tablename__ = "tokens"
    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    role: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)


class MoveRow(Base):
    """The n-th accepted move of a table (n from 0): who made it and its text form."""

    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    joined: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """the move continues the choice its previous move began (steps sent together, undone together)"""


class ChatRow(Base):
    """A line of table talk: who wrote it (a seat, or the facilitator: NULL) and when."""

    __tablename__ = "chat_lines"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SecretRow(Base):
    """A secret of this server, made on its first start and kept with its tables (hex text)."""

    __tablename__ = "server_secrets"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


_T = cast(Table, TableRow.__table__)
_BUMP = (
    update(_T)
    .where(_T.c.id == bindparam("tid"), _T.c.version == bindparam("v"))
    .values(version=bindparam("nv"), finished=bindparam("fin"))
)
_BUMP_CLOCKS = _BUMP.values(clocks=bindparam("clocks", type_=JSON))
_ADD_MOVE = insert(cast(Table, MoveRow.__table__))
_NOTIFY = text("select pg_notify(:channel, :notice)")


@dataclass
class StoredTable:
    """A table as read back from the database."""

    id: str
    game: str
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    version: int
    moves: list[tuple[int, str]]
    joined: set[int] = field(default_factory=set)
    """the moves (by index) that continue the choice their previous move began"""
    clocks: dict[str, float] | None = None
    """the running countdowns' starts by clock kind (None: not set yet)"""


Clocks = dict[str, float] | None
"""A table's running countdowns to store with a change (when each started, seconds since the epoch,
by clock kind), or None to leave them as they are (a game without wall clocks)."""


def _bump(conn: Any, table_id: str, version: int, new: int, finished: bool, clocks: Clocks) -> None:
    """Move the table from ``version`` to ``new`` (with its countdowns), or raise VersionConflict."""
    values = {"tid": table_id, "v": version, "nv": new, "fin": finished}
    if clocks is None:
        done = conn.execute(_BUMP, values)
    else:
        done = conn.execute(_BUMP_CLOCKS, {**values, "clocks": dict(clocks)})
    if done.rowcount != 1:
        raise VersionConflict(table_id)


class VersionConflict(Exception):
    """The stored table moved on since the move was checked (another writer got there first)."""


class TooFast(Exception):
    """A seat wrote its most lines of table talk in the window already (:meth:`Database.add_chat`)."""


def default_url() -> str:
    """SQLite in ./data/loopcity.db (the folder is created)."""
    DEFAULT_DB_DIR.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(DEFAULT_DB_DIR / 'loopcity.db').resolve()}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def normalize_url(url: str) -> str:
    """A database URL from what a person typed: a file path (``classes.db``) is an SQLite file;
    ``postgresql://`` URLs use the psycopg 3 driver. Anything else must be a URL SQLAlchemy reads:
    :class:`ValueError` names what was wrong."""
    if "://" not in url:
        if not url.strip():
            raise ValueError(
                "the database is empty: give a file path or a URL such as postgresql://user@host/db"
            )
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    try:
        make_url(url)
    except ArgumentError:
        raise ValueError(
            f"{url!r} is not a database URL (e.g. postgresql://user@host/db) or a file path"
        ) from None
    return url


class DatabaseInUse(Exception):
    """Another server process already serves this SQLite file (``path``; it holds ``lock``)."""

    def __init__(self, path: Path, lock: Path) -> None:
        super().__init__(f"another server is using {path} (it holds {lock})")
        self.path, self.lock = path, lock


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL (None for another database or an in-memory one)."""
    url = normalize_url(url)
    if not url.startswith("sqlite"):
        return None
    path = url.split("///", 1)[-1]
    return Path(path) if path and path != ":memory:" else None


def lock_for_server(url: str) -> IO[bytes] | None:
    """Take the one-server lock of an SQLite database: an exclusive lock on ``<file>.lock`` beside it,
    held as long as the returned file stays open (until the process ends). A second server on the
    same file would serve pages that never see the first one's moves, so it is refused:
    :class:`DatabaseInUse` names the file. Other databases (PostgreSQL) take no lock here."""
    path = sqlite_path(url)
    if path is None:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = path.with_name(path.name + ".lock")
    handle = open(lock, "a+b")  # noqa: SIM115 (kept open: the lock lasts as long as the file is open)
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise DatabaseInUse(path, lock) from None
    return handle


def make_engine(url: str, seconds: float = DB_SECONDS) -> Engine:
    """An engine for ``url`` whose every call gives up rather than wait long: a lock held elsewhere
    is waited for at most ``seconds`` (SQLite's busy timeout; PostgreSQL's ``lock_timeout``), a
    statement runs at most twice that (PostgreSQL's ``statement_timeout``), a free connection of the
    pool is waited for at most ``seconds``. A call that gives up raises SQLAlchemy's
    ``OperationalError`` (or ``TimeoutError`` for the pool), which the web app answers with 503."""
    url = normalize_url(url)
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": seconds}, pool_timeout=seconds
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if url.startswith("postgresql+psycopg"):
        ms = max(1, int(seconds * 1000))
        options = f"-c lock_timeout={ms} -c statement_timeout={2 * ms}"
        return create_engine(
            url,
            pool_pre_ping=True,
            pool_timeout=seconds,
            connect_args={"options": options, "connect_timeout": max(1, round(seconds))},
        )
    return create_engine(url, pool_pre_ping=True, pool_timeout=seconds)


MIGRATION_LOCK = 0x4C6F6F7063697479
"""The PostgreSQL advisory lock held while the schema is upgraded ("Loopcity" in ASCII)."""


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration. On PostgreSQL, server processes started
    together upgrade one at a time (a transaction-level advisory lock): the first does the work, the
    others find the schema new."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("select pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def _now() -> datetime:
    return datetime.now(UTC)


class OneWriter:
    """SQLite lets one connection write at a time, and a second writer waits in SQLite's busy handler,
    which sleeps in steps of up to 100 ms: with the server's database workers writing at once, moves
    waited there for tens of milliseconds, some for most of a second. The writers of one process take
    turns at this lock instead, each starting as the one before commits; reads never wait for it. A
    writer that cannot have it within the database's lock timeout gives up as the database would
    (``OperationalError``: 503)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.lock = threading.Lock()

    @contextlib.contextmanager
    def __call__(self) -> Iterator[None]:
        if not self.lock.acquire(timeout=self.seconds):
            raise OperationalError("write", None, sqlite3.OperationalError("database is locked"))
        try:
            yield
        finally:
            self.lock.release()


class Database:
    """The tables and moves of the web app, behind a SQLAlchemy engine."""

    def __init__(self, url: str | None = None, seconds: float = DB_SECONDS) -> None:
        self.url = normalize_url(url or default_url())
        self.engine = make_engine(self.url, seconds)
        self.writing: Callable[[], contextlib.AbstractContextManager[None]] = (
            OneWriter(seconds) if self.url.startswith("sqlite") else contextlib.nullcontext
        )
        """Around each write transaction: on SQLite the process's writers take turns (:class:`OneWriter`)."""
        self._tokens: OrderedDict[str, tuple[str, str, int | None]] = OrderedDict()
        self._links: OrderedDict[str, list[tuple[str, str, int | None]]] = OrderedDict()
        self._origin: str | None = None
        upgrade(self.engine)

    @contextlib.contextmanager
    def written(self) -> Iterator[Session]:
        """A session in a write transaction, committed at the end of the block (on SQLite the
        process's writers take turns: :attr:`writing`)."""
        with self.writing(), Session(self.engine) as s, s.begin():
            yield s

    @property
    def postgres(self) -> bool:
        return self.url.startswith("postgresql")

    def announce_as(self, origin: str) -> None:
        """From now on announce every stored change of a table to the other server processes on this
        PostgreSQL database: a NOTIFY (``loopcity.web.processes``) sent in the change's own transaction,
        so it is heard when, and only if, the change is stored; ``origin`` names this process."""
        self._origin = origin if self.postgres else None

    def _announce(
        self,
        conn: Any,
        table_id: str,
        version: int | None,
        what: str,
        moves: Sequence[tuple[int, str]] | None = None,
        clocks: Clocks = None,
    ) -> None:
        """NOTIFY the other processes of the change (``moves``: the moves it stored, carried along
        with the countdowns ``clocks``, so that they need not read them back)."""
        if self._origin is None:
            return
        from .processes import CHANNEL, Notice

        carried = None if moves is None else tuple(moves)
        joined = carried is not None and len(carried) > 1
        notice = Notice(table_id, version, what, self._origin, carried, joined, clocks).text()
        conn.execute(_NOTIFY, {"channel": CHANNEL, "notice": notice})

    def forget_links(self, table_id: str) -> None:
        """Drop the table's links from memory (another process changed them): read again when asked."""
        self._links.pop(table_id, None)
        for token in [k for k, v in list(self._tokens.items()) if v[0] == table_id]:
            self._tokens.pop(token, None)

    def create_table(
        self,
        table_id: str,
        game: str,
        config: dict[str, Any],
        seed: int,
        seats: list[dict[str, Any]],
        settings: dict[str, Any],
        tokens: list[tuple[str, str, int | None]],
        moves: Sequence[tuple[int, str]] = (),
    ) -> None:
        """Store a new table with its link tokens; ``moves`` are moves it starts with (a what-if table
        starts with its parent's moves up to the step it continues from)."""
        with self.written() as s:
            s.add(
                TableRow(
                    id=table_id,
                    game=game,
                    config=json.loads(json.dumps(config)),
                    seed=0,
                    seed_text=str(seed),
                    seats=seats,
                    settings=settings,
                    version=len(moves),
                    finished=False,
                    created_at=_now(),
                )
            )
            s.flush()
            for token, role, seat in tokens:
                s.add(TokenRow(token=token, table_id=table_id, role=role, seat=seat))
            for n, (seat, action) in enumerate(moves):
                s.add(MoveRow(table_id=table_id, n=n, seat=seat, action=action, created_at=_now()))
        self._keep_links(table_id, list(tokens))

    def secret(self, name: str) -> bytes:
        """The server's secret ``name`` (32 random bytes), made and stored the first time it is asked
        for; a second process that made one at the same moment reads the one stored first."""
        with Session(self.engine) as s:
            row = s.get(SecretRow, name)
            if row is not None:
                return bytes.fromhex(row.value)
        with contextlib.suppress(IntegrityError), self.written() as s:
            s.add(SecretRow(name=name, value=secrets.token_hex(32)))
        with Session(self.engine) as s:
            row = s.get(SecretRow, name)
            assert row is not None
            return bytes.fromhex(row.value)

    def _keep_links(self, table_id: str, tokens: list[tuple[str, str, int | None]]) -> None:
        self._links[table_id] = tokens
        self._links.move_to_end(table_id)
        if len(self._links) > TOKEN_CACHE // 4:
            self._links.popitem(last=False)

    def token(self, token: str) -> tuple[str, str, int | None] | None:
        """(table id, role, seat) for a link token, or None (tokens never change, so the most recently
        used are cached)."""
        found = self._tokens.get(token)
        if found is None:
            with Session(self.engine) as s:
                row = s.get(TokenRow, token)
                if row is None:
                    return None
                found = self._tokens[token] = (row.table_id, row.role, row.seat)
                if len(self._tokens) > TOKEN_CACHE:
                    self._tokens.popitem(last=False)
        else:
            with contextlib.suppress(KeyError):  # another thread may have just let it go
                self._tokens.move_to_end(token)
        return found

    def known_token(self, token: str) -> tuple[str, str, int | None] | None:
        """:meth:`token` if it is in memory (no database call), else None."""
        return self._tokens.get(token)

    def tokens(self, table_id: str) -> list[tuple[str, str, int | None]]:
        """A table's links (kept in memory once read: they never change)."""
        found = self._links.get(table_id)
        if found is not None:
            return list(found)
        with Session(self.engine) as s:
            rows = s.scalars(select(TokenRow).where(TokenRow.table_id == table_id))
            found = [(r.token, r.role, r.seat) for r in rows]
        self._keep_links(table_id, found)
        return list(found)

    def load(self, table_id: str, after: int = 0) -> StoredTable | None:
        """The table as stored, with its moves from the ``after``-th on (0: all of them). Only the
        moves the row's version counts are read (a move stored meanwhile by another process waits for
        the next read), so the version and the moves always agree."""
        with Session(self.engine) as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            moves = s.execute(
                select(MoveRow.seat, MoveRow.action, MoveRow.joined)
                .where(MoveRow.table_id == table_id, MoveRow.n < row.version)
                .order_by(MoveRow.n)
                .offset(after or None)
            ).all()
            return StoredTable(
                row.id,
                row.game,
                dict(row.config),
                int(row.seed_text) if row.seed_text else row.seed,
                list(row.seats),
                dict(row.settings or {}),
                row.version,
                [(m.seat, m.action) for m in moves],
                {after + i for i, m in enumerate(moves) if m.joined},
                dict(row.clocks) if row.clocks is not None else None,
            )

    def version(self, table_id: str) -> int | None:
        """The table's stored version (None: no such table)."""
        with Session(self.engine) as s:
            return s.scalar(select(TableRow.version).where(TableRow.id == table_id))

    def start_clocks(self, table_id: str, version: int, clocks: dict[str, float]) -> dict[str, float] | None:
        """Set the countdowns of a table that has none stored yet (its first load) while it is at
        ``version``; returns those stored (another process's, when it got there first; None: the
        table moved on meanwhile or is gone)."""
        with self.writing(), self.engine.begin() as conn:
            conn.execute(
                update(_T)
                .where(_T.c.id == table_id, _T.c.version == version, _T.c.clocks.is_(None))
                .values(clocks=dict(clocks))
            )
            row = conn.execute(select(_T.c.clocks, _T.c.version).where(_T.c.id == table_id)).first()
        if row is None or row.version != version or row.clocks is None:
            return None
        return dict(row.clocks)

    def add_move(
        self, table_id: str, version: int, seat: int, action: str, finished: bool, clocks: Clocks = None
    ) -> None:
        """Store move number ``version`` and bump the table to ``version + 1`` (with its countdowns
        after the move), or raise VersionConflict."""
        with self.writing(), self.engine.begin() as conn:
            _bump(conn, table_id, version, version + 1, finished, clocks)
            conn.execute(
                _ADD_MOVE,
                {"table_id": table_id, "n": version, "seat": seat, "action": action, "created_at": _now()},
            )
            self._announce(conn, table_id, version + 1, "move", [(seat, action)], clocks)

    def add_moves(
        self,
        table_id: str,
        version: int,
        seat: int,
        actions: Sequence[str],
        finished: bool,
        clocks: Clocks = None,
    ) -> None:
        """Store the steps of one choice as moves ``version``, ``version + 1``, ... (all but the first
        ``joined`` to it) and bump the table past them in one transaction, or raise VersionConflict."""
        with self.writing(), self.engine.begin() as conn:
            nv = version + len(actions)
            _bump(conn, table_id, version, nv, finished, clocks)
            now = _now()
            conn.execute(
                _ADD_MOVE,
                [
                    {
                        "table_id": table_id,
                        "n": version + i,
                        "seat": seat,
                        "action": a,
                        "created_at": now,
                        "joined": i > 0,
                    }
                    for i, a in enumerate(actions)
                ],
            )
            self._announce(conn, table_id, nv, "move", [(seat, a) for a in actions], clocks)

    def take_back(
        self, table_id: str, version: int, seat: int, action: str, count: int = 1, clocks: Clocks = None
    ) -> None:
        """Delete the table's last ``count`` stored moves (the last of which must be ``seat``'s
        ``action``, all of them ``seat``'s) and bump the table from ``version`` to ``version + 1`` in
        one transaction, or raise VersionConflict. The version only ever grows, so every page takes
        the table as it is after the undo as the newest."""
        with self.writing(), self.engine.begin() as conn:
            _bump(conn, table_id, version, version + 1, False, clocks)
            last = conn.execute(
                select(MoveRow.n, MoveRow.seat, MoveRow.action)
                .where(MoveRow.table_id == table_id)
                .order_by(MoveRow.n.desc())
                .limit(count)
            ).all()
            if len(last) != count or (last[0].seat, last[0].action) != (seat, action):
                raise VersionConflict(table_id)  # rolls the bump back
            if any(m.seat != seat for m in last):
                raise VersionConflict(table_id)
            conn.execute(
                delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.n.in_([m.n for m in last]))
            )
            self._announce(conn, table_id, version + 1, "move")

    def add_chat(
        self,
        table_id: str,
        seat: int | None,
        text: str,
        keep: int = CHAT_KEPT,
        most: tuple[int, float] | None = None,
    ) -> None:
        """Keep a line of table talk with the table (its ``keep`` newest lines are kept: older ones
        go). ``most``: at most that many lines from this seat (None: the facilitator) in that many
        seconds, counted from the lines stored, so that every server process on the database holds
        the same limit; a line beyond it raises :class:`TooFast` and is not kept. On PostgreSQL the
        seat's writers wait for each other (a transaction advisory lock), so two processes cannot both
        take the last place."""
        with self.written() as s:
            now = _now()
            if most is not None:
                self._hold_to(s, table_id, seat, most, now)
            row = ChatRow(table_id=table_id, seat=seat, text=text, created_at=now)
            s.add(row)
            s.flush()
            self._announce(s, table_id, None, "talk")
            if row.id % 50 == 0:  # now and then: the table's lines beyond the newest ``keep`` go
                oldest = s.scalar(
                    select(ChatRow.id)
                    .where(ChatRow.table_id == table_id)
                    .order_by(ChatRow.id.desc())
                    .offset(keep)
                    .limit(1)
                )
                if oldest is not None:
                    s.execute(delete(ChatRow).where(ChatRow.table_id == table_id, ChatRow.id <= oldest))

    def _hold_to(
        self, s: Session, table_id: str, seat: int | None, most: tuple[int, float], now: datetime
    ) -> None:
        lines, seconds = most
        if self.postgres:
            key = f"loopcity-talk:{table_id}:{seat}"
            s.execute(text("select pg_advisory_xact_lock(hashtextextended(:k, 0))"), {"k": key})
        who = ChatRow.seat.is_(None) if seat is None else ChatRow.seat == seat
        recent = s.scalars(
            select(ChatRow.created_at)
            .where(ChatRow.table_id == table_id, who)
            .order_by(ChatRow.id.desc())
            .limit(lines)
        ).all()
        if len(recent) < lines:
            return
        oldest = recent[-1] if recent[-1].tzinfo is not None else recent[-1].replace(tzinfo=UTC)
        if (now - oldest).total_seconds() < seconds:
            raise TooFast(table_id)

    def chat(self, table_id: str, last: int = 100) -> list[tuple[int | None, str]]:
        """The table's last ``last`` lines of talk, oldest first: (seat or None, text)."""
        with Session(self.engine) as s:
            rows = s.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc()).limit(last)
            )
            return [(r.seat, r.text) for r in reversed(list(rows))]

    def set_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        """Store who plays a table's seats (a person or a bot; the names of the people there)."""
        with self.written() as s:
            row = s.get(TableRow, table_id)
            if row is not None:
                row.seats = [dict(seat) for seat in seats]
                self._announce(s, table_id, row.version, "seats")

    def set_seat_token(self, table_id: str, seat: int, token: str) -> None:
        """Give a seat the link ``token`` (an old one stops working), e.g. once the seat is freed."""
        with self.written() as s:
            rows = s.scalars(
                select(TokenRow).where(
                    TokenRow.table_id == table_id, TokenRow.role == "seat", TokenRow.seat == seat
                )
            )
            for row in rows:
                self._tokens.pop(row.token, None)
                s.delete(row)
            s.add(TokenRow(token=token, table_id=table_id, role="seat", seat=seat))
            self._announce(s, table_id, None, "links")
        self._links.pop(table_id, None)

    def move_seat_tokens(self, from_table: str, to_table: str) -> None:
        """The seat links of ``from_table`` lead to the same seats of ``to_table`` from now on (a
        rematch: the same people at the same seats, a new game)."""
        with self.written() as s:
            s.execute(delete(TokenRow).where(TokenRow.table_id == to_table, TokenRow.role == "seat"))
            rows = s.scalars(select(TokenRow).where(TokenRow.table_id == from_table, TokenRow.role == "seat"))
            for row in rows:
                row.table_id = to_table
                self._tokens.pop(row.token, None)
            self._announce(s, from_table, None, "links")
            self._announce(s, to_table, None, "links")
        self._links.pop(from_table, None)
        self._links.pop(to_table, None)

    def set_settings(self, table_id: str, settings: dict[str, Any], clocks: Clocks = None) -> None:
        """Store a table's settings (e.g. ``paused``), with its countdowns when given."""
        with self.written() as s:
            row = s.get(TableRow, table_id)
            if row is not None:
                row.settings = dict(settings)
                if clocks is not None:
                    row.clocks = dict(clocks)
                self._announce(s, table_id, row.version, "settings")

    def delete_unstarted(self, before: datetime, keep: Collection[str] = ()) -> int:
        """Delete the tables made before ``before`` that never had a move (with their links), except
        those in ``keep``; returns how many."""
        with self.written() as s:
            ids = [
                i
                for i in s.scalars(
                    select(TableRow.id).where(TableRow.version == 0, TableRow.created_at < before)
                )
                if i not in keep
            ]
            for chunk in range(0, len(ids), 500):
                part = ids[chunk : chunk + 500]
                s.execute(delete(TokenRow).where(TokenRow.table_id.in_(part)))
                s.execute(delete(ChatRow).where(ChatRow.table_id.in_(part)))
                s.execute(delete(MoveRow).where(MoveRow.table_id.in_(part)))
                s.execute(delete(TableRow).where(TableRow.id.in_(part)))
        if ids:
            gone = set(ids)
            for token in [k for k, v in self._tokens.items() if v[0] in gone]:
                del self._tokens[token]
            for table_id in gone & set(self._links):
                del self._links[table_id]
        return len(ids)

    def list_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        with Session(self.engine) as s:
            rows = s.scalars(select(TableRow).order_by(TableRow.created_at.desc()).limit(limit))
            return [{"id": r.id, "game": r.game, "version": r.version, "finished": r.finished} for r in rows]

    def dispose(self) -> None:
        self.engine.dispose()
