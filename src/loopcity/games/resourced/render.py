"""Text and SVG renderings of a ResourCEd view (pure functions of the view)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape
from typing import Any

from loopcity.engine import Action, ActionKind

from .actions import MOVE, PLACE, REMOVE, Cell

ABBREV = {
    "bgcs": "BGCS",
    "food_forest": "FF",
    "community_garden": "CG",
    "heat_haven": "HH",
    "social_housing": "SH",
    "recycler": "RC",
}
UPGRADE_ABBREV = {
    "composter": "+Comp",
    "shipping_container": "+Ship",
    "shelter": "+Shel",
    "irrigation_system": "+Irr",
    "bus_stop": "+Bus",
}
# Colour-blind safe fills (Okabe-Ito), always paired with the tile's letters.
FILL = {
    "bgcs": "#F0E442",
    "food_forest": "#009E73",
    "community_garden": "#E69F00",
    "heat_haven": "#56B4E9",
    "social_housing": "#CC79A7",
    "recycler": "#999999",
    None: "#FFFFFF",
}
CELL_ACTIONS: dict[str, ActionKind[Cell]] = {k.name: k for k in (MOVE, PLACE, REMOVE)}
"""The actions that target a hex, made clickable on the board."""


def _hand_text(hand: dict[str, int]) -> str:
    return " ".join(f"{k} {v}" for k, v in hand.items() if v) or "(no cards)"


def render_text(view: dict[str, Any]) -> str:
    """A terminal rendering: status line, board by ring, bank, Waste Pile, players, what is asked."""
    names = view["names"]
    when = f"Round {view['round']}/{view['max_rounds']}" if view["round"] else "Setup"
    lines = [
        f"ResourCEd — {when} ({view['variant']}) · building in Ring "
        f"{view['ring']} · Waste {view['waste']}/{view['max_waste']} ({view['waste_condition']}) · Social Housing "
        f"{view['social_housing']}/{view['housing_needed']} (in Ring {view['ring']}: "
        f"{view['ring_housing']}/{view['ring_housing_needed']})",
    ]
    if view["event"]:
        lines.append(f"Event this Round: {view['event']}")
    here: dict[int, list[str]] = {}
    for p in view["players"]:
        here.setdefault(p["cell"], []).append(f"P{p['seat'] + 1}")
    for ring in range(4):
        parts = []
        empty = 0
        for c in view["cells"]:
            if c["ring"] != ring:
                continue
            if c["tile"] is None:
                empty += 1
                continue
            label = f"{c['cell']}:{names[c['tile']]}"
            if c["upgrade"]:
                label += f" [{names[c['upgrade']]}]"
            if c["cell"] in here:
                label += " <" + ",".join(here[c["cell"]]) + ">"
            parts.append(label)
        title = "Centre" if ring == 0 else f"Ring {ring}"
        tail = f" (+{empty} empty)" if empty else ""
        lines.append(f"{title}: " + (" | ".join(parts) or "-") + tail)
    lines.append("Bank: " + _hand_text(view["bank"]))
    pile = view["waste_pile"]
    lines.append("Waste Pile (bottom first): " + (", ".join(pile) if pile else "empty"))
    lines.append(
        f"Hand limit {view['hand_limit']} · Trade Limit {view['trade_limit']} · Composter built: "
        f"{'yes' if view['composter_built'] else 'no (Food and Water are Wasted)'}"
    )
    for p in view["players"]:
        flags = (" [skips turn]" if p["skips_turn"] else "") + (" [smoke -1]" if p["smoke"] else "")
        lines.append(f"  Seat {p['seat'] + 1} on tile {p['cell']}: {_hand_text(p['hand'])}{flags}")
    if view["phase"] == "over":
        lines.append(("WON: " if view["won"] else "LOST: ") + view["result"])
    else:
        if view["in_turn"]:
            lines.append(
                f"Turn of seat {view['turn_seat'] + 1}: spun {view['spin']}, may move {view['moves']}, "
                f"traded {view['traded']}/{view['trade_limit']}"
            )
        who = ", ".join(f"seat {s + 1}" for s in view["active_seats"])
        table = " for the table" if view["table_decision"] else ""
        lines.append(f"Now ({who}{table}): {view['prompt']}")
    return "\n".join(lines)


def _hexagon(x: float, y: float, size: float) -> str:
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{x + size * math.cos(a):.1f},{y + size * math.sin(a):.1f}")
    return " ".join(pts)


def _targets(legal: Iterable[Action | str]) -> dict[int, str]:
    """The hexes that legal actions (or their texts) target, with the action's text."""
    out: dict[int, str] = {}
    for a in legal:
        action = a if isinstance(a, Action) else Action.parse(a)
        kind = CELL_ACTIONS.get(action.kind)
        if kind is not None:
            out[kind.read(action).cell] = str(action)
    return out


def render_svg(view: dict[str, Any], legal: Iterable[Action | str] = ()) -> str:
    """An SVG of the view: the hex rings, tiles, Upgrades, players, the Waste meter and the hands.

    Each hex that a legal action targets (move, place, remove) carries ``data-act``."""
    size = 34.0
    cx, cy = 260.0, 250.0
    targets = _targets(legal)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 520" font-family="sans-serif" '
        'role="img" aria-label="ResourCEd board">',
        f"<title>ResourCEd, round {view['round']}</title>",
    ]
    tokens: dict[int, list[int]] = {}
    for p in view["players"]:
        tokens.setdefault(p["cell"], []).append(p["seat"])
    for c in view["cells"]:
        x = cx + size * math.sqrt(3) * (c["q"] + c["r"] / 2)
        y = cy + size * 1.5 * c["r"]
        act = targets.get(c["cell"])
        attrs = f' data-act="{escape(act)}" class="target" cursor="pointer"' if act else ""
        stroke = "#D55E00" if act else "#444"
        width = 3 if act else 1
        dash = "" if c["tile"] or c["ring"] <= view["ring"] else ' stroke-dasharray="3,3"'
        out.append(
            f'<g id="cell-{c["cell"]}"{attrs}><polygon points="{_hexagon(x, y, size - 1)}" '
            f'fill="{FILL[c["tile"]]}" stroke="{stroke}" stroke-width="{width}"{dash}/>'
        )
        label = ABBREV.get(c["tile"], "") if c["tile"] else str(c["cell"])
        colour = "#000" if c["tile"] else "#999"
        out.append(
            f'<text x="{x:.1f}" y="{y - 6:.1f}" text-anchor="middle" font-size="11" fill="{colour}">{label}</text>'
        )
        if c["tile"]:
            out.append(
                f'<text x="{x:.1f}" y="{y - 19:.1f}" text-anchor="middle" font-size="8" fill="#333">'
                f"{c['cell']}</text>"
            )
        if c["upgrade"]:
            out.append(
                f'<text x="{x:.1f}" y="{y + 6:.1f}" text-anchor="middle" font-size="9">'
                f"{UPGRADE_ABBREV[c['upgrade']]}</text>"
            )
        for i, seat in enumerate(tokens.get(c["cell"], [])):
            tx = x - 15 + 10 * i
            out.append(
                f'<circle cx="{tx:.1f}" cy="{y + 18:.1f}" r="6" fill="#fff" stroke="#000"/>'
                f'<text x="{tx:.1f}" y="{y + 21:.1f}" text-anchor="middle" font-size="8">{seat + 1}</text>'
            )
        out.append("</g>")
    out.extend(_side_panel(view))
    out.append("</svg>")
    return "\n".join(out)


def _side_panel(view: dict[str, Any]) -> list[str]:
    x0 = 520
    waste, cap = view["waste"], view["max_waste"]
    frac = min(1.0, waste / cap)
    level, top = view["waste_level"], view["waste_levels"] - 1  # the Waste Condition, Zero Waste = 0
    colour = "#009E73" if level == 0 else "#D55E00" if level >= top - 1 else "#E69F00"
    out = [
        f'<text x="{x0}" y="30" font-size="14" font-weight="bold">Round {view["round"]}/{view["max_rounds"]} · '
        f"Ring {view['ring']}</text>",
        f'<text x="{x0}" y="52" font-size="12">Waste {waste}/{cap} ({escape(view["waste_condition"])})</text>',
        f'<rect x="{x0}" y="58" width="220" height="14" fill="#eee" stroke="#444"/>',
        f'<rect x="{x0}" y="58" width="{220 * frac:.1f}" height="14" fill="{colour}"/>',
        f'<text x="{x0}" y="92" font-size="12">Social Housing {view["social_housing"]}/{view["housing_needed"]}'
        f" (in Ring {view['ring']}: {view['ring_housing']}/{view['ring_housing_needed']})</text>",
        f'<text x="{x0}" y="110" font-size="11">Resource Bank:</text>',
        f'<text x="{x0}" y="124" font-size="11">{escape(_hand_text(view["bank"]))}</text>',
    ]
    y = 148
    for p in view["players"]:
        me = " (you)" if view["you"] == p["seat"] else ""
        out.append(
            f'<text x="{x0}" y="{y}" font-size="11">Seat {p["seat"] + 1}{me} on tile {p["cell"]}:</text>'
            f'<text x="{x0 + 10}" y="{y + 13}" font-size="11">{escape(_hand_text(p["hand"]))}</text>'
        )
        y += 30
    if view["event"]:
        out.append(f'<text x="{x0}" y="{y + 10}" font-size="11">Event: {escape(view["event"])}</text>')
    out.append(f'<text x="{x0}" y="{y + 30}" font-size="11">{escape(view["prompt"])}</text>')
    if view["phase"] == "over":
        result = ("Won: " if view["won"] else "Lost: ") + view["result"]
        out.append(f'<text x="{x0}" y="{y + 50}" font-size="13" font-weight="bold">{escape(result)}</text>')
    return out
