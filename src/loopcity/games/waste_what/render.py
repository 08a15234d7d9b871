"""Text and SVG renderings of a Waste What? view (pure functions of the view).

The SVG is laid out as the paper table: the round, the Event and the incinerator across the top, the
waste on the table, the Sell, Donate and Burn slots and the Recycle Bin, the work area, then each
player's space (Cash Box, rent, Skill cards, Storage). Big text is short (a category code and a
complexity, a level, an amount) so that it stays readable when the page enlarges it; names and
details are ``class="minor"`` (hidden where they would be too small), and every card, skill and slot
carries its full words in ``data-info``. Each card or skill a legal action names carries
``data-act`` with that action's text; categories are told by colour *and* by a code, so colour is
never the only cue. The action list is not repeated on the board.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from html import escape
from typing import Any

from loopcity.engine import Action, ActionKind
from loopcity.engine.text import Key, _

from .actions import BURN, COMBO, RECYCLE, RECYCLE_PAYING, REUSE, REUSE_PLUS, STORE, TRAIN
from .content import N_

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
    "textile": N_("TEX"),
    "furniture": N_("FUR"),
    "bikes": N_("BIK"),
    "food": N_("FOO"),
    "construction": N_("CON"),
    "electronics": N_("ELE"),
    "just waste": N_("JW"),
    "creative": N_("CC"),
}
"""The short code of each category on the board (read through ``_``: each language has its own)."""


def _code(category: str) -> str:
    code = SHORT.get(category)
    return _(code) if code else ""


# ----- text ------------------------------------------------------------------------------------
def _card_line(c: dict[str, Any]) -> str:
    line = _("{name}: {text}").format(name=c["name"], text=c["text"])
    if c["stored_this_round"]:
        line = _("{card} (stored this round)").format(card=line)
    return line


def _names(cards: list[dict[str, Any]], n: int) -> str:
    shown = [c["name"] for c in cards] + ["-"] * (n - len(cards))
    return ", ".join(shown)


def _player_lines(p: dict[str, Any]) -> list[str]:
    skills = ", ".join(
        _("{skill} {level}").format(skill=s["name"], level=s["level"]) + (_(" (used)") if s["used"] else "")
        for s in p["skills"]
    )
    state = _("done this round") if p["done"] else _("at work")
    lines = [
        _("{player}: {cash} money, rent due {rent}, {state}").format(
            player=p["name"], cash=p["cash"], rent=p["rent_due"], state=state
        ),
        _("  Skill cards: {skills}").format(skills=skills or "-"),
    ]
    lines += [_("  Storage: {card}").format(card=_card_line(c)) for c in p["storage"]] or [
        _("  Storage: empty")
    ]
    return lines


def render_text(view: dict[str, Any]) -> str:
    """The table as people see it, for a terminal."""
    out = [_("Waste What? - round {round} of {rounds}").format(round=view["round"], rounds=view["rounds"])]
    if view["phase"] == "draft":
        offer = ", ".join(s["name"] for s in view["draft_pool"])
        out.append(
            _("Skill draft, Player {n} chooses from: {offer}").format(n=view["draft_turn"] + 1, offer=offer)
        )
    ev = view["event"]
    out.append(
        _("Event: {name} - {text}").format(name=ev["name"], text=ev["text"]) if ev else _("Event: none")
    )
    out.append(
        _("Incinerator: CO2 released {n} of {of}; Burn slots: {burn}").format(
            n=view["co2_released"], of=view["co2_tokens"], burn=_names(view["burn"], view["burn_slots"])
        )
    )
    out.append(
        _("Sell slots ({money} money on them): {sell}; Donate slots: {donate}").format(
            money=view["sell_money"],
            sell=_names(view["sell"], view["sell_slots"]),
            donate=_names(view["donate"], view["donate_slots"]),
        )
    )
    out.append(_("Recycle Bin: {cards}").format(cards=_names(view["recycle_bin"], 0) or "-"))
    out.append(
        _(
            "Bank {bank} money; Waste deck {deck} cards; blank Combo cards {blanks}; cards reused {reused}"
        ).format(
            bank=view["bank"], deck=view["deck_count"], blanks=view["blank_combos"], reused=view["reused"]
        )
    )
    out.append(_("Waste on the table:") if view["table"] else _("Waste on the table: none"))
    out += ["  " + _card_line(c) for c in view["table"]]
    work = view["work"]
    if work:
        names = ", ".join(c["name"] for c in work["cards"])
        skills = " + ".join(work["skill_names"]) or "-"
        out.append(
            _("Work area of {player}: {cards} (skills: {skills})").format(
                player=work["by_name"], cards=names, skills=skills
            )
        )
    decision = view["decision"]
    if decision:
        out.append(
            _("Waiting for {asked} to accept or decline: {what}").format(
                asked=decision["asked_name"], what=decision["subject"]
            )
        )
    for p in view["players"]:
        out += _player_lines(p)
    if view["result"]:
        r = view["result"]
        out.append((_("WON: {cause}") if r["team_won"] else _("LOST: {cause}")).format(cause=r["ending"]))
    return "\n".join(out)


# ----- SVG ------------------------------------------------------------------------------------
def _acts_by_target(legal: Iterable[Action]) -> tuple[dict[int, str], dict[str, str]]:
    """The first legal action naming each card, and the Skill-share workshop's ``train`` action of each
    skill."""
    cards: dict[int, str] = {}
    skills: dict[str, str] = {}
    for a in legal:
        card_kind = _CARD_KINDS.get(a.kind)
        if card_kind is not None:
            cards.setdefault(card_kind.read(a).card, str(a))
        elif a.kind == TRAIN.name:
            skills.setdefault(TRAIN.read(a).skill, str(a))
    return cards, skills


_CARD_KINDS: dict[str, ActionKind[Any]] = {
    k.name: k for k in (REUSE, REUSE_PLUS, COMBO, STORE, RECYCLE, RECYCLE_PAYING, BURN)
}
"""The kinds that name a card (their ``card`` argument): they are shown on the card."""

CARD_W, CARD_H = 155, 84
PLAYER_H = 330


def _attrs(act: str | None, info: str) -> str:
    data = f' data-act="{escape(act)}"' if act else ""
    return f'{data} data-info="{escape(info)}"'


def _card_svg(c: dict[str, Any], x: int, y: int, act: str | None, w: int = CARD_W, h: int = CARD_H) -> str:
    """A card: its category code and complexity in big letters, its name below (its recycling rule and
    the rest of its text in the details)."""
    colour = COLOURS.get(c["category"], "#cccccc")
    code = _code(c["category"])
    big = f"{code} {c['complexity']}" if c["complexity"] else code
    short = f"{code}{c['complexity']}" if c["complexity"] else code  # drawn larger on a phone
    border = 4 if act else 1
    info = _("{name}: {text}").format(name=c["name"], text=c["text"])
    return (
        f'<g class="card"{_attrs(act, info)}>'
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="#fff" stroke="{colour}" stroke-width="{border}"/>'
        f'<rect x="{x}" y="{y}" width="{w}" height="30" rx="8" fill="{colour}"/>'
        f'<text x="{x + 8}" y="{y + 23}" font-size="20" font-weight="bold" data-fit="{w - 10}" '
        f'data-short="{escape(short)}">{escape(big)}</text>'
        + f'<text y="{y + 30}" font-size="15" data-fit="{w - 10}">'
        + "".join(
            f'<tspan x="{x + 8}" dy="1.2em">{escape(line)}</tspan>'
            for line in textwrap.wrap(c["name"], w // 12, max_lines=2, placeholder="…")
        )
        + "</text></g>"
    )


def _empty_slot(x: int, y: int, w: int, h: int, info: str) -> str:
    return (
        f'<g class="slot" data-info="{escape(info)}"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" '
        'fill="none" stroke="#999" stroke-dasharray="6"/></g>'
    )


def _slot_row(
    label: str, info: str, cards: list[dict[str, Any]], n: int, x: int, y: int, acts: dict[int, str]
) -> list[str]:
    """A row of slots under a short label; empty slots are dashed."""
    w, h = 110, CARD_H
    parts = [
        f'<text x="{x}" y="{y - 16}" font-size="20" font-weight="bold" data-info="{escape(info)}">{escape(label)}</text>'
    ]
    for i in range(n):
        sx = x + i * (w + 6)
        if i < len(cards):
            parts.append(_card_svg(cards[i], sx, y, acts.get(cards[i]["id"]), w, h))
        else:
            parts.append(_empty_slot(sx, y, w, h, info))
    return parts


def _skill_svg(s: dict[str, Any], x: int, y: int, act: str | None) -> str:
    """A Skill card: its code and level big; used this round, it is faded."""
    code = _code(s["id"])
    used = _(" (used this round)") if s["used"] else ""
    info = _("{skill}, level {level}{used}").format(skill=s["name"], level=s["level"], used=used)
    return (
        f'<g class="skill"{_attrs(act, info)}><rect x="{x}" y="{y}" width="112" height="52" rx="6" '
        f'fill="{COLOURS.get(s["id"], "#ccc")}" fill-opacity="{0.3 if s["used"] else 0.9}" stroke="#333"'
        f' stroke-width="{4 if act else 1}"/>'
        f'<text x="{x + 8}" y="{y + 34}" font-size="22" font-weight="bold" data-fit="104" '
        f'data-short="{code}{s["level"]}">{code}\u2009{s["level"]}</text></g>'
    )


def _player_svg(
    p: dict[str, Any], x: int, y: int, acts: dict[int, str], skill_acts: dict[str, str]
) -> list[str]:
    state = _("done") if p["done"] else _("at work")
    info = _("{player}: {cash} money in the Cash Box, rent due {rent}, {state}").format(
        player=p["name"], cash=p["cash"], rent=p["rent_due"], state=state
    )
    money = _("{n} money").format(n=p["cash"])
    rent = _("rent {n}").format(n=p["rent_due"])
    storage = _("Storage")
    parts = [
        f'<g class="player" data-info="{escape(info)}"><rect x="{x}" y="{y}" width="485" height="{PLAYER_H}" '
        f'rx="10" fill="{"#eef3e6" if p["done"] else "#f7f7f2"}" stroke="#555"/>',
        f'<text x="{x + 10}" y="{y + 30}" font-size="22" font-weight="bold">{escape(p["name"])}</text>',
        f'<text class="minor" x="{x + 330}" y="{y + 28}" font-size="14">{escape(state)}</text>',
        f'<text x="{x + 10}" y="{y + 76}" font-size="20">{escape(money)}</text>',
        f'<text x="{x + 250}" y="{y + 76}" font-size="20">{escape(rent)}</text></g>',
    ]
    for i, s in enumerate(p["skills"]):
        parts.append(_skill_svg(s, x + 10 + i * 120, y + 88, skill_acts.get(s["id"])))
    parts.append(f'<text x="{x + 10}" y="{y + 160}" font-size="18">{escape(storage)}</text>')
    for i, c in enumerate(p["storage"][:6]):
        parts.append(
            _card_svg(c, x + 10 + (i % 3) * 158, y + 168 + (i // 3) * 78, acts.get(c["id"]), 150, 74)
        )
    if len(p["storage"]) > 6:
        more = _("+{n} more").format(n=len(p["storage"]) - 6)
        parts.append(f'<text x="{x + 380}" y="{y + PLAYER_H - 8}" font-size="16">{escape(more)}</text>')
    return parts


def _incinerator(view: dict[str, Any], x: int, y: int) -> list[str]:
    info = _("Incinerator: {n} of {of} CO2 tokens released; the last one loses the game").format(
        n=view["co2_released"], of=view["co2_tokens"]
    )
    parts = [
        f'<g class="incinerator" data-info="{escape(info)}">'
        f'<rect x="{x}" y="{y}" width="200" height="70" rx="8" fill="#eee" stroke="#555"/>',
        f'<text x="{x + 10}" y="{y + 28}" font-size="20" font-weight="bold">CO2</text>',
    ]
    for i in range(view["co2_tokens"]):
        fill = "#bbb" if i < view["co2_released"] else "#4a7bd0"
        parts.append(f'<circle cx="{x + 120 + i * 30}" cy="{y + 22}" r="12" fill="{fill}" stroke="#222"/>')
    released = _("{n} of {of} out").format(n=view["co2_released"], of=view["co2_tokens"])
    parts.append(f'<text x="{x + 10}" y="{y + 60}" font-size="18" data-fit="185">{escape(released)}</text>')
    parts.append("</g>")
    return parts


def _header(view: dict[str, Any]) -> list[str]:
    ev = view["event"]
    head = _("Round {round}/{rounds}").format(round=view["round"], rounds=view["rounds"])
    parts = [f'<text x="10" y="34" font-size="28" font-weight="bold">{escape(head)}</text>']
    if ev:
        info = _("Event: {name}: {text}").format(name=ev["name"], text=ev["text"])
        parts.append(
            f'<g class="event" data-info="{escape(info)}">'
            f'<text x="200" y="32" font-size="20" font-weight="bold">{escape(ev["name"][:28])}</text>'
            f'<text class="minor" x="200" y="54" font-size="13">{escape(ev["text"][:95])}</text></g>'
        )
    money = _("Bank {n}").format(n=view["bank"])
    parts.append(f'<text x="10" y="64" font-size="18">{escape(money)}</text>')
    deck = _("Waste deck {n}, blank Combo cards {b}").format(n=view["deck_count"], b=view["blank_combos"])
    parts.append(f'<text class="minor" x="10" y="84" font-size="13">{escape(deck)}</text>')
    parts += _incinerator(view, 790, 8)
    return parts


def render_svg(view: dict[str, Any], legal: Iterable[Action] = ()) -> str:
    """An SVG picture of the view; legal actions are clickable through ``data-act``."""
    acts, skill_acts = _acts_by_target(legal)
    table = view["table"]
    rows = max(1, (len(table) + 5) // 6)
    y_slots = 130 + rows * (CARD_H + 8) + 30
    y_work = y_slots + CARD_H + 50
    y_players = y_work + (CARD_H + 50 if view["work"] else 0)
    height = y_players + PLAYER_H + 10 + (40 if view["result"] or view["decision"] else 0)
    aria = _("Waste What? table")
    on_table = _("Waste on the table")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="{height}" viewBox="0 0 1000 {height}" '
        f'font-family="sans-serif" role="img" aria-label="{escape(aria)}">',
        f'<rect width="1000" height="{height}" fill="#fffdf6"/>',
        *_header(view),
        f'<text x="10" y="104" font-size="20" font-weight="bold">{escape(on_table)}</text>',
    ]
    for i, c in enumerate(table):
        parts.append(_card_svg(c, 10 + (i % 6) * 163, 128 + (i // 6) * (CARD_H + 8), acts.get(c["id"])))
    rows_info = (
        (
            _("Sell"),
            _("Sell slots: take the money on the slot, raise a used skill"),
            "sell",
            "sell_slots",
            10,
        ),
        (
            _("Donate"),
            _("Donate slots: raise a used skill or a Creative Community"),
            "donate",
            "donate_slots",
            250,
        ),
    )
    # What lies below the table's cards is drawn in bands of their own, each moved down as a whole
    # (a second row of waste on the table moves one attribute a band, not every place below it).
    parts.append(f'<g transform="translate(0 {y_slots})">')
    for label, info, key, slots, x in rows_info:
        parts += _slot_row(label, info, view[key], view[slots], x, 0, acts)
    burn_info = _("Burn slots: the last one releases a CO2 token")
    parts += _slot_row(_("Burn"), burn_info, view["burn"], view["burn_slots"], 490, 0, acts)
    coins = _("{n} money on the Sell slots").format(n=view["sell_money"])
    parts.append(f'<g class="coins" data-info="{escape(coins)}">')
    for i in range(view["sell_money"]):
        parts.append(f'<circle cx="{20 + i * 22}" cy="{CARD_H + 16}" r="9" fill="#e0b040" stroke="#6b4f00"/>')
    parts.append("</g>")
    coins_x = 20 + view["sell_money"] * 22
    parts.append(f'<text class="minor" x="{coins_x}" y="{CARD_H + 21}" font-size="13">{escape(coins)}</text>')
    bin_info = _("Recycle Bin: emptied into the Waste deck at the end of the round")
    parts += _slot_row(
        _("Bin"), bin_info, view["recycle_bin"], max(1, len(view["recycle_bin"])), 850, 0, acts
    )
    parts.append("</g>")
    work = view["work"]
    if work:
        title = _("Work area: {player}").format(player=work["by_name"])
        parts.append(f'<g transform="translate(0 {y_work})">')
        parts.append(f'<text x="10" y="-8" font-size="20" font-weight="bold">{escape(title)}</text>')
        for i, c in enumerate(work["cards"][:6]):
            parts.append(_card_svg(c, 10 + i * 163, 0, acts.get(c["id"])))
        parts.append("</g>")
    parts.append(f'<g transform="translate(0 {y_players})">')
    for idx, p in enumerate(view["players"]):
        parts += _player_svg(p, 10 + idx * 495, 0, acts, skill_acts)
    parts.append("</g>")
    footer = _footer(view)
    if footer:
        parts += [f'<g transform="translate(0 {height})">', *footer, "</g>"]
    parts.append("</svg>")
    return "".join(parts)


def _after(text: str, x: int, size: int, least: int) -> int:
    """Where a text may start that follows ``text`` (bold, ``size`` px, at ``x``) on its line: at
    ``least``, or further right where ``text`` is longer (a language with longer words)."""
    return max(least, x + round(len(text) * size * 0.6) + 12)


def _footer(view: dict[str, Any]) -> list[str]:
    """The game's result, or the offer waiting for an answer, above the board's bottom edge (y 0)."""
    r = view["result"]
    if r:
        word = _("WON") if r["team_won"] else _("LOST")
        return [
            f'<text x="10" y="-12" font-size="24" font-weight="bold" data-info="{escape(r["ending"])}">'
            f"{escape(word)}</text>",
            f'<text class="minor" x="{_after(word, 10, 24, 110)}" y="-14" font-size="14">'
            f"{escape(r['ending'])}</text>",
        ]
    decision = view["decision"]
    if decision:
        info = _("{player} asks {asked} to agree: {what}").format(
            player=decision["by_name"], asked=decision["asked_name"], what=decision["subject"]
        )
        short = _("Offer to {asked}").format(asked=decision["asked_name"])
        return [
            f'<g class="decision" data-info="{escape(info)}">'
            f'<text x="10" y="-12" font-size="22" font-weight="bold">{escape(short)}</text>'
            f'<text class="minor" x="{_after(short, 10, 22, 250)}" y="-14" font-size="13">'
            f"{escape(decision['subject'][:110])}</text></g>"
        ]
    return []


def legend(view: dict[str, Any]) -> list[Key]:
    """What the board's colours, codes, outlines and discs mean, in the rulebook's words."""
    names = {s["id"]: s["name"] for s in view.get("draft_pool") or []}
    names |= {s["id"]: s["name"] for p in view.get("players", []) for s in p.get("skills", [])}
    keys = [
        Key(_("{code}: {name}").format(code=_code(c), name=names[c]), "square", colour, "#333", mark=_code(c))
        for c, colour in COLOURS.items()
        if c in names
    ]
    keys += [
        Key(
            _("JW: Just Waste (no Skill recycles it)"),
            "square",
            COLOURS["just waste"],
            "#333",
            mark=_code("just waste"),
        ),
        Key(
            _("A card's code and its complexity: the Skill level it needs"),
            "square",
            "#fff",
            "#333",
            mark="2",
        ),
        Key(_("Faded Skill card: used this round"), "square", "#ccc", "#333"),
        Key(
            _("Thick outline: a card or Skill you may choose now (tap it, or use the buttons)"),
            "square",
            "#fff",
            "#333",
            "",
            4,
        ),
        Key(_("Dashed: an empty slot"), "square", "none", "#999", "6"),
        Key(_("CO2 token still in the Incinerator"), "disc", "#4a7bd0", "#222"),
        Key(_("CO2 token released (the last one loses the game)"), "disc", "#bbb", "#222"),
        Key(_("Money on the Sell slots"), "disc", "#e0b040", "#6b4f00"),
    ]
    return keys
