"""What a seat reads at the table: each action's label, the prompt of each decision, the log lines.

Labels are worded from content (a space's cost and the Coins on it, what a Building does, the gray
side of a Solution card) and from what every seat sees; never from a Solution card's white side
before it is flipped, nor from the decks. Names and texts from content go through ``_`` where they
are put into a sentence (their translations are in ``content.<lang>.toml``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.engine import Action, NoArgs
from loopcity.engine.text import HOLDING, LANGUAGE, Label, Texts, _, ngettext

from . import actions as A
from .actions import Cell, Coins, DepartmentSheet, Fund, Player, RequestCard, SolutionCard
from .words import (
    building_data,
    building_does,
    coins,
    content_text,
    defeat_text,
    effect_data,
    effects_text,
    end_bonus_text,
    joined,
    points,
    seat_name,
    space_text,
)

if TYPE_CHECKING:
    from .rules import SustainState

TEXTS = Texts["SustainState"]()


# ----- names of seats and investment spaces ------------------------------------------------------------
def name_of(st: SustainState, seat: int) -> str:
    """``Seat 2 (Mobility)`` (``Seat 2`` while it has no Department sheet); kept per reader's language,
    since every log line names a seat."""
    d = st.dept_of[seat]
    names = st.tables.seat_names
    key = (LANGUAGE.get(), seat, d)
    name = names.get(key)
    if name is None:
        name = names[key] = seat_name(seat, st.tables.departments[d].name if d >= 0 else None)
    return name


def cost_text(cost: int, on: int) -> str:
    """What a space asks: ``3 Coins``, ``3 Coins, 1 already on it``."""
    if not on:
        return coins(cost)
    return _("{cost}, {on} already on it").format(cost=coins(cost), on=on)


def target_name(st: SustainState, choice: list[Any]) -> str:
    """An investment space in words (``choice``: as the state's ``choice``): ``the Park
    (Environment sheet)``, ``Solution card 3 (Mobility plan)``, ``REQUEST I-4 (a new school)``."""
    tables = st.tables
    match choice:
        case [A.FUND.name, department, space]:
            dept = tables.departments[department - 1]
            building = tables.buildings[dept.spaces[space - 1].building].name
            return _("the {building} ({department} sheet)").format(
                building=_(building), department=_(dept.name)
            )
        case [A.INVEST.name, card] if card <= len(st.table):
            gray = tables.gray[tables.solutions[st.table[card - 1][0]].gray]
            return _("Solution card {n} ({plan})").format(n=card, plan=_(gray.title))
        case [A.REQUEST.name, card] if card <= len(st.requests):
            event = tables.events[st.requests[card - 1][0]]
            return _("REQUEST {card} ({title})").format(card=event.id, title=_(event.title))
        case [A.INVEST.name, card]:
            return _("Solution card {n}").format(n=card)
        case [A.REQUEST.name, card]:
            return _("REQUEST card {n}").format(n=card)
    return _("the space you chose")


def space_cost(st: SustainState, choice: list[Any]) -> tuple[int, int]:
    """(what an investment space asks, the Coins on it)."""
    tables = st.tables
    match choice:
        case [A.FUND.name, department, space]:
            d, s = department - 1, space - 1
            return tables.departments[d].spaces[s].cost, st.sheet[d][s]
        case [A.INVEST.name, card]:
            sid, on = st.table[card - 1]
            return tables.sol_cost(sid), on
        case [A.REQUEST.name, card]:
            ev, on = st.requests[card - 1]
            return tables.events[ev].requested().cost, on
    raise ValueError(f"not an investment space: {choice}")


# ----- labels ------------------------------------------------------------------------------------------
@TEXTS.label(A.GIVE)
def _give(st: SustainState, seat: int, a: Player) -> Label:
    to = a.player - 1
    other = name_of(st, to) if 0 <= to < st.players else _("Seat {n}").format(n=a.player)
    return Label(
        _("Give 1 of your {coins} to {seat}").format(coins=coins(st.coins[seat]), seat=other),
        _("Give Coins to another player"),
    )


@TEXTS.label(A.PASS)
def _pass(st: SustainState, seat: int, a: NoArgs) -> Label:
    if st.phase == "discussion":
        return Label(_("Done talking: pass (the discussion closes when every player has passed)"))
    return Label(
        _("Pass: your year is over; you keep your {coins} for next year").format(coins=coins(st.coins[seat]))
    )


@TEXTS.label(A.FUND)
def _fund(st: SustainState, seat: int, a: Fund) -> Label:
    tables = st.tables
    d, s = a.department - 1, a.space - 1
    if d >= len(tables.departments) or s >= len(tables.departments[d].spaces):
        return Label(
            _("Department sheet {d}, investment space {s}: there is none").format(d=a.department, s=a.space)
        )
    dept = tables.departments[d]
    space = dept.spaces[s]
    building = tables.buildings[space.building]
    if st.owner[d] == seat:
        group = _("Your Department sheet: {department}").format(department=_(dept.name))
        score = _("{points} for you").format(points=points(space.points))
    else:
        group = _("Open Department sheet: {department} (anyone may invest)").format(department=_(dept.name))
        score = _("{points} on a sheet nobody scores").format(points=points(space.points))
    text = _("{building} ({cost}): {does}; {points}").format(
        building=_(building.name),
        cost=cost_text(space.cost, st.sheet[d][s]),
        does=building_does(building_data(building)),
        points=score,
    )
    return Label(text, group)


@TEXTS.label(A.INVEST)
def _invest(st: SustainState, seat: int, a: SolutionCard) -> Label:
    if a.card > len(st.table):
        return Label(_("Solution card {n}: there is none on the table").format(n=a.card))
    tables = st.tables
    sid, on = st.table[a.card - 1]
    gray = tables.gray[tables.solutions[sid].gray]
    text = _("Card {n}, {plan} ({cost}): {text}").format(
        n=a.card,
        plan=_(gray.title),
        cost=cost_text(gray.cost, on),
        text=content_text(gray.text) or _("its white side is secret"),
    )
    return Label(text, _("Solution cards on the table (gray side up)"))


@TEXTS.label(A.REQUEST)
def _request(st: SustainState, seat: int, a: RequestCard) -> Label:
    if a.card > len(st.requests):
        return Label(_("REQUEST card {n}: there is none on the table").format(n=a.card))
    ev, on = st.requests[a.card - 1]
    event = st.tables.events[ev]
    request = event.requested()
    text = _(
        "{card} {title} ({cost}): resolved, {reward}; until then, at each Event phase: {penalty}"
    ).format(
        card=event.id,
        title=_(event.title),
        cost=cost_text(request.cost, on),
        reward=effects_text(effect_data(request.reward)),
        penalty=effects_text(effect_data(request.penalty)),
    )
    return Label(text, _("REQUEST cards on the table"))


@TEXTS.label(A.COINS)
def _coins(st: SustainState, seat: int, a: Coins) -> Label:
    if st.choice is None:
        return Label(_("Put {coins} on the space you choose").format(coins=coins(a.coins)))
    target = target_name(st, st.choice)
    left = st.room(st.choice) - a.coins
    if left <= 0:
        text = _("Put {coins} on {target}: it is paid in full").format(coins=coins(a.coins), target=target)
    else:
        text = _("Put {coins} on {target}: {left} more still needed after").format(
            coins=coins(a.coins), target=target, left=coins(left)
        )
    return Label(
        text, _("Coins on {target} (you have {have})").format(target=target, have=coins(st.coins[seat]))
    )


@TEXTS.label(A.BUILD)
def _build(st: SustainState, seat: int, a: Cell) -> Label:
    tables = st.tables
    geo = tables.geo
    if a.cell >= geo.cells:
        return Label(_("Space {n}: there is none on the City Map").format(n=a.cell))
    bid = st.pending[0] if st.pending is not None else None
    if bid is None:
        return Label(_("Draw a Building on {space}").format(space=space_text(geo, a.cell)))
    building = tables.buildings[bid]
    text = space_text(geo, a.cell)
    bonus = building.bonus
    if bonus is not None:
        near = [
            _(tables.buildings[other].name)
            for t in geo.touches[a.cell]
            if (other := st.cells[t]) is not None and tables.buildings[other].category == bonus.category
        ]
        if near:
            text = _("{space}, next to {buildings}: bonus {effects}").format(
                space=text,
                buildings=joined(sorted(set(near))),
                effects=effects_text(effect_data(bonus.effects)),
            )
    return Label(text[:1].upper() + text[1:], _("Draw the {building}").format(building=_(building.name)))


@TEXTS.label(A.SHEET)
def _sheet(st: SustainState, seat: int, a: DepartmentSheet) -> Label:
    tables = st.tables
    d = a.department - 1
    if d >= len(tables.departments):
        return Label(_("Department sheet {n}: there is none").format(n=a.department))
    dept = tables.departments[d]
    spaces = ", ".join(
        _("{building} ({cost}, {points})").format(
            building=_(tables.buildings[sp.building].name), cost=coins(sp.cost), points=points(sp.points)
        )
        for sp in dept.spaces
    )
    text = _("{department}: {buildings}; {bonus}").format(
        department=_(dept.name),
        buildings=spaces,
        bonus=end_bonus_text(dept.end_bonus.measure, dept.end_bonus.divisor),
    )
    return Label(text, _("Choose your Department sheet"))


@TEXTS.label(A.CLOCK_)
def _clock(st: SustainState, seat: int, a: NoArgs) -> Label:
    return Label(_("The discussion clock runs out: every player still talking passes"))


# ----- prompts -----------------------------------------------------------------------------------------
def _discussion_prompt(st: SustainState, seat: int | None) -> str:
    """Step 6: who is still talking, and (at a table where bots wait for the people) which players
    have said their part and wait (``HOLDING``: they pass once the people have)."""
    year = st.round
    held = [s for s in st.active_seats() if s in HOLDING.get() and s != seat]
    talking = [name_of(st, s) for s in st.active_seats() if s not in held]
    waiting = ""
    if held:
        waiting = " " + ngettext(
            "{names} has said their part and waits for the others to finish.",
            "{names} have said their part and wait for the others to finish.",
            len(held),
        ).format(names=joined([name_of(st, s) for s in held]))
    if seat is not None and seat in st.active_seats():
        if held and talking == [name_of(st, seat)]:
            waiting = " " + ngettext(
                "{names} has said their part and waits for you.",
                "{names} have said their part and wait for you.",
                len(held),
            ).format(names=joined([name_of(st, s) for s in held]))
            return (
                _(
                    "Year {year}, step 6, discussion: make promises and deals (none is binding), give Coins "
                    "if you wish, and pass when you are done talking."
                ).format(year=year)
                + waiting
            )
        return (
            _(
                "Year {year}, step 6, discussion: make promises and deals (none is binding), give Coins "
                "if you wish, and pass when you are done talking. Still talking: {names}."
            ).format(year=year, names=joined(talking))
            + waiting
        )
    if seat is not None:
        return (
            _("You have passed the discussion. Waiting for {names} to finish talking.").format(
                names=joined(talking)
            )
            + waiting
        )
    return (
        _("Year {year}, step 6, discussion: waiting for {names} to finish talking.").format(
            year=year, names=joined(talking)
        )
        + waiting
    )


def prompt(st: SustainState, seat: int | None) -> str:
    """What is being decided now, and by whom, for ``seat`` (None: a spectator)."""
    if st.phase == "over":
        return over_text(st)
    year = st.round
    if st.phase == "departments":
        return _departments_prompt(st, seat)
    if st.phase == "discussion":
        return _discussion_prompt(st, seat)
    mine = seat == st.turn
    who = name_of(st, st.turn)
    if st.phase == "investing":
        if mine and not st.coins[st.turn]:
            return _(
                "Year {year}, step 7, your investment turn: you have no Coins left, so pass for the rest "
                "of the year."
            ).format(year=year)
        if mine:
            return _(
                "Year {year}, step 7, your investment turn: put one or more of your {coins} on a single "
                "investment space (a Building of a Department sheet, a Solution card or a REQUEST card), "
                "or pass for the rest of the year."
            ).format(year=year, coins=coins(st.coins[st.turn]))
        return _("Year {year}, step 7, investing: waiting for {seat} to invest or pass.").format(
            year=year, seat=who
        )
    if st.phase == "coins":
        target = target_name(st, st.chosen())
        if mine:
            return _("Say how many of your {coins} to put on {target}: it needs {need} more.").format(
                coins=coins(st.coins[st.turn]), target=target, need=coins(st.room(st.chosen()))
            )
        return _("Waiting for {seat} to say how many Coins to put on {target}.").format(
            seat=who, target=target
        )
    building = st.tables.buildings[st.to_draw()[0]]
    if mine:
        return _("Choose a free space of the City Map to draw the {building} on ({where}).").format(
            building=_(building.name), where=_where_short(building.space)
        )
    return _("Waiting for {seat} to draw the {building} on the City Map.").format(
        seat=who, building=_(building.name)
    )


def _departments_prompt(st: SustainState, seat: int | None) -> str:
    """Setup, when the players choose their Department sheets in turn."""
    free = joined([_(d.name) for d, owner in zip(st.tables.departments, st.owner, strict=True) if owner < 0])
    if seat == st.turn:
        return _(
            "Setup: choose your Department sheet; the players choose in turn from the first player, "
            "and the sheets nobody chooses are open to every player. Still free: {free}."
        ).format(free=free)
    return _("Setup: waiting for {seat} to choose a Department sheet. Still free: {free}.").format(
        seat=name_of(st, st.turn), free=free
    )


def _where_short(space: str) -> str:
    if space == "corner":
        return _("a corner between four big squares")
    if space == "edge":
        return _("an edge between two big squares")
    return _("a big square")


def over_text(st: SustainState) -> str:
    """How the game ended, in words."""
    if st.defeat is not None:
        return _("The game is over: {cause}. Every player loses.").format(cause=defeat_text(st.defeat))
    outcome = st.outcome()
    assert outcome is not None
    best = max(outcome.scores)
    winners = joined([name_of(st, s) for s in outcome.winners])
    return ngettext(
        "The game is over: the city survived. {winners} wins with {points}.",
        "The game is over: the city survived. {winners} share the victory with {points}.",
        len(outcome.winners),
    ).format(winners=winners, points=points(int(best)))


# ----- log lines ---------------------------------------------------------------------------------------
def describe(st: SustainState, seat: int, action: Action) -> str:
    """The log line of an action, worded before it is carried out. Every step writes one, so the
    sentence is kept with the seat left open, by what its words depend on (the reader's language, the
    action, and the Coins kept, the card or the seat the action names), and the seat's name is put in."""
    kind, args = action.kind, action.args
    named: Any
    if kind == PASS_NAME:  # in step 7 the line says the Coins kept
        named = None if st.phase == "discussion" else st.coins[seat]
    elif kind == GIVE_NAME:
        to = A.GIVE.read(action).player - 1
        named = (to, st.dept_of[to]) if to < len(st.dept_of) else None
    elif kind == FUND_NAME:
        named = None
    else:
        named = _named(st, kind, args)
    language = LANGUAGE.get()
    tables = st.game.tables
    lines = tables.log_lines
    key = (language, named, kind, *args)  # plain data only: the collector need not follow the keys
    line = lines.get(key)
    if line is None:
        if len(lines) > MAX_LINES:
            lines.clear()
        line = lines[key] = _describe(st, seat, action)
    who = tables.seat_names.get((language, seat, st.dept_of[seat]))
    return line.replace(SEAT, who if who is not None else name_of(st, seat))


PASS_NAME, GIVE_NAME, FUND_NAME = A.PASS.name, A.GIVE.name, A.FUND.name
SEAT = "\x00"
"""Where a kept log line names the seat acting."""
MAX_LINES = 50_000
"""Log lines kept at most (per configured game) before they are made afresh."""


def _named(st: SustainState, kind: str, args: tuple[Any, ...]) -> Any:
    """What else a log line names: the card on the table, the Building drawn, the space chosen."""
    if kind == A.COINS.name:
        choice = st.choice
        if choice is None:
            return None
        return (*choice, _named(st, choice[0], tuple(choice[1:])))
    if kind == A.INVEST.name:
        card = args[0]
        return st.table[card - 1][0] if card <= len(st.table) else None
    if kind == A.REQUEST.name:
        card = args[0]
        return st.requests[card - 1][0] if card <= len(st.requests) else None
    if kind == A.BUILD.name:
        return st.pending[0] if st.pending else st.cells[args[0]]
    return None


def _describe(st: SustainState, seat: int, action: Action) -> str:
    """The log line of ``action``, with :data:`SEAT` where the seat acting is named."""
    who = SEAT
    match action.kind:  # the commonest first: one line for every step played
        case A.PASS.name:
            if st.phase == "discussion":
                return _("{seat} is done talking.").format(seat=who)
            return _("{seat} passes for the rest of the year, keeping {coins}.").format(
                seat=who, coins=coins(st.coins[seat])
            )
        case A.COINS.name:
            target = target_name(st, st.choice) if st.choice else _("the space chosen")
            return _("{seat} puts {coins} on {target}.").format(
                seat=who, coins=coins(A.COINS.read(action).coins), target=target
            )
        case A.GIVE.name:
            to = A.GIVE.read(action).player - 1
            return _("{seat} gives 1 Coin to {other}.").format(seat=who, other=name_of(st, to))
        case A.BUILD.name:
            cell = A.BUILD.read(action).cell
            bid = st.pending[0] if st.pending else st.cells[cell]
            name = _(st.tables.buildings[bid].name) if bid else _("a Building")
            return _("{seat} draws the {building} on {space}.").format(
                seat=who, building=name, space=space_text(st.tables.geo, cell)
            )
        case A.CLOCK_.name:
            return _("The discussion clock runs out.")
        case A.SHEET.name:
            dept = st.tables.departments[A.SHEET.read(action).department - 1]
            return _("{seat} chooses the {department} Department sheet.").format(
                seat=who, department=_(dept.name)
            )
        case _kind:
            return _("{seat} chooses {target}.").format(
                seat=who, target=target_name(st, [action.kind, *action.args])
            )
