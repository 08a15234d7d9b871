"""RECLAIM's debrief rules (see docs/debrief.md): disease, pollution of the water, food, the City
budget and the scores of this table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.debrief import Moment

from .actions import CARD, PLAY_EVENT
from .rules import ReclaimState

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State

LABELS = {
    "city_budget": "City budget",
    "player_coins": "Players' coins",
    "disease": "Disease",
    "water_waste": "Waste in the water",
    "land_waste": "Waste on land",
    "food": "Food",
    "npk": "NPK fertiliser",
    "sludge": "Sludge",
    "blocks": "Housing blocks",
}
NEAR = 2
"""Disease within this many tokens of the limit at a round's end is a near-loss."""


def key_moments(d: Debrief) -> list[Moment]:
    """Round ends with disease close to the limit that loses."""
    limit: int = d.game.content.rules.disease_limit
    return d.near_losses(
        "disease",
        limit,
        NEAR,
        lambda r, v: f"Disease at {v:g} after round {r}: {limit - v:g} below the {limit} that loses",
    )


def learning_points(d: Debrief) -> list[str]:
    """Disease against its limit, where the water was polluted most, food, the budget, the scores."""
    limit: int = d.game.content.rules.disease_limit
    out = []
    disease = d.series("disease")
    peak = max(range(len(disease)), key=lambda k: disease[k])
    out.append(
        f"Disease peaked at {disease[peak]:g} in round {d.round_at(peak)}, against the limit of {limit} that loses."
    )
    water = d.round_change("water_waste")
    if water:
        r = max(water, key=lambda x: water[x])
        if water[r] > 0:
            out.append(
                f"Waste in the water grew most in round {r}: {water[r]:+g} (it ended at {d.series('water_waste')[-1]:g})."
            )
    food = d.series("food")
    low = min(range(len(food)), key=lambda k: food[k])
    out.append(f"Food was lowest at {food[low]:g} in round {d.round_at(low)} and ended at {food[-1]:g}.")
    funded = [x for kind in ("fund", "contribute") for _k, x in d.deltas("city_budget", kind) if x > 0]
    budget = d.series("city_budget")
    out.append(
        f"The City budget went from {budget[0]:g} to {budget[-1]:g}; players funded it {len(funded)} times "
        f"with {sum(funded):g} coins."
    )
    o = d.outcome
    if o is not None and o.team_won:
        best = ", ".join(f"seat {s + 1}" for s in o.winners)
        out.append(
            f"Highest score {max(o.scores):g} ({best}); scores {', '.join(f'{s:g}' for s in o.scores)}."
        )
    elif o is not None:
        out.append(f"The city was lost to {o.cause} in round {d.round_at(d.tl.steps)}.")
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
