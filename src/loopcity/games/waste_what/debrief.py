"""Waste What?'s debrief rules (see docs/debrief.md): CO2 from the incinerator, money and rent,
Storage, reuse and skills at this table, in the reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.debrief import Moment
from loopcity.engine.text import _, ngettext

from .actions import BURN, COMBO, DONATE, RECYCLE, RECYCLE_PAYING, REUSE, REUSE_PLUS, SELL, STORE, TRAIN
from .content import N_, Rules
from .rules import WasteWhatState
from .words import ordinal

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State


class _Labels(dict[str, str]):
    """The metrics' names, each read in the reader's language when looked up."""

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        found = super().get(key)
        return default if found is None else _(found)

    def __getitem__(self, key: str) -> str:
        return _(super().__getitem__(key))


LABELS = _Labels(
    {
        "round": N_("Round"),
        "co2_released": N_("CO2 released"),
        "money": N_("Money"),
        "stored": N_("Stored cards"),
        "reused": N_("Cards reused"),
        "skill_levels": N_("Skill levels"),
        "combos": N_("Combos"),
        "removed": N_("Cards removed"),
    }
)
"""The name people use for each metric (``{metric: name}``), in the reader's language."""


ACTION_NAMES = {
    "choose": N_("Take a Skill card"),
    "reuse": N_("Reuse"),
    "reuse_plus": N_("Reuse with the Creative Community"),
    "sell": N_("Sell"),
    "donate": N_("Donate"),
    "combo": N_("Add to a Combo"),
    "combine": N_("Make a Combo card"),
    "store": N_("Store"),
    "recycle": N_("Recycle"),
    "recycle_paying": N_("Recycle, paying"),
    "burn": N_("Burn"),
    "co2_money": N_("Propose who takes the CO2 money"),
    "train": N_("Propose a Skill to train"),
    "end_round": N_("End the round"),
    "vote": N_("Vote"),
}
"""Each action kind's short name (English; read through ``_``)."""
KEY_SERIES = ("co2_released", "money")
"""CO2 and money: what a class compares."""
QUESTION_FACTS = {
    "co2": "CO2 tokens released",
    "co2_limit": "the CO2 tokens that lose",
    "burned": "cards burned",
    "money_low": "money at its lowest",
    "money_low_round": "the round money was lowest",
    "reused": "cards reused",
    "stored": "cards in Storage now",
}
"""The figures Waste What?'s discussion questions may use (``questions.toml``)."""


def question_facts(d: Debrief) -> dict[str, object]:
    """Waste What?'s figures for the discussion questions."""
    rules: Rules = d.game.content.rules
    money = d.series("money")
    low = min(range(len(money)), key=lambda k: money[k])
    return {
        "co2": d.series("co2_released")[-1],
        "co2_limit": rules.co2_tokens,
        "burned": len(d.deltas("co2_released", BURN.name)),
        "money_low": money[low],
        "money_low_round": d.round_at(low),
        "reused": d.series("reused")[-1],
        "stored": d.series("stored")[-1],
    }


def key_moments(d: Debrief) -> list[Moment]:
    """Each CO2 token released, and the last one left (a near-loss)."""
    rules: Rules = d.game.content.rules
    limit = rules.co2_tokens
    out = []
    for k, x in d.deltas("co2_released"):
        if x > 0:
            v = d.series("co2_released")[k]
            kind = N_("near-loss") if v == limit - 1 else N_("CO2")
            text = _("CO2 token {n} of {of} released").format(n=f"{v:g}", of=limit)
            out.append(Moment(k, d.round_at(k), kind, text))
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
        out.append(
            ngettext(
                "{co2} of {limit} CO2 tokens released (in round {rounds}) from {burns} cards burned.",
                "{co2} of {limit} CO2 tokens released (in rounds {rounds}) from {burns} cards burned.",
                len(released),
            ).format(co2=f"{co2[-1]:g}", limit=limit, rounds=rounds, burns=burns)
        )
    else:
        out.append(
            ngettext(
                "No CO2 was released: {burns} card was burned, never filling the {ordinal} Burn slot.",
                "No CO2 was released: {burns} cards were burned, never filling the {ordinal} Burn slot.",
                burns,
            ).format(burns=burns, ordinal=ordinal(rules.burn_slots))
        )
    money = d.series("money")
    low = min(range(len(money)), key=lambda k: money[k])
    out.append(
        _("Money was lowest at {low} in round {round} and ended at {end}.").format(
            low=f"{money[low]:g}", round=d.round_at(low), end=f"{money[-1]:g}"
        )
    )
    stored = d.round_change("stored")
    if stored:
        r = max(stored, key=lambda x: stored[x])
        if stored[r] > 0:
            out.append(
                ngettext(
                    "Storage grew most in round {round} ({n} card); every stored card adds to that player's rent.",
                    "Storage grew most in round {round} ({n} cards); every stored card adds to that player's rent.",
                    round(stored[r]),
                ).format(round=r, n=f"{stored[r]:+g}")
            )
    skills = d.series("skill_levels")
    trained = len(d.deltas("skill_levels", TRAIN.name))
    reused = d.series("reused")[-1]
    out.append(
        ngettext(
            "{reused} card was reused; skill levels went from {start} to {end} with {trained} trainings.",
            "{reused} cards were reused; skill levels went from {start} to {end} with {trained} trainings.",
            round(reused),
        ).format(
            reused=f"{reused:g}",
            start=f"{skills[0]:g}",
            end=f"{skills[-1]:g}",
            trained=trained,
        )
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
