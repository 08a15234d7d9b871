"""One step for one decision, on a phone (390×844) in real headless Chromium: ResourCEd's trade is one
offer put together with − and + and sent once (one request, one question to the partner, one undo), its
hand limit is paid as one choice, the first action stays in view, and axe-core finds no serious or
critical violation on the page with the forms."""

from __future__ import annotations

import time

import pytest

from loopcity.engine import load_game

from .test_browser import PHONE, browser, wait_js  # noqa: F401  (browser: fixture)
from .test_newcomer_browser import FIRST_IN_VIEW, PROJECTOR, _axe, _open, _shot, _table, server  # noqa: F401

pytestmark = pytest.mark.slow


def _position(want, limit: int = 3000):
    """ResourCEd's moves (seed 3) up to the first position where ``want(state, seat, choices)``."""
    game = load_game("resourced")
    state, moves = game.new_state(3), []
    for _ in range(limit):
        seat = state.active_seats()[0]
        if want(state, seat, game.spec.choices(state, seat)):
            return moves, seat
        legal = [str(a) for a in state.legal_actions(seat)]
        chosen = [a for a in legal if not a.startswith(("give ", "take ", "vote no"))] or legal
        state.apply(seat, chosen[0])
        moves.append((seat, chosen[0]))
    raise AssertionError("no such position")


def _acts(page) -> list[str]:
    """The moves this page sends, one entry per request."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.post_data or "") if "/api/act/" in r.url else None)
    return sent


def _live(app, moves):
    return next(t for t in app.state.manager.live.values() if t.moves[: len(moves)] == moves)


def test_a_trade_is_one_offer_built_with_counters(server, browser):  # noqa: F811
    base, app = server
    moves, seat = _position(
        lambda s, seat, cs: any(c.key.startswith("trade-") and len(c.groups) == 2 and c.most >= 2 for c in cs)
    )
    tokens = _table(app, "resourced", moves=moves)
    page = browser.new_page(viewport=PHONE)
    sent = _acts(page)
    _open(page, base, tokens[seat])
    assert page.evaluate(FIRST_IN_VIEW)["dock"] is True, "the first action stays in view"
    fold = page.locator("details.choice-fold[data-choice^='trade-']").first
    assert fold.is_visible() and fold.get_attribute("open") is None, "beside the moves, folded"
    fold.locator("summary").click()
    clicks = 1
    form = fold.locator("form.choice")
    assert form.is_visible()
    assert not page.locator(
        "#actions button[data-action^='give '], #actions button[data-action^='take ']"
    ).count()
    assert form.locator("button.choice-send").is_disabled(), "nothing counted yet: nothing to offer"
    groups = form.locator(".choice-group")
    assert groups.count() == 2
    for g in range(2):
        plus = groups.nth(g).locator("button.step").nth(1)
        box = plus.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        plus.click()
        clicks += 1
    assert "2" in form.locator(".choice-sum").inner_text()
    _shot(page, "resourced-trade-phone")
    t = _live(app, moves)
    before, version = len(t.moves), t.version
    form.locator("button.choice-send").click()
    clicks += 1
    wait_js(page, f"parseInt(document.body.dataset.version) >= {version + 3}")
    assert clicks == 4 and len(sent) == 1, "one offer: open, two counts and one send, one request"
    assert len(t.moves) == before + 3 and t.moves[-1] == (seat, "offer_trade")
    assert t.state.ballot is not None and t.state.ballot["by"] == seat
    # the partner answers once
    other = browser.new_page(viewport=PHONE)
    _open(other, base, tokens[t.state.deal["with"]])
    assert other.locator("#decision button, #dock button.yes").first.is_visible()
    other.close()
    # one undo takes the whole offer back
    page.locator("#dock button.ghost, #undo").first.click()
    wait_js(page, f"parseInt(document.body.dataset.version) > {version + 3}")
    assert len(t.moves) == before and t.state.deal is None
    assert page.locator("details.choice-fold[data-choice^='trade-']").first.is_visible()
    assert _axe(page) == []
    page.close()


def test_the_hand_limit_is_paid_as_one_choice(server, browser):  # noqa: F811
    base, app = server
    moves, seat = _position(lambda s, seat, cs: any(c.key == "discard" for c in cs))
    tokens = _table(app, "resourced", moves=moves)
    page = browser.new_page(viewport=PHONE)
    sent = _acts(page)
    _open(page, base, tokens[seat])
    form = page.locator("form#choice-discard")
    assert form.is_visible(), "alone, the choice is open"
    assert not page.locator("#actions button[data-action^='discard ']").count()
    assert page.evaluate(FIRST_IN_VIEW)["dock"] is True
    page.locator("#dock-actions button").first.click()  # the dock leads to the form
    time.sleep(0.3)
    box = form.bounding_box()
    assert 0 <= box["y"] < PHONE["height"], "the form is on the screen"
    need = int(form.locator(".choice-sum").inner_text().split(" of ")[1].split()[0])
    t = _live(app, moves)
    before, version = len(t.moves), t.version
    plus = form.locator("button.step").nth(1)
    for _ in range(need):
        while plus.is_disabled():
            plus = form.locator("button.step:not([disabled])").filter(has_text="+").first
        plus.click()
    _shot(page, "resourced-discard-phone")
    form.locator("button.choice-send").click()
    wait_js(page, f"parseInt(document.body.dataset.version) >= {version + need}")
    assert len(sent) == 1 and len(t.moves) == before + need
    assert all(text.startswith("discard ") for _s, text in t.moves[before:])
    page.close()


def test_the_trade_form_on_a_projector(server, browser):  # noqa: F811
    base, app = server
    moves, seat = _position(
        lambda s, seat, cs: any(c.key.startswith("trade-") and len(c.groups) == 2 for c in cs)
    )
    tokens = _table(app, "resourced", moves=moves)
    page = browser.new_page(viewport=PROJECTOR)
    _open(page, base, tokens[seat])
    page.locator("details.choice-fold summary").first.click()
    assert page.locator("form.choice").first.is_visible()
    _shot(page, "resourced-trade-projector")
    assert _axe(page) == []
    page.close()
