"""Text and SVG renderings of a ResourCEd view (pure functions of the view)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

from loopcity.engine import Action, ActionKind
from loopcity.engine.text import Drawn, Key, _

from .actions import MOVE, PLACE, REMOVE, Cell
from .texts import cause_text

ABBREV: dict[str, Callable[[], str]] = {
    "bgcs": lambda: _("BGCS"),
    "food_forest": lambda: _("FF"),
    "community_garden": lambda: _("CG"),
    "heat_haven": lambda: _("HH"),
    "social_housing": lambda: _("SH"),
    "recycler": lambda: _("RC"),
}
"""Each tile's letters on the board, in the reader's language."""
UPGRADE_ABBREV: dict[str, Callable[[], str]] = {
    "composter": lambda: _("+Co"),
    "shipping_container": lambda: _("+SC"),
    "shelter": lambda: _("+Sh"),
    "irrigation_system": lambda: _("+Ir"),
    "bus_stop": lambda: _("+Bus"),
}
"""Each Upgrade's letters on the board, in the reader's language."""
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


MAP_ABBREV: dict[str, Callable[[], str]] = {
    "bgcs": lambda: _("BG"),
    "food_forest": lambda: _("FF"),
    "community_garden": lambda: _("CG"),
    "heat_haven": lambda: _("HH"),
    "social_housing": lambda: _("SH"),
    "recycler": lambda: _("RC"),
}
"""Each tile's two letters in the terminal's map, in the reader's language."""
MAP_UPGRADE: dict[str, Callable[[], str]] = {
    "composter": lambda: _("+co"),
    "shipping_container": lambda: _("+sc"),
    "shelter": lambda: _("+sh"),
    "irrigation_system": lambda: _("+ir"),
    "bus_stop": lambda: _("+bs"),
}
"""Each Upgrade's letters in the terminal's map, in the reader's language."""
CELL_WIDTH = 8
"""Characters a hex takes in the terminal's map (neighbours sit half a hex apart on the next line)."""


def _cards(view: dict[str, Any], counts: dict[str, int]) -> str:
    names = view["resource_names"]
    parts = [_("{n} {resource}").format(n=n, resource=names[r]) for r, n in counts.items() if n]
    return ", ".join(parts) if parts else _("no cards")


def _map(view: dict[str, Any]) -> list[str]:
    """The board as a hexagon map: each hex shows its number and tile, then its Upgrade and the
    players standing on it; hexes that touch are side by side or half a hex apart a line up or down."""
    here: dict[int, list[str]] = {}
    for p in view["players"]:
        here.setdefault(p["cell"], []).append(str(p["seat"] + 1))
    rows: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for c in view["cells"]:
        rows.setdefault(c["r"], []).append((2 * c["q"] + c["r"], c))
    low = min(x for row in rows.values() for x, _c in row)
    out = []
    for r in sorted(rows):
        top = [" "] * (CELL_WIDTH * 8)
        bottom = [" "] * (CELL_WIDTH * 8)
        for x, c in rows[r]:
            col = (x - low) * CELL_WIDTH // 2
            if c["tile"] is None and c["ring"] > view["ring"]:
                continue
            tile = MAP_ABBREV[c["tile"]]() if c["tile"] else ".."
            first = f"{c['cell']:>2} {tile}"
            upgrade = MAP_UPGRADE[c["upgrade"]]() if c["upgrade"] else ""
            second = upgrade + "@" + "".join(here[c["cell"]]) if c["cell"] in here else upgrade
            top[col : col + len(first)] = first
            bottom[col : col + len(second)] = second
        if "".join(top).strip():
            out += ["".join(top).rstrip(), "".join(bottom).rstrip()]
    return out


def _legend(view: dict[str, Any]) -> str:
    names = view["names"]
    tiles = " · ".join(f"{a()} {names[k]}" for k, a in MAP_ABBREV.items())
    upgrades = " · ".join(f"{a()} {names[k]}" for k, a in MAP_UPGRADE.items())
    words = _("{tiles} · .. an empty hex of the current Ring · {upgrades} · @2 where Seat 2 stands")
    return words.format(tiles=tiles, upgrades=upgrades)


def render_text(view: dict[str, Any]) -> str:
    """A terminal rendering: the table's numbers, this Round's Event, the hexagon map, the bank,
    the Waste Pile and every player's hand (the prompt and the actions are shown by the terminal)."""
    if view["round"]:
        when = _("Round {n}/{max}").format(n=view["round"], max=view["max_rounds"])
    else:
        when = _("Setup")
    lines = [
        _(
            "ResourCEd — {when} · building in Ring {ring} · Waste {waste}/{max} ({condition}) · Social "
            "Housing {housing} in all; Ring {ring} holds {have} of its {need}"
        ).format(
            when=when,
            ring=view["ring"],
            waste=view["waste"],
            max=view["max_waste"],
            condition=view["waste_condition"],
            housing=view["social_housing"],
            have=view["ring_housing"],
            need=view["ring_housing_needed"],
        )
    ]
    if view["event"]:
        pile = _("Good") if view["event_good"] else _("Bad")
        words = _("Event this Round (die {die}, {pile}): {name} — {text}")
        lines.append(
            words.format(die=view["event_die"], pile=pile, name=view["event_name"], text=view["event_text"])
        )
    lines += ["", *_map(view), _legend(view), ""]
    lines.append(_("Resource Bank: {cards}").format(cards=_cards(view, view["bank"])))
    names = view["resource_names"]
    pile = ", ".join(names[r] for r in view["waste_pile"]) or _("empty")
    lines.append(_("Waste Pile (bottom first): {pile}").format(pile=pile))
    composter = _("yes") if view["composter_built"] else _("no (Food and Water are Wasted)")
    words = _("Hand limit {hand} · Trade Limit {trade} · Composter built: {composter}")
    lines.append(words.format(hand=view["hand_limit"], trade=view["trade_limit"], composter=composter))
    for p in view["players"]:
        flags = (_(" [skips turn]") if p["skips_turn"] else "") + (
            _(" [Bushfire Smoke: -1]") if p["smoke"] else ""
        )
        cell = view["cells"][p["cell"]]
        words = _("  {seat} on {tile} (hex {cell}): {cards}{flags}")
        lines.append(
            words.format(
                seat=p["name"],
                tile=view["names"][cell["tile"]],
                cell=p["cell"],
                cards=_cards(view, p["hand"]),
                flags=flags,
            )
        )
    if view["trade"] is not None:
        lines.append(_("Trade: {text}").format(text=view["trade"]["text"]))
    if view["phase"] == "over":
        lines.append(
            (_("WON: {result}") if view["won"] else _("LOST: {result}")).format(
                result=cause_text(view["result"])
            )
        )
    elif view["in_turn"]:
        words = _("Turn of {seat}: spun {spin}, may move {moves}, traded {traded}/{limit}")
        lines.append(
            words.format(
                seat=view["seat_names"][view["turn_seat"]],
                spin=view["spin"],
                moves=view["moves"],
                traded=view["traded"],
                limit=view["trade_limit"],
            )
        )
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


def _cell_info(view: dict[str, Any], c: dict[str, Any], seats: list[int]) -> str:
    """The full words of a hex, for the page's reading line: ``Hex 14 (Ring 2): Food Forest with an
    Irrigation System; Seat 2 stands here``."""
    names = view["names"]
    if c["tile"] is None:
        if c["ring"] > view["ring"]:
            what = _("not open yet")
        else:
            what = _("empty: a crafted tile may go here")
    else:
        what = names[c["tile"]]
        if c["upgrade"]:
            what = _("{tile} with a {upgrade}").format(tile=what, upgrade=names[c["upgrade"]])
    words = _("Hex {cell} (Ring {ring}): {what}")
    text = words.format(cell=c["cell"], ring=c["ring"], what=what)
    if c["tile"] == "bgcs":
        text = _("BGCS (hex 0): {what}").format(what=what)
    if seats:
        here = ", ".join(view["seat_names"][s] for s in seats)
        text = _("{text}; here: {seats}").format(text=text, seats=here)
    return text


SIZE = 34.0
"""A hex's radius in the board's units."""


def render_svg(view: dict[str, Any], legal: Iterable[Action | str] = ()) -> str:
    """An SVG of the view: a strip with the Round, the Waste meter and the Social Housing, then the
    hexagon board with tiles, Upgrades and players (the panels show hands and the bank).

    Each hex that a legal action targets (move, place, remove) carries ``data-act``; every hex carries
    its full words in ``data-info``; its number is secondary text (``class="minor"``)."""
    size = SIZE
    width = size * math.sqrt(3) * 7 + 8
    reach = size * 1.5 * 3 + size  # from the centre to the outer Ring's far edge
    cx, cy = width / 2, 52 + reach
    height = cy + reach + 4
    targets = _targets(legal)
    label = escape(_("ResourCEd board"))
    title = escape(_("ResourCEd, Round {n}").format(n=view["round"]))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'font-family="sans-serif" role="img" aria-label="{label}">',
        f"<title>{title}</title>",
        *_strip(view, width),
    ]
    tokens: dict[int, list[int]] = {}
    for p in view["players"]:
        tokens.setdefault(p["cell"], []).append(p["seat"])
    for c in view["cells"]:
        x = cx + size * math.sqrt(3) * (c["q"] + c["r"] / 2)
        y = cy + size * 1.5 * c["r"]
        out += _kept_cell(view, c, x, y, targets.get(c["cell"]), tokens.get(c["cell"], []))
    out.append("</svg>")
    return "\n".join(out)


_DRAWN: Drawn[list[str]] = Drawn()
"""Hexes as drawn before: a move changes few of them."""


def _kept_cell(
    view: dict[str, Any], c: dict[str, Any], x: float, y: float, act: str | None, seats: list[int]
) -> list[str]:
    """:func:`_cell`, or the hex as drawn before from the same words (its place and view, the names
    of its tile and Upgrade, the current Ring, who stands on it, its action)."""
    names = view["names"]
    key = (
        x,
        y,
        repr(c),
        names.get(c["tile"]),
        names.get(c["upgrade"]),
        view["ring"],
        tuple(view["seat_names"][s] for s in seats),
        act,
    )
    return _DRAWN.get(key, lambda: _cell(view, c, x, y, act, seats))


def _cell(
    view: dict[str, Any], c: dict[str, Any], x: float, y: float, act: str | None, seats: list[int]
) -> list[str]:
    """One hex: its shape, tile letters, Upgrade, number (minor) and the players' tokens."""
    size = SIZE
    info = escape(_cell_info(view, c, seats))
    attrs = f' data-act="{escape(act)}" class="target" cursor="pointer"' if act else ""
    stroke = "#D55E00" if act else "#444"
    width = 3 if act else 1
    dash = "" if c["tile"] or c["ring"] <= view["ring"] else ' stroke-dasharray="3,3"'
    out = [
        f'<g id="cell-{c["cell"]}" data-info="{info}"{attrs}><polygon points="{_hexagon(x, y, size - 1)}" '
        f'fill="{FILL[c["tile"]]}" stroke="{stroke}" stroke-width="{width}"{dash}/>'
    ]
    number = "" if act else ' class="minor"'  # a target's number is read against the labels
    if c["tile"]:
        # The tile's name where the screen has room for it, else its letters (data-short).
        lines = "".join(
            f'<tspan x="{x:.1f}" dy="{0 if i == 0 else 1.1}em">{escape(w)}</tspan>'
            for i, w in enumerate(_name_lines(c["tile"], view["names"][c["tile"]]))
        )
        out.append(
            f'<text x="{x:.1f}" y="{y - 8:.1f}" text-anchor="middle" font-size="9.6" '
            f'data-fit="{size * 1.68:.0f}" data-short="{escape(ABBREV[c["tile"]]())}">{lines}</text>'
        )
        out.append(
            f'<text{number} x="{x:.1f}" y="{y - 20:.1f}" text-anchor="middle" font-size="8" fill="#333">'
            f"{c['cell']}</text>"
        )
    else:
        colour = "#333" if act else "#666" if c["ring"] <= view["ring"] else "#aaa"
        out.append(
            f'<text{number} x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="11" fill="{colour}">'
            f"{c['cell']}</text>"
        )
    if c["upgrade"]:
        out.append(
            f'<text x="{x:.1f}" y="{y + 9:.1f}" text-anchor="middle" font-size="10">'
            f"{escape(UPGRADE_ABBREV[c['upgrade']]())}</text>"
        )
    for i, seat in enumerate(seats):
        tx = x + 14 * i - 7 * (len(seats) - 1)
        out.append(
            f'<circle cx="{tx:.1f}" cy="{y + 19:.1f}" r="7.5" fill="#fff" stroke="#000"/>'
            f'<text x="{tx:.1f}" y="{y + 23:.1f}" text-anchor="middle" font-size="11">{seat + 1}</text>'
        )
    out.append("</g>")
    return out


def _name_lines(tile: str, name: str) -> list[str]:
    """A tile's name in at most two lines (Banksia Gardens Community Services keeps its letters)."""
    if tile == "bgcs":
        return [ABBREV[tile]()]
    words = name.split()
    return [" ".join(words[:1]), " ".join(words[1:])] if len(words) > 1 else words


def _strip(view: dict[str, Any], width: float) -> list[str]:
    """The Round, the Waste meter and the Social Housing, above the board."""
    waste, cap = view["waste"], view["max_waste"]
    frac = min(1.0, waste / cap)
    level, top = view["waste_level"], view["waste_levels"] - 1  # the Waste Condition, Zero Waste = 0
    colour = "#009E73" if level == 0 else "#D55E00" if level >= top - 1 else "#E69F00"
    when = (
        _("Round {n}/{max}").format(n=view["round"], max=view["max_rounds"]) if view["round"] else _("Setup")
    )
    info = escape(
        _("Waste Pile: {n} of {max} cards ({condition}); a Round ending with {max} or more loses").format(
            n=waste, max=cap, condition=view["waste_condition"]
        )
    )
    housing = _("Housing {n}/{need}").format(n=view["social_housing"], need=view["housing_needed"])
    housing_info = escape(
        _("Social Housing: {n} in all; Ring {ring} holds {have} of its {need}").format(
            n=view["social_housing"],
            ring=view["ring"],
            have=view["ring_housing"],
            need=view["ring_housing_needed"],
        )
    )
    ring = _("Ring {n}").format(n=view["ring"])
    meter = _("Waste {n}/{max}").format(n=waste, max=cap)
    return [
        f'<text x="6" y="20" font-size="15" font-weight="bold">{escape(when)} · {escape(ring)}</text>',
        f'<g data-info="{housing_info}"><text x="{width - 6:.0f}" y="20" font-size="15" text-anchor="end">'
        f"{escape(housing)}</text></g>",
        f'<g data-info="{info}"><text x="6" y="42" font-size="14">{escape(meter)}</text>',
        f'<rect x="110" y="30" width="{width - 116:.0f}" height="14" fill="#eee" stroke="#444"/>',
        f'<rect x="110" y="30" width="{(width - 116) * frac:.1f}" height="14" fill="{colour}"/></g>',
    ]


def legend(view: dict[str, Any]) -> list[Key]:
    """What the board's colours, outlines, discs and letters mean, in the rulebook's words."""
    names = view["names"]
    keys = [
        Key(_short(names[t], ABBREV[t]()), "hex", FILL[t], "#444")
        for t in ("bgcs", "food_forest", "community_garden", "heat_haven", "social_housing", "recycler")
        if t in names
    ]
    keys += [
        Key(_("An empty hex of a Ring that is open: a Tile may be placed there"), "hex", "#FFFFFF", "#444"),
        Key(_("Dashed: a hex of a Ring not open yet"), "hex", "#FFFFFF", "#aaa", "3,3"),
        Key(
            _("Orange outline: a hex you may choose now (tap it, or use the buttons)"),
            "hex",
            "#FFFFFF",
            "#D55E00",
            "",
            3,
        ),
        Key(_("A player's token, with the seat's number"), "disc", "#fff", "#000", mark="1"),
    ]
    keys += [
        Key(_("{name} on the tile").format(name=names[u]), "square", "#fff", "#fff", mark=UPGRADE_ABBREV[u]())
        for u in UPGRADE_ABBREV
        if u in names
    ]
    keys += [
        Key(_("Waste Pile meter: green at Zero Waste"), "square", "#009E73", "#444"),
        Key(_("Waste Pile meter: orange while Waste grows"), "square", "#E69F00", "#444"),
        Key(
            _("Waste Pile meter: red near the maximum (the game is lost there)"), "square", "#D55E00", "#444"
        ),
    ]
    return keys


def _short(name: str, short: str) -> str:
    return name if name == short else _("{name} ({short})").format(name=name, short=short)
