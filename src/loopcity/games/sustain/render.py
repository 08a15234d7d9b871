"""Text and SVG renderings of a SUSTAIN view (pure functions of the view).

The text is the table as a terminal shows it: the Indicators Board with each cube's square, the City
Map with its corners and edges, the players, the cards on the table and this year read aloud. The
SVG is the board a browser shows (:mod:`.svg`). Names and texts from content in the view go through
``_`` where they are written.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine.text import _, ngettext

from .board import Geometry, geometry
from .panels import player_name, stage, white_side_text
from .svg import render_svg
from .words import coins, content_text, defeat_text, effects_text, end_bonus_text, indicator_name

__all__ = ["render_svg", "render_text"]

TRACKS = ("standard_of_living", "attractiveness", "sustainable_transport", "pollution")
CELL_WIDTH = 15


def short(name: str, width: int) -> str:
    """A name cut to ``width`` characters (a dot marks the cut)."""
    return name if len(name) <= width else name[: width - 1] + "."


def initials(name: str) -> str:
    """``BS`` for Bus Stop: how a Building on a corner or an edge is drawn in text."""
    return "".join(word[0] for word in name.split())[:2].upper()


# ----- text --------------------------------------------------------------------------------------------
def render_text(view: dict[str, Any]) -> str:
    """The terminal rendering of a view."""
    lines = [*_header(view), "", *_indicator_lines(view), "", *_map_lines(view), "", *_player_lines(view)]
    lines += ["", *_card_lines(view)]
    story = _story_lines(view)
    if story:
        lines += ["", *story]
    return "\n".join(lines)


def _header(view: dict[str, Any]) -> list[str]:
    phase = {
        "departments": _("setup, choosing Department sheets"),
        "discussion": _("step 6, discussion"),
        "investing": _("step 7, investing"),
        "coins": _("step 7, investing"),
        "build": _("step 7, drawing a Building"),
        "over": _("the game is over"),
    }[view["phase"]]
    last = " " + _("(the last year)") if view["final_year"] else ""
    out = [
        _("SUSTAIN \u2014 {scenario} \u2014 Year {year}{last} \u2014 {phase}").format(
            scenario=content_text(view["scenario"]["name"]), year=view["round"], last=last, phase=phase
        )
    ]
    first = _("First player: {seat} (token {card}).").format(
        seat=player_name(view, view["first_player"]), card=view["first_player_token"]
    )
    if view["seat"] is not None:
        first += " " + _("You are {seat}.").format(seat=player_name(view, view["seat"]))
    out.append(first)
    if view["phase"] == "over" and view["defeat"]:
        out.append(_("Everyone lost: {cause}.").format(cause=defeat_text(view["defeat"])))
    return out


def _indicator_lines(view: dict[str, Any]) -> list[str]:
    ind = view["indicators"]
    notes = {
        "standard_of_living": _("budget {coins} next year").format(coins=coins(ind["next_budget"])),
        "attractiveness": ngettext(
            "{n} new person next year", "{n} new people next year", ind["growth_per_year"]
        ).format(n=ind["growth_per_year"]),
    }
    out = [_("Indicators Board (# a track's cube, on its square from 0)")]
    for key in TRACKS:
        squares = " ".join("#" if i == ind[key] else "." for i in range(ind["top"] + 1))
        on = _("on {square}").format(square=ind[key])
        out.append(f"  {indicator_name(key):<27} [{squares}]  {on:<5} {notes.get(key, '')}".rstrip())
    for key, mark in (("unhappy", ":("), ("co2", "x")):
        total, marked = ind[f"{key}_squares"], ind[key]
        boxes = " ".join(mark if i < marked else "." for i in range(total))
        line = _("{marks} of {squares} marked").format(marks=marked, squares=total)
        if key == "co2":
            line += "; " + _("+{n} next year").format(n=ind["co2_per_year"])
        out.append(f"  {indicator_name(key):<27} [{boxes}]  {line}")
    if ind["reserve"]:
        out.append("  " + _("Set aside for next year's budget: {coins}.").format(coins=coins(ind["reserve"])))
    return out


def _map_lines(view: dict[str, Any]) -> list[str]:
    m = view["map"]
    geo = geometry(m["size"])
    by_cell = {b["cell"]: b for b in m["built"]}
    out = [
        _("City Map: population {people}, {free} free Housing spaces, {squares} free big squares").format(
            people=m["population"], free=m["housing_free"], squares=m["free_squares"]
        ),
        "     " + "".join(f"{chr(65 + c):<{CELL_WIDTH}}   " for c in range(geo.size)).rstrip(),
    ]
    for r in range(geo.size):
        out += _square_rows(geo, by_cell, r)
        if r < geo.size - 1:
            out.append(_between_rows(geo, by_cell, r))
    small = sorted(
        {
            (initials(content_text(b["name"])), content_text(b["name"]))
            for b in m["built"]
            if b["kind"] != "square"
        }
    )
    legend = "; ".join(f"{code} {name}" for code, name in small)
    out.append("  " + _("+ a free corner, : a free edge") + (f"; {legend}" if legend else ""))
    return out


def _square_rows(geo: Geometry, by_cell: dict[int, dict[str, Any]], r: int) -> list[str]:
    """Two lines for a row of big squares: the Buildings' names, then their people; the vertical edges
    between them (``:`` free, or the Building's initials)."""
    first, second = f"  {r + 1}  ", "     "
    for c in range(geo.size):
        b = by_cell.get(r * geo.size + c)
        name = short(content_text(b["name"]), CELL_WIDTH) if b else "\u00b7"
        people = (
            _("{people}/{housing} people").format(people=b["people"], housing=b["housing"])
            if b and b["housing"]
            else ""
        )
        edge = ""
        if c < geo.size - 1:
            edge = _small(geo, by_cell, _edge_cell(geo, r, c, across=True), ":")
        first += f"{name:<{CELL_WIDTH}}{edge:^3}"
        second += f"{people:<{CELL_WIDTH}}{edge:^3}"
    return [first.rstrip(), second.rstrip()]


def _between_rows(geo: Geometry, by_cell: dict[int, dict[str, Any]], r: int) -> str:
    """The line between two rows of big squares: their edges (centred under each square) and the
    corners between them."""
    line = "     "
    for c in range(geo.size):
        line += f"{_small(geo, by_cell, _edge_cell(geo, r, c, across=False), ':'):^{CELL_WIDTH}}"
        if c < geo.size - 1:
            line += f"{_small(geo, by_cell, _corner_cell(geo, r, c), '+'):^3}"
    return line.rstrip()


def _small(geo: Geometry, by_cell: dict[int, dict[str, Any]], cell: int, free: str) -> str:
    b = by_cell.get(cell)
    return initials(content_text(b["name"])) if b else free


def _corner_cell(geo: Geometry, r: int, c: int) -> int:
    """The corner below right of big square (r, c)."""
    n = geo.size
    return n * n + r * (n - 1) + c


def _edge_cell(geo: Geometry, r: int, c: int, across: bool) -> int:
    """The edge right of big square (r, c) (``across``), or below it."""
    n = geo.size
    start = n * n + (n - 1) * (n - 1)
    if across:
        return start + r * (n - 1) + c
    return start + n * (n - 1) + r * n + c


def _player_lines(view: dict[str, Any]) -> list[str]:
    out = [_("Players and their Department sheets (each Building: Coins on it / cost, points)")]
    departments = {d["id"]: d for d in view["departments"]}
    for p in view["players"]:
        status = ""
        if view["phase"] == "discussion":
            status = _("done talking") if p["passed"] else _("talking")
        elif view["phase"] != "over" and p["passed"]:
            status = _("passed")
        you = _("you") if p["seat"] == view["seat"] else ""
        flags = ", ".join(x for x in (status, you) if x)
        out.append(
            "  "
            + _("{seat}: {coins}, {points} points written, score now {score}").format(
                seat=player_name(view, p["seat"]),
                coins=coins(p["coins"]),
                points=p["points"],
                score=p["score"],
            )
            + (f" ({flags})" if flags else "")
        )
        if p["department"] is not None:
            out += _sheet_lines(departments[p["department"]])
    for d in view["departments"]:
        if d["open"]:
            free = (
                _("{department}: still free")
                if view["phase"] == "departments"
                else _("{department}: nobody runs it, open to all")
            )
            out.append("  " + free.format(department=content_text(d["name"])))
            out += _sheet_lines(d)
    return out


def _sheet_lines(d: dict[str, Any]) -> list[str]:
    spaces = " \u00b7 ".join(
        _("{building} {on}/{cost} ({points} pt)").format(
            building=content_text(s["name"]), on=s["invested"], cost=s["cost"], points=s["points"]
        )
        for s in d["spaces"]
    )
    bonus = end_bonus_text(d["end_bonus"]["measure"], d["end_bonus"]["divisor"])
    return [f"      {spaces}", f"      {bonus}"]


def _card_lines(view: dict[str, Any]) -> list[str]:
    out = [_("Solution cards on the table, gray side up (Coins on it / cost)")]
    out += [
        "  "
        + _("{n}. {plan} {on}/{cost}: {text}").format(
            n=c["card"],
            plan=content_text(c["title"]),
            on=c["invested"],
            cost=c["cost"],
            text=content_text(c["text"]),
        )
        for c in view["solutions"]
    ] or ["  " + _("none")]
    if view["requests"]:
        out.append(_("REQUEST cards on the table (Coins on it / cost)"))
        out += [
            "  "
            + _("{n}. {card} {title} {on}/{cost}: until resolved, {penalty}; resolved, {reward}").format(
                n=r["card"],
                card=r["id"],
                title=content_text(r["title"]),
                on=r["invested"],
                cost=r["cost"],
                penalty=effects_text(r["penalty"]),
                reward=effects_text(r["reward"]),
            )
            for r in view["requests"]
        ]
    if view["lasting"]:
        out.append(_("Event cards in play"))
        out += [
            "  "
            + _("{card} {title}: {effects} at each of the next {n} Event phases").format(
                card=c["id"],
                title=content_text(c["title"]),
                effects=effects_text(c["effects"]),
                n=c["years_left"],
            )
            for c in view["lasting"]
        ]
    if view["flipped"]:
        w = view["flipped"][-1]
        out.append(
            _("Last Solution adopted: {title} ({plan}): {does}.").format(
                title=content_text(w["title"]), plan=content_text(w["plan"]), does=white_side_text(w)
            )
        )
    out.append(
        _("Decks: {events} Event cards, {solutions} Solution cards.").format(
            events=view["decks"]["events"], solutions=view["decks"]["solutions"]
        )
    )
    top = view["deck_top"]
    if top is not None:
        out.append(
            _("Solution deck, top card (gray side up): {plan}, cost {cost}.").format(
                plan=content_text(top["title"]), cost=coins(top["cost"])
            )
        )
    return out


def _story_lines(view: dict[str, Any]) -> list[str]:
    """This year read aloud, as on the stage."""
    cards = stage(view)
    if not cards:
        return []
    out = [_("This year, read aloud")]
    for card in cards:
        out.append(f"  {card.title}: {card.text}")
    return out
