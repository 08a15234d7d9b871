"""Text and SVG pictures of a Resourcity view (pure functions of the view).

The board is read as people read the paper one: columns A to F, rows 1 to 6, tiles named ``C3``, Plots
at the tile corners. In the SVG, major text is short (coordinates, seat numbers, crop token counts,
the Resource Pool) and secondary words carry ``class="minor"``; every tile, Plot and token has its
full words in ``data-info``; the targets of legal actions carry ``data-act``: a tile for Move,
Teleport, where the Policy Maker sends a token and where a token starts, the arrows on a tile for
Rotate, a Plot for its one farming action or Compost, a token for the Planner's swap or the Policy
Maker's request, a hand tile for a discard, and the previews of the tile being laid for its turns."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from html import escape
from typing import Any

from loopcity.engine import Action
from loopcity.engine.text import Drawn, Key

from .actions import (
    COMPOST,
    DISCARD,
    GROW,
    HARVEST,
    MOVE,
    ORIENT,
    PLANT,
    RELOCATE,
    ROTATE,
    START,
    SWAP,
    TELEPORT,
    TO,
)
from .catalogue import _, ngettext
from .words import loss_words

SIZE = 6
LAT = 7
GREEN = LAT * LAT
COLUMNS = "ABCDEF"
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


def place(t: int) -> str:
    """``C3``: a tile by column letter and row number."""
    return f"{COLUMNS[t % SIZE]}{t // SIZE + 1}"


# ----- text ----------------------------------------------------------------------------------------
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
    """The table as text: the grid (columns A-F, rows 1-6) with its roads, Plots and tokens, then the
    Resource Pool, the players, the crops, what is on stage and what is being decided."""
    grid, plots = view["grid"], _plot_chars(view)
    where: dict[int, list[str]] = {}
    for pl in view["players"]:
        if pl["tile"] is not None:
            where.setdefault(pl["tile"], []).append(str(pl["seat"] + 1))
    lines = ["    " + "".join(f"    {c}   " for c in COLUMNS).rstrip()]
    for i in range(LAT):
        row = "    "
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
        row = f"{i + 1:>2}  "
        for j in range(SIZE):
            t = i * SIZE + j
            cell = grid[t]
            west = "W" in cell["exits"] or (j > 0 and "E" in grid[t - 1]["exits"])
            east = "─" if "E" in cell["exits"] else " "
            who = "".join(where.get(t, []))[:3]
            centre = plots.get(GREEN + t)
            row += (
                ("─" if west else " ") + who.ljust(3, "─" if "W" in cell["exits"] else " ") + _tile_char(cell)
            )
            row += centre + "  " if centre else east * 3
        lines.append(row.rstrip())
    lines += [
        _(
            "Tiles: ─│┌┐└┘ roads, ┬┤┴├ 3-way, ┼ 4-way, ╲╱ tennis ball, C Community Centre, G Green Space;"
            " digits: the players standing there."
        ),
        _(
            "Plots (at tile corners): o empty, * Compost, s Sugar Cane, p Sweet Potato, w Water Catchment"
            " (capital: ready to Harvest)."
        ),
    ]
    lines += status_lines(view)
    return "\n".join(lines)


def status_lines(view: dict[str, Any]) -> list[str]:
    """The table in words: the round and whose turn, the Resource Pool, each player, the crops, the
    effects running, the stage and the question the table answers."""
    out = [_turn_line(view), _pool_line(view)]
    out.append(
        _("Farms {farms}  Score {score}  Crises survived {crises} of {win}  Draw deck {deck} tiles").format(
            farms=view["farms"],
            score=view["score"],
            crises=view["crises_drawn"],
            win=view["crises_to_win"],
            deck=view["deck_size"],
        )
    )
    for pl in view["players"]:
        out.append(_player_line(pl))
    planted = [p for p in view["plots"] if p["crop"]]
    if planted:
        out.append(_("Crops:"))
        out += [f"  {_crop_words(p)}" for p in planted]
    for line in effect_lines(view):
        out.append(_("In effect: {what}").format(what=line))
    for e in view["stage"]:
        out.append(_("On stage: {name} — {text}").format(name=_stage_title(e), text=e["text"]))
    decision = view.get("decision")
    if decision:
        out.append(
            _("Being decided: {question} ({rule})").format(
                question=decision["subject"], rule=decision["rule_text"]
            )
        )
    if view["result"]:
        result = _("the team won") if view["result"] == "won" else loss_words(view["result"])
        out.append(_("Game over: {result}").format(result=result))
    return out


def _turn_line(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase in ("place", "propose", "vote"):
        return _("Before the first turn: the table decides where the tokens start and who starts first")
    who = view["players"][view["turn"]]["name"]
    return ngettext(
        "Round {round}: {seat} to play, {n} Action left",
        "Round {round}: {seat} to play, {n} Actions left",
        view["actions_left"],
    ).format(round=view["round"], seat=who, n=view["actions_left"])


def _pool_line(view: dict[str, Any]) -> str:
    a, u = view["available"], view["used"]
    return _(
        "Resource Pool — Available: Fuel {fa}, Food {da}, Water {wa}; Used: Fuel {fu}, Food {du}, Water {wu}"
    ).format(fa=a["fuel"], da=a["food"], wa=a["water"], fu=u["fuel"], du=u["food"], wu=u["water"])


def _player_line(pl: dict[str, Any]) -> str:
    hand = ", ".join(pl["hand_names"]) or _("empty")
    if pl["place"] is None:
        line = _("{seat}: token not placed yet; hand: {hand}").format(seat=pl["name"], hand=hand)
    else:
        line = _("{seat} on {place}; hand: {hand}").format(seat=pl["name"], place=pl["place"], hand=hand)
    if pl["harvest"]:
        carried = ", ".join(
            ngettext("{crop} ({n} token)", "{crop} ({n} tokens)", h[1]).format(crop=name, n=h[1])
            for name, h in zip(pl["harvest_names"], pl["harvest"], strict=True)
        )
        line += _("; carries {harvest}").format(harvest=carried)
    return "  " + line


def _crop_words(p: dict[str, Any]) -> str:
    text = ngettext(
        "{crop} on {plot}: {n} crop token", "{crop} on {plot}: {n} crop tokens", p["tokens"]
    ).format(crop=p["crop_name"], plot=p["name"], n=p["tokens"])
    if p["compost"]:
        text += _(", Compost")
    if p["ready"]:
        text += _(" — ready to Harvest")
    return text


def effect_lines(view: dict[str, Any]) -> list[str]:
    """The lasting effects of Crisis and Huat tiles, with the turns they still run."""
    names = {
        "manpower_shortage": _("Manpower Shortage: no Replace or Rotate"),
        "pandemic": _("Pandemic: 1 Action a turn"),
        "community_day": _("Community Day: Rotate and Replace cost 1 Fuel less"),
    }
    return [
        ngettext("{what} ({n} more turn)", "{what} ({n} more turns)", n).format(what=names[k], n=n)
        for k, n in view["effects"].items()
        if n
    ]


def _stage_title(e: dict[str, Any]) -> str:
    if e["crisis"]:
        return _("Crisis {n}: {name}").format(n=e["number"], name=e["name"])
    return _("Huat: {name}").format(name=e["name"])


# ----- SVG -----------------------------------------------------------------------------------------
CELL = 90
LEFT = 30
TOP = 30
BOARD = CELL * SIZE
MINI = 80
PREVIEW = 100


def _xy(t: int) -> tuple[int, int]:
    return LEFT + (t % SIZE) * CELL, TOP + (t // SIZE) * CELL


def _road_paths(tile: str, rot: int, exits: str, x: float, y: float, size: float) -> list[str]:
    h = size / 2
    mids = {"N": (x + h, y), "E": (x + size, y + h), "S": (x + h, y + size), "W": (x, y + h)}
    cx, cy = x + h, y + h
    if tile == "tennis":
        pairs = [("N", "W"), ("S", "E")] if rot % 2 == 0 else [("N", "E"), ("S", "W")]
        return [_arc(mids[a], mids[b], (cx, cy)) for a, b in pairs]
    if tile == "curve":
        return [_arc(mids[exits[0]], mids[exits[1]], (cx, cy))]
    if exits in ("NS", "EW"):
        (ax, ay), (bx, by) = mids[exits[0]], mids[exits[1]]
        return [f"M{ax},{ay} L{bx},{by}"]
    return [f"M{cx},{cy} L{mids[d][0]},{mids[d][1]}" for d in exits]


def _arc(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> str:
    """A quarter curve between two side midpoints, bowing toward the tile's centre ``c``."""
    return f"M{a[0]},{a[1]} Q{c[0]},{c[1]} {b[0]},{b[1]}"


def _tile_svg(tile: str, rot: int, exits: str, x: float, y: float, size: float, extra: str = "") -> list[str]:
    """One tile drawn at (x, y): its ground, its roads, a Community Centre's building."""
    fill = {"green": "#b7e4a7", "centre": "#f3d9a4"}.get(tile, "#eeeeee")
    width = max(4, round(size / 10))
    out = [f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" stroke="#999"{extra}/>']
    for d in _road_paths(tile, rot, exits, x, y, size):
        out.append(f'<path d="{d}" stroke="#444" stroke-width="{width}" fill="none" stroke-linecap="round"/>')
    if tile == "centre":
        c = size / 2
        s = size / 5
        out.append(
            f'<polygon points="{x + c - s},{y + c + s * 0.8} {x + c - s},{y + c - s * 0.2} {x + c},{y + c - s} '
            f'{x + c + s},{y + c - s * 0.2} {x + c + s},{y + c + s * 0.8}" fill="#b5651d" stroke="#5a3210"/>'
        )
    if tile == "green":
        for dx, dy in ((0.3, 0.3), (0.7, 0.35), (0.45, 0.7)):
            out.append(f'<circle cx="{x + size * dx}" cy="{y + size * dy}" r="{size / 12}" fill="#4c9a3c"/>')
    return out


def _tile_targets(legal: list[Action]) -> dict[int, str]:
    """The action a click on a tile stands for (Move, Teleport, the Policy Maker's ``to``, ``start``)."""
    out: dict[int, str] = {}
    for a in legal:
        if a.kind in (MOVE.name, TELEPORT.name, TO.name, START.name):
            out.setdefault(a.args[0], str(a))  # type: ignore[arg-type]
    return out


def _plot_targets(legal: list[Action]) -> dict[int, list[str]]:
    """The farming and Compost actions on each Plot."""
    out: dict[int, list[str]] = {}
    for a in legal:
        if a.kind in (PLANT.name, GROW.name, HARVEST.name, COMPOST.name):
            out.setdefault(a.args[0], []).append(str(a))  # type: ignore[arg-type]
    return out


def _actions(legal: Iterable[Action | str]) -> list[Action]:
    return [a if isinstance(a, Action) else Action.parse(a) for a in legal]


def render_svg(view: dict[str, Any], legal: Iterable[Action | str] = ()) -> str:
    """An SVG of the view: the grid with coordinates, roads, Plots and tokens; rotation arrows where a
    tile may be rotated; the Resource Pool; the hand of the player to act, or the turns of the tile
    being laid."""
    acts = _actions(legal)
    w = LEFT + BOARD + 10
    h = TOP + BOARD + 180
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        'font-family="sans-serif" font-size="20">'
    ]
    out += _coordinates()
    out += _svg_tiles(view, _tile_targets(acts))
    out += _svg_plots(view, _plot_targets(acts))
    out += _svg_rotations(view, acts)
    out += _svg_players(view, acts)
    out += _svg_pool(view, TOP + BOARD + 30)
    out += _svg_strip(view, acts, TOP + BOARD + 50)
    out.append("</svg>")
    return "\n".join(out)


def _coordinates() -> list[str]:
    out = []
    for c in range(SIZE):
        out.append(
            f'<text x="{LEFT + c * CELL + CELL / 2}" y="{TOP - 8}" text-anchor="middle">{COLUMNS[c]}</text>'
        )
    for r in range(SIZE):
        out.append(
            f'<text x="{LEFT / 2}" y="{TOP + r * CELL + CELL / 2 + 7}" text-anchor="middle">{r + 1}</text>'
        )
    return out


_DRAWN: Drawn[str] = Drawn()
"""Tiles as drawn before, by all they are drawn from (the tile's place and view, who stands on it,
its action): a move changes few of them."""


def _tile_group(t: int, cell: dict[str, Any], here: list[str] | None, target: str | None) -> str:
    """One tile of the grid with its words and action."""
    x, y = _xy(t)
    info = _("{tile}: {name}, {roads}").format(tile=cell["place"], name=cell["name"], roads=cell["roads"])
    if here:
        info += "; " + _("here: {seats}").format(seats=", ".join(here))
    act = f' data-act="{escape(target)}"' if target is not None else ""
    return "\n".join(  # as the board joins its parts
        [
            f'<g class="tile" data-info="{escape(info)}"{act}>',
            *_tile_svg(cell["tile"], cell["rot"], cell["exits"], x, y, CELL),
            "</g>",
        ]
    )


def _svg_tiles(view: dict[str, Any], targets: dict[int, str]) -> list[str]:
    out = []
    who: dict[int, list[str]] = {}
    for pl in view["players"]:
        if pl["tile"] is not None:
            who.setdefault(pl["tile"], []).append(pl["name"])
    for t, cell in enumerate(view["grid"]):
        here, target = who.get(t), targets.get(t)
        key = (t, repr(cell), None if here is None else tuple(here), target)
        out.append(_DRAWN.get(key, lambda: _tile_group(t, cell, here, target)))  # noqa: B023 (called at once)
    if view["phase"] == "orient" and view["pending"]:
        t = view["pending"][1]
        x, y = _xy(t)
        out.append(
            f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" fill="none" '
            'stroke="#e6194b" stroke-width="5" stroke-dasharray="10 6"/>'
        )
    return out


def _svg_plots(view: dict[str, Any], targets: dict[int, list[str]]) -> list[str]:
    out = []
    for p in view["plots"]:
        pid = p["plot"]
        if pid >= GREEN:
            x, y = _xy(pid - GREEN)
            x, y = x + CELL // 2, y + CELL // 2
        else:
            x, y = LEFT + (pid % LAT) * CELL, TOP + (pid // LAT) * CELL
        colour = CROP_COLOUR.get(p["crop"] or "", "#ffffff")
        info = (
            _crop_words(p)
            if p["crop"]
            else _("Plot at {plot}: empty").format(plot=p["name"]) + (_(", Compost") if p["compost"] else "")
        )
        acts = targets.get(pid, [])
        act = f' data-act="{escape(acts[0])}"' if len(acts) == 1 else ""
        ring = "#e6194b" if p["ready"] else "#2a6"
        out.append(f'<g class="plot" data-info="{escape(info)}"{act}>')
        out.append(
            f'<rect x="{x - 13}" y="{y - 13}" width="26" height="26" rx="5" fill="{colour}" stroke="{ring}" '
            'stroke-width="4"/>'
        )
        if p["compost"]:
            out.append(f'<circle cx="{x + 12}" cy="{y - 12}" r="5" fill="#6b4226"/>')
        if p["crop"]:
            out.append(
                f'<text x="{x}" y="{y + 6}" text-anchor="middle" font-size="16" font-weight="bold">{p["tokens"]}</text>'
            )
        out.append("</g>")
    return out


def _svg_rotations(view: dict[str, Any], acts: list[Action]) -> list[str]:
    """Small arrows on each tile that may be rotated, at the top of the tile away from its corners (where
    Plots are): ↻ clockwise on the right, ↺ anticlockwise on the left."""
    out = []
    for a in acts:
        if a.kind != ROTATE.name:
            continue
        t, way = ROTATE.read(a)
        x, y = _xy(t)
        cx = x + CELL // 2 + 17 if way == "cw" else x + CELL // 2 - 17
        cell = view["grid"][t]
        info = (
            _("Rotate the {name} on {tile} clockwise")
            if way == "cw"
            else _("Rotate the {name} on {tile} anticlockwise")
        ).format(name=cell["name"], tile=cell["place"])
        out.append(
            f'<g class="rotate" data-act="{escape(str(a))}" data-info="{escape(info)}">'
            f'<circle cx="{cx}" cy="{y + 17}" r="13" fill="#fff" stroke="#333"/>'
            f'<text x="{cx}" y="{y + 23}" text-anchor="middle" font-size="16">{"↻" if way == "cw" else "↺"}</text></g>'
        )
    return out


def _svg_players(view: dict[str, Any], acts: list[Action]) -> list[str]:
    """The player tokens (the seat's number on its colour); the Planner's swap and the Policy
    Maker's request are clicks on a token."""
    on_token: dict[int, str] = {}
    for a in acts:
        if a.kind in (SWAP.name, RELOCATE.name):
            on_token.setdefault(a.args[0] - 1, str(a))  # type: ignore[operator]
    out = []
    count: dict[int, int] = {}
    for pl in view["players"]:
        t = pl["tile"]
        if t is None:
            continue
        k = count.get(t, 0)
        count[t] = k + 1
        x, y = _xy(t)
        cx, cy = x + 22 + 23 * k, y + CELL - 20
        act = f' data-act="{escape(on_token[pl["seat"]])}"' if pl["seat"] in on_token else ""
        info = _("{seat} on {place}").format(seat=pl["name"], place=pl["place"])
        out.append(
            f'<g class="token" data-info="{escape(info)}"{act}>'
            f'<circle cx="{cx}" cy="{cy}" r="14" fill="{SEAT_COLOUR[pl["seat"]]}" stroke="#000" stroke-width="2"/>'
            f'<text x="{cx}" y="{cy + 6}" text-anchor="middle" fill="#fff" font-weight="bold" font-size="17">'
            f"{pl['seat'] + 1}</text></g>"
        )
    return out


def _svg_pool(view: dict[str, Any], y: int) -> list[str]:
    """The Resource Pool's Available tokens and the Crises survived, in short major text."""
    a = view["available"]
    items = [
        (
            _("Fuel {n}").format(n=a["fuel"]),
            _("Fuel: {n} Available, {u} Used").format(n=a["fuel"], u=view["used"]["fuel"]),
        ),
        (
            _("Food {n}").format(n=a["food"]),
            _("Food: {n} Available, {u} Used").format(n=a["food"], u=view["used"]["food"]),
        ),
        (
            _("Water {n}").format(n=a["water"]),
            _("Water: {n} Available, {u} Used").format(n=a["water"], u=view["used"]["water"]),
        ),
        (
            _("Crisis {n}/{m}").format(n=view["crises_drawn"], m=view["crises_to_win"]),
            _("Crises survived: {n} of {m}").format(n=view["crises_drawn"], m=view["crises_to_win"]),
        ),
    ]
    step = BOARD // len(items)
    return [
        f'<text x="{LEFT + i * step}" y="{y}" font-weight="bold" data-info="{escape(info)}">{escape(text)}</text>'
        for i, (text, info) in enumerate(items)
    ]


def _svg_strip(view: dict[str, Any], acts: list[Action], y: int) -> list[str]:
    """Below the board: the turns of the tile being laid (phase orient), else the hand of the player
    to act, each tile a small picture (a discard is a click on a hand tile)."""
    if view["laying"]:
        return _svg_previews(view["laying"], acts, y)
    if view["phase"] in ("place", "propose", "vote", "over"):
        return []
    pl = view["players"][view["turn"]]
    discards = {DISCARD.read(a).slot: str(a) for a in acts if a.kind == DISCARD.name}
    title = _("Hand of {seat}").format(seat=pl["name"])
    out = [f'<text x="{LEFT}" y="{y + 14}" class="minor" font-size="14">{escape(title)}</text>']
    for i, (kind, name, exits) in enumerate(zip(pl["hand"], pl["hand_names"], pl["hand_exits"], strict=True)):
        x = LEFT + i * (MINI + 16)
        act = f' data-act="{escape(discards[i])}"' if i in discards else ""
        out.append(f'<g class="hand" data-info="{escape(name)}"{act}>')
        out += _tile_svg(kind, 0, exits, x, y + 22, MINI)
        out.append("</g>")
    return out


def _svg_previews(laying: dict[str, Any], acts: list[Action], y: int) -> list[str]:
    """The turns offered for the tile being laid, as small tiles (a click lays it that way)."""
    by_turns = {ORIENT.read(a).turns: str(a) for a in acts if a.kind == ORIENT.name}
    title = _("Choose how to lay the {name} on {tile}").format(name=laying["name"], tile=laying["place"])
    out = [f'<text x="{LEFT}" y="{y + 14}" class="minor" font-size="14">{escape(title)}</text>']
    for i, turn in enumerate(laying["turns"]):
        x = LEFT + i * (PREVIEW + 30)
        r = turn["turns"]
        act = f' data-act="{escape(by_turns[r])}"' if r in by_turns else ""
        info = _("Lay the {name} on {tile} with {roads}").format(
            name=laying["name"], tile=laying["place"], roads=turn["roads"]
        )
        out.append(f'<g class="orient" data-info="{escape(info)}"{act}>')
        out += _tile_svg(laying["tile"], r, turn["exits"], x, y + 22, PREVIEW)
        out.append("</g>")
    return out


@functools.cache
def _default_content() -> Any:
    """The game's own content, read once: the legend names its grounds and crops (a view does not
    carry them)."""
    from loopcity.engine.content import load_content

    from .content import CONTENT

    return load_content(CONTENT)[0]


def legend(view: dict[str, Any]) -> list[Key]:
    """What the board's grounds, Plot colours and outlines, discs and arrows mean, in the rulebook's
    words (names from the game's own content)."""
    from .words import crop_name, tile_kind_name

    content = _default_content()
    keys = [
        Key(tile_kind_name(content, "green"), "square", "#b7e4a7", "#999"),
        Key(tile_kind_name(content, "centre"), "square", "#f3d9a4", "#999"),
        Key(_("A road tile (its roads drawn in grey)"), "square", "#eeeeee", "#999"),
        Key(_("A road"), "line", "none", "#444", width=4),
        Key(_("The tile being laid: choose how it turns"), "square", "none", "#e6194b", "10 6", 3),
    ]
    keys += [
        Key(
            _("A Plot of {crop} (the number: its tokens)").format(crop=crop_name(content, c)),
            "square",
            colour,
            "#2a6",
            "",
            3,
        )
        for c, colour in CROP_COLOUR.items()
    ]
    keys += [
        Key(_("An empty Plot"), "square", "#ffffff", "#2a6", "", 3),
        Key(_("Green outline: a crop still growing"), "square", "#ffffff", "#2a6", "", 3),
        Key(_("Red outline: a crop ready to harvest"), "square", "#ffffff", "#e6194b", "", 3),
        Key(_("Brown dot: Compost on the Plot"), "disc", "#6b4226", "#6b4226"),
        Key(_("Rotate the tile clockwise or anticlockwise"), "disc", "#fff", "#333", mark="↻"),
    ]
    keys += [
        Key(p["name"], "disc", SEAT_COLOUR[p["seat"]], "#000", "", 2, str(p["seat"] + 1))
        for p in view.get("players", [])
    ]
    return keys
