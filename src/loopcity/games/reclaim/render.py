"""Text and SVG pictures of a RECLAIM view (pure functions of the view).

The text picture draws the hexagon map as people see it: each hexagon a box with its number, land,
infrastructure and resources, the rows offset by half a box, so that two boxes that touch are
neighbours. The SVG draws the same map: each hexagon's number large, pieces as shapes, the full words
of every hexagon in ``data-info``, secondary text ``class="minor"``, and a ``data-act`` on every
hexagon that a legal action names. Colours always come with text or shapes: transport lines differ by
dash pattern as well as colour, resources carry their letters.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from html import escape
from typing import Any

from loopcity.engine import Action, ActionKind
from loopcity.engine.text import Drawn, Key, _, ngettext

from .actions import BUILD, DUMP_SITE, GROW, LINK, LINK_TO, PLACE_BLOCK, PROPOSE, TREAT, URBANIZE
from .tabletop import stage_cards
from .words import (
    agenda_text,
    causes_text,
    content_text,
    money,
    resource_code,
    resource_name,
    role_name,
    symbols_text,
    terrain_name,
)

TERRAIN_COLOUR = {
    "urban": "#c9c1b6",
    "rural": "#b9d98c",
    "water": "#8fc3e8",
    "wetland": "#9fd3c0",
    "mountain": "#a89f91",
}
RES_COLOUR = {
    "food": "#e8a33d",
    "mixed": "#8a8a8a",
    "separated": "#3c9a5f",
    "sludge": "#7a5230",
    "npk": "#3b6fb6",
    "disease": "#b00020",
}
TRANSPORT = {"road": ("#8b5a2b", ""), "grey": ("#606060", "7,4"), "green": ("#2e8b57", "2,4")}


# ----- words shared by both pictures ---------------------------------------------------------------------
def hex_words(h: dict[str, Any]) -> str:
    """A hexagon in full words: ``hex 8, Urban: 3 Housing blocks (level 0: 3); Food 3``."""
    parts = []
    b = h["blocks"]
    if sum(b):
        parts.append(
            ngettext(
                "{n} Housing block (level 0: {l0}, level 1: {l1}, level 2: {l2}; {fed} fed this round)",
                "{n} Housing blocks (level 0: {l0}, level 1: {l1}, level 2: {l2}; {fed} fed this round)",
                sum(b),
            ).format(n=sum(b), l0=b[0], l1=b[1], l2=b[2], fed=h["converted"])
        )
    for level, used in h["plants"]:
        parts.append(
            _("a level {level} Treatment plant ({used} Waste treated)").format(level=level, used=used)
        )
    if h["farm"]:
        parts.append(
            _("a level {level} Farm ({used} Food grown)").format(level=h["farm"], used=h["farm_used"])
        )
    if h["dump"]:
        parts.append(_("the Dump"))
    res = ", ".join(f"{resource_name(k)} {n}" for k, n in h["res"].items())
    if res:
        parts.append(res)
    if h["disease"]:
        parts.append(_("{n} Disease").format(n=h["disease"]))
    if h["unfed"]:
        parts.append(
            ngettext(
                "{n} block without Food for the coming round",
                "{n} blocks without Food for the coming round",
                h["unfed"],
            ).format(n=h["unfed"])
        )
    what = "; ".join(parts) or _("nothing")
    return _("hex {n}, {terrain}: {what}").format(n=h["id"], terrain=terrain_name(h["terrain"]), what=what)


def _infra_short(h: dict[str, Any]) -> str:
    """``H3·0·0 P0``: Housing blocks by level, plants, Farm, Dump."""
    parts = []
    b = h["blocks"]
    if sum(b):
        parts.append(_("H{l0}·{l1}·{l2}").format(l0=b[0], l1=b[1], l2=b[2]))
    parts += [_("P{level}").format(level=level) for level, _used in h["plants"]]
    if h["farm"]:
        parts.append(_("F{level}").format(level=h["farm"]))
    if h["dump"]:
        parts.append(_("DUMP"))
    return " ".join(parts)


def _res_short(h: dict[str, Any]) -> list[str]:
    return [resource_code(k, n) for k, n in h["res"].items()]


# ----- the text picture ----------------------------------------------------------------------------------
CELL = 14
"""Width of a hexagon's box in the text map (its inner width is two less)."""


def render_text(view: dict[str, Any]) -> str:
    """The terminal picture of a view: the table, the hexagon map, the players, the cards face up,
    what happened on stage, and the question the table is answering."""
    v = view
    lines = _header(v)
    lines += ["", _("The map (boxes that touch are neighbouring hexagons):")]
    lines += hex_map(v["hexes"])
    lines += _transport(v)
    lines.append(
        _(
            "Key: H a·b·c Housing blocks of level 0·1·2, P Treatment plant (level), F Farm (level); "
            "Fd Food, Mx Mixed Waste, Sp Separated Waste, Sl Sludge, N NPK, ! Disease."
        )
    )
    lines += [""] + _players(v)
    lines += [""] + _face_up(v)
    lines += _stage_lines(v)
    if v.get("decision"):
        d = v["decision"]
        yes = [v["seat_names"][int(s)] for s, a in d["votes"].items() if a == "yes"]
        no = [v["seat_names"][int(s)] for s, a in d["votes"].items() if a == "no"]
        lines += [
            "",
            _("The table is deciding: {by} proposes: {subject} ({rule}).").format(
                by=d["by_name"], subject=d["subject"], rule=d["rule_text"]
            ),
            _("  yes: {yes}; no: {no}; waiting for: {waiting}").format(
                yes=", ".join(yes) or "-",
                no=", ".join(no) or "-",
                waiting=", ".join(v["seat_names"][s] for s in d["waiting"]) or "-",
            ),
        ]
    if v["phase"] == "over":
        lines += [""] + _end(v)
    return "\n".join(line.rstrip() for line in lines)


def _header(v: dict[str, Any]) -> list[str]:
    names = v["seat_names"]
    phase = {
        "turn": _("{seat}'s turn").format(seat=names[v["active_seats"][0]]) if v["active_seats"] else "",
        "politics": _("Political decisions, all players together"),
        "growth": _("growth before the next round"),
        "over": _("the game is over"),
    }[v["phase"]]
    if v["phase"] == "turn" and v["turn_role"] == "contractor" and v["play_as"] != "contractor":
        phase += " " + _("(playing {role})").format(role=role_name(v["play_as"]))
    costs = v["costs"]
    water = [h for h in v["hexes"] if h["terrain"] == "water"]
    polluted = ", ".join(
        f"{h['id']}: {h['res'].get('mixed', 0) + h['res'].get('separated', 0)}/{v['max_per_hex']}"
        for h in water
    )
    lines = [
        _("RECLAIM — round {round} of {rounds} — {phase}").format(
            round=v["round"], rounds=v["rounds"], phase=phase
        ),
        _(
            "City budget {city} · Food import due {due} · Disease {disease} on the board ({limit} loses) · "
            "Waste in the Water hexagons {polluted}"
        ).format(
            city=money(v["city"]),
            due=money(v["food_import_due"]),
            disease=v["disease_total"],
            limit=v["disease_limit"],
            polluted=polluted or "-",
        ),
        _(
            "Cost cards: vaccination {vac} per Disease · Food {food} per Food · NPK {npk} per NPK · dumping {dump} "
            "per Waste"
        ).format(
            vac=money(costs["vaccination"]),
            food=money(costs["food"]),
            npk=money(costs["npk"]),
            dump=money(costs["dump"]),
        ),
    ]
    if v["phase"] == "turn":
        lines.append(
            ngettext(
                "Build actions left this turn: {n}", "Build actions left this turn: {n}", v["builds_left"]
            ).format(n=v["builds_left"])
        )
    if v["phase"] == "growth":
        lines.append(_("New Housing blocks to place: {n}").format(n=v["growth_left"]))
    return lines


def hex_map(hexes: list[dict[str, Any]]) -> list[str]:
    """The hexagons as boxes, each row offset by half a box from the next (``hx = 2q + r``), so that
    boxes that touch are neighbours on the board."""
    cells = {(h["r"], 2 * h["q"] + h["r"]): h for h in hexes}
    rows = sorted({r for r, _x in cells})
    left = min(x for _r, x in cells)
    half = CELL // 2
    out: list[str] = []
    for r in rows:
        row = sorted((x, h) for (rr, x), h in cells.items() if rr == r)
        boxes = [(x - left) * half for x, _h in row]
        out += _row(boxes, [_box(h) for _x, h in row])
    out.append(_bottom(cells, rows[-1], left, half))
    return out


def _box(h: dict[str, Any]) -> list[str]:
    """A hexagon's box: a top edge with its number and land, then three lines inside."""
    inner = CELL - 2
    title = f"{h['id']} {terrain_name(h['terrain'])}"[: inner - 1]
    top = "┌" + title + "─" * (inner - len(title)) + "┐"
    res = _res_short(h)
    body = [_infra_short(h), " ".join(res[:3]), " ".join(res[3:])]
    if h["disease"]:
        body[2] = (body[2] + f" !{h['disease']}").strip()
    return [top, *("│" + line[:inner].ljust(inner) + "│" for line in body)]


def _row(starts: list[int], boxes: list[list[str]]) -> list[str]:
    lines = []
    for i in range(len(boxes[0])):
        line = ""
        for start, box in zip(starts, boxes, strict=True):
            line = line.ljust(start) + box[i]
        lines.append(line)
    return lines


def _bottom(cells: dict[tuple[int, int], dict[str, Any]], r: int, left: int, half: int) -> str:
    line = ""
    for x in sorted(x for rr, x in cells if rr == r):
        line = line.ljust((x - left) * half) + "└" + "─" * (CELL - 2) + "┘"
    return line


def _transport(v: dict[str, Any]) -> list[str]:
    by_kind: dict[str, list[str]] = {"road": [], "grey": [], "green": []}
    for a, b, t in v["links"]:
        by_kind[t].append(f"{a}–{b}")
    return [
        _("Roads (Food, Sludge, NPK): {links}").format(links=", ".join(by_kind["road"]) or "-"),
        _("Mixed Waste transportation (grey): {links}").format(links=", ".join(by_kind["grey"]) or "-"),
        _("Separated Waste transportation (green): {links}").format(links=", ".join(by_kind["green"]) or "-"),
    ]


def _card_short(card: dict[str, Any]) -> str:
    return f"[{symbols_text(card['symbols'])}]"


def _players(v: dict[str, Any]) -> list[str]:
    lines = []
    for s, name in enumerate(v["seat_names"]):
        cards = v["cards"][s]
        kept = ", ".join(content_text(e["title"]) for e in v["kept"][s])
        line = ngettext(
            "{seat}: {coins}, {n} card, level points: {points}",
            "{seat}: {coins}, {n} cards, level points: {points}",
            len(cards),
        ).format(seat=name, coins=money(v["coins"][s]), n=len(cards), points=v["level_points"][s])
        if v["phase"] == "politics" and v["done"][s]:
            line += " — " + _("done")
        if kept:
            line += " — " + _("kept Event cards: {cards}").format(cards=kept)
        lines.append(line)
    if v["seat"] is not None:
        me = v["seat"]
        lines.append(
            ngettext(
                "You are {seat}. Your Hidden agenda: {agenda}. Your score now: {score} point.",
                "You are {seat}. Your Hidden agenda: {agenda}. Your score now: {score} points.",
                v["my_score"],
            ).format(seat=v["seat_names"][me], agenda=agenda_text(v["my_agenda"]), score=v["my_score"])
        )
        mine = v["cards"][me]
        lines.append(
            _("Your cards: {cards}").format(
                cards=" ".join(f"{content_text(c['name'])} {_card_short(c)}" for c in mine) or _("none yet")
            )
        )
        for e in v["my_hand"]:
            lines.append(
                _("Your kept Event card: {title} — {text}").format(
                    title=content_text(e["title"]), text=content_text(e["text"])
                )
            )
    return lines


def _face_up(v: dict[str, Any]) -> list[str]:
    lines = [_("Infrastructure cards face up (a build takes one of its pile):")]
    for pile, cards in v["face_up"].items():
        if cards:
            lines.append(
                _("  {pile} (level {level}, {left} more): {cards}").format(
                    pile=content_text(cards[0]["name"]),
                    level=cards[0]["level"],
                    left=v["pile_left"][pile],
                    cards=" ".join(_card_short(c) for c in cards),
                )
            )
    return lines


def _stage_lines(v: dict[str, Any]) -> list[str]:
    cards = stage_cards(v)
    if not cards:
        return []
    lines = ["", _("On stage this round:")]
    for card in cards:
        lines.append(f"  * {card.title}: {card.text}" if card.text else f"  * {card.title}")
    return lines


def _end(v: dict[str, Any]) -> list[str]:
    lines = [
        _("The city is lost to {causes}.").format(causes=causes_text(v["lost"]))
        if v["lost"]
        else _("The city survived.")
    ]
    for s, (score, agenda) in enumerate(zip(v["scores"], v["agendas"], strict=True)):
        lines.append(
            ngettext(
                "  {seat}: {points} point (Hidden agenda {agenda})",
                "  {seat}: {points} points (Hidden agenda {agenda})",
                score,
            ).format(seat=v["seat_names"][s], points=score, agenda=agenda_text(agenda))
        )
    return lines


# ----- SVG ------------------------------------------------------------------------------------------
SIZE = 50
"""A hexagon's radius in SVG units."""


def _centre(q: int, r: int) -> tuple[float, float]:
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


@functools.cache
def _corners(x: float, y: float) -> str:
    """The hexagon's corner points (the board's hexagons are few, so each is worked out once)."""
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{x + SIZE * math.cos(a):.1f},{y + SIZE * math.sin(a):.1f}")
    return " ".join(pts)


_ON_A_HEXAGON: dict[str, ActionKind[Any]] = {
    k.name: k for k in (BUILD, TREAT, GROW, DUMP_SITE, PLACE_BLOCK, URBANIZE, PROPOSE, LINK, LINK_TO)
}
"""The kinds of action that name one hexagon (their argument ``hex``)."""


def _hex_targets(legal: Iterable[Action | str]) -> dict[int, str]:
    """The first legal action naming each hexagon (its place on the map becomes clickable)."""
    out: dict[int, str] = {}
    for a in legal:
        action = a if isinstance(a, Action) else Action.parse(a)
        kind = _ON_A_HEXAGON.get(action.kind)
        if kind is not None:
            out.setdefault(kind.read(action).hex, str(action))
    return out


def render_svg(view: dict[str, Any], legal: Any = ()) -> str:
    """The map: hexagons with their numbers, Housing blocks, plants, Farms, resources and Disease,
    and the transportation between them. Every hexagon carries its full words in ``data-info``."""
    v = view
    centres = {h["id"]: _centre(h["q"], h["r"]) for h in v["hexes"]}
    xs = [x for x, _y in centres.values()]
    ys = [y for _x, y in centres.values()]
    ox, oy = SIZE * 1.05 - min(xs), SIZE * 1.1 - min(ys)
    width = max(xs) - min(xs) + SIZE * 2.1
    height = max(ys) - min(ys) + SIZE * 2.2 + 34
    targets = _hex_targets(legal)
    title = escape(_("RECLAIM map, round {n}").format(n=v["round"]))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'font-family="sans-serif" font-size="11" role="img" '
        f'aria-label="{title}">'
    ]
    drawn = [
        _drawn(h, centres[h["id"]][0] + ox, centres[h["id"]][1] + oy, targets.get(h["id"]))
        for h in v["hexes"]
    ]
    out += [shape for shape, _pieces in drawn]
    for a, b, t in v["links"]:
        out.append(_line(centres[a], centres[b], ox, oy, t))
    out += [pieces for _shape, pieces in drawn]
    out += _legend(height - 10, width - 12)
    out.append("</svg>")
    return "".join(out)


_DRAWN: Drawn[tuple[str, str]] = Drawn()
"""Hexagons as drawn before: a move changes few of them."""


def _drawn(h: dict[str, Any], x: float, y: float, act: str | None) -> tuple[str, str]:
    """The hexagon's shape and its pieces (drawn above the transportation), or as drawn before from the
    same words (the hexagon's place and view, its action)."""
    return _DRAWN.get(
        (x, y, act, repr(h)), lambda: ("".join(_hexagon(h, x, y, act)), "".join(_pieces(h, x, y)))
    )


def _hexagon(h: dict[str, Any], x: float, y: float, act: str | None) -> list[str]:
    """The hexagon's shape and its number (large), in a group that carries its words and action."""
    attr = f' data-act="{escape(act)}"' if act else ""
    info = escape(hex_words(h))
    return [
        f'<g class="hex" data-hex="{h["id"]}" data-info="{info}"{attr}>'
        f'<polygon points="{_corners(x, y)}" fill="{TERRAIN_COLOUR[h["terrain"]]}" stroke="#333" stroke-width="1.5">'
        f"<title>{info}</title></polygon>"
        f'<text x="{x:.1f}" y="{y - SIZE * 0.52:.1f}" text-anchor="middle" font-size="17" font-weight="bold" '
        f'pointer-events="none">{h["id"]}</text>'
        f'<text data-fit="{SIZE * 1.6:.0f}" x="{x:.1f}" y="{y + SIZE * 0.68:.1f}" text-anchor="middle" font-size="9" '
        f'fill="#333" pointer-events="none">{escape(terrain_name(h["terrain"]))}</text></g>'
    ]


def _line(a: tuple[float, float], b: tuple[float, float], ox: float, oy: float, t: str) -> str:
    (x1, y1), (x2, y2) = a, b
    colour, dash = TRANSPORT[t]
    off = {"road": 0, "grey": 5, "green": -5}[t]
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<line x1="{x1 + ox + off:.1f}" y1="{y1 + oy + off:.1f}" x2="{x2 + ox + off:.1f}" '
        f'y2="{y2 + oy + off:.1f}" stroke="{colour}" stroke-width="5" stroke-opacity="0.75"'
        f'{dash_attr} pointer-events="none"/>'
    )


_BLOCK_FILL = ("#ffffff", "#f2c879", "#d9822b")
"""Housing blocks by level: white (0), light orange (1), dark orange (2)."""
DIE = 18
"""A resource die's side in SVG units."""


def _pieces(h: dict[str, Any], x: float, y: float) -> list[str]:
    """Under the number: Housing blocks as little houses by level (or a Farm as a field, or the
    Dump as a heap) on the left, plants as circles with their level on the right; then the resource
    dice with their counts; Disease in red beside the number."""
    out = []
    levels = [lv for lv, n in enumerate(h["blocks"]) for _b in range(n)]
    for i, lv in enumerate(levels):
        bx, by = x - 36 + i * 12, y - 22
        out.append(
            f'<path d="M{bx:.1f},{by + 5:.1f} l5,-5 l5,5 v8 h-10 z" fill="{_BLOCK_FILL[lv]}" stroke="#333" '
            f'pointer-events="none"/>'
        )
    for i, (level, _used) in enumerate(h["plants"]):
        px = x + 19 + i * 15
        out.append(
            f'<circle cx="{px:.1f}" cy="{y - 15:.1f}" r="7" fill="#5b7fa6" stroke="#222" pointer-events="none"/>'
            f'<text x="{px:.1f}" y="{y - 11:.1f}" text-anchor="middle" font-size="11" fill="white" '
            f'font-weight="bold" pointer-events="none">{level}</text>'
        )
    if h["farm"]:
        farm = escape(_("F{level}").format(level=h["farm"]))
        out.append(
            f'<rect x="{x - 34:.1f}" y="{y - 25:.1f}" width="26" height="16" fill="#6b8e23" stroke="#333" '
            f'pointer-events="none"/><text x="{x - 21:.1f}" y="{y - 12.5:.1f}" text-anchor="middle" '
            f'font-size="12" fill="white" font-weight="bold" pointer-events="none">{farm}</text>'
        )
    if h["dump"]:
        dump = escape(_("Dump"))
        out.append(
            f'<path d="M{x + 8:.1f},{y - 8:.1f} l11,-16 l11,16 z" fill="#7a5230" stroke="#222" '
            f'pointer-events="none"/><text class="minor" x="{x - 12:.1f}" y="{y - 12:.1f}" '
            f'text-anchor="middle" font-size="10" pointer-events="none">{dump}</text>'
        )
    out += _dice(h, x, y)
    return out


def _dice(h: dict[str, Any], x: float, y: float) -> list[str]:
    """Resource dice in a row: a coloured square with the count, the resource's letters below;
    Disease as a red die."""
    out = []
    items = list(h["res"].items()) + ([("disease", h["disease"])] if h["disease"] else [])
    step = DIE + 2
    start = x - (len(items) * step - 2) / 2
    for i, (k, n) in enumerate(items):
        dx = start + i * step
        out.append(
            f'<rect x="{dx:.1f}" y="{y - 4:.1f}" width="{DIE}" height="{DIE}" rx="2" fill="{RES_COLOUR[k]}" '
            f'stroke="#222" pointer-events="none"/><text x="{dx + DIE / 2:.1f}" y="{y + 10:.1f}" '
            f'text-anchor="middle" font-size="14" font-weight="bold" fill="white" pointer-events="none">{n}</text>'
            f'<text data-fit="{DIE + 2}" x="{dx + DIE / 2:.1f}" y="{y + 23:.1f}" text-anchor="middle" font-size="9" '
            f'pointer-events="none">{escape(resource_code(k) if k != "disease" else "☣")}</text>'
        )
    return out


def _legend(y: float, width: float) -> list[str]:
    """A key in small print (it gives way where, drawn readable, it would be wider than the map)."""
    keys = (
        _("Fd Food · Mx Mixed Waste · Sp Separated Waste · Sl Sludge · N NPK · ☣ Disease (red)"),
        _("brown: road · grey dashes: Mixed Waste · green dots: Separated Waste"),
    )
    return [
        f'<text data-fit="{width:.0f}" x="6" y="{y - 12 * (len(keys) - 1 - i):.0f}" font-size="9" fill="#333">'
        f"{escape(k)}</text>"
        for i, k in enumerate(keys)
    ]


def legend(view: dict[str, Any]) -> list[Key]:
    """What the map's lands, pieces, dice and lines mean, in the rulebook's words."""
    keys = [Key(terrain_name(t), "hex", colour, "#333") for t, colour in TERRAIN_COLOUR.items()]
    keys += [
        Key(
            _("Housing blocks, by level: white 0, light orange 1, dark orange 2"),
            "square",
            _BLOCK_FILL[1],
            "#333",
        ),
        Key(_("A Treatment plant, with its level"), "disc", "#5b7fa6", "#222", mark="1"),
        Key(_("A Farm, with its level"), "square", "#6b8e23", "#333", mark=_("F{level}").format(level=1)),
        Key(_("The Dump"), "square", "#7a5230", "#222"),
    ]
    keys += [
        Key(
            _("{name}: a die with the count").format(name=resource_name(r)),
            "square",
            RES_COLOUR[r],
            "#222",
            mark=resource_code(r),
        )
        for r in ("food", "mixed", "separated", "sludge", "npk")
    ]
    keys.append(Key(_("Disease (red die)"), "square", RES_COLOUR["disease"], "#222", mark="☣"))
    keys += [
        Key(_("Road (Food, Sludge, NPK)"), "line", "none", TRANSPORT["road"][0], TRANSPORT["road"][1], 5),
        Key(
            _("Mixed Waste transportation (grey dashes)"),
            "line",
            "none",
            TRANSPORT["grey"][0],
            TRANSPORT["grey"][1],
            5,
        ),
        Key(
            _("Separated Waste transportation (green dots)"),
            "line",
            "none",
            TRANSPORT["green"][0],
            TRANSPORT["green"][1],
            5,
        ),
    ]
    return keys
