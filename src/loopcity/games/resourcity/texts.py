"""What people read: the label of every action, the prompt of every decision, and the log lines.

Labels are worded from the content (tile, crop and Crisis names, costs, the Superpowers' figures) in
the rulebook's vocabulary and name places as they are read off the board (``C3``, ``the top-left
corner of C3``). The group of a label is the what (``Replace a tile with the Curve road from the
hand (3 Fuel)``), its text the where. Labels for building say what the change does to the Farms.

Log lines (``describe``) are the acting seat's name and the label's words without the hints that
depend on the whole board, kept per what they depend on (they are written at every step)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from loopcity.engine import Action, ActionKind
from loopcity.engine.table import answer_label, rule_text
from loopcity.engine.text import LANGUAGE, Label, Texts

from .actions import (
    COMPOST,
    DISCARD,
    END,
    EXCHANGE,
    GROW,
    HARVEST,
    MOVE,
    ORIENT,
    PLANT,
    PROPOSE,
    RELOCATE,
    REPLACE,
    ROTATE,
    START,
    SWAP,
    TELEPORT,
    TO,
    VOTE,
    Crop,
    Orient,
    Plant,
    Plot,
    Replace,
    Rotate,
    Seat,
    Slot,
    Tile,
)
from .board import farm_count, farms_after
from .catalogue import _, ngettext
from .legal import replace_cost, rotate_cost
from .words import (
    amount,
    cost_text,
    loss_words,
    place_name,
    plot_name,
    power_title,
    resource_name,
    roads_words,
    seat_words,
    tile_name,
)

if TYPE_CHECKING:
    from loopcity.engine.table import Ballot

    from .rules import ResourcityState

TEXTS = Texts["ResourcityState"]()


# ----- hints: what a change of the board does to the Farms ----------------------------------------
def _farm_hint(s: ResourcityState, t: int, kind: str, rot: int) -> str:
    """`` — closes a Farm`` or `` — breaks a Farm: 2 crops lost`` when tile ``t`` becomes ``kind``
    turned ``rot``; empty when the Farms stay as they are."""
    kinds, rots = list(s.grid_kind), list(s.grid_rot)
    kinds[t], rots[t] = kind, rot
    farm = farms_after(s.tables.geo, s.farm, kinds, rots, (t,))
    before, after = farm_count(s.farm), farm_count(farm)
    lost = sum(1 for p in s.crop if farm[p] < 0)
    if lost:
        return ngettext(" — breaks a Farm: {n} crop lost", " — breaks a Farm: {n} crops lost", lost).format(
            n=lost
        )
    if after > before:
        return ngettext(" — closes a Farm", " — closes {n} Farms", after - before).format(n=after - before)
    if after < before:
        return _(" — opens a Farm's loop (no crops on it)")
    return ""


def _roads(s: ResourcityState, kind: str, rot: int) -> str:
    return roads_words(s.content, kind, s.tables.geo.exits[(kind, rot)], rot)


def _tile_kind_name(s: ResourcityState, kind: str) -> str:
    return _(s.tables.event_names[kind])


def _yield_text(s: ResourcityState, crop_id: str) -> str:
    crop = s.crop_of(crop_id)
    return _("+{amount}").format(amount=amount(crop.amount, crop.yields))


# ----- the words of each action kind (hints: the parts that read the whole board) ------------------
def _end(s: ResourcityState, seat: int, hints: bool) -> Label:
    hand = s.content.turn.hand_size
    draw = (
        _("discard 1 tile and draw 1")
        if len(s.hands[seat]) >= hand
        else ngettext("draw up to {n} tile", "draw up to {n} tiles", hand).format(n=hand)
    )
    if hints and s.actions_left > 0:
        left = ngettext("{n} Action unused", "{n} Actions unused", s.actions_left).format(n=s.actions_left)
        return Label(_("End your turn now, leaving {left}; then {draw}").format(left=left, draw=draw))
    return Label(_("End the turn; then {draw}").format(draw=draw))


def _move(s: ResourcityState, seat: int, a: Tile, hints: bool) -> Label:
    group = _("Move along the road (1 Action, free)")
    if not hints:  # a log line
        return Label(_("Move to {tile}").format(tile=tile_name(a.tile)), group)
    return Label(_("Move to {place}").format(place=place_name(s.content, s.grid_kind[a.tile], a.tile)), group)


def _teleport(s: ResourcityState, seat: int, a: Tile, hints: bool) -> Label:
    return Label(
        _("Teleport to the Community Centre at {tile}").format(tile=tile_name(a.tile)),
        _("Teleport between Community Centres (1 Action, free)"),
    )


def _rotate(s: ResourcityState, seat: int, a: Rotate, hints: bool) -> Label:
    kind = s.grid_kind[a.tile]
    rot = (s.grid_rot[a.tile] + (1 if a.way == "cw" else 3)) % 4
    cost = cost_text({"fuel": rotate_cost(s)})
    way = _("clockwise") if a.way == "cw" else _("anticlockwise")
    name, tile = _tile_kind_name(s, kind), tile_name(a.tile)
    if hints:
        text = _("Rotate the {name} on {tile} a quarter turn {way} ({cost}): {roads}{farms}").format(
            name=name,
            tile=tile,
            way=way,
            cost=cost,
            roads=_roads(s, kind, rot),
            farms=_farm_hint(s, a.tile, kind, rot),
        )
    else:  # a log line
        text = _("Rotate {tile} a quarter turn {way} ({cost})").format(tile=tile, way=way, cost=cost)
    return Label(text, _("Rotate a tile (1 Action, {cost})").format(cost=cost))


def _replace(s: ResourcityState, seat: int, a: Replace, hints: bool) -> Label:
    new = _tile_kind_name(s, s.hands[seat][a.slot])
    cost = cost_text({"fuel": replace_cost(s, seat, s.hands[seat][a.slot])})
    tile = tile_name(a.tile)
    if not hints:  # a log line: what was laid where
        return Label(
            _("Replace the tile on {tile} with the {new} from the hand ({cost})").format(
                tile=tile, new=new, cost=cost
            )
        )
    group = _("Replace a tile with the {new} from the hand (1 Action, {cost})").format(new=new, cost=cost)
    old = _tile_kind_name(s, s.grid_kind[a.tile])
    turns = s.tables.geo.rotations[s.hands[seat][a.slot]]
    if len(turns) > 1:
        text = _(
            "Replace the {old} on {tile} with the {new} from the hand ({cost}), then choose how to turn it"
        )
        return Label(text.format(old=old, tile=tile, new=new, cost=cost), group)
    farms = _farm_hint(s, a.tile, s.hands[seat][a.slot], turns[0])
    text = _("Replace the {old} on {tile} with the {new} from the hand ({cost}){farms}")
    return Label(text.format(old=old, tile=tile, new=new, cost=cost, farms=farms), group)


def _orient(s: ResourcityState, seat: int, a: Orient, hints: bool) -> Label:
    slot, t = s.pending
    kind = s.hands[seat][slot]
    if not hints:  # a log line
        return Label(
            _("Lay the {name} with {roads}").format(
                name=_tile_kind_name(s, kind), roads=_roads(s, kind, a.turns)
            )
        )
    text = _("Lay it with {roads}{farms}").format(
        roads=_roads(s, kind, a.turns), farms=_farm_hint(s, t, kind, a.turns)
    )
    group = _("Turn the {name} you are laying on {tile}").format(
        name=_tile_kind_name(s, kind), tile=tile_name(t)
    )
    return Label(text, group)


def _plant(s: ResourcityState, seat: int, a: Plant, hints: bool) -> Label:
    crop = s.crop_of(a.crop)
    cost = cost_text(crop.cost)
    name = _(crop.name)
    text = _("Plant {crop} on {plot} ({cost})").format(
        crop=name, plot=plot_name(a.plot, s.pos[seat]), cost=cost
    )
    group = _("Plant {crop} (1 Action, {cost}): {tokens} crop tokens to Harvest, then {gain}").format(
        crop=name, cost=cost, tokens=crop.tokens, gain=_yield_text(s, a.crop)
    )
    return Label(text, group)


def _grow(s: ResourcityState, seat: int, a: Plot, hints: bool) -> Label:
    crop_id = s.crop.get(a.plot, "")
    name = _(s.crop_of(crop_id).name) if crop_id else _("crop")
    text = _("Grow the {crop} on {plot}").format(crop=name, plot=plot_name(a.plot, s.pos[seat]))
    if hints and crop_id:
        need = s.needed(a.plot) - 1
        text += (
            _(": ready to Harvest after this")
            if need <= 0
            else ngettext(": {n} more crop token to go", ": {n} more crop tokens to go", need).format(n=need)
        )
    return Label(text, _("Grow: 1 more crop token (1 Action, free)"))


def _harvest(s: ResourcityState, seat: int, a: Plot, hints: bool) -> Label:
    crop_id = s.crop.get(a.plot, "")
    name = _(s.crop_of(crop_id).name) if crop_id else _("crop")
    text = _("Harvest the {crop} on {plot}").format(crop=name, plot=plot_name(a.plot, s.pos[seat]))
    if hints and crop_id:
        text += _(": worth {gain} at a Community Centre").format(gain=_yield_text(s, crop_id))
    return Label(text, _("Harvest a ready Plot (1 Action, free)"))


def _exchange(s: ResourcityState, seat: int, a: Crop, hints: bool) -> Label:
    crop = s.crop_of(a.crop)
    name = _(crop.name)
    text = _("Exchange the {crop} harvest for its {resource}").format(
        crop=name, resource=resource_name(crop.yields)
    )
    if hints:
        got = min(crop.amount, s.used[crop.yields])
        text = _("Exchange the {crop} harvest for {gain}").format(crop=name, gain=amount(got, crop.yields))
        if got < crop.amount:
            text += _(" (the crop gives {n}, but only {got} are in the Used pile)").format(
                n=crop.amount, got=got
            )
    return Label(text, _("Exchange harvests on a Community Centre (no Action)"))


def _swap(s: ResourcityState, seat: int, a: Seat, hints: bool) -> Label:
    other = a.seat - 1
    n = s.content.superpowers.planner_actions
    if not hints:  # a log line
        text = ngettext(
            "Planner: swap the tile underfoot with the tile under {seat} ({n} Action)",
            "Planner: swap the tile underfoot with the tile under {seat} ({n} Actions)",
            n,
        )
        return Label(text.format(seat=seat_words(s.powers, other), n=n))
    here, there = s.pos[seat], s.pos[other]
    text = ngettext(
        "Planner: swap the {mine} under you on {here} with the {theirs} under {seat} on {there} ({n} Action)",
        "Planner: swap the {mine} under you on {here} with the {theirs} under {seat} on {there} ({n} Actions)",
        n,
    ).format(
        mine=_tile_kind_name(s, s.grid_kind[here]),
        here=tile_name(here),
        theirs=_tile_kind_name(s, s.grid_kind[there]),
        seat=seat_words(s.powers, other),
        there=tile_name(there),
        n=n,
    )
    return Label(text)


def _relocate(s: ResourcityState, seat: int, a: Seat, hints: bool) -> Label:
    n = s.content.superpowers.policy_maker_actions
    if a.seat - 1 == seat:
        return Label(_("Policy Maker: move your own token to any tile ({n} Actions)").format(n=n))
    return Label(
        _("Policy Maker: move the token of {seat} to any tile ({n} Actions)").format(
            seat=seat_words(s.powers, a.seat - 1), n=n
        )
    )


def _to(s: ResourcityState, seat: int, a: Tile, hints: bool) -> Label:
    target = seat_words(s.powers, s.pending[0] if s.pending else seat)
    group = _("Where the Policy Maker sends the token")
    if not hints:
        return Label(
            _("Send the token of {seat} to {tile}").format(seat=target, tile=tile_name(a.tile)), group
        )
    place = place_name(s.content, s.grid_kind[a.tile], a.tile)
    return Label(_("Send the token of {seat} to {place}").format(seat=target, place=place), group)


def _discard(s: ResourcityState, seat: int, a: Slot, hints: bool) -> Label:
    name = _tile_kind_name(s, s.hands[seat][a.slot]) if a.slot < len(s.hands[seat]) else "?"
    return Label(_("Discard the {tile} from the hand, then draw 1 tile").format(tile=name))


def _compost(s: ResourcityState, seat: int, a: Plot, hints: bool) -> Label:
    text = _("Put a Compost token on {plot}").format(plot=plot_name(a.plot))
    crop_id = s.crop.get(a.plot)
    if hints and crop_id is not None and s.crop_of(crop_id).compost:
        text += _(" ({crop}: 1 crop token fewer to Harvest)").format(crop=_(s.crop_of(crop_id).name))
    left = s.pending[0] if s.phase == "compost" and s.pending else 1
    group = ngettext(
        "Compost Day: {n} Compost token left to place", "Compost Day: {n} Compost tokens left to place", left
    ).format(n=left)
    return Label(text, group if hints else "")


def _start(s: ResourcityState, seat: int, a: Tile, hints: bool) -> Label:
    text = _("Start on the Community Centre at {tile}").format(tile=tile_name(a.tile))
    there = [o for o, t in enumerate(s.pos) if t == a.tile and o != seat]
    if hints and there:
        text += _(" (with {seats})").format(seats=", ".join(seat_words(s.powers, o) for o in there))
    return Label(text, _("Step 8: put your token on a Community Centre"))


def _first(s: ResourcityState, seat: int, a: Seat, hints: bool) -> Label:
    return Label(
        _("Propose that {seat} starts first").format(seat=seat_words(s.powers, a.seat - 1)),
        _("Step 9: propose who starts first (the table votes)"),
    )


def _vote(s: ResourcityState, seat: int, a: Any, hints: bool) -> Label:
    ballot = s.ballot
    if ballot is None:
        return Label(_("Vote yes") if a.choice == "yes" else _("Vote no"))
    if hints:
        return Label(answer_label(worded(s, ballot), a.choice))
    yes = a.choice == "yes"
    if ballot["subject"] == "first":  # a log line
        seat_first = seat_words(s.powers, int(ballot["data"]))
        text = _("Vote yes on {seat} starting first") if yes else _("Vote no on {seat} starting first")
        return Label(text.format(seat=seat_first))
    tile = tile_name(ballot["data"][1])
    text = _("Accept being moved to {tile}") if yes else _("Decline being moved to {tile}")
    return Label(text.format(tile=tile))


def subject_words(s: ResourcityState, ballot: Ballot) -> str:
    """The question of a ballot in words (the table's one question: who starts first)."""
    return _("{by} proposes that {seat} starts first").format(
        by=seat_words(s.powers, ballot["by"]), seat=seat_words(s.powers, int(ballot["data"]))
    )


def worded(s: ResourcityState, ballot: Ballot) -> Ballot:
    """A copy of the ballot whose subject is in words (the state keeps a short key)."""
    copy = dict(ballot)
    copy["subject"] = subject_words(s, ballot)
    return copy  # type: ignore[return-value]


_WORDS: dict[str, Callable[[ResourcityState, int, Any, bool], Label]] = {
    MOVE.name: _move,
    TELEPORT.name: _teleport,
    ROTATE.name: _rotate,
    REPLACE.name: _replace,
    ORIENT.name: _orient,
    PLANT.name: _plant,
    GROW.name: _grow,
    HARVEST.name: _harvest,
    EXCHANGE.name: _exchange,
    SWAP.name: _swap,
    RELOCATE.name: _relocate,
    TO.name: _to,
    DISCARD.name: _discard,
    COMPOST.name: _compost,
    START.name: _start,
    PROPOSE.name: _first,
    VOTE.name: _vote,
}


def words(s: ResourcityState, seat: int, action: Action, hints: bool = True) -> Label:
    """The label of ``action`` for ``seat`` (``hints``: with what it does to the Farms and counts)."""
    if action.kind == END.name:
        return _end(s, seat, hints)
    kind = s.game.spec.action_space.kind(action.kind)
    return _WORDS[action.kind](s, seat, kind.read(action), hints)


def _labeller(name: str) -> Callable[[ResourcityState, int, Any], Label]:
    """The labeller of one kind: its words, with their hints."""
    if name == END.name:
        return lambda s, seat, a: _end(s, seat, True)
    fn = _WORDS[name]
    return lambda s, seat, a: fn(s, seat, a, True)


_KINDS: tuple[ActionKind[Any], ...] = (END, MOVE, TELEPORT, ROTATE, REPLACE, ORIENT, PLANT, GROW, HARVEST)
_KINDS += (EXCHANGE, SWAP, RELOCATE, TO, DISCARD, COMPOST, START, PROPOSE, VOTE)
for _kind in _KINDS:
    TEXTS.label(_kind)(_labeller(_kind.name))


# ----- log lines ------------------------------------------------------------------------------------
def _vote_key(s: ResourcityState, seat: int, a: Action) -> tuple[object, ...]:
    b = s.ballot
    if b is None:
        return ()
    if b["subject"] == "first":
        first = int(b["data"])
        return (b["subject"], first, s.powers[first])
    return (b["subject"], b["data"][1])


_KEYS: dict[str, Callable[[ResourcityState, int, Action], tuple[object, ...]]] = {
    ORIENT.name: lambda s, seat, a: (s.hands[seat][s.pending[0]],),
    PLANT.name: lambda s, seat, a: (s.pos[seat],),
    GROW.name: lambda s, seat, a: (s.pos[seat], s.crop.get(GROW.read(a).plot)),
    HARVEST.name: lambda s, seat, a: (s.pos[seat], s.crop.get(HARVEST.read(a).plot)),
    SWAP.name: lambda s, seat, a: (s.powers[SWAP.read(a).seat - 1],),
    TO.name: lambda s, seat, a: (s.pending[0], s.powers[s.pending[0]]),
    DISCARD.name: lambda s, seat, a: (s.hands[seat][DISCARD.read(a).slot],),
    PROPOSE.name: lambda s, seat, a: (s.powers[PROPOSE.read(a).seat - 1],),
    RELOCATE.name: lambda s, seat, a: (
        s.powers[RELOCATE.read(a).seat - 1],
        RELOCATE.read(a).seat - 1 == seat,
    ),
    VOTE.name: _vote_key,
    END.name: lambda s, seat, a: (len(s.hands[seat]) >= s.content.turn.hand_size,),
}
"""What the words of an action in a log line depend on besides the action (see ``describe_line``,
which has Move, Rotate and Replace inline); kinds not named depend on nothing else."""


def describe_line(s: ResourcityState, seat: int, action: Action) -> str:
    """The log line of an action: ``Seat 2 (Builder): Rotate the Curve road on C3 ...``. Lines are
    written at every step, so each is kept per what it depends on: per the reader's language, the seat
    and its Superpower, a table of lines by the action's kind and context (its arguments and what
    ``_KEYS`` adds; the commonest kinds inline)."""
    k = action.kind
    args = action.args
    if k == _MOVE:
        context: object = args
    elif k == _ROTATE:
        context = (args, s.community)
    elif k == _REPLACE:  # the words name the tile laid, not its hand slot
        context = (args[1], s.hands[seat][args[0]], s.community, s.powers[seat] == "builder")  # type: ignore[index]
    else:
        keyed = _KEYS.get(k)
        context = (args, keyed(s, seat, action)) if keyed else args
    lines = s.tables.lines
    seat_key = (seat, s.powers[seat], LANGUAGE.get())
    mine = lines.get(seat_key)
    if mine is None:
        mine = lines[seat_key] = {}
    key = (k, context)
    text = mine.get(key)
    if text is None:
        if len(mine) > 20_000:
            mine.clear()
        text = mine[key] = f"{seat_label(s, seat)}: {action_words(s, seat, action, context)}"
    return text


_MOVE, _ROTATE, _REPLACE = MOVE.name, ROTATE.name, REPLACE.name


def drawn_line(s: ResourcityState, tile: str) -> str:
    """``Seat 2 (Builder) draws a tile: Curve road``, kept with the seat's log lines (see ``describe_line``)."""
    seat = s.turn
    lines = s.tables.lines
    seat_key = (seat, s.powers[seat], LANGUAGE.get())
    mine = lines.get(seat_key)
    if mine is None:
        mine = lines[seat_key] = {}
    text = mine.get(tile)
    if text is None:
        text = mine[tile] = _("{seat} draws a tile: {tile}").format(
            seat=seat_label(s, seat), tile=s.event_name(tile)
        )
    return text


def seat_label(s: ResourcityState, seat: int) -> str:
    """``Seat 2 (Builder)``, kept per language, seat and Superpower (log lines name seats at every step)."""
    key = ("seat", seat, s.powers[seat], LANGUAGE.get())
    lines = s.tables.lines
    text = lines.get(key)
    if text is None:
        text = lines[key] = seat_words(s.powers, seat)
    return text


def action_words(s: ResourcityState, seat: int, action: Action, context: object) -> str:
    """An action's words in a log line, kept per language, kind and ``context`` (everything they
    depend on, see ``describe_line``)."""
    key = ("words", action.kind, context, LANGUAGE.get())
    lines = s.tables.lines
    text = lines.get(key)
    if text is None:
        text = lines[key] = words(s, seat, action, hints=False).text
    return text


# ----- prompts ----------------------------------------------------------------------------------
def prompt_for(s: ResourcityState, seat: int | None) -> str:
    """What is being decided now and by whom, for ``seat`` (None: a spectator)."""
    if s.phase == "over":
        if s.won:
            return _("The game is over: the team survived the last Crisis and wins.")
        return _("The game is over: the team loses ({why}).").format(why=loss_words(s.result or ""))
    active = s.active_seats()
    mine = seat is not None and seat in active
    ask = _PROMPTS[s.phase]
    return ask(s, seat if mine and seat is not None else active[0], mine)


def _names(s: ResourcityState, seats: tuple[int, ...]) -> str:
    return ", ".join(seat_words(s.powers, o) for o in seats)


def _p_place(s: ResourcityState, seat: int, mine: bool) -> str:
    limit = s.content.turn.max_players_per_tile
    if mine:
        return _(
            "Step 8: put your token on a Community Centre (each Centre holds at most {n} tokens, and the "
            "tokens must cover as many Centres as they can)"
        ).format(n=limit)
    return _("Waiting for {seats} to put their tokens on Community Centres").format(
        seats=_names(s, s.active_seats())
    )


def _p_propose(s: ResourcityState, seat: int, mine: bool) -> str:
    if mine:
        return _("Step 9: strategize as a team, then propose who starts first; the table votes on it")
    return _("Waiting for {seat} to propose who starts first").format(seat=seat_words(s.powers, seat))


def _p_vote(s: ResourcityState, seat: int, mine: bool) -> str:
    ballot = s.ballot
    assert ballot is not None
    question = subject_words(s, ballot)
    if mine:
        return _("{question}: vote yes or no ({rule})").format(question=question, rule=rule_text(ballot))
    return _("{question}: waiting for {seats} to vote").format(
        question=question, seats=_names(s, s.active_seats())
    )


def _p_act(s: ResourcityState, seat: int, mine: bool) -> str:
    n = s.actions_left
    left = ngettext("{n} Action left", "{n} Actions left", n).format(n=n)
    role = power_title(s.powers[seat])
    if mine:
        if n <= 0:
            return _(
                "Your turn as the {role}: no Actions left; exchange your harvests here, then end your turn"
            ).format(role=role)
        return _("Your turn as the {role}: {left}; then end your turn").format(role=role, left=left)
    return _("Waiting for {seat} to take Actions ({left})").format(seat=seat_words(s.powers, seat), left=left)


def _p_orient(s: ResourcityState, seat: int, mine: bool) -> str:
    slot, t = s.pending
    name = _tile_kind_name(s, s.hands[s.turn][slot])
    if mine:
        return _("Choose how to turn the {tile} you are laying on {place}").format(
            tile=name, place=tile_name(t)
        )
    return _("Waiting for {seat} to turn the {tile} being laid on {place}").format(
        seat=seat_words(s.powers, seat), tile=name, place=tile_name(t)
    )


def _p_relocate(s: ResourcityState, seat: int, mine: bool) -> str:
    target = seat_words(s.powers, s.pending[0])
    if mine:
        return _("Policy Maker: choose the tile to send the token of {seat} to").format(seat=target)
    return _("Waiting for {seat} to choose where the token of {target} goes").format(
        seat=seat_words(s.powers, seat), target=target
    )


def _p_discard(s: ResourcityState, seat: int, mine: bool) -> str:
    if mine:
        return _("Your hand is full: discard 1 tile, then draw 1")
    return _("Waiting for {seat} to discard 1 tile from a full hand").format(seat=seat_words(s.powers, seat))


def _p_compost(s: ResourcityState, seat: int, mine: bool) -> str:
    n = s.pending[0]
    if mine:
        return ngettext(
            "Compost Day: put a Compost token on a Plot in a Farm ({n} left to place)",
            "Compost Day: put a Compost token on a Plot in a Farm ({n} left to place)",
            n,
        ).format(n=n)
    return _("Waiting for {seat} to place Compost tokens (Compost Day)").format(
        seat=seat_words(s.powers, seat)
    )


_PROMPTS: dict[str, Callable[[ResourcityState, int, bool], str]] = {
    "place": _p_place,
    "propose": _p_propose,
    "vote": _p_vote,
    "act": _p_act,
    "orient": _p_orient,
    "relocate": _p_relocate,
    "discard": _p_discard,
    "compost": _p_compost,
}
