"""A class: a teacher's tables under one facilitator link, a join code, and the students at the seats.

The :class:`ClassRoom` keeps the class's own facts (tables, code, students and their names, the
class-wide settings) and does what a teacher does to a class: hand out seats (by code, or by placing
a student), pause and resume every table, announce, switch table talk, hand a seat to a bot and
back, free or move a student, end a game or the whole class, and start a rematch. The tables of a
class are ordinary tables (:class:`~loopcity.web.tables.TableManager`): everything a table does keeps
working at a class's table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import math
import secrets
import time
import unicodedata
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import psycopg

from ..bots import bot_names
from ..engine import get_spec
from ..engine.errors import UnknownGame
from ..engine.text import LANGUAGE
from .classstore import ClassStore, StoredClass, Student
from .i18n import _
from .tables import LiveTable, Refusal, TableManager, new_token

R = TypeVar("R")
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
"""A join code's letters: none that reads like another (no I/l/1, O/0/Q, S/5, Z/2, B/8, G/6)."""
CODE_LENGTH = 6
MAX_TABLES = 40
MAX_NAME = 40
WALL_CLOCK = time.time() - time.monotonic()
"""The wall clock's time at the monotonic clock's zero, read once: a table's last move (kept on the
monotonic clock) is given to the pages as the same wall-clock second at every refresh, so a part that
did not change reads the same (read afresh each time, the two clocks' reads a summary apart could
round it a second either way, and the part was sent and drawn again)."""

IDLE_SECONDS = 120.0
"""A seat whose person has had the move this long without moving is shown as idle."""
NEW_PHONE_SECONDS = 600.0
"""How long a student the teacher let in on another phone may join again by their name."""


def student_id(key: str) -> str:
    """The id a teacher sees for a student (their key stays the student's browser's secret)."""
    return hashlib.sha256(key.encode()).hexdigest()[:12]


def new_code() -> str:
    """A join code: six letters of :data:`CODE_ALPHABET` (about 2^27 codes; guessing is rate-limited)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(text: str) -> str:
    """A typed code as stored: upper case, no spaces or dashes, look-alikes read as the letter meant."""
    text = "".join(ch for ch in text.upper() if ch.isalnum())
    return text.translate(str.maketrans("0OQ1IL", "DDDTTT"))[:16]


def clean_name(text: str) -> str:
    """A student's name as shown: one line, no control characters, at most :data:`MAX_NAME` long."""
    name = " ".join("".join(ch for ch in text if unicodedata.category(ch)[0] != "C").split())
    if not name:
        raise Refusal(400, _("write your name"))
    if len(name) > MAX_NAME:
        raise Refusal(400, _("a name may be at most {n} characters").format(n=MAX_NAME))
    return name


@dataclass
class TablePlan:
    """One table of a new class: its game, variant, players and options."""

    game: str
    players: int
    variant: str | None = None
    options: dict[str, Any] | None = None
    content: str | None = None
    """one of the operator's content files for the game, by name"""


class ClassRoom:
    """Every class of the server: made, found by link or code, and run (see the module docstring)."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.store = ClassStore(manager.db)
        self._locks: dict[str, asyncio.Lock] = {}

    async def _db(self, call: Callable[..., R], *args: Any) -> R:
        """A database call in the server's database workers (never on its loop)."""
        return await self.manager.stored(call, *args)

    @contextlib.asynccontextmanager
    async def _lock(self, class_id: str) -> AsyncIterator[None]:
        """The class to itself while its seating changes: in this process, and with several processes
        on one PostgreSQL database in all of them (two students joining through two processes at once
        never get one seat)."""
        async with self._locks.setdefault(class_id, asyncio.Lock()):
            try:
                async with self.manager.processes.alone_with(f"class:{class_id}"):
                    yield
            except psycopg.OperationalError:  # the lock or its connection was not had in time
                raise Refusal(503, _("the database is busy: try again in a moment")) from None

    # ----- making a class ------------------------------------------------------------------------
    async def create(
        self,
        plans: list[TablePlan],
        *,
        per_seat: int = 1,
        bots: str | None = None,
        fill_bot: str | None = None,
        clocks: dict[str, float] | None = None,
        chat: bool = True,
        title: str = "",
    ) -> StoredClass:
        """A class of tables, one per plan. ``bots``: every seat of every table is that bot from the
        start (a teacher's trial run); else every seat waits for a student. ``fill_bot``: the bot
        that takes the seats nobody took when the teacher starts the games. ``clocks``: minutes by
        clock kind for every table (a game option when the game's clock reads one)."""
        if not 1 <= len(plans) <= MAX_TABLES:
            raise Refusal(400, _("a class has 1 to {n} tables").format(n=MAX_TABLES))
        if per_seat not in (1, 2, 3):
            raise Refusal(400, _("one to three students may share a seat"))
        self.manager._make_room()
        class_id = secrets.token_hex(6)
        made: dict[int, str] = {}
        for n, plan in enumerate(plans, start=1):
            options, minutes = self._clock_options(plan, clocks or {})
            seats: list[dict[str, Any]] = [
                {"kind": "bot", "bot": bots} if bots else {"kind": "human"} for _ in range(plan.players)
            ]
            for seat in seats:
                if bots:
                    seat["person"] = False
            settings = {"class": class_id, "n": n, "chat": chat, "clock_minutes": minutes}
            table = await asyncio.to_thread(
                self.manager.create,
                plan.game,
                players=plan.players,
                variant=plan.variant,
                seats=seats,
                options=options,
                settings=settings,
                content=plan.content,
            )
            for i in range(plan.players):  # every seat has a link, so a bot's seat can go to a person
                await self._db(self.manager.db.set_seat_token, table["id"], i, new_token())
            made[n] = table["id"]
        code = await asyncio.to_thread(self._free_code)
        settings = {
            "title": title[:80],
            "per_seat": per_seat,
            "fill_bot": fill_bot,
            "paused": False,
            "chat": chat,
            "clocks": clocks or {},
            "announcement": None,
            "earlier": [],
        }
        token = new_token()
        await self._db(self.store.create, class_id, token, code, settings, made)
        for table_id in made.values():
            await self.manager.get(table_id)  # loaded, so that bots of a trial run start
        found = await self._db(self.store.by_id, class_id)
        assert found is not None
        return found

    def _free_code(self) -> str:
        for _attempt in range(50):
            code = new_code()
            if not self.store.code_taken(code):
                return code
        raise Refusal(503, _("no join code is free: try again"))

    @staticmethod
    def _clock_options(plan: TablePlan, clocks: dict[str, float]) -> tuple[dict[str, Any], dict[str, float]]:
        """A class's clock minutes for one table: the game options of clocks that read one, and the
        table's own minutes for the others (by clock kind)."""
        try:
            spec = get_spec(plan.game)
        except UnknownGame as e:
            raise Refusal(404, str(e)) from None
        options = dict(plan.options or {})
        minutes: dict[str, float] = {}
        for kind, clock in spec.action_space.clocks.items():
            value = clocks.get(kind)
            if value is None:
                continue
            if not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value <= 120:
                raise Refusal(400, _("a clock runs 0 to 120 minutes"))
            if clock.option is not None:
                whole = spec.option(clock.option).kind == "int"
                if whole and not float(value).is_integer():
                    raise Refusal(400, _("this clock runs in whole minutes"))
                options[clock.option] = int(value) if whole else value
            else:
                minutes[kind] = float(value)
        return options, minutes

    # ----- finding a class -----------------------------------------------------------------------
    async def by_token(self, token: str) -> StoredClass:
        found = await self._db(self.store.by_token, token) if 0 < len(token) <= 64 else None
        if found is None:
            raise Refusal(403, _("this class link is not valid"))
        return found

    async def by_code(self, code: str) -> StoredClass:
        found = await self._db(self.store.by_code, clean_code(code)) if code else None
        if found is None or found.ended:
            raise Refusal(404, _("no class has this code: check it with your teacher"))
        return found

    async def tables(self, cls: StoredClass) -> dict[int, LiveTable]:
        return {n: await self.manager.get(table_id) for n, table_id in cls.tables.items()}

    # ----- students ------------------------------------------------------------------------------
    async def join(
        self, code: str, name: str, key: str | None = None, table: int | None = None, seat: int | None = None
    ) -> tuple[StoredClass, Student]:
        """A student joins by code and name and is given a free seat (the table and seat asked for
        when free, e.g. from a printed slip); ``key`` is what their browser kept from an earlier
        join: the same student comes back to the same seat. Nobody takes a seat someone holds."""
        cls = await self.by_code(code)
        name = clean_name(name)
        async with self._lock(cls.id):
            students = await self._db(self.store.students, cls.id)
            if key:
                for s in students:
                    if s.key == key:
                        return cls, s
            same = next((s for s in students if s.name.casefold() == name.casefold()), None)
            if same is not None:
                waits = self.new_phones(cls)
                if student_id(same.key) not in waits:
                    raise Refusal(
                        409,
                        _(
                            "someone in this class has joined as {name} already: open the page on the phone "
                            "you joined with, ask your teacher for a new phone, or choose another name"
                        ).format(name=name),
                    )
                del waits[student_id(same.key)]  # the new phone is this one: the name lets nobody else in
                await self._settings(cls, new_phone=waits)
                return cls, same
            live = await self.tables(cls)
            place = self._free_seat(cls, live, students, table, seat)
            student = Student(secrets.token_urlsafe(24), name, *place) if place else None
            if student is None:
                student = Student(secrets.token_urlsafe(24), name, None, None)
            await self._db(self.store.add_student, cls.id, student)
            if student.table_n is not None and student.seat is not None:
                await self._take_over(live[student.table_n], student.seat)
                await self._name_seats(cls, live[student.table_n])
        return cls, student

    def _free_seat(
        self,
        cls: StoredClass,
        live: dict[int, LiveTable],
        students: list[Student],
        table: int | None,
        seat: int | None,
    ) -> tuple[int, int] | None:
        """The seat a joining student gets: the one asked for when it has room, else the first seat
        with room at the table with the fewest free places that still has one (tables fill up and
        start), else None (the teacher places them). A seat a bot keeps for a person nobody is (the
        teacher started the games before everyone came) has room for one."""
        per_seat = int(cls.settings.get("per_seat", 1))
        taken: dict[tuple[int, int], int] = {}
        for s in students:
            if s.table_n is not None and s.seat is not None:
                taken[(s.table_n, s.seat)] = taken.get((s.table_n, s.seat), 0) + 1

        def room(n: int, i: int) -> bool:
            t, held = live[n], taken.get((n, i), 0)
            if t.over:
                return False
            if t.seats[i]["kind"] == "human":
                return held < per_seat
            return bool(t.seats[i].get("person")) and held == 0  # a bot keeps it for whoever comes

        if table is not None and seat is not None and table in live and 0 <= seat < len(live[table].seats):
            if room(table, seat):
                return table, seat
        order = sorted(
            live, key=lambda n: (sum(room(n, i) for i in range(len(live[n].seats))) or math.inf, n)
        )
        if table is not None and table in live:
            order = [table, *[n for n in order if n != table]]
        for n in order:
            for i in range(len(live[n].seats)):
                if room(n, i):
                    return n, i
        return None

    async def _take_over(self, t: LiveTable, seat: int) -> None:
        """A student seated where a bot kept the seat for a person: the seat is theirs from the next move."""
        if t.seats[seat]["kind"] == "bot" and t.seats[seat].get("person") and not t.over:
            await self.seat_back(t, seat)

    async def _name_seats(self, cls: StoredClass, t: LiveTable) -> None:
        """Write the names of the students at each seat of ``t`` into its seats (shown at the table, in
        its log, replay and debrief)."""
        n = t.settings.get("n")
        names: dict[int, list[str]] = {}
        for s in await self._db(self.store.students, cls.id):
            if s.table_n == n and s.seat is not None:
                names.setdefault(s.seat, []).append(s.name)
        seats = []
        for i, seat in enumerate(t.seats):
            entry = {k: v for k, v in seat.items() if k != "names"}
            if names.get(i):
                entry["names"] = names[i]
            seats.append(entry)
        if seats != t.seats:
            await self.manager.update(t, seats=seats)

    async def student(self, key: str) -> tuple[StoredClass, Student] | None:
        found = await self._db(self.store.student, key) if key and len(key) <= 64 else None
        if found is None:
            return None
        cls = await self._db(self.store.by_id, found[0])
        return (cls, found[1]) if cls is not None else None

    async def seat_token(self, cls: StoredClass, student: Student) -> str | None:
        """The link token of the seat a student holds now (None: no seat)."""
        if student.table_n is None or student.seat is None or student.table_n not in cls.tables:
            return None
        for token, role, seat in await self._db(self.manager.db.tokens, cls.tables[student.table_n]):
            if role == "seat" and seat == student.seat:
                return token
        return None

    async def seat_of(self, cls: StoredClass, token: str) -> tuple[LiveTable, int]:
        """The class's table and seat of a seat's link token (refused when it is another class's)."""
        t, role, seat = await self.manager.resolve(token)
        if role != "seat" or seat is None or t.id not in cls.tables.values():
            raise Refusal(404, _("this seat is not at a table of this class"))
        return t, seat

    async def place(self, cls: StoredClass, key: str, table: int | None, seat: int | None) -> None:
        """The teacher seats a student at ``table``/``seat`` (None: takes their seat away, so it is free
        for someone else; their page waits for a new one)."""
        async with self._lock(cls.id):
            students = {s.key: s for s in await self._db(self.store.students, cls.id)}
            student = students.get(key)
            if student is None:
                raise Refusal(404, _("no such student in this class"))
            live = await self.tables(cls)
            if table is not None:
                if table not in live or seat is None or not 0 <= seat < len(live[table].seats):
                    raise Refusal(400, _("no such seat in this class"))
                others = [s for s in students.values() if s.key != key]
                if self._free_seat(cls, live, others, table, seat) != (table, seat):
                    raise Refusal(409, _("this seat has no room: free it first"))
            old = student.table_n, student.seat
            await self._db(self.store.place, key, table, seat)
            if old[0] is not None and old[1] is not None and old != (table, seat):
                # the old seat's link no longer leads there: nobody takes a seat with a link kept from before
                await self.manager.new_seat_link(cls.tables[old[0]], old[1])
            if table is not None and seat is not None:
                await self._take_over(live[table], seat)
            for n in {old[0], table} - {None}:
                assert n is not None
                await self._name_seats(cls, live[n])

    @staticmethod
    def new_phones(cls: StoredClass) -> dict[str, float]:
        """The students (by id) the teacher let in on another phone, and until when."""
        now = time.time()
        return {k: v for k, v in cls.settings.get("new_phone", {}).items() if v > now}

    async def new_phone(self, cls: StoredClass, key: str) -> tuple[str, float]:
        """The teacher lets a student in on another phone (a flat battery, a lost phone): the phone they
        joined with no longer leads to their seat, nor does its link, and for ``NEW_PHONE_SECONDS`` their
        name with the class's code brings the next phone to it. Returns the student's new id and until
        when."""
        async with self._lock(cls.id):
            students = await self._db(self.store.students, cls.id)
            student = next((s for s in students if s.key == key), None)
            if student is None:
                raise Refusal(404, _("no such student in this class"))
            fresh = secrets.token_urlsafe(24)
            await self._db(self.store.rekey, key, fresh)
            place = student.table_n, student.seat
            alone = not any(o.key != key and (o.table_n, o.seat) == place for o in students)
            if place[0] in cls.tables and place[1] is not None and alone:
                await self.manager.new_seat_link(cls.tables[place[0]], place[1])
            waits = self.new_phones(cls)
            waits.pop(student_id(key), None)
            until = waits[student_id(fresh)] = time.time() + NEW_PHONE_SECONDS
            await self._settings(cls, new_phone=waits)
        return student_id(fresh), until

    async def remove(self, cls: StoredClass, key: str) -> None:
        """A student leaves the class (their seat is free again)."""
        await self.place(cls, key, None, None)
        await self._db(self.store.remove_student, key)

    # ----- class-wide ----------------------------------------------------------------------------
    async def _settings(self, cls: StoredClass, **values: Any) -> None:
        cls.settings = {**cls.settings, **values}
        await self._db(self.store.set_settings, cls.id, cls.settings)

    async def pause(self, cls: StoredClass, paused: bool) -> None:
        """Pause or resume every table of the class."""
        await self._settings(cls, paused=paused)
        for t in (await self.tables(cls)).values():
            await self.manager.update(t, paused=paused)

    async def announce(self, cls: StoredClass, text: str) -> dict[str, Any] | None:
        """Show ``text`` on every page of every table (an empty text takes the announcement down)."""
        line = " ".join(text.split())[:300]
        news = {"text": line, "id": secrets.token_hex(4), "at": time.time()} if line else None
        await self._settings(cls, announcement=news)
        for t in (await self.tables(cls)).values():
            await self.manager.update(t, announcement=news)
        return news

    async def lesson(self, cls: StoredClass, minutes: int) -> float | None:
        """Set the lesson's clock: it ends ``minutes`` from now (0 takes the clock down). The dashboard,
        the wall and the big screen count down to it; nothing stops when it rings (the teacher ends)."""
        ends = round(time.time() + 60 * minutes) if minutes > 0 else None
        await self._settings(cls, lesson_ends=ends)
        return ends

    async def chat(self, cls: StoredClass, on: bool) -> None:
        """Table talk on or off at every table."""
        await self._settings(cls, chat=on)
        for t in (await self.tables(cls)).values():
            await self.manager.update(t, chat=on)

    async def fill(self, cls: StoredClass, bot: str | None = None) -> int:
        """Bots take every seat nobody has taken (the teacher starts the games); returns how many."""
        students = await self._db(self.store.students, cls.id)
        held = {(s.table_n, s.seat) for s in students if s.seat is not None}
        count = 0
        for n, t in (await self.tables(cls)).items():
            if t.over:
                continue
            name = bot or cls.settings.get("fill_bot") or self.default_bot(t)
            seats = [dict(s) for s in t.seats]
            for i, seat in enumerate(seats):
                if seat["kind"] == "human" and (n, i) not in held:
                    seats[i] = {"kind": "bot", "bot": name, "person": True}
                    count += 1
            if seats != t.seats:
                await self.manager.update(t, seats=seats)
        return count

    @staticmethod
    def default_bot(t: LiveTable) -> str:
        names = bot_names(t.state.game)
        return "heuristic" if "heuristic" in names else names[0]

    async def seat_to_bot(self, cls: StoredClass, token: str, bot: str | None) -> LiveTable:
        """A bot plays the seat for now (an absent student, a phone gone flat); the seat's link keeps
        working, and the seat goes back to its person with :meth:`seat_back`."""
        t, seat = await self.seat_of(cls, token)
        if t.over:
            raise Refusal(409, _("this game is over already"))
        seats = [dict(s) for s in t.seats]
        seats[seat] = {**seats[seat], "kind": "bot", "bot": bot or self.default_bot(t), "person": True}
        await self.manager.update(t, seats=seats)
        return t

    async def seat_back(self, t: LiveTable, seat: int) -> None:
        """A seat a bot played goes back to its person."""
        entry = t.seats[seat]
        if entry["kind"] != "bot" or entry.get("person") is False:
            raise Refusal(409, _("a person plays this seat already"))
        seats = [dict(s) for s in t.seats]
        seats[seat] = {k: v for k, v in entry.items() if k not in ("bot", "person")} | {"kind": "human"}
        await self.manager.update(t, seats=seats)

    async def end_game(self, cls: StoredClass, t: LiveTable) -> None:
        await self.manager.end_now(t)

    async def end(self, cls: StoredClass) -> None:
        """The class ends: every game still going is ended, and the join code stops working."""
        for t in (await self.tables(cls)).values():
            if not t.over:
                await self.manager.end_now(t)
        await self._db(self.store.end, cls.id)

    async def rematch(self, cls: StoredClass, n: int) -> LiveTable:
        """Table ``n`` plays again: the same game and options, the same seats, bots and students, a
        new deal. The old table's pages are sent to the new game."""
        async with self._lock(cls.id):
            if n not in cls.tables:
                raise Refusal(404, _("no such table in this class"))
            old = await self.manager.get(cls.tables[n])
            settings = {k: v for k, v in old.settings.items() if k in ("class", "n", "chat", "clock_minutes")}
            settings.update(
                paused=bool(cls.settings.get("paused")), announcement=cls.settings.get("announcement")
            )
            new = await self.manager.rematch(old, settings, told={"table": n})
            await self._db(self.store.set_table, cls.id, n, new.id)
            earlier = [*cls.settings.get("earlier", []), {"n": n, "table": old.id}]
            await self._settings(cls, earlier=earlier)
            cls.tables[n] = new.id
            return new


# ----- what the teacher sees -------------------------------------------------------------------------
def status_word(status: str) -> str:
    words = {
        "waiting": _("waiting for students"),
        "playing": _("playing"),
        "stalled": _("stalled"),
        "paused": _("paused"),
        "finished": _("finished"),
        "ended": _("ended by the teacher"),
    }
    return words.get(status, status)


def figures(t: LiveTable, most: int = 4, shown: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """A table's key figures now (the game's own measures of how it goes), named in words, but for
    those ``shown`` elsewhere (the round, beside the table's state)."""
    metrics = t.state.game.spec.metrics
    if metrics is None:
        return []
    try:
        values = {str(k): float(v) for k, v in metrics(t.state).items()}
    except Exception:
        return []
    from ..debrief.report import metric_labels

    labels = metric_labels(t.state.game, list(values))
    return [  # a count reads as one ("Fuel 23", not "23.0")
        {"key": k, "label": labels.get(k, k), "value": int(v) if v.is_integer() else round(v, 2)}
        for k, v in [kv for kv in values.items() if kv[0] not in shown][:most]
    ]


def round_word(game: Any) -> str:
    """The game's own word for its round, in the reader's language (SUSTAIN's is a year)."""
    from ..debrief.report import metric_labels

    return metric_labels(game, ["round"]).get("round") or _("Round")


def table_summary(manager: TableManager, n: int, t: LiveTable, now: float | None = None) -> dict[str, Any]:
    """One table as the dashboard and the wall show it: game, where it stands, whose turn and for how
    long, each seat (who sits there, a bot or a person, connected, idle), its status and outcome
    (read from the spectator's message, which the table's pages and the wall share)."""
    now = time.monotonic() if now is None else now
    state = t.state
    game = state.game
    watched = manager.hub.watching(t, LANGUAGE.get())
    view = watched["view"]
    active = [] if t.over else list(state.active_seats())
    since = max(0.0, now - t.moved)
    connected = manager.hub.seats_connected(t.id)
    seats = []
    for i, s in enumerate(t.seats):
        person = s["kind"] == "human"
        seats.append(
            {
                "seat": i,
                "role": state.seat_name(i),
                "kind": s["kind"],
                "bot": s.get("bot"),
                "handed": s["kind"] == "bot" and bool(s.get("person")),
                "names": list(s.get("names") or []),
                "connected": i in connected,
                "active": i in active,
                "idle": person and i in active and since > IDLE_SECONDS,
            }
        )
    people = [s for s in seats if s["kind"] == "human"]
    if t.ended:
        status = "ended"
    elif state.is_terminal():
        status = "finished"
    elif t.paused:
        status = "paused"
    elif t.version == 0 and any(not s["names"] for s in people):
        status = "waiting"
    elif any(s["active"] and (not s["connected"] or s["idle"]) for s in people):
        status = "stalled"
    else:
        status = "playing"
    outcome = None
    if t.over:
        ended = state.outcome() if state.is_terminal() else None
        outcome = {
            "team_won": ended.team_won if ended is not None else None,
            "ending": state.ending() if ended is not None else _("The teacher ended the game here."),
        }
    clock = None
    if t.clock:
        rule = game.clocks.get(t.clock["kind"])
        clock = {
            "deadline": t.clock["deadline"],
            "counts": _(rule.counts) if rule is not None and rule.counts else _("Clock"),
        }
    return {
        "n": n,
        "id": t.id,
        "game": game.id,
        "title": game.spec.title,
        "variant": game.variant,
        "round": view.get("round"),
        "round_word": round_word(game),
        "version": t.version,
        "prompt": watched["prompt"] if not t.over else "",
        "since": round(since),
        "moved_at": round(WALL_CLOCK + t.moved),
        "seats": seats,
        "status": status,
        "status_words": status_word(status),
        "paused": t.paused,
        "chat": t.chat_on,
        "talk": [{"seat": s, "text": text} for s, text in manager.chat_lines(t)[-3:]],
        "outcome": outcome,
        "clock": clock,
        "figures": figures(t, shown=("round",) if view.get("round") is not None else ()),
    }
