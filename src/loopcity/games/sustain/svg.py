"""The SVG board of a SUSTAIN view: the City Map, the Indicators Board and the cards on the table.

Sizes are for a board laid out to fill a screen: the main text (numbers, short names) is at least
18 units high; secondary words carry ``class="minor"`` (a small screen hides them); every place
carries its full words in ``data-info`` and, when a legal action targets it, ``data-act``. The
players' Department sheets, Coins and points are their panels (:mod:`.panels`), and the actions are
listed by the front end, so the board repeats neither. Names and texts from content in the view go
through ``_`` where they are written; a Building's kind is marked by the first letter of its kind's
name in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from html import escape
from typing import Any

from loopcity.engine.text import Drawn, Key, _, ngettext

from . import actions as A
from .board import Geometry, geometry
from .words import (
    building_text,
    category_name,
    coins,
    content_text,
    effects_text,
    indicator_name,
    indicator_short,
    space_text,
)

CATEGORY_STYLE = {  # fill colour; a letter too (see category_letter), so colour is never the only cue
    "residential": "#f4d58d",
    "industry": "#b0b0b0",
    "service": "#9ecae1",
    "green": "#a1d99b",
    "culture": "#d4b9da",
    "transport": "#fdae6b",
}
TRACKS = ("standard_of_living", "attractiveness", "sustainable_transport", "pollution")
CELL = 124
"""A big square and the gap after it."""
SIDE = 102
"""A big square's side."""
MAP_X, MAP_Y = 48, 92
PANEL_X = MAP_X + 5 * CELL + 30
PANEL_W = 470
TARGET = "#2b8a3e"


def category_letter(key: str) -> str:
    """The letter marking a kind of Building: the first of its name in the reader's language
    (``R`` residential, ``I`` industrial, ``S`` service, ``G`` green, ``C`` cultural, ``T`` transport)."""
    return category_name(key)[:1].upper() if key in CATEGORY_STYLE else "?"


def _attr(info: str, act: str | None) -> str:
    """The ``data-info`` (and ``data-act``) attributes of a place."""
    out = f' data-info="{escape(info)}"'
    if act is not None:
        out += f' data-act="{escape(act)}" cursor="pointer"'
    return out


def _text(
    x: float,
    y: float,
    text: str,
    size: int = 20,
    minor: bool = False,
    fit: float | None = None,
    short: str | None = None,
    **extra: str,
) -> str:
    """A text; ``minor``: a detail a small screen hides; ``fit``: the width it keeps to (it gives way
    where, drawn readable, it would not: to ``short`` when given)."""
    attrs = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in extra.items())
    cls = ' class="minor"' if minor else ""
    fits = f' data-fit="{fit:g}"' if fit else ""
    if short is not None:
        fits += f' data-short="{escape(short)}"'
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{cls}{fits}{attrs}>{escape(text)}</text>'


def render_svg(view: dict[str, Any], legal: Collection[Any] = ()) -> str:
    """An SVG picture of a view; places that legal actions target carry ``data-act``."""
    acts = {str(a) for a in legal}
    size = view["map"]["size"]
    parts = _title(view)
    parts += _city_map(view, acts)
    y = _indicators(view, parts, MAP_Y - 28)
    y = _table_cards(view, parts, acts, y + 12)
    width = PANEL_X + PANEL_W + 20
    y = _solutions(view, parts, acts, max(y, MAP_Y + size * CELL + 30), width)
    height = y + 12
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
        f'<rect width="{width}" height="{height}" fill="#fbfaf5"/>' + "".join(parts) + "</svg>"
    )


def _title(view: dict[str, Any]) -> list[str]:
    phase = {
        "departments": _("setup: choosing Department sheets"),
        "discussion": _("step 6: discussion"),
        "investing": _("step 7: investing"),
        "coins": _("step 7: investing"),
        "build": _("step 7: drawing a Building"),
        "over": _("the game is over"),
    }[view["phase"]]
    last = " " + _("(last)") if view["final_year"] else ""
    title = _("Year {year}{last} \u00b7 {phase}").format(year=view["round"], last=last, phase=phase)
    out = [_text(MAP_X, 36, title, 26, font_weight="bold")]
    out.append(_text(MAP_X, 62, content_text(view["scenario"]["name"]), 18, minor=True, fill="#555"))
    return out


# ----- the City Map ------------------------------------------------------------------------------------
def _city_map(view: dict[str, Any], acts: set[str]) -> list[str]:
    m = view["map"]
    geo = geometry(m["size"])
    by_cell = {b["cell"]: b for b in m["built"]}
    buildings = view["buildings"]
    out = [
        _text(MAP_X + c * CELL + SIDE / 2, MAP_Y - 8, chr(65 + c), 20, text_anchor="middle", fill="#555")
        for c in range(geo.size)
    ]
    out += [
        _text(MAP_X - 14, MAP_Y + r * CELL + SIDE / 2 + 7, str(r + 1), 20, text_anchor="middle", fill="#555")
        for r in range(geo.size)
    ]
    for sq in geo.squares:
        out.append(_space(_square, geo, sq, by_cell.get(sq), buildings, acts))
    for cell in geo.corners + geo.edges:
        out.append(_space(_small_space, geo, cell, by_cell.get(cell), buildings, acts))
    legend = ", ".join(f"{category_letter(key)} {category_name(key)}" for key in CATEGORY_STYLE)
    out.append(_text(MAP_X, MAP_Y + geo.size * CELL + 14, legend, 17, minor=True, fill="#555"))
    return out


_DRAWN: Drawn[str] = Drawn()
"""Spaces of the City Map and Solution cards as drawn before, by all they are drawn from: a move
changes few of them."""
_BUILD: dict[int, str] = {}


def _space(
    draw: Any,
    geo: Geometry,
    cell: int,
    built: dict[str, Any] | None,
    buildings: dict[str, Any],
    acts: set[str],
) -> str:
    """A space drawn by ``draw``, or as drawn before from the same words (the reader's language and
    game, the space, what is built on it and the Building's data, whether an action targets it)."""
    what = None if built is None else (repr(built), repr(buildings[built["building"]]))
    key = (draw, geo.size, cell, what, _act(cell, acts))
    return _DRAWN.get(key, lambda: draw(geo, cell, built, buildings, acts))


def _act(cell: int, acts: set[str]) -> str | None:
    act = _BUILD.get(cell)
    if act is None:
        act = _BUILD[cell] = str(A.BUILD(cell))
    return act if act in acts else None


def _square(
    geo: Geometry, sq: int, built: dict[str, Any] | None, buildings: dict[str, Any], acts: set[str]
) -> str:
    r, c = divmod(sq, geo.size)
    x, y = MAP_X + c * CELL, MAP_Y + r * CELL
    act = _act(sq, acts)
    name = geo.name(sq)
    if built is None:
        info = _("{space}: free").format(space=space_text(geo, sq))
        fill, stroke = ("#e6f4ea", TARGET) if act else ("#fff", "#aaa")
        width = 3 if act else 1
        return (
            f"<g{_attr(info, act)}>"
            f'<rect x="{x}" y="{y}" width="{SIDE}" height="{SIDE}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}" stroke-dasharray="{"none" if act else "5 4"}"/>'
            + _text(
                x + SIDE / 2, y + SIDE / 2 + 7, name, 20, text_anchor="middle", fill=TARGET if act else "#999"
            )
            + "</g>"
        )
    fill, letter = CATEGORY_STYLE.get(built["category"], "#eee"), category_letter(built["category"])
    info = _("{space}: {building}").format(space=name, building=building_text(buildings[built["building"]]))
    if built["housing"]:
        info += " " + _("{people} of its {housing} Housing spaces taken.").format(
            people=built["people"], housing=built["housing"]
        )
    out = [
        f"<g{_attr(info, None)}>",
        f'<rect x="{x}" y="{y}" width="{SIDE}" height="{SIDE}" fill="{fill}" stroke="#333"/>',
        _text(x + 6, y + 22, letter, 20, font_weight="bold"),
        _text(x + SIDE - 6, y + 22, name, 18, minor=True, text_anchor="end", fill="#444"),
    ]
    for i, line in enumerate(_wrap(content_text(built["name"]), 8)[:2]):
        out.append(_text(x + 6, y + 46 + i * 21, line, 17, fit=SIDE - 8))
    if built["housing"]:
        out.append(
            _text(x + 6, y + SIDE - 8, f"{built['people']}/{built['housing']}", 20, font_weight="bold")
        )
    out.append("</g>")
    return "".join(out)


def _first_line(text: str, width: int) -> str:
    """The first line of ``text`` wrapped at ``width`` characters, with an ellipsis when more follows."""
    lines = _wrap(text, width)
    return lines[0] + ("…" if len(lines) > 1 else "") if lines else ""


def _wrap(name: str, width: int) -> list[str]:
    """A name in lines of at most ``width`` characters: broken between words, and after the hyphen of
    a word too long for a line (``Recycling-`` / ``Zentrum``); a word still too long is cut."""
    lines: list[str] = []
    for word in name.split():
        pieces = re.findall(r"[^-]+-*|-+", word) if len(word) > width else [word]
        for i, piece in enumerate(pieces):
            glue = "" if i else " "
            if lines and len(lines[-1]) + len(glue) + len(piece) <= width:
                lines[-1] += glue + piece
            else:
                lines.append(piece if len(piece) <= width else piece[: width - 1] + ".")
    return lines


def _small_space(
    geo: Geometry, cell: int, built: dict[str, Any] | None, buildings: dict[str, Any], acts: set[str]
) -> str:
    """A corner (a circle) or an edge (a bar) between big squares: free, a target, or built."""
    touched = geo.touches[cell]
    (r0, c0), (r1, c1) = geo.coords(touched[0]), geo.coords(touched[-1])
    gap = SIDE + (CELL - SIDE) / 2  # from a square's left (top) side to the middle of the gap after it
    cx = MAP_X + c0 * CELL + (gap if c1 > c0 else SIDE / 2)
    cy = MAP_Y + r0 * CELL + (gap if r1 > r0 else SIDE / 2)
    act = _act(cell, acts)
    corner = geo.kind[cell] == "corner"
    vertical = not corner and r0 == r1
    where = space_text(geo, cell)
    if built is not None:
        info = _("{space}: {building}").format(
            space=where, building=building_text(buildings[built["building"]])
        )
        letters = "".join(w[0] for w in content_text(built["name"]).split())[:2].upper()
        return (
            f"<g{_attr(info, None)}>{_marker(cx, cy, corner, vertical, '#fdae6b', '#333', 16)}"
            + _text(cx, cy + 6, letters, 16, text_anchor="middle", font_weight="bold")
            + "</g>"
        )
    info = _("{space}: free").format(space=where)
    if act is None:
        return f"<g{_attr(info, None)}>{_marker(cx, cy, corner, vertical, '#ddd', 'none', 5)}</g>"
    if corner:
        tag = _tag(cx, cy - 20, geo.name(cell), TARGET, "#fff")
    else:  # across the bar
        tag = _tag(cx, cy + 6, geo.name(cell), *(("#fff", TARGET) if not vertical else (TARGET, "#fff")))
    return f"<g{_attr(info, act)}>{_marker(cx, cy, corner, vertical, TARGET, '#fff', 13)}{tag}</g>"


def _tag(x: float, y: float, name: str, colour: str, halo: str) -> str:
    """A space's name on the board, readable over what lies beneath it."""
    return _text(
        x,
        y,
        name,
        17,
        minor=True,
        text_anchor="middle",
        fill=colour,
        font_weight="bold",
        stroke=halo,
        stroke_width="4",
        paint_order="stroke",
    )


def _marker(cx: float, cy: float, corner: bool, vertical: bool, fill: str, stroke: str, size: int) -> str:
    if corner:
        return f'<circle cx="{cx:g}" cy="{cy:g}" r="{size}" fill="{fill}" stroke="{stroke}"/>'
    long, thick = (SIDE * 0.72, 24) if size > 6 else (SIDE * 0.5, 5)
    w, h = (thick, long) if vertical else (long, thick)
    return (
        f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}" rx="4" '
        f'fill="{fill}" stroke="{stroke}"/>'
    )


# ----- the Indicators Board ----------------------------------------------------------------------------
def _indicators(view: dict[str, Any], out: list[str], y: int) -> int:
    ind = view["indicators"]
    x = PANEL_X
    out.append(_text(x, y + 20, _("Indicators Board"), 22, font_weight="bold"))
    y += 32
    box = PANEL_W // (ind["top"] + 1)
    for key in TRACKS:
        out.append(_track(view, key, x, y, box))
        y += 88 if key == "standard_of_living" else 70
    for key, colour in (("unhappy", "#c92a2a"), ("co2", "#5f3dc4")):
        out.append(_table(ind, key, colour, x, y))
        y += 62
    return y


def _track(view: dict[str, Any], key: str, x: int, y: int, box: int) -> str:
    ind = view["indicators"]
    square = ind[key]
    info = _track_info(ind, key)
    label = indicator_name(key)
    parts = [
        f"<g{_attr(info, None)}>",
        _text(x, y + 18, label, 20, fit=PANEL_W - 8, short=indicator_short(key)),
    ]
    for i in range(ind["top"] + 1):
        on = i == square
        bx = x + i * box
        parts.append(
            f'<rect x="{bx}" y="{y + 26}" width="{box - 6}" height="34" rx="3" '
            f'fill="{"#333" if on else "#fff"}" stroke="#666"/>'
        )
        if on:
            parts.append(
                _text(
                    bx + (box - 6) / 2,
                    y + 50,
                    str(i),
                    20,
                    text_anchor="middle",
                    fill="#fff",
                    font_weight="bold",
                )
            )
        if key == "standard_of_living":
            budget = str(ind["budget_table"][i])
            parts.append(
                _text(bx + (box - 6) / 2, y + 78, budget, 20, minor=True, text_anchor="middle", fill="#555")
            )
    parts.append("</g>")
    return "".join(parts)


def _track_info(ind: dict[str, Any], key: str) -> str:
    text = _("{indicator}: square {square} of 0 to {top}.").format(
        indicator=indicator_name(key), square=ind[key], top=ind["top"]
    )
    if key == "standard_of_living":
        text += " " + _("Next year's budget: {coins}.").format(coins=coins(ind["next_budget"]))
    elif key == "attractiveness":
        text += " " + ngettext(
            "Next year: {n} new person.", "Next year: {n} new people.", ind["growth_per_year"]
        ).format(n=ind["growth_per_year"])
    else:
        text += " " + _("With the other track, next year's CO2 marks: {n}.").format(n=ind["co2_per_year"])
    return text


def _table(ind: dict[str, Any], key: str, colour: str, x: int, y: int) -> str:
    total, marked = ind[f"{key}_squares"], ind[key]
    info = _("{table}: {marks} of {squares} squares marked; all marked, everyone loses.").format(
        table=indicator_name(key), marks=marked, squares=total
    )
    parts = [
        f"<g{_attr(info, None)}>",
        _text(x, y + 18, indicator_name(key), 20, fit=PANEL_W - 90, short=indicator_short(key)),
        _text(x + PANEL_W - 6, y + 20, f"{marked}/{total}", 20, text_anchor="end", font_weight="bold"),
    ]
    step = PANEL_W / total
    for i in range(total):
        fill = colour if i < marked else "#fff"
        parts.append(
            f'<rect x="{x + i * step:g}" y="{y + 26}" width="{step - 4:g}" height="24" fill="{fill}" stroke="#666"/>'
        )
    parts.append("</g>")
    return "".join(parts)


# ----- the cards on the table ---------------------------------------------------------------------
def _solutions(view: dict[str, Any], out: list[str], acts: set[str], y: int, width: int) -> int:
    """The Solution cards on the table, gray side up, in rows across the board below the map."""
    chosen = view["choice"]
    out.append(_text(MAP_X, y + 18, _("Solution cards (gray side)"), 22, font_weight="bold"))
    y += 28
    w, h = 156, 74
    per_row = max(1, (width - MAP_X) // w)
    for i, c in enumerate(view["solutions"]):
        cx, cy = MAP_X + (i % per_row) * w, y + (i // per_row) * (h + 6)
        act = str(A.INVEST(c["card"]))
        picked = chosen is not None and chosen["kind"] == A.INVEST.name and chosen["card"] == c["card"]
        target = act if act in acts else None
        key = (_solution, cx, cy, repr(c), target, picked)
        out.append(_DRAWN.get(key, lambda: _solution(c, cx, cy, w, h, target, picked)))  # noqa: B023 (called at once)
    return y + ((len(view["solutions"]) + per_row - 1) // per_row) * (h + 6)


def _solution(c: dict[str, Any], cx: int, cy: int, w: int, h: int, target: str | None, picked: bool) -> str:
    """One Solution card, gray side up (kept as drawn with the City Map's spaces)."""
    info = _("Solution card {n}: {plan} ({cost}, {on} on it). {text}").format(
        n=c["card"],
        plan=content_text(c["title"]),
        cost=coins(c["cost"]),
        on=c["invested"],
        text=content_text(c["text"]),
    )
    stroke = TARGET if target is not None else "#c92a2a" if picked else "#555"
    return (
        f"<g{_attr(info, target)}>"
        f'<rect x="{cx}" y="{cy}" width="{w - 8}" height="{h}" rx="6" fill="#d9d9d9" stroke="{stroke}" '
        f'stroke-width="{3 if stroke != "#555" else 1}"/>'
        + _text(cx + 8, cy + 24, _first_line(content_text(c["title"]), 12), 17, fit=w - 20)
        + _text(cx + 8, cy + 60, f"{c['invested']}/{c['cost']}", 22, font_weight="bold")
        + _text(cx + w - 18, cy + 60, str(c["card"]), 17, minor=True, text_anchor="end", fill="#666")
        + "</g>"
    )


def _table_cards(view: dict[str, Any], out: list[str], acts: set[str], y: int) -> int:
    """The REQUEST cards and the Event cards in play, beside the map."""
    x = PANEL_X
    for r in view["requests"]:
        y = _request(r, out, acts, view["choice"], x, y)
    for c in view["lasting"]:
        info = _("In play: {card} {title}. {text}").format(
            card=c["id"], title=content_text(c["title"]), text=content_text(c["text"])
        )
        out.append(
            f"<g{_attr(info, None)}>"
            f'<rect x="{x}" y="{y}" width="{PANEL_W - 8}" height="34" rx="6" fill="#e7f5ff" stroke="#1864ab"/>'
            + _text(
                x + 8,
                y + 24,
                _("In play: {title}").format(title=content_text(c["title"])),
                17,
                fit=PANEL_W - 70,
            )
            + _text(
                x + PANEL_W - 18,
                y + 25,
                f"\u00d7{c['years_left']}",
                18,
                text_anchor="end",
                font_weight="bold",
            )
            + "</g>"
        )
        y += 40
    return y


def _request(r: dict[str, Any], out: list[str], acts: set[str], chosen: Any, x: int, y: int) -> int:
    act = str(A.REQUEST(r["card"]))
    picked = chosen is not None and chosen["kind"] == A.REQUEST.name and chosen["card"] == r["card"]
    info = _(
        "REQUEST {card} {title} ({cost}, {on} on it): until resolved, {penalty}; resolved, {reward}."
    ).format(
        card=r["id"],
        title=content_text(r["title"]),
        cost=coins(r["cost"]),
        on=r["invested"],
        penalty=effects_text(r["penalty"]),
        reward=effects_text(r["reward"]),
    )
    stroke = TARGET if act in acts else "#c92a2a" if picked else "#a67c00"
    out.append(
        f"<g{_attr(info, act if act in acts else None)}>"
        f'<rect x="{x}" y="{y}" width="{PANEL_W - 8}" height="44" rx="6" fill="#fff3bf" stroke="{stroke}" '
        f'stroke-width="{3 if stroke != "#a67c00" else 1}"/>'
        + _text(x + 10, y + 29, content_text(r["title"]), 17, fit=PANEL_W - 90)
        + _text(
            x + PANEL_W - 18,
            y + 30,
            f"{r['invested']}/{r['cost']}",
            22,
            text_anchor="end",
            font_weight="bold",
        )
        + "</g>"
    )
    return y + 50


def legend(view: dict[str, Any]) -> list[Key]:
    """What the city map's colours, letters, outlines and markers and the Indicators Board's squares
    mean, in the rulebook's words."""
    keys = [
        Key(
            _("{letter}: {category} (a Building's category)").format(
                letter=category_letter(k), category=category_name(k)
            ),
            "square",
            colour,
            "#333",
            mark=category_letter(k),
        )
        for k, colour in CATEGORY_STYLE.items()
    ]
    keys += [
        Key(_("Dashed grey square: a free space"), "square", "#fff", "#aaa", "5 4", 2),
        Key(
            _("Green outline: a space you may choose now (tap it, or use the buttons)"),
            "square",
            "#e6f4ea",
            TARGET,
            "",
            3,
        ),
        Key(
            _(
                "A corner or edge between spaces: free (small grey), to choose (green), or built (orange, with letters)"
            ),
            "disc",
            TARGET,
            "#fff",
        ),
        Key(_("Indicators Board: the dark square is where the indicator stands"), "square", "#333", "#666"),
        Key(
            _("{table}: a marked square (all marked, everyone loses)").format(
                table=indicator_name("unhappy")
            ),
            "square",
            "#c92a2a",
            "#666",
        ),
        Key(
            _("{table}: a marked square (all marked, everyone loses)").format(table=indicator_name("co2")),
            "square",
            "#5f3dc4",
            "#666",
        ),
        Key(_("Red outline: a card chosen"), "square", "#d9d9d9", "#c92a2a", "", 3),
        Key(_("REQUEST card"), "square", "#fff3bf", "#a67c00"),
        Key(_("Event card in play (× the years left)"), "square", "#e7f5ff", "#1864ab"),
    ]
    return keys
