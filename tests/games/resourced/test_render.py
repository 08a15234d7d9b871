"""Text and SVG renderings are pure functions of a view."""

import xml.etree.ElementTree as ET

from loopcity.games.resourced.render import render_svg, render_text

from .helpers import load, position, turn


def test_text_rendering_shows_round_waste_board_hands_and_the_question():
    st = load(position(phase="upkeep_waste", decision={"left": 2}, still_to_come=["round_end"]))
    text = render_text(st.view(0))
    assert "Round 1/20" in text and "Waste 0/24" in text and "Food Forest" in text
    assert "Seat 1 on tile 0: food 1 water 1" in text
    assert "for the table" in text


def test_svg_is_well_formed_and_marks_legal_targets():
    st = turn(1, 0, phase="move")
    view = st.view(0)
    svg = render_svg(view, st.legal_actions(0))
    root = ET.fromstring(svg)
    acts = [el.get("data-act") for el in root.iter() if el.get("data-act")]
    assert sorted(acts) == sorted(str(a) for a in st.legal_actions(0) if a.kind == "move")
    assert "BGCS" in svg and "Waste 0/24" in svg


def test_rendering_depends_only_on_the_view():
    st = turn()
    view = st.view(None)
    assert render_text(view) == render_text(dict(view))
    assert render_svg(view) == render_svg(dict(view))
