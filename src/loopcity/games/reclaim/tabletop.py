"""What lies on the paper table, for front ends: each player's panel, the city's panel and the face-up
cards (:func:`panels`), what happened on stage this round (:func:`stage_cards`) — pure functions of
a view — and the game's reference, generated from its content (:func:`reference`): prices, what
each transportation carries, conversions, limits, dice, Cost cards, Hidden agendas, every
Infrastructure card with its symbols, every Event card, scoring and the losing conditions.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine.text import Card, Drawn, Panel, Section, Table, _, ngettext

from .content import ReclaimContent
from .events import effect_text
from .words import (
    agenda_text,
    content_text,
    decision_title,
    money,
    resource_name,
    role_name,
    symbol_name,
    symbols_text,
    terrain_name,
)


# ----- panels -------------------------------------------------------------------------------------------
def panels(view: dict[str, Any]) -> list[Panel]:
    """The city's panel, each player's panel (one's own Hidden agenda and score only in one's own
    view), and the Infrastructure cards face up."""
    out = [_city(view)]
    out += [_player(view, s) for s in range(len(view["seat_names"]))]
    out.append(_face_up(view))
    return out


def seat_panels(view: dict[str, Any]) -> dict[int, Panel]:
    """The one panel a seat's view shows otherwise than the spectator's: its own, with its Hidden
    agenda and score (:attr:`loopcity.engine.GameSpec.seat_panels`; the city's panel comes first)."""
    return {1 + view["seat"]: _player(view, view["seat"])}


def _city(v: dict[str, Any]) -> Panel:
    costs = v["costs"]
    water = [h for h in v["hexes"] if h["terrain"] == "water"]
    rows = [
        (_("Round"), _("{round} of {rounds}").format(round=v["round"], rounds=v["rounds"])),
        (_("City budget"), money(v["city"])),
        (_("Food import due"), money(v["food_import_due"])),
        (
            _("Disease on the board"),
            _("{n} ({limit} loses)").format(n=v["disease_total"], limit=v["disease_limit"]),
        ),
        (
            _("Waste in the Water"),
            ", ".join(
                _("hex {n}: {w} of {limit}").format(
                    n=h["id"],
                    w=h["res"].get("mixed", 0) + h["res"].get("separated", 0),
                    limit=v["max_per_hex"],
                )
                for h in water
            )
            or "-",
        ),
        (_("Vaccination"), _("{price} per Disease").format(price=money(costs["vaccination"]))),
        (_("Import Food"), _("{price} per Food").format(price=money(costs["food"]))),
        (_("Import NPK"), _("{price} per NPK").format(price=money(costs["npk"]))),
        (_("Dump Waste in the Water"), _("{price} per Waste").format(price=money(costs["dump"]))),
        (_("Event cards left"), str(v["events_left"])),
    ]
    notes = []
    if v["food_short"]:
        notes.append(
            ngettext(
                "The City budget lacks {short} for the Food import: {n} Housing block goes hungry unless "
                "players add coins.",
                "The City budget lacks {short} for the Food import: {n} Housing blocks go hungry unless "
                "players add coins.",
                v["hungry_if_closed"],
            ).format(short=money(v["food_short"]), n=v["hungry_if_closed"])
        )
    if v["dump"] >= 0:
        notes.append(_("The Dump for Sludge is hex {n}.").format(n=v["dump"]))
    return Panel(_("The city"), None, tuple(rows), (), False, tuple(notes))


_CARDS: Drawn[Card] = Drawn()
"""Infrastructure cards as written before, by all they are written from: every seat's panels show the
same cards, move after move."""
_card = _CARDS.get


def _infrastructure_card(card: dict[str, Any]) -> Card:
    return _card(
        ("held", card["name"], card["level"], *card["symbols"]),
        lambda: Card(
            content_text(card["name"]),
            symbols_text(card["symbols"]),
            ((_("level"), str(card["level"])), (_("symbols"), symbols_text(card["symbols"]))),
        ),
    )


def _player(v: dict[str, Any], s: int) -> Panel:
    mine = v["seat"] == s
    rows = [
        (_("Role"), role_name(v["roles"][s])),
        (_("Coins"), money(v["coins"][s])),
        (_("Infrastructure cards"), str(len(v["cards"][s]))),
        (_("Level points"), str(v["level_points"][s])),
    ]
    if v["phase"] == "politics":
        rows.append((_("Political decisions"), _("done") if v["done"][s] else _("still deciding")))
    if mine:
        rows.append((_("Your Hidden agenda"), agenda_text(v["my_agenda"])))
        rows.append((_("Your score now"), str(v["my_score"])))
    if v["phase"] == "over":
        rows.append((_("Hidden agenda"), agenda_text(v["agendas"][s])))
        rows.append((_("Score"), str(v["scores"][s])))
    cards = [_infrastructure_card(c) for c in v["cards"][s]]
    cards += [
        Card(
            content_text(e["title"]), content_text(e["text"]), ((_("kept Event card"), role_name(e["role"])),)
        )
        for e in v["kept"][s]
    ]
    return Panel(v["seat_names"][s], s, tuple(rows), tuple(cards), mine)


def _face_up(v: dict[str, Any]) -> Panel:
    cards = []
    for pile, shown in v["face_up"].items():
        for card in shown:
            left = v["pile_left"][pile]
            cards.append(
                _card(
                    ("face up", card["name"], card["level"], left, *card["symbols"]),
                    lambda card=card, left=left: Card(  # type: ignore[misc]
                        content_text(card["name"]),
                        symbols_text(card["symbols"]),
                        (
                            (_("level"), str(card["level"])),
                            (_("symbols"), symbols_text(card["symbols"])),
                            (_("left in the pile"), str(left)),
                        ),
                    ),
                )
            )
    return Panel(_("Infrastructure cards face up"), None, (), tuple(cards))


# ----- the stage ------------------------------------------------------------------------------------------
def stage_cards(view: dict[str, Any]) -> list[Card]:
    """What happened on stage this round, as cards with their text: Event cards drawn, kept or
    played and what they did; the dice rolled and what they did (a plant's conversion dice together);
    the last round's Food import and disease control until this round's come."""
    out: list[Card] = []
    names = view["seat_names"]
    lines = view["on_stage"]
    i = 0
    while i < len(lines):
        x = lines[i]
        if x["what"] == "conversion":
            run = [x]
            while (
                i + 1 < len(lines)
                and lines[i + 1]["what"] == "conversion"
                and lines[i + 1]["hex"] == x["hex"]
            ):
                i += 1
                run.append(lines[i])
            out.append(_conversion(run))
        else:
            out.append(_one(x, names, view["round"]))
        i += 1
    return out


def _event(x: dict[str, Any], names: list[str]) -> Card:
    how = x["how"]
    who = names[x["seat"]] if x["seat"] is not None else ""
    said = {
        "applied": _("Applied at once."),
        "kept": _("{seat} keeps it to play later.").format(seat=who),
        "played": _("Played by {seat}.").format(seat=who),
        "waiting": _("Drawn while the players decide together: it applies at the start of the coming round."),
    }[how]
    if how in ("applied", "played"):
        done = effect_text(x["effect"], x["hexes"])
        if done:
            said += " " + done[:1].upper() + done[1:]
    kind = _("negative") if x["kind"] == "negative" else _("positive")
    facts = [(_("Event card"), kind)]
    if x["role"]:
        facts.append((_("for the role"), role_name(x["role"])))
    return Card(
        content_text(x["title"]),
        _("{text} — {said}").format(text=content_text(x["text"]), said=said),
        tuple(facts),
    )


def _conversion(run: list[dict[str, Any]]) -> Card:
    ok = sum(1 for x in run if x["success"])
    failed = [x for x in run if not x["success"]]
    water = ", ".join(str(x["water"]) for x in failed if x["water"] is not None)
    faces = " ".join("✓" if x["success"] else "⚠" for x in run)
    text = ngettext("{faces}: {ok} Waste became Sludge.", "{faces}: {ok} Waste became Sludge.", ok).format(
        faces=faces, ok=ok
    )
    if failed:
        text += " " + ngettext(
            "{n} failed and ran into the Water ({water}).",
            "{n} failed and ran into the Water ({water}).",
            len(failed),
        ).format(n=len(failed), water=water or _("no room: it stayed"))
    title = _("Conversion die at the level 0 plant on hex {hex}").format(hex=run[0]["hex"])
    return Card(title, text, ((_("dice"), str(len(run))),))


def _one(x: dict[str, Any], names: list[str], now: int) -> Card:
    what = x["what"]
    if what == "event":
        return _event(x, names)
    if what == "sludge":
        title = _("Disease die for Sludge on the Farm on hex {hex}").format(hex=x["hex"])
        text = _("✓: the Sludge became Food.") if x["success"] else _("☣: the Sludge became 1 Disease.")
        return Card(title, text)
    when = _("last round") if x["round"] < now else _("this round")
    if what == "control":
        title = _("Disease control on hex {hex} ({when})").format(hex=x["hex"], when=when)
        text = ngettext(
            "{dice} die rolled for the Waste there: {n} Disease.",
            "{dice} dice rolled for the Waste there: {n} Disease.",
            x["dice"],
        ).format(dice=x["dice"], n=x["diseases"])
        return Card(title, text)
    title = _("Food import ({when})").format(when=when)
    if x["hungry"]:
        text = ngettext(
            "{food} Food imported for {coins} from the City budget; {hungry} Housing block hungry.",
            "{food} Food imported for {coins} from the City budget; {hungry} Housing blocks hungry.",
            x["hungry"],
        )
    else:
        text = _("{food} Food imported for {coins} from the City budget; no Housing block hungry.")
    text = text.format(food=x["food"], coins=money(x["coins"]), hungry=x["hungry"])
    return Card(title, text)


# ----- the reference --------------------------------------------------------------------------------------
def reference(c: ReclaimContent) -> list[Section]:
    """Everything a player looks up on the paper table, from the content."""
    return [
        _builds(c),
        _transport(c),
        _conversions(c),
        _limits(c),
        _costs(c),
        _agendas(c),
        _piles(c),
        _events(c),
        _scoring(c),
    ]


def _builds(c: ReclaimContent) -> Section:
    contractor = dict(c.contractor_prices.table)
    piles = {p.id: p for p in c.piles}
    rows = [
        (
            _(b.text),
            role_name(b.role),
            money(b.price),
            money(contractor.get(b.price, b.price)),
            _(piles[b.pile].name),
        )
        for b in c.builds
    ]
    rows += [
        (
            _(t.text),
            _("any role"),
            money(t.price),
            money(contractor.get(t.price, t.price)),
            _(piles[t.id].name),
        )
        for t in c.transports
    ]
    return Section(
        _("Build actions"),
        _(
            "Each player can make up to {n} build actions per turn. Each role builds its own kind and any "
            "transportation; the Independent contractor does every build action at a higher price. Every "
            "build gives an Infrastructure card of the matching pile."
        ).format(n=c.rules.builds_per_turn),
        (
            Table(
                (_("Build action"), _("Role"), _("Price"), _("Contractor's price"), _("Card taken")),
                tuple(rows),
            ),
        ),
    )


def _transport(c: ReclaimContent) -> Section:
    rows = tuple(
        (
            _(next(p.name for p in c.piles if p.id == t.id)),
            _(t.colour),
            ", ".join(resource_name(r) for r in t.carries),
        )
        for t in c.transports
    )
    return Section(
        _("Transportation"),
        _(
            "Resources move through any number of hexagons along connected transportation of their kind. "
            "Transportation joins neighbouring Urban or Rural hexagons; nothing is built on Water, Wetland "
            "or Mountain."
        ),
        (Table((_("Transportation"), _("Colour"), _("Carries")), rows),),
    )


def _conversions(c: ReclaimContent) -> Section:
    housing = tuple(
        (
            _("Housing block, level {level}").format(level=h.level),
            _("1 Food"),
            _("1 {res}").format(res=resource_name(h.makes)),
            "",
        )
        for h in c.housing
    )
    conv = c.dice.conversion
    plants = tuple(
        (
            _("Treatment plant, level {level}").format(level=p.level),
            " / ".join(resource_name(t) for t in p.takes),
            _("1 {res} each, up to {n} a round").format(res=resource_name(p.makes), n=p.capacity),
            _("conversion die: fails {k} in {n} (the Waste goes into the Water)").format(
                k=conv.count("warning"), n=len(conv)
            )
            if p.die
            else "",
        )
        for p in c.plants
    )
    dis = c.dice.disease
    farms = tuple(
        (
            _("Farm, level {level}").format(level=f.level),
            _("NPK or Sludge"),
            _("1 Food each, up to {n} a round").format(n=f.capacity),
            _("Sludge: the disease die makes Disease {k} in {n}").format(k=dis.count("disease"), n=len(dis)),
        )
        for f in c.farms
    )
    return Section(
        _("Conversions"),
        _(
            "Housing blocks eat Food and make Waste; Treatment plants turn Waste into Sludge or NPK; Farms "
            "turn NPK (or Sludge, with a risk) into Food."
        ),
        (Table((_("Where"), _("Takes"), _("Makes"), _("Die")), housing + plants + farms),),
    )


def _limits(c: ReclaimContent) -> Section:
    r = c.rules
    rows = (
        (_("Housing blocks on an Urban hexagon"), str(r.max_blocks_per_hex)),
        (_("Resources of one type on a hexagon (not the Dump)"), str(r.max_resource_per_hex)),
        (_("Treatment plants on an Urban hexagon"), str(r.max_plants_per_hex)),
        (_("Farms on a Rural hexagon"), str(r.max_farms_per_hex)),
        (_("Sludge stored at a plant's hexagon"), str(r.max_sludge_at_plant)),
        (_("Housing blocks for each new block before the next round"), str(r.growth_per_blocks)),
        (_("Rounds"), str(r.rounds)),
        (_("Each player's coins, every round"), money(r.player_coins)),
        (_("City budget, every round"), money(r.city_coins)),
    )
    return Section(_("Limits and money"), "", (Table((_("Limit"), _("Value")), rows),))


def _costs(c: ReclaimContent) -> Section:
    rows = tuple(
        (
            decision_title(card.id),
            _("{low} to {high}").format(low=money(card.low), high=money(card.high)),
            ", ".join(money(v) for v in card.values),
        )
        for card in c.cost_cards
    )
    t = c.table
    return Section(
        _("Political decisions and Cost cards"),
        _(
            "After all players have taken their turn, all players decide together; every decision is paid "
            "from the City budget, and players may add coins of their own first (in one step: {fund}, what "
            "the Food import lacks, an even share of it, or {steps}). A decision passes with a majority of "
            "all players (a tie rejects it); a proposal the table rejected may not be put again the same "
            "round. The Food import comes first: Food for every Housing block without Food is paid from the "
            "City budget as the decisions open, and the first coins players add pay what it still lacks; "
            "nothing else can be proposed until it is paid. What is still owed when everyone is done "
            "leaves people hungry, and the city is lost. The Cost cards change after every round."
        ).format(
            fund=money(t.fund_step),
            steps=", ".join(money(x) for x in t.contribution_steps) or "-",
        ),
        (Table((_("Decision"), _("Cost card range"), _("Cost cards in the pile")), rows),),
    )


def _agendas(c: ReclaimContent) -> Section:
    cards = tuple(
        Card(agenda_text(a.symbols), "", ((_("symbols"), symbols_text(a.symbols)),), a.source)
        for a in c.agendas
    )
    return Section(
        _("Hidden agendas"),
        _(
            "Each player keeps a Hidden agenda all game: one extra point for each matching symbol on their cards."
        ),
        cards=cards,
    )


def _piles(c: ReclaimContent) -> Section:
    cards = []
    for pile in c.piles:
        for i, symbols in enumerate(pile.cards):
            cards.append(
                Card(
                    _("{pile} #{n}").format(pile=_(pile.name), n=i + 1),
                    symbols_text(symbols),
                    ((_("level"), str(pile.level)), (_("symbols"), symbols_text(symbols))),
                    pile.source,
                )
            )
    return Section(
        _("Infrastructure cards"),
        _(
            "Symbols: {symbols}. A card is worth its level, plus one for each symbol of your Hidden agenda."
        ).format(symbols=", ".join(symbol_name(s) for s in ("environment", "economy", "joy", "public_good"))),
        cards=tuple(cards),
    )


def _events(c: ReclaimContent) -> Section:
    cards = []
    for e in c.events:
        facts = [(_("kind"), _("negative: applies at once") if e.kind == "negative" else _("positive: kept"))]
        if e.role:
            facts.append((_("given to"), role_name(e.role)))
        cards.append(Card(_(e.title), _(e.text), tuple(facts), e.source))
    return Section(
        _("Event cards"),
        _(
            "An Event card is drawn when the timer rings. Negative cards apply at once; positive cards go "
            "to the player of the role they name, who plays them later on their own turn, or in the "
            "Political decisions when they help there. A card drawn while the players decide together "
            "applies at the start of the coming round."
        ),
        cards=tuple(cards),
    )


def _scoring(c: ReclaimContent) -> Section:
    r = c.rules
    terrain = ", ".join(terrain_name(t) for t in ("urban", "rural", "water", "wetland", "mountain"))
    return Section(
        _("Winning and losing"),
        _(
            "The players lose together when, after disease control (one disease die for each Waste left on "
            "land and for each Water hexagon holding {limit} Waste), every Water hexagon holds {limit} Waste, "
            "there are {disease} or more Disease on the board, or a Housing block has no Food. Otherwise, "
            "after {rounds} rounds, the player with the most points wins. Hexagons: {terrain}."
        ).format(limit=r.max_resource_per_hex, disease=r.disease_limit, rounds=r.rounds, terrain=terrain),
    )
