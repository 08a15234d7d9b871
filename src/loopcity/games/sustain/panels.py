"""The players' panels and the stage of a SUSTAIN view: what the paper table shows, in words.

Both are pure functions of a view. A panel per player (their Department sheet, Coins, points and
end-of-game bonus; everything in SUSTAIN lies open on the table), one for the city (the Indicators
Board, the budget, the cards on the table) and one for the Department sheets nobody runs. The stage
is this year read aloud, step by step: the indicators adjusted (step 1), people arriving (step 2),
the budget shared (step 3), the cards in play and the Event cards drawn (step 4), the Solution cards
dealt (step 5), and the Solutions adopted and REQUESTs resolved while investing (step 7). A view
carries names and texts from content in English; they go through ``_`` here.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine.text import Card, Panel, _, ngettext

from .words import (
    building_does,
    coins,
    content_text,
    effects_text,
    end_bonus_text,
    indicator_name,
    place_name,
    reading_text,
    reading_title,
    seat_name,
    white_side_text,
)

View = dict[str, Any]


def player_name(view: View, seat: int) -> str:
    """``Seat 2 (Mobility)`` from a view."""
    return seat_name(seat, view["players"][seat]["department_name"])


# ----- panels --------------------------------------------------------------------------------------
def panels(view: View) -> list[Panel]:
    """A panel for each player, the city's panel, and the Department sheets open to everyone."""
    out = [_player_panel(view, p) for p in view["players"]]
    out.append(_city_panel(view))
    open_sheets = [d for d in view["departments"] if d["open"]]
    if view["phase"] == "departments":
        out.append(
            Panel(
                _("Department sheets still free"),
                cards=tuple(_space_card(view, d, s) for d in open_sheets for s in d["spaces"]),
                notes=tuple(
                    _("{department}: {bonus}").format(
                        department=content_text(d["name"]),
                        bonus=end_bonus_text(d["end_bonus"]["measure"], d["end_bonus"]["divisor"]),
                    )
                    for d in open_sheets
                ),
            )
        )
    elif open_sheets:
        out.append(
            Panel(
                _("Department sheets nobody runs (anyone may invest on their Buildings)"),
                cards=tuple(_space_card(view, d, s) for d in open_sheets for s in d["spaces"]),
                notes=tuple(
                    _("{department}: points written here count for nobody.").format(
                        department=content_text(d["name"])
                    )
                    for d in open_sheets
                ),
            )
        )
    return out


def _player_panel(view: View, p: dict[str, Any]) -> Panel:
    seat = p["seat"]
    if p["department"] is None:
        return Panel(
            _("Seat {n}").format(n=seat + 1),
            seat=seat,
            rows=((_("Department"), _("not chosen yet")), (_("Coins"), str(p["coins"]))),
            mine=seat == view["seat"],
        )
    dept = next(d for d in view["departments"] if d["id"] == p["department"])
    bonus = dept["end_bonus"]
    rows = [
        (_("Department"), content_text(p["department_name"])),
        (_("Coins"), str(p["coins"])),
        (_("Points written on the sheet"), str(p["points"])),
        (_("Score if the game ended now"), str(p["score"])),
        (_("End-of-game bonus"), end_bonus_text(bonus["measure"], bonus["divisor"])),
    ]
    if seat == view["first_player"]:
        rows.append((_("First Player token"), _("holds it ({card})").format(card=view["first_player_token"])))
    rows.append((_("This year"), _status(view, p)))
    return Panel(
        _("Seat {n}: {department}").format(n=seat + 1, department=content_text(p["department_name"])),
        seat=seat,
        rows=tuple(rows),
        cards=tuple(_space_card(view, dept, s) for s in dept["spaces"]),
        mine=seat == view["seat"],
    )


def _status(view: View, p: dict[str, Any]) -> str:
    """Where a player stands in the year's steps."""
    phase, seat = view["phase"], p["seat"]
    if phase == "over":
        return _("the game is over")
    if phase == "departments":
        return _("choosing a Department sheet") if seat == view["turn"] else _("setup")
    if phase == "discussion":
        return _("done talking") if p["passed"] else _("still talking")
    if p["passed"]:
        return _("passed for the rest of the year")
    return _("investing now") if seat == view["turn"] else _("still investing")


def _space_card(view: View, dept: dict[str, Any], s: dict[str, Any]) -> Card:
    """An investment space of a Department sheet: the Building, what it does, its cost and points."""
    building = view["buildings"][s["building"]]
    return Card(
        content_text(s["name"]),
        building_does(building),
        facts=(
            (_("Sheet"), content_text(dept["name"])),
            (_("Cost"), coins(s["cost"])),
            (_("On it"), coins(s["invested"])),
            (_("Points"), str(s["points"])),
            (_("Where"), place_name(s["where"])),
        ),
    )


def _city_panel(view: View) -> Panel:
    """The Indicators Board, the budget, the City Map's figures and the cards on the table."""
    ind, m = view["indicators"], view["map"]
    top = ind["top"]
    rows = [
        (_("Year"), str(view["round"]) + (" " + _("(the last)") if view["final_year"] else "")),
        (_("First player"), player_name(view, view["first_player"])),
    ]
    for key in ("standard_of_living", "attractiveness", "sustainable_transport", "pollution"):
        rows.append(
            (indicator_name(key), _("on square {square} (of 0 to {top})").format(square=ind[key], top=top))
        )
    rows += [
        (
            indicator_name("unhappy"),
            _("{marks} of {squares} squares marked (all marked: everyone loses)").format(
                marks=ind["unhappy"], squares=ind["unhappy_squares"]
            ),
        ),
        (
            indicator_name("co2"),
            _("{marks} of {squares} squares marked (all marked: everyone loses)").format(
                marks=ind["co2"], squares=ind["co2_squares"]
            ),
        ),
        (_("Next year's budget"), _next_budget(ind)),
        (
            _("Next year's step 1"),
            _("CO2 Accumulation +{marks} at today's transport and Pollution").format(
                marks=ind["co2_per_year"]
            ),
        ),
        (
            _("Next year's step 2"),
            ngettext(
                "{n} new person at today's Attractiveness",
                "{n} new people at today's Attractiveness",
                ind["growth_per_year"],
            ).format(n=ind["growth_per_year"]),
        ),
        (
            _("Population"),
            _("{people}; {free} free Housing spaces").format(people=m["population"], free=m["housing_free"]),
        ),
        (
            _("City Map"),
            ngettext(
                "{n} free big square (all built: everyone loses)",
                "{n} free big squares (all built: everyone loses)",
                m["free_squares"],
            ).format(n=m["free_squares"]),
        ),
        (_("Decks"), _("{events} Event cards, {solutions} Solution cards").format(**view["decks"])),
    ]
    cards = [_gray_card(c) for c in view["solutions"]] + [_request_card(r) for r in view["requests"]]
    if view["deck_top"] is not None:
        cards.append(_deck_top_card(view["deck_top"]))
    cards += [_lasting_card(c) for c in view["lasting"]]
    return Panel(_("The city"), rows=tuple(rows), cards=tuple(cards))


def _next_budget(ind: dict[str, Any]) -> str:
    return _("{budget} (Standard of Living on {square}) plus {reserve} set aside").format(
        budget=coins(ind["next_budget"]), square=ind["standard_of_living"], reserve=coins(ind["reserve"])
    )


def _gray_card(c: dict[str, Any]) -> Card:
    """A Solution card on the table, gray side up."""
    return Card(
        _("Solution card {n}: {plan}").format(n=c["card"], plan=content_text(c["title"])),
        content_text(c["text"]),
        facts=((_("Cost"), coins(c["cost"])), (_("On it"), coins(c["invested"]))),
    )


def _deck_top_card(c: dict[str, Any]) -> Card:
    """The Solution deck's top card, gray side up as the rulebook stacks the deck."""
    return Card(
        _("Solution deck, top card: {plan}").format(plan=content_text(c["title"])),
        content_text(c["text"]),
        facts=((_("Cost"), coins(c["cost"])),),
    )


def _request_card(r: dict[str, Any]) -> Card:
    return Card(
        _("REQUEST {card}: {title}").format(card=r["id"], title=content_text(r["title"])),
        content_text(r["text"]),
        facts=(
            (_("Cost"), coins(r["cost"])),
            (_("On it"), coins(r["invested"])),
            (_("Until resolved, each Event phase"), effects_text(r["penalty"])),
            (_("Resolved"), effects_text(r["reward"])),
        ),
    )


def _lasting_card(c: dict[str, Any]) -> Card:
    return Card(
        _("In play: {card} {title}").format(card=c["id"], title=content_text(c["title"])),
        content_text(c["text"]),
        facts=(
            (_("Event phases left"), str(c["years_left"])),
            (_("Each Event phase"), effects_text(c["effects"])),
        ),
    )


# ----- the stage ---------------------------------------------------------------------------------------
def stage(view: View) -> list[Card]:
    """This year on stage, in the order the table reads it aloud."""
    first = player_name(view, view["first_player"])
    readings = view["this_year"]
    out = [_reading_card(r, first) for r in readings if r["step"] < 4]
    out += [_reading_card(r, first) for r in readings if r["step"] == 4]
    out += [
        Card(
            _("Step 4: Event {card} {title}").format(card=e["id"], title=content_text(e["title"])),
            content_text(e["text"]),
        )
        for e in view["events_this_year"]
    ]
    out += [_reading_card(r, first) for r in readings if r["step"] > 4]
    return out


def _reading_card(r: dict[str, Any], first: str) -> Card:
    card = r.get("card")
    kind = r["kind"]
    title = reading_title(kind)
    name = ""
    facts: tuple[tuple[str, str], ...] = ()
    does = ""
    if card is not None and kind == "adopted":
        name = _("{title} ({plan})").format(
            title=content_text(card["title"]), plan=content_text(card["plan"])
        )
        does = white_side_text(card)
        facts = ((_("White side"), does),)
    elif card is not None:
        name = _("{card} {title}").format(card=card["id"], title=content_text(card["title"]))
        does = effects_text(card["effects"])
        facts = ((_("Effect"), does),)
    return Card(title, reading_text([kind, *r["values"]], first, name, does), facts=facts)
