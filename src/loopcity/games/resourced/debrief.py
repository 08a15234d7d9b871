"""ResourCEd's debrief rules (see docs/debrief.md): the Waste Pile, Composters, Recycling and Social
Housing of this table, in numbers taken from its own timeline."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.debrief import Moment

from .content import Content
from .rules import ResourcedState

if TYPE_CHECKING:
    from loopcity.debrief import Debrief
    from loopcity.engine import Action, State

LABELS = {
    "waste": "Waste Pile",
    "bank": "Resource Bank",
    "cards_in_hand": "Cards in hands",
    "social_housing": "Social Housing",
    "tiles": "Tiles",
    "upgrades": "Upgrades",
    "ring": "Ring",
    "composters": "Composters",
}
NEAR = 4
"""A Waste Pile within this many cards of the losing size at a round's end is a near-loss."""


def _content(d: Debrief) -> Content:
    """The game's content with its type."""
    content = d.game.content
    if not isinstance(content, Content):
        raise TypeError(f"ResourCEd debrief needs Content, got {type(content).__name__}")
    return content


def figures(state: Any) -> dict[str, float]:
    """Composters on the board after each move."""
    return {"composters": float(state.count.get("composter", 0))}


def key_moments(d: Debrief) -> list[Moment]:
    """Round ends with the Waste Pile close to the size that loses."""
    limit = _content(d).rules.max_waste
    return d.near_losses(
        "waste",
        limit,
        NEAR,
        lambda r, v: f"Waste Pile at {v:g} after round {r}: {limit - v:g} short of the {limit} that loses",
    )


def learning_points(d: Debrief) -> list[str]:
    """Where the Waste Pile grew, when Composters came, what Recycling removed, Social Housing built."""
    limit = _content(d).rules.max_waste
    out = []
    growth = d.round_change("waste")
    r = max(growth, key=lambda x: growth[x])
    first = d.first_step("composters", lambda v: v > 0)
    if growth[r] > 0:
        have = d.before_round("composters", r)
        if have:
            when = f"with {have:g} Composter(s) on the board"
        elif first is None or d.round_at(first) >= r:
            when = "before any Composter existed"
        else:
            when = "with no Composter left on the board"
        out.append(f"The Waste Pile grew by {growth[r]:g} in round {r}, {when}.")
    rounds = d.rounds()
    if first is None:
        out.append(f"No Composter was built in {len(rounds)} rounds.")
    else:
        out.append(f"The first Composter stood in round {d.round_at(first)} (move {first}).")
    waste = d.series("waste")
    peak = max(range(len(waste)), key=lambda k: waste[k])
    out.append(
        f"The Waste Pile peaked at {waste[peak]:g} in round {d.round_at(peak)} and ended at {waste[-1]:g} "
        f"(a round ending at {limit} or more loses)."
    )
    cut = [-x for _k, x in d.deltas("waste", "operate") if x < 0]
    if cut:
        out.append(
            f"Operating the Recycler and Upgrades took {sum(cut):g} cards off the Waste Pile in {len(cut)} operations."
        )
    housing = d.series("social_housing")
    new = d.first_step("social_housing", lambda v: v > housing[0])
    if new is None:
        out.append(f"Social Housing stayed at {housing[0]:g}: none was added.")
    else:
        out.append(
            f"Social Housing went from {housing[0]:g} to {housing[-1]:g}; the first new one came in round {d.round_at(new)}."
        )
    return out


def subject(state: State, seat: int, action: Action) -> str | None:
    """The tile (or Upgrade) an action is about, by id as ``craft`` names it, for the workbench's
    counts: the tile moved to, gathered on or operated (its Upgrade when it has one), the Upgrade
    removed; None for the others (crafting names its item itself)."""
    assert isinstance(state, ResourcedState)
    k = action.kind
    if k == "move":
        return state.tiles[int(action.args[0])]
    if k == "remove":
        return state.upgrades[int(action.args[0])]
    if k in ("gather", "operate"):
        cell = state.pos[seat]
        return (k == "operate" and state.upgrades[cell]) or state.tiles[cell]
    return None
