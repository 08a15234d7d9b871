"""A class: its JSON API (create, join, dashboard, class-wide controls, stepping in) and its pages (the
class form, the teacher's dashboard, the projector's wall and big screen, printable slips, the
student's join page and seat).

Every class operation takes the class's facilitator token as its one path parameter; an operation on
one seat names the seat in the body by that seat's link token.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import math
import re
import time
from typing import Annotated, Any

import segno
from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from ...bots import bot_names
from ...debrief.classroom import STYLE as CLASS_DEBRIEF_STYLE
from ...debrief.classroom import ClassDebrief, ClassTable
from ...debrief.classroom import build as build_class_debrief
from ...engine import get_spec, list_games
from ...engine.errors import UnknownGame
from .. import i18n
from ..classes import ClassRoom, TablePlan, student_id, table_summary
from ..classstore import StoredClass, Student
from ..guard import RateLimit
from ..i18n import _
from ..links import CreationLimit, HeavyLimit, Manager, Token, client_key, public_base
from ..pages import Pages, howto, pages_of, script_data
from ..schemas import (
    LESSON_MINUTES,
    REFUSALS,
    AnnounceIn,
    ChatSwitchIn,
    ClassIn,
    EndGameIn,
    FillIn,
    JoinIn,
    LessonIn,
    PauseIn,
    PlaceIn,
    SeatBotIn,
    SeatRefIn,
    StudentIn,
    TableNumberIn,
)
from ..tables import LiveTable, Refusal
from ..transport import payload_of
from .pages import read_form
from .review import seat_names, table_status

router = APIRouter(tags=["class"], responses=REFUSALS)
PagesDep = Annotated[Pages, Depends(pages_of)]
STUDENT_COOKIE = "loopcity_student"
MAX_STUDENTS = 400


def room_of(request: Request) -> ClassRoom:
    room: ClassRoom = request.app.state.classroom
    return room


Room = Annotated[ClassRoom, Depends(room_of)]


async def class_link(token: Token, room: Room) -> StoredClass:
    return await room.by_token(token)


ClassLink = Annotated[StoredClass, Depends(class_link)]


def _plans(body: ClassIn) -> list[TablePlan]:
    if body.table_games:
        return [
            TablePlan(p.game, _players(p.game, p.players), p.variant, dict(p.options), p.content)
            for p in body.table_games
        ]
    if body.game is None:
        raise Refusal(400, _("name a game: {games}").format(games=", ".join(s.id for s in list_games())))
    players = _players(body.game, body.players)
    tables = body.tables
    if tables is None:
        tables = math.ceil((body.students or players) / (players * body.per_seat))
    if tables > 40:
        raise Refusal(400, _("a class has 1 to {n} tables").format(n=40))
    return [
        TablePlan(body.game, players, body.variant, dict(body.options), body.content) for _n in range(tables)
    ]


def _players(game_id: str, players: int | None) -> int:
    try:
        spec = get_spec(game_id)
    except UnknownGame as e:
        raise Refusal(404, str(e)) from None
    n = players or spec.default_players or spec.min_players
    if not spec.min_players <= n <= spec.max_players:
        raise Refusal(
            400,
            _("{title} is for {low}-{high} players").format(
                title=spec.title, low=spec.min_players, high=spec.max_players
            ),
        )
    return n


def _check_bot(plans: list[TablePlan], bot: str | None) -> None:
    if bot is None:
        return
    for plan in plans:
        names = bot_names(get_spec(plan.game))
        if bot not in names:
            raise Refusal(400, _("no bot {bot!r}; bots: {names}").format(bot=bot, names=", ".join(names)))


def links_of(request: Request, cls: StoredClass) -> dict[str, str]:
    base = public_base(request)
    return {
        "url": f"{base}/class/{cls.token}",
        "join_url": f"{base}/join?code={cls.code}" if cls.code else "",
        "wall_url": f"{base}/class/{cls.token}/wall",
        "debrief_url": f"{base}/class/{cls.token}/debrief",
    }


async def dashboard_data(
    request: Request, room: ClassRoom, cls: StoredClass, tokens: bool = True
) -> dict[str, Any]:
    """The class as its teacher sees it now (the dashboard's JSON); ``tokens``: with each seat's link
    (the dashboard's buttons act on it; the wall has none)."""
    manager = room.manager
    live = await room.tables(cls)
    tables = [table_summary(manager, n, t) for n, t in live.items()]
    links: dict[tuple[int, int], str] = {}
    for n, t in live.items() if tokens else ():
        for token, role, seat in await manager.stored(manager.db.tokens, t.id):
            if role == "seat" and seat is not None:
                links[(n, seat)] = token
    for table in tables:
        for seat in table["seats"]:
            seat["token"] = links.get((table["n"], seat["seat"]))
    waits, now = room.new_phones(cls), time.time()
    students = []
    for s in await manager.stored(room.store.students, cls.id):
        sid = student_id(s.key)
        until = waits.get(sid)  # let in on another phone: the whole minutes left to join again by name
        new_phone = math.ceil((until - now) / 60) if until is not None else None
        students.append(
            {"id": sid, "name": s.name, "table": s.table_n, "seat": s.seat, "new_phone": new_phone}
        )
    return {
        "id": cls.id,
        "title": cls.settings.get("title") or "",
        "join_code": cls.code,
        "ended": cls.ended,
        "paused": bool(cls.settings.get("paused")),
        "chat": bool(cls.settings.get("chat", True)),
        "announcement": cls.settings.get("announcement"),
        "lesson": lesson_clock(cls.settings.get("lesson_ends")),
        "per_seat": cls.settings.get("per_seat", 1),
        **links_of(request, cls),
        "tables": tables,
        "students": students,
        "waiting": [s for s in students if s["table"] is None],
    }


def lesson_clock(ends: float | None) -> dict[str, Any] | None:
    """The lesson's clock as the pages show it: when it ends (epoch seconds, which the pages count down
    to by the second) and the whole minutes left now (what the page says before its script runs, and
    all that changes in the part from one refresh to the next)."""
    if ends is None:
        return None
    left = round(ends - time.time())  # whole seconds, as the pages count them
    return {"ends": ends, "minutes": max(0, math.ceil(left / 60))}


def seat_lists(c: dict[str, Any]) -> dict[str, Any]:
    """The dashboard's lists of seats to place a student at, each seat's option written once: a waiting
    student's (``free``: every seat, with who sits there) and each seated student's (``other``: every
    seat but their own, by ``"table:seat"``)."""
    places = []
    end = Markup("</option>")
    for table in c["tables"]:
        for seat in table["seats"]:
            if seat["kind"] == "human" or seat["handed"]:  # a person's seat, or one a bot keeps for now
                value = f"{table['n']}:{seat['seat']}"
                label = _("Table {n}").format(n=table["n"]) + " · " + seat["role"]
                option = Markup('<option value="{}">{}').format(value, label)
                who = seat["names"] or (
                    [_("bot: {name}").format(name=i18n.bot_word(seat["bot"]))] if seat["handed"] else []
                )
                names = f" ({', '.join(who)})" if who else ""
                places.append((value, option + end, option + names + end))
    here = {f"{s['table']}:{s['seat']}" for s in c["students"]}
    return {
        "free": Markup("").join(named for _v, _o, named in places),
        "other": {p: Markup("").join(o for v, o, _n in places if v != p) for p in here},
    }


# ----- the JSON API -----------------------------------------------------------------------------------
@router.post("/api/classes", status_code=201, dependencies=[CreationLimit], operation_id="create_class")
async def create_class(body: ClassIn, request: Request, room: Room) -> dict[str, Any]:
    """Create a class of tables: 201 with the teacher's link (``token``), the ``join_code`` and the
    tables. ``bots`` puts that bot in every seat from the start (a trial run)."""
    plans = _plans(body)
    _check_bot(plans, body.bots)
    _check_bot(plans, body.fill_bot)
    cls = await room.create(
        plans,
        per_seat=body.per_seat,
        bots=body.bots,
        fill_bot=body.fill_bot,
        clocks=dict(body.clocks),
        chat=body.chat,
        title=body.title,
    )
    return {
        "id": cls.id,
        "token": cls.token,
        "join_code": cls.code,
        **links_of(request, cls),
        "tables": [{"n": n, "id": table_id} for n, table_id in cls.tables.items()],
    }


def _join_limit(request: Request) -> RateLimit:
    limits: dict[str, RateLimit] = request.app.state.limits
    return limits.setdefault("join", RateLimit(20, burst=10))


async def joined(request: Request, room: ClassRoom, body: JoinIn) -> tuple[StoredClass, Student]:
    """A join, with guessing of codes held back: each address may miss a code ten times at once and
    then once every three seconds."""
    limit = _join_limit(request)
    key = request.cookies.get(STUDENT_COOKIE)
    try:
        cls = await room.by_code(body.code)
    except Refusal:
        wait = limit.wait(client_key(request))
        if wait > 0:
            raise Refusal(
                429,
                _("too many wrong codes from your address: try again in {s} seconds").format(s=int(wait) + 1),
            ) from None
        raise
    if len(await room._db(room.store.students, cls.id)) >= MAX_STUDENTS:
        raise Refusal(409, _("this class is full"))
    return await room.join(body.code, body.name, key, body.table, body.seat)


async def _seat_answer(
    request: Request, room: ClassRoom, cls: StoredClass, student: Student
) -> dict[str, Any]:
    token = await room.seat_token(cls, student)
    role = None
    if token is not None and student.table_n is not None and student.seat is not None:
        t = room.manager.live.get(cls.tables[student.table_n])
        role = t.state.seat_name(student.seat) if t is not None else None
    return {
        "token": token,
        "student": student.key,
        "name": student.name,
        "table": student.table_n,
        "seat": student.seat,
        "role": role,
        "url": f"{public_base(request)}/me",
        "waiting": token is None,
    }


def _keep_student(response: Response, request: Request, key: str) -> None:
    response.set_cookie(
        STUDENT_COOKIE,
        key,
        max_age=12 * 3600,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


@router.post("/api/join", operation_id="join_class")
async def join_class(body: JoinIn, request: Request, response: Response, room: Room) -> dict[str, Any]:
    """A student joins a class by its code and their name: the seat's ``token`` (null while no seat is
    free: the teacher places them), and the ``student`` key their browser keeps (also set as a
    cookie) to come back to the same seat."""
    cls, student = await joined(request, room, body)
    _keep_student(response, request, student.key)
    return await _seat_answer(request, room, cls, student)


@router.get("/api/classes/{token}", operation_id="class_dashboard")
async def class_dashboard(cls: ClassLink, request: Request, room: Room) -> dict[str, Any]:
    """Every table of the class now: game, round, whose turn and for how long, each seat's students,
    bots, connected and idle seats, status (waiting, playing, stalled, paused, finished, ended) and
    outcome; the students and who waits for a seat."""
    return await dashboard_data(request, room, cls)


@router.post("/api/classes/{token}/pause", operation_id="pause_class")
async def pause_class(body: PauseIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """Pause (``{"paused": true}``) or resume every table of the class."""
    await room.pause(cls, body.paused)
    return {"paused": body.paused}


@router.post("/api/classes/{token}/announce", operation_id="announce_class")
async def announce_class(body: AnnounceIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """Show a line on every phone and page of the class (an empty text takes it down)."""
    return {"announcement": await room.announce(cls, body.text)}


@router.post("/api/classes/{token}/chat", operation_id="chat_class")
async def chat_class(body: ChatSwitchIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """Table talk on or off at every table."""
    await room.chat(cls, body.on)
    return {"chat": body.on}


@router.post("/api/classes/{token}/start", operation_id="fill_class")
async def fill_class(body: FillIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """Start the games: bots take every seat nobody has taken."""
    if body.bot is not None:
        _check_bot(
            [TablePlan((await room.manager.get(t)).state.game.id, 1) for t in cls.tables.values()], body.bot
        )
    return {"bots": await room.fill(cls, body.bot)}


@router.post("/api/classes/{token}/seat-to-bot", operation_id="seat_to_bot")
async def seat_to_bot(body: SeatBotIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """A bot plays a seat (by its link token) for now; the seat's person takes it back later."""
    t = await room.seat_to_bot(cls, body.seat, body.bot)
    return {"table": t.settings.get("n"), "seats": t.seats}


@router.post("/api/classes/{token}/seat-to-person", operation_id="seat_to_person")
async def seat_to_person(body: SeatRefIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """A seat a bot played goes back to its person."""
    t, seat = await room.seat_of(cls, body.seat)
    await room.seat_back(t, seat)
    return {"table": t.settings.get("n"), "seats": t.seats}


async def _student_key(room: ClassRoom, cls: StoredClass, sid: str) -> str:
    for s in await room._db(room.store.students, cls.id):
        if student_id(s.key) == sid:
            return s.key
    raise Refusal(404, _("no such student in this class"))


@router.post("/api/classes/{token}/place", operation_id="place_student")
async def place_student(body: PlaceIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """Seat a student at a table and seat, move them, or free their seat (no table)."""
    await room.place(cls, await _student_key(room, cls, body.student), body.table, body.seat)
    return {"student": body.student, "table": body.table, "seat": body.seat}


@router.post("/api/classes/{token}/new-phone", operation_id="new_phone")
async def new_phone(body: StudentIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """Let a student in on another phone: the phone they joined with (and its link) no longer leads
    to their seat, and for ten minutes their name with the class's code brings the next phone there.
    Answers the student's new ``student`` id and ``until`` when (epoch seconds)."""
    sid, until = await room.new_phone(cls, await _student_key(room, cls, body.student))
    return {"student": sid, "until": until}


@router.post("/api/classes/{token}/end-game", operation_id="end_game")
async def end_game(body: EndGameIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """End a table's game now (named by a seat's link token or the table's number): its outcome says
    the teacher ended it, with the table as it stood; record, replay and debrief go on working."""
    t = await _table_of(room, cls, body.seat, body.table)
    await room.end_game(cls, t)
    return {"table": t.settings.get("n"), "ended": True}


async def _table_of(room: ClassRoom, cls: StoredClass, seat: str | None, table: int | None) -> LiveTable:
    if seat is not None:
        return (await room.seat_of(cls, seat))[0]
    if table is None or table not in cls.tables:
        raise Refusal(400, _("name the table: a seat's link token or the table's number"))
    return await room.manager.get(cls.tables[table])


@router.post("/api/classes/{token}/rematch", operation_id="rematch_table")
async def rematch_table(body: TableNumberIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """Play again at a table: the same game, seats, students and bots, a new deal."""
    t = await room.rematch(cls, body.table)
    return {"table": body.table, "id": t.id}


@router.post("/api/classes/{token}/end", operation_id="end_class")
async def end_class(cls: ClassLink, room: Room) -> dict[str, Any]:
    """End the class: every game still going ends, and the join code stops working."""
    await room.end(cls)
    return {"ended": True}


@router.post("/api/seats/{token}/back", operation_id="take_seat_back")
async def take_seat_back(token: Token, manager: Manager, room: Room) -> dict[str, Any]:
    """A person takes back their seat from the bot that played it (the seat's own link)."""
    t, role, seat = await manager.resolve(token)
    if role != "seat" or seat is None:
        raise Refusal(403, _("only a seat's own link can act for that seat"))
    await room.seat_back(t, seat)
    return {"seat": seat}


def qr_svg(text: str, scale: int = 10) -> str:
    """A QR code of ``text`` as SVG (segno), dark on white, for a projector or paper."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=scale, border=2, xmldecl=False, svgns=True)
    return out.getvalue().decode()


@router.get("/class/{token}/qr.svg", include_in_schema=False)
async def class_qr(cls: ClassLink, request: Request) -> Response:
    if not cls.code:
        raise Refusal(410, _("this class has ended"))
    return Response(qr_svg(links_of(request, cls)["join_url"]), media_type="image/svg+xml")


# ----- pages ------------------------------------------------------------------------------------------
def _lobby_games() -> list[dict[str, Any]]:
    from .api import lobby_games

    return lobby_games()


@router.get("/class/new", response_class=HTMLResponse, include_in_schema=False)
async def class_form(request: Request, pages: PagesDep, room: Room) -> HTMLResponse:
    games = _lobby_games()
    for g in games:
        g["content_files"] = room.manager.content_files(g["id"])
    return pages.render(request, "class_new.html", games=games)


@router.post("/classes", dependencies=[CreationLimit], include_in_schema=False)
async def create_from_form(request: Request, room: Room) -> Response:
    """The class form: a new class, then its dashboard."""
    form = await read_form(request)

    def number(name: str, low: int, high: int) -> int | None:
        text = str(form.get(name) or "").strip()
        if not text:
            return None
        if not (text.isdigit() and low <= int(text) <= high):
            raise Refusal(
                400, _("{field}: a whole number from {low} to {high}").format(field=name, low=low, high=high)
            )
        return int(text)

    game = str(form.get("game") or "")[:64]
    clocks: dict[str, float] = {}
    prefix = f"clock_{game}_"
    for k, v in form.multi_items():
        if str(k).startswith(prefix) and str(v).strip():
            try:
                clocks[str(k)[len(prefix) :][:64]] = float(str(v).strip().replace(",", "."))
            except ValueError:
                raise Refusal(400, _("a clock runs 0 to 120 minutes")) from None
    bots = str(form.get(f"bots_{game}") or "").strip()[:64] or None
    body = ClassIn(
        game=game or None,
        table_games=None,
        tables=number("tables", 1, 40),
        students=number("students", 1, 400),
        players=number("players", 1, 64),
        variant=str(form.get(f"variant_{game}") or "")[:64] or None,
        content=str(form.get(f"content_{game}") or "")[:64] or None,
        per_seat=number("per_seat", 1, 3) or 1,
        bots=bots if form.get("trial") == "1" else None,
        fill_bot=bots,
        clocks=clocks,
        chat="1" in form.getlist("chat"),
        title=str(form.get("title") or "")[:80],
    )
    plans = _plans(body)
    _check_bot(plans, body.bots)
    _check_bot(plans, body.fill_bot)
    cls = await room.create(
        plans,
        per_seat=body.per_seat,
        bots=body.bots,
        fill_bot=body.fill_bot,
        clocks=clocks,
        chat=body.chat,
        title=body.title,
    )
    return RedirectResponse(f"/class/{cls.token}", status_code=303)


def _loopback(request: Request) -> bool:
    host = (request.url.hostname or "").lower()
    return host in ("localhost", "::1", "[::1]") or host.startswith("127.")


@router.get("/class/{token}", response_class=HTMLResponse, include_in_schema=False)
async def dashboard(cls: ClassLink, request: Request, room: Room, pages: PagesDep) -> HTMLResponse:
    data = await dashboard_data(request, room, cls)
    settings = room.manager.settings
    return pages.render(
        request,
        "class.html",
        c=data,
        seats=seat_lists(data),
        token=cls.token,
        qr=qr_svg(data["join_url"]) if data["join_url"] else "",
        loopback=_loopback(request) and not settings.public_url,
        data=script_data({"token": cls.token, "t": i18n.client_strings(pages.lang(request))}),
    )


COUNTED = re.compile(rb'(<span class="since"[^>]*>)[^<]*')
"""How long ago a table last moved, in words ("(3 min ago)"): what the page counts on by itself from the
move's time (``data-moved``), and so left out of the part's tag (``static/class.js`` compares the parts
without it too)."""


def fetched_again(request: Request, page: HTMLResponse) -> Response:
    """A part of a page that the page fetches again every few seconds, tagged by its content (but for
    what the page counts on by itself: :data:`COUNTED`): 304, with nothing sent, when the page has this
    one already (``If-None-Match``)."""
    tag = '"' + hashlib.blake2b(COUNTED.sub(rb"\1", page.body), digest_size=12).hexdigest() + '"'
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers={"ETag": tag})
    page.headers["ETag"] = tag
    return page


@router.get("/class/{token}/tables", response_class=HTMLResponse, include_in_schema=False)
async def dashboard_tables(cls: ClassLink, request: Request, room: Room, pages: PagesDep) -> Response:
    """The dashboard's tables and students (the page fetches this every few seconds)."""
    data = await dashboard_data(request, room, cls)
    page = pages.render(request, "class_tables.html", c=data, seats=seat_lists(data), token=cls.token)
    return fetched_again(request, page)


async def _form_then_back(request: Request, cls: StoredClass) -> tuple[Any, Response]:
    form = await read_form(request)
    return form, RedirectResponse(f"/class/{cls.token}", status_code=303)


@router.post("/api/classes/{token}/lesson", operation_id="lesson_class")
async def lesson_class(body: LessonIn, cls: ClassLink, room: Room) -> dict[str, Any]:
    """Set the lesson's clock to end ``minutes`` from now (0: no clock); the dashboard, the wall and
    the big screen count down to it."""
    return {"lesson": lesson_clock(await room.lesson(cls, body.minutes))}


@router.post("/class/{token}/do/{what}", include_in_schema=False)
async def class_action(what: str, cls: ClassLink, request: Request, room: Room) -> Response:
    """The dashboard's buttons (each a small form, so they work without the page's script too)."""
    form, back = await _form_then_back(request, cls)

    def table_n() -> int:
        text = str(form.get("table") or "")
        if not text.isdigit() or int(text) not in cls.tables:
            raise Refusal(400, _("no such table in this class"))
        return int(text)

    def seat_token() -> str:
        return str(form.get("seat") or "")[:64]

    if what == "pause":
        await room.pause(cls, form.get("paused") == "1")
    elif what == "announce":
        await room.announce(cls, str(form.get("text") or "")[:300])
    elif what == "lesson":
        text = str(form.get("minutes") or "0").strip()
        if not text.isdigit() or int(text) > LESSON_MINUTES:
            raise Refusal(
                400, _("the lesson's minutes: a whole number from 0 to {most}").format(most=LESSON_MINUTES)
            )
        await room.lesson(cls, int(text))
    elif what == "chat":
        await room.chat(cls, form.get("on") == "1")
    elif what == "start":
        await room.fill(cls)
    elif what == "end-class":
        await room.end(cls)
    elif what == "to-bot":
        await room.seat_to_bot(cls, seat_token(), None)
    elif what == "to-person":
        t, seat = await room.seat_of(cls, seat_token())
        await room.seat_back(t, seat)
    elif what == "end-game":
        await room.end_game(cls, await room.manager.get(cls.tables[table_n()]))
    elif what == "rematch":
        await room.rematch(cls, table_n())
    elif what == "new-phone":
        await room.new_phone(cls, await _student_key(room, cls, str(form.get("student") or "")[:64]))
    elif what == "seat-student":
        target = str(form.get("target") or "")
        key = await _student_key(room, cls, str(form.get("student") or "")[:64])
        if target == "free":
            await room.place(cls, key, None, None)
        else:
            parts = target.split(":")
            if len(parts) != 2 or not all(p.isdigit() for p in parts):
                raise Refusal(400, _("no such seat in this class"))
            await room.place(cls, key, int(parts[0]), int(parts[1]))
    else:
        raise Refusal(404, _("Not Found"))
    if what in ("new-phone", "seat-student"):  # back to the list of students, open
        return RedirectResponse(f"/class/{cls.token}#students-list", status_code=303)
    return back


async def _wall(
    request: Request, room: ClassRoom, cls: StoredClass, pages: Pages, template: str, **extra: Any
) -> HTMLResponse:
    """The wall (or its fragment, which the page fetches again every few seconds): every table's
    spectator message (nothing a seat keeps secret) with its summary."""
    lang, hub = pages.lang(request), room.manager.hub
    boards = {n: hub.watching(t, lang) for n, t in (await room.tables(cls)).items()}
    c = await dashboard_data(request, room, cls, tokens=False)
    return pages.render(request, template, c=c, boards=boards, token=cls.token, **extra)


@router.get("/class/{token}/wall", response_class=HTMLResponse, include_in_schema=False)
async def wall(cls: ClassLink, request: Request, room: Room, pages: PagesDep) -> HTMLResponse:
    """The projector's wall: every table of the class, live, a small board and key figures each."""
    data = script_data({"token": cls.token, "t": i18n.client_strings(pages.lang(request))})
    return await _wall(request, room, cls, pages, "class_wall.html", data=data)


@router.get("/class/{token}/wall/tables", response_class=HTMLResponse, include_in_schema=False)
async def wall_tables(cls: ClassLink, request: Request, room: Room, pages: PagesDep) -> Response:
    return fetched_again(request, await _wall(request, room, cls, pages, "class_wall_tables.html"))


async def _big(
    request: Request, room: ClassRoom, cls: StoredClass, n: int, pages: Pages, template: str, **extra: Any
) -> HTMLResponse:
    """One table on the big screen (or its fragment): its spectator message and summary."""
    if n not in cls.tables:
        raise Refusal(404, _("no such table in this class"))
    t = await room.manager.get(cls.tables[n])
    m, s = room.manager.hub.watching(t, pages.lang(request)), table_summary(room.manager, n, t)
    c = {"lesson": lesson_clock(cls.settings.get("lesson_ends"))}
    return pages.render(request, template, n=n, token=cls.token, m=m, s=s, c=c, **extra)


@router.get("/class/{token}/table/{n}", response_class=HTMLResponse, include_in_schema=False)
async def big_screen(n: int, cls: ClassLink, request: Request, room: Room, pages: PagesDep) -> HTMLResponse:
    """One table on the big screen: board and stage first, no actions, fitting 1920x1080."""
    data = script_data({"token": cls.token, "n": n, "t": i18n.client_strings(pages.lang(request))})
    return await _big(request, room, cls, n, pages, "class_big.html", data=data)


@router.get("/class/{token}/table/{n}/view", response_class=HTMLResponse, include_in_schema=False)
async def big_view(n: int, cls: ClassLink, request: Request, room: Room, pages: PagesDep) -> Response:
    return fetched_again(request, await _big(request, room, cls, n, pages, "class_big_view.html"))


@router.get("/class/{token}/slips", response_class=HTMLResponse, include_in_schema=False)
async def slips(cls: ClassLink, request: Request, room: Room, pages: PagesDep) -> HTMLResponse:
    """Printable slips, one per seat: QR code, class code, table, seat and role."""
    if not cls.code:
        raise Refusal(410, _("this class has ended"))
    base = public_base(request)
    out = []
    for n, t in (await room.tables(cls)).items():
        for i, seat in enumerate(t.seats):
            if seat["kind"] != "human" and not seat.get("person"):
                continue  # a bot's own seat (a person's seat a bot plays for now keeps its slip)
            url = f"{base}/join?code={cls.code}&table={n}&seat={i}"
            out.append(
                {
                    "n": n,
                    "seat": i,
                    "role": t.state.seat_name(i),
                    "title": t.state.game.spec.title,
                    "url": url,
                    "qr": qr_svg(url, scale=4),
                    "names": seat.get("names") or [],
                }
            )
    return pages.render(request, "class_slips.html", slips=out, code=cls.code, join=f"{base}/join")


# ----- the student's side -------------------------------------------------------------------------------
@router.get("/join", response_class=HTMLResponse, include_in_schema=False)
async def join_page(request: Request, pages: PagesDep) -> HTMLResponse:
    q = request.query_params
    code = (q.get("code") or "")[:16]
    table = (q.get("table") or "")[:3]
    seat = (q.get("seat") or "")[:3]
    return pages.render(request, "join.html", code=code, table=table, seat=seat, error=None)


@router.post("/join", include_in_schema=False)
async def join_from_form(request: Request, room: Room, pages: PagesDep) -> Response:
    form = await read_form(request)

    def small(name: str) -> int | None:
        text = str(form.get(name) or "")[:3]
        return int(text) if text.isdigit() else None

    code, name = str(form.get("code") or "")[:32], str(form.get("name") or "")[:200]
    try:
        body = JoinIn(code=code or "-", name=name or "-", table=small("table"), seat=small("seat"))
        if not code.strip() or not name.strip():
            raise Refusal(400, _("write the class code and your name"))
        _cls, student = await joined(request, room, body)
    except Refusal as e:
        return pages.render(
            request, "join.html", status=e.status, code=code, table="", seat="", typed=name, error=e.reason
        )
    response = RedirectResponse("/me", status_code=303)
    _keep_student(response, request, student.key)
    return response


@router.get("/me", response_class=HTMLResponse, include_in_schema=False)
async def my_seat(request: Request, room: Room, pages: PagesDep) -> Response:
    """A student's seat: the play page of the seat they hold now (kept by their browser), or a page
    that waits for the teacher to seat them."""
    found = await room.student(request.cookies.get(STUDENT_COOKIE, ""))
    if found is None:
        return RedirectResponse("/join", status_code=303)
    cls, student = found
    token = await room.seat_token(cls, student)
    if token is None:
        return pages.render(request, "class_wait.html", student=student.name, ended=cls.ended)
    t, _role, seat = await room.manager.resolve(token)
    lang = pages.lang(request)
    data = {
        "token": token,
        "lang": lang,
        "first": payload_of(t, seat, lang=lang),
        "t": i18n.client_strings(lang),
    }
    return pages.render(
        request,
        "play.html",
        token=token,
        seat=seat,
        spec=t.state.game.spec,
        data=script_data(data),
        howto=howto(t.state.game.spec, lang),
    )


# ----- the class debrief --------------------------------------------------------------------------------
async def class_debrief_of(room: ClassRoom, cls: StoredClass, reveal: bool) -> ClassDebrief:
    """Every table of the class side by side (the games replayed up to now, each in a worker thread),
    earlier games of a table after a rematch too. ``reveal``: a running game's secrets (the teacher's
    own screen, never the projector)."""
    manager = room.manager
    earlier = {e["table"]: e["n"] for e in cls.settings.get("earlier", [])}
    ids = [(f"{n}", table_id, n) for table_id, n in earlier.items()] + [
        (f"{n}", table_id, n) for n, table_id in cls.tables.items()
    ]
    played: dict[int, int] = {}
    tables = []
    for _label, table_id, n in sorted(ids, key=lambda x: (x[2], x[1] not in earlier)):
        played[n] = played.get(n, 0) + 1
        t = await manager.get(table_id)
        label = _("Table {n}").format(n=n)
        if n in earlier.values():
            label = _("Table {n}, game {k}").format(n=n, k=played[n])
        tables.append(
            ClassTable(
                label,
                timeline=await manager.timeline(t),
                status=table_status(t),
                names=seat_names(t),
                seats=t.seats,
                table_id=t.id,
                reveal=reveal,
            )
        )
    title = str(cls.settings.get("title") or "")
    return await asyncio.to_thread(build_class_debrief, tables, title=title)


@router.get("/api/classes/{token}/debrief", dependencies=[HeavyLimit], operation_id="class_debrief")
async def class_debrief(cls: ClassLink, room: Room) -> dict[str, Any]:
    """The class debrief at any moment: every table (a list under ``tables``) with its status
    (running, finished, ended), outcome, key figures over time, key moments, what it did differently,
    names and roles (RECLAIM's Hidden agendas too: this is the teacher's own link), and discussion
    questions filled with the class's figures."""
    return (await class_debrief_of(room, cls, reveal=True)).to_json()


def _class_file(cls: StoredClass, ext: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="class-{cls.id}-debrief.{ext}"'}


@router.get(
    "/api/classes/{token}/debrief.pdf",
    dependencies=[HeavyLimit],
    operation_id="class_debrief_pdf",
    responses={200: {"content": {"application/pdf": {}}, "description": "the class handout"}},
)
async def class_debrief_pdf(cls: ClassLink, room: Room) -> Response:
    """The class handout (PDF): the class summary, then a page per table; a running game's secrets
    stay hidden."""
    d = await class_debrief_of(room, cls, reveal=False)
    return Response(
        await asyncio.to_thread(d.pdf), media_type="application/pdf", headers=_class_file(cls, "pdf")
    )


@router.get(
    "/api/classes/{token}/debrief.csv",
    dependencies=[HeavyLimit],
    operation_id="class_debrief_csv",
    responses={200: {"content": {"text/csv": {}}, "description": "every table's figures, a row a move"}},
)
async def class_debrief_csv(cls: ClassLink, room: Room, anonymous: bool = False) -> Response:
    """Every table's moves and figures after each move (CSV); ``anonymous`` replaces the students'
    names by seat numbers."""
    d = await class_debrief_of(room, cls, reveal=False)
    return Response(d.csv(anonymous), media_type="text/csv", headers=_class_file(cls, "csv"))


@router.get(
    "/api/classes/{token}/debrief.parquet",
    dependencies=[HeavyLimit],
    operation_id="class_debrief_parquet",
    responses={200: {"content": {"application/vnd.apache.parquet": {}}, "description": "the same rows"}},
)
async def class_debrief_parquet(cls: ClassLink, room: Room, anonymous: bool = False) -> Response:
    """The same rows as the CSV, as a Parquet file for research (``anonymous``: seat numbers, no names)."""
    d = await class_debrief_of(room, cls, reveal=False)
    data = await asyncio.to_thread(d.parquet, anonymous)
    return Response(data, media_type="application/vnd.apache.parquet", headers=_class_file(cls, "parquet"))


@router.get("/class-debrief.css", include_in_schema=False)
async def class_debrief_style() -> Response:
    """The class debrief's style sheet (the page's Content-Security-Policy allows no inline style)."""
    return FileResponse(CLASS_DEBRIEF_STYLE, media_type="text/css")


@router.get(
    "/class/{token}/debrief", response_class=HTMLResponse, include_in_schema=False, dependencies=[HeavyLimit]
)
async def class_debrief_page(cls: ClassLink, request: Request, room: Room, pages: PagesDep) -> HTMLResponse:
    """The class debrief for the projector and print (``?reveal=1``: a running game's secrets too, for
    the teacher's own screen)."""
    reveal = request.query_params.get("reveal") == "1"
    d = await class_debrief_of(room, cls, reveal=reveal)
    return pages.render(request, "class_debrief.html", token=cls.token, body=Markup(d.html()), reveal=reveal)
