"""SUSTAIN in words: effects, Buildings and spaces, the year's readings, and the names people use.

Everything here reads plain data (content items turned into dicts, or a view's parts), so the
labels, prompts and log lines of the rules, the reference, the players' panels, the stage and the
renderings all word the same thing the same way. Every sentence goes through ``_`` with named
placeholders; names and texts from content (Buildings, Departments, cards) are kept in English in
the rules and views and go through ``_`` where they are put into a sentence (their translations are
in ``content.<lang>.toml``): the functions here that take data (a view's parts) translate the names
in it themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from loopcity.engine.text import _, ngettext

from .board import Geometry
from .content import Building, Effect

Data = Mapping[str, Any]


# ----- names ----------------------------------------------------------------------------------------
def content_text(text: str) -> str:
    """A name or text from content (as a view carries it) in the reader's language, translated in
    ``content.<lang>.toml``: ``_(text)``, but an empty text stays empty (``_("")`` would give a
    catalogue's header), and the words of a view's keys stay out of the catalogue."""
    return _(text) if text else text


def indicator_short(key: str) -> str:
    """An indicator's name in a word, where its whole name has no room (a phone's board)."""
    match key:
        case "standard_of_living":
            return _("Living")
        case "attractiveness":
            return _("Attractiveness")
        case "sustainable_transport":
            return _("Transport")
        case "pollution":
            return _("Pollution")
        case "unhappy":
            return _("Unhappy")
        case "co2":
            return _("CO2")
    return key


def indicator_name(key: str) -> str:
    """An indicator of the Indicators Board (a track or a table) by its content key."""
    match key:
        case "standard_of_living":
            return _("Standard of Living")
        case "attractiveness":
            return _("Attractiveness of the city")
        case "sustainable_transport":
            return _("Sustainable transport")
        case "pollution":
            return _("Pollution")
        case "unhappy":
            return _("Unhappy Population")
        case "co2":
            return _("CO2 Accumulation")
    return key


def category_name(key: str) -> str:
    """A kind of Building (its ``category`` in content) as an adjective: ``residential``."""
    names = {
        "residential": _("residential"),
        "industry": _("industrial"),
        "service": _("service"),
        "green": _("green"),
        "culture": _("cultural"),
        "transport": _("transport"),
    }
    return names.get(key, key)


def measure_name(key: str) -> str:
    """A Department's end-of-game measure."""
    names = {
        "standard_of_living": _("squares of Standard of Living"),
        "attractiveness": _("squares of Attractiveness of the city"),
        "sustainable_transport": _("squares of Sustainable transport"),
        "clean_air": _("squares of clean air (the Pollution track's squares above its cube)"),
        "population": _("people in the city"),
        "calm": _("free squares of the Unhappy Population table"),
    }
    return names.get(key, key)


def coins(n: int) -> str:
    """``1 Coin``, ``3 Coins``."""
    return ngettext("{n} Coin", "{n} Coins", n).format(n=n)


def points(n: int) -> str:
    """``1 point``, ``3 points``."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def signed(n: int) -> str:
    """A change on a track: ``+1``, ``\u22122``, ``\u00b10``."""
    if n > 0:
        return f"+{n}"
    return f"\u2212{-n}" if n < 0 else "\u00b10"


def seat_name(seat: int, department: str | None) -> str:
    """``Seat 2 (Mobility)``: seats counted as people count them (``Seat 2`` before it has a sheet)."""
    if not department:
        return _("Seat {n}").format(n=seat + 1)
    return _("Seat {n} ({department})").format(n=seat + 1, department=_(department))


def joined(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{some} and {last}").format(some=", ".join(items[:-1]), last=items[-1])


def defeat_text(defeat: str) -> str:
    """Why every player lost."""
    causes = {
        "Unhappy Population table full": _("the Unhappy Population table is full"),
        "CO2 Accumulation table full": _("the CO2 Accumulation table is full"),
        "City Map full": _("every big square of the City Map is built"),
    }
    return causes.get(defeat, defeat)


# ----- effects ---------------------------------------------------------------------------------------
def effect_data(effects: Sequence[Effect]) -> list[dict[str, Any]]:
    """Effects as plain data, as views carry them."""
    return [e.model_dump(exclude_none=True) for e in effects]


def change_text(target: str, amount: int) -> str:
    """One change: ``Pollution \u22121``, ``2 CO2 marks``, ``3 new people need a Housing space``."""
    if target in ("standard_of_living", "attractiveness", "sustainable_transport", "pollution"):
        return _("{indicator} {change}").format(indicator=indicator_name(target), change=signed(amount))
    match target:
        case "unhappy":
            said = ngettext("{n} Unhappy Population mark", "{n} Unhappy Population marks", amount)
        case "co2":
            said = ngettext("{n} CO2 mark", "{n} CO2 marks", amount)
        case "people":
            said = ngettext(
                "{n} new person needs a Housing space", "{n} new people need a Housing space", amount
            )
        case "budget":
            said = ngettext(
                "{n} Coin added to next year's budget", "{n} Coins added to next year's budget", amount
            )
        case "coins_each":
            said = ngettext("each player receives {n} Coin", "each player receives {n} Coins", amount)
        case _target:
            raise KeyError(target)
    return said.format(n=amount)


def effect_text(e: Data) -> str:
    """One effect of a card or Building, with its condition and multiplier."""
    text = change_text(e["target"], e["amount"])
    if e.get("per"):
        text = _("{change} for each {category} Building on the City Map").format(
            change=text, category=category_name(e["per"])
        )
    below, at_least = e.get("if_below"), e.get("if_at_least")
    if below:
        text = _("if {indicator} is below {value}: {change}").format(
            indicator=_condition_name(below[0]), value=below[1], change=text
        )
    if at_least:
        text = _("if {indicator} is at least {value}: {change}").format(
            indicator=_condition_name(at_least[0]), value=at_least[1], change=text
        )
    return text


def _condition_name(key: str) -> str:
    if key == "unhappy":
        return _("the Unhappy Population marks")
    if key == "co2":
        return _("the CO2 Accumulation marks")
    return indicator_name(key)


def effects_text(effects: Sequence[Data]) -> str:
    """Several effects: ``Pollution \u22121, Attractiveness of the city +1``; ``no effect``."""
    if not effects:
        return _("no effect on the indicators")
    return ", ".join(effect_text(e) for e in effects)


# ----- Buildings ---------------------------------------------------------------------------------------
def building_data(b: Building) -> dict[str, Any]:
    """A Building as plain data, as views carry it (for panels and the board's words)."""
    return {
        "id": b.id,
        "name": b.name,
        "space": b.space,
        "category": b.category,
        "housing": b.housing,
        "effects": effect_data(b.effects),
        "bonus": None
        if b.bonus is None
        else {"category": b.bonus.category, "effects": effect_data(b.bonus.effects)},
        "keep_away": None
        if b.keep_away is None
        else {"category": b.keep_away.category, "distance": b.keep_away.distance},
    }


def where_text(space: str) -> str:
    """Where a kind of Building is drawn."""
    if space == "corner":
        return _("drawn on a corner between four big squares")
    if space == "edge":
        return _("drawn on an edge between two big squares")
    return _("drawn on a big square")


def place_name(space: str) -> str:
    """A kind of space of the City Map, shortly: ``big square``, ``corner``, ``edge``."""
    if space == "corner":
        return _("corner")
    if space == "edge":
        return _("edge")
    return _("big square")


def bonus_text(b: Data) -> str:
    """The adjacency bonus, or empty."""
    bonus = b.get("bonus")
    if not bonus:
        return ""
    return _("next to a {category} Building: {effects}").format(
        category=category_name(bonus["category"]), effects=effects_text(bonus["effects"])
    )


def keep_away_text(b: Data) -> str:
    """The keep-away rule, or empty."""
    rule = b.get("keep_away")
    if not rule:
        return ""
    return ngettext(
        "no {category} Building within {n} square of it",
        "no {category} Building within {n} squares of it",
        rule["distance"],
    ).format(category=category_name(rule["category"]), n=rule["distance"])


def building_does(b: Data) -> str:
    """What a Building does when drawn, and its rules: ``Pollution \u22121; next to a residential
    Building: Attractiveness of the city +1``."""
    parts = []
    if b.get("housing"):
        parts.append(ngettext("{n} Housing space", "{n} Housing spaces", b["housing"]).format(n=b["housing"]))
    if b.get("effects"):
        parts.append(effects_text(b["effects"]))
    for extra in (bonus_text(b), keep_away_text(b)):
        if extra:
            parts.append(extra)
    return "; ".join(parts) if parts else _("no effect on the indicators")


def building_text(b: Data) -> str:
    """A Building in full: where it is drawn, its kind and what it does."""
    return _("{name}: {category} Building, {where}. {does}.").format(
        name=content_text(b["name"]),
        category=category_name(b["category"]),
        where=where_text(b["space"]),
        does=building_does(b),
    )


def space_text(geo: Geometry, cell: int) -> str:
    """A space of the City Map in words: ``big square C4``, ``corner B2\u2013C3 (between B2, C2, B3
    and C3)``, ``edge A1\u2013B1 (between A1 and B1)``."""
    kind = geo.kind[cell]
    if kind == "square":
        return _("big square {name}").format(name=geo.name(cell))
    if kind == "corner":
        return _("corner {name} (between {squares})").format(
            name=geo.name(cell), squares=joined(geo.around(cell))
        )
    return _("edge {name} (between {squares})").format(name=geo.name(cell), squares=joined(geo.around(cell)))


def end_bonus_text(measure: str, divisor: int) -> str:
    """A Department's end-of-game bonus: ``1 point per 2 squares of Standard of Living``."""
    return _("at the end, 1 point per {n} {measure}").format(n=divisor, measure=measure_name(measure))


def white_side_text(w: dict[str, Any]) -> str:
    """What an adopted Solution card did: its Building, effects and points."""
    parts = []
    if w["building_name"]:
        parts.append(_("draw a {building}").format(building=content_text(w["building_name"])))
    if w["effects"]:
        parts.append(effects_text(w["effects"]))
    if w["points"]:
        parts.append(
            _("{points} for {department}").format(
                points=points(w["points"]["amount"]), department=content_text(w["points"]["department_name"])
            )
        )
    return joined(parts) if parts else _("no effect")


# ----- the year's readings ------------------------------------------------------------------------
READING_SIZES = {
    "start_budget": 5,
    "token": 1,
    "unhappy_to_living": 5,
    "living_to_attractiveness": 5,
    "co2": 7,
    "co2_to_living": 5,
    "growth": 5,
    "budget": 6,
    "in_play": 3,
    "penalty": 2,
    "solutions": 3,
    "adopted": 2,
    "resolved": 2,
}
"""The readings of a year (``SustainState.told``) by kind, with their length (the kind included):
what the table reads aloud in steps 1-5 and the cards it adopts or resolves in step 7."""

READING_STEP = {
    "start_budget": 3,
    "token": 1,
    "unhappy_to_living": 1,
    "living_to_attractiveness": 1,
    "co2": 1,
    "co2_to_living": 1,
    "growth": 2,
    "budget": 3,
    "in_play": 4,
    "penalty": 4,
    "solutions": 5,
    "adopted": 7,
    "resolved": 7,
}
"""The step of the round sequence each reading belongs to."""


def _moved(indicator: str, change: int, before: int, after: int) -> str:
    """``Standard of Living \u22121 (from 3 to 2)``, or that it stays (at the end of its track)."""
    name = indicator_name(indicator)
    if before == after:
        if change:
            return _("{indicator} {change}, but it stays on {square}: the end of its track").format(
                indicator=name, change=signed(change), square=before
            )
        return _("{indicator} stays on {square}").format(indicator=name, square=before)
    return _("{indicator} {change} (from {before} to {after})").format(
        indicator=name, change=signed(after - before), before=before, after=after
    )


def reading_title(kind: str) -> str:
    """The heading of a reading, as the step it belongs to."""
    match kind:
        case "start_budget":
            return _("Setup: the first budget")
        case "token":
            return _("Step 1: the First Player token")
        case "unhappy_to_living":
            return _("Step 1: Unhappy Population \u2192 Standard of Living")
        case "living_to_attractiveness":
            return _("Step 1: Standard of Living \u2192 Attractiveness of the city")
        case "co2":
            return _("Step 1: Sustainable transport and Pollution \u2192 CO2 Accumulation")
        case "co2_to_living":
            return _("Step 1: CO2 Accumulation \u2192 Standard of Living")
        case "growth":
            return _("Step 2: People increasing")
        case "budget":
            return _("Step 3: Budget allocation")
        case "in_play":
            return _("Step 4: a card in play acts")
        case "penalty":
            return _("Step 4: an unresolved REQUEST")
        case "solutions":
            return _("Step 5: Solutions")
        case "adopted":
            return _("Step 7: a Solution is adopted")
        case "resolved":
            return _("Step 7: a REQUEST is resolved")
    return kind


def reading_text(r: Sequence[Any], first_player: str, card: str = "", does: str = "") -> str:
    """A reading as the table says it aloud (``r``: a reading of ``SustainState.told``;
    ``first_player``: who holds the token now; for card readings, ``card``: the card's title and
    ``does``: what it does now, in words)."""
    kind = r[0]
    if kind == "token":
        return _("The First Player token passes left, to {seat}.").format(seat=first_player)
    if kind == "unhappy_to_living":
        _k, marks, change, before, after = r
        return _("{marks}: {moved}.").format(
            marks=ngettext("{n} Unhappy Population mark", "{n} Unhappy Population marks", marks).format(
                n=marks
            ),
            moved=_moved("standard_of_living", change, before, after),
        )
    if kind == "living_to_attractiveness":
        _k, living, change, before, after = r
        return _("Standard of Living on {square}: {moved}.").format(
            square=living, moved=_moved("attractiveness", change, before, after)
        )
    if kind == "co2":
        return _co2_text(r)
    if kind == "co2_to_living":
        _k, marks, change, before, after = r
        return _("{marks}: {moved}.").format(
            marks=ngettext("{n} CO2 Accumulation mark", "{n} CO2 Accumulation marks", marks).format(n=marks),
            moved=_moved("standard_of_living", change, before, after),
        )
    if kind == "growth":
        return _growth_text(r)
    if kind in ("budget", "start_budget"):
        return _budget_text(r)
    return _card_reading(r, card, does)


def _co2_text(r: Sequence[Any]) -> str:
    _k, transport, from_transport, pollution, from_pollution, before, after = r
    return ngettext(
        "Sustainable transport on {transport} adds {t}, Pollution on {pollution} adds {p}: "
        "the CO2 Accumulation table now has {after} mark (it had {before}).",
        "Sustainable transport on {transport} adds {t}, Pollution on {pollution} adds {p}: "
        "the CO2 Accumulation table now has {after} marks (it had {before}).",
        after,
    ).format(
        transport=transport,
        t=ngettext("{n} CO2 mark", "{n} CO2 marks", from_transport).format(n=from_transport),
        pollution=pollution,
        p=ngettext("{n} CO2 mark", "{n} CO2 marks", from_pollution).format(n=from_pollution),
        before=before,
        after=after,
    )


def _growth_text(r: Sequence[Any]) -> str:
    _k, attractiveness, arrivals, housed, unhappy = r
    text = _("Attractiveness of the city on {square}: {people}.").format(
        square=attractiveness,
        people=ngettext("{n} new person comes", "{n} new people come", arrivals).format(n=arrivals),
    )
    text += " " + ngettext(
        "{n} is drawn on a free Housing space.", "{n} are drawn on free Housing spaces.", housed
    ).format(n=housed)
    if unhappy:
        text += " " + ngettext(
            "{n} finds no home: 1 Unhappy Population mark.",
            "{n} find no home: {n} Unhappy Population marks.",
            unhappy,
        ).format(n=unhappy)
    return text


def _budget_text(r: Sequence[Any]) -> str:
    if r[0] == "start_budget":
        _k, amount, carried, each, aside = r
        text = _("The first year skips steps 1 to 3: the starting budget of {amount} is shared.").format(
            amount=coins(amount)
        )
    else:
        _k, living, amount, carried, each, aside = r
        text = _("Standard of Living on {square}: a budget of {amount}").format(
            square=living, amount=coins(amount)
        )
        if carried:
            text += " " + _("plus {carried} set aside last year").format(carried=coins(carried))
        text += "."
    return (
        text
        + " "
        + _("Each player takes {each}; {aside} set aside for next year.").format(
            each=coins(each), aside=coins(aside)
        )
    )


def _card_reading(r: Sequence[Any], card: str, does: str) -> str:
    kind = r[0]
    if kind == "in_play":
        if not r[2]:
            return _("{card} acts for the last time ({does}) and is discarded.").format(card=card, does=does)
        return ngettext(
            "{card} acts again ({does}); it stays in play for {n} more Event phase.",
            "{card} acts again ({does}); it stays in play for {n} more Event phases.",
            r[2],
        ).format(card=card, does=does, n=r[2])
    if kind == "penalty":
        return _("{card} is still unresolved: its penalty applies ({does}).").format(card=card, does=does)
    if kind == "solutions":
        return ngettext(
            "{n} Solution card joins the table, gray side up ({total} on the table).",
            "{n} Solution cards join the table, gray side up ({total} on the table).",
            r[1],
        ).format(n=r[1], total=r[2])
    if kind == "adopted":
        return _("{card} is fulfilled: its white side is revealed ({does}).").format(card=card, does=does)
    return _("{card} is paid in full: its reward applies ({does}).").format(card=card, does=does)
