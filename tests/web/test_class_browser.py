"""A class run as a teacher runs one, in real headless Chromium: the teacher makes a class of six
tables in three actions, 24 phones join by code and name, the dashboard shows them, pausing the class
reaches every phone, a bot takes an absent student's seat and the table moves on, a game ended early
has an outcome and a record, and the projector's wall shows every table; then a class in German.
Screenshots go to $LOOPCITY_SCREENSHOTS when set."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from .conftest import ROOMY
from .live_server import LiveServer
from .test_browser import PHONE, SHOTS, browser, csp_violations, wait_js  # noqa: F401 (browser: Chromium, a fixture)
from .test_newcomer_browser import _axe

pytestmark = pytest.mark.slow
PROJECTOR = {"width": 1920, "height": 1080}
STUDENTS = 24
WALL_WORDS = (
    "[...document.querySelectorAll('.wall-board svg text')].filter(t => t.getBBox().width > 0)"
    ".map(t => parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a)"
)
"""The size in pixels of every word the wall's boards show."""


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    settings = (
        replace(ROOMY, max_pages_per_address=10_000) if hasattr(ROOMY, "max_pages_per_address") else ROOMY
    )
    server = LiveServer(
        f"sqlite:///{tmp_path_factory.mktemp('class') / 'web.db'}", settings=settings, bot_delay=0.2
    )
    yield server
    server.stop()


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png")


def make_class(page, base: str, game: str, tables: int, players: int, lang: str = "en") -> tuple[str, str]:
    """The teacher's actions (at most five): open the class form, choose the game, the number of
    tables (six is the form's own) and players per table, create. Returns the dashboard's token and
    the join code."""
    page.goto(f"{base}/class/new?lang={lang}")  # 1
    page.select_option("#class-game", game)  # 2
    if tables != 6:
        page.fill("#class-tables", str(tables))  # 3
    page.fill("#class-players", str(players))  # 4
    page.click("#class-create")  # 5
    page.wait_for_url("**/class/*")
    token = page.url.rsplit("/", 1)[-1].split("?")[0]
    code = page.locator("#join-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    return token, code


def join(chromium, base: str, code: str, name: str, lang: str = "en"):
    return join_all(chromium, base, code, [name], lang)[0]


def join_all(chromium, base: str, code: str, names: list[str], lang: str = "en"):
    """Each student on a phone of their own types the code and their name, and they press Join at
    once, as a class does when the teacher says go: every phone then shows its seat."""
    phones = []
    for name in names:
        ctx = chromium.new_context(viewport=PHONE, locale=lang, extra_http_headers={"Accept-Language": lang})
        page = ctx.new_page()
        page.goto(f"{base}/join")
        page.fill("#join-code", code.lower())
        page.fill("#join-name", name)
        if name.endswith("01"):
            shot(page, "class-join")
        phones.append((ctx, page))
    for _ctx, page in phones:
        page.click("#join-go", no_wait_after=True)
    for _ctx, page in phones:
        page.wait_for_url("**/me")
        wait_js(
            page, "document.querySelector('#turn') && document.querySelector('#turn').textContent.length > 0"
        )
    return phones


def board(base: str, token: str) -> dict:
    return httpx.get(f"{base}/api/classes/{token}", timeout=10).json()


def test_a_teacher_runs_a_class_of_six_tables_with_24_phones(live, browser):  # noqa: F811
    base = live.base
    teacher = browser.new_context(viewport=PROJECTOR)
    desk = teacher.new_page()
    desk.on("dialog", lambda d: d.accept())
    token, code = make_class(desk, base, "resourcity", 6, 4)
    assert len(board(base, token)["tables"]) == 6
    assert desk.locator("#join-code").is_visible()  # open while the students join
    tables_at = "document.getElementById('class-live').getBoundingClientRect().top"
    open_top = desk.evaluate(tables_at)
    shot(desk, "class-dashboard-empty")
    form = teacher.new_page()
    form.goto(f"{base}/class/new")
    assert _axe(form) == [], "the class form"
    form.goto(f"{base}/join")
    assert _axe(form) == [], "the join page"

    phones = join_all(browser, base, code, [f"Student {i + 1:02d}" for i in range(STUDENTS)])
    # every student is seated, by name, one per seat
    names = [n for t in board(base, token)["tables"] for s in t["seats"] for n in s["names"]]
    assert sorted(names) == sorted(f"Student {i + 1:02d}" for i in range(STUDENTS))
    wait_js(desk, f"document.querySelectorAll('#class-live .seat-who b').length === {STUDENTS}", 15_000)
    assert "Student 24" in desk.locator("#class-live").inner_text()
    # every table has its people: the join card folds to one line with the code, and the tables come
    # up the teacher's screen; a latecomer's code and QR are one click away
    wait_js(desk, "!document.getElementById('joinbox').open", 10_000)
    assert code in desk.locator("#joinbox summary").inner_text()
    assert desk.evaluate(tables_at) <= open_top - 200, (open_top, desk.evaluate(tables_at))
    shot(desk, "class-dashboard")
    desk.click("#joinbox summary")
    assert desk.locator("#join-code").is_visible() and desk.locator("#joinbox .qr svg").is_visible()
    desk.wait_for_timeout(3000)  # a refresh of the tables leaves it open
    assert desk.evaluate("document.getElementById('joinbox').open")
    desk.click("#joinbox summary")
    shot(phones[0][1], "class-phone")

    # the dashboard refreshes what changed and only that: the tables that did not change stay as they
    # are (the buttons under the teacher's pointer too), the list of students the teacher opened stays
    # open, and the time since each table's last move counts on between refreshes
    desk.click("#students-list summary")
    desk.evaluate("document.querySelector('#class-sum').old = true")
    desk.evaluate("document.querySelector('#class-live [data-table=\"1\"]').old = true")
    httpx.post(f"{base}/api/classes/{token}/announce", json={"text": "Welcome"}, timeout=10)
    wait_js(desk, "!document.querySelector('#class-sum').old", 10_000)
    assert "Welcome" in desk.locator("#class-sum").inner_text()
    assert desk.evaluate("document.querySelector('#class-live [data-table=\"1\"]').old === true")
    assert desk.evaluate("document.getElementById('students-list').open")
    ago = desk.locator("#class-live .since").first
    assert re.fullmatch(r"\(\d+ s ago\)", ago.inner_text()), ago.inner_text()

    # pause every table: every phone says so
    desk.click("#pause-class")
    for _ctx, page in phones:
        wait_js(page, "document.querySelector('#turn .paused') !== null", 10_000)
    desk.click("#pause-class")  # resume
    for _ctx, page in phones[:4]:
        wait_js(page, "document.querySelector('#turn .paused') === null", 10_000)

    # an announcement on every phone
    desk.fill("#announce-text", "Ten minutes left")
    desk.click("#announce-send")
    for _ctx, page in phones:
        wait_js(page, "(document.querySelector('#class-news')||{}).textContent?.includes('Ten minutes left')")

    # the first student of table 3 is absent: their table waits for them, until a bot takes the seat
    table = board(base, token)["tables"][2]
    absent = next(s for s in table["seats"] if s["active"])
    before = table["version"]
    time.sleep(1.0)
    assert board(base, token)["tables"][2]["version"] == before  # nobody moves for them
    desk.click(f"[data-seat-bot='3-{absent['seat']}']")
    end = time.monotonic() + 20
    while board(base, token)["tables"][2]["version"] == before:
        assert time.monotonic() < end, "the bot did not move for the absent student"
        time.sleep(0.2)
    seat = board(base, token)["tables"][2]["seats"][absent["seat"]]
    assert seat["kind"] == "bot" and seat["handed"]

    # the game at table 2 ends early: an outcome, a record
    desk.click("[data-end-table='2']")
    end = time.monotonic() + 10
    while board(base, token)["tables"][1]["status"] != "ended":
        assert time.monotonic() < end
        time.sleep(0.2)
    t2 = board(base, token)["tables"][1]
    assert t2["outcome"]["ending"]
    record = httpx.get(f"{base}/api/record/{t2['seats'][0]['token']}", timeout=10)
    assert record.status_code == 200 and record.json()["ended"]

    # the projector's wall shows every table
    wall = teacher.new_page()
    wall.goto(f"{base}/class/{token}/wall")
    assert wall.locator(".wall-table").count() == 6
    assert wall.locator(".wall-table svg").count() == 6
    height = wall.evaluate("document.documentElement.scrollHeight")
    assert height <= 1080 + 40, height  # the whole wall on one screen
    smallest = wall.evaluate(
        "Math.min(...[...document.querySelectorAll('.wall-table h2, .wall-people, .status-word')]"
        ".map(e => parseFloat(getComputedStyle(e).fontSize)))"
    )
    assert smallest >= 18, smallest
    # the wall's refreshes leave a table that did not change as it was (its board not drawn again)
    ended = "document.querySelector('#wall-live [data-table=\"2\"]')"
    wall.evaluate(f"{ended}.old = true")
    wall.wait_for_timeout(3500)  # a refresh comes every 3 s
    assert wall.evaluate(f"{ended}.old === true")
    # no word on a board under 10 px: its small print is left out (Resourcity's, at six tables, is all
    # of it: the board is its roads, farms and houses; the figures beside it are in large type)
    drawn = wall.evaluate(WALL_WORDS)
    assert min(drawn, default=10) >= 10, sorted(drawn)[:5]
    shot(wall, "class-wall")
    big = teacher.new_page()
    big.goto(f"{base}/class/{token}/table/1")
    assert big.evaluate("document.documentElement.scrollHeight") <= 1080 + 10
    shot(big, "class-big-screen")
    slips = teacher.new_page()
    slips.goto(f"{base}/class/{token}/slips")
    assert slips.locator(".slip").count() == STUDENTS and slips.locator(".slip svg").count() == STUDENTS
    shot(slips, "class-slips")
    debrief = teacher.new_page()
    refused = csp_violations(debrief)
    debrief.goto(f"{base}/class/{token}/debrief")
    assert all(f"Table {n}" in debrief.content() for n in range(1, 7))
    # styled for the projector as the debrief's own file is: large type, each section one screen
    smallest = debrief.evaluate(
        "Math.min(...[...document.querySelectorAll('.cd-slide li, .cd-slide td, .cd-slide th')]"
        ".map(e => parseFloat(getComputedStyle(e).fontSize)))"
    )
    assert smallest >= 18, smallest
    assert (
        debrief.evaluate("Math.max(...[...document.querySelectorAll('.cd-slide')].map(s => s.offsetHeight))")
        <= 1080
    )
    assert refused == []
    shot(debrief, "class-debrief")
    for page, what in (
        (desk, "dashboard"),
        (wall, "wall"),
        (big, "big screen"),
        (slips, "slips"),
        (debrief, "class debrief"),
        (phones[1][1], "a student's seat"),
    ):
        assert _axe(page) == [], what
    for ctx, _page in phones:
        ctx.close()
    teacher.close()


def test_a_table_that_did_not_change_is_not_redrawn_after_a_student_comes_to_wait(live, browser):  # noqa: F811
    """When the dashboard's layout changes (here a student who finds every seat taken comes to wait for
    one), the next refreshes still redraw only the tables that changed: a table no one moved at keeps
    its element (the button under the teacher's pointer stays), refresh after refresh."""
    base = live.base
    desk = browser.new_context(viewport=PROJECTOR).new_page()
    made = httpx.post(
        f"{base}/api/classes", json={"game": "waste_what", "tables": 2, "players": 2}, timeout=30
    ).json()
    token, code = made["token"], made["join_code"]
    for n in range(4):
        assert (
            httpx.post(f"{base}/api/join", json={"code": code, "name": f"Pupil {n}"}, timeout=30).status_code
            == 200
        )
    desk.goto(f"{base}/class/{token}")
    wait_js(desk, "document.querySelectorAll('#class-live .seat-who b').length === 4", 15_000)
    httpx.post(f"{base}/api/join", json={"code": code, "name": "Pupil late"}, timeout=30)
    wait_js(desk, "document.querySelector('#class-live .waiting') !== null", 15_000)
    desk.evaluate("document.querySelector('#class-live [data-table=\"1\"]').old = true")
    for n, text in enumerate(("Welcome", "Ten minutes left")):
        httpx.post(f"{base}/api/classes/{token}/announce", json={"text": text}, timeout=10)
        wait_js(desk, f"document.getElementById('class-sum').textContent.includes({text!r})", 10_000)
        assert desk.evaluate("document.querySelector('#class-live [data-table=\"1\"]').old === true"), n
    desk.context.close()


def test_a_class_in_german(live, browser):  # noqa: F811
    base = live.base
    teacher = browser.new_context(
        viewport=PROJECTOR, locale="de", extra_http_headers={"Accept-Language": "de"}
    )
    desk = teacher.new_page()
    token, code = make_class(desk, base, "sustain", 1, 4, lang="de")
    assert "Lernende treten bei unter" in desk.content()
    phones = join_all(browser, base, code, ["Ada", "Ben", "Cem", "Dana"], "de")
    wait_js(desk, "document.querySelectorAll('#class-live .seat-who b').length === 4", 15_000)
    assert "Tisch 1" in desk.locator("#class-live").inner_text()
    desk.fill("#announce-text", "Noch zehn Minuten")
    desk.click("#announce-send")
    page = phones[0][1]
    wait_js(page, "(document.querySelector('#class-news')||{}).textContent?.includes('Von deiner Lehrkraft')")
    assert "Ada" in page.locator("#seats").inner_text()
    shot(desk, "class-dashboard-de")
    shot(page, "class-phone-de")
    for ctx, _page in phones:
        ctx.close()
    teacher.close()


def test_the_dashboard_fits_the_teachers_phone(live, browser):  # noqa: F811
    """The teacher walking round the room with the dashboard on a phone: nothing wider than the
    screen, every student's Move button within reach (RECLAIM's long role names in the lists)."""
    base = live.base
    made = httpx.post(f"{base}/api/classes", json={"game": "reclaim", "tables": 2, "players": 4}, timeout=30)
    made = made.json()
    for i in range(8):
        r = httpx.post(
            f"{base}/api/join", json={"code": made["join_code"], "name": f"Student {i + 1}"}, timeout=30
        )
        assert r.status_code == 200, r.text
    pocket = browser.new_context(viewport=PHONE, is_mobile=True)
    page = pocket.new_page()
    page.goto(f"{base}/class/{made['token']}")
    page.evaluate("document.getElementById('students-list').open = true")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    widest = page.evaluate(
        "Math.max(...[...document.querySelectorAll('#students-list button')]"
        ".map(b => b.getBoundingClientRect().right))"
    )
    assert widest <= PHONE["width"], widest
    broken = page.evaluate(  # a seat's status reads as one pill, never split over two lines
        "[...document.querySelectorAll('#class-live .tag')].filter(t => t.getBoundingClientRect().height"
        " > 1.9 * parseFloat(getComputedStyle(t).fontSize)).map(t => t.textContent)"
    )
    assert page.locator("#class-live .tag").count() >= 8 and broken == [], broken
    page.evaluate("document.querySelector('#class-live .class-table:last-child').scrollIntoView()")
    shot(page, "class-dashboard-phone")
    pocket.close()


def test_the_teacher_sets_the_lesson_clock_and_the_projector_counts_down(live, browser):  # noqa: F811
    """The teacher types how many minutes the lesson has left on the dashboard; the projector's wall
    and the dashboard count down by the second, the same on both."""
    base = live.base
    made = httpx.post(
        f"{base}/api/classes", json={"game": "sustain", "tables": 2, "players": 3}, timeout=30
    ).json()
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    teacher, wall = ctx.new_page(), ctx.new_page()
    teacher.goto(f"{base}/class/{made['token']}")
    assert teacher.locator("#class-live .lesson").count() == 0
    teacher.fill("#lesson-minutes", "2")
    teacher.click("#lesson-set")
    teacher.wait_for_selector("#class-live .lesson")
    wall.goto(f"{base}/class/{made['token']}/wall")
    shown = re.compile(r"^◷ (\d):(\d\d) left in the lesson$")
    first = shown.match(wall.locator(".wall-lesson .lesson").inner_text())
    assert first and 110 <= int(first[1]) * 60 + int(first[2]) <= 120, first
    time.sleep(2.1)
    later = shown.match(wall.locator(".wall-lesson .lesson").inner_text())
    mine = shown.match(teacher.locator("#class-live .lesson").inner_text())
    assert later and mine and int(later[1]) * 60 + int(later[2]) < int(first[1]) * 60 + int(first[2])
    assert abs((int(mine[1]) * 60 + int(mine[2])) - (int(later[1]) * 60 + int(later[2]))) <= 1
    shot(wall, "class-wall-lesson")
    teacher.fill("#lesson-minutes", "0")
    teacher.click("#lesson-set")
    wait_js(wall, "!document.querySelector('.wall-lesson')")
    ctx.close()


def test_a_moved_students_phone_follows_the_seat_and_a_phone_let_go_of_leaves_it(live, browser):  # noqa: F811
    base = live.base
    made = httpx.post(
        f"{base}/api/classes", json={"game": "reclaim", "tables": 2, "players": 4}, timeout=10
    ).json()
    (_a, ada), (_b, ben) = (join(browser, base, made["join_code"], name) for name in ("Ada", "Ben"))
    assert "Seat 1" in ada.locator("header").inner_text()
    ids = {s["name"]: s["id"] for s in board(base, made["token"])["students"]}
    httpx.post(
        f"{base}/api/classes/{made['token']}/place", json={"student": ids["Ada"], "table": 2, "seat": 1}
    )
    # Ben's phone is flat: the teacher lets him in on another one from the list of students, which is
    # open again (with what it did) when the dashboard comes back
    desk = browser.new_page(viewport=PROJECTOR)
    desk.on("dialog", lambda d: d.accept())
    desk.goto(f"{base}/class/{made['token']}")
    desk.click("#students-list summary")
    desk.click(f"[data-new-phone='{ids['Ben']}']")
    wait_js(desk, "document.querySelector('#students-list .new-phone') !== null")
    assert desk.evaluate("document.getElementById('students-list').open")
    # Ada's page goes to her new seat by itself; Ben's old phone no longer shows his seat
    wait_js(ada, "(document.querySelector('header')||{}).textContent?.includes('Seat 2')", 15_000)
    assert ada.url.endswith("/me") and "Live" in ada.locator("#live").inner_text()
    wait_js(ben, "location.pathname === '/join'", 15_000)
    desk.close()
    for ctx in (_a, _b):
        ctx.close()


LONG_NAMES = [
    f"{first} {last}"
    for last in (
        "Schneider-Hoffmann",
        "Papadopoulou",
        "Kowalczykowski",
        "Vandenberghe",
        "Abdelrahman",
        "Oberhauser",
        "Nakamura-Lindqvist",
        "Castellanos",
    )
    for first in (
        "Jean-Baptiste",
        "Fatima-Zahra",
        "Maximilian",
        "Alexandros",
        "Marie-Luise",
        "Konstantin",
        "Anastasia",
        "Charlotte",
    )
]
"""Sixty-four students whose names are long, none the same."""


@pytest.mark.parametrize(
    ("game", "tables", "players", "least", "lang"),
    [
        ("sustain", 6, 4, 260, "en"),
        ("resourcity", 12, 2, 100, "en"),
        ("reclaim", 16, 4, 100, "de"),
        ("sustain", 16, 4, 100, "en"),
    ],
)
def test_the_wall_fits_the_projector_with_the_clock_and_an_announcement(
    live,
    browser,  # noqa: F811
    game,
    tables,
    players,
    least,
    lang,
):
    """Six SUSTAIN tables of four (or twelve of Resourcity, or sixteen of RECLAIM in German or of
    SUSTAIN) whose students have long names, the lesson's clock and an announcement on the wall: one
    1920x1080 screen, nothing scrolled off (each scrolled before), up to eight tables the boards take
    the height left, and the wall shows each student's first name and initial, each on one line."""
    base = live.base
    made = httpx.post(
        f"{base}/api/classes", json={"game": game, "tables": tables, "players": players}, timeout=30
    ).json()
    for name in LONG_NAMES[: tables * players]:
        joined = httpx.post(f"{base}/api/join", json={"code": made["join_code"], "name": name}, timeout=30)
        assert joined.status_code == 200, joined.text
    httpx.post(f"{base}/api/classes/{made['token']}/lesson", json={"minutes": 20}, timeout=10)
    httpx.post(f"{base}/api/classes/{made['token']}/announce", json={"text": "Ten minutes left"}, timeout=10)
    page = browser.new_page(viewport=PROJECTOR)
    page.goto(f"{base}/class/{made['token']}/wall?lang={lang}")
    assert page.locator(".wall-lesson").count() == 1 and page.locator(".wall-news").count() == 1
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    last = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.wall-table')].map(t => t.getBoundingClientRect().bottom))"
    )
    assert last <= 1080, last
    boards = page.evaluate(
        "[...document.querySelectorAll('.wall-board svg')].map(s => s.getBoundingClientRect().height)"
    )
    assert min(boards) >= least, boards
    names = page.evaluate(
        "[...document.querySelectorAll('.wall-name')].map(e => [e.textContent, e.getClientRects().length])"
    )
    assert len(names) == tables * players
    shown = page.evaluate("[...document.querySelectorAll('.wall-name')].map(e => e.innerText)")
    assert {"▶ Jean-Baptiste S. ·", "▶ Jean-Baptiste S."} & set(shown), shown[:4]  # not cut short
    assert all(lines == 1 for _n, lines in names), names
    assert page.locator(".wall-table.status-waiting").count() == 0
    page.close()


@pytest.mark.parametrize(("game", "tables", "players"), [("waste_what", 12, 2), ("reclaim", 16, 4)])
def test_a_larger_class_still_fits_the_wall_on_one_screen(live, browser, game, tables, players):  # noqa: F811
    """Twenty-four students at Waste What? are twelve tables: the wall still shows every table, its
    board, people and figures on one 1920x1080 screen without scrolling, in type of 18 px or more."""
    made = httpx.post(
        f"{live.base}/api/classes",
        json={"game": game, "tables": tables, "players": players, "bots": "random"},
        timeout=30,
    ).json()
    page = browser.new_page(viewport=PROJECTOR)
    page.goto(f"{live.base}/class/{made['token']}/wall")
    assert page.locator(".wall-table").count() == tables
    assert page.locator(".wall-table svg").count() == tables
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    smallest = page.evaluate(
        "Math.min(...[...document.querySelectorAll('.wall-table h2, .wall-people, .wall-figures, .status-word')]"
        ".map(e => parseFloat(getComputedStyle(e).fontSize)))"
    )
    assert smallest >= 18, smallest
    boards = page.evaluate(
        "[...document.querySelectorAll('.wall-board svg')].map(s => s.getBoundingClientRect().height)"
    )
    assert min(boards) >= 100, boards  # a board still to be made out
    # what a board still shows can be read from the back of the room: no word under 10 px on it (at
    # this size a board is its colours and shapes; each table's figures are beside it in large type)
    drawn = page.evaluate(WALL_WORDS)
    assert min(drawn, default=10) >= 10, sorted(drawn)[:5]
    page.close()
