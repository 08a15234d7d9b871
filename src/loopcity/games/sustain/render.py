"""Text and SVG renderings of a SUSTAIN view (pure functions of the view)."""

from __future__ import annotations

from html import escape
from typing import Any

from . import actions as A
from .board import geometry

TRACK_LABELS = (
    ("standard_of_living", "Standard of Living"),
    ("attractiveness", "Attractiveness of the city"),
    ("sustainable_transport", "Sustainable transport"),
    ("pollution", "Pollution"),
)
CATEGORY_STYLE = {  # fill colour and a letter, so colour is never the only cue
    "residential": ("#f4d58d", "R"),
    "industry": ("#b0b0b0", "I"),
    "service": ("#9ecae1", "S"),
    "green": ("#a1d99b", "G"),
    "culture": ("#d4b9da", "C"),
    "transport": ("#fdae6b", "T"),
}


def _short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "."


# ----------------------------------------------------------------- text
def render_text(view: dict[str, Any]) -> str:
    """The terminal rendering of a view."""
    lines = [_header(view), *_indicator_lines(view), "", *_map_lines(view), "", *_player_lines(view)]
    lines += ["", "Department sheets (fund <department> <space>, then coins <n>):", *_sheet_lines(view)]
    lines += ["", *_card_lines(view)]
    return "\n".join(lines)


def _header(view: dict[str, Any]) -> str:
    ind = view["indicators"]
    phase = view["phase"]
    who = ", ".join(f"seat {s + 1}" for s in view["active_seats"])
    if view["phase"] == "over":
        phase = f"over: {view['defeat'] or 'the city survived'}"
    last = " (last year)" if view["final_year"] else ""
    mine = f" You are seat {view['seat'] + 1}, {view['my_department']}." if view["seat"] is not None else ""
    return (
        f"SUSTAIN - {view['scenario']['name']} - Year {view['round']}{last} - {phase}"
        + (f" - to act: {who}" if who else "")
        + f"\nFirst player: seat {view['first_player'] + 1} (token {view['first_player_token']}). "
        f"Reserve for next budget: {ind['reserve']} Coins.{mine}"
    )


def _indicator_lines(view: dict[str, Any]) -> list[str]:
    ind = view["indicators"]
    top = ind["top"]
    out = []
    for key, label in TRACK_LABELS:
        bar = "".join("#" if i == ind[key] else "." for i in range(top + 1))
        extra = ""
        if key == "standard_of_living":
            extra = f"  budget {ind['next_budget']}"
        elif key == "attractiveness":
            extra = f"  growth {ind['growth_per_year']}/year"
        out.append(f"  {label:<27} [{bar}] {ind[key]}/{top}{extra}")
    unhappy = ":(" * ind["unhappy"] + " ." * (ind["unhappy_squares"] - ind["unhappy"])
    co2 = "x" * ind["co2"] + "." * (ind["co2_squares"] - ind["co2"])
    out.append(f"  Unhappy Population [{unhappy}] {ind['unhappy']}/{ind['unhappy_squares']}")
    out.append(
        f"  CO2 Accumulation   [{co2}] {ind['co2']}/{ind['co2_squares']} (+{ind['co2_per_year']}/year)"
    )
    return out


def _map_lines(view: dict[str, Any]) -> list[str]:
    m = view["map"]
    geo = geometry(m["size"])
    by_cell = {b["cell"]: b for b in m["built"]}
    out = [
        f"City Map: population {m['population']}, free housing {m['housing_free']}, "
        f"free big squares {m['free_squares']} (cells numbered for 'build')"
    ]
    out.append("     " + "".join(f"{chr(65 + c):<14}" for c in range(geo.size)))
    for r in range(geo.size):
        row = []
        for c in range(geo.size):
            cell = r * geo.size + c
            b = by_cell.get(cell)
            if b is None:
                row.append(f"{cell:>2} .         ")
            else:
                ppl = f" {b['people']}/{b['housing']}" if b["housing"] else ""
                row.append(f"{cell:>2} {_short(b['name'], 11 - len(ppl)) + ppl:<11}")
        out.append(f"  {r + 1}  " + " ".join(row))
    small = [f"{b['label']} {b['name']} (cell {b['cell']})" for b in m["built"] if b["kind"] != "square"]
    if small:
        out.append("  Stops, walks and lanes: " + "; ".join(small))
    return out


def _player_lines(view: dict[str, Any]) -> list[str]:
    out = ["Players:"]
    for p in view["players"]:
        flag = " (passed)" if p["passed"] and view["phase"] != "over" else ""
        you = " <- you" if p["seat"] == view["seat"] else ""
        out.append(
            f"  seat {p['seat'] + 1}: {p['department_name']:<21} coins {p['coins']:>2}  "
            f"points {p['points']:>2}  score now {p['score']:>2}{flag}{you}"
        )
    return out


def _sheet_lines(view: dict[str, Any]) -> list[str]:
    out = []
    for d in view["departments"]:
        owner = "open to all" if d["open"] else f"seat {d['owner'] + 1}"
        spaces = "; ".join(
            f"{s['space']} {s['name']} ({s['where']}) {s['invested']}/{s['cost']} [{s['points']}pt]"
            for s in d["spaces"]
        )
        out.append(f"  {d['number']} {d['name']} ({owner}; end bonus {d['end_bonus']})")
        out.append(f"      {spaces}")
    return out


def _card_lines(view: dict[str, Any]) -> list[str]:
    out = ["Solution cards, gray side up (invest <card>, then coins <n>):"]
    out += [f"  {c['card']}: {c['title']} {c['invested']}/{c['cost']}" for c in view["solutions"]] or [
        "  none"
    ]
    if view["requests"]:
        out.append("REQUEST cards (request <card>, then coins <n>):")
        out += [
            f"  {r['card']}: {r['id']} {r['title']} {r['invested']}/{r['cost']} - {r['text']}"
            for r in view["requests"]
        ]
    if view["lasting"]:
        out.append(
            "In play: "
            + "; ".join(f"{c['id']} {c['title']} ({c['years_left']} more)" for c in view["lasting"])
        )
    if view["events_this_year"]:
        out.append(
            "Events this year: " + "; ".join(f"{e['id']} {e['title']}" for e in view["events_this_year"])
        )
    if view["flipped"]:
        f = view["flipped"][-1]
        out.append(
            f"Last flipped: {f['id']} {f['title']} {', '.join(f['effects'])}"
            + (f", points {f['points']}" if f["points"] else "")
        )
    if view["choice"]:
        c = view["choice"]
        out.append(
            f"Seat {c['seat'] + 1} puts Coins on {c['target']} (it needs {c['needs']} more): coins <n>."
        )
    if view["pending_build"]:
        p = view["pending_build"]
        out.append(f"Seat {p['seat'] + 1} must draw a {p['name']} on a free space (build <cell>).")
    out.append(f"Decks: {view['decks']['events']} Event, {view['decks']['solutions']} Solution cards.")
    return out


# ----------------------------------------------------------------- SVG
CELL = 64
MAP_X, MAP_Y = 20, 40


def render_svg(view: dict[str, Any], legal: Any = ()) -> str:
    """An SVG picture of a view; places that legal actions target carry ``data-act``."""
    acts = {str(a) for a in legal}
    m = view["map"]
    size = m["size"]
    width = MAP_X * 2 + size * CELL + 560
    parts = [
        f'<text x="{MAP_X}" y="24" font-size="16" font-weight="bold">SUSTAIN - '
        f"{escape(view['scenario']['name'])} - Year {view['round']} - {escape(view['phase'])}</text>"
    ]
    parts += _svg_map(view, acts)
    bx = MAP_X * 2 + size * CELL
    y = _svg_board(view, parts, bx, 40)
    y = _svg_cards(view, parts, acts, bx, y + 10)
    y = max(y, MAP_Y + size * CELL + 20)
    y = _svg_sheets(view, parts, acts, MAP_X, y + 10)
    y = _svg_players(view, parts, acts, MAP_X, y + 10)
    height = y + 20
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">'
        f'<rect width="{width}" height="{height}" fill="#fbfaf5"/>' + "".join(parts) + "</svg>"
    )


def _svg_map(view: dict[str, Any], acts: set[str]) -> list[str]:
    m = view["map"]
    geo = geometry(m["size"])
    by_cell = {b["cell"]: b for b in m["built"]}
    out = []
    for sq in geo.squares:
        r, c = divmod(sq, geo.size)
        x, y = MAP_X + c * CELL + 6, MAP_Y + r * CELL + 6
        b = by_cell.get(sq)
        act = str(A.BUILD(sq))
        data = f' data-act="{act}"' if act in acts else ""
        if b is None:
            stroke = "#2b8a3e" if data else "#999"
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL - 12}" height="{CELL - 12}" fill="#fff" '
                f'stroke="{stroke}" stroke-dasharray="3 2"{data}/>'
            )
            out.append(f'<text x="{x + 3}" y="{y + 11}" fill="#888" font-size="9">{geo.labels[sq]}</text>')
            continue
        fill, letter = CATEGORY_STYLE.get(b["category"], ("#eee", "?"))
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL - 12}" height="{CELL - 12}" fill="{fill}" stroke="#333"/>'
        )
        out.append(f'<text x="{x + 3}" y="{y + 12}" font-weight="bold">{letter}</text>')
        out.append(f'<text x="{x + 3}" y="{y + 26}" font-size="8">{escape(_short(b["name"], 12))}</text>')
        if b["housing"]:
            out.append(
                f'<text x="{x + 3}" y="{y + 42}" font-size="9">{b["people"]}/{b["housing"]} people</text>'
            )
    for cell in geo.corners + geo.edges:
        out.append(_svg_small(geo, cell, by_cell.get(cell), acts))
    return out


_EMPTY_SMALL: dict[tuple[int, int, bool], str] = {}
"""Drawings of free small spaces by (map size, space, offered to build on): the same every time."""


def _svg_small(geo: Any, cell: int, built: dict[str, Any] | None, acts: set[str]) -> str:
    if built is not None:
        return _draw_small(geo, cell, built, acts)
    key = (geo.size, cell, str(A.BUILD(cell)) in acts)
    text = _EMPTY_SMALL.get(key)
    if text is None:
        text = _EMPTY_SMALL[key] = _draw_small(geo, cell, None, acts)
    return text


def _draw_small(geo: Any, cell: int, built: dict[str, Any] | None, acts: set[str]) -> str:
    a = geo.touches[cell]
    (r0, c0), (r1, c1) = geo.coords(a[0]), geo.coords(a[-1])
    cx = MAP_X + (c0 + c1 + 1) * CELL / 2
    cy = MAP_Y + (r0 + r1 + 1) * CELL / 2
    act = str(A.BUILD(cell))
    data = f' data-act="{act}"' if act in acts else ""
    title = f"<title>{escape(geo.labels[cell])}{': ' + escape(built['name']) if built else ''}</title>"
    if built is not None:
        letters = "".join(word[0] for word in built["name"].split())[:2]
        return (
            f'<g><circle cx="{cx}" cy="{cy}" r="7" fill="#fdae6b" stroke="#333"/>'
            f'<text x="{cx - 5}" y="{cy + 3}" font-size="7">{escape(letters)}</text>{title}</g>'
        )
    colour = "#2b8a3e" if data else "#ccc"
    return f'<circle cx="{cx}" cy="{cy}" r="{4 if data else 2}" fill="{colour}"{data}>{title}</circle>'


def _svg_board(view: dict[str, Any], out: list[str], x: int, y: int) -> int:
    ind = view["indicators"]
    out.append(f'<text x="{x}" y="{y + 12}" font-weight="bold">Indicators Board</text>')
    y += 20
    for key, label in TRACK_LABELS:
        out.append(f'<text x="{x}" y="{y + 12}">{label}: {ind[key]}</text>')
        for i in range(ind["top"] + 1):
            on = i == ind[key]
            out.append(
                f'<rect x="{x + 170 + i * 18}" y="{y}" width="16" height="16" '
                f'fill="{"#444" if on else "#fff"}" stroke="#666"/>'
            )
            if key == "standard_of_living":
                out.append(
                    f'<text x="{x + 173 + i * 18}" y="{y + 27}" font-size="8">{ind["budget_table"][i]}</text>'
                )
        y += 30 if key == "standard_of_living" else 20
    for key, label, mark in (("unhappy", "Unhappy Population", ":("), ("co2", "CO2 Accumulation", "x")):
        total = ind[f"{key}_squares"]
        out.append(f'<text x="{x}" y="{y + 12}">{label}: {ind[key]}/{total}</text>')
        for i in range(total):
            out.append(
                f'<rect x="{x + 170 + i * 16}" y="{y}" width="14" height="14" fill="#fff" stroke="#666"/>'
            )
            if i < ind[key]:
                out.append(
                    f'<text x="{x + 171 + i * 16}" y="{y + 11}" font-size="9" fill="#b00">{mark}</text>'
                )
        y += 20
    out.append(
        f'<text x="{x}" y="{y + 12}">Reserve {ind["reserve"]} Coins; CO2 +{ind["co2_per_year"]}/year; '
        f"growth {ind['growth_per_year']}/year</text>"
    )
    return y + 20


def _svg_cards(view: dict[str, Any], out: list[str], acts: set[str], x: int, y: int) -> int:
    out.append(f'<text x="{x}" y="{y + 12}" font-weight="bold">Solution cards (gray side)</text>')
    y += 18
    for i, c in enumerate(view["solutions"]):
        cx, cy = x + (i % 5) * 108, y + (i // 5) * 50
        act = str(A.INVEST(c["card"]))
        data = f' data-act="{act}"' if act in acts else ""
        out.append(
            f'<g{data}><rect x="{cx}" y="{cy}" width="102" height="44" rx="4" fill="#d9d9d9" stroke="#555"/>'
            f'<text x="{cx + 4}" y="{cy + 14}">{c["card"]}. {escape(c["title"])}</text>'
            f'<text x="{cx + 4}" y="{cy + 32}">{c["invested"]} / {c["cost"]} Coins</text></g>'
        )
    y += 50 * ((len(view["solutions"]) + 4) // 5) + 4
    for r in view["requests"]:
        act = str(A.REQUEST(r["card"]))
        data = f' data-act="{act}"' if act in acts else ""
        out.append(
            f'<g{data}><rect x="{x}" y="{y}" width="530" height="22" fill="#fff3bf" stroke="#a67c00"/>'
            f'<text x="{x + 4}" y="{y + 15}">REQUEST {escape(r["id"])} {escape(r["title"])}: '
            f"{r['invested']} / {r['cost']}</text></g>"
        )
        y += 26
    return y


def _svg_sheets(view: dict[str, Any], out: list[str], acts: set[str], x: int, y: int) -> int:
    out.append(f'<text x="{x}" y="{y + 12}" font-weight="bold">Department sheets</text>')
    y += 18
    for d in view["departments"]:
        mine = d["owner"] is not None and d["owner"] == view["seat"]
        owner = "open to all" if d["open"] else f"seat {d['owner'] + 1}"
        weight = ' font-weight="bold"' if mine else ""
        out.append(f'<text x="{x}" y="{y + 14}"{weight}>{d["number"]}. {escape(d["name"])} ({owner})</text>')
        for s in d["spaces"]:
            sx = x + 230 + (s["space"] - 1) * 190
            act = str(A.FUND(d["number"], s["space"]))
            data = f' data-act="{act}"' if act in acts else ""
            out.append(
                f'<g{data}><rect x="{sx}" y="{y}" width="184" height="20" fill="#fff" stroke="#777"/>'
                f'<text x="{sx + 4}" y="{y + 14}">{escape(s["name"])} {s["invested"]}/{s["cost"]} '
                f"[{s['points']} pt]</text></g>"
            )
        y += 24
    return y


def _svg_players(view: dict[str, Any], out: list[str], acts: set[str], x: int, y: int) -> int:
    out.append(f'<text x="{x}" y="{y + 12}" font-weight="bold">Players and budgets</text>')
    y += 18
    for p in view["players"]:
        act = str(A.GIVE(p["seat"] + 1))
        data = f' data-act="{act}"' if act in acts else ""
        token = " [First Player]" if p["seat"] == view["first_player"] else ""
        passed = " (passed)" if p["passed"] else ""
        out.append(
            f'<text x="{x}" y="{y + 12}"{data}>seat {p["seat"] + 1}: {escape(p["department_name"])} - '
            f"{p['coins']} Coins, {p['points']} points (score now {p['score']}){token}{passed}</text>"
        )
        y += 16
    choice = view["choice"]
    coin_acts = [
        (n, act) for n in range(1, choice["needs"] + 1 if choice else 1) if (act := str(A.COINS(n))) in acts
    ]
    if coin_acts:
        out.append(f'<text x="{x}" y="{y + 16}">Coins on {escape(choice["target"])}:</text>')
        for i, (n, act) in enumerate(coin_acts):
            bx = x + 260 + i * 34
            out.append(
                f'<g data-act="{act}"><rect x="{bx}" y="{y + 2}" width="30" height="20" fill="#fff3bf" '
                f'stroke="#a67c00"/><text x="{bx + 8}" y="{y + 16}">{n}</text></g>'
            )
        y += 28
    if "pass" in acts:
        out.append(
            f'<g data-act="pass"><rect x="{x}" y="{y + 4}" width="60" height="20" fill="#eee" stroke="#333"/>'
            f'<text x="{x + 16}" y="{y + 18}">Pass</text></g>'
        )
        y += 28
    return y
