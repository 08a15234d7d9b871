"""What people read at a ResourCEd table: the label of every action, the prompt of every decision
(what is being decided, and by whom), the names of the seats and the reasons for refusals.

Everything is worded from content (names, costs, production) and from what every player can see
(ResourCEd has no secrets), in the rulebook's vocabulary. Labels are made only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from loopcity.engine import Action, NoArgs
from loopcity.engine.table import Ballot, Choice, answer_label, rule_text
from loopcity.engine.text import LANGUAGE, Label, Texts, _, ngettext

from .actions import (
    CHOOSE,
    CHOOSE_SIXTH,
    CRAFT,
    DISCARD,
    DONE,
    END_TURN,
    FIX,
    GATHER,
    GATHER_ANY,
    GIVE,
    LET_GO,
    MOVE,
    OFFER,
    OPERATE,
    PASS,
    PAY,
    PLACE,
    REMOVE,
    SHED,
    SHOP,
    SHOP_DONE,
    SUPPLY,
    TAKE,
    USE,
    VOTE,
    WASTE,
    WITHDRAW,
    Cell,
    Item,
    Resource,
    Seat,
    SeatResource,
    Tile,
)
from .board import NEIGHBOURS, RING
from .content import FOOD, RESOURCE_INDEX, WATER
from .table import CHOICES, COLLECTIONS, OWN_PHASES, TURN_PHASES, Table
from .words import cards, effect_text, gather_text, have, named, operation_text, resource, resource_named

if TYPE_CHECKING:
    from .rules import ResourcedState

TEXTS = Texts["ResourcedState"]()
"""The label of every action kind."""


_SEAT_NAMES: dict[str, tuple[str, ...]] = {}
"""The seats' names by language, made once (log lines name seats at every step)."""


def seat_name(seat: int) -> str:
    """A seat as people count them: ``Seat 2``, in the reader's language."""
    language = LANGUAGE.get()
    names = _SEAT_NAMES.get(language)
    if names is None:
        names = _SEAT_NAMES[language] = tuple(_("Seat {n}").format(n=n) for n in range(1, 5))
    return names[seat]


def _names(seats: Any) -> str:
    return ", ".join(seat_name(s) for s in seats)


def _used(state: ResourcedState, r: int) -> str:
    """Whether a Food or Water card given now is Used or Wasted (Definitions 5d)."""
    if r not in (FOOD, WATER):
        return _("Used")
    return _("Used") if state.has_composter() else _("Wasted: no Composter yet")


def _final(state: ResourcedState) -> bool:
    """Whether the proposer of the choice in progress decides alone (everyone proposed already)."""
    return state.ctx["tries"] >= state.players


def _hex(state: ResourcedState, cell: int) -> str:
    """A hex in words: ``the Food Forest on hex 14 (Ring 2)``, ``hex 14 (Ring 2)`` when empty."""
    tile = state.tiles[cell]
    if tile is None:
        return _("hex {cell} (Ring {ring})").format(cell=cell, ring=RING[cell])
    if tile == "bgcs":
        return _("BGCS")
    words = _("the {tile} on hex {cell} (Ring {ring})")
    return words.format(tile=named(state.tables, tile), cell=cell, ring=RING[cell])


# ----- Setup and the table's choices ----------------------------------------------------------------
@TEXTS.label(CHOOSE_SIXTH)
def _choose_sixth(state: ResourcedState, seat: int, a: Tile) -> Label:
    t = state.tables
    what = effect_text(t, a.tile, 1)
    if _final(state):
        words = _("Decide: a {tile} in the last spot of Ring 1 — {effect}")
    else:
        words = _("Propose a {tile} for the last spot of Ring 1 — {effect}")
    return Label(words.format(tile=named(t, a.tile), effect=what), _("Setup: the last spot of Ring 1"))


@TEXTS.label(PLACE)
def _place(state: ResourcedState, seat: int, a: Cell) -> Label:
    t = state.tables
    if state.phase == "carya":
        upgrade = t.upgrade_for_tile[state.tile_at(a.cell)]
        words = (
            _("Decide: a free {upgrade} on {hex}")
            if _final(state)
            else _("Propose a free {upgrade} on {hex}")
        )
        text = words.format(upgrade=named(t, upgrade), hex=_hex(state, a.cell))
        return Label(text, _("Join CARYA: a free Upgrade"))
    item = named(t, state.ctx["item"])
    near = sum(1 for n in NEIGHBOURS[a.cell] if state.tiles[n] is not None)
    if _final(state):
        words = ngettext(
            "Decide: the {item} goes on {hex}, next to {near} tile",
            "Decide: the {item} goes on {hex}, next to {near} tiles",
            near,
        )
    else:
        words = ngettext(
            "Propose {hex} for the {item}, next to {near} tile",
            "Propose {hex} for the {item}, next to {near} tiles",
            near,
        )
    text = words.format(item=item, hex=_hex(state, a.cell), near=near)
    return Label(text, _("Where the {item} goes").format(item=item))


@TEXTS.label(REMOVE)
def _remove(state: ResourcedState, seat: int, a: Cell) -> Label:
    words = (
        _("Decide: remove the Shipping Container from {hex}")
        if _final(state)
        else _("Propose removing the Shipping Container from {hex}")
    )
    return Label(words.format(hex=_hex(state, a.cell)), _("Vandalism: the Shipping Container removed"))


@TEXTS.label(CHOOSE)
def _choose(state: ResourcedState, seat: int, a: Seat) -> Label:
    who = a.seat - 1
    hand = state.hands[who]
    if _final(state):
        words = _("Decide: {seat} Wastes a card of their choice (they hold {cards})")
    else:
        words = _("Propose {seat} to Waste a card of their choice (they hold {cards})")
    text = words.format(seat=seat_name(who), cards=cards(hand))
    return Label(text, _("Propurrrty Damage: the player who Wastes a card"))


# ----- the Upkeep and the Events' collections -------------------------------------------------------
@TEXTS.label(WASTE)
def _waste(state: ResourcedState, seat: int, a: Resource) -> Label:
    r = RESOURCE_INDEX[a.resource]
    left = state.ctx["left"]
    text = _("Waste 1 {resource} from the Resource Bank (it holds {n})").format(
        resource=resource(r), n=state.bank[r]
    )
    groups = {
        "upkeep_waste": _("Social Housing Upkeep: choose a card to Waste from the bank ({left} to go)"),
        "penalty": _("Upkeep penalty: choose a card to Waste from the bank ({left} to go)"),
        "shop_waste": _("Shopping Center: Waste cards from the bank ({left} to go)"),
    }
    return Label(text, groups.get(state.phase, "").format(left=left))


@TEXTS.label(SUPPLY)
def _supply(state: ResourcedState, seat: int, a: Seat) -> Label:
    r = state.ctx["res"]
    words = _("Source 1 {resource} from your hand for a Social Housing ({used}; {left} still needed)")
    return Label(words.format(resource=resource(r), used=_used(state, r), left=state.ctx["left"]))


@TEXTS.label(SHED)
def _shed(state: ResourcedState, seat: int, a: SeatResource) -> Label:
    words = _("Waste 1 {resource} from your hand for the Upkeep penalty ({left} still to Waste)")
    text = words.format(resource=resource_named(a.resource), left=state.ctx["left"])
    return Label(text, _("Upkeep penalty: Waste a card of your hand"))


@TEXTS.label(PAY)
def _pay(state: ResourcedState, seat: int, a: Seat) -> Label:
    r = state.ctx["res"]
    words = _("Give 1 {resource} to replant the flooded Community Garden on hex {cell} ({used})")
    return Label(words.format(resource=resource(r), cell=state.ctx["cell"], used=_used(state, r)))


@TEXTS.label(DONE)
def _done(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    others = sum(state.spare(s) for s in state.givers() if s != seat)
    left = state.ctx["left"]
    if state.phase == "penalty":
        words = ngettext(
            "Let the others Waste the {left} card (they hold {n})",
            "Let the others Waste the {left} cards (they hold {n})",
            left,
        )
        return Label(words.format(left=left, n=others))
    words = _("Let the others give the {left} {resource} (they hold {n})")
    return Label(words.format(left=left, resource=resource(state.ctx["res"]), n=others))


@TEXTS.label(FIX)
def _fix(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    ctx = state.ctx
    pledged = sum(ctx["pledged"])
    words = _(
        "Pledge 1 {resource} for {fix} ({pledged} of {cost} pledged; paid only if the pledges cover it)"
    )
    text = words.format(
        resource=resource(ctx["res"]), fix=state.fix_name(), pledged=pledged, cost=pledged + ctx["left"]
    )
    return Label(text)


def unfixed_text(state: ResourcedState) -> str:
    """What happens when the fix in progress is not pledged in full."""
    ctx = state.ctx
    match ctx["event"]:
        case "drought":
            return _("the Irrigation System is removed")
        case "vandalism":
            return _("the table chooses a Shipping Container to remove")
    return _("the Garden loses its Composter, if it has one, and is replanted with 1 Food")


@TEXTS.label(LET_GO)
def _let_go(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    ctx = state.ctx
    words = _("Pledge no more {resource}: unless the others pledge {left} more, {consequence}")
    text = words.format(resource=resource(ctx["res"]), left=ctx["left"], consequence=unfixed_text(state))
    return Label(text)


@TEXTS.label(USE)
def _use(state: ResourcedState, seat: int, a: Resource) -> Label:
    r = RESOURCE_INDEX[a.resource]
    words = _("Use 1 {resource} against the Heat Wave (you hold {n}; {used})")
    return Label(words.format(resource=resource(r), n=state.hands[seat][r], used=_used(state, r)))


@TEXTS.label(DISCARD)
def _discard(state: ResourcedState, seat: int, a: Resource) -> Label:
    r = RESOURCE_INDEX[a.resource]
    if state.phase == "cat_discard":
        words = _("Waste 1 {resource} from your hand (Propurrrty Damage; you hold {n})")
        return Label(words.format(resource=resource(r), n=state.hands[seat][r]))
    held = sum(state.hands[seat])
    words = _("Waste 1 {resource} from your hand ({held} cards, hand limit {limit})")
    return Label(words.format(resource=resource(r), held=held, limit=state.hand_limit()))


# ----- the turn -------------------------------------------------------------------------------------
@TEXTS.label(GATHER)
def _gather(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    cell = state.pos[seat]
    tile = state.tile_at(cell)
    got = gather_text(state.tables, tile, RING[cell], state.upgrades[cell] is not None)
    words = _("Gather {cards} on {hex}")
    return Label(words.format(cards=got, hex=_hex(state, cell)))


@TEXTS.label(GATHER_ANY)
def _gather_any(state: ResourcedState, seat: int, a: Resource) -> Label:
    r = RESOURCE_INDEX[a.resource]
    if state.phase == "any":
        words = _("Take 1 {resource} as the next card of this Gather (the bank holds {n})")
        return Label(words.format(resource=resource(r), n=state.bank[r]), _("Gather at BGCS"))
    words = _("Gather 1 {resource} at BGCS (the bank holds {n})")
    return Label(words.format(resource=resource(r), n=state.bank[r]), _("Gather at BGCS: 1 card of any type"))


@TEXTS.label(CRAFT)
def _craft(state: ResourcedState, seat: int, a: Item) -> Label:
    t = state.tables
    cost = cards(t.craft_cost(a.item, state.ring))
    words = _("Craft a {item} ({cost}) — {effect}")
    text = words.format(item=named(t, a.item), cost=cost, effect=effect_text(t, a.item, state.ring))
    return Label(text, _("Craft at BGCS"))


@TEXTS.label(OPERATE)
def _operate(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    t = state.tables
    cell = state.pos[seat]
    tile = state.tile_at(cell)
    if tile == "bgcs":
        return Label(_("Go to the Bus Stop's Shopping Center: get cards from the bank, then Waste as many"))
    if tile == "recycler":
        n = t.recycler_removal[RING[cell] - 1]
        words = ngettext(
            "Operate the Recycler: Use {cost} to Recycle {n} Waste card (the pile holds {pile})",
            "Operate the Recycler: Use {cost} to Recycle {n} Waste cards (the pile holds {pile})",
            n,
        )
        return Label(words.format(cost=cards(t.recycler_operating), n=n, pile=len(state.waste)))
    upgrade = state.upgrades[cell]
    assert upgrade is not None
    words = _("Operate the {upgrade}: {operation}")
    return Label(words.format(upgrade=named(t, upgrade), operation=operation_text(t, upgrade)))


@TEXTS.label(PASS)
def _pass(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    t = state.tables
    cell = state.pos[seat]
    tile = state.tile_at(cell)
    if tile in t.produces:
        words = _("Skip this Action: the Resource Bank has no {resource} left to Gather on {hex}")
        return Label(words.format(resource=resource(t.produces[tile]), hex=_hex(state, cell)))
    if tile == "recycler":
        if not state.waste:
            return Label(
                _("Skip this Action: the Waste Pile is empty, so the Recycler has nothing to remove")
            )
        if state.recycled:
            return Label(_("Skip this Action: you have Operated a Recycler this turn already"))
        words = _("Skip this Action: you cannot pay the Recycler's operating cost ({cost}; {have})")
        cost = t.recycler_operating
        return Label(words.format(cost=cards(cost), have=have(state.hands[seat], cost)))
    return Label(_("Skip this Action: none is available on {hex}").format(hex=_hex(state, cell)))


def _steps(state: ResourcedState, seat: int) -> dict[int, int]:
    """How many steps each tile within the player's movement is from their tile."""
    start = state.pos[seat]
    dist = {start: 0}
    frontier = [start]
    for k in range(1, state.moves + 1):
        nxt = []
        for c in frontier:
            for d in NEIGHBOURS[c]:
                if d not in dist and state.tiles[d] is not None:
                    dist[d] = k
                    nxt.append(d)
        frontier = nxt
    return dist


def _there(state: ResourcedState, cell: int) -> str:
    """What the second Action can do on ``cell``, briefly."""
    t = state.tables
    tile = state.tile_at(cell)
    if tile == "bgcs":
        return _("craft, or Gather any card")
    if tile == "recycler":
        n = t.recycler_removal[RING[cell] - 1]
        return ngettext("Recycle {n} Waste card", "Recycle {n} Waste cards", n).format(n=n)
    got = gather_text(t, tile, RING[cell], state.upgrades[cell] is not None)
    upgrade = state.upgrades[cell]
    if upgrade is not None and any(t.operation[upgrade][0]):
        words = _("Gather {cards}, or Operate the {upgrade}")
        return words.format(cards=got, upgrade=named(t, upgrade))
    return _("Gather {cards}").format(cards=got)


@TEXTS.label(MOVE)
def _move(state: ResourcedState, seat: int, a: Cell) -> Label:
    group = ngettext("Move up to {n} tile", "Move up to {n} tiles", state.moves).format(n=state.moves)
    if a.cell == state.pos[seat]:
        words = _("Stay on {hex} — {there}")
        return Label(words.format(hex=_hex(state, a.cell), there=_there(state, a.cell)), group)
    steps = _steps(state, seat).get(a.cell, 0)
    words = _("Move {steps} to {hex} — {there}")
    how_far = _("1 step") if steps == 1 else _("{n} steps").format(n=steps)
    return Label(words.format(steps=how_far, hex=_hex(state, a.cell), there=_there(state, a.cell)), group)


@TEXTS.label(SHOP)
def _shop(state: ResourcedState, seat: int, a: Resource) -> Label:
    r = RESOURCE_INDEX[a.resource]
    words = _("Get 1 {resource} from the bank (you then Waste a bank card for it; it holds {n})")
    return Label(words.format(resource=resource(r), n=state.bank[r]), _("Shopping Center"))


@TEXTS.label(SHOP_DONE)
def _shop_done(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    n = state.ctx["got"]
    if not n:
        return Label(_("Leave the Shopping Center without getting a card"), _("Shopping Center"))
    words = ngettext(
        "Leave the Shopping Center, then Waste {n} card from the bank",
        "Leave the Shopping Center, then Waste {n} cards from the bank",
        n,
    )
    return Label(words.format(n=n), _("Shopping Center"))


@TEXTS.label(END_TURN)
def _end_turn(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    over = sum(state.hands[seat]) - state.hand_limit()
    if over > 0:
        words = ngettext(
            "End your turn, then Waste {n} card down to the hand limit of {limit}",
            "End your turn, then Waste {n} cards down to the hand limit of {limit}",
            over,
        )
        return Label(words.format(n=over, limit=state.hand_limit()))
    return Label(_("End your turn"))


# ----- trades ----------------------------------------------------------------------------------------
def _trade_group(state: ResourcedState, partner: int) -> str:
    words = _("Trade with {seat} ({room} more cards within the Trade Limit of {limit})")
    return words.format(seat=seat_name(partner), room=state.trade_room(), limit=state.trade_limit())


@TEXTS.label(GIVE)
def _give(state: ResourcedState, seat: int, a: SeatResource) -> Label:
    p = a.seat - 1
    r = RESOURCE_INDEX[a.resource]
    words = _("Give {seat} 1 {resource} in the trade (you hold {n})")
    text = words.format(seat=seat_name(p), resource=resource(r), n=state.hands[seat][r])
    return Label(text, _trade_group(state, p))


@TEXTS.label(TAKE)
def _take(state: ResourcedState, seat: int, a: SeatResource) -> Label:
    p = a.seat - 1
    r = RESOURCE_INDEX[a.resource]
    words = _("Ask {seat} for 1 {resource} in the trade (they hold {n})")
    text = words.format(seat=seat_name(p), resource=resource(r), n=state.hands[p][r])
    return Label(text, _trade_group(state, p))


def trade_text(state: ResourcedState) -> str:
    """The trade being put together, from its maker's side: ``you give 1 Wood for 1 Metal``."""
    deal = state.deal
    assert deal is not None
    if not any(deal["take"]):
        return _("you give {give}").format(give=cards(deal["give"]))
    if not any(deal["give"]):
        return _("you ask for {take}").format(take=cards(deal["take"]))
    return _("you give {give} for {take}").format(give=cards(deal["give"]), take=cards(deal["take"]))


@TEXTS.label(OFFER)
def _offer(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    assert state.deal is not None
    words = _("Offer the trade to {seat}: {trade}")
    return Label(words.format(seat=seat_name(state.deal["with"]), trade=trade_text(state)))


@TEXTS.label(WITHDRAW)
def _withdraw(state: ResourcedState, seat: int, a: NoArgs) -> Label:
    return Label(_("Put the trade aside: no card changes hands"))


# ----- votes -----------------------------------------------------------------------------------------
def subject_text(state: ResourcedState, ballot: Ballot) -> str:
    """The question put to the table, in words."""
    by = seat_name(ballot["by"])
    if ballot["subject"] == "trade":
        deal = state.deal
        assert deal is not None
        words = _("{by} offers {partner} a trade: {deal}")
        return words.format(by=by, partner=seat_name(deal["with"]), deal=deal_text(state, ballot["by"]))
    action = Action.parse(ballot["subject"])
    return _("{by} proposes: {what}").format(by=by, what=proposal_text(state, ballot["data"]["back"], action))


def proposal_text(state: ResourcedState, back: str, action: Action) -> str:
    """What a proposal would do, in words (``the Shelter goes on the Heat Haven on hex 3 (Ring 1)``)."""
    t = state.tables
    match back:
        case "setup":
            words = _("a {tile} in the last spot of Ring 1")
            return words.format(tile=named(t, CHOOSE_SIXTH.read(action).tile))
        case "place":
            words = _("the {item} goes on {hex}")
            return words.format(item=named(t, state.ctx["item"]), hex=_hex(state, PLACE.read(action).cell))
        case "carya":
            cell = PLACE.read(action).cell
            upgrade = t.upgrade_for_tile[state.tile_at(cell)]
            return _("a free {upgrade} on {hex}").format(upgrade=named(t, upgrade), hex=_hex(state, cell))
        case "remove":
            words = _("the Shipping Container on {hex} is removed")
            return words.format(hex=_hex(state, REMOVE.read(action).cell))
    words = _("{seat} Wastes a card of their choice")
    return words.format(seat=seat_name(CHOOSE.read(action).seat - 1))


def worded(state: ResourcedState, ballot: Ballot) -> Ballot:
    """The ballot with its subject in words (the state keeps it as the proposal's action text)."""
    return {**ballot, "subject": subject_text(state, ballot)}


@TEXTS.label(VOTE)
def _vote(state: ResourcedState, seat: int, a: Choice) -> Label:
    assert state.ballot is not None
    return Label(answer_label(worded(state, state.ballot), a.choice))


# ----- the end ---------------------------------------------------------------------------------------
CAUSES: dict[str, Callable[[], str]] = {
    "maximum waste": lambda: _("maximum waste"),
    "round limit": lambda: _("round limit"),
    "Banksia Gardens fully developed with zero Waste": lambda: _(
        "Banksia Gardens fully developed with zero Waste"
    ),
    "the way out of Ring 2 opened with zero Waste": lambda: _("the way out of Ring 2 opened with zero Waste"),
}
"""How a game ends (``state.result``, kept in English in positions and records), in words."""


def cause_text(result: str) -> str:
    """How the game ended, in the reader's language."""
    words = CAUSES.get(result)
    return words() if words is not None else _(result)


# ----- prompts ---------------------------------------------------------------------------------------
def prompt(state: ResourcedState, seat: int | None) -> str:
    """What is being decided now and by whom, for ``seat`` (None: a spectator)."""
    phase = state.phase
    if phase == "over":
        words = (
            _("The game is over: the team won ({cause}).")
            if state.won
            else _("The game is over: the team lost ({cause}).")
        )
        return words.format(cause=cause_text(state.result))
    active = state.active_seats()
    mine = seat is not None and seat in active
    if phase == "vote":
        return _vote_prompt(state, mine)
    if phase in COLLECTIONS and "seat" not in state.ctx:
        return _collection_prompt(state, seat, mine)
    if phase in TURN_PHASES:
        return _turn_prompt(state, mine)
    return PROMPTS[phase](state, mine, seat_name(active[0]))


def _vote_prompt(state: ResourcedState, mine: bool) -> str:
    ballot = state.ballot
    assert ballot is not None
    subject = subject_text(state, ballot)
    if ballot["subject"] == "trade":
        if mine:
            return _("{subject}. Accept or decline?").format(subject=subject)
        words = _("{subject}. Waiting for {seat} to accept or decline.")
        return words.format(subject=subject, seat=seat_name(ballot["asked"][0]))
    votes = ", ".join(
        _("{seat} {vote}").format(seat=seat_name(s), vote=_("yes") if v == "yes" else _("no"))
        for s, v in sorted(ballot["votes"].items())
    )
    rule = rule_text(ballot)
    if mine:
        words = _("{subject}. Vote yes or no ({rule}; so far: {votes}).")
        return words.format(subject=subject, rule=rule, votes=votes)
    words = _("{subject}. Waiting for {seats} to vote ({rule}; so far: {votes}).")
    return words.format(subject=subject, seats=_names(state.active_seats()), rule=rule, votes=votes)


def _collection_prompt(state: ResourcedState, seat: int | None, mine: bool) -> str:
    ctx = state.ctx
    phase = state.phase
    givers = _names(state.givers())
    if phase == "penalty":
        what = ngettext(
            "Upkeep penalty: {left} card missed must be Wasted from the players' hands",
            "Upkeep penalty: {left} cards missed must be Wasted from the players' hands",
            ctx["left"],
        ).format(left=ctx["left"])
    elif phase == "supply":
        words = _("Social Housing Upkeep: {left} {resource} still needed for the Social Housing")
        what = words.format(left=ctx["left"], resource=resource(ctx["res"]))
    elif phase == "pay":
        words = _("Flood: 1 {resource} replants the Community Garden on hex {cell}")
        what = words.format(resource=resource(ctx["res"]), cell=ctx["cell"])
    else:
        words = _("{event}: {left} more {resource} pledged pay for {fix}; otherwise {consequence}")
        what = words.format(
            event=_(state.tables.event_name[state.event]),
            left=ctx["left"],
            resource=resource(ctx["res"]),
            fix=state.fix_name(),
            consequence=unfixed_text(state),
        )
    if not mine:
        n = len(state.givers())
        said = ngettext(
            "{what}. Waiting for {seats}, who holds some.", "{what}. Waiting for {seats}, who hold some.", n
        )
        return said.format(what=what, seats=givers)
    assert seat is not None
    if phase == "fix":
        return _("{what}. Pledge a card of yours, or pledge no more.").format(what=what)
    if state.may_stand_down(seat):
        return _("{what}. Give a card of yours, or let the others.").format(what=what)
    return _("{what}. The others cannot cover it: give a card of yours.").format(what=what)


def _turn_prompt(state: ResourcedState, mine: bool) -> str:
    phase = state.phase
    seat = state.turn_seat
    tile = _hex(state, state.pos[seat])
    if phase == "trade":
        assert state.deal is not None
        # a trade declined this turn is not offered again, nor one put aside put aside again
        offer, aside = not state.was_declined(state.deal), not state.was_put_aside(state.deal)
        if offer and aside:
            words = _(
                "putting together a trade with {partner} ({trade}); offer it, add cards, or put it aside"
            )
        elif offer:
            words = _("putting together a trade with {partner} ({trade}); offer it or add cards")
        elif aside:
            words = _("putting together a trade with {partner} ({trade}); change it or put it aside")
        else:
            words = _("putting together a trade with {partner} ({trade}); change it")
        trade = trade_text(state) if mine else deal_text(state, seat)  # never "you" for another seat
        what = words.format(partner=seat_name(state.deal["with"]), trade=trade)
    elif phase == "action":
        words = _("Action {n} of 2 on {tile}: Gather, Craft or Operate (trading allowed)")
        what = words.format(n=state.action_no, tile=tile)
    elif phase == "move":
        words = ngettext(
            "move up to {n} tile from {tile} (spun {spin}), then take the second Action (trading allowed)",
            "move up to {n} tiles from {tile} (spun {spin}), then take the second Action (trading allowed)",
            state.moves,
        )
        what = words.format(n=state.moves, tile=tile, spin=state.spin)
    elif phase == "end":
        if state.crafts_left:
            what = _("craft a second item at BGCS, trade, or end the turn")
        else:
            what = _("trade, or end the turn")
    elif phase == "discard":
        words = _("Waste cards down to the hand limit of {limit} ({held} held)")
        what = words.format(limit=state.hand_limit(), held=sum(state.hands[seat]))
    elif phase == "any":
        what = _("choose the next card of the Gather at BGCS")
    elif phase == "shop":
        words = _("at the Shopping Center: get cards from the bank ({n} so far), then Waste as many")
        what = words.format(n=state.ctx["got"])
    else:
        left = state.ctx["left"]
        what = ngettext(
            "Waste {left} card from the bank for the Shopping Center",
            "Waste {left} cards from the bank for the Shopping Center",
            left,
        ).format(left=left)
    if mine:
        return _("Your turn: {what}.").format(what=what)
    return _("{seat}'s turn: {what}.").format(seat=seat_name(seat), what=what)


Prompt = Callable[["ResourcedState", bool, str], str]
"""A decision's prompt: (state, whether the reader decides, the name of the seat deciding)."""


def _choice_prompt(question: Callable[[ResourcedState], str]) -> Prompt:
    """A choice's prompt: the proposer proposes (or decides, when everyone has proposed)."""

    def made(state: ResourcedState, mine: bool, who: str) -> str:
        what = question(state)
        if _final(state):
            if mine:
                return _("{what} Every player has proposed without a majority: you decide.").format(what=what)
            words = _("{what} Every player has proposed without a majority: {seat} decides.")
        elif mine:
            return _("{what} Propose one; the table votes (a majority carries it).").format(what=what)
        else:
            words = _("{what} Waiting for {seat} to propose one; the table will vote.")
        return words.format(what=what, seat=who)

    return made


def _own_prompt(mine_text: Callable[[], str], other_text: Callable[[], str]) -> Prompt:
    """The prompt of a decision an Event gives to one player."""
    return lambda state, mine, who: mine_text() if mine else other_text().format(seat=who)


def _pick_prompt(state: ResourcedState, mine: bool, who: str) -> str:
    left = state.ctx["left"]
    if state.phase == "penalty":
        what = ngettext(
            "Upkeep penalty: nobody holds a card, so {left} card is Wasted from the Resource Bank.",
            "Upkeep penalty: nobody holds a card, so {left} cards are Wasted from the Resource Bank.",
            left,
        )
    else:
        what = ngettext(
            "Social Housing Upkeep: {left} card is Wasted from the Resource Bank; "
            "the players choose their types in turn.",
            "Social Housing Upkeep: {left} cards are Wasted from the Resource Bank; "
            "the players choose their types in turn.",
            left,
        )
    what = what.format(left=left)
    if mine:
        return _("{what} Choose the type of the next card.").format(what=what)
    return _("{what} Waiting for {seat} to choose the next card.").format(what=what, seat=who)


PROMPTS: dict[str, Prompt] = {
    "setup": _choice_prompt(lambda st: _("Setup: which tile takes the last spot of Ring 1?")),
    "place": _choice_prompt(
        lambda st: _("Where does the {item} go?").format(item=named(st.tables, st.ctx["item"]))
    ),
    "carya": _choice_prompt(lambda st: _("Join CARYA: which Resource Tile gets a free Upgrade?")),
    "remove": _choice_prompt(lambda st: _("Vandalism was not fixed: which Shipping Container is removed?")),
    "cat": _choice_prompt(lambda st: _("Propurrrty Damage: which player Wastes a card of their choice?")),
    "upkeep_waste": _pick_prompt,
    "penalty": _pick_prompt,
    "heat_choice": _own_prompt(
        lambda: _("Heat Wave: you are not on a Heat Haven or BGCS; Use one Food or one Water."),
        lambda: _("Heat Wave: waiting for {seat} to Use one Food or one Water."),
    ),
    "cat_discard": _own_prompt(
        lambda: _("Propurrrty Damage: Waste a card of your choice."),
        lambda: _("Propurrrty Damage: waiting for {seat} to Waste a card of their choice."),
    ),
}
"""The prompt of each decision outside turns, votes and collections."""
assert CHOICES <= PROMPTS.keys() and OWN_PHASES <= PROMPTS.keys()


# ----- refusals --------------------------------------------------------------------------------------
def explain(state: ResourcedState, seat: int, action: Action) -> str | None:
    """Why ``action`` is refused to ``seat`` (an active seat) now, in the rulebook's words."""
    fn = REFUSALS.get(action.kind)
    return fn(state, seat, action) if fn is not None else None


def _refuse_craft(state: ResourcedState, seat: int, action: Action) -> str | None:
    t = state.tables
    item = CRAFT.read(action).item
    name = named(t, item)
    if state.phase not in ("action", "end"):
        return _("crafting is an Action, taken before or after moving")
    if state.tiles[state.pos[seat]] != "bgcs":
        return _("crafting is only possible on the BGCS Tile")
    if state.phase == "end" and not state.crafts_left:
        return _("a second craft is allowed only when the movement ended on BGCS")
    cost = t.craft_cost(item, state.ring)
    if not state.can_pay(seat, cost):
        words = _("you cannot pay the {item}'s crafting cost: {cost}; {have}")
        return words.format(item=name, cost=cards(cost), have=have(state.hands[seat], cost))
    if state.count[item] >= t.pieces[item]:
        return _("no {item} piece is left in the box (it holds {n})").format(item=name, n=t.pieces[item])
    return _("there is no valid place for a {item}").format(item=name)


def _refuse_trade(state: ResourcedState, seat: int, action: Action) -> str | None:
    if state.phase not in ("action", "move", "end", "trade"):
        return _("trading is allowed between the steps of your turn, not in the middle of one")
    other = (GIVE if action.kind == GIVE.name else TAKE).read(action).seat - 1
    if other == seat:
        return _("a trade is with another player")
    if state.trade_room() <= 0:
        return _("the Trade Limit of {n} cards this turn is reached").format(n=state.trade_limit())
    partner = state.deal["with"] if state.deal is not None else state.partner
    if partner >= 0 and other != partner:
        return _("a player trades with 1 other player per turn: {seat}").format(seat=seat_name(partner))
    if other not in state.chain(seat):
        return _("trading needs the same tile, an adjacent tile or a chain of players")
    giving = action.kind == GIVE.name
    r = RESOURCE_INDEX[(GIVE if giving else TAKE).read(action).resource]
    deal = state.deal
    asked = deal["give" if giving else "take"][r] if deal is not None else 0
    if state.hands[seat if giving else other][r] > asked:
        return _("that trade was declined and put aside this turn, and no card could change it any more")
    if giving:
        return _("you hold no more such cards to give")
    return _("{seat} holds no more such cards").format(seat=seat_name(other))


def _refuse_own(state: ResourcedState, seat: int, action: Action) -> str | None:
    """``supply``, ``shed`` and ``pay`` name the seat giving: only one's own cards."""
    named = action.args[0]
    assert isinstance(named, int)
    if named != seat + 1:
        words = _("each player gives only from their own hand: {seat} decides about theirs")
        return words.format(seat=seat_name(named - 1))
    return _("you hold no such card")


def _refuse_done(state: ResourcedState, seat: int, action: Action) -> str | None:
    if state.phase not in ("supply", "penalty", "pay"):
        return None
    others = sum(state.spare(s) for s in state.givers() if s != seat)
    words = _("the others still giving hold only {n} of the {left} cards needed: you must give one")
    return words.format(n=others, left=state.ctx["left"])


def _refuse_move(state: ResourcedState, seat: int, action: Action) -> str | None:
    if state.phase != "move":
        return _("you move after your first Action")
    words = ngettext(
        "you may move up to {n} tile (spun {spin}), over placed tiles only",
        "you may move up to {n} tiles (spun {spin}), over placed tiles only",
        state.moves,
    )
    return words.format(n=state.moves, spin=state.spin)


def _refuse_operate(state: ResourcedState, seat: int, action: Action) -> str | None:
    t = state.tables
    cell = state.pos[seat]
    tile = state.tiles[cell]
    if tile == "recycler":
        if state.recycled:
            return _("each player can only Operate a Recycler once per turn")
        if not state.waste:
            return _("the Waste Pile is empty: the Recycler has no Waste to remove")
        cost = t.recycler_operating
        words = _("you cannot pay the Recycler's operating cost: {cost}; {have}")
        return words.format(cost=cards(cost), have=have(state.hands[seat], cost))
    upgrade = state.upgrades[cell]
    if tile == "bgcs":
        return _("the Shopping Center needs a Bus Stop on BGCS and 2 cards in the bank")
    if upgrade is None or not any(t.operation[upgrade][0]):
        return _("there is no Upgrade to Operate on this tile")
    cost = t.operation[upgrade][0]
    words = _("you cannot pay the {upgrade}'s Operation: {cost}; {have}")
    return words.format(upgrade=named(t, upgrade), cost=cards(cost), have=have(state.hands[seat], cost))


def _refuse_vote(state: ResourcedState, seat: int, action: Action) -> str | None:
    if state.phase != "vote":
        return _("no question is put to the table now")
    return None


def _refuse_proposal(state: ResourcedState, seat: int, action: Action) -> str | None:
    if state.phase in CHOICES or state.phase == "carya":
        return _("that is not one of the places or players the rules allow")
    return _("nothing is being chosen now")


def _refuse_offer(state: ResourcedState, seat: int, action: Action) -> str | None:
    if state.deal is None:
        return _("put a trade together first: give or ask for a card")
    if state.was_put_aside(state.deal):
        return _("{seat} declined this very trade this turn: change it").format(
            seat=seat_name(state.deal["with"])
        )
    return _("{seat} declined this very trade this turn: change it or put it aside").format(
        seat=seat_name(state.deal["with"])
    )


def _refuse_withdraw(state: ResourcedState, seat: int, action: Action) -> str | None:
    if state.deal is None:
        return _("no trade is being put together")
    return _("you put this very trade aside already this turn: offer it or change it")


def _refuse_pass(state: ResourcedState, seat: int, action: Action) -> str | None:
    if state.phase == "action":
        return _("an Action must be taken when one is available")
    return None


def _refuse_gather(state: ResourcedState, seat: int, action: Action) -> str | None:
    if state.tiles[state.pos[seat]] == "bgcs":
        return _("at BGCS, Gather names the Resource: gather_any <resource>")
    if state.phase != "action":
        return _("Gathering is an Action, taken before or after moving")
    return _("the Resource Bank has no such card left")


REFUSALS: dict[str, Callable[[ResourcedState, int, Action], str | None]] = {
    CRAFT.name: _refuse_craft,
    GIVE.name: _refuse_trade,
    TAKE.name: _refuse_trade,
    SUPPLY.name: _refuse_own,
    SHED.name: _refuse_own,
    PAY.name: _refuse_own,
    DONE.name: _refuse_done,
    MOVE.name: _refuse_move,
    OPERATE.name: _refuse_operate,
    VOTE.name: _refuse_vote,
    PLACE.name: _refuse_proposal,
    REMOVE.name: _refuse_proposal,
    CHOOSE.name: _refuse_proposal,
    OFFER.name: _refuse_offer,
    WITHDRAW.name: _refuse_withdraw,
    PASS.name: _refuse_pass,
    GATHER.name: _refuse_gather,
}
"""The reason for refusing each kind of action, where the rules give one."""


# ----- log lines -------------------------------------------------------------------------------------
def describe(state: ResourcedState, seat: int, action: Action) -> str:
    """The log line of an action, in the third person: who did what, briefly (labels speak to the
    seat acting and carry hints a log does not need). Made at every step, so kept cheap."""
    return LOG_LINES[action.kind](state, seat, action, seat_name(seat))


def deal_text(state: Table, seat: int) -> str:
    """The trade in progress from outside: ``Seat 1 gives 1 Wood for 1 Metal``."""
    deal = state.deal
    assert deal is not None
    return deal_words(deal, seat)


def deal_words(deal: dict[str, Any], seat: int) -> str:
    """A trade that ``seat`` made, from outside (``deal`` as in ``state.deal``)."""
    by = seat_name(seat)
    if not any(deal["take"]):
        return _("{by} gives {give}").format(by=by, give=cards(deal["give"]))
    if not any(deal["give"]):
        return _("{by} asks for {take}").format(by=by, take=cards(deal["take"]))
    return _("{by} gives {give} for {take}").format(by=by, give=cards(deal["give"]), take=cards(deal["take"]))


def _short_hex(state: ResourcedState, cell: int) -> str:
    """A hex in a log line: ``the Food Forest (hex 14)``, ``hex 14`` when empty, ``BGCS``."""
    tile = state.tiles[cell]
    if tile is None:
        return _("hex {cell}").format(cell=cell)
    if tile == "bgcs":
        return _("BGCS")
    return _("the {tile} (hex {cell})").format(tile=named(state.tables, tile), cell=cell)


LogLine = Callable[["ResourcedState", int, Action, str], str]
"""A log line: (state before the action, seat, action, the seat's name) → the line."""


def _log_move(state: ResourcedState, seat: int, action: Action, who: str) -> str:
    cell = MOVE.read(action).cell
    where = _short_hex(state, cell)
    if cell == state.pos[seat]:
        return _("{seat} stays on {hex}.").format(seat=who, hex=where)
    return _("{seat} moves to {hex}.").format(seat=who, hex=where)


def _log_vote(state: ResourcedState, seat: int, action: Action, who: str) -> str:
    assert state.ballot is not None
    yes = VOTE.read(action).choice == "yes"
    if state.ballot["subject"] == "trade":
        return (_("{seat} accepts.") if yes else _("{seat} declines.")).format(seat=who)
    return (_("{seat} votes yes.") if yes else _("{seat} votes no.")).format(seat=who)


def _log_offer(state: ResourcedState, seat: int, action: Action, who: str) -> str:
    assert state.deal is not None
    words = _("{seat} offers {partner} a trade: {trade}.")
    return words.format(seat=who, partner=seat_name(state.deal["with"]), trade=deal_text(state, seat))


def _log_card(template: Callable[[], str], of: Callable[[ResourcedState, Action], int]) -> LogLine:
    """A log line naming one card's Resource: ``template`` has ``{seat}`` and ``{resource}``."""
    return lambda state, seat, action, who: template().format(seat=who, resource=resource(of(state, action)))


def _named(kind: Any) -> Callable[[ResourcedState, Action], int]:
    """The Resource an action of ``kind`` names by word."""
    return lambda state, action: RESOURCE_INDEX[kind.read(action).resource]


def _collected(state: ResourcedState, action: Action) -> int:
    """The Resource of the collection in progress."""
    return int(state.ctx["res"])


def _log_trade_card(kind: Any, template: Callable[[], str]) -> LogLine:
    def line(state: ResourcedState, seat: int, action: Action, who: str) -> str:
        a = kind.read(action)
        partner = seat_name(a.seat - 1)
        return template().format(seat=who, partner=partner, resource=resource(RESOURCE_INDEX[a.resource]))

    return line


def _log_gather(state: ResourcedState, seat: int, action: Action, who: str) -> str:
    cell = state.pos[seat]
    r = state.tables.produces[state.tile_at(cell)]
    n = min(state.bank[r], state.gather_amount(cell))
    words = _("{seat} Gathers {n} {resource} on {hex}.")
    return words.format(seat=who, n=n, resource=resource(r), hex=_short_hex(state, cell))


def _log_operate(state: ResourcedState, seat: int, action: Action, who: str) -> str:
    t = state.tables
    cell = state.pos[seat]
    tile = state.tile_at(cell)
    if tile == "bgcs":
        return _("{seat} goes to the Shopping Center.").format(seat=who)
    if tile == "recycler":
        n = min(len(state.waste), t.recycler_removal[RING[cell] - 1])
        words = ngettext(
            "{seat} Operates the Recycler (hex {cell}): {n} Waste card Recycled.",
            "{seat} Operates the Recycler (hex {cell}): {n} Waste cards Recycled.",
            n,
        )
        return words.format(seat=who, cell=cell, n=n)
    upgrade = state.upgrades[cell]
    assert upgrade is not None
    words = _("{seat} Operates the {upgrade}: {operation}.")
    return words.format(seat=who, upgrade=named(t, upgrade), operation=operation_text(t, upgrade))


def _log_craft(state: ResourcedState, seat: int, action: Action, who: str) -> str:
    t = state.tables
    item = CRAFT.read(action).item
    words = _("{seat} crafts a {item} for {cost}.")
    return words.format(seat=who, item=named(t, item), cost=cards(t.craft_cost(item, state.ring)))


def _log_proposal(state: ResourcedState, seat: int, action: Action, who: str) -> str:
    text = proposal_text(state, state.phase, action)
    if _final(state):
        return _("{seat} decides: {what}.").format(seat=who, what=text)
    return _("{seat} proposes: {what}.").format(seat=who, what=text)


def _log_discard(state: ResourcedState, seat: int, action: Action, who: str) -> str:
    r = RESOURCE_INDEX[DISCARD.read(action).resource]
    return _("{seat} Wastes 1 {resource} from their hand.").format(seat=who, resource=resource(r))


def _fixed(template: Callable[[], str]) -> LogLine:
    """A log line that names only the seat."""
    return lambda state, seat, action, who: template().format(seat=who)


LOG_LINES: dict[str, LogLine] = {
    CHOOSE_SIXTH.name: _log_proposal,
    PLACE.name: _log_proposal,
    REMOVE.name: _log_proposal,
    CHOOSE.name: _log_proposal,
    MOVE.name: _log_move,
    VOTE.name: _log_vote,
    OFFER.name: _log_offer,
    WITHDRAW.name: _fixed(lambda: _("{seat} puts the trade aside.")),
    GIVE.name: _log_trade_card(GIVE, lambda: _("{seat} puts 1 {resource} into a trade with {partner}.")),
    TAKE.name: _log_trade_card(TAKE, lambda: _("{seat} asks {partner} for 1 {resource} in a trade.")),
    WASTE.name: _log_card(lambda: _("{seat} Wastes 1 {resource} from the Resource Bank."), _named(WASTE)),
    SUPPLY.name: _log_card(lambda: _("{seat} sources 1 {resource} for a Social Housing."), _collected),
    SHED.name: _log_card(lambda: _("{seat} Wastes 1 {resource} for the Upkeep penalty."), _named(SHED)),
    PAY.name: _log_card(lambda: _("{seat} gives 1 {resource} to replant the Community Garden."), _collected),
    DONE.name: _fixed(lambda: _("{seat} gives no more and lets the others.")),
    FIX.name: _log_card(lambda: _("{seat} pledges 1 {resource} to the fix."), _collected),
    LET_GO.name: _fixed(lambda: _("{seat} pledges no more.")),
    DISCARD.name: _log_discard,
    USE.name: _log_card(lambda: _("{seat} Uses 1 {resource} against the Heat Wave."), _named(USE)),
    GATHER.name: _log_gather,
    GATHER_ANY.name: _log_card(lambda: _("{seat} Gathers 1 {resource} at BGCS."), _named(GATHER_ANY)),
    CRAFT.name: _log_craft,
    OPERATE.name: _log_operate,
    PASS.name: _fixed(lambda: _("{seat} has no Action to take on this tile.")),
    SHOP.name: _log_card(lambda: _("{seat} gets 1 {resource} at the Shopping Center."), _named(SHOP)),
    SHOP_DONE.name: _fixed(lambda: _("{seat} leaves the Shopping Center.")),
    END_TURN.name: _fixed(lambda: _("{seat} ends their turn.")),
}
"""The log line of every action kind."""
