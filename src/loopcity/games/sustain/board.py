"""City Map geometry: big squares, corner spaces (Bus Stops) and edge spaces (walks and lanes).

Cells are numbered: the ``size * size`` big squares first (row by row), then the inner corners
(between four big squares), then the edges (between two big squares: horizontal neighbours first,
then vertical ones). Distance and adjacency are orthogonal only, as the rulebook says.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Geometry:
    """Precomputed facts about a City Map of a given size."""

    size: int
    squares: tuple[int, ...]
    corners: tuple[int, ...]
    edges: tuple[int, ...]
    touches: tuple[tuple[int, ...], ...]
    """For each cell, the big squares it touches: a square's orthogonal neighbours, a corner's
    four squares, an edge's two squares."""
    kind: tuple[str, ...]
    labels: tuple[str, ...]
    """Each space's label in positions: ``C3`` a big square, ``B2+`` the corner below right of B2,
    ``A1|B1`` and ``A1/A2`` edges."""
    within: tuple[tuple[frozenset[int], ...], ...]
    """``within[d][sq]``: the cells whose anchor square lies at orthogonal distance ``d`` or less
    from big square ``sq`` (an anchor: the square itself, or the first square a corner or edge touches)."""

    @property
    def cells(self) -> int:
        return len(self.kind)

    def name(self, cell: int) -> str:
        """A space as people name it on the board: ``C3`` a big square, ``B2-C3`` the corner between
        B2 and C3 (and C2, B3), ``A1-B1`` the edge between two big squares."""
        if self.kind[cell] == "square":
            return self.labels[cell]
        touched = self.touches[cell]
        return f"{self.labels[touched[0]]}\u2013{self.labels[touched[-1]]}"

    def around(self, cell: int) -> tuple[str, ...]:
        """The big squares a corner or edge lies between (a big square: itself)."""
        if self.kind[cell] == "square":
            return (self.labels[cell],)
        return tuple(self.labels[t] for t in self.touches[cell])

    def coords(self, square: int) -> tuple[int, int]:
        return divmod(square, self.size)


def _label(r: int, c: int) -> str:
    return f"{chr(65 + c)}{r + 1}"


@cache
def geometry(size: int) -> Geometry:
    """The geometry of a ``size`` x ``size`` City Map (cached)."""
    n = size
    squares = tuple(range(n * n))
    touches: list[tuple[int, ...]] = []
    kind: list[str] = []
    labels: list[str] = []
    for sq in squares:
        r, c = divmod(sq, n)
        near = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
        touches.append(tuple(rr * n + cc for rr, cc in near if 0 <= rr < n and 0 <= cc < n))
        kind.append("square")
        labels.append(_label(r, c))
    corners = []
    for r in range(1, n):
        for c in range(1, n):
            corners.append(len(kind))
            touches.append(((r - 1) * n + c - 1, (r - 1) * n + c, r * n + c - 1, r * n + c))
            kind.append("corner")
            labels.append(f"{_label(r - 1, c - 1)}+")
    edges = []
    for r in range(n):
        for c in range(n - 1):
            edges.append(len(kind))
            touches.append((r * n + c, r * n + c + 1))
            kind.append("edge")
            labels.append(f"{_label(r, c)}|{_label(r, c + 1)}")
    for r in range(n - 1):
        for c in range(n):
            edges.append(len(kind))
            touches.append((r * n + c, (r + 1) * n + c))
            kind.append("edge")
            labels.append(f"{_label(r, c)}/{_label(r + 1, c)}")
    anchor = [c if c < n * n else touches[c][0] for c in range(len(kind))]

    def dist(a: int, b: int) -> int:
        return abs(a // n - b // n) + abs(a % n - b % n)

    within = tuple(
        tuple(frozenset(c for c in range(len(kind)) if dist(anchor[c], sq) <= d) for sq in squares)
        for d in range(2 * n)
    )
    return Geometry(
        n, squares, tuple(corners), tuple(edges), tuple(touches), tuple(kind), tuple(labels), within
    )
