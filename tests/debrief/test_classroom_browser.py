"""The class debrief on a projector (headless Chromium at 1920×1080): with six tables, every section of
the page fits one screen, in English and German, and a SUSTAIN class shows its indicators."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopcity.debrief import build as timeline
from loopcity.debrief.classroom import ClassTable, build
from loopcity.engine import load_game
from loopcity.engine.text import reading_in

from .conftest import bot_record

pytestmark = pytest.mark.slow
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def page():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/system-deps.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        yield b.new_page(viewport={"width": 1920, "height": 1080})
        b.close()


def six_tables(game_id: str) -> list[ClassTable]:
    game = load_game(game_id)
    out = []
    for i in range(6):
        rec = bot_record(game_id, 3 + i)
        moves = rec.moves if i % 2 == 0 else rec.moves[: len(rec.moves) // 2]
        names = {s: f"Student {6 * i + s + 1}" for s in range(game.players)}
        out.append(ClassTable(f"Table {i + 1}", timeline=timeline(game, rec.seed, moves), names=names))
    return out


@pytest.mark.parametrize(("game_id", "lang"), [("reclaim", "en"), ("reclaim", "de"), ("sustain", "en")])
def test_each_section_fits_a_projector_screen(page, tmp_path, game_id, lang):
    with reading_in(lang):
        html = build(six_tables(game_id), title="7b").html(page=True)
    (tmp_path / "c.html").write_text(html, encoding="utf-8")
    page.goto((tmp_path / "c.html").as_uri())
    sizes = page.evaluate(
        "Array.from(document.querySelectorAll('.cd-slide')).map(s => [s.scrollHeight, s.scrollWidth])"
    )
    assert len(sizes) >= 6
    assert all(h <= 1080 and w <= 1920 for h, w in sizes), sizes
    lines = page.evaluate(
        "Array.from(document.querySelectorAll('.cd-plot')).map(f => f.querySelectorAll('polyline.table-line').length)"
    )
    assert lines and all(n == 6 for n in lines)
    smallest = page.evaluate(
        "Math.min(...Array.from(document.querySelectorAll('.cd-slide li, .cd-slide td, .cd-slide th'))"
        ".map(e => parseFloat(getComputedStyle(e).fontSize)))"
    )
    assert smallest >= 18


def test_a_presenters_clicker_goes_section_by_section(page, tmp_path):
    """Page Down (what a presenter's clicker sends) stops at a section's top each time, until the page's
    end, and every section is seen whole on the way; Page Up comes back the same way."""
    html = build(six_tables("reclaim"), title="7b").html(page=True)
    (tmp_path / "c.html").write_text(html, encoding="utf-8")
    page.goto((tmp_path / "c.html").as_uri())
    tops = page.evaluate(
        "[...document.querySelectorAll('.cd-slide')].map(s => Math.round(s.getBoundingClientRect().top + scrollY))"
    )
    bottoms = page.evaluate(
        "[...document.querySelectorAll('.cd-slide')].map(s => Math.round(s.getBoundingClientRect().bottom + scrollY))"
    )
    end = page.evaluate("document.documentElement.scrollHeight - innerHeight")
    stops = [0]
    while stops[-1] < end and len(stops) < 20:
        page.keyboard.press("PageDown")
        page.wait_for_timeout(600)  # the smooth scroll and its snap
        stops.append(page.evaluate("Math.round(scrollY)"))
    assert stops[-1] >= end - 1, stops
    assert all(s in tops or s >= end - 1 for s in stops[1:]), (stops, tops)
    for top, bottom in zip(tops, bottoms, strict=True):  # each section whole on one of the screens
        assert any(s <= top and bottom <= s + 1080 + 1 for s in stops), (top, bottom, stops)
    page.keyboard.press("PageUp")
    page.wait_for_timeout(600)
    assert page.evaluate("Math.round(scrollY)") in tops
