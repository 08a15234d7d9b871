"""ResourCEd's reference, generated from content: what a player looks up on the paper table.

The cost key of the board (every tile, Recycler and Upgrade: its crafting cost, where it goes and
what it gives), the production table, the Upgrades with their Operations and Effects, the Recycler
table, the Waste table, every Event card, the Social Housing Upkeep, the turn, trading and the hand
limit, the Progression, and how the table decides together. It follows content edits: a designer
who changes a cost in ``content.toml`` reads the new cost here.
"""

from __future__ import annotations

from collections.abc import Sequence

from loopcity.engine.text import Card, Section, Table, _, ngettext

from .content import TILE_IDS, UPGRADE_IDS, Content, Tables
from .words import cards, effect_text, named, operation_text, resource, where_text


def reference(content: Content) -> Sequence[Section]:
    """The reference of a game with ``content``."""
    t = Tables(content)
    return (
        _costs(t),
        _production(t),
        _upgrades(t, content),
        _recycler(t),
        _waste(content),
        _events(content),
        _round(t),
        _turn(t),
        _progression(t),
        _together(),
    )


def _costs(t: Tables) -> Section:
    """The cost key of the board: every craftable item, its cost and where it goes."""
    rows = [(named(t, item), cards(t.craft_cost(item, 2)), where_text(t, item)) for item in TILE_IDS]
    for ring, cost in sorted(t.recycler_cost.items()):
        name = _("{item} (Ring {ring})").format(item=named(t, "recycler"), ring=ring)
        rows.append((name, cards(cost), where_text(t, "recycler")))
    rows += [(named(t, item), cards(t.upgrade_cost[item]), where_text(t, item)) for item in UPGRADE_IDS]
    table = Table(
        (_("Item"), _("Crafting cost"), _("Placed on")),
        tuple(rows),
        _("Crafted at BGCS as an Action; the cards are Used (returned to the Resource Bank)."),
    )
    intro = _(
        "Read the keys on the board to learn craft and operating costs. Crafting is an Action taken "
        "on BGCS; a player whose movement ends on BGCS may craft twice in the second Action. The "
        "players decide by a majority where a crafted item goes. What each item gives: see Production, "
        "Upgrades and Recycler."
    )
    return Section(_("Costs (the keys on the board)"), intro, (table,))


def _production(t: Tables) -> Section:
    """What a Gather gives on each tile, by Ring."""
    rows = []
    for tile in TILE_IDS:
        r = resource(t.produces[tile])
        rows.append((named(t, tile), r, *(str(n) for n in t.production), _("+1")))
    rows.append((named(t, "bgcs"), _("any"), str(t.rules.bgcs_gather), "", "", _("+1 with the Bus Stop")))
    table = Table(
        (_("Tile"), _("Produces"), _("Ring 1"), _("Ring 2"), _("Ring 3"), _("With its Upgrade")),
        tuple(rows),
        _("Cards a Gather gives; Compost comes only from Operating a Composter."),
    )
    intro = _("A player Gathers on the tile they stand on; tiles further from BGCS produce more.")
    return Section(_("Production"), intro, (table,))


def _upgrades(t: Tables, content: Content) -> Section:
    """Each Upgrade as a card: its tile, cost, Operation and Effects."""
    out = []
    for u in content.upgrades:
        facts = [(_("Tile"), named(t, u.tile)), (_("Cost"), cards(t.upgrade_cost[u.id]))]
        if any(t.operation[u.id][0]):
            facts.append((_("Operation"), operation_text(t, u.id)))
        facts.append((_("Pieces"), str(u.pieces)))
        out.append(Card(_(u.name), effect_text(t, u.id, 2), tuple(facts), u.source))
    intro = _(
        "An Upgrade is placed on its own type of tile and makes that tile produce one more card. "
        "Operations are used by a player standing on the tile; Effects hold for everyone while the "
        "Upgrade stands."
    )
    return Section(_("Upgrades"), intro, cards=tuple(out))


def _recycler(t: Tables) -> Section:
    """The Recycler table: cost, operating cost and Waste removed by Ring."""
    rows = []
    for ring in (1, 2, 3):
        cost = cards(t.recycler_cost[ring]) if ring in t.recycler_cost else _("placed at Setup")
        n = t.recycler_removal[ring - 1]
        removed = ngettext("{n} Waste card", "{n} Waste cards", n).format(n=n)
        rows.append((str(ring), cost, cards(t.recycler_operating), removed))
    table = Table((_("Ring"), _("Crafting cost"), _("Operating cost"), _("Waste removed")), tuple(rows))
    intro = _(
        "Operating a Recycler Recycles cards from the bottom of the Waste Pile to the Resource Bank. "
        "Each player can Operate a Recycler once per turn; with no Waste, or without its operating "
        "cost, a player on it skips the Action."
    )
    return Section(_("Recycler"), intro, (table,))


def _waste(content: Content) -> Section:
    """The Waste table: which die numbers give a Good Event."""
    conditions = content.waste_conditions
    rows = []
    for i, w in enumerate(conditions):
        high = conditions[i + 1].min_waste - 1 if i + 1 < len(conditions) else None
        span = f"{w.min_waste}-{high}" if high is not None else f"{w.min_waste}+"
        good = f"1-{w.good_up_to}" if w.good_up_to > 1 else ("1" if w.good_up_to == 1 else _("none"))
        bad = f"{w.good_up_to + 1}-6" if w.good_up_to < 6 else _("none")
        rows.append((_(w.name), span, good, bad))
    table = Table((_("Waste Condition"), _("Waste cards"), _("Good numbers"), _("Bad numbers")), tuple(rows))
    intro = _(
        "At the start of each Round, after the Social Housing Upkeep, the first player rolls the die: "
        "the Waste Pile's size says which numbers draw a Good Event. A Waste Pile of {n} or more at the "
        "end of a Round loses the game."
    ).format(n=content.rules.max_waste)
    return Section(_("Waste table"), intro, (table,))


def _events(content: Content) -> Section:
    """Every Event card with its text."""
    out = [
        Card(_(e.name), _(e.text), ((_("Pile"), _("Good") if e.good else _("Bad")),), e.source)
        for e in content.events
    ]
    intro = _("A drawn Event is shuffled back into its pile, so it can be drawn again.")
    return Section(_("Event cards"), intro, cards=tuple(out))


def _round(t: Tables) -> Section:
    """A Round and the Social Housing Upkeep."""
    r = t.rules
    intro = _(
        "A Round: the Social Housing Upkeep, the Event, then every player's turn, youngest first. "
        "Upkeep: each Social Housing Wastes {waste} cards from the Resource Bank (the players choose "
        "the types, each in turn) and Uses 1 Food and 1 Water, which any player may source from their "
        "own hand. Food and Water missed because nobody holds them are paid by Wasting as many cards "
        "from the players' hands (from the bank when the hands are empty). Food and Water are Wasted "
        "instead of Used until a Composter is built."
    ).format(waste=r.upkeep_waste_per_housing)
    return Section(_("The Round and the Social Housing Upkeep"), intro)


def _turn(t: Tables) -> Section:
    """The turn, trading and the hand limit."""
    r = t.rules
    intro = _(
        "A turn: spin, an Action, move up to the spin (0 too) over placed tiles, a second Action on "
        "the tile reached. An Action is Gather, Craft (on BGCS) or Operate; it must be taken when one "
        "is available. Trading: at any time of the turn, with 1 other player on the same tile, an "
        "adjacent tile or linked by a chain of players; the Trade Limit is {trade} cards a turn, +{shelter} "
        "per Shelter. Hand limit: {hand} cards, +{container} per Shipping Container, checked at the end "
        "of the turn (the extra cards are Wasted)."
    ).format(
        trade=r.trade_limit,
        shelter=r.trade_limit_per_shelter,
        hand=r.hand_limit,
        container=r.hand_limit_per_container,
    )
    spinner = ", ".join(str(f) for f in t.spinner)
    table = Table((_("Spinner faces"),), ((spinner,),))
    return Section(_("The turn"), intro, (table,))


def _progression(t: Tables) -> Section:
    """Progression and winning."""
    r = t.rules
    rows = (
        (_("2 → 3"), "0", str(r.housing_to_open_ring3)),
        (_("3 → win"), "0", str(r.housing_to_win)),
    )
    table = Table((_("Ring progression"), _("Waste Pile"), _("Social Housing in all")), rows)
    intro = _(
        "At the end of a Round with an empty Waste Pile, the team progresses when every Ring holds "
        "its Social Housing: {open} in all (2 built in Ring 2) open Ring 3; {win} in all (3 more in "
        "Ring 3) win. The team loses with {waste} or more Waste at the end of a Round, or when Round "
        "{rounds} ends without the win. Alternate Difficulty: Rings 1-2 developed within {short} Rounds."
    ).format(
        open=r.housing_to_open_ring3,
        win=r.housing_to_win,
        waste=r.max_waste,
        rounds=r.rounds,
        short=r.alternate_rounds,
    )
    return Section(_("Progression and winning"), intro, (table,))


def _together() -> Section:
    """How the table decides together."""
    intro = _(
        "Choices of the players (the last spot of Ring 1, where a crafted item goes, Join CARYA's tile, "
        "the Shipping Container removed, Propurrrty Damage's player) are proposed and put to the vote: "
        "a majority of the players carries a proposal; on a tie or a majority against, the next player "
        "proposes; when every player has proposed without a majority, the first proposer decides. "
        "Cards are only given by their owners: a trade is offered and the partner accepts or declines; "
        "the Upkeep's Food and Water and the fixes of the Events are given by the players who choose to."
    )
    return Section(_("Deciding together"), intro)
