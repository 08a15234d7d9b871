"""The fields every part of a Resourcity state shares, and the helpers they all use: the content and
its geometry, reach, and the two resource pools."""

from __future__ import annotations

from typing import Any

from loopcity.engine import State

from .board import REACH, REACH_BUILDER, Geometry, geometry, moves_from
from .content import Content

RESOURCES = ("fuel", "food", "water")


class ResourcityBase(State):
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
    farmed: dict[int, str]
    farm: list[int]
    turn: int
    round: int
    actions_left: int
    phase: str
    pending: tuple[int, ...]
    manpower: int
    pandemic: int
    community: int
    crises_drawn: int
    result: str | None
    won: bool

    @property
    def content(self) -> Content:
        """The validated content of this game."""
        return self.game.content

    @property
    def geo(self) -> Geometry:
        """The cached geometry tables of this game's content."""
        return geometry(self.game.content)

    def moves(self, t: int) -> list[int]:
        """Tiles one Move from ``t`` reaches along connected roads."""
        return moves_from(self.geo, self.grid_kind, self.grid_rot, t)

    def occupants(self, t: int) -> int:
        """How many player tokens stand on tile ``t``."""
        return self.pos.count(t)

    def reach(self, seat: int) -> tuple[int, ...]:
        """Tiles a seat may Rotate or Replace: its own and adjacent ones (Builder: diagonal too)."""
        return (REACH_BUILDER if self.powers[seat] == "builder" else REACH)[self.pos[seat]]

    def pay(self, resource: str, n: int, why: str) -> bool:
        """Move ``n`` of a resource from Available to Used; the team loses when it cannot be paid."""
        have = self.avail[resource]
        paid = min(have, n)
        self.avail[resource] -= paid
        self.used[resource] += paid
        if paid < n:
            self.result = f"{resource.capitalize()} ran out ({why})"
            self.phase = "over"
            self.note(f"The team cannot pay {n} {resource.capitalize()} for {why}: the team loses.")
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
