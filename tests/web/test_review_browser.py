"""Replay viewer, what-if and debrief pages in real headless Chromium (Debian's package). Screenshots of
one debrief per game (and a replay) go to $LOOPCITY_SCREENSHOTS when set (scripts/screenshots.sh)."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopcity.engine import list_games, load_game, unregister
from tiny_game import SPEC as TINY

from .test_browser import (  # noqa: F401  (browser: fixture)
    BOARD,
    PHONE,
    SHOTS,
    _free_port,
    _start,
    browser,
    csp_violations,
    wait_js,
)
from .test_review import bot_game

pytestmark = pytest.mark.slow
GAMES = sorted(s.id for s in list_games() if s.id not in ("tiny", "tinyboard"))
WIDE = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = _free_port()
    app, stop = _start(tmp_path_factory.mktemp("review") / "web.db", port)
    yield f"http://127.0.0.1:{port}", app
    stop()
    unregister(TINY.id)
    unregister(BOARD.id)


def _finished(app, game_id: str, seed: int = 3) -> dict:
    """A finished table whose seats are people, made from a heuristic bots' game; its tokens by role/seat."""
    rec, _states = bot_game(game_id, seed)
    n = load_game(game_id).players
    made = app.state.manager.create(
        game_id, players=n, seats=[{"kind": "human"}] * n, seed=seed, moves=rec.moves
    )
    return {role if seat is None else seat: tok for tok, role, seat in made["tokens"]}


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_debrief_page_per_game(server, browser, game_id):  # noqa: F811
    base, app = server
    tokens = _finished(app, game_id)
    page = browser.new_page(viewport=WIDE)
    refused = csp_violations(page)
    page.goto(f"{base}/debrief/{tokens['facilitator']}")
    assert "Debrief" in page.locator("h1").inner_text()
    names = [k for k in load_game(game_id).spec.metrics(load_game(game_id).new_state(1)) if k != "round"]
    assert page.locator("#charts figure svg").count() >= len(names)
    assert page.locator("#points li").count() >= 2
    assert page.locator("#moments tbody tr").count() >= 1
    assert page.locator("#contributions tbody tr").count() == load_game(game_id).players
    pdf = page.request.get(base + page.locator("#pdf-link").get_attribute("href"))
    assert pdf.ok and pdf.body().startswith(b"%PDF-")
    csv = page.request.get(base + page.locator("#csv-link").get_attribute("href"))
    assert csv.ok and csv.text().startswith("step,round,seat,action,")
    _shot(page, f"{game_id}-debrief")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.close()
    assert refused == [], "the debrief page works within its Content-Security-Policy"


def test_replay_steps_by_keyboard_and_links_and_switches_views(server, browser):  # noqa: F811
    base, app = server
    tokens = _finished(app, "resourced", 5)
    page = browser.new_page(viewport=WIDE)
    refused = csp_violations(page)
    page.goto(f"{base}/replay/{tokens[1]}?step=0")
    assert "Step 0 /" in page.locator("#where").inner_text()
    assert page.locator("#board svg").count() == 1
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**step=1**")
    page.locator("#next").click()
    page.wait_for_url("**step=2**")
    assert "Move 2" in page.locator("#move").inner_text()
    page.locator("#prev").click()
    page.wait_for_url("**step=1**")
    third = next(
        t for t in page.locator("#round-select option").all_inner_texts() if t.startswith("Round 3 ")
    )
    page.locator("#round-select").select_option(label=third)
    page.locator("#as-select").select_option("spectator")
    page.locator(".replay-jump button").click()
    page.wait_for_url("**as=spectator**")
    assert "Round 3" in page.locator("#where").inner_text()
    assert "Spectator" in page.locator(".who").inner_text()
    if page.locator("#next-event").count():
        page.locator("#next-event").click()
        page.wait_for_selector("#move li.log-chance", state="attached")  # the next page has loaded
    _shot(page, "resourced-replay")
    page.close()
    assert refused == [], "the replay page works within its Content-Security-Policy"


def test_a_seat_replaying_a_running_game_may_choose_only_its_own_view(server, browser):  # noqa: F811
    base, app = server
    made = app.state.manager.create("reclaim", players=4, seats=[{"kind": "human"}] * 4, seed=2)
    tok = next(t for t, role, seat in made["tokens"] if seat == 1)
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/play/{tok}")
    page.locator("#replay-link").click()
    page.wait_for_url("**/replay/**")
    options = page.locator("#as-select option").all_inner_texts()
    assert options == ["Seat 2", "Spectator"]
    assert page.locator("#whatif").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.close()


def test_what_if_from_the_facilitators_replay_opens_a_new_table(server, browser):  # noqa: F811
    base, app = server
    tokens = _finished(app, "waste_what", 2)
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{base}/replay/{tokens['facilitator']}?step=12")
    form = page.locator("#whatif")
    form.locator("select[name=seat1]").select_option("bot:random")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/table/**")
    assert "What-if table" in page.locator("main").inner_text()
    assert page.locator("a.seat-link").count() == 1
    page.locator("a.seat-link").click()
    wait_js(page, "document.body.dataset.version >= 12")
    page.close()
