"""Waste What?'s debrief rules (see docs/debrief.md): CO2 from the incinerator, money and rent,
Storage, reuse and skills at this table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.debrief import Moment

from .content import WasteWhatContent
from .rules import WasteWhatState

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


def _content(d: Debrief) -> WasteWhatContent:
    """The game's content with its type."""
    content = d.game.content
    if not isinstance(content, WasteWhatContent):
        raise TypeError(f"Waste What? debrief needs WasteWhatContent, got {type(content).__name__}")
    return content


def key_moments(d: Debrief) -> list[Moment]:
    """Each CO2 token released, and the last one left (a near-loss)."""
    limit = _content(d).rules.co2_tokens
    out = []
    for k, x in d.deltas("co2_released"):
        if x > 0:
            v = d.series("co2_released")[k]
            kind = "near-loss" if v == limit - 1 else "CO2"
            out.append(Moment(k, d.round_at(k), kind, f"CO2 token {v:g} of {limit} released"))
    return out


def learning_points(d: Debrief) -> list[str]:
    """CO2 released against the limit, money at its lowest, Storage and rent, reuse and skills."""
    limit = _content(d).rules.co2_tokens
    out = []
    co2 = d.series("co2_released")
    burns = len(d.deltas("co2_released", "burn"))
    released = [k for k, x in d.deltas("co2_released") if x > 0]
    if released:
        rounds = ", ".join(str(d.round_at(k)) for k in released)
        word = "round" if len(released) == 1 else "rounds"
        out.append(
            f"{co2[-1]:g} of {limit} CO2 tokens released (in {word} {rounds}) from {burns} cards burned."
        )
    else:
        out.append(f"No CO2 was released: {burns} cards were burned, never filling the third Burn slot.")
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
    trained = len(d.deltas("skill_levels", "train"))
    out.append(
        f"{d.series('reused')[-1]:g} cards were reused; skill levels went from {skills[0]:g} to {skills[-1]:g} "
        f"with {trained} trainings."
    )
    return out


CARD_KINDS = frozenset({"reuse", "reuse_plus", "combo", "store", "recycle", "recycle_paying", "burn"})
"""The actions whose first argument is a card id."""


def subject(state: State, seat: int, action: Action) -> str | None:
    """The card an action deals with, by name (for Sell and Donate, the card in work), so that the
    workbench counts ``store Torn jeans`` as well as ``store``; None for the other actions."""
    assert isinstance(state, WasteWhatState)
    if action.kind in CARD_KINDS:
        return state.tables.name[int(action.args[0])]
    if action.kind in ("sell", "donate") and state.work is not None:
        return state.tables.name[state.work["cards"][0]]
    return None
