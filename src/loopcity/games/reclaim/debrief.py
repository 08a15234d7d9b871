"""RECLAIM's debrief rules (see docs/debrief.md): disease, pollution of the water, food, the City
budget and the scores of this table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.debrief import Moment
from loopcity.engine.text import _, ngettext

from .actions import CARD, PLAY_EVENT
from .rules import ReclaimState
from .words import N_, cause_words

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State

LABELS = {
    "city_budget": N_("City budget"),
    "player_coins": N_("Players' coins"),
    "disease": N_("Disease"),
    "water_waste": N_("Waste in the water"),
    "land_waste": N_("Waste on land"),
    "food": N_("Food"),
    "npk": N_("NPK fertiliser"),
    "sludge": N_("Sludge"),
    "blocks": N_("Housing blocks"),
}
"""The name people use for each metric (English; front ends read it through ``_``)."""
NEAR = 2
"""Disease within this many tokens of the limit at a round's end is a near-loss."""


def key_moments(d: Debrief) -> list[Moment]:
    """Round ends with disease close to the limit that loses."""
    limit: int = d.game.content.rules.disease_limit
    return d.near_losses(
        "disease",
        limit,
        NEAR,
        lambda r, v: _("Disease at {v} after round {r}: {below} below the {limit} that loses").format(
            v=f"{v:g}", r=r, below=f"{limit - v:g}", limit=limit
        ),
    )


def learning_points(d: Debrief) -> list[str]:
    """Disease against its limit, where the water was polluted most, food, the budget, the scores."""
    limit: int = d.game.content.rules.disease_limit
    out = []
    disease = d.series("disease")
    peak = max(range(len(disease)), key=lambda k: disease[k])
    out.append(
        _("Disease peaked at {peak} in round {r}, against the limit of {limit} that loses.").format(
            peak=f"{disease[peak]:g}", r=d.round_at(peak), limit=limit
        )
    )
    water = d.round_change("water_waste")
    if water:
        r = max(water, key=lambda x: water[x])
        if water[r] > 0:
            out.append(
                _("Waste in the water grew most in round {r}: {change} (it ended at {end}).").format(
                    r=r, change=f"{water[r]:+g}", end=f"{d.series('water_waste')[-1]:g}"
                )
            )
    food = d.series("food")
    low = min(range(len(food)), key=lambda k: food[k])
    out.append(
        _("Food was lowest at {low} in round {r} and ended at {end}.").format(
            low=f"{food[low]:g}", r=d.round_at(low), end=f"{food[-1]:g}"
        )
    )
    funded = [x for kind in ("fund", "contribute") for _k, x in d.deltas("city_budget", kind) if x > 0]
    budget = d.series("city_budget")
    out.append(
        ngettext(
            # the same English for 1: the words differ only in other languages
            "The City budget went from {start} to {end}; players funded it {n} times with {coins} coins.",
            "The City budget went from {start} to {end}; players funded it {n} times with {coins} coins.",
            len(funded),
        ).format(start=f"{budget[0]:g}", end=f"{budget[-1]:g}", n=len(funded), coins=f"{sum(funded):g}")
    )
    o = d.outcome
    if o is not None and o.team_won:
        best = ", ".join(_("seat {n}").format(n=s + 1) for s in o.winners)
        out.append(
            _("Highest score {best} ({seats}); scores {scores}.").format(
                best=f"{max(o.scores):g}", seats=best, scores=", ".join(f"{s:g}" for s in o.scores)
            )
        )
    elif o is not None:
        out.append(
            _("The city was lost to {causes} in round {r}.").format(
                causes=cause_words(o.cause), r=d.round_at(d.tl.steps)
            )
        )
    return out


def subject(state: State, seat: int, action: Action) -> str | None:
    """What an action names beyond its words, for the workbench's counts: the pile an Infrastructure
    card is taken from, the Event card played; None for the others (builds name their item)."""
    assert isinstance(state, ReclaimState)
    if action.kind == CARD.name and state.pending_pile is not None:
        return next(p.name for p in state.content.piles if p.id == state.pending_pile)
    if action.kind == PLAY_EVENT.name:
        return state.content.events[state.hands[seat][PLAY_EVENT.read(action).card]].title
    return None
