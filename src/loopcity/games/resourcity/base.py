"""The fields every part of a Resourcity state shares, and the helpers they all use: Moves, reach,
and the two resource pools."""

from __future__ import annotations

from typing import Any, Literal

from mypy_extensions import mypyc_attr

from loopcity.engine import State
from loopcity.engine.table import Ballot

from .board import REACH, REACH_BUILDER, moves_from
from .catalogue import _
from .content import Content
from .tables import ResourcityTables
from .words import amount, cause_words

RESOURCES = ("fuel", "food", "water")

Phase = Literal["place", "propose", "vote", "act", "orient", "relocate", "discard", "compost", "draw", "over"]
"""Before the first turn, the table decides together (:mod:`.decide`): each player puts their token
on a Community Centre (``place``), a player proposes who starts first (``propose``) and the table
votes on it (``vote``). Then the player whose turn it is takes Actions (``act``); chooses how to turn
a tile being placed (``orient``, after Replace); chooses where the Policy Maker sends a token
(``relocate``: any player's token, as the card says, with nobody's say); discards from a full hand
(``discard``); puts Compost tokens (``compost``, Compost Day); ``draw`` while the hand is being filled
(never between two actions); ``over`` once the team has won or lost."""
FarmingAction = Literal["plant", "grow", "harvest"]
"""The farming Actions: at most one of them per Plot each turn."""


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class ResourcityBase(State[Content, ResourcityTables]):
    """Declares the state's fields (set in ``ResourcityState.__init__``) and shared helpers."""

    grid_kind: list[str]
    grid_rot: list[int]
    hands: list[list[str]]
    deck: list[str]
    sections: list[int]
    discard_pile: list[str]
    resolved: list[str]
    powers: list[str]
    pos: list[int]
    avail: dict[str, int]
    used: dict[str, int]
    supply: dict[str, int]
    crop: dict[int, str]
    tokens: dict[int, int]
    compost: set[int]
    baskets: list[list[tuple[str, int, int]]]
    farmed: dict[int, FarmingAction]
    farm: list[int]
    turn: int
    first: int
    """the player who started (chosen by the table): a round begins with their turn"""
    ballot: Ballot | None
    """the question the table or a player answers now (phase ``vote``)"""
    proposals: list[list[int]]
    """the rejected proposals of who starts first: [player proposed, votes for it], in order"""
    stage: list[dict[str, Any]]
    """the Crisis and Huat tiles drawn lately, with what they did (shown on stage for a round)"""
    round: int
    actions_left: int
    phase: Phase
    pending: tuple[int, ...]
    manpower: int
    pandemic: int
    community: int
    crises_drawn: int
    result: str | None
    won: bool

    def moves(self, t: int) -> list[int]:
        """Tiles one Move from ``t`` reaches along connected roads."""
        return moves_from(self.tables.geo, self.grid_kind, self.grid_rot, t)

    def reach(self, seat: int) -> tuple[int, ...]:
        """Tiles a seat may Rotate or Replace: its own and adjacent ones (Builder: diagonal too)."""
        return (REACH_BUILDER if self.powers[seat] == "builder" else REACH)[self.pos[seat]]

    def pay(self, resource: str, n: int, why: str) -> bool:
        """Move ``n`` of a resource from Available to Used; the team loses when it cannot be paid
        (``why``: what is paid for, in English, kept in ``result``; worded by ``cause_words``)."""
        have = self.avail[resource]
        paid = min(have, n)
        self.avail[resource] -= paid
        self.used[resource] += paid
        if paid < n:
            self.result = f"{resource.capitalize()} ran out ({why})"
            self.phase = "over"
            self.note(
                lambda: _("The team cannot pay {amount} for {why}: the team loses.").format(
                    amount=amount(n, resource), why=cause_words(why)
                )
            )
            return False
        return True

    def gain(self, resource: str, n: int) -> int:
        """Move up to ``n`` of a resource from Used back to Available; returns how many moved."""
        got = min(n, self.used[resource])
        self.used[resource] -= got
        self.avail[resource] += got
        return got

    def can_afford(self, cost: dict[Any, int]) -> bool:
        """Whether the Available pool covers ``cost``."""
        return all(self.avail[r] >= n for r, n in cost.items())
