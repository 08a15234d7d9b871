"""Waste What?'s debrief rules (see docs/debrief.md): CO2 from the incinerator, money and rent,
Storage, reuse and skills at this table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.debrief import Moment

from .actions import BURN, COMBO, DONATE, RECYCLE, RECYCLE_PAYING, REUSE, REUSE_PLUS, SELL, STORE, TRAIN
from .content import Rules
from .rules import WasteWhatState
from .words import ordinal

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State

LABELS = {
    "co2_released": "CO2 released",
    "money": "Money",
    "stored": "Stored cards",
    "reused": "Cards reused",
    "skill_levels": "Skill levels",
    "combos": "Combos",
    "removed": "Cards removed",
}


def key_moments(d: Debrief) -> list[Moment]:
    """Each CO2 token released, and the last one left (a near-loss)."""
    rules: Rules = d.game.content.rules
    limit = rules.co2_tokens
    out = []
    for k, x in d.deltas("co2_released"):
        if x > 0:
            v = d.series("co2_released")[k]
            kind = "near-loss" if v == limit - 1 else "CO2"
            out.append(Moment(k, d.round_at(k), kind, f"CO2 token {v:g} of {limit} released"))
    return out


def learning_points(d: Debrief) -> list[str]:
    """CO2 released against the limit, money at its lowest, Storage and rent, reuse and skills."""
    rules: Rules = d.game.content.rules
    limit = rules.co2_tokens
    out = []
    co2 = d.series("co2_released")
    burns = len(d.deltas("co2_released", BURN.name))
    released = [k for k, x in d.deltas("co2_released") if x > 0]
    if released:
        rounds = ", ".join(str(d.round_at(k)) for k in released)
        word = "round" if len(released) == 1 else "rounds"
        out.append(
            f"{co2[-1]:g} of {limit} CO2 tokens released (in {word} {rounds}) from {burns} cards burned."
        )
    else:
        out.append(
            f"No CO2 was released: {burns} cards were burned, never filling the "
            f"{ordinal(rules.burn_slots)} Burn slot."
        )
    money = d.series("money")
    low = min(range(len(money)), key=lambda k: money[k])
    out.append(f"Money was lowest at {money[low]:g} in round {d.round_at(low)} and ended at {money[-1]:g}.")
    stored = d.round_change("stored")
    if stored:
        r = max(stored, key=lambda x: stored[x])
        if stored[r] > 0:
            out.append(
                f"Storage grew most in round {r} ({stored[r]:+g} cards); every stored card adds to that player's rent."
            )
    skills = d.series("skill_levels")
    trained = len(d.deltas("skill_levels", TRAIN.name))
    out.append(
        f"{d.series('reused')[-1]:g} cards were reused; skill levels went from {skills[0]:g} to {skills[-1]:g} "
        f"with {trained} trainings."
    )
    return out


CARD_KINDS = {k.name: k for k in (REUSE, REUSE_PLUS, COMBO, STORE, RECYCLE, RECYCLE_PAYING, BURN)}
"""The actions that name a card (their ``card`` argument)."""
WORK_KINDS = frozenset({SELL.name, DONATE.name})
"""The actions that place the card in work."""


def subject(state: State, seat: int, action: Action) -> str | None:
    """The card an action deals with, by name (for Sell and Donate, the card in work), so that the
    workbench counts ``store Torn jeans`` as well as ``store``; None for the other actions."""
    assert isinstance(state, WasteWhatState)
    kind = CARD_KINDS.get(action.kind)
    if kind is not None:
        return state.tables.name[kind.read(action).card]
    if action.kind in WORK_KINDS and state.work is not None:
        return state.tables.name[state.work["cards"][0]]
    return None
