"""RECLAIM's vocabulary in the reader's language: roles, resources, terrain, symbols, money, places
and the things the table decides, as the rulebook names them.

Every word here goes through ``_`` and is made when asked (never while a rule is applied), so it is
worded in the language of the person reading. Names that come from the content (Event cards, piles,
the build actions' texts) stay as the content gives them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from loopcity.engine.text import LANGUAGE, _, ngettext

from .board import FOOD, MIXED, NPK, ROLES, SEPARATED, SLUDGE
from .content import N_

__all__ = ["N_"]

if TYPE_CHECKING:
    from .rules import ReclaimState


def content_text(text: str) -> str:
    """A name or text from the content (a pile's name, an Event card's title or text), in the reader's
    language (translated in ``content.<lang>.toml``)."""
    return _(text)


def role_name(role: str) -> str:
    """``Housing``, ``Treatment``, ``Farming`` or ``Independent contractor``."""
    match role:
        case "housing":
            return _("Housing")
        case "treatment":
            return _("Treatment")
        case "farming":
            return _("Farming")
        case "contractor":
            return _("Independent contractor")
    raise ValueError(f"no word for {role!r}")


def resource_name(resource: str) -> str:
    """A resource as the rulebook names it."""
    match resource:
        case "food":
            return _("Food")
        case "mixed":
            return _("Mixed Waste")
        case "separated":
            return _("Separated Waste")
        case "sludge":
            return _("Sludge")
        case "npk":
            return _("NPK")
    raise ValueError(f"no word for {resource!r}")


def resource_code(resource: str, n: int | str = "") -> str:
    """A resource's letters on the board, with its count: ``Fd3``, ``Mx1``, ``N2`` (``n`` left out:
    the letters alone)."""
    match resource:
        case "food":
            return _("Fd{n}").format(n=n)
        case "mixed":
            return _("Mx{n}").format(n=n)
        case "separated":
            return _("Sp{n}").format(n=n)
        case "sludge":
            return _("Sl{n}").format(n=n)
        case "npk":
            return _("N{n}").format(n=n)
    return f"{resource}{n}"


RESOURCE_KEYS = ("food", "mixed", "separated", "sludge", "npk")
"""The resources by their index on a hexagon (``FOOD``, ``MIXED``, ...)."""
assert (FOOD, MIXED, SEPARATED, SLUDGE, NPK) == (0, 1, 2, 3, 4)


def terrain_name(terrain: str) -> str:
    """A hexagon's kind of land."""
    match terrain:
        case "urban":
            return _("Urban")
        case "rural":
            return _("Rural")
        case "water":
            return _("Water")
        case "wetland":
            return _("Wetland")
        case "mountain":
            return _("Mountain")
    raise ValueError(f"no word for {terrain!r}")


def symbol_name(symbol: str) -> str:
    """A symbol of the Infrastructure cards and Hidden agendas."""
    match symbol:
        case "environment":
            return _("Environment")
        case "economy":
            return _("Economy")
        case "joy":
            return _("Residents' joy")
        case "public_good":
            return _("Public good")
    raise ValueError(f"no word for {symbol!r}")


def symbols_text(symbols: Sequence[str]) -> str:
    """``Economy, Public good``."""
    return ", ".join(symbol_name(s) for s in symbols)


def agenda_text(symbols: Sequence[str]) -> str:
    """A Hidden agenda: ``Environment / Economy``."""
    return " / ".join(symbol_name(s) for s in symbols)


FACE_SIGN = {"check": "✓", "warning": "⚠", "disease": "☣"}
"""The signs on the dice: green check marks, red warning signs, disease signs."""


def faces_text(faces: Sequence[str]) -> str:
    """A die's faces by the numbers rolled: ``1–3 ✓, 4–6 ⚠``."""
    runs: list[tuple[int, int, str]] = []
    for i, face in enumerate(faces, 1):
        if runs and runs[-1][2] == face:
            runs[-1] = (runs[-1][0], i, face)
        else:
            runs.append((i, i, face))
    return ", ".join(
        f"{a}–{b} {FACE_SIGN.get(f, f)}" if a != b else f"{a} {FACE_SIGN.get(f, f)}" for a, b, f in runs
    )


def cost_unit(decision: str) -> str:
    """What one unit of a Cost card buys: ``Disease removed``, ``Food``, ``NPK``, ``Waste dumped``."""
    match decision:
        case "vaccination":
            return _("Disease removed")
        case "food":
            return _("Food")
        case "npk":
            return _("NPK")
        case "dump":
            return _("Waste dumped")
    raise ValueError(f"no word for {decision!r}")


def causes_text(causes: str) -> str:
    """The losing conditions met (``hunger+disease``), in words: ``hunger (a Housing block without
    Food), Disease (4 or more on the board)``."""
    words = []
    for cause in causes.split("+"):
        match cause:
            case "hunger":
                words.append(_("hunger (a Housing block without Food)"))
            case "disease":
                words.append(_("Disease (4 or more on the board)"))
            case "pollution":
                words.append(_("pollution (every Water hexagon full of Waste)"))
            case _:
                words.append(cause)
    return ", ".join(words)


def cause_words(causes: str) -> str:
    """The losing conditions met, as the outcome names them (``hunger+disease``), each word in the
    reader's language."""
    words = {"hunger": _("hunger"), "disease": _("disease"), "pollution": _("pollution")}
    return "+".join(words.get(c, c) for c in causes.split("+"))


def money(coins: int) -> str:
    """An amount of coins: ``1,575 C`` (digits grouped as the reader's language writes them)."""
    return _("{coins} C").format(coins=grouped(coins))


def grouped(n: int) -> str:
    """``1,575`` in English, ``1.575`` in German: a whole number with its digits grouped."""
    language = LANGUAGE.get()
    if language == "en":
        return f"{n:,}"
    return _grouped(n, language)


@functools.lru_cache(maxsize=4096)
def _grouped(n: int, language: str) -> str:
    from babel.numbers import format_decimal

    try:
        return str(format_decimal(n, locale=language))
    except Exception:  # a language Babel does not know (UnknownLocaleError)
        return f"{n:,}"


def seat_label(seat: int, role: str) -> str:
    """``Seat 2 (Treatment)``: a seat counted from 1, with its role."""
    return _("Seat {n} ({role})").format(n=seat + 1, role=role_name(role))


def hex_name(h: int) -> str:
    """``hex 8``: a hexagon by the number drawn on the board."""
    return _("hex {n}").format(n=h)


def place(st: ReclaimState, h: int) -> str:
    """A hexagon as a player points at it: ``hex 8 (Housing)``, ``hex 5 (Farm)``, ``hex 3 (the
    Dump)``, ``hex 14 (Water)``."""
    if h == st.dump:
        what = _("the Dump")
    elif st.farm_level[h]:
        what = _("Farm")
    elif any(p[0] == h for p in st.plants):
        what = _("Treatment plant") if sum(st.blocks[h]) == 0 else _("Housing, Treatment plant")
    elif sum(st.blocks[h]):
        what = _("Housing")
    else:
        what = terrain_name(st.terrain[h])
    return _("hex {n} ({what})").format(n=h, what=what)


def units_text(item: str, n: int) -> str:
    """``2 NPK``, ``1 Disease``, ``3 Waste``: the units of a Political decision."""
    if item == "npk":
        return ngettext("{n} NPK", "{n} NPK", n).format(n=n)
    if item == "vaccinate":
        return ngettext("{n} Disease", "{n} Disease", n).format(n=n)
    return ngettext("{n} Waste", "{n} Waste", n).format(n=n)


def decision_title(item: str) -> str:
    """The name of a Political decision (its Cost card)."""
    match item:
        case "npk":
            return _("Import NPK")
        case "vaccinate":
            return _("Vaccination campaign")
        case "dump":
            return _("Dump Waste in the Water")
        case "food":
            return _("Import Food")
        case "vaccination":
            return _("Vaccination campaign")
    raise ValueError(f"no word for {item!r}")


def decision_text(item: str, h: int, n: int, price: int) -> str:
    """What a Political decision does, paid from the City budget: ``import 2 NPK onto the Farm on
    hex 5 for 250 C from the City budget``."""
    if item == "npk":
        text = _("import {units} onto the Farm on hex {hex} for {price} from the City budget")
    elif item == "vaccinate":
        text = _("vaccinate against {units} on hex {hex} for {price} from the City budget")
    else:
        text = _("dump {units} from hex {hex} into the Water for {price} from the City budget")
    return text.format(units=units_text(item, n), hex=h, price=money(price))


def question_text(st: ReclaimState, subject: str, data: Any) -> str:
    """What a question put to the table asks, in words (the subject of its ballot)."""
    if subject in ("npk", "vaccinate", "dump"):
        price = st.cost({"npk": "npk", "vaccinate": "vaccination", "dump": "dump"}[subject])
        text = decision_text(subject, data["hex"], data["units"], price * data["units"])
        return text[:1].upper() + text[1:]
    if subject == "dump_site":
        return _("Make hex {hex} the Dump for Sludge (nothing else may be built there)").format(
            hex=data["hex"]
        )
    if subject == "place_block":
        return _("Place the new level 0 Housing block on hex {hex}").format(hex=data["hex"])
    if subject == "urbanize":
        if st.farm_level[data["hex"]]:
            return _("Turn hex {hex} into Urban area (its Farm gives way) for the new Housing block").format(
                hex=data["hex"]
            )
        return _("Turn the Rural hex {hex} into Urban area for the new Housing block").format(hex=data["hex"])
    return _("Let the Treatment role send Sludge from hex {source} to the Farm on hex {to} this turn").format(
        source=data["source"], to=data["to"]
    )


def role_of(st: ReclaimState, seat: int) -> str:
    """The role ``seat`` holds this round (its id)."""
    return ROLES[st.roles[seat]]
