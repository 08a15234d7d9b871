"""Every game's board on a phone (390×844), in real headless Chromium: a legend says what each colour,
disc, outline and mark means, in the game's words and the reader's language; and every place one may
act on is either a target of at least 44×44 px or reachable as a labelled button in the action list; and
a first-game hint is under the prompt for the phase one decides in, until one says one has got it."""

from __future__ import annotations

import time

import pytest

from loopcity.engine import list_games, load_game

from .test_browser import PHONE, browser  # noqa: F401  (browser: fixture)
from .test_newcomer_browser import FIRST_IN_VIEW, PROJECTOR, _axe, _open, _shot, _table, server  # noqa: F401

pytestmark = pytest.mark.slow
GAMES = sorted(s.id for s in list_games() if s.id not in ("tiny", "tinyboard"))


def _with_targets(game_id: str, limit: int = 400):
    """The game's first moves (seed 3, first legal action each) up to a position whose board has a
    place to act on for the seat to move."""
    game = load_game(game_id)
    state, moves = game.new_state(3), []
    for _ in range(limit):
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        svg = game.spec.render_svg(state.view(seat), legal) if game.spec.render_svg else ""
        if any(f'data-act="{a}"' in svg for a in map(str, legal)):
            return moves, seat
        action = str(legal[0])
        state.apply(seat, action)
        moves.append((seat, action))
    raise AssertionError(f"{game_id}: no board target in {limit} moves")


TARGETS = """() => {
  const out = [];
  const listed = new Set([...document.querySelectorAll('#actions button[data-action]')]
    .filter((b) => b.textContent.trim()).map((b) => b.getAttribute('data-action')));
  document.querySelectorAll('#board [data-act].target').forEach((t) => {
    const r = t.getBoundingClientRect();
    out.push({act: t.getAttribute('data-act'), w: Math.round(r.width), h: Math.round(r.height),
              label: t.getAttribute('aria-label') || '', listed: listed.has(t.getAttribute('data-act'))});
  });
  return out;
}"""


@pytest.mark.parametrize("game_id", GAMES)
def test_every_board_target_is_large_or_a_labelled_button(server, browser, game_id):  # noqa: F811
    base, app = server
    moves, seat = _with_targets(game_id)
    tokens = _table(app, game_id, moves=moves)
    page = browser.new_page(viewport=PHONE)
    _open(page, base, tokens[seat])
    time.sleep(0.3)
    targets = page.evaluate(TARGETS)
    assert targets, "the position has places to act on"
    for t in targets:
        assert t["label"] and t["label"] != t["act"], f"{t['act']}: its words, not the engine's"
        assert (t["w"] >= 44 and t["h"] >= 44) or t["listed"], t
    small = [t for t in targets if t["w"] < 44 or t["h"] < 44]
    print(f"{game_id}: {len(targets)} targets, {len(small)} under 44 px, all listed as buttons")
    page.close()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_board_has_a_legend_in_the_readers_language(server, browser, game_id, lang):  # noqa: F811
    base, app = server
    moves, seat = _with_targets(game_id)
    tokens = _table(app, game_id, moves=moves)
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/play/{tokens[seat]}?lang={lang}")
    page.wait_for_selector("#turn p")
    legend = page.locator("#legend details.legend-fold")
    assert legend.is_visible() and legend.get_attribute("open") is None, "folded under the board"
    summary = legend.locator("summary").inner_text()
    assert summary.startswith("Legende" if lang == "de" else "Legend"), summary
    legend.locator("summary").click()
    items = legend.locator("li")
    assert items.count() >= 6
    texts = [items.nth(i).inner_text() for i in range(items.count())]
    assert all(t.strip() for t in texts)
    if lang == "de":
        assert any("Rand" in t for t in texts), texts  # the outlines, in German
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (
        "nothing wider than the phone"
    )
    if lang == "en":
        legend.scroll_into_view_if_needed()
        _shot(page, f"{game_id}-legend-phone")
        assert _axe(page) == []
    page.close()


def test_the_legend_on_a_projector(server, browser):  # noqa: F811
    base, app = server
    moves, seat = _with_targets("resourcity")
    tokens = _table(app, "resourcity", moves=moves)
    page = browser.new_page(viewport=PROJECTOR)
    _open(page, base, tokens[seat])
    page.locator("#legend summary").click()
    page.locator("#legend").scroll_into_view_if_needed()
    _shot(page, "resourcity-legend-projector")
    assert _axe(page) == []
    page.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_first_game_hint_is_under_the_prompt_until_got(server, browser, game_id):  # noqa: F811
    base, app = server
    state = load_game(game_id).new_state(3)
    seat = state.active_seats()[0]
    tokens = _table(app, game_id)
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    page.goto(f"{base}/play/{tokens[seat]}?lang=de")
    page.wait_for_selector("#turn p")
    hint = page.locator("#hint")
    assert hint.is_visible() and "Erstes Spiel" in hint.inner_text()
    box = hint.bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"], "on the first screen, under the prompt"
    assert page.evaluate(FIRST_IN_VIEW)["dock"] is True, "the first action stays in view"
    if game_id == "resourced":
        _shot(page, "resourced-hint-phone")
    hint.locator("button").click()
    assert hint.is_hidden()
    page.reload()
    page.wait_for_selector("#turn p")
    time.sleep(0.2)
    assert hint.is_hidden(), "once got, not shown again in this browser"
    ctx.close()
