"""A newcomer's game on a phone (390×844) and a projector (1920×1080), in real headless Chromium: the
first action in view at the start of a turn in every game, the title and icon say whose turn it is and
change when the turn comes, an action that loses (or leaves a rent unpaid) asks first, undo takes a move
back, and axe-core finds no serious or critical accessibility violation on any page."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from loopcity.engine import list_games, load_game, unregister
from loopcity.engine.risk import assess
from tiny_game import SPEC as TINY

from .test_browser import (  # noqa: F401  (browser: fixture)
    BOARD,
    PHONE,
    SHOTS,
    _free_port,
    _start,
    browser,
    wait_js,
)

pytestmark = pytest.mark.slow
GAMES = sorted(s.id for s in list_games() if s.id not in ("tiny", "tinyboard"))
PROJECTOR = {"width": 1920, "height": 1080}
SIZES = {"phone": PHONE, "projector": PROJECTOR}
PHONE_BOARD = 100
"""Pixels of the board a phone shows on its first screen, at the least (the dock below it)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = _free_port()
    app, stop = _start(tmp_path_factory.mktemp("newcomer") / "web.db", port)
    yield f"http://127.0.0.1:{port}", app
    stop()
    unregister(TINY.id)
    unregister(BOARD.id)


def _table(app, game_id: str, moves=(), seed: int = 3, players: int | None = None) -> dict:
    """A table whose seats are all people; its tokens by seat (and role)."""
    n = players or load_game(game_id).players
    made = app.state.manager.create(game_id, players=n, seats=[{"kind": "human"}] * n, seed=seed, moves=moves)
    return {role if seat is None else seat: tok for tok, role, seat in made["tokens"]}


def _open(page, base: str, token: str) -> None:
    page.goto(f"{base}/play/{token}")
    page.wait_for_selector("#turn p")


def _shot(page, name: str, full: bool = False) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=full)


FIRST_IN_VIEW = """() => {
  const inView = (b) => { const r = b.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1 &&
           r.left >= 0 && r.right <= window.innerWidth + 1 &&
           document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('button') === b; };
  const dock = [...document.querySelectorAll('#dock:not([hidden]) button')];
  const list = [...document.querySelectorAll('#decision button, #actions button')].filter((b) => b.offsetParent);
  // what a reader sees of each docked button: the characters within its box (the rest is cut off)
  const seen = (b) => { const box = b.getBoundingClientRect(); let text = "";
    const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT); const range = document.createRange();
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const clip = node.parentElement.getBoundingClientRect();
      for (let i = 0; i < node.length; i++) { range.setStart(node, i); range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        if (r.height && r.bottom <= Math.min(box.bottom, clip.bottom) + 1 && r.right <= box.right + 1) text += node.data[i]; } }
    return text.replace(/\\s+/g, " ").trim(); };
  // how much of the board the first screen shows, above the dock
  const dockTop = dock.length ? document.getElementById('dock').getBoundingClientRect().top : window.innerHeight;
  const board = Math.round(Math.min(dockTop, window.innerHeight) - document.getElementById('board').getBoundingClientRect().top);
  return {dock: dock.length ? inView(dock[0]) : null, list: list.length ? inView(list[0]) : null, board,
          docked: dock.map(seen),
          title: document.title, icon: document.getElementById('favicon').getAttribute('href')};
}"""


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_first_action_is_in_view_and_the_title_says_it_is_your_turn(server, browser, game_id, size):  # noqa: F811
    base, app = server
    tokens = _table(app, game_id)
    state = load_game(game_id).new_state(3)
    seat = state.active_seats()[0]
    page = browser.new_page(viewport=SIZES[size])
    _open(page, base, tokens[seat])
    time.sleep(0.2)
    seen = page.evaluate(FIRST_IN_VIEW)
    assert seen["title"].startswith("▶") and seen["icon"].endswith("icon-turn.svg"), seen
    if size == "phone":
        assert seen["dock"] is True, "the dock at the bottom holds the first action"
        shown = [t for t in seen["docked"] if t]
        assert len(set(shown)) == len(shown) == len(seen["docked"]), (
            f"docked buttons that read alike: {shown}"
        )
        # the prompt, the first-game hint and the page's links above it leave the board in sight
        assert seen["board"] >= PHONE_BOARD, f"{seen['board']} px of the board on the first screen"
    else:
        assert seen["list"] is True, "the first action is on the first screen"
    waiting = next((s for s in range(state.players) if s not in state.active_seats()), None)
    if waiting is not None:
        _open(page, base, tokens[waiting])
        assert not page.title().startswith("▶") and page.locator("#dock").is_hidden()
    page.close()


def test_the_title_changes_when_the_turn_comes(server, browser):  # noqa: F811
    base, app = server
    tokens = _table(app, "tiny", moves=[(0, "ready"), (1, "ready")], players=2)
    ctx = browser.new_context(viewport=PHONE)
    mine, other = ctx.new_page(), ctx.new_page()
    _open(mine, base, tokens[1])
    assert not mine.title().startswith("▶")
    _open(other, base, tokens[0])
    other.locator("#actions button[data-action='take 1']").click()
    wait_js(mine, "document.title.startsWith('▶')")
    assert mine.evaluate("document.getElementById('favicon').getAttribute('href')").endswith("icon-turn.svg")
    wait_js(other, "!document.title.startsWith('▶')")
    # the person's signal settings are kept in the browser
    mine.locator("#signals summary").click()
    mine.locator("#signal-sound").check()
    mine.reload()
    mine.wait_for_selector("#turn p")
    assert mine.locator("#signal-sound").is_checked()
    ctx.close()


def _risky_position(game_id: str, kind: str) -> tuple[list[tuple[int, str]], int, str]:
    """Moves of a random game (seed 3) up to a position where the active seat has an action that
    loses (``loses``) or leaves a rent unpaid (``short``)."""
    game = load_game(game_id)
    for seed in range(10):
        state, rnd, moves = game.new_state(3), random.Random(seed), []
        for _ in range(3000):
            if state.is_terminal():
                break
            seat = state.active_seats()[0]
            legal = state.legal_actions(seat)
            for text, risk in assess(state, seat, legal).items():
                if risk.text and risk.loses == (kind == "loses"):
                    return moves, seat, text
            action = rnd.choice(legal)
            state.apply(seat, action)
            moves.append((seat, str(action)))
    raise AssertionError("no risky position found")


@pytest.mark.parametrize(("game_id", "kind"), [("waste_what", "short"), ("resourced", "loses")])
def test_an_action_that_loses_asks_first(server, browser, game_id, kind):  # noqa: F811
    base, app = server
    moves, seat, action = _risky_position(game_id, kind)
    tokens = _table(app, game_id, moves=moves)
    page = browser.new_page(viewport=PHONE)
    _open(page, base, tokens[seat])
    version = int(page.evaluate("document.body.dataset.version"))
    step = page.locator(f"#choices .counter[data-step='{action}']")
    if step.count():  # a step of a choice made at once (ResourCEd's hand limit): counted, then sent
        _risky_choice(page, step, version)
        page.close()
        return
    button = page.locator(
        f"#actions button[data-action='{action}'], #decision button[data-action='{action}']"
    )
    if not button.first.is_visible():
        page.locator("#actions details.fold:not([open]) summary").first.click()
    assert "⚠ Watch out" in button.first.inner_text()
    button.first.click()
    page.wait_for_selector("#confirm[open]")
    assert "Watch out" in page.locator("#confirm-risk").inner_text()
    _shot(page, f"{game_id}-confirm")
    page.locator("#confirm-no").click()
    time.sleep(0.3)
    assert int(page.evaluate("document.body.dataset.version")) == version, "cancel makes no move"
    button.first.click()
    page.locator("#confirm-yes").click()
    wait_js(page, f"parseInt(document.body.dataset.version) > {version}")
    live = next(
        t
        for t in app.state.manager.live.values()
        if t.moves[: len(moves)] == moves and t.version > len(moves)
    )
    assert live.moves[len(moves)] == (seat, action)
    page.close()


def _risky_choice(page, step, version: int) -> None:
    """A risky step of a choice made at once: its row says so, and sending the choice asks first."""
    fold = step.locator("xpath=ancestor::details[1]")
    if fold.get_attribute("open") is None:
        fold.locator("summary").click()
    assert "Watch out" in fold.locator(".counter-risk").first.inner_text()
    form = fold.locator("form.choice")
    step.locator("button.step").nth(1).click()
    while form.locator("button.choice-send").is_disabled():
        form.locator("button.step:not([disabled])").filter(has_text="+").first.click()
    form.locator("button.choice-send").click()
    page.wait_for_selector("#confirm[open]")
    assert "Watch out" in page.locator("#confirm-risk").inner_text()
    page.locator("#confirm-no").click()
    time.sleep(0.3)
    assert int(page.evaluate("document.body.dataset.version")) == version, "cancel makes no move"
    form.locator("button.choice-send").click()
    page.locator("#confirm-yes").click()
    wait_js(page, f"parseInt(document.body.dataset.version) > {version}")


def test_undo_takes_a_move_back(server, browser):  # noqa: F811
    base, app = server
    tokens = _table(app, "tiny", moves=[(0, "ready"), (1, "ready")], players=2)
    page = browser.new_page(viewport=PHONE)
    _open(page, base, tokens[0])
    assert page.locator("#undo").is_hidden()
    page.locator("#actions button[data-action='take 2']").click()
    wait_js(page, "parseInt(document.body.dataset.version) === 3")
    assert page.locator("#undo").is_visible()
    page.locator("#undo").click()
    wait_js(page, "parseInt(document.body.dataset.version) === 4")
    assert page.locator("#actions button[data-action='take 2']").is_visible() and page.title().startswith("▶")
    live = next(
        t
        for t in app.state.manager.live.values()
        if t.version == 4 and t.moves == [(0, "ready"), (1, "ready")]
    )
    fresh = live.state.game.new_state(3)
    fresh.apply(0, "ready")
    fresh.apply(1, "ready")
    assert live.state.state_hash() == fresh.state_hash(), "the table is as before the move"
    page.close()


# ----- accessibility ----------------------------------------------------------------------------------
SERIOUS = ("serious", "critical")


def _axe(page) -> list[str]:
    Axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="pip install -e .[dev]").Axe
    found = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {len(v['nodes'])}× e.g. {v['nodes'][0]['target']}"
        for v in found.response["violations"]
        if v["impact"] in SERIOUS
    ]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", sorted(SIZES))
def test_axe_finds_no_serious_violation_on_a_play_page(server, browser, game_id, size):  # noqa: F811
    base, app = server
    tokens = _table(app, game_id)
    state = load_game(game_id).new_state(3)
    page = browser.new_page(viewport=SIZES[size])
    _open(page, base, tokens[state.active_seats()[0]])
    time.sleep(0.3)
    page.locator("#ref-toggle").click()  # the rules and cards too
    page.wait_for_selector("#ref-body section")
    assert _axe(page) == []
    page.close()


def test_axe_finds_no_serious_violation_on_the_other_pages(server, browser):  # noqa: F811
    base, app = server
    page = browser.new_page(viewport=PHONE)
    page.goto(base + "/")
    assert _axe(page) == [], "lobby"
    form = page.locator("section[data-game='tiny'] form")
    form.locator("select[name=variant]").select_option("short")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/table/*")
    assert _axe(page) == [], "links page"
    links = [a.get_attribute("href") for a in page.locator("a.seat-link").all()]
    for _round in range(20):
        for link in links:
            page.goto(link)
            buttons = page.locator("#actions button")
            if buttons.count():
                version = int(page.evaluate("document.body.dataset.version"))
                buttons.first.click()
                wait_js(page, f"parseInt(document.body.dataset.version) > {version}")
    page.goto(links[0])
    page.wait_for_selector("#outcome:not([hidden])")
    assert _axe(page) == [], "a finished game"
    token = links[0].rsplit("/", 1)[1]
    page.goto(f"{base}/replay/{token}")
    assert _axe(page) == [], "replay"
    page.goto(f"{base}/debrief/{token}")
    assert _axe(page) == [], "debrief"
    page.close()


def test_what_changed_since_your_last_turn(server, browser):  # noqa: F811
    base, app = server
    tokens = _table(app, "tinyboard", moves=[(0, "ready"), (1, "ready")], players=2)
    ctx = browser.new_context(viewport=PHONE)
    mine, other = ctx.new_page(), ctx.new_page()
    _open(mine, base, tokens[0])
    mine.locator("#actions button[data-action='take 1']").click()
    wait_js(mine, "parseInt(document.body.dataset.version) === 3")
    _open(other, base, tokens[1])
    other.locator("#actions button[data-action='take 2']").click()
    wait_js(mine, "document.title.startsWith('▶')")
    line = mine.locator("#changed")
    assert line.is_visible() and "Since your last turn" in line.inner_text() and "Seat 2" in line.inner_text()
    mine.locator("#actions button[data-action='take 1']").click()
    wait_js(mine, "!document.title.startsWith('▶')")
    assert line.is_hidden(), "the line goes once one has moved"
    ctx.close()


def test_sustains_year_on_stage_is_one_line_that_opens(server, browser):  # noqa: F811
    base, app = server
    from loopcity.engine import RandomBot

    game = load_game("sustain")
    state, moves = game.new_state(3), []
    while len(game.spec.stage(state.view(0))) <= 2:
        assert len(moves) < 400, "a year with more than two cards on stage"
        seat = state.active_seats()[0]
        action = RandomBot(game, seat, len(moves)).choose(state, seat)
        state.apply(seat, action)
        moves.append((seat, str(action)))
    tokens = _table(app, "sustain", moves=moves)
    page = browser.new_page(viewport=PHONE)
    _open(page, base, tokens[0])
    fold = page.locator("#stage-fold")
    assert fold.is_visible() and fold.get_attribute("open") is None
    summary = page.locator("#stage-sum")
    assert summary.bounding_box()["height"] < 60, "one line"
    summary.click()
    assert page.locator("#stage-cards .stage-card").first.is_visible()
    _shot(page, "sustain-phone-stage")
    page.close()


def test_the_board_stays_under_the_finger_when_a_question_arrives(server, browser):  # noqa: F811
    """ResourCEd's set-up: Seat 1 proposes a tile and the others are asked; the question box appears
    above the board of a person who was looking at the board, and the board does not move."""
    base, app = server
    tokens = _table(app, "resourced")
    page = browser.new_page(viewport=PHONE)
    _open(page, base, tokens[1])
    page.evaluate("document.getElementById('board').scrollIntoView()")
    page.evaluate("window.scrollBy(0, -40)")
    before = page.evaluate("document.getElementById('board').getBoundingClientRect().top")
    version = int(page.evaluate("document.body.dataset.version"))
    state = load_game("resourced").new_state(3)
    proposal = str(state.legal_actions(0)[0])
    other = browser.new_page(viewport=PHONE)
    _open(other, base, tokens[0])
    other.evaluate(f"window.LOOPCITY.send({proposal!r})")
    wait_js(page, f"parseInt(document.body.dataset.version) > {version}")
    time.sleep(0.3)
    assert page.locator("#decision").count() and not page.locator("#decision").is_hidden()
    after = page.evaluate("document.getElementById('board').getBoundingClientRect().top")
    assert abs(after - before) <= 2, (before, after)
    page.close()
    other.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_how_to_play_opens_the_games_walkthrough_on_a_phone(server, browser, game_id):  # noqa: F811
    from loopcity.engine import get_spec, walkthrough

    base, app = server
    tokens = _table(app, game_id)
    page = browser.new_page(viewport=PHONE)
    _open(page, base, tokens[0])
    steps = page.locator("#howto li")
    assert not steps.first.is_visible(), "folded until asked for"
    summary = page.locator("#howto summary")
    assert "How to play" in summary.inner_text()
    summary.click()
    said = [s["text"] for s in walkthrough.steps(get_spec(game_id), "en")]
    assert steps.all_inner_texts() == said and steps.first.is_visible()
    box = page.locator("#howto").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    page.close()


def test_a_long_prompt_keeps_to_three_lines_on_a_phone_and_a_tap_shows_it_whole(server, browser):  # noqa: F811
    """SUSTAIN's discussion in German: a seven-line prompt above the board, which the dock repeats,
    left 72 px of the board on the first screen."""
    base, app = server
    tokens = _table(app, "sustain")
    seat = load_game("sustain").new_state(3).active_seats()[0]
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/play/{tokens[seat]}?lang=de")
    page.wait_for_selector("#turn p.prompt")
    time.sleep(0.2)
    prompt = page.locator("#turn p.prompt")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#turn p.prompt')).lineHeight)")
    whole = page.evaluate("document.querySelector('#turn p.prompt').scrollHeight")
    assert whole > 4 * line, "this prompt is a long one in German"
    assert prompt.bounding_box()["height"] < 3.5 * line + 16
    assert page.evaluate(FIRST_IN_VIEW)["board"] >= PHONE_BOARD
    prompt.click()
    assert prompt.bounding_box()["height"] >= whole - 1
    prompt.click()
    assert prompt.bounding_box()["height"] < 3.5 * line + 16
    page.close()
