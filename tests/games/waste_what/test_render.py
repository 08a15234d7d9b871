"""Text and SVG renderings are pure functions of a view; every card a legal action names is clickable
in the SVG and says in ``data-info`` what it is; the board does not repeat the action list."""

import json
import re
import xml.dom.minidom

from loopcity.games.waste_what.render import _CARD_KINDS, render_svg, render_text
from loopcity.web import delta

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


def groups(svg):
    return xml.dom.minidom.parseString(svg).getElementsByTagName("g")


def test_text_shows_table_skills_storage_and_incinerator_in_words():
    s = scene()
    text = render_text(s.view(0))
    for needle in (
        "round 1 of 6",
        "Wobbly chair: Furniture, complexity 1; recycling is free",
        "Chewing gum: Just Waste; cannot be recycled",
        "Furniture 2",
        "Storage: Broken toaster: Electronics, complexity 2; recycling costs 1 money",
        "CO2 released 0 of 3",
        "Sell slots (2 money on them)",
        "Donate slots",
        "Recycle Bin",
        "Player 1: 2 money, rent due 1, at work",
    ):
        assert needle in text, needle
    assert "[" not in text, "no card numbers"


def test_svg_marks_the_cards_legal_actions_name_and_nothing_else():
    s = scene()
    legal = s.legal_actions(0)
    svg = render_svg(s.view(0), legal)
    acts = {g.getAttribute("data-act") for g in groups(svg) if g.getAttribute("data-act")}
    named = {_CARD_KINDS[a.kind].read(a).card for a in legal if a.kind in _CARD_KINDS}
    assert acts <= {str(a) for a in legal}, "only legal actions are clickable"
    clickable = {int(a.split()[1]) for a in acts}
    assert clickable == named, "every card an action names is clickable"
    assert f"reuse {card(s, 'Wobbly chair')} furniture" in acts
    assert "end_round" not in svg, "the action list is not repeated on the board"


def test_every_card_skill_and_slot_says_what_it_is():
    s = scene()
    svg = render_svg(s.view(None))
    infos = [g.getAttribute("data-info") for g in groups(svg) if g.getAttribute("class") in ("card", "skill")]
    assert "Wobbly chair: Furniture, complexity 1; recycling is free" in infos
    assert "Furniture, level 2" in infos
    assert all(infos), "every card and skill carries its words"


def test_big_text_is_short_and_details_are_minor():
    svg = render_svg(scene().view(None))
    texts = xml.dom.minidom.parseString(svg).getElementsByTagName("text")
    for t in texts:
        words = "".join(n.data for n in t.childNodes if n.nodeType == n.TEXT_NODE)
        if t.getAttribute("class") != "minor":
            assert len(words) <= 32, words
    # A card's name is on the card, in lines that keep to its width (and give way where they cannot).
    names = [
        ([line.firstChild.data for line in t.getElementsByTagName("tspan")], t.getAttribute("data-fit"))
        for t in texts
        if t.getElementsByTagName("tspan")
    ]
    assert (["Wobbly chair"], "145") in names
    assert names and all(
        1 <= len(lines) <= 2 and all(len(x) <= 155 // 12 for x in lines) for lines, _f in names
    )
    assert all(re.search(code, svg) for code in (r"FUR\s1", "JW", r"FUR\s2")), (
        "colour always comes with a code"
    )


def test_renderings_do_not_change_the_view():
    s = scene()
    view = s.view(1)
    render_text(view)
    render_svg(view, s.legal_actions(1))
    assert view == s.view(1)


def test_a_new_row_of_waste_moves_what_lies_below_it_as_a_whole():
    """A seventh card on the table opens a second row: the slots, the work area and the players' places
    below it move down as whole bands (one attribute each), so a page's patch carries the new card and
    the bands' new places, not every place below drawn again."""
    names = ["Wobbly chair", "Chewing gum", "Odd socks", "Bent wheel", "Cardboard boxes", "Leftover tiles"]
    six = render_svg(position(new_game(), table=names).view(None))
    seven = render_svg(position(new_game(), table=[*names, "Expired canned food"]).view(None))

    def bands(svg):
        return {
            g.getAttribute("transform"): "".join(c.toxml() for c in g.childNodes)
            for g in groups(svg)
            if g.getAttribute("transform").startswith("translate")
        }

    before, after = bands(six), bands(seven)
    assert len(before) == len(after) >= 2 and before.keys().isdisjoint(after.keys()), "every band moved"
    assert sorted(before.values()) == sorted(after.values()), "and each is drawn as it was"
    ops = delta.diff({"svg": six}, {"svg": seven})
    assert delta.apply({"svg": six}, ops) == {"svg": seven}
    card = re.search(r'<g class="card"[^>]*Expired canned food.*?</text></g>', seven)
    assert card and len(json.dumps(ops)) < 2 * len(card.group(0))
