"""ResourCEd's debrief rules (see docs/debrief.md): the Waste Pile, Composters, Recycling and Social
Housing of this table, in numbers taken from its own timeline, worded in the reader's language."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from loopcity.debrief import Moment
from loopcity.engine.text import N_, _, ngettext

from .actions import GATHER, MOVE, OPERATE, REMOVE
from .content import Content
from .rules import ResourcedState

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State


class _Worded(Mapping[str, str]):
    """Texts by key, each read in the reader's language when it is looked up."""

    def __init__(self, words: dict[str, Callable[[], str]]) -> None:
        self._words = words

    def __getitem__(self, key: str) -> str:
        return self._words[key]()

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)


LABELS: Mapping[str, str] = _Worded(
    {
        "round": lambda: _("Round"),
        "waste": lambda: _("Waste Pile"),
        "bank": lambda: _("Resource Bank"),
        "cards_in_hand": lambda: _("Cards in hands"),
        "social_housing": lambda: _("Social Housing"),
        "tiles": lambda: _("Tiles"),
        "upgrades": lambda: _("Upgrades"),
        "ring": lambda: _("Ring"),
        "composters": lambda: _("Composters"),
    }
)
"""The metrics' names people use, in the reader's language."""
ACTION_NAMES = {
    "choose_sixth": N_("Propose the last tile of Ring 1"),
    "waste": N_("Waste a card from the Resource Bank"),
    "supply": N_("Supply a Social Housing"),
    "shed": N_("Waste a card for Upkeep"),
    "fix": N_("Pledge a card to the fix"),
    "let_go": N_("Pledge no more"),
    "pay": N_("Pay for the Event"),
    "use": N_("Use a Resource for the Event"),
    "choose": N_("Propose a player"),
    "remove": N_("Propose removing an Upgrade"),
    "give": N_("Give in a trade"),
    "take": N_("Ask in a trade"),
    "gather": N_("Gather"),
    "gather_any": N_("Gather any Resource at BGCS"),
    "craft": N_("Craft"),
    "operate": N_("Operate"),
    "pass": N_("Skip the Action"),
    "move": N_("Move to a tile"),
    "place": N_("Propose where to place"),
    "shop": N_("Shop"),
    "shop_done": N_("Stop shopping"),
    "discard": N_("Waste a card from the hand"),
    "end_turn": N_("End the turn"),
    "vote": N_("Vote"),
    "done": N_("Say done"),
    "offer_trade": N_("Offer a trade"),
    "withdraw": N_("Put a trade aside"),
}
"""Each action kind's short name (English; read through ``_``)."""
KEY_SERIES = ("waste", "social_housing", "composters")
"""The Waste Pile first: what a class compares."""
QUESTION_FACTS = {
    "waste_growth": "the most the Waste Pile grew in one round",
    "waste_growth_round": "that round",
    "waste_peak": "the Waste Pile at its highest",
    "waste_peak_round": "the round it was highest",
    "waste_end": "the Waste Pile now",
    "waste_limit": "the Waste Pile that loses",
    "first_composter_round": "the round the first Composter stood",
    "social_housing": "Social Housing now",
}
"""The figures ResourCEd's discussion questions may use (``questions.toml``)."""
NEAR = 4
"""A Waste Pile within this many cards of the losing size at a round's end is a near-loss."""


def figures(state: Any) -> dict[str, float]:
    """Composters on the board after each move."""
    return {"composters": float(state.count.get("composter", 0))}


def key_moments(d: Debrief) -> list[Moment]:
    """Round ends with the Waste Pile close to the size that loses."""
    content: Content = d.game.content
    limit = content.rules.max_waste
    return d.near_losses(
        "waste",
        limit,
        NEAR,
        lambda r, v: _("Waste Pile at {v} after round {r}: {short} short of the {limit} that loses").format(
            v=f"{v:g}", r=r, short=f"{limit - v:g}", limit=limit
        ),
    )


def learning_points(d: Debrief) -> list[str]:
    """Where the Waste Pile grew, when Composters came, what Recycling removed, Social Housing built."""
    content: Content = d.game.content
    limit = content.rules.max_waste
    out = []
    growth = d.round_change("waste")
    r = max(growth, key=lambda x: growth[x])
    first = d.first_step("composters", lambda v: v > 0)
    if growth[r] > 0:
        have = d.before_round("composters", r)
        grew = f"{growth[r]:g}"
        if have:
            words = _("The Waste Pile grew by {n} in round {r}, with {have} Composter(s) on the board.")
        elif first is None or d.round_at(first) >= r:
            words = _("The Waste Pile grew by {n} in round {r}, before any Composter existed.")
        else:
            words = _("The Waste Pile grew by {n} in round {r}, with no Composter left on the board.")
        out.append(words.format(n=grew, r=r, have=f"{have:g}"))
    rounds = d.rounds()
    if first is None:
        out.append(
            ngettext(
                "No Composter was built in {n} round.", "No Composter was built in {n} rounds.", len(rounds)
            ).format(n=len(rounds))
        )
    else:
        words = _("The first Composter stood in round {r} (move {move}).")
        out.append(words.format(r=d.round_at(first), move=first))
    waste = d.series("waste")
    peak = max(range(len(waste)), key=lambda k: waste[k])
    words = _(
        "The Waste Pile peaked at {peak} in round {r} and ended at {end} (a round ending at {limit} or more loses)."
    )
    out.append(words.format(peak=f"{waste[peak]:g}", r=d.round_at(peak), end=f"{waste[-1]:g}", limit=limit))
    cut = [-x for _k, x in d.deltas("waste", "operate") if x < 0]
    if cut:
        words = _(
            "Operating the Recycler and Upgrades took {n} cards off the Waste Pile in {ops} operations."
        )
        out.append(words.format(n=f"{sum(cut):g}", ops=len(cut)))
    housing = d.series("social_housing")
    new = d.first_step("social_housing", lambda v: v > housing[0])
    if new is None:
        out.append(_("Social Housing stayed at {n}: none was added.").format(n=f"{housing[0]:g}"))
    else:
        words = _("Social Housing went from {start} to {end}; the first new one came in round {r}.")
        out.append(words.format(start=f"{housing[0]:g}", end=f"{housing[-1]:g}", r=d.round_at(new)))
    return out


def question_facts(d: Debrief) -> dict[str, object]:
    """ResourCEd's figures for the discussion questions."""
    content: Content = d.game.content
    waste = d.series("waste")
    peak = max(range(len(waste)), key=lambda k: waste[k])
    growth = d.round_change("waste")
    r = max(growth, key=lambda x: growth[x]) if growth else None
    first = d.first_step("composters", lambda v: v > 0)
    out: dict[str, object] = {
        "waste_peak": waste[peak],
        "waste_peak_round": d.round_at(peak),
        "waste_end": waste[-1],
        "waste_limit": content.rules.max_waste,
        "social_housing": d.series("social_housing")[-1],
    }
    if r is not None and growth[r] > 0:
        out.update(waste_growth=growth[r], waste_growth_round=r)
    if first is not None:
        out["first_composter_round"] = d.round_at(first)
    return out


_SUBJECTS = frozenset({MOVE.name, REMOVE.name, GATHER.name, OPERATE.name})
"""The kinds of action that name a tile or an Upgrade (:func:`subject`)."""


def subject(state: State, seat: int, action: Action) -> str | None:
    """The tile (or Upgrade) an action is about, by id as ``craft`` names it, for the workbench's
    counts: the tile moved to, gathered on or operated (its Upgrade when it has one), the Upgrade
    removed; None for the others (crafting names its item itself)."""
    if action.kind not in _SUBJECTS:  # most steps: a word less to match
        return None
    assert isinstance(state, ResourcedState)
    match action.kind:
        case MOVE.name:
            return state.tiles[MOVE.read(action).cell]
        case REMOVE.name:
            return state.upgrades[REMOVE.read(action).cell]
        case GATHER.name:
            return state.tiles[state.pos[seat]]
        case OPERATE.name:
            cell = state.pos[seat]
            return state.upgrades[cell] or state.tiles[cell]
    return None
