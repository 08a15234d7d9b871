"""Why an action is refused, in the rulebook's words: the real reason, with the cost and what the team
has when Fuel or crops are short (``explain``, the state's ``explain_illegal``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from loopcity.engine import Action

from .actions import (
    COMPOST,
    DISCARD,
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
)
from .board import ORTHOGONAL, STEP, tiles_of
from .catalogue import _, ngettext
from .legal import centres_open, destinations, replace_cost, rotate_cost
from .texts import subject_words
from .words import (
    amount,
    place_name,
    plot_name,
    power_title,
    seat_words,
    side_word,
    tile_kind_name,
    tile_name,
)

if TYPE_CHECKING:
    from .rules import ResourcityState

_SPENDING = frozenset(k.name for k in (MOVE, TELEPORT, ROTATE, REPLACE, PLANT, GROW, HARVEST))
"""Actions that each take one of the turn's Actions."""


def explain(s: ResourcityState, seat: int, a: Action) -> str | None:
    """Why ``a`` is refused now (the seat may act, and ``a`` is not among its legal actions)."""
    phase = s.phase
    if phase != "act":
        return _IN_PHASE[phase](s, seat, a) if phase in _IN_PHASE else None
    k = a.kind
    if k in _OUT_OF_TURN:
        return _OUT_OF_TURN[k]()
    if k in _SPENDING and s.actions_left < 1:
        return _(
            "you have no Actions left this turn: exchange your harvests on a Community Centre, or end your turn"
        )
    reason = _ACT.get(k)
    return reason(s, seat, a) if reason is not None else None


# ----- the turn's Actions --------------------------------------------------------------------------
def _move(s: ResourcityState, seat: int, a: Action) -> str:
    t, here = MOVE.read(a).tile, s.pos[seat]
    limit = s.content.turn.max_players_per_tile
    if t == here:
        return _("you are already on {tile}").format(tile=tile_name(t))
    if s.powers[seat] == "cyclist":
        if t in destinations(s, seat) or s.pos.count(t) >= limit:
            return _full(s, t)
        return _("{tile} is more than {n} tiles away along connected roads (a Cyclist's Move)").format(
            tile=tile_name(t), n=s.content.superpowers.cyclist_steps
        )
    if t not in ORTHOGONAL[here]:
        return _(
            "{tile} is not next to your tile {here}: a Move goes to a neighbouring tile along the road"
        ).format(tile=tile_name(t), here=tile_name(here))
    if t in s.moves(here):
        return _full(s, t)
    side = STEP[here].index(t)
    if not s.tables.geo.exit_masks[s.grid_kind[here]][s.grid_rot[here]] >> side & 1:
        return _(
            "the road on {here} does not lead toward {tile}: the {name} there has no road to the {side}"
        ).format(
            here=tile_name(here),
            tile=tile_name(t),
            name=tile_kind_name(s.content, s.grid_kind[here]),
            side=side_word(side),
        )
    return _(
        "the road on {tile} is disconnected from yours: the {name} there has no road facing {here}"
    ).format(tile=tile_name(t), name=tile_kind_name(s.content, s.grid_kind[t]), here=tile_name(here))


def _full(s: ResourcityState, t: int) -> str:
    n = s.content.turn.max_players_per_tile
    return _("{tile} already holds {n} player tokens: at most {n} players can be on 1 tile together").format(
        tile=tile_name(t), n=n
    )


def _teleport(s: ResourcityState, seat: int, a: Action) -> str:
    t, here = TELEPORT.read(a).tile, s.pos[seat]
    if s.grid_kind[here] != "centre":
        return _("you stand on {place}: a Teleport starts from a Community Centre").format(
            place=place_name(s.content, s.grid_kind[here], here)
        )
    if s.grid_kind[t] != "centre":
        return _("{place} is not a Community Centre").format(place=place_name(s.content, s.grid_kind[t], t))
    if t == here:
        return _("you are already on {tile}").format(tile=tile_name(t))
    return _full(s, t)


def _building(s: ResourcityState, seat: int, t: int) -> str | None:
    """Why no tile may be changed at ``t`` now (Manpower Shortage, reach), or None."""
    if s.manpower > 0:
        return ngettext(
            "Manpower Shortage: no Replace or Rotate for {n} more turn",
            "Manpower Shortage: no Replace or Rotate for {n} more turns",
            s.manpower,
        ).format(n=s.manpower)
    if t not in s.reach(seat):
        here = tile_name(s.pos[seat])
        if s.powers[seat] == "builder":
            return _(
                "{tile} is out of reach: the Builder changes the tile they stand on ({here}) or one around it"
            ).format(tile=tile_name(t), here=here)
        return _(
            "{tile} is out of reach: you may change the tile you stand on ({here}) or a tile beside it"
        ).format(tile=tile_name(t), here=here)
    return None


def _rotate(s: ResourcityState, seat: int, a: Action) -> str | None:
    r = ROTATE.read(a)
    blocked = _building(s, seat, r.tile)
    if blocked:
        return blocked
    kind = s.grid_kind[r.tile]
    name = tile_kind_name(s.content, kind)
    turns = len(s.tables.geo.rotations[kind])
    if turns == 1:
        return _(
            "the {name} on {tile} looks the same whichever way it is turned: there is nothing to rotate"
        ).format(name=name, tile=tile_name(r.tile))
    if turns == 2 and r.way == "ccw":
        return _("the {name} on {tile} has only 2 positions: rotate it clockwise").format(
            name=name, tile=tile_name(r.tile)
        )
    return _short_of_fuel(s, _("Rotating a tile"), rotate_cost(s))


def _short_of_fuel(s: ResourcityState, what: str, cost: int) -> str:
    return _("{what} costs {cost}; the team has {have} Available").format(
        what=what, cost=amount(cost, "fuel"), have=amount(s.avail["fuel"], "fuel")
    )


def _replace(s: ResourcityState, seat: int, a: Action) -> str | None:
    r = REPLACE.read(a)
    hand = s.hands[seat]
    if r.slot >= len(hand):
        if not hand:
            return _("your hand is empty: you draw new tiles at the end of your turn")
        return _("you hold {n} tiles: hand slots 0 to {last}").format(n=len(hand), last=len(hand) - 1)
    blocked = _building(s, seat, r.tile)
    if blocked:
        return blocked
    name = tile_kind_name(s.content, hand[r.slot])
    return _short_of_fuel(
        s, _("Replacing with the {name}").format(name=name), replace_cost(s, seat, hand[r.slot])
    )


def _plant(s: ResourcityState, seat: int, a: Action) -> str | None:
    p = PLANT.read(a)
    return s.plant_problem(seat, p.plot, p.crop)


def _grow(s: ResourcityState, seat: int, a: Action) -> str | None:
    return s.grow_problem(seat, GROW.read(a).plot)


def _harvest(s: ResourcityState, seat: int, a: Action) -> str | None:
    return s.harvest_problem(seat, HARVEST.read(a).plot)


def _exchange(s: ResourcityState, seat: int, a: Action) -> str:
    crop = s.crop_of(EXCHANGE.read(a).crop)
    here = s.pos[seat]
    if not any(h[0] == crop.id for h in s.baskets[seat]):
        return _("you carry no {crop} harvest").format(crop=_(crop.name))
    return _("you exchange harvests only on a Community Centre; you stand on {place}").format(
        place=place_name(s.content, s.grid_kind[here], here)
    )


def _swap(s: ResourcityState, seat: int, a: Action) -> str:
    other = SWAP.read(a).seat - 1
    n = s.content.superpowers.planner_actions
    if s.powers[seat] != "planner":
        return _("only the Planner may swap tiles; you are the {role}").format(
            role=power_title(s.powers[seat])
        )
    if other >= s.players:
        return _("there is no Seat {n} in a game of {players}").format(n=other + 1, players=s.players)
    if s.pos[other] == s.pos[seat]:
        return _("{seat} stands on your tile: there is nothing to swap").format(
            seat=seat_words(s.powers, other)
        )
    return ngettext(
        "swapping takes {n} Action; you have {left}", "swapping takes {n} Actions; you have {left}", n
    ).format(n=n, left=s.actions_left)


def _relocate(s: ResourcityState, seat: int, a: Action) -> str:
    other = RELOCATE.read(a).seat - 1
    n = s.content.superpowers.policy_maker_actions
    if s.powers[seat] != "policymaker":
        return _("only the Policy Maker may move other tokens; you are the {role}").format(
            role=power_title(s.powers[seat])
        )
    if other >= s.players:
        return _("there is no Seat {n} in a game of {players}").format(n=other + 1, players=s.players)
    return _("moving a token takes {n} Actions; you have {left}").format(n=n, left=s.actions_left)


_ACT: dict[str, Callable[[ResourcityState, int, Action], str | None]] = {
    MOVE.name: _move,
    TELEPORT.name: _teleport,
    ROTATE.name: _rotate,
    REPLACE.name: _replace,
    PLANT.name: _plant,
    GROW.name: _grow,
    HARVEST.name: _harvest,
    EXCHANGE.name: _exchange,
    SWAP.name: _swap,
    RELOCATE.name: _relocate,
}

_OUT_OF_TURN: dict[str, Callable[[], str]] = {
    ORIENT.name: lambda: _("no tile is being laid: turn a tile as you lay it, right after Replace"),
    TO.name: lambda: _("first choose whose token the Policy Maker moves"),
    DISCARD.name: lambda: _("you discard only at the end of your turn, from a full hand"),
    COMPOST.name: lambda: _("Compost tokens are put on Plots when Compost Day is drawn"),
    START.name: lambda: _("the tokens have been placed and the first player chosen"),
    PROPOSE.name: lambda: _("the tokens have been placed and the first player chosen"),
    VOTE.name: lambda: _("no question is put to you now"),
}
"""Why an action of another phase is refused while the player takes Actions."""


# ----- the other phases ----------------------------------------------------------------------------
def _in_place(s: ResourcityState, seat: int, a: Action) -> str:
    if a.kind != START.name:
        return _("first the table decides where the tokens start: put your token on a Community Centre")
    t = START.read(a).tile
    if s.pos[seat] >= 0:
        return _("your token is already on {tile}").format(tile=tile_name(s.pos[seat]))
    if s.grid_kind[t] != "centre":
        return _("{place} is not a Community Centre").format(place=place_name(s.content, s.grid_kind[t], t))
    if s.pos.count(t) >= s.content.turn.max_players_per_tile:
        return _full(s, t)
    empty = [tile_name(c) for c in tiles_of(s.grid_kind, "centre") if c not in s.pos and c in centres_open(s)]
    return _(
        "each Community Centre must have a token: the tokens still to place must cover {empty}, so put yours there"
    ).format(empty=", ".join(empty))


def _in_propose(s: ResourcityState, seat: int, a: Action) -> str:
    if a.kind == PROPOSE.name:
        return _("there is no Seat {n} in a game of {players}").format(
            n=PROPOSE.read(a).seat, players=s.players
        )
    return _("first decide who starts: propose a player, and the table votes")


def _in_vote(s: ResourcityState, seat: int, a: Action) -> str:
    assert s.ballot is not None
    return _("first answer the question put to you: {question}").format(question=subject_words(s, s.ballot))


def _in_orient(s: ResourcityState, seat: int, a: Action) -> str:
    if a.kind != ORIENT.name:
        return _("first choose how to turn the tile you are laying")
    return _("that turn looks the same as one of the turns offered: choose one of those")


def _in_relocate(s: ResourcityState, seat: int, a: Action) -> str:
    if a.kind != TO.name:
        return _("first choose the tile the Policy Maker sends the token to")
    t = TO.read(a).tile
    if s.pos[s.pending[0]] == t:
        return _("the token is already on {tile}").format(tile=tile_name(t))
    return _full(s, t)


def _in_discard(s: ResourcityState, seat: int, a: Action) -> str:
    if a.kind != DISCARD.name:
        return _("your hand is full: first discard 1 tile, then draw 1")
    return _("you hold {n} tiles: hand slots 0 to {last}").format(
        n=len(s.hands[seat]), last=len(s.hands[seat]) - 1
    )


def _in_compost(s: ResourcityState, seat: int, a: Action) -> str:
    if a.kind != COMPOST.name:
        return _("Compost Day: first put the Compost tokens on Plots")
    p = COMPOST.read(a).plot
    if p in s.compost:
        return _("{plot} has a Compost token already").format(plot=plot_name(p))
    return _("{plot} is not inside a Farm").format(plot=plot_name(p))


_IN_PHASE: dict[str, Callable[[ResourcityState, int, Action], str]] = {
    "place": _in_place,
    "propose": _in_propose,
    "vote": _in_vote,
    "orient": _in_orient,
    "relocate": _in_relocate,
    "discard": _in_discard,
    "compost": _in_compost,
}
