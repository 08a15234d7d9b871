"""The table as people see it, from a view alone: each player's panel (``GameSpec.panels``) and what is
on stage this round (``GameSpec.stage``): the Crisis and Huat tiles drawn, with what they did, and
the effects still running."""

from __future__ import annotations

from typing import Any

from loopcity.engine.text import Card, Panel

from .catalogue import _, ngettext
from .render import effect_lines
from .words import loss_words

RESOURCES = ("fuel", "food", "water")


def _resource(r: str) -> str:
    return {"fuel": _("Fuel"), "food": _("Food"), "water": _("Water")}[r]


def panels(view: dict[str, Any]) -> list[Panel]:
    """The table's panel (the Resource Pool, the deck, the Crises, what is being decided), then one
    panel per player (Superpower, token, hand, harvests), seats counted from 1."""
    return [_table_panel(view), *(_player_panel(view, pl) for pl in view["players"])]


def _table_panel(view: dict[str, Any]) -> Panel:
    a, u = view["available"], view["used"]
    rows: list[tuple[str, str]] = []
    if view["first_player"] is not None:
        first = view["players"][view["first_player"]]["name"]
        rows.append(
            (_("Round"), _("{round} (each round starts with {seat})").format(round=view["round"], seat=first))
        )
        if view["phase"] != "over":
            rows.append((_("Turn"), view["players"][view["turn"]]["name"]))
    for r in RESOURCES:
        rows.append((_resource(r), _("{n} Available, {u} Used").format(n=a[r], u=u[r])))
    rows += [
        (_("Farms"), str(view["farms"])),
        (_("Crises survived"), _("{n} of {m}").format(n=view["crises_drawn"], m=view["crises_to_win"])),
        (
            _("Draw deck"),
            ngettext("{n} tile", "{n} tiles", view["deck_size"]).format(n=view["deck_size"]),
        ),
        (
            _("Discard Pile"),
            ngettext("{n} tile", "{n} tiles", len(view["discard_pile"])).format(n=len(view["discard_pile"])),
        ),
        (
            _("Building costs now"),
            _(
                "Rotate {rotate} Fuel; Replace with a road {road} Fuel, with a Green Space {green} Fuel"
            ).format(
                rotate=view["costs"]["rotate"],
                road=view["costs"]["replace_road"],
                green=view["costs"]["replace_green"],
            ),
        ),
        (_("Score"), str(view["score"])),
    ]
    supply = view["supply"]
    rows.append(
        (
            _("Token supply"),
            _("Sugar Cane {s}, Sweet Potato {p}, Water Catchment {w}, Rainwater {r}, Compost {c}").format(
                s=supply["sugarcane"],
                p=supply["sweetpotato"],
                w=supply["catchment"],
                r=supply["rainwater"],
                c=supply["compost"],
            ),
        )
    )
    notes = [*effect_lines(view), *_decision_notes(view)]
    if view["result"]:
        notes.append(
            _("The team won.")
            if view["result"] == "won"
            else _("The team lost: {why}.").format(why=loss_words(view["result"]))
        )
    return Panel(_("The table"), None, tuple(rows), (), False, tuple(notes))


def _decision_notes(view: dict[str, Any]) -> list[str]:
    """What the table is deciding, and the proposals it turned down."""
    out = [
        _("Turned down: {by} proposed {first} to start ({yes} voted yes).").format(
            by=p["by_name"], first=p["first_name"], yes=p["yes"]
        )
        for p in view["proposals"]
    ]
    d = view["decision"]
    if d:
        votes = ", ".join(
            _("{seat}: {vote}").format(
                seat=view["players"][int(s)]["name"], vote=_("yes") if v == "yes" else _("no")
            )
            for s, v in d["votes"].items()
        )
        out.append(
            _("Being decided: {question} ({rule}).").format(question=d["subject"], rule=d["rule_text"])
        )
        if votes:
            out.append(_("Answers so far: {votes}.").format(votes=votes))
    return out


def _player_panel(view: dict[str, Any], pl: dict[str, Any]) -> Panel:
    seat = pl["seat"]
    rows = [
        (_("Superpower"), pl["power_name"]),
        (_("Token on"), pl["place"] or _("not placed yet")),
        (_("Hand (face up)"), ", ".join(pl["hand_names"]) or _("empty")),
    ]
    if pl["harvest"]:
        rows.append(
            (
                _("Harvest carried"),
                ", ".join(
                    ngettext("{crop} ({n} token)", "{crop} ({n} tokens)", h[1]).format(crop=name, n=h[1])
                    for name, h in zip(pl["harvest_names"], pl["harvest"], strict=True)
                ),
            )
        )
    if view["phase"] not in ("place", "propose", "vote", "over") and view["turn"] == seat:
        rows.append((_("Actions left"), str(view["actions_left"])))
    cards = [Card(pl["power_name"], pl["power_text"], ((_("Superpower"), _("use it on your own turn")),))]
    names = view["names"]["tiles"]
    cards += [Card(names.get(k, k), _("In the hand: lay it with Replace.")) for k in pl["hand"]]
    return Panel(pl["name"], seat, tuple(rows), tuple(cards), view["seat"] == seat, ())


def stage(view: dict[str, Any]) -> list[Card]:
    """The Crisis and Huat tiles drawn in the last round as cards (their text, who drew them, and what
    they changed), the effects still running, and the game's end."""
    cards = [_stage_card(e) for e in view["stage"]]
    cards += [Card(_("In effect"), line) for line in effect_lines(view)]
    if view["result"]:
        won = view["result"] == "won"
        text = _("The team survived the last Crisis.") if won else loss_words(view["result"])
        cards.append(Card(_("The team wins") if view["result"] == "won" else _("The team loses"), text))
    return cards


def _stage_card(e: dict[str, Any]) -> Card:
    if e["crisis"]:
        title = _("Crisis {n}: {name}").format(n=e["number"], name=e["name"])
    else:
        title = _("Huat tile: {name}").format(name=e["name"])
    facts = [(_("Drawn by"), _("{seat}, round {round}").format(seat=e["seat_name"], round=e["round"]))]
    for r in RESOURCES:
        if e["before"][r] != e["after"][r]:
            facts.append(
                (
                    _resource(r),
                    _("{before} → {after} Available").format(before=e["before"][r], after=e["after"][r]),
                )
            )
    for key, what in (("crops", _("Crops on the board")), ("farms", _("Farms"))):
        before, after = e[key]
        if before != after:
            facts.append((what, _("{before} → {after}").format(before=before, after=after)))
    return Card(title, e["text"], tuple(facts))
