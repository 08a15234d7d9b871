"""Text and SVG renderings of a Waste What? view (pure functions of the view).

The SVG shows the table of waste cards, the Sell/Donate/Burn slots, the incinerator with its CO2
tokens, the Recycle Bin, both players' Skill cards with their levels, Storage and Cash Box. Every card
or skill that a legal action names carries ``data-act`` with that action's text; categories are told
by colour *and* by a short label, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from loopcity.engine import Action, ActionKind

from .actions import BURN, COMBO, RECYCLE, RECYCLE_PAYING, REUSE, REUSE_PLUS, STORE, TRAIN

COLOURS = {
    "textile": "#c678dd",
    "furniture": "#b5835a",
    "bikes": "#56b6c2",
    "food": "#98c379",
    "construction": "#d19a66",
    "electronics": "#61afef",
    "just waste": "#9e9e9e",
    "creative": "#e5c07b",
}
SHORT = {
    "textile": "TEX",
    "furniture": "FUR",
    "bikes": "BIK",
    "food": "FOO",
    "construction": "CON",
    "electronics": "ELE",
    "just waste": "JW",
    "creative": "CC",
}


# ----- text ------------------------------------------------------------------------------------
def _card_line(c: dict[str, Any]) -> str:
    cx = f"complexity {c['complexity']}" if c["complexity"] else "no skill can reuse it"
    extra = " (combo)" if c["combo"] else ""
    extra += " (stored this round)" if c["stored_this_round"] else ""
    return f"[{c['id']}] {c['name']}{extra} - {c['category']}, {cx}, recycling: {c['recycle']}"


def _slots(cards: list[dict[str, Any]], n: int) -> str:
    shown = [f"[{c['id']}] {c['name']}" for c in cards] + ["(empty)"] * (n - len(cards))
    return " | ".join(shown)


def _player_lines(p: dict[str, Any]) -> list[str]:
    skills = ", ".join(f"{s['name']} L{s['level']}" + (" (used)" if s["used"] else "") for s in p["skills"])
    lines = [f"{p['name']}: cash {p['cash']}, rent due {p['rent_due']}; skills: {skills or '-'}"]
    lines += [f"    stored {_card_line(c)}" for c in p["storage"]] or ["    storage empty"]
    return lines


def render_text(view: dict[str, Any]) -> str:
    """A readable terminal picture of the table."""
    out = [f"Waste What? - round {view['round']}/{view['rounds']} ({view['phase']})"]
    if view["phase"] == "draft":
        offer = ", ".join(s["name"] for s in view["draft_pool"])
        out.append(f"Skill draft, P{view['draft_turn'] + 1} chooses from: {offer}")
    ev = view["event"]
    out.append(f"Event: {ev['name']} - {ev['text']}" if ev else "Event: none")
    out.append(
        f"Incinerator: CO2 released {view['co2_released']}/{view['co2_tokens']}; "
        f"burn slots {_slots(view['burn'], view['burn_slots'])}"
    )
    out.append(
        f"Sell slots (money on them: {view['sell_money']}): {_slots(view['sell'], view['sell_slots'])}"
    )
    out.append(f"Donate slots: {_slots(view['donate'], view['donate_slots'])}")
    out.append(f"Recycle Bin: {_slots(view['recycle_bin'], max(1, len(view['recycle_bin'])))}")
    out.append(
        f"Bank {view['bank']}, Waste deck {view['deck_count']} cards, blank Combo cards {view['blank_combos']}"
    )
    out.append("Table:" if view["table"] else "Table: empty")
    out += [f"  {_card_line(c)}" for c in view["table"]]
    work = view["work"]
    if work:
        names = ", ".join(f"[{c['id']}] {c['name']}" for c in work["cards"])
        out.append(
            f"Work area ({work['kind']}): {names}"
            + (f" using {', '.join(work['skills'])}" if work["skills"] else "")
        )
    if view["pending"]:
        out.append(f"Waiting for: {view['pending']}")
    for p in view["players"]:
        out += _player_lines(p)
    if view["result"]:
        r = view["result"]
        out.append(("WON: " if r["team_won"] else "LOST: ") + r["cause"])
    return "\n".join(out)


# ----- SVG ------------------------------------------------------------------------------------
def _acts_by_target(legal: Iterable[Action]) -> tuple[dict[int, str], dict[str, str], list[str]]:
    """The first legal action naming each card, the Skill-share workshop's ``train`` action of each
    skill, and the actions shown as buttons (those without a card, and a card's further actions)."""
    cards: dict[int, str] = {}
    skills: dict[str, str] = {}
    other: list[str] = []
    for a in legal:
        text = str(a)
        card_kind = _CARD_KINDS.get(a.kind)
        if card_kind is not None:
            if cards.setdefault(card_kind.read(a).card, text) != text:
                other.append(text)
            continue
        if a.kind == TRAIN.name:
            skills.setdefault(TRAIN.read(a).skill, text)
        other.append(text)
    return cards, skills, other


_CARD_KINDS: dict[str, ActionKind[Any]] = {
    k.name: k for k in (REUSE, REUSE_PLUS, COMBO, STORE, RECYCLE, RECYCLE_PAYING, BURN)
}
"""The kinds that name a card (their ``card`` argument): they are shown on the card."""


def _card_svg(c: dict[str, Any], x: int, y: int, act: str | None) -> str:
    colour = COLOURS.get(c["category"], "#cccccc")
    data = f' data-act="{escape(act)}"' if act else ""
    name = escape(c["name"][:22])
    cx = f"cx {c['complexity']}" if c["complexity"] else "no reuse"
    border = ' stroke-width="3"' if act else ' stroke-width="1"'
    return (
        f'<g class="card"{data}><rect x="{x}" y="{y}" width="150" height="56" rx="6" fill="#fff" stroke="{colour}"{border}/>'
        f'<rect x="{x}" y="{y}" width="150" height="16" rx="6" fill="{colour}"/>'
        f'<text x="{x + 4}" y="{y + 12}" font-size="10">[{c["id"]}] {SHORT.get(c["category"], "")}</text>'
        f'<text x="{x + 4}" y="{y + 30}" font-size="11">{name}</text>'
        f'<text x="{x + 4}" y="{y + 46}" font-size="10">{cx} · recycle {escape(c["recycle"])}</text></g>'
    )


def _slot_row(
    label: str, cards: list[dict[str, Any]], n: int, x: int, y: int, acts: dict[int, str]
) -> list[str]:
    parts = [f'<text x="{x}" y="{y - 4}" font-size="12" font-weight="bold">{escape(label)}</text>']
    for i in range(n):
        if i < len(cards):
            parts.append(_card_svg(cards[i], x + i * 156, y, acts.get(cards[i]["id"])))
        else:
            parts.append(
                f'<rect x="{x + i * 156}" y="{y}" width="150" height="56" rx="6" fill="none" stroke="#aaa" stroke-dasharray="4"/>'
            )
            parts.append(f'<text x="{x + i * 156 + 50}" y="{y + 32}" font-size="11" fill="#777">empty</text>')
    return parts


def _player_svg(
    p: dict[str, Any], idx: int, x: int, y: int, acts: dict[int, str], skill_acts: dict[str, str]
) -> list[str]:
    parts = [
        f'<rect x="{x}" y="{y}" width="480" height="200" rx="8" fill="#f7f7f2" stroke="#555"/>',
        f'<text x="{x + 8}" y="{y + 18}" font-size="14" font-weight="bold">{escape(p["name"])} · cash {p["cash"]} · rent due {p["rent_due"]}</text>',
    ]
    for i, s in enumerate(p["skills"]):
        sx = x + 8 + i * 118
        act = skill_acts.get(s["id"])
        data = f' data-act="{escape(act)}"' if act else ""
        used = " (used)" if s["used"] else ""
        parts.append(
            f'<g class="skill"{data}><rect x="{sx}" y="{y + 28}" width="112" height="40" rx="5" '
            f'fill="{COLOURS.get(s["id"], "#ccc")}" fill-opacity="{0.35 if s["used"] else 0.9}" stroke="#333"/>'
            f'<text x="{sx + 4}" y="{y + 44}" font-size="10">{escape(s["name"][:18])}</text>'
            f'<text x="{sx + 4}" y="{y + 60}" font-size="11" font-weight="bold">level {s["level"]}{used}</text></g>'
        )
    parts.append(f'<text x="{x + 8}" y="{y + 86}" font-size="12">Storage:</text>')
    for i, c in enumerate(p["storage"][:6]):
        parts.append(_card_svg(c, x + 8 + (i % 3) * 156, y + 92 + (i // 3) * 52, acts.get(c["id"])))
    if len(p["storage"]) > 6:
        parts.append(f'<text x="{x + 400}" y="{y + 190}" font-size="11">+{len(p["storage"]) - 6} more</text>')
    return parts


def _incinerator(view: dict[str, Any], x: int, y: int) -> list[str]:
    parts = [
        f'<rect x="{x}" y="{y}" width="150" height="90" rx="8" fill="#eee" stroke="#555"/>',
        f'<text x="{x + 8}" y="{y + 18}" font-size="12" font-weight="bold">Incinerator</text>',
    ]
    for i in range(view["co2_tokens"]):
        released = i < view["co2_released"]
        parts.append(
            f'<circle cx="{x + 25 + i * 45}" cy="{y + 50}" r="15" fill="{"#888" if released else "#4a7bd0"}" stroke="#222"/>'
            f'<text x="{x + 14 + i * 45}" y="{y + 54}" font-size="10" fill="#fff">{"out" if released else "CO2"}</text>'
        )
    parts.append(
        f'<text x="{x + 8}" y="{y + 82}" font-size="11">released {view["co2_released"]}/{view["co2_tokens"]}</text>'
    )
    return parts


def _buttons(other: list[str], x: int, y: int) -> list[str]:
    parts = []
    for i, text in enumerate(other):
        bx, by = x + (i % 4) * 240, y + (i // 4) * 30
        parts.append(
            f'<g class="button" data-act="{escape(text)}"><rect x="{bx}" y="{by}" width="232" height="24" rx="5" '
            f'fill="#e8eefc" stroke="#335"/><text x="{bx + 8}" y="{by + 16}" font-size="12">{escape(text)}</text></g>'
        )
    return parts


def render_svg(view: dict[str, Any], legal: Iterable[Action] = ()) -> str:
    """An SVG picture of the view; legal actions are clickable through ``data-act``."""
    acts, skill_acts, other = _acts_by_target(legal)
    ev = view["event"]
    head = f"Waste What? · round {view['round']}/{view['rounds']} · {view['phase']}"
    height = 790 + 30 * ((len(other) + 3) // 4)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="{height}" viewBox="0 0 1000 {height}" '
        'font-family="sans-serif" role="img" aria-label="Waste What? table">',
        f'<rect width="1000" height="{height}" fill="#fffdf6"/>',
        f'<text x="10" y="24" font-size="18" font-weight="bold">{escape(head)}</text>',
        f'<text x="10" y="44" font-size="12">{escape((ev["name"] + ": " + ev["text"]) if ev else "No event this round")}</text>',
        f'<text x="10" y="62" font-size="12">Bank {view["bank"]} · Waste deck {view["deck_count"]} · money on Sell slots {view["sell_money"]} · blank Combo cards {view["blank_combos"]}</text>',
        '<text x="10" y="88" font-size="13" font-weight="bold">Waste on the table</text>',
    ]
    for i, c in enumerate(view["table"][:12]):
        parts.append(_card_svg(c, 10 + (i % 6) * 156, 94 + (i // 6) * 62, acts.get(c["id"])))
    parts += _slot_row("Sell", view["sell"], view["sell_slots"], 10, 250, acts)
    parts += _slot_row("Donate", view["donate"], view["donate_slots"], 330, 250, acts)
    parts += _slot_row("Burn", view["burn"], view["burn_slots"], 10, 340, acts)
    parts += _slot_row("Recycle Bin", view["recycle_bin"], max(1, len(view["recycle_bin"])), 490, 340, acts)
    parts += _incinerator(view, 830, 240)
    work = view["work"]
    if work:
        parts.append(
            f'<text x="10" y="420" font-size="13" font-weight="bold">Work area ({escape(work["kind"])}) · skills: {escape(", ".join(work["skills"]) or "-")}</text>'
        )
        for i, c in enumerate(work["cards"][:6]):
            parts.append(_card_svg(c, 10 + i * 156, 426, acts.get(c["id"])))
    for idx, p in enumerate(view["players"]):
        parts += _player_svg(p, idx, 10 + idx * 500, 500, acts, skill_acts)
    parts += _buttons(other, 10, 720)
    if view["result"]:
        r = view["result"]
        parts.append(
            f'<text x="10" y="{height - 10}" font-size="18" font-weight="bold">{"WON" if r["team_won"] else "LOST"}: {escape(r["cause"])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
