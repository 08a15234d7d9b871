"""Carrying out a legal action: one handler per action kind (``HANDLERS``), each given the action's
named arguments. What follows every action (the turn's actions end once none are left) is
``ResourcityState._apply``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Handlers, NoArgs

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
    RELOCATE,
    REPLACE,
    ROTATE,
    SWAP,
    TELEPORT,
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
from .catalogue import _
from .farming import compost_targets
from .legal import replace_cost, rotate_cost
from .words import amount

if TYPE_CHECKING:
    from .rules import ResourcityState

HANDLERS = Handlers["ResourcityState"]()


@HANDLERS.on(END)
def _end(s: ResourcityState, seat: int, a: NoArgs) -> None:
    s._end_actions()


@HANDLERS.on(MOVE)
@HANDLERS.on(TELEPORT)
def _move(s: ResourcityState, seat: int, a: Tile) -> None:
    """Move (or Teleport) the player's token to the tile."""
    s.pos[seat] = a.tile
    s.actions_left -= 1


@HANDLERS.on(ROTATE)
def _rotate(s: ResourcityState, seat: int, a: Rotate) -> None:
    """Pay the Fuel, turn the tile a quarter turn, and bring the Farms up to date."""
    s.pay("fuel", rotate_cost(s), "Rotate")
    s.grid_rot[a.tile] = (s.grid_rot[a.tile] + (1 if a.way == "cw" else 3)) % 4
    s.actions_left -= 1
    s.board_changed((a.tile,))


@HANDLERS.on(REPLACE)
def _replace(s: ResourcityState, seat: int, a: Replace) -> None:
    """Pay the Fuel; place the hand tile at once, or first ask how to turn it (``orient``)."""
    kind = s.hands[seat][a.slot]
    s.pay("fuel", replace_cost(s, seat, kind), "Replace")
    s.actions_left -= 1
    if len(s.tables.geo.rotations[kind]) > 1:
        s.phase = "orient"
        s.pending = (a.slot, a.tile)
    else:
        place(s, seat, a.slot, a.tile, 0)


@HANDLERS.on(ORIENT)
def _orient(s: ResourcityState, seat: int, a: Orient) -> None:
    """Place the tile chosen by Replace, turned as chosen."""
    slot, t = s.pending
    s.phase = "act"
    s.pending = ()
    place(s, seat, slot, t, a.turns)


def place(s: ResourcityState, seat: int, slot: int, t: int, rot: int) -> None:
    """Put hand tile ``slot`` on cell ``t`` turned ``rot`` quarter turns; the old tile is discarded."""
    s.discard_pile.append(s.grid_kind[t])
    s.grid_kind[t] = s.hands[seat].pop(slot)
    s.grid_rot[t] = rot
    s.board_changed((t,))


@HANDLERS.on(PLANT)
def _plant(s: ResourcityState, seat: int, a: Plant) -> None:
    s.plant(seat, a.plot, a.crop)
    s.actions_left -= 1


@HANDLERS.on(GROW)
def _grow(s: ResourcityState, seat: int, a: Plot) -> None:
    s.grow(seat, a.plot)
    s.actions_left -= 1


@HANDLERS.on(HARVEST)
def _harvest(s: ResourcityState, seat: int, a: Plot) -> None:
    s.harvest(seat, a.plot)
    s.actions_left -= 1


@HANDLERS.on(EXCHANGE)
def _exchange(s: ResourcityState, seat: int, a: Crop) -> None:
    """Exchange one harvest of the crop for its resource (no Action spent)."""
    got = s.exchange(seat, a.crop)
    crop = s.crop_of(a.crop)
    s.note(
        lambda: _("{seat} exchanges the {crop} harvest: {gain} from Used back to Available.").format(
            seat=s.seat_name(seat), crop=_(crop.name), gain=amount(got, crop.yields)
        )
    )


@HANDLERS.on(SWAP)
def _swap(s: ResourcityState, seat: int, a: Seat) -> None:
    """Planner: swap the tile under the player with the tile under another player's token."""
    here, there = s.pos[seat], s.pos[a.seat - 1]
    g, r = s.grid_kind, s.grid_rot
    g[here], g[there] = g[there], g[here]
    r[here], r[there] = r[there], r[here]
    s.actions_left -= s.content.superpowers.planner_actions
    s.board_changed((here, there))


@HANDLERS.on(RELOCATE)
def _relocate(s: ResourcityState, seat: int, a: Seat) -> None:
    """Policy Maker: choose whose token to move; where it goes comes next (``to``, in :mod:`.decide`)."""
    s.phase = "relocate"
    s.pending = (a.seat - 1,)


@HANDLERS.on(DISCARD)
def _discard(s: ResourcityState, seat: int, a: Slot) -> None:
    """Discard from a full hand, then draw."""
    s.discard_pile.append(s.hands[seat].pop(a.slot))
    s._continue_draw()


@HANDLERS.on(COMPOST)
def _compost(s: ResourcityState, seat: int, a: Plot) -> None:
    """Compost Day: one Compost token on the Plot; drawing goes on once all are placed."""
    s.compost.add(a.plot)
    s.supply["compost"] -= 1
    left = s.pending[0] - 1
    s.pending = (left,)
    if left <= 0 or not compost_targets(s):
        s.pending = ()
        s._continue_draw()
