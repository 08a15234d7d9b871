"""Text and SVG pictures of a Resourcity view (pure functions of the view)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from loopcity.engine import Action

from .actions import COMPOST, GROW, HARVEST, MOVE, PLANT, REPLACE, ROTATE, TELEPORT, TO

SIZE = 6
LAT = 7
GREEN = LAT * LAT
BOX = {
    "NS": "│",
    "EW": "─",
    "ES": "┌",
    "SW": "┐",
    "NE": "└",
    "NW": "┘",
    "ESW": "┬",
    "NSW": "┤",
    "NEW": "┴",
    "NES": "├",
    "NESW": "┼",
    "": " ",
}
CROP_LETTER = {"sugarcane": "s", "sweetpotato": "p", "catchment": "w"}
CROP_COLOUR = {"sugarcane": "#c9a227", "sweetpotato": "#a0522d", "catchment": "#1e7fc7"}
SEAT_COLOUR = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf")


def _tile_char(cell: dict[str, Any]) -> str:
    if cell["tile"] == "green":
        return "G"
    if cell["tile"] == "centre":
        return "C"
    if cell["tile"] == "tennis":
        return "╱" if cell["rot"] % 2 else "╲"
    return BOX.get(cell["exits"], "?")


def _plot_chars(view: dict[str, Any]) -> dict[int, str]:
    out = {}
    for p in view["plots"]:
        if p["crop"]:
            ch = CROP_LETTER[p["crop"]]
            out[p["plot"]] = ch.upper() if p["ready"] else ch
        else:
            out[p["plot"]] = "*" if p["compost"] else "o"
    return out


def render_text(view: dict[str, Any]) -> str:
    """The table as text: the grid with road exits and Plots, then players, pools, hands and effects."""
    grid, plots = view["grid"], _plot_chars(view)
    where: dict[int, list[str]] = {}
    for pl in view["players"]:
        where.setdefault(pl["tile"], []).append(str(pl["seat"] + 1))
    lines = ["tile   " + "".join(f"+{c:<6}" for c in range(SIZE)).rstrip()]
    for i in range(LAT):
        row = f"p{i * LAT:<3}"
        for j in range(LAT):
            row += plots.get(i * LAT + j, "·")
            if j < SIZE:
                t = i * SIZE + j
                up = i > 0 and "S" in grid[t - SIZE]["exits"]
                down = i < SIZE and "N" in grid[t]["exits"]
                row += "   " + ("│" if up or down else " ") + "   "
        lines.append(row.rstrip())
        if i == SIZE:
            break
        row = f"t{i * SIZE:<3}"
        for j in range(SIZE):
            cell = grid[i * SIZE + j]
            left = "─" if "W" in cell["exits"] else " "
            who = "".join(where.get(i * SIZE + j, []))[:3]
            centre = plots.get(GREEN + i * SIZE + j)
            row += left + who.ljust(3) + _tile_char(cell) + (centre or " ") + " "
        lines.append(row.rstrip())
    lines.append("p  " + "".join(f"+{j:<6}" for j in range(LAT)).rstrip())
    lines.append(
        "Tile number = t-label + column; Plot number = p-label + column of its dot;"
        " a Green Space's centre Plot is 49 + its tile. Digits on a tile: seats there."
    )
    lines.append(
        "Tiles: ─│┌┐└┘ roads, ┬┤┴├ 3-way, ┼ 4-way, ╲╱ tennis ball, C Community Centre, G Green Space."
    )
    lines.append(
        "Plots: o empty, * Compost, s Sugar Cane, p Sweet Potato, w Water Catchment (capital: ready)."
    )
    lines += _status_lines(view)
    return "\n".join(lines)


def _status_lines(view: dict[str, Any]) -> list[str]:
    a, u = view["available"], view["used"]
    out = [
        f"Round {view['round']} — seat {view['turn'] + 1} to play, {view['actions_left']} action(s) left"
        f" — phase {view['phase']}",
        "Resources  Available: "
        + ", ".join(f"{k.capitalize()} {v}" for k, v in a.items())
        + "   Used: "
        + ", ".join(f"{k.capitalize()} {v}" for k, v in u.items()),
        f"Farms {view['farms']}  Score {view['score']}  Crisis tiles {view['crises_drawn']}/"
        f"{view['crises_to_win']}  Deck {view['deck_size']} tiles",
    ]
    for pl in view["players"]:
        harvest = ", ".join(f"{h[0]}({h[1]}{'+compost' if h[2] else ''})" for h in pl["harvest"])
        out.append(
            f"  Seat {pl['seat'] + 1} {pl['power_name']:<12} on tile {pl['tile']:>2}  hand: "
            + ", ".join(pl["hand"])
            + (f"  harvest: {harvest}" if harvest else "")
        )
    planted = [p for p in view["plots"] if p["crop"]]
    if planted:
        out.append(
            "Crops: "
            + "; ".join(
                f"plot {p['plot']} {p['crop']} {p['tokens']}{' +compost' if p['compost'] else ''}"
                f"{' READY' if p['ready'] else ''}"
                for p in planted
            )
        )
    eff = [f"{k.replace('_', ' ')} ({n} turn(s))" for k, n in view["effects"].items() if n]
    if eff:
        out.append("In effect: " + ", ".join(eff))
    if view["events"]:
        out.append("Drawn: " + ", ".join(e["name"] for e in view["events"]))
    if view["result"]:
        out.append(f"Game over: {view['result']}")
    return out


# ----- SVG ---------------------------------------------------------------------------------------
CELL = 80
PAD = 20


def _road_paths(cell: dict[str, Any], x: float, y: float) -> list[str]:
    h = CELL / 2
    mids = {"N": (x + h, y), "E": (x + CELL, y + h), "S": (x + h, y + CELL), "W": (x, y + h)}
    cx, cy = x + h, y + h
    ex = cell["exits"]
    if cell["tile"] == "tennis":
        pairs = [("N", "W"), ("S", "E")] if cell["rot"] % 2 == 0 else [("N", "E"), ("S", "W")]
        return [_arc(mids[a], mids[b], (cx, cy)) for a, b in pairs]
    if cell["tile"] == "curve":
        a, b = ex[0], ex[1]
        return [_arc(mids[a], mids[b], (cx, cy))]
    if len(ex) == 2 and ex in ("NS", "EW"):
        (ax, ay), (bx, by) = mids[ex[0]], mids[ex[1]]
        return [f"M{ax},{ay} L{bx},{by}"]
    return [f"M{cx},{cy} L{mids[d][0]},{mids[d][1]}" for d in ex]


def _arc(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> str:
    """A quarter curve between two side midpoints, bowing toward the tile's centre ``c``."""
    return f"M{a[0]},{a[1]} Q{c[0]},{c[1]} {b[0]},{b[1]}"


_TILE_TARGETS = {MOVE.name: 0, TELEPORT.name: 0, TO.name: 0, REPLACE.name: 1, ROTATE.name: 2}
"""Actions aimed at a tile, by the order in which a click on the tile prefers them."""


def _target(a: Action) -> tuple[str, int] | None:
    """Whether the action is aimed at a tile or a Plot, and which one."""
    match a.kind:
        case MOVE.name:
            return "tile", MOVE.read(a).tile
        case TELEPORT.name:
            return "tile", TELEPORT.read(a).tile
        case TO.name:
            return "tile", TO.read(a).tile
        case REPLACE.name:
            return "tile", REPLACE.read(a).tile
        case ROTATE.name:
            return "tile", ROTATE.read(a).tile
        case PLANT.name:
            return "plot", PLANT.read(a).plot
        case GROW.name:
            return "plot", GROW.read(a).plot
        case HARVEST.name:
            return "plot", HARVEST.read(a).plot
        case COMPOST.name:
            return "plot", COMPOST.read(a).plot
    return None


def _targets(legal: Iterable[Action | str]) -> tuple[dict[int, str], dict[int, str]]:
    """The action each tile and each Plot stands for when clicked (legal actions or their texts)."""
    tiles: dict[int, str] = {}
    plots: dict[int, str] = {}
    best: dict[int, int] = {}
    for item in legal:
        a = item if isinstance(item, Action) else Action.parse(item)
        target = _target(a)
        if target is None:
            continue
        text = str(a)
        where, n = target
        if where == "plot":
            plots.setdefault(n, text)
        elif _TILE_TARGETS[a.kind] < best.get(n, 9):
            best[n], tiles[n] = _TILE_TARGETS[a.kind], text
    return tiles, plots


def render_svg(view: dict[str, Any], legal: Iterable[Action | str] = ()) -> str:
    """An SVG of the view: grid with roads, Farms' Plots and crops, players, pools and hands."""
    tiles, plot_acts = _targets(legal)
    w = PAD * 2 + CELL * SIZE + 300
    hgt = PAD * 2 + CELL * SIZE + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {hgt}" width="{w}" height="{hgt}" '
        'font-family="sans-serif" font-size="12">'
    ]
    for t, cell in enumerate(view["grid"]):
        x, y = PAD + (t % SIZE) * CELL, PAD + (t // SIZE) * CELL
        fill = {"green": "#b7e4a7", "centre": "#f3d9a4"}.get(cell["tile"], "#eeeeee")
        act = f' data-act="{escape(tiles[t])}"' if t in tiles else ""
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#999"{act}>'
            f"<title>tile {t}: {cell['tile']} exits {cell['exits'] or 'none'}</title></rect>"
        )
        for d in _road_paths(cell, x, y):
            out.append(f'<path d="{d}" stroke="#444" stroke-width="8" fill="none" stroke-linecap="round"/>')
        label = {"centre": "CC", "green": "Green"}.get(cell["tile"])
        if label:
            out.append(f'<text x="{x + 4}" y="{y + 14}">{label}</text>')
    out += _svg_plots(view, plot_acts)
    out += _svg_players(view)
    out += _svg_side(view)
    out.append("</svg>")
    return "\n".join(out)


def _svg_plots(view: dict[str, Any], acts: dict[int, str]) -> list[str]:
    out = []
    for p in view["plots"]:
        pid = p["plot"]
        if pid >= GREEN:
            t = pid - GREEN
            x, y = PAD + (t % SIZE) * CELL + CELL / 2, PAD + (t // SIZE) * CELL + CELL / 2
        else:
            x, y = PAD + (pid % LAT) * CELL, PAD + (pid // LAT) * CELL
        colour = CROP_COLOUR.get(p["crop"] or "", "#ffffff")
        letter = CROP_LETTER.get(p["crop"] or "", "*" if p["compost"] else "")
        tok = f"{letter}{p['tokens'] or ''}" if p["crop"] else letter
        act = f' data-act="{escape(acts[pid])}"' if pid in acts else ""
        out.append(
            f'<circle cx="{x}" cy="{y}" r="11" fill="{colour}" stroke="#2a6" stroke-width="3"{act}>'
            f"<title>plot {pid} farm {p['farm']}</title></circle>"
        )
        out.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-weight="bold">{tok}</text>')
    return out


def _svg_players(view: dict[str, Any]) -> list[str]:
    out = []
    count: dict[int, int] = {}
    for pl in view["players"]:
        t = pl["tile"]
        k = count.get(t, 0)
        count[t] = k + 1
        x = PAD + (t % SIZE) * CELL + 20 + 20 * k
        y = PAD + (t // SIZE) * CELL + CELL - 18
        out.append(
            f'<circle cx="{x}" cy="{y}" r="9" fill="{SEAT_COLOUR[pl["seat"]]}" stroke="#000"/>'
            f'<text x="{x}" y="{y + 4}" text-anchor="middle" fill="#fff">{pl["seat"] + 1}</text>'
        )
    return out


def _svg_side(view: dict[str, Any]) -> list[str]:
    x = PAD * 2 + CELL * SIZE
    lines = [f"Round {view['round']}: seat {view['turn'] + 1}, {view['actions_left']} action(s)"]
    lines.append("Available: " + ", ".join(f"{k} {v}" for k, v in view["available"].items()))
    lines.append("Used: " + ", ".join(f"{k} {v}" for k, v in view["used"].items()))
    lines.append(f"Farms {view['farms']}, score {view['score']}")
    lines.append(f"Crisis {view['crises_drawn']}/{view['crises_to_win']}, deck {view['deck_size']}")
    for pl in view["players"]:
        lines.append(f"Seat {pl['seat'] + 1} {pl['power_name']}: {', '.join(pl['hand'])}")
    if view["result"]:
        lines.append(f"Game over: {view['result']}")
    return [f'<text x="{x}" y="{PAD + 16 * (i + 1)}">{escape(s)}</text>' for i, s in enumerate(lines)]
