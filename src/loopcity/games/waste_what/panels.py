"""What the paper table shows, made from a view alone: each player's space (Cash Box, rent, Skill
cards, Storage), the shared board (round, Event, slots, incinerator, bank, the waste on the table) and
the stage of this round (the Event card, the combo rolls, the CO2 released, a die that decided between
two proposals).

Waste What? keeps no secrets from its players: every panel shows the same things to everyone, the
reader's own space marked ``mine``.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine.text import Card, Panel, _, ngettext


def _cards(n: int) -> str:
    """'5 cards', '1 card'."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _card(c: dict[str, Any]) -> Card:
    """A Waste, Just Waste or Combo card as it lies on the table."""
    facts: tuple[tuple[str, str], ...] = ()
    if c["stored_this_round"]:
        facts = ((_("Stored"), _("this round: dealt with from the next round on")),)
    return Card(c["name"], c["text"], facts)


def _skill(s: dict[str, Any]) -> Card:
    state = _("used this round") if s["used"] else _("free this round")
    return Card(s["name"], _("level {level}, {state}").format(level=s["level"], state=state))


def _player(view: dict[str, Any], p: int) -> Panel:
    me = view["players"][p]
    rows = (
        (_("Cash Box"), _("{n} money").format(n=me["cash"])),
        (_("Rent at the end of the round"), str(me["rent_due"])),
        (_("Storage"), _cards(len(me["storage"]))),
        (_("This round"), _("done") if me["done"] else _("at work")),
    )
    cards = tuple(_skill(s) for s in me["skills"]) + tuple(_card(c) for c in me["storage"])
    return Panel(me["name"], p, rows, cards, mine=view["seat"] == p)


def _slots(cards: list[dict[str, Any]], n: int) -> str:
    names = [c["name"] for c in cards]
    return _("{used} of {n}: {names}").format(used=len(cards), n=n, names=", ".join(names) or "-")


def _board(view: dict[str, Any]) -> Panel:
    ev = view["event"]
    rows = (
        (_("Round"), _("{round} of {rounds}").format(round=view["round"], rounds=view["rounds"])),
        (_("Event"), _("{name}: {text}").format(name=ev["name"], text=ev["text"]) if ev else _("none")),
        (_("CO2 released"), _("{n} of {of}").format(n=view["co2_released"], of=view["co2_tokens"])),
        (_("Burn slots"), _slots(view["burn"], view["burn_slots"])),
        (_("Sell slots"), _slots(view["sell"], view["sell_slots"])),
        (_("Money on the Sell slots"), str(view["sell_money"])),
        (_("Donate slots"), _slots(view["donate"], view["donate_slots"])),
        (_("Recycle Bin"), ", ".join(c["name"] for c in view["recycle_bin"]) or "-"),
        (_("Bank"), _("{n} money").format(n=view["bank"])),
        (_("Waste deck"), _cards(view["deck_count"])),
        (_("Blank Combo cards"), str(view["blank_combos"])),
        (_("Cards reused so far"), str(view["reused"])),
    )
    cards = tuple(_card(c) for c in view["table"])
    notes: tuple[str, ...] = ()
    work = view["work"]
    if work:
        names = ", ".join(c["name"] for c in work["cards"])
        notes += (_("In the work area of {player}: {cards}").format(player=work["by_name"], cards=names),)
    decision = view["decision"]
    if decision:
        notes += (
            _("{player} asks {asked} to agree: {what}").format(
                player=decision["by_name"], asked=decision["asked_name"], what=decision["subject"]
            ),
        )
    return Panel(_("The table"), None, rows, cards, notes=notes)


def panels(view: dict[str, Any]) -> list[Panel]:
    """The shared board first, then each player's space."""
    return [_board(view), *(_player(view, p) for p in range(len(view["players"])))]


def stage(view: dict[str, Any]) -> list[Card]:
    """What happened on stage this round, in order: the Event card, then each roll and CO2 release."""
    out = []
    ev = view["event"]
    if ev:
        out.append(Card(ev["name"], ev["text"], ((_("Event card"), _("round {n}").format(n=view["round"])),)))
    for note in view["stage"]:
        out.append(_staged(note, view))
    return out


def _staged(note: dict[str, Any], view: dict[str, Any]) -> Card:
    if note["kind"] == "combo":
        if note["accepted"]:
            text = _("The die shows {rolled}, more than {n}: the combo is accepted as {name}.")
        else:
            text = _("The die shows {rolled}, not more than {n}: the combo is taken apart.")
        text = text.format(rolled=note["rolled"], n=note["cards"], name=note["text"])
        return Card(_("Combo acceptance roll"), text, ((_("Die"), str(note["rolled"])),))
    if note["kind"] == "co2":
        text = _("The last Burn slot was filled: CO2 token {n} of {of} left the incinerator.").format(
            n=note["cards"], of=view["co2_tokens"]
        )
        return Card(_("CO2 released"), text)
    text = _("The players could not agree. The die shows {rolled}: {chosen}.").format(
        rolled=note["rolled"], chosen=note["said"]
    )
    return Card(_("The die decides"), text, ((_("Die"), str(note["rolled"])),))
