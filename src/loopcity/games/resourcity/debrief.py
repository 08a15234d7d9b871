"""Resourcity's debrief rules (see docs/debrief.md): the three pools, the Crises, Farms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.debrief import Moment

from .rules import ResourcityState

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State

POOLS = ("fuel", "food", "water")
LABELS = {
    "fuel": "Fuel",
    "food": "Food",
    "water": "Water",
    "farms": "Farms",
    "crops": "Crops",
    "crises": "Crises",
    "score": "Score",
}
NEAR = 1
"""A pool at this much or less is a near-loss."""


def key_moments(d: Debrief) -> list[Moment]:
    """The first time each pool fell to ``NEAR`` or below."""
    out = []
    for pool in POOLS:
        k = d.first_step(pool, lambda v: 0 <= v <= NEAR)
        if k is not None and k > 0:
            out.append(Moment(k, d.round_at(k), "near-loss", f"{LABELS[pool]} down to {d.series(pool)[k]:g}"))
    return out


def learning_points(d: Debrief) -> list[str]:
    """The pool that came closest to running out, the pools around each Crisis, the Farms closed."""
    out = []
    lows = {p: min(d.series(p)) for p in POOLS}
    pool = min(POOLS, key=lambda p: lows[p])
    k = d.first_step(pool, lambda v: v == lows[pool])
    out.append(
        f"{LABELS[pool]} came closest to running out: {lows[pool]:g} left in round {d.round_at(k or 0)} (move {k})."
    )
    for step, kind, text in d.public_lines():
        if kind == "info" and text.startswith("Crisis") and step > 0:
            lost = {p: d.series(p)[step] - d.series(p)[step - 1] for p in POOLS}
            moved = ", ".join(f"{v:+g} {LABELS[p]}" for p, v in lost.items() if v)
            name = text.split(":")[1].strip() if ":" in text else text
            out.append(
                f"The move that drew {text.split(':')[0]} ({name}) in round {d.round_at(step)} changed the pools by "
                f"{moved or 'nothing'}."
            )
    farms = d.series("farms")
    first = d.first_step("farms", lambda v: v > farms[0])
    if first is None:
        out.append(f"No Farm was closed: Farms stayed at {farms[0]:g}.")
    else:
        out.append(f"The first Farm was closed in round {d.round_at(first)}; Farms ended at {farms[-1]:g}.")
    return out


TILE_KINDS = frozenset({"move", "teleport", "to", "rotate"})
"""The actions whose first argument is a place on the grid."""


def subject(state: State, seat: int, action: Action) -> str | None:
    """The tile or crop an action is about, by id, for the workbench's counts: the kind of tile
    moved or sent to, or rotated; the tile laid or discarded from the hand; the crop planted, grown
    or harvested; None for the others."""
    assert isinstance(state, ResourcityState)
    k, args = action.kind, action.args
    if k in TILE_KINDS:
        return state.grid_kind[int(args[0])]
    if k in ("replace", "discard"):
        return state.hands[seat][int(args[0])]
    if k == "plant":
        return str(args[1])
    if k in ("grow", "harvest"):
        return state.crop.get(int(args[0]))
    return None
