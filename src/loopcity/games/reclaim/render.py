"""Text and SVG pictures of a RECLAIM view (pure functions of the view).

Colours always come with text or shapes: every hexagon carries its terrain's initial, transport lines
differ by dash pattern as well as colour, resources are written as letters and numbers.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from html import escape
from typing import Any

from loopcity.engine import Action, ActionKind

from .actions import BUILD, DUMP_SITE, GROW, LINK, LINK_TO, PLACE_BLOCK, PROPOSE, TREAT, URBANIZE

TERRAIN = {
    "urban": ("#c9c1b6", "U"),
    "rural": ("#b9d98c", "R"),
    "water": ("#8fc3e8", "W"),
    "wetland": ("#9fd3c0", "Wl"),
    "mountain": ("#a89f91", "M"),
}
RES_LETTER = {"food": "Fd", "mixed": "Mx", "separated": "Sp", "sludge": "Sl", "npk": "N"}
TRANSPORT = {"road": ("#8b5a2b", ""), "grey": ("#707070", "6,3"), "green": ("#2e8b57", "2,3")}
SYMBOL = {"environment": "Env", "economy": "Eco", "joy": "Joy", "public_good": "Pub"}


def _infra(h: dict[str, Any]) -> str:
    parts = []
    if sum(h["blocks"]):
        b = h["blocks"]
        parts.append(f"houses L0:{b[0]} L1:{b[1]} L2:{b[2]} (fed {h['converted']})")
    for level, used in h["plants"]:
        parts.append(f"plant L{level} used {used}")
    if h["farm"]:
        parts.append(f"farm L{h['farm']} used {h['farm_used']}")
    if h["dump"]:
        parts.append("DUMP")
    return ", ".join(parts)


def _res(h: dict[str, Any]) -> str:
    return " ".join(f"{name} {n}" for name, n in h["res"].items())


def _card_text(card: dict[str, Any]) -> str:
    return f"L{card['level']}[" + " ".join(SYMBOL[s] for s in card["symbols"]) + "]"


def _header(v: dict[str, Any]) -> list[str]:
    lines = [f"RECLAIM - round {v['round']}/{v['rounds']} - {v['phase']}"]
    if v["phase"] == "turn":
        extra = f" playing {v['play_as']}" if v["turn_role"] == "contractor" else ""
        lines.append(
            f"Turn: {v['turn_role']}{extra} (seat {v['active_seats'][0] + 1}), stage {v['stage']}, "
            f"builds left {v['builds_left']}"
        )
    for s, role in enumerate(v["roles"]):
        kept = f", kept events: {len(v['hands'][s])}" if v["hands"][s] else ""
        lines.append(
            f"  seat {s + 1} {role:<10} {v['coins'][s]:>5} C, {v['level_points'][s]} level points{kept}"
        )
    costs = ", ".join(f"{k} {c}" for k, c in v["costs"].items())
    lines.append(f"City budget {v['city']} C. Cost cards: {costs}")
    lines.append(f"Food import due: {v['food_import_due']} C")
    lines.append(f"Disease on the board: {v['disease_total']} ({v['disease_limit']} loses)")
    return lines


def render_text(view: dict[str, Any]) -> str:
    """The terminal picture of a view."""
    v = view
    lines = _header(v)
    lines.append("hex terrain   infrastructure                         resources / disease")
    for h in v["hexes"]:
        dis = f" DISEASE {h['disease']}" if h["disease"] else ""
        unfed = f" unfed {h['unfed']}" if h["unfed"] else ""
        lines.append(f"{h['id']:>3} {h['terrain']:<9} {_infra(h):<38} {_res(h)}{dis}{unfed}")
    links = ", ".join(f"{t} {a}-{b}" for a, b, t in v["links"]) or "none"
    lines.append(f"Transport: {links}")
    for pile, cards in v["face_up"].items():
        if cards:
            lines.append(
                f"  pile {pile} ({v['pile_left'][pile]} more): " + " ".join(_card_text(c) for c in cards)
            )
    if v["seat"] is not None:
        agenda = " + ".join(v["my_agenda"])
        lines.append(
            f"You are seat {v['seat'] + 1}, {v['my_role']}; Hidden agenda {agenda}; score {v['my_score']}"
        )
        lines.append("Your cards: " + (" ".join(_card_text(c) for c in v["cards"][v["seat"]]) or "none"))
        if v["my_hand"]:
            lines.append(
                "Kept events: "
                + "; ".join(f"{i}: {e['title']} ({e['text']})" for i, e in enumerate(v["my_hand"]))
            )
    if v["last_event"]:
        lines.append(f"Last event: {v['last_event']} - {v['last_event_text']} ({v['events_left']} left)")
    if v["proposal"]:
        item, h, who = v["proposal"]
        lines.append(f"Proposal by seat {who + 1}: {item} on hex {h}; votes {v['votes']}")
    if v["phase"] == "growth":
        lines.append(f"Growth: {v['growth_left']} new block(s) to place")
    if v["phase"] == "over":
        lines.append(f"Game over. {'LOST: ' + v['lost'] if v['lost'] else 'The city survived.'}")
        for s, (score, agenda) in enumerate(zip(v["scores"], v["agendas"], strict=True)):
            lines.append(f"  seat {s + 1}: {score} points ({' + '.join(agenda)})")
    return "\n".join(lines)


# ----- SVG ------------------------------------------------------------------------------------------
SIZE = 46
LEGAL_ROWS = 30  # legal actions listed per column of the side panel (two columns)


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
    """The map with infrastructure, transport and resources, and a side panel with money and cards."""
    v = view
    centres = {h["id"]: _centre(h["q"], h["r"]) for h in v["hexes"]}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    ox, oy = SIZE * 1.2 - min(xs), SIZE * 1.2 - min(ys)
    width_map = max(xs) - min(xs) + SIZE * 2.4
    height = max(max(ys) - min(ys) + SIZE * 2.4, 640)
    targets = _hex_targets(legal)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width_map + 420:.0f} {height:.0f}" '
        f'font-family="sans-serif" font-size="10" role="img" aria-label="RECLAIM round {v["round"]}">'
    ]
    labels: list[str] = []
    for h in v["hexes"]:
        x, y = centres[h["id"]]
        x, y = x + ox, y + oy
        fill, letter = TERRAIN[h["terrain"]]
        act = targets.get(h["id"])
        attr = f' data-act="{escape(act)}"' if act else ""
        out.append(
            f'<polygon points="{_corners(x, y)}" fill="{fill}" stroke="#333"{attr}>'
            f"<title>hex {h['id']} {h['terrain']}</title></polygon>"
        )
        labels += _hex_labels(h, x, y)
    for a, b, t in v["links"]:
        (x1, y1), (x2, y2) = centres[a], centres[b]
        colour, dash = TRANSPORT[t]
        off = {"road": 0, "grey": 4, "green": -4}[t]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{x1 + ox + off:.1f}" y1="{y1 + oy + off:.1f}" x2="{x2 + ox + off:.1f}" '
            f'y2="{y2 + oy + off:.1f}" stroke="{colour}" stroke-width="4" stroke-opacity="0.7"'
            f'{dash_attr} pointer-events="none"><title>{t}</title></line>'
        )
    out += labels
    out += _panel(v, width_map + 10, legal)
    out.append("</svg>")
    return "".join(out)


def _hex_labels(h: dict[str, Any], x: float, y: float) -> list[str]:
    """The hexagon's id and terrain initial, then its infrastructure, resources and Disease."""
    letter = TERRAIN[h["terrain"]][1]
    out = [
        f'<text x="{x:.1f}" y="{y - 30:.1f}" text-anchor="middle" font-weight="bold" pointer-events="none">{h["id"]} {letter}</text>'
    ]
    rows = []
    if sum(h["blocks"]):
        rows.append("H " + "/".join(str(n) for n in h["blocks"]))
    rows += [f"P{lv}" for lv, _ in h["plants"]]
    if h["farm"]:
        rows.append(f"F{h['farm']}")
    if h["dump"]:
        rows.append("DUMP")
    res = " ".join(f"{RES_LETTER[k]}{n}" for k, n in h["res"].items())
    if res:
        rows.append(res)
    if h["disease"]:
        rows.append(f"☣ {h['disease']}")
    for i, row in enumerate(rows[:5]):
        colour = ' fill="#b00020"' if row.startswith("☣") else ""
        out.append(
            f'<text x="{x:.1f}" y="{y - 16 + i * 12:.1f}" text-anchor="middle" font-weight="bold" '
            f'stroke="white" stroke-width="2.5" paint-order="stroke" pointer-events="none"{colour}>{escape(row)}</text>'
        )
    return out


def _panel(v: dict[str, Any], x: float, legal: Any) -> list[str]:
    lines = _header(v)
    if v["seat"] is not None:
        lines.append(f"Your Hidden agenda: {' + '.join(v['my_agenda'])}; score {v['my_score']}")
    lines.append("Legend: road brown solid, grey pipe dashed, green pipe dotted")
    lines.append("Fd Food, Mx Mixed, Sp Separated, Sl Sludge, N NPK, ☣ Disease")
    out = []
    y = 16
    for line in lines:
        out.append(f'<text x="{x:.0f}" y="{y}">{escape(line[:80])}</text>')
        y += 14
    top = y + 6
    for i, a in enumerate(list(legal)[: 2 * LEGAL_ROWS]):
        col, row = divmod(i, LEGAL_ROWS)
        out.append(
            f'<text x="{x + col * 200:.0f}" y="{top + row * 13}" fill="#1a4f8b" data-act="{escape(str(a))}">'
            f"▸ {escape(str(a))}</text>"
        )
    return out
