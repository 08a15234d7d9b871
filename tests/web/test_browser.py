"""End to end in real headless Chromium (Debian's package), for every game: set up a table in the
lobby, play moves by clicking, see another seat's page follow, reload and resume, and check that a
spectator's page holds only the spectator's view. Screenshots go to $LOOPCITY_SCREENSHOTS when set."""

from __future__ import annotations

import json
import os
import random
import socket
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from loopcity.engine import Action, Record, unregister
from loopcity.web import create_app
from tiny_game import CONTEST
from tiny_game import SPEC as TINY

from .conftest import GAME_IDS, ROOMY, players_of, same_game, spec_of
from .live_server import known_secret

pytestmark = pytest.mark.slow
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _svg(view, legal=()):
    """A board for the tiny game: a box per action, each a click target while it is legal."""
    acts = {str(a) for a in legal}
    boxes = []
    for i, act in enumerate(["ready", "take 1", "take 2", "roll"]):
        attr = f' data-act="{act}"' if act in acts else ""
        boxes.append(
            f'<g{attr}><rect x="{10 + i * 95}" y="40" width="85" height="40" fill="#cde"/>'
            f'<text x="{20 + i * 95}" y="65">{act}</text></g>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100"><text x="10" y="25">pile {view["pile"]}'
        f"</text>{''.join(boxes)}</svg>"
    )


BOARD = replace(TINY, id="tinyboard", title="Tiny board", render_svg=_svg)
PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("LOOPCITY_SCREENSHOTS")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(db: Path, port: int):
    """Run the app over ``db`` on ``port`` in a thread; returns (app, stop)."""
    import uvicorn

    app = create_app(
        known_secret(f"sqlite:///{db}"), bot_delay=0.15, extra_games=[TINY, BOARD, CONTEST], settings=ROOMY
    )
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < end, "server did not start"
        time.sleep(0.05)

    def stop() -> None:
        srv.should_exit = True
        thread.join(10)

    return app, stop


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = _free_port()
    app, stop = _start(tmp_path_factory.mktemp("browser") / "web.db", port)
    yield f"http://127.0.0.1:{port}", app
    stop()
    unregister(TINY.id)
    unregister(BOARD.id)
    unregister(CONTEST.id)


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/system-deps.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _create_in_lobby(page, base: str, game: str) -> dict:
    """Fill in the lobby form: seats 1 and 2 people, the rest bots; returns the links page's links."""
    page.goto(base + "/")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/lobby.png", full_page=True)
    form = page.locator(f"section[data-game='{game}'] form")
    n = players_of(game)
    form.locator("select[name=players]").select_option(str(n))
    form.locator("select[name=seat0]").select_option("human")
    if n > 1:
        form.locator("select[name=seat1]").select_option("human")
    form.locator("input[name=seed]").fill("3")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/table/*")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{game}-links.png", full_page=True)
    seats = {
        int(a.get_attribute("data-seat")): a.get_attribute("href") for a in page.locator("a.seat-link").all()
    }
    return {"seats": seats, "spectator": page.locator("a.spectator-link").get_attribute("href")}


def wait_js(page, expression: str, timeout: float = 10_000) -> None:
    """Poll a JavaScript expression until it is true. (Playwright's own waiting runs its predicate with
    ``eval``, which the pages' Content-Security-Policy forbids, as it should.) Right after a click on
    a link the page may be between documents (no ``body`` yet, or its context gone): an error then
    counts as not yet, and the last one is reported if the time runs out."""
    from playwright.sync_api import Error

    end = time.monotonic() + timeout / 1000
    while True:
        try:
            if page.evaluate(expression):
                return
            failed = None
        except Error as e:
            failed = e
        assert time.monotonic() < end, f"timed out waiting for {expression}" + (
            f" ({failed})" if failed else ""
        )
        time.sleep(0.05)


def csp_violations(page) -> list[str]:
    """Collect the Content-Security-Policy violations the page reports from now on."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if "Content Security Policy" in m.text else None)
    return found


def _version(page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def _wait_version(page, above: int) -> None:
    wait_js(page, f"parseInt(document.body.dataset.version) > {above}")


def _live(app, page):
    return app.state.manager.live[page.evaluate("window.LOOPCITY.current.table")]


def _view_at(t, version: int, seat: int | None) -> dict:
    """The view of ``seat`` after the table's first ``version`` moves (bots may have moved on since)."""
    state = t.state.game.new_state(t.seed)
    for s, text in t.moves[:version]:
        state.apply(s, Action.parse(text))
    return json.loads(json.dumps(state.view(seat)))


def _same_as_a_fresh_load(page) -> None:
    """The message the page pieced together from the live patches (play.js) is the one a fresh load of
    its link gets, and its board shows that message's SVG (bots may move, or say they wait, meanwhile:
    compared again until the page has caught up with the table, for ten seconds at most)."""
    fresh_js = (
        "fetch(`/api/state/${window.LOOPCITY.token}?lang=${window.LOOPCITY.lang}`).then((r) => r.json())"
    )
    drawn_js = "document.getElementById('board').dataset.drawn"
    end = time.monotonic() + 10
    while True:
        fresh = page.evaluate(fresh_js)
        mine = page.evaluate("window.LOOPCITY.current")
        mine.pop("ref", None)
        # the board is drawn at the page's next animation frame, after the message is pieced together
        drawn = page.evaluate(drawn_js) if fresh["svg"] else None
        if (mine == fresh and drawn == fresh["svg"]) or time.monotonic() > end:
            break
        time.sleep(0.1)
    assert mine == fresh
    if fresh["svg"]:
        assert drawn == fresh["svg"]


@pytest.mark.parametrize("game", [g for g in GAME_IDS if g != "tiny"])
def test_a_page_pieces_together_every_live_message_of_a_game(server, browser, game):
    """A seat's page and a spectator's follow forty moves of a game live (new rounds, long new lists of
    choices, boards redrawn): what each page pieced together from the patches (play.js) is what a
    fresh load of its link gets, the seat's after every move."""
    base, app = server
    n = players_of(game)
    body = {"game": game, "players": n, "seats": [{"kind": "human"}] * n}
    table = browser.new_context().request.post(f"{base}/api/tables", data=body).json()
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    ctx = browser.new_context(viewport=PHONE)
    pages = [ctx.new_page(), ctx.new_page()]
    for p, link in zip(pages, (table["seats"][0]["url"], table["spectator"]["url"]), strict=True):
        p.goto(link)
        p.wait_for_selector("#turn")
    t = app.state.manager.live[table["id"]]
    rng = random.Random(11)
    for _ in range(40):
        if t.state.is_terminal():
            break
        seat = t.state.active_seats()[0]
        action = str(rng.choice(t.state.legal_actions(seat)))
        before = t.version
        answer = pages[0].request.post(f"{base}/api/act/{tokens[seat]}", data={"action": action})
        assert answer.ok, answer.text()
        _wait_version(pages[0], before)
        _same_as_a_fresh_load(pages[0])
    _same_as_a_fresh_load(pages[1])  # the spectator's, once: patches build on one another
    ctx.close()


def _click_a_move(page, turn: int) -> str:
    """Click a highlighted place on the board when there is one, else an action button."""
    page.bring_to_front()  # a background tab's animation frames are throttled, which slows clicks
    targets = page.locator("#board .target")
    if targets.count() and turn % 2 == 0:
        target = targets.nth(turn % targets.count())
        act = target.get_attribute("data-act")
        target.click()
        _yes_if_asked(page)
        return act
    folded = page.locator("#actions details.fold:not([open]) summary")
    visible = page.locator("#actions button:visible").count()
    if folded.count() and (turn % 3 == 1 or not visible):  # open a folded long list, as a person would
        folded.first.click()
    # the table's open question is answered on its own card, above the board
    buttons = page.locator("#decision button:visible, #actions button:visible")
    button = buttons.nth((turn * 7919) % buttons.count())
    act = button.get_attribute("data-action")
    button.click()
    _yes_if_asked(page)
    return act


def _yes_if_asked(page) -> None:
    """A move that loses the game or leaves a cost unmet asks first (which move is clicked depends on
    when the bots answer): the person says yes, and the move is made."""
    if page.locator("#confirm[open]").count():
        page.locator("#confirm-yes").click()


@pytest.mark.parametrize("game", GAME_IDS)
def test_play_a_table_in_the_browser(server, browser, game):
    base, app = server
    ctx = browser.new_context(viewport=PHONE)
    lobby = ctx.new_page()
    refused = csp_violations(lobby)
    links = _create_in_lobby(lobby, base, game)
    humans = sorted(links["seats"])
    pages = {s: ctx.new_page() for s in humans}
    for s, p in pages.items():
        refused += csp_violations(p)
        p.goto(links["seats"][s])
        p.wait_for_selector("#turn")
    moves = 0
    for turn in range(60):
        t = _live(app, pages[humans[0]])
        if t.state.is_terminal() or moves >= 4:
            break
        seat = next((s for s in t.state.active_seats() if s in pages), None)
        if seat is None:  # bots are thinking
            time.sleep(0.1)
            continue
        page = pages[seat]
        wait_js(page, f"document.body.dataset.version == '{t.version}'")
        before = t.version
        act = _click_a_move(page, turn)
        _wait_version(page, before)
        # bots may answer the table's question in the same moment: the click is one of the new moves
        deadline = time.monotonic() + 10
        while (seat, act) not in t.moves[before:] and time.monotonic() < deadline:
            time.sleep(0.05)
        if (seat, act) not in t.moves[before:]:
            # the others settled the table's question a moment before the click landed: the click is
            # refused (it is no longer a legal move) and the game goes on without it
            assert act not in {str(a) for a in t.state.legal_actions(seat)}, "the click made that seat's move"
            assert not any(s == seat for s, _a in t.moves[before:]), "nothing else was played for the seat"
            continue
        for other in pages.values():  # every other seat's page follows live
            _wait_version(other, before)
        moves += 1
    assert moves >= 1 or _live(app, pages[humans[0]]).state.is_terminal()
    first = pages[humans[0]]
    for p in pages.values():
        _same_as_a_fresh_load(p)
    assert first.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "fits a phone"
    first.bring_to_front()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        first.screenshot(path=f"{SHOTS}/{game}-phone.png", full_page=True)
    # reload and resume: the page is rebuilt from the server
    version = _live(app, first).version
    first.reload()
    wait_js(first, f"parseInt(document.body.dataset.version) >= {version}")
    msg = first.evaluate("window.LOOPCITY.current")
    assert msg["view"] == _view_at(_live(app, first), msg["version"], humans[0])
    # the spectator's page holds the spectator's view only, and no action controls
    spect = ctx.new_page()
    spect.set_viewport_size({"width": 1280, "height": 900})
    spect.goto(links["spectator"])
    msg = spect.evaluate("window.LOOPCITY.current")
    assert msg["view"] == _view_at(_live(app, spect), msg["version"], None)
    assert msg["legal"] == [] and spect.locator("#actions button").count() == 0
    assert spect.locator("#board [data-act].target").count() == 0
    if SHOTS:
        spect.screenshot(path=f"{SHOTS}/{game}-spectator.png", full_page=True)
    ctx.close()
    assert refused == [], "the pages do all they do within their Content-Security-Policy"


def test_the_play_page_works_from_the_keyboard(server, browser):
    base, app = server
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    links = _create_in_lobby(page, base, "tiny")
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(links["seats"][0])
    page.wait_for_selector("#actions button")
    # the live page names its table, for a proxy that keeps a table's pages on one process
    table = page.evaluate("window.LOOPCITY.current.table")
    end = time.monotonic() + 10  # the actions show from the page's own first message, before its socket opens
    while not sockets and time.monotonic() < end:
        page.wait_for_timeout(50)
    assert len(sockets) == 1 and sockets[0].endswith(f"&table={table}"), sockets
    for _ in range(30):  # Tab to the first action and press Enter
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action || ''"):
            break
    assert page.evaluate("document.activeElement.dataset.action") == "ready"
    page.keyboard.press("Enter")
    _wait_version(page, 0)
    t = _live(app, page)
    assert (0, "ready") in t.moves
    page.goto(links["seats"][1])  # keys 1-9 go to the first nine actions; Enter takes it
    page.wait_for_selector("#actions button")
    page.keyboard.press("1")
    assert page.evaluate("document.activeElement.dataset.action") == "ready"
    assert page.evaluate("document.body.dataset.version") == "1", "a number key alone makes no move"
    page.keyboard.press("Enter")
    _wait_version(page, 1)
    assert (1, "ready") in _live(app, page).moves
    ctx.close()


def test_a_refused_move_shows_the_reason(server, browser):
    base, app = server
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    links = _create_in_lobby(page, base, "tiny")
    page.goto(links["seats"][1])
    page.wait_for_selector("#actions button")
    page.evaluate("window.LOOPCITY.send('take 2')")  # as a page that missed an update would
    page.wait_for_selector("#refusal:not([hidden])")
    assert "not allowed now" in page.locator("#refusal").inner_text()
    assert _version(page) == 0 and _live(app, page).moves == []
    page.locator("#actions button").first.click()  # a legal move clears the message
    _wait_version(page, 0)
    assert page.locator("#refusal").is_hidden()
    ctx.close()


def test_clicks_on_board_places_make_moves(server, browser):
    base, app = server
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    links = _create_in_lobby(page, base, "tinyboard")
    page.goto(links["seats"][0])
    target = page.locator("#board [data-act='ready']")
    assert target.get_attribute("role") == "button" and target.get_attribute("tabindex") == "0"
    assert page.locator("#board [data-act='roll']").count() == 0  # not legal now: not on the board
    target.click()
    _wait_version(page, 0)
    t = _live(app, page)
    assert (0, "ready") in t.moves
    page.goto(links["seats"][1])
    page.locator("#board [data-act='ready']").focus()  # and from the keyboard
    page.keyboard.press("Enter")
    _wait_version(page, 1)
    assert (1, "ready") in _live(app, page).moves
    page.goto(links["seats"][0])
    page.locator("#board [data-act='roll']").click()
    _wait_version(page, 2)
    assert _live(app, page).moves[2] == (0, "roll")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/tinyboard-phone.png", full_page=True)
    ctx.close()


def _play_short_game_to_the_end(page, base: str, game: str) -> None:
    """Set up ``game``'s short variant with a random bot in seat 2 and click seat 1's moves to the end."""
    page.goto(base + "/")
    form = page.locator(f"section[data-game='{game}'] form")
    form.locator("select[name=variant]").select_option("short")
    form.locator("select[name=seat1]").select_option("bot:random")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/table/*")
    page.goto(page.locator("a.seat-link").first.get_attribute("href"))
    for _ in range(40):
        if page.locator("#outcome:not([hidden])").count():
            break
        buttons = page.locator("#actions button")
        if buttons.count():
            version = _version(page)
            buttons.last.click()
            _wait_version(page, version)
        else:
            page.wait_for_timeout(100)


def test_a_finished_game_shows_the_outcome_and_offers_the_record(server, browser, tmp_path):
    base, app = server
    ctx = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = ctx.new_page()
    _play_short_game_to_the_end(page, base, "tiny")
    outcome = page.locator("#outcome")
    assert (
        outcome.is_visible() and "Game over" in outcome.inner_text() and "pile empty" in outcome.inner_text()
    )
    with page.expect_download() as download:
        page.locator("#download").click()
    path = tmp_path / "record.json"
    download.value.save_as(path)
    record = Record.load(path)
    assert same_game(record.replay(verify=True), _live(app, page).state)
    # play again: the same seats and bots, a new game, and this page follows it
    done = page.evaluate("window.LOOPCITY.current.version")
    page.locator("#play-again").click()
    page.wait_for_function(
        "() => window.LOOPCITY.current && !window.LOOPCITY.current.finished", timeout=15000
    )
    assert not page.locator("#outcome").is_visible()
    assert page.evaluate("window.LOOPCITY.current.version") < done
    ctx.close()


def test_a_competitive_game_ends_with_its_winners_and_no_team_result(server, browser):
    base, app = server
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    _play_short_game_to_the_end(page, base, "tiny_contest")
    outcome = page.locator("#outcome")
    wait_js(page, "!document.getElementById('outcome').hidden")
    text = outcome.inner_text()
    ended = _live(app, page).state.outcome()
    assert ended.team_won is None
    assert "The team" not in text, text  # neither "The team won" nor "The team lost"
    line = next(x for x in text.splitlines() if "Winners: " in x)
    assert len(line.split("Winners: ")[1].split(", ")) == len(ended.winners), text
    assert "Scores: " in text
    ctx.close()


def test_a_page_reconnects_after_a_server_restart_and_play_goes_on(browser, tmp_path):
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    app, stop = _start(tmp_path / "web.db", port)
    try:
        ctx = browser.new_context(viewport=PHONE)
        page = ctx.new_page()
        links = _create_in_lobby(page, base, "tiny")
        page.goto(links["seats"][0])
        page.locator("#actions button").first.click()
        _wait_version(page, 0)
        page.wait_for_selector(".live.on")
    finally:
        stop()
    page.wait_for_selector(".live.off")  # the page says it is reconnecting
    app, stop = _start(tmp_path / "web.db", port)  # a new server process over the same database
    try:
        page.wait_for_selector(".live.on", timeout=15_000)
        assert _version(page) == 1
        other = ctx.new_page()
        other.goto(links["seats"][1])
        other.locator("#actions button").first.click()
        _wait_version(page, 1)  # the reconnected page follows the other seat's move
        assert _live(app, page).moves == [(0, "ready"), (1, "ready")]
        ctx.close()
    finally:
        stop()
        unregister(TINY.id)
        unregister(BOARD.id)


READABLE = """() => {
  const svg = document.querySelector('#board svg');
  if (!svg) return null;
  const ctm = svg.getScreenCTM();
  const scale = Math.hypot(ctm.a, ctm.b);
  const shown = [...svg.querySelectorAll('text')].filter(
    (t) => getComputedStyle(t).display !== 'none' && t.getBBox().width > 0 && t.textContent.trim());
  const px = shown.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  const boxes = shown.map((t) => t.getBoundingClientRect());
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 0 && h > 0 && w * h > 0.15 * Math.min(a.width * a.height, b.width * b.height))
      overlaps.push([shown[i].textContent, shown[j].textContent]);
  }
  const fitted = [...svg.querySelectorAll('text[data-fit]')];
  const overflowing = shown.filter((t) => t.hasAttribute('data-fit') &&
    t.getBoundingClientRect().width > parseFloat(t.getAttribute('data-fit')) * scale + 1).map((t) => t.textContent);
  return {least: Math.min(...px), shown: shown.length, overlaps, overflowing,
          fitted: fitted.length, fitted_shown: shown.filter((t) => t.hasAttribute('data-fit')).length,
          fits: document.documentElement.scrollWidth <= window.innerWidth + 1};
}"""


@pytest.mark.parametrize("game", [g for g in GAME_IDS if spec_of(g).render_svg is not None and g != "tiny"])
def test_the_board_reads_on_a_phone_and_a_projector(server, browser, game):
    """Every word left on the board is at least 14 px on a phone and 18 px on a projector, no two
    words cover each other, a name keeps to its place's width (and a projector has room for names),
    and the page never scrolls sideways."""
    base, _app = server
    ctx = browser.new_context(viewport=PHONE)
    links = _create_in_lobby(ctx.new_page(), base, game)
    page = ctx.new_page()
    for size, least in ((PHONE, 14), ({"width": 1920, "height": 1080}, 18)):
        page.set_viewport_size(size)
        page.goto(links["seats"][min(links["seats"])])
        page.wait_for_selector("#board svg text")
        time.sleep(0.3)  # the board is fitted after layout
        seen = page.evaluate(READABLE)
        assert seen["shown"] > 0, "the board shows some words"
        assert seen["least"] >= least - 0.5, (size, seen["least"])
        assert seen["overlaps"] == [], (size, seen["overlaps"][:3])
        assert seen["overflowing"] == [], (size, seen["overflowing"][:3])
        if size["width"] > 1000 and seen["fitted"]:
            assert seen["fitted_shown"] > 0, "a projector shows the names the board has room for"
        assert seen["fits"], size
        if SHOTS and size["width"] > 1000:
            page.screenshot(path=f"{SHOTS}/{game}-projector.png")
    ctx.close()
