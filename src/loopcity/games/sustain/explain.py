"""Why an action is refused (in the rulebook's words, with the cost when Coins are short), and the
game's invariants. A refusal is read by a person, in their language (names from content go through
``_``); an invariant's failure is read by a developer, in English."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.engine import Action
from loopcity.engine.text import _, ngettext

from . import actions as A
from . import words
from .labels import name_of, space_cost, target_name
from .words import building_data, keep_away_text, space_text, where_text

if TYPE_CHECKING:
    from .rules import SustainState


def choice_of(action: Action) -> list[Any]:
    """The investment space a ``fund``, ``invest`` or ``request`` action chooses, as the state
    keeps it (``SustainState.choice``): the action's words."""
    return [action.kind, *action.args]


def explain(st: SustainState, seat: int, action: Action) -> str | None:
    """The reason ``action`` is not legal for ``seat`` now, with what it costs when Coins are short."""
    kind = action.kind
    if kind == A.SHEET.name or st.phase == "departments":
        return _explain_sheet(st, action)
    if kind == A.BUILD.name:
        return _explain_build(st, action)
    if st.phase == "build":
        building = _(st.tables.buildings[st.to_draw()[0]].name)
        return _("first draw the {building} you paid for on a free space of the City Map").format(
            building=building
        )
    if kind == A.GIVE.name:
        return _explain_gift(st, seat, A.GIVE.read(action).player)
    match st.phase:
        case "discussion":
            if kind == A.PASS.name:
                return None
            return _("investing starts when every player has passed the discussion")
        case "coins":
            return _explain_coins(st, seat, action)
        case _phase:
            if kind == A.COINS.name:
                return _(
                    "first choose an investment space: a Department sheet's Building, a Solution card or a REQUEST card"
                )
            if kind == A.PASS.name:
                return None
            return _explain_investment(st, seat, action)


def _explain_sheet(st: SustainState, action: Action) -> str:
    if st.phase != "departments":
        return _("Department sheets are chosen at the setup only")
    if action.kind != A.SHEET.name:
        return _("first every player chooses a Department sheet, in turn from the first player")
    d = A.SHEET.read(action).department - 1
    departments = st.tables.departments
    if d >= len(departments):
        return _("there is no such Department sheet")
    return _("the {department} sheet is taken by {seat}").format(
        department=_(departments[d].name), seat=name_of(st, st.owner[d])
    )


def _explain_build(st: SustainState, action: Action) -> str:
    if st.phase != "build":
        return _("there is no Building to draw now")
    tables = st.tables
    geo = tables.geo
    building = tables.buildings[st.to_draw()[0]]
    cell = A.BUILD.read(action).cell
    if cell >= geo.cells:
        return _("the City Map has no such space")
    where = space_text(geo, cell)
    other = st.cells[cell]
    if other is not None:
        return _("{space} is taken by the {other}").format(space=where, other=_(tables.buildings[other].name))
    if geo.kind[cell] != building.space:
        return _("the {building} is {where}, and {space} is not").format(
            building=_(building.name), where=where_text(building.space), space=where
        )
    rule = keep_away_text(building_data(building))
    return _("the {building} may not go on {space}: {rule}").format(
        building=_(building.name), space=where, rule=rule
    )


def _explain_gift(st: SustainState, seat: int, player: int) -> str:
    if st.phase != "discussion":
        return _("Coins are given during the discussion (step 6) only")
    if player == seat + 1:
        return _("you cannot give a Coin to yourself")
    if player > st.players:
        return ngettext("there is only {n} player", "there are only {n} players", st.players).format(
            n=st.players
        )
    return _("you have no Coin to give")


def _explain_coins(st: SustainState, seat: int, action: Action) -> str:
    space = st.chosen()
    target = target_name(st, space)
    if action.kind != A.COINS.name:
        return _("first say how many Coins to put on {target}").format(target=target)
    asked = A.COINS.read(action).coins
    if asked > st.coins[seat]:
        return _("you have only {have}; you cannot put {asked} on {target}").format(
            have=words.coins(st.coins[seat]), asked=words.coins(asked), target=target
        )
    cost, on = space_cost(st, space)
    return _("{target} asks {cost} and has {on} on it: you may put at most {need} on it").format(
        target=target, cost=words.coins(cost), on=on, need=words.coins(cost - on)
    )


def _explain_investment(st: SustainState, seat: int, action: Action) -> str:
    if st.coins[seat] <= 0:
        return _("you have no Coins left: you can only pass")
    tables = st.tables
    if action.kind == A.FUND.name:
        fund = A.FUND.read(action)
        d, s = fund.department - 1, fund.space - 1
        if d >= len(tables.departments) or s >= len(tables.departments[d].spaces):
            return _("there is no such investment space on the Department sheets")
        dept = tables.departments[d]
        if not st.may_fund(seat, d):
            return _("only {seat} invests on the {department} sheet's Buildings").format(
                seat=name_of(st, st.owner[d]), department=_(dept.name)
            )
        building = tables.buildings[dept.spaces[s].building]
        rule = keep_away_text(building_data(building))
        return _("the City Map has no free space for a {building} ({where}{rule})").format(
            building=_(building.name), where=where_text(building.space), rule=f"; {rule}" if rule else ""
        )
    if action.kind == A.INVEST.name:
        n = len(st.table)
        return ngettext(
            "there is {n} Solution card on the table", "there are {n} Solution cards on the table", n
        ).format(n=n)
    n = len(st.requests)
    return ngettext(
        "there is {n} REQUEST card on the table", "there are {n} REQUEST cards on the table", n
    ).format(n=n)


def check_invariants(st: SustainState) -> None:
    """Cards are conserved, tracks and tables stay in bounds, people fit their housing, Buildings
    stand on their kind of space, and what the phase waits for exists. A failure raises
    AssertionError saying what is wrong, in the rulebook's words."""
    _check_seats(st)
    _check_cards(st)
    _check_board(st)
    _check_map(st)
    _check_spaces(st)
    _check_phase(st)


def _require(holds: bool, message: str) -> None:
    if not holds:
        raise AssertionError(message)


def _check_seats(st: SustainState) -> None:
    n = st.players
    for name, values in (("coins", st.coins), ("passed", st.passed), ("departments", st.dept_of)):
        _require(len(values) == n, f"{name} gives {len(values)} values for {n} players")
    departments = len(st.tables.departments)
    chosen = [d for d in st.dept_of if d >= 0]
    _require(
        len(set(chosen)) == len(chosen) and all(d < departments for d in chosen),
        f"each player runs a different one of the {departments} Departments, not {st.dept_of}",
    )
    _require(
        len(chosen) == n or st.phase == "departments",
        f"every player has a Department sheet once the setup is over, not {st.dept_of}",
    )
    if st.phase == "departments":
        _require(st.dept_of[st.turn] < 0, f"player {st.turn + 1} is to choose a Department sheet but has one")
    owner = [-1] * departments
    for seat, d in enumerate(st.dept_of):
        if d >= 0:
            owner[d] = seat
    _require(st.owner == owner, "a Department sheet's owner is not the player who runs it")
    for seat, coins in enumerate(st.coins):
        _require(coins >= 0, f"player {seat + 1} holds {coins} Coins")
    _require(st.reserve >= 0, f"{st.reserve} Coins set aside for next year")
    _require(0 <= st.first < n, f"the First Player token is with player {st.first + 1} of {n}")
    _require(0 <= st.turn < n, f"it is player {st.turn + 1}'s turn, of {n}")
    _require(st.round >= 1, f"year {st.round}: the years count from 1")


def _check_cards(st: SustainState) -> None:
    """Every Event and Solution card of the scenario is in exactly one place."""
    scenario = st.tables.scenarios[st.scenario]
    places = {
        "deck": st.event_deck,
        "discard": st.event_discard,
        "REQUEST": [e[0] for e in st.requests],
        "in play": [e[0] for e in st.lasting],
    }
    _conserved(f"{scenario.name} has", "Event", scenario.events, places)
    drawing = [st.pending[2]] if st.pending is not None and st.pending[1] == "solution" else []
    sols = {
        "deck": st.sol_deck,
        "table": [e[0] for e in st.table],
        "Building to draw": drawing,
        "flipped": st.flipped,
    }
    _conserved(f"{scenario.name} has", "Solution", scenario.solutions, sols)
    seen = {e for cards in places.values() if cards is not st.event_deck for e in cards}
    for card in st.drawn:
        _require(card in seen, f"Event card {card} was drawn this year but is still in the deck or nowhere")


def _conserved(owner: str, what: str, cards: list[str], places: dict[str, list[str]]) -> None:
    """The cards of a deck are all in ``places``, each once."""
    held = [c for cards_there in places.values() for c in cards_there]
    if sorted(held) == sorted(cards):
        return
    parts = " + ".join(f"{name} {len(there)}" for name, there in places.items())
    missing = sorted(set(cards) - set(held))
    twice = sorted({c for c in held if held.count(c) > 1})
    foreign = sorted(set(held) - set(cards))
    detail = "; ".join(
        f"{label}: {', '.join(found)}"
        for label, found in (("missing", missing), ("twice", twice), ("not in this scenario", foreign))
        if found
    )
    raise AssertionError(f"{owner} {len(cards)} {what} cards: {parts} = {len(held)} ({detail})")


def _check_board(st: SustainState) -> None:
    """Tracks and tables within their squares."""
    tables = st.tables
    for name, square in zip(TRACK_TITLES, st.track, strict=True):
        _require(
            0 <= square <= tables.top,
            f"{name} is on square {square}; the track's squares are 0 to {tables.top}",
        )
    board = tables.board
    for name, marks, size in (
        ("Unhappy Population", st.unhappy, board.unhappy_squares),
        ("CO2 Accumulation", st.co2, board.co2_squares),
    ):
        _require(0 <= marks <= size, f"the {name} table holds {marks} marks; it has {size} squares")
    _require(
        st.defeat is not None or (st.unhappy < board.unhappy_squares and st.co2 < board.co2_squares),
        "a full table defeats the city at once: the defeat is missing",
    )
    for d, points in enumerate(st.points):
        _require(points >= 0, f"the {tables.departments[d].name} sheet has {points} points")


TRACK_TITLES = ("Standard of Living", "Attractiveness of the city", "Sustainable transport", "Pollution")


def _check_map(st: SustainState) -> None:
    """Each Building on its kind of space; people only in housing, no more than it has; a full City
    Map has defeated the city."""
    tables = st.tables
    geo = tables.geo
    _require(
        st.defeat is not None or any(st.cells[c] is None for c in geo.squares),
        "every big square of the City Map is built, which defeats the city at once: the defeat is missing",
    )
    for cell, bid in enumerate(st.cells):
        label = geo.labels[cell]
        if bid is not None:
            building = tables.buildings[bid]
            _require(
                building.space == geo.kind[cell],
                f"the {building.name} is drawn on {label}, a {geo.kind[cell]}; it goes on a {building.space}",
            )
        cap = tables.buildings[bid].housing if bid else 0
        where = f"the {tables.buildings[bid].name}" if bid else "no Building"
        _require(
            0 <= st.people[cell] <= cap,
            f"{label} holds {st.people[cell]} people; {where} there houses {cap}",
        )


def _check_spaces(st: SustainState) -> None:
    """No fulfilled card or paid-for space keeps its Coins."""
    tables = st.tables
    for place, (sid, coins) in enumerate(st.table, 1):
        cost = tables.sol_cost(sid)
        _require(
            0 <= coins < cost,
            f"Solution card {place} ({sid}) holds {coins} Coins and asks {cost}: paid in full, it is flipped",
        )
    for place, (ev, coins) in enumerate(st.requests, 1):
        cost = tables.events[ev].requested().cost
        _require(
            0 <= coins < cost,
            f"REQUEST card {place} ({ev}) holds {coins} Coins and asks {cost}: paid in full, it is resolved",
        )
    for d, dept in enumerate(tables.departments):
        for s, space in enumerate(dept.spaces):
            _require(
                0 <= st.sheet[d][s] < space.cost,
                f"{dept.name} space {s + 1} holds {st.sheet[d][s]} Coins and asks {space.cost}: "
                "paid in full, its Coins are discarded",
            )


def _check_phase(st: SustainState) -> None:
    """What the phase waits for exists: a space chosen, a Building to draw with room for it."""
    _require(
        (st.phase == "build") == (st.pending is not None),
        "a Building waits to be drawn exactly in the build phase",
    )
    _require(
        (st.phase == "coins") == (st.choice is not None),
        "an investment space is chosen exactly in the coins phase",
    )
    _require(st.defeat is None or st.phase == "over", "a defeated city's game is over")
    if st.phase == "coins":
        space = st.chosen()
        _require(_exists(st, space), f"the space chosen ({' '.join(map(str, space))}) is not on the table")
        _require(st.room(space) > 0, "the space chosen needs no more Coins")
        _require(st.coins[st.turn] > 0, f"player {st.turn + 1} chose a space without a Coin to put on it")
        match space:
            case [A.FUND.name, department, _]:
                _require(
                    st.may_fund(st.turn, department - 1),
                    f"player {st.turn + 1} chose a space of another player's Department sheet",
                )
    if st.phase == "build":
        building = st.to_draw()[0]
        _require(building in st.tables.buildings, f"no Building {building!r} in the content")
        _require(bool(st.legal_cells(building)), f"the City Map has no free legal space for the {building}")


def _exists(st: SustainState, choice: list[Any]) -> bool:
    """Whether an investment space is on the table or the Department sheets."""
    match choice:
        case [A.FUND.name, department, space]:
            departments = st.tables.departments
            return 1 <= department <= len(departments) and 1 <= space <= len(
                departments[department - 1].spaces
            )
        case [A.INVEST.name, card]:
            return 1 <= card <= len(st.table)
        case [A.REQUEST.name, card]:
            return 1 <= card <= len(st.requests)
    return False
