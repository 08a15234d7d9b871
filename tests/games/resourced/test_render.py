"""Text and SVG renderings are pure functions of a view."""

import xml.etree.ElementTree as ET

from loopcity.games.resourced.render import render_svg, render_text

from .helpers import load, position, turn


def test_text_rendering_shows_round_waste_board_and_hands():
    st = load(position(phase="upkeep_waste", decision={"left": 2}, still_to_come=["round_end"]))
    text = render_text(st.view(0))
    assert "Round 1/20" in text and "Waste 0/24" in text and "FF Food Forest" in text
    assert "Seat 1 on BGCS (hex 0): 1 Food, 1 Water" in text


def test_text_rendering_draws_the_hexagon_map_so_neighbours_can_be_seen():
    """BGCS (hex 0) in the middle row, its six Ring 1 neighbours around it: two beside it, two on
    the line above and two on the line below, half a hex to either side."""
    st = load(position(on={2: 1}))
    lines = render_text(st.view(0)).splitlines()
    row = next(i for i, line in enumerate(lines) if " 0 BG" in line)
    middle = lines[row]
    assert " 6 HH" in middle and " 3 HH" in middle
    assert middle.index(" 6 HH") < middle.index(" 0 BG") < middle.index(" 3 HH")
    above, below = lines[row - 2], lines[row + 2]
    assert " 5 RC" in above and " 4 SH" in above and " 1 FF" in below and " 2 CG" in below
    col = middle.index(" 0 BG")
    assert above.index(" 5 RC") < col < above.index(" 4 SH")
    assert "@134" in lines[row + 1] and "@2" in lines[row + 3]  # players 1, 3, 4 on BGCS; 2 on hex 1


def test_svg_is_well_formed_and_marks_legal_targets():
    st = turn(1, 0, phase="move")
    view = st.view(0)
    svg = render_svg(view, st.legal_actions(0))
    root = ET.fromstring(svg)
    acts = [el.get("data-act") for el in root.iter() if el.get("data-act")]
    assert sorted(acts) == sorted(str(a) for a in st.legal_actions(0) if a.kind == "move")
    assert "BGCS" in svg and "Waste 0/24" in svg


def test_svg_hexes_carry_their_words_and_targets_show_their_number():
    st = turn(1, 0, phase="move", upgrades={2: "composter"}, on={2: 2})
    root = ET.fromstring(render_svg(st.view(0), st.legal_actions(0)))
    info = {el.get("id"): el.get("data-info") for el in root.iter() if el.get("id", "").startswith("cell-")}
    assert info["cell-2"] == "Hex 2 (Ring 1): Community Garden with a Composter; here: Seat 2"
    assert info["cell-0"] == "BGCS (hex 0): BGCS; here: Seat 1, Seat 3, Seat 4"
    assert info["cell-20"] == "Hex 20 (Ring 3): not open yet"
    cell = next(el for el in root.iter() if el.get("id") == "cell-3")  # a target: its number is read
    shown = [t for t in cell.iter("{http://www.w3.org/2000/svg}text") if t.get("class") != "minor"]
    assert [t.text for t in shown][1:] == ["3"]
    # the tile's name in two lines where there is room, its letters where there is not
    assert ["".join(s.text for s in shown[0]), shown[0].get("data-short")] == ["HeatHaven", "HH"]
    assert [s.text for s in shown[0]] == ["Heat", "Haven"]
    empty = next(el for el in root.iter() if el.get("id") == "cell-14")  # no target: secondary
    assert [t.get("class") for t in empty.iter("{http://www.w3.org/2000/svg}text")] == ["minor"]


def test_rendering_depends_only_on_the_view():
    st = turn()
    view = st.view(None)
    assert render_text(view) == render_text(dict(view))
    assert render_svg(view) == render_svg(dict(view))
