"""RECLAIM's debrief rules (see docs/debrief.md): disease, pollution of the water, food, the City
budget and the scores of this table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.debrief import Moment
from loopcity.engine.text import _, ngettext

from .actions import CARD, PLAY_EVENT
from .rules import ReclaimState
from .words import N_, agenda_text, cause_words, role_name

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State

LABELS = {
    "round": N_("Round"),
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
ACTION_NAMES = {
    "role": N_("Choose a role"),
    "build": N_("Build or upgrade"),
    "link": N_("Build transportation"),
    "link_to": N_("Lead transportation on"),
    "card": N_("Take an Infrastructure card"),
    "move": N_("Move a resource"),
    "convert": N_("Housing uses Food"),
    "treat": N_("Treat Waste"),
    "grow": N_("Grow Food"),
    "dump_site": N_("Choose the Dump"),
    "play_event": N_("Play an Event card"),
    "end_turn": N_("End the turn"),
    "propose": N_("Propose a political decision"),
    "vote": N_("Vote"),
    "fund": N_("Fund the City budget"),
    "done": N_("Say done"),
    "place_block": N_("Place a Housing block"),
    "urbanize": N_("Make Urban area"),
    "alarm": N_("The timer rang"),
    "units": N_("Choose how many units"),
    "contribute": N_("Add own coins"),
}
"""Each action kind's short name (English; read through ``_``)."""
KEY_SERIES = ("water_waste", "land_waste", "disease", "food")
"""Pollution (waste in the water and on land), disease and food: what a class compares."""
QUESTION_FACTS = {
    "disease_peak": "Disease at its highest",
    "disease_peak_round": "the round Disease was highest",
    "disease_limit": "the Disease that loses",
    "water_growth": "the most waste in the water grew in one round",
    "water_growth_round": "that round",
    "water_waste": "waste in the water now",
    "food_low": "Food at its lowest",
    "food_low_round": "the round Food was lowest",
    "funded": "coins players added to the City budget",
    "best_agenda": "the player who reached their Hidden agenda furthest",
}
"""The figures RECLAIM's discussion questions may use (``questions.toml``)."""
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
            "The City budget went from {start} to {end}; players funded it once with {coins} coins.",
            "The City budget went from {start} to {end}; players funded it {n} times with {coins} coins.",
            len(funded),
        ).format(start=f"{budget[0]:g}", end=f"{budget[-1]:g}", n=len(funded), coins=f"{sum(funded):g}")
    )
    o = d.outcome
    if o is not None and o.team_won:
        best = ", ".join(d.who(s) for s in o.winners)
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


def role(state: State, seat: int) -> str:
    """The role the seat holds at the last step (roles rotate every round)."""
    assert isinstance(state, ReclaimState)
    return role_name(state.role_of(seat))


def agendas(d: Debrief) -> list[dict[str, object]]:
    """Each seat's Hidden agenda and how far it reached it: the symbols of its agenda on the
    Infrastructure cards it took, against all the symbols on them, and its score (card levels plus
    one point per matching symbol)."""
    st = d.tl.final
    assert isinstance(st, ReclaimState)
    b = st.tables
    out: list[dict[str, object]] = []
    for seat in range(st.players):
        agenda = st.content.agendas[st.agendas[seat]]
        wanted = set(agenda.symbols)
        cards = st.owned[seat]
        symbols = [s for pile, card in cards for s in b.pile_cards[pile][card]]
        matched = sum(1 for s in symbols if s in wanted)
        levels = sum(b.pile_level[pile] for pile, _card in cards)
        reached = ngettext(
            "{matched} of the {symbols} symbols on the {n} card they took match it: {score} points ({levels} for the cards' levels, {matched} for the agenda).",
            "{matched} of the {symbols} symbols on the {n} cards they took match it: {score} points ({levels} for the cards' levels, {matched} for the agenda).",
            len(cards),
        ).format(matched=matched, symbols=len(symbols), n=len(cards), score=levels + matched, levels=levels)
        out.append(
            {
                "seat": seat,
                "agenda": agenda_text(agenda.symbols),
                "matched": matched,
                "symbols": len(symbols),
                "cards": len(cards),
                "score": levels + matched,
                "reached": reached,
            }
        )
    return out


def question_facts(d: Debrief) -> dict[str, object]:
    """RECLAIM's figures for the discussion questions."""
    limit: int = d.game.content.rules.disease_limit
    disease = d.series("disease")
    peak = max(range(len(disease)), key=lambda k: disease[k])
    food = d.series("food")
    low = min(range(len(food)), key=lambda k: food[k])
    water = d.round_change("water_waste")
    r = max(water, key=lambda x: water[x]) if water else None
    funded = [x for kind in ("fund", "contribute") for _k, x in d.deltas("city_budget", kind) if x > 0]
    out: dict[str, object] = {
        "disease_peak": disease[peak],
        "disease_peak_round": d.round_at(peak),
        "disease_limit": limit,
        "water_waste": d.series("water_waste")[-1],
        "food_low": food[low],
        "food_low_round": d.round_at(low),
        "funded": sum(funded),
    }
    if r is not None and water[r] > 0:
        out.update(water_growth=water[r], water_growth_round=r)
    revealed = d.agendas()
    if revealed:
        best = max(revealed, key=lambda a: (a["matched"], a["score"]))
        out["best_agenda"] = f"{best['who']}: {best['agenda']}"
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
