"""Text and SVG renderings are pure functions of a view; legal actions are clickable in the SVG."""

import xml.dom.minidom

from loopcity.games.waste_what.render import render_svg, render_text

from .helpers import card, new_game, position

SKILLS = {
    "textile": (0, 1),
    "furniture": (0, 2),
    "bikes": (0, 1),
    "food": (1, 1),
    "electronics": (1, 1),
    "creative": (1, 1),
}


def scene():
    return position(
        new_game(),
        table=["Wobbly chair", "Chewing gum"],
        storage=([], ["Broken toaster"]),
        skills=dict(SKILLS),
    )


def test_text_shows_table_skills_storage_and_incinerator():
    s = scene()
    text = render_text(s.view(0))
    for needle in (
        "round 1/6",
        "Wobbly chair",
        "Chewing gum",
        "Furniture L2",
        "Broken toaster",
        "CO2 released 0/3",
        "Sell slots",
        "Donate slots",
        "Recycle Bin",
        "rent due",
    ):
        assert needle in text, needle


def test_svg_is_valid_and_marks_legal_actions():
    s = scene()
    legal = s.legal_actions(0)
    svg = render_svg(s.view(0), legal)
    dom = xml.dom.minidom.parseString(svg)
    acts = {g.getAttribute("data-act") for g in dom.getElementsByTagName("g") if g.getAttribute("data-act")}
    assert acts == {str(a) for a in legal}, "every legal action is clickable, and nothing else"
    assert f"reuse {card(s, 'Wobbly chair')} furniture" in acts


def test_svg_pairs_colour_with_text_labels():
    svg = render_svg(scene().view(None))
    assert "FUR" in svg and "JW" in svg and "level 2" in svg and "Incinerator" in svg


def test_renderings_do_not_change_the_view():
    s = scene()
    view = s.view(1)
    render_text(view)
    render_svg(view, s.legal_actions(1))
    assert view == s.view(1)
