"""Carrying out a legal action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Action

from .farming import compost_targets
from .legal import replace_cost, rotate_cost

if TYPE_CHECKING:
    from .rules import ResourcityState


def apply_action(s: ResourcityState, seat: int, action: Action) -> None:
    """Apply ``action`` (already checked legal) for ``seat``."""
    _HANDLERS[action.kind](s, seat, action)
    if s.phase == "act" and s.actions_left <= 0 and s.turn == seat:
        if not (s.grid_kind[s.pos[seat]] == "centre" and s.baskets[seat]):
            s._end_actions()


def _end(s: ResourcityState, seat: int, a: Action) -> None:
    s._end_actions()


def _move(s: ResourcityState, seat: int, a: Action) -> None:
    s.pos[seat] = a.args[0]  # type: ignore[assignment]
    s.actions_left -= 1


def _rotate(s: ResourcityState, seat: int, a: Action) -> None:
    t, way = a.args
    s.pay("fuel", rotate_cost(s), "Rotate")
    s.grid_rot[t] = (s.grid_rot[t] + (1 if way == "cw" else 3)) % 4  # type: ignore[index]
    s.actions_left -= 1
    s.board_changed((t,))  # type: ignore[arg-type]


def _replace(s: ResourcityState, seat: int, a: Action) -> None:
    slot, t = a.args
    kind = s.hands[seat][slot]  # type: ignore[index]
    s.pay("fuel", replace_cost(s, seat, kind), "Replace")
    s.actions_left -= 1
    if len(s.geo.rotations[kind]) > 1:
        s.phase = "orient"
        s.pending = (slot, t)  # type: ignore[assignment]
    else:
        place(s, seat, slot, t, 0)  # type: ignore[arg-type]


def _orient(s: ResourcityState, seat: int, a: Action) -> None:
    slot, t = s.pending
    s.phase = "act"
    s.pending = ()
    place(s, seat, slot, t, a.args[0])  # type: ignore[arg-type]


def place(s: ResourcityState, seat: int, slot: int, t: int, rot: int) -> None:
    """Put hand tile ``slot`` on cell ``t`` turned ``rot`` quarter turns; the old tile is discarded."""
    s.discard_pile.append(s.grid_kind[t])
    s.grid_kind[t] = s.hands[seat].pop(slot)
    s.grid_rot[t] = rot
    s.board_changed((t,))


def _plant(s: ResourcityState, seat: int, a: Action) -> None:
    s.plant(seat, a.args[0], a.args[1])  # type: ignore[arg-type]
    s.actions_left -= 1


def _grow(s: ResourcityState, seat: int, a: Action) -> None:
    s.grow(seat, a.args[0])  # type: ignore[arg-type]
    s.actions_left -= 1


def _harvest(s: ResourcityState, seat: int, a: Action) -> None:
    s.harvest(seat, a.args[0])  # type: ignore[arg-type]
    s.actions_left -= 1


def _exchange(s: ResourcityState, seat: int, a: Action) -> None:
    got = s.exchange(seat, a.args[0])  # type: ignore[arg-type]
    crop = s.crop_of(a.args[0])  # type: ignore[arg-type]
    s.note(f"Seat {seat + 1} exchanges {crop.name} for {got} {crop.yields.capitalize()}")


def _swap(s: ResourcityState, seat: int, a: Action) -> None:
    here, there = s.pos[seat], s.pos[a.args[0] - 1]  # type: ignore[operator]
    g, r = s.grid_kind, s.grid_rot
    g[here], g[there] = g[there], g[here]
    r[here], r[there] = r[there], r[here]
    s.actions_left -= s.content.superpowers.planner_actions
    s.board_changed((here, there))


def _relocate(s: ResourcityState, seat: int, a: Action) -> None:
    s.phase = "relocate"
    s.pending = (a.args[0] - 1,)  # type: ignore[operator]


def _to(s: ResourcityState, seat: int, a: Action) -> None:
    s.pos[s.pending[0]] = a.args[0]  # type: ignore[assignment]
    s.pending = ()
    s.phase = "act"
    s.actions_left -= s.content.superpowers.policy_maker_actions


def _discard(s: ResourcityState, seat: int, a: Action) -> None:
    s.discard_pile.append(s.hands[seat].pop(a.args[0]))  # type: ignore[arg-type]
    s._continue_draw()


def _compost(s: ResourcityState, seat: int, a: Action) -> None:
    s.compost.add(a.args[0])  # type: ignore[arg-type]
    s.supply["compost"] -= 1
    left = s.pending[0] - 1
    s.pending = (left,)
    if left <= 0 or not compost_targets(s):
        s.pending = ()
        s._continue_draw()


_HANDLERS = {
    "end": _end,
    "move": _move,
    "teleport": _move,
    "rotate": _rotate,
    "replace": _replace,
    "orient": _orient,
    "plant": _plant,
    "grow": _grow,
    "harvest": _harvest,
    "exchange": _exchange,
    "swap": _swap,
    "relocate": _relocate,
    "to": _to,
    "discard": _discard,
    "compost": _compost,
}
