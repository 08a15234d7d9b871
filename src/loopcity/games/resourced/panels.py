"""Players' panels and what is on stage this Round, as pure functions of a view.

Each player's panel shows, as the paper table does, where their Token stands and the cards in their
hand (everything is public in ResourCEd); the table's panel shows the Round, the Waste Pile and its
condition, the Resource Bank, the Social Housing against what the Ring needs, and the limits. The
stage shows this Round's Event die and card with its text, a second die an Event rolled, and the spin
of the turn in progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from loopcity.engine.text import Card, Panel, _, ngettext

from .content import RESOURCES


def _cards(view: dict[str, Any], counts: dict[str, int]) -> str:
    """Cards by Resource word in words, from the view's Resource names."""
    names = view["resource_names"]
    parts = [_("{n} {resource}").format(n=counts[r], resource=names[r]) for r in RESOURCES if counts.get(r)]
    return ", ".join(parts) if parts else _("no cards")


def _place(view: dict[str, Any], cell: int) -> str:
    """Where a Token stands: ``Food Forest, hex 14 (Ring 2)``."""
    c = view["cells"][cell]
    tile = view["names"].get(c["tile"], "")
    if c["tile"] == "bgcs":
        return tile
    words = _("{tile}, hex {cell} (Ring {ring})")
    return words.format(tile=tile, cell=cell, ring=c["ring"])


def panels(view: dict[str, Any]) -> Sequence[Panel]:
    """The table's panel, then each player's, seats counted from 1."""
    return (_table_panel(view), *(_player_panel(view, p) for p in view["players"]))


def seat_panels(view: dict[str, Any]) -> dict[int, Panel]:
    """The panels a seat's view shows otherwise than the spectator's (:attr:`loopcity.engine.GameSpec.
    seat_panels`): the table's, which says what the seat is asked, and the seat's own, marked as its."""
    seat = view["you"]
    return {0: _table_panel(view), 1 + seat: _player_panel(view, view["players"][seat])}


def _table_panel(view: dict[str, Any]) -> Panel:
    names = view["names"]
    waste = _("{n} of {max} ({condition}: a Good Event on 1-{good})").format(
        n=view["waste"], max=view["max_waste"], condition=view["waste_condition"], good=view["good_up_to"]
    )
    if view["good_up_to"] == 0:
        waste = _("{n} of {max} ({condition}: no Good Event)").format(
            n=view["waste"], max=view["max_waste"], condition=view["waste_condition"]
        )
    round_text = (
        _("{n} of {max}").format(n=view["round"], max=view["max_rounds"]) if view["round"] else _("Setup")
    )
    housing = _("{n} in all; Ring {ring} holds {have} of its {need}").format(
        n=view["social_housing"],
        ring=view["ring"],
        have=view["ring_housing"],
        need=view["ring_housing_needed"],
    )
    composter = (
        _("built: Food and Water are Used")
        if view["composter_built"]
        else _("none yet: Food and Water are Wasted")
    )
    pile = view["waste_pile"]
    pile_names = view["resource_names"]
    rows = (
        (_("Round"), round_text),
        (_("Current Ring"), str(view["ring"])),
        (_("Waste Pile"), waste),
        (_("Waste Pile, bottom first"), ", ".join(pile_names[r] for r in pile) if pile else _("empty")),
        (_("Resource Bank"), _cards(view, view["bank"])),
        (names["social_housing"], housing),
        (names["composter"], composter),
        (_("Hand limit"), str(view["hand_limit"])),
        (_("Trade Limit"), str(view["trade_limit"])),
    )
    return Panel(_("The table"), None, rows, notes=tuple(_notes(view)))


def _notes(view: dict[str, Any]) -> list[str]:
    """What the table is in the middle of: a collection, a trade, a question."""
    out = []
    collection = view["collection"]
    if collection is not None and collection["phase"] == "fix":
        pledged = [
            _("{seat}: {n}").format(seat=view["seat_names"][s], n=n)
            for s, n in enumerate(collection["pledged"])
            if n
        ]
        out.append(
            _("Pledged for {fix}: {pledged}; {left} more needed.").format(
                fix=collection["fix"], pledged=", ".join(pledged) or _("nothing yet"), left=collection["left"]
            )
        )
    trade = view["trade"]
    if trade is not None:
        if trade["offered"]:
            words = _("Trade offered to {partner}: {trade}.")
        else:
            words = _("Trade being put together with {partner}: {trade}.")
        out.append(words.format(partner=view["seat_names"][trade["with"]], trade=trade["text"]))
    if view["decision"] is not None:
        out.append(view["decision"]["subject"])
    out.append(view["prompt"])
    return out


def _player_panel(view: dict[str, Any], p: dict[str, Any]) -> Panel:
    seat = p["seat"]
    flags = []
    if p["skips_turn"]:
        flags.append(_("skips this turn (no Water or Food for the Event)"))
    if p["smoke"]:
        flags.append(_("Bushfire Smoke: moves 1 less next turn"))
    title = p["name"]
    if seat == view["turn_seat"] and view["in_turn"]:
        title = _("{seat} — their turn").format(seat=title)
    rows = (
        (_("On"), _place(view, p["cell"])),
        (
            _("Hand"),
            _("{cards} ({n} of {limit})").format(
                cards=_cards(view, p["hand"]), n=p["cards"], limit=view["hand_limit"]
            ),
        ),
    )
    return Panel(title, seat, rows, mine=view["you"] == seat, notes=tuple(flags))


def stage(view: dict[str, Any]) -> Sequence[Card]:
    """What happened on stage this Round: the Event die and card, a second die, the current spin."""
    out = []
    if view["event_die"]:
        odds = view["event_odds"]
        if not odds:
            words = _("{roll}: no Good number at the roll, so a Bad Event is drawn")
        elif view["event_good"]:
            words = _("{roll}: Good on 1-{odds} at the roll, so a Good Event is drawn")
        else:
            words = _("{roll}: Good on 1-{odds} at the roll, so a Bad Event is drawn")
        out.append(Card(_("Event die"), words.format(roll=view["event_die"], odds=odds)))
    if view["event"]:
        pile = _("Good Event") if view["event_good"] else _("Bad Event")
        out.append(Card(view["event_name"], view["event_text"], ((_("Pile"), pile),)))
    if view["event_roll"]:
        out.append(
            Card(
                _("Trash Pickup Day die"),
                ngettext(
                    "{n} Waste card Recycled at most", "{n} Waste cards Recycled at most", view["event_roll"]
                ).format(n=view["event_roll"]),
            )
        )
    if view["in_turn"] and view["spin"]:
        words = ngettext(
            "{seat} spun {spin}: may move up to {moves} tile",
            "{seat} spun {spin}: may move up to {moves} tiles",
            view["moves"],
        )
        text = words.format(
            seat=view["seat_names"][view["turn_seat"]], spin=view["spin"], moves=view["moves"]
        )
        out.append(Card(_("Spinner"), text))
    return out
