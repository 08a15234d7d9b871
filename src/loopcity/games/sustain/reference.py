"""SUSTAIN's reference, generated from content: what a player looks up on the paper table.

The round sequence; the Indicators Board with the tables read in steps 1 to 3 (the feedback loops
between the indicators); the Department sheets with each Building's cost, points, effects,
adjacency bonus and keep-away rule; the Buildings; the gray sides of the Solution cards with their
text and cost; the City Map; the end of the game and scoring; the Scenarios. The Event cards and the
white sides of the Solution cards are not listed: the table discovers them as they are drawn and
flipped (the stage shows them). Names and texts from content go through ``_`` (their translations
are in ``content.<lang>.toml``).
"""

from __future__ import annotations

from loopcity.engine.text import Card, Section, Table, _

from .board import geometry
from .content import SustainContent
from .words import (
    building_data,
    building_does,
    category_name,
    coins,
    content_text,
    end_bonus_text,
    indicator_name,
    place_name,
    points,
    signed,
)


def reference(content: SustainContent) -> list[Section]:
    """The reference sections of a content."""
    return [
        _round_sequence(content),
        _indicators(content),
        _departments(content),
        _buildings(content),
        _solutions(content),
        _city_map(content),
        _end(content),
        _scenarios(content),
    ]


def _round_sequence(content: SustainContent) -> Section:
    board = content.board
    steps = (
        _(
            "1. Adjust the indicators: the First Player token passes left; read the Indicators Board top to "
            "bottom, left to right (see the Indicators Board tables)."
        ),
        _(
            "2. People increasing: new people by Attractiveness of the city; each takes a free Housing space, "
            "or marks the Unhappy Population table."
        ),
        _(
            "3. Budget allocation: the budget by Standard of Living, shared equally; the rest is set aside for "
            "next year."
        ),
        _(
            "4. Events: cards in play act; the first player draws Event cards until one says to stop. REQUEST "
            "cards stay on the table until resolved."
        ),
        _("5. Solutions: three Solution cards join the unused ones on the table, gray side up."),
        _(
            "6. Discussion: at most five minutes of promises and deals, none binding; give Coins to other players "
            "if you wish. The discussion closes when every player has passed."
        ),
        _(
            "7. Investing: from the first player, in turn, put one or more Coins on one investment space, or pass "
            "for the rest of the year (you keep your Coins)."
        ),
    )
    intro = _(
        "Each round is a year of the city's life. The first round starts at step 4; the first year's "
        "budget is the starting budget of {budget}."
    ).format(budget=coins(board.starting_budget))
    return Section(_("Round sequence"), intro + "\n" + "\n".join(steps))


def _indicators(content: SustainContent) -> Section:
    """The tables of steps 1 to 3, by the square each track's cube stands on."""
    b = content.board
    squares = range(b.track_squares)
    by_track = Table(
        (
            _("Square"),
            _("Budget (step 3)"),
            _("Attractiveness (step 1)"),
            _("New people (step 2)"),
            _("CO2 from transport (step 1)"),
            _("CO2 from Pollution (step 1)"),
        ),
        tuple(
            (
                str(i),
                coins(b.budget[i]),
                signed(b.living_to_attractiveness[i]),
                str(b.growth[i]),
                str(b.transport_to_co2[i]),
                str(b.pollution_to_co2[i]),
            )
            for i in squares
        ),
        _(
            "By the square of a track: Standard of Living gives the budget and moves Attractiveness of the city; "
            "Attractiveness gives the new people; Sustainable transport and Pollution add CO2 marks."
        ),
    )
    unhappy = Table(
        (_("Unhappy Population marks"), _("Standard of Living (step 1)")),
        tuple((str(n), signed(v)) for n, v in enumerate(b.unhappy_to_living)),
        _("Step 1, first reading: the Unhappy Population moves the Standard of Living."),
    )
    co2 = Table(
        (_("CO2 Accumulation marks"), _("Standard of Living (step 1)")),
        tuple((str(n), signed(v)) for n, v in enumerate(b.co2_to_living)),
        _("Step 1, last reading: the CO2 Accumulation moves the Standard of Living again."),
    )
    intro = _(
        "Four tracks of {n} squares (0 to {top}), cubes on square 0 at the start: {tracks}. Two tables only "
        "go up: {unhappy} ({u} squares) and {co2} ({c} squares); marking every square of either loses the game "
        "at once."
    ).format(
        n=b.track_squares,
        top=b.track_squares - 1,
        tracks=", ".join(
            indicator_name(k)
            for k in ("standard_of_living", "attractiveness", "sustainable_transport", "pollution")
        ),
        unhappy=indicator_name("unhappy"),
        u=b.unhappy_squares,
        co2=indicator_name("co2"),
        c=b.co2_squares,
    )
    return Section(_("Indicators Board"), intro, (by_track, unhappy, co2))


def _departments(content: SustainContent) -> Section:
    buildings = {b.id: b for b in content.buildings}
    rows = tuple(
        (
            _(d.name),
            f"{i}. {_(buildings[sp.building].name)}",
            coins(sp.cost),
            str(sp.points),
            place_name(buildings[sp.building].space),
            building_does(building_data(buildings[sp.building])),
        )
        for d in content.departments
        for i, sp in enumerate(d.spaces, 1)
    )
    table = Table(
        (_("Department"), _("Building"), _("Cost"), _("Points"), _("Where"), _("What it does")),
        rows,
        _("The investment spaces of the Department sheets"),
    )
    cards = tuple(
        Card(
            _(d.name),
            end_bonus_text(d.end_bonus.measure, d.end_bonus.divisor),
            facts=tuple(
                (
                    _(buildings[sp.building].name),
                    _("{cost}, {points}").format(cost=coins(sp.cost), points=points(sp.points)),
                )
                for sp in d.spaces
            ),
            source=d.source,
        )
        for d in content.departments
    )
    intro = _(
        "Only the player running a Department invests on its Buildings; the Buildings of a Department nobody "
        "runs are open to every player. Paid in full, the Building is drawn on a free space of the City Map, "
        "its effects apply, its points are written on the sheet, and the space is available again."
    )
    return Section(_("Department sheets"), intro, (table,), cards)


def _buildings(content: SustainContent) -> Section:
    rows = []
    for b in content.buildings:
        data = building_data(b)
        rows.append((_(b.name), category_name(b.category), place_name(b.space), building_does(data)))
    table = Table((_("Building"), _("Kind"), _("Where"), _("What it does")), tuple(rows))
    intro = _(
        "Distance and adjacency count orthogonal neighbours only, never diagonal ones. An adjacency bonus "
        "applies when the Building is drawn next to a Building of that kind."
    )
    return Section(_("Buildings"), intro, (table,))


def _solutions(content: SustainContent) -> Section:
    count = {g.id: sum(1 for s in content.solutions if s.gray == g.id) for g in content.gray_sides}
    cards = tuple(
        Card(
            _(g.title),
            content_text(g.text),
            facts=((_("Cost"), coins(g.cost)), (_("White sides"), str(count[g.id]))),
            source=g.source,
        )
        for g in content.gray_sides
    )
    intro = _(
        "Solution cards lie on the table gray side up: the plan, its text and its cost. Several cards share "
        "each gray side. When the full cost is invested, the card is fulfilled: its Building (if any) is "
        "drawn, then it is flipped, its white side is revealed and its effects and points apply."
    )
    return Section(_("Solution cards (gray side)"), intro, cards=cards)


def _city_map(content: SustainContent) -> Section:
    geo = geometry(content.map.size)
    buildings = {b.id: _(b.name) for b in content.buildings}
    first, last = geo.labels[0], geo.labels[geo.size * geo.size - 1]
    intro = _(
        "{n} by {n} big squares, {first} to {last} (columns by letter, rows by number). Bus Stops are drawn on "
        "the {corners} corners between four big squares, named by two of them (B2\u2013C3: between B2, C2, B3 "
        "and C3); Pedestrian Walks, Bike Lanes and Tram Lines on the {edges} edges between two big squares "
        "(A1\u2013B1). When every big square is built, everyone loses."
    ).format(n=geo.size, first=first, last=last, corners=len(geo.corners), edges=len(geo.edges))
    printed = Table(
        (_("Space"), _("Building"), _("People")),
        tuple((geo.name(p.cell), buildings[p.building], str(p.people)) for p in content.map.preprinted),
        _("Printed on the City Map at the start"),
    )
    return Section(_("City Map"), intro, (printed,))


def _end(content: SustainContent) -> Section:
    rows = tuple(
        (_(d.name), end_bonus_text(d.end_bonus.measure, d.end_bonus.divisor)) for d in content.departments
    )
    intro = _(
        "Everyone loses at once when the Unhappy Population table, the CO2 Accumulation table or the City Map "
        "is full. Otherwise an Event card says which year is the last: after its investing, each player counts "
        "the points written on their Department sheet plus its end-of-game bonus; the highest wins, and a tie "
        "shares the victory."
    )
    return Section(
        _("End of the game and scoring"), intro, (Table((_("Department"), _("End-of-game bonus")), rows),)
    )


def _scenarios(content: SustainContent) -> Section:
    rows = tuple(
        (_(s.name), str(len(s.events)), str(len(s.solutions)), s.first_player_token)
        for s in content.scenarios
    )
    table = Table((_("Scenario"), _("Event cards"), _("Solution cards"), _("First Player token")), rows)
    intro = _(
        "The decks are stacked in order, the card with the 1 on top, and never shuffled (a table may choose "
        "shuffled decks as a variant)."
    )
    return Section(_("Scenarios"), intro, (table,))
