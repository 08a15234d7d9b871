"""Resourcity's debrief rules (see docs/debrief.md): the three pools, the Crises, Farms."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from loopcity.debrief import Moment
from loopcity.engine.text import N_

from .actions import DISCARD, GROW, HARVEST, MOVE, PLANT, REPLACE, ROTATE, TELEPORT, TO
from .catalogue import _
from .content import CRISES
from .rules import ResourcityState
from .words import power_title

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State

POOLS = ("fuel", "food", "water")


class Labels(Mapping[str, str]):
    """Names of the metrics, each worded in the reader's language when it is read."""

    def __init__(self, words: dict[str, Callable[[], str]]) -> None:
        self._words = words

    def __getitem__(self, metric: str) -> str:
        return self._words[metric]()

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)


LABELS = Labels(
    {
        "round": lambda: _("Round"),
        "fuel": lambda: _("Fuel"),
        "food": lambda: _("Food"),
        "water": lambda: _("Water"),
        "farms": lambda: _("Farms"),
        "crops": lambda: _("Crops"),
        "crises": lambda: _("Crises"),
        "score": lambda: _("Score"),
    }
)
NEAR = 1
"""A pool at this much or less is a near-loss."""
ACTION_NAMES = {
    "end": N_("End the turn's actions"),
    "move": N_("Move"),
    "teleport": N_("Teleport"),
    "rotate": N_("Rotate a tile"),
    "replace": N_("Replace a tile"),
    "orient": N_("Turn the placed tile"),
    "plant": N_("Plant"),
    "grow": N_("Grow"),
    "harvest": N_("Harvest"),
    "exchange": N_("Exchange a harvest"),
    "swap": N_("Swap tiles (Planner)"),
    "relocate": N_("Relocate a player (Policy Maker)"),
    "to": N_("Send the token"),
    "discard": N_("Discard a tile"),
    "compost": N_("Compost a Plot"),
    "start": N_("Choose a start"),
    "propose": N_("Propose who starts"),
    "vote": N_("Vote"),
}
"""Each action kind's short name (English; read through ``_``)."""
KEY_SERIES = POOLS
"""The three pools: what a class compares."""
QUESTION_FACTS = {
    "lowest_pool": "the pool that came closest to running out",
    "lowest_left": "how much of it was left",
    "lowest_round": "the round it was lowest",
    "crises": "Crises drawn",
    "farms": "Farms now",
    "score": "the score",
}
"""The figures Resourcity's discussion questions may use (``questions.toml``)."""


def role(state: State, seat: int) -> str | None:
    """The seat's Superpower card, once dealt."""
    assert isinstance(state, ResourcityState)
    return power_title(state.powers[seat]) if seat < len(state.powers) else None


def question_facts(d: Debrief) -> dict[str, object]:
    """Resourcity's figures for the discussion questions."""
    lows = {p: min(d.series(p)) for p in POOLS}
    pool = min(POOLS, key=lambda p: lows[p])
    k = d.first_step(pool, lambda v: v == lows[pool]) or 0
    return {
        "lowest_pool": LABELS[pool],
        "lowest_left": lows[pool],
        "lowest_round": d.round_at(k),
        "crises": d.series("crises")[-1],
        "farms": d.series("farms")[-1],
        "score": d.series("score")[-1],
    }


def key_moments(d: Debrief) -> list[Moment]:
    """The first time each pool fell to ``NEAR`` or below."""
    out = []
    for pool in POOLS:
        k = d.first_step(pool, lambda v: 0 <= v <= NEAR)
        if k is not None and k > 0:
            text = _("{what} down to {n}").format(what=LABELS[pool], n=f"{d.series(pool)[k]:g}")
            out.append(Moment(k, d.round_at(k), "near-loss", text))
    return out


def learning_points(d: Debrief) -> list[str]:
    """The pool that came closest to running out, the pools around each Crisis, the Farms closed."""
    out = []
    lows = {p: min(d.series(p)) for p in POOLS}
    pool = min(POOLS, key=lambda p: lows[p])
    k = d.first_step(pool, lambda v: v == lows[pool])
    out.append(
        _("{what} came closest to running out: {n} left in round {round} (move {move}).").format(
            what=LABELS[pool], n=f"{lows[pool]:g}", round=d.round_at(k or 0), move=k
        )
    )
    out += _crisis_points(d)
    farms = d.series("farms")
    first = d.first_step("farms", lambda v: v > farms[0])
    if first is None:
        out.append(_("No Farm was closed: Farms stayed at {n}.").format(n=f"{farms[0]:g}"))
    else:
        out.append(
            _("The first Farm was closed in round {round}; Farms ended at {n}.").format(
                round=d.round_at(first), n=f"{farms[-1]:g}"
            )
        )
    return out


TILE_KINDS = {k.name: k for k in (MOVE, TELEPORT, TO, ROTATE)}
"""The actions that name a place on the grid (their ``tile`` argument)."""
HAND_KINDS = {k.name: k for k in (REPLACE, DISCARD)}
"""The actions that name a tile in the hand (their ``slot`` argument)."""
PLOT_KINDS = {k.name: k for k in (GROW, HARVEST)}
"""The actions that name a Plot (their ``plot`` argument)."""


def subject(state: State, seat: int, action: Action) -> str | None:
    """The tile or crop an action is about, by id, for the workbench's counts: the kind of tile
    moved or sent to, or rotated; the tile laid or discarded from the hand; the crop planted, grown
    or harvested; None for the others."""
    assert isinstance(state, ResourcityState)
    k = action.kind
    if k in TILE_KINDS:
        return state.grid_kind[TILE_KINDS[k].read(action).tile]
    if k in HAND_KINDS:
        return state.hands[seat][HAND_KINDS[k].read(action).slot]
    if k == PLANT.name:
        return PLANT.read(action).crop
    if k in PLOT_KINDS:
        return state.crop.get(PLOT_KINDS[k].read(action).plot)
    return None


def _crisis_points(d: Debrief) -> list[str]:
    """For each Crisis tile drawn: the move that drew it, and how the pools changed over that move."""
    out = []
    crises = d.series("crises")
    for step in range(1, len(crises)):
        if crises[step] <= crises[step - 1]:
            continue
        state = d.tl.state_at(step)
        assert isinstance(state, ResourcityState)
        drawn = [t for t in state.resolved if t in CRISES]
        n = int(crises[step])
        name = _(d.game.content.event(drawn[n - 1]).name)
        lost = {p: d.series(p)[step] - d.series(p)[step - 1] for p in POOLS}
        moved = ", ".join(
            _("{change} {what}").format(change=f"{v:+g}", what=LABELS[p]) for p, v in lost.items() if v
        )
        out.append(
            _("The move that drew Crisis {n} ({name}) in round {round} changed the pools by {moved}.").format(
                n=n, name=name, round=d.round_at(step), moved=moved or _("nothing")
            )
        )
    return out
