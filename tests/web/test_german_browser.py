"""In real headless Chromium: a person opens their seat's play page in English, picks Deutsch in the
language picker, and reads the page's own texts in German (headings, buttons, the prompt, the seats,
the reference panel, a refusal); the choice is kept for the next page they open."""

from __future__ import annotations

import json

import pytest

from .conftest import GAME_IDS, players_of
from .test_browser import browser, server, wait_js  # noqa: F401  (fixtures)
from .test_german import GameWords, english_left

pytestmark = pytest.mark.slow

SHOWN = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walk.nextNode())) {
    const p = n.parentElement;
    if (!p || p.closest("svg, code, pre, script, style, #view, [hidden]")) continue;
    const t = n.textContent.replace(/\\s+/g, " ").trim();
    if (t) out.push(t);
  }
  for (const e of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
    if (e.closest("svg, [hidden]")) continue;
    for (const a of ["aria-label", "placeholder", "title"]) if (e.getAttribute(a)) out.push(e.getAttribute(a));
  }
  return out;
}"""
"""The texts the page shows a person (the board and the raw view left out: the game's, not the page's)."""


def _table(ctx, base: str, game: str) -> dict:
    n = players_of(game)
    body = {"game": game, "players": n, "seats": [{"kind": "human"}] * n, "seed": 5}
    r = ctx.request.post(
        base + "/api/tables", data=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    assert r.status == 201, r.text()
    return r.json()


@pytest.mark.parametrize("game", GAME_IDS)
def test_picking_deutsch_on_the_play_page_shows_it_in_german(server, browser, game):  # noqa: F811
    base, _app = server
    ctx = browser.new_context(locale="en-GB", extra_http_headers={"Accept-Language": "en-GB,en;q=0.9"})
    made = _table(ctx, base, game)
    seat = made["seats"][0]
    page = ctx.new_page()
    page.goto(seat["url"])
    wait_js(page, "document.body.dataset.version !== undefined")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#actions-h").inner_text() == "Actions"
    assert page.locator("#lang-pick option[value=de]").inner_text() == "Deutsch"

    page.select_option("#lang-pick", "de")  # the picker: a cookie, then the page again in German
    page.wait_for_url("**lang=de**")
    wait_js(page, "document.body.dataset.version !== undefined")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#actions-h").inner_text() == "Aktionen"
    assert page.locator("#log-h").inner_text() == "Spielprotokoll"
    assert "Regeln & Karten" in page.locator("#ref-toggle").inner_text()
    assert "Spielverlauf" in page.locator("#replay-link").inner_text()
    assert page.locator("#show-chance-label").inner_text() == "Würfe und Mischen zeigen"
    assert "(du)" in page.locator("#who").inner_text()
    assert page.locator("#chat-h").inner_text() == "Tischgespräch"
    wait_js(page, "document.getElementById('live').textContent.includes('Live')")
    page.locator("#ref-toggle").click()
    wait_js(page, "document.getElementById('ref-h').textContent.includes(' — ')")
    assert page.locator("#ref-h").inner_text().startswith("Regeln & Karten — ")
    assert "Schließen" in page.locator("#ref-close").inner_text()

    # nothing of Loopcity's own English is left on the page (the game's words are its catalogue's)
    words = GameWords()
    state = ctx.request.get(f"{base}/api/state/{seat['token']}?lang=de").json()
    words.walk(state)
    words.walk(ctx.request.get(f"{base}/api/reference/{seat['token']}?lang=de").json())
    assert english_left(page.evaluate(SHOWN), words) == []

    # a refusal is worded in German too
    page.evaluate("window.LOOPCITY.send('fly')")
    wait_js(page, "!document.getElementById('refusal').hidden")
    refusal = page.locator("#refusal").inner_text()
    assert refusal.startswith("Abgelehnt: unbekannte Aktion 'fly'"), refusal

    # the choice is kept: the next page this person opens is German without asking again
    page.goto(base + "/")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("h1").inner_text() == "Einen Tisch einrichten"
    ctx.close()


def test_a_browser_that_prefers_german_gets_german_without_picking(server, browser):  # noqa: F811
    base, _app = server
    ctx = browser.new_context(
        locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    )
    made = _table(ctx, base, "tiny")
    page = ctx.new_page()
    page.goto(made["seats"][0]["url"])
    wait_js(page, "document.body.dataset.version !== undefined")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#turn").inner_text().endswith("Du bist am Zug: Wähle, was du tun willst.")
    page.select_option("#lang-pick", "en")  # and a German browser may still read English
    page.wait_for_url("**lang=en**")
    wait_js(page, "document.body.dataset.version !== undefined")
    assert page.locator("#actions-h").inner_text() == "Actions"
    ctx.close()
