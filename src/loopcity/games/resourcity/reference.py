"""Resourcity's reference, generated from its content (``GameSpec.reference``): what a player looks up
on the paper table. The Instruction Card's two sides (the turn and its Actions with their costs; the
crop table), the tiles, the Superpower cards, the Crisis and Huat tiles with their text, the token
supply, the layouts, how the table decides together, and how the game is won, lost and scored."""

from __future__ import annotations

from loopcity.engine.text import Card, Section, Table

from .board import SIDES, SIZE
from .catalogue import _, ngettext
from .content import POWERS, Content, Event
from .words import (
    amount,
    cost_text,
    layout_name,
    power_text,
    power_title,
    resource_name,
    roads_words,
    tile_name,
)


def reference(c: Content) -> list[Section]:
    """Every section of the reference, in the order a newcomer reads them."""
    return [
        _goal(c),
        _turn(c),
        _crops(c),
        _tiles(c),
        _powers(c),
        _events(c, c.crises, crisis=True),
        _events(c, c.huats, crisis=False),
        _table_decides(c),
        _supply_and_layouts(c),
    ]


def _goal(c: Content) -> Section:
    t, s = c.turn, c.start
    intro = _(
        "A cooperative game: the team keeps the city's Fuel, Food and Water from running out by rotating and "
        "replacing road tiles on a 6x6 grid so that roads close into loops; the inside of a closed loop is a "
        "Farm whose Plots (the tile corners inside it) grow crops. The team wins when it survives Crisis tile "
        "number {win} of the draw deck ({per_game} are shuffled into it, the last at the bottom). The team "
        "loses the moment a resource must be paid and cannot be. The Resource Pool starts with {start} "
        "Available and nothing Used; paying moves tokens from Available to Used, and harvests move them back."
    ).format(
        win=t.crises_to_win,
        per_game=t.crises_per_game,
        start=cost_text({"fuel": s.fuel, "food": s.food, "water": s.water}),
    )
    intro += " " + _(
        "Score: (Fuel + Water + Food) − (the highest − the lowest of the three) + the number of Farms, on the "
        "Available pool."
    )
    return Section(_("Goal, win and loss"), intro)


def _turn(c: Content) -> Section:
    """The Instruction Card's front: the turn, the Actions and their costs."""
    t, costs, sp = c.turn, c.costs, c.superpowers
    intro = _(
        "Play goes clockwise from the first player. At the start of each turn move {upkeep} from Available to "
        "Used. Then take up to {n} Actions (the same Action may be taken several times). At the end of the "
        "turn, a player still holding {hand} tiles discards 1 and draws 1; otherwise they draw until they hold "
        "{hand}. A Crisis or Huat tile drawn acts at once. At most {limit} player tokens stand on one tile."
    ).format(
        upkeep=cost_text({"food": t.upkeep_food, "water": t.upkeep_water}),
        n=t.actions,
        hand=t.hand_size,
        limit=t.max_players_per_tile,
    )
    rows = (
        (_("Move"), _("free"), _("to a neighbouring tile whose road connects with yours")),
        (_("Teleport"), _("free"), _("from a Community Centre to another Community Centre")),
        (
            _("Rotate"),
            amount(costs.rotate, "fuel"),
            _("turn the tile you stand on, or one beside it, 90 degrees"),
        ),
        (
            _("Replace with a road tile"),
            _("{cost} (Builder: {builder})").format(
                cost=amount(costs.replace_road, "fuel"), builder=amount(sp.builder_road_cost, "fuel")
            ),
            _(
                "lay a tile from your hand on your tile or one beside it (Community Centres too), turned as you "
                "like; roads need not connect; the old tile is discarded"
            ),
        ),
        (
            _("Replace with a Green Space"),
            amount(costs.replace_green, "fuel"),
            _("as above, with a Green Space"),
        ),
        (_("Plant"), _("see the crop table"), _("a crop on a Plot next to you (1 crop token)")),
        (_("Grow"), _("free"), _("1 more crop token on a planted Plot next to you")),
        (_("Harvest"), _("free"), _("take the crop tokens of a ready Plot next to you")),
        (
            _("Exchange (no Action)"),
            _("free"),
            _("on a Community Centre: harvested crop tokens for their resource, from Used back to Available"),
        ),
    )
    notes = Table(
        (_("Rule"), _("What")),
        (
            (
                _("Farming"),
                _("at most 1 farming Action per Plot each turn; no Grow and Harvest of one Plot in a turn"),
            ),
            (
                _("Community Day"),
                _("Rotate and Replace cost {n} Fuel less for a round").format(
                    n=c.event("communityday").discount
                ),
            ),
            (_("Superpowers"), _("used on your own turn only")),
        ),
    )
    return Section(
        _("The turn (Instruction Card, front)"),
        intro,
        (Table((_("Action (1 each)"), _("Cost"), _("What it does")), rows), notes),
    )


def _crops(c: Content) -> Section:
    """The Instruction Card's back: what each crop costs, needs and gives."""
    rows = []
    for crop in c.crops:
        gives = _("+{gain}").format(gain=amount(crop.amount, crop.yields))
        if crop.compost:
            gives += _(", and a Compost token on the Plot")
        else:
            gives += _(" (the Water Catchment token stays)")
        where = (
            _("on or next to a Green Space, at most {n} round one").format(n=crop.per_green)
            if crop.near_green
            else _("any Plot in a Farm")
        )
        rows.append((_(crop.name), cost_text(crop.cost), str(crop.tokens), gives, where))
    intro = _(
        "A Plot grows 1 crop type. Plant costs resources and places 1 crop token; each Grow adds 1; a Plot with "
        "all its tokens must be Harvested. A Compost token counts as 1 free crop token for Sugar Cane and Sweet "
        "Potato. Harvested tokens are exchanged on a Community Centre: the resource moves from Used to Available."
    )
    table = Table(
        (_("Crop"), _("Planting cost"), _("Crop tokens to Harvest"), _("Harvest gives"), _("Where")),
        tuple(rows),
    )
    return Section(_("Crops (Instruction Card, back)"), intro, (table,))


def _tiles(c: Content) -> Section:
    cards = []
    for tile in c.tiles:
        arms = sum(1 << SIDES.index(s) for s in tile.arms)
        facts = [(_("In the box"), str(tile.count)), (_("Roads as drawn"), roads_words(c, tile.id, arms, 0))]
        cards.append(Card(_(tile.name), _(tile.text) if tile.text else "", tuple(facts), tile.source))
    intro = _(
        "The grid is {n}x{n} tiles, named by column (A to {last}) and row (1 to {n}): C3 is the third column, "
        "third row. Plots lie at the tile corners inside the grid and at the centre of each Green Space."
    ).format(n=SIZE, last="ABCDEF"[SIZE - 1])
    return Section(_("Tiles"), intro, cards=tuple(cards))


def _powers(c: Content) -> Section:
    cards = tuple(Card(power_title(p), power_text(c, p), source=c.superpowers.source) for p in POWERS)
    return Section(_("Superpower cards"), _("One card each, dealt at random (Step 7)."), cards=cards)


def _event_facts(e: Event, crisis: bool) -> tuple[tuple[str, str], ...]:
    """The numbers a Crisis or Huat tile uses, as facts (they follow content edits)."""
    facts = []
    for r in ("fuel", "food", "water"):
        n = getattr(e, r)
        if n:
            facts.append((resource_name(r), f"−{n}" if crisis else f"+{n}"))
    if e.water_per_catchment:
        facts.append((_("Water per Water Catchment"), str(e.water_per_catchment)))
    if e.threshold:
        facts.append((_("Planted Plots a quarter may hold"), str(e.threshold)))
    if e.discount:
        facts.append((_("Fuel off Rotate and Replace"), str(e.discount)))
    if e.plots:
        facts.append((_("Plots"), str(e.plots)))
    return tuple(facts)


def _events(c: Content, events: list[Event], crisis: bool) -> Section:
    cards = tuple(Card(_(e.name), _(e.text), _event_facts(e, crisis), e.source) for e in events)
    if crisis:
        intro = ngettext(
            "{n} of the {all} Crisis tiles are shuffled into each game's draw deck: one in each of the first {k} "
            'stacks, the last at the bottom. A Crisis tile acts the moment it is drawn; "the next round" lasts '
            "until every player has had one turn.",
            "{n} of the {all} Crisis tiles are shuffled into each game's draw deck: one in each of the first {k} "
            'stacks, the last at the bottom. A Crisis tile acts the moment it is drawn; "the next round" lasts '
            "until every player has had one turn.",
            c.turn.crises_per_game,
        ).format(n=c.turn.crises_per_game, all=len(events), k=c.turn.crises_per_game - 1)
        return Section(_("Crisis tiles"), intro, cards=cards)
    intro = _("Huat (發) tiles are in the draw deck and help the team the moment they are drawn.")
    return Section(_("Huat tiles"), intro, cards=cards)


def _table_decides(c: Content) -> Section:
    t, sp = c.turn, c.superpowers
    rows = (
        (
            _("Where the tokens start (Step 8)"),
            _(
                '"Place each player token on a Community Centre. Each Community Centre must have at least 1, and '
                'at most 3, player tokens on it."'
            ),
            _(
                "each player puts their own token on a Community Centre, in any order; at most {n} on one; the "
                "tokens cover every Centre (with fewer players than Centres, one Centre each)"
            ).format(n=t.max_players_per_tile),
        ),
        (
            _("Who starts first (Step 9)"),
            _('"Strategize as a team and decide who starts first."'),
            _(
                "player 1 proposes a first player and the table votes: a majority of all players carries it (the "
                "proposer votes yes); a tie turns it down and the next player proposes; if every player's proposal "
                "is turned down, the one with the most votes stands (the earliest among equals)"
            ),
        ),
        (
            _("The Policy Maker moves another player's token"),
            _('"Move any player token anywhere" ({n} Actions)').format(n=sp.policy_maker_actions),
            _(
                "the Policy Maker alone chooses whose token and the tile, their own or another player's; the "
                "token's player has no say (the card says any player token)"
            ),
        ),
    )
    table = Table((_("Decision"), _("Rulebook"), _("How the table decides")), rows)
    return Section(
        _("Deciding together"), _("Decisions that involve more than the player whose turn it is."), (table,)
    )


def _supply_and_layouts(c: Content) -> Section:
    supply = c.supply
    tokens = Table(
        (_("Token"), _("In the box")),
        (
            (_("Sugar Cane"), str(supply.sugarcane)),
            (_("Sweet Potato"), str(supply.sweetpotato)),
            (_("Water Catchment"), str(supply.catchment)),
            (_("Rainwater"), str(supply.rainwater)),
            (_("Compost"), str(supply.compost)),
        ),
        _("Farming tokens: a Plant or a Grow needs one in the supply"),
    )
    names = {t.id: _(t.name) for t in c.tiles}
    layouts = Table(
        (_("Layout"), _("Fixed tiles")),
        tuple(
            (
                layout_name(lay.id),
                ", ".join(f"{tile_name(f.cell[0] * SIZE + f.cell[1])} {names[f.tile]}" for f in lay.fixed),
            )
            for lay in c.layouts
        ),
        _("Step 1: the tiles each layout fixes (the rest of the grid is dealt at random)"),
    )
    return Section(_("Components"), tables=(tokens, layouts))
