"""The board: BGCS (cell 0) in the centre and rings of 6, 12 and 18 hexagons (cells 1-6, 7-18, 19-36).

Cells use axial hex coordinates; adjacency and ring numbers are module constants.
"""

from __future__ import annotations

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
RINGS = 3
BGCS = 0


def _ring(k: int) -> list[tuple[int, int]]:
    if k == 0:
        return [(0, 0)]
    q, r = -k, k  # k steps in direction 4
    cells = []
    for d in range(6):
        for _ in range(k):
            cells.append((q, r))
            q, r = q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]
    return cells


COORDS: tuple[tuple[int, int], ...] = tuple(c for k in range(RINGS + 1) for c in _ring(k))
CELLS = len(COORDS)
RING: tuple[int, ...] = tuple(k for k in range(RINGS + 1) for _ in _ring(k))
RING_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(CELLS) if RING[i] == k) for k in range(RINGS + 1)
)
RING_SLICE: tuple[slice, ...] = tuple(slice(cells[0], cells[-1] + 1) for cells in RING_CELLS)
"""Each Ring's hexes as one slice of the board (they are numbered Ring by Ring)."""
_INDEX = {c: i for i, c in enumerate(COORDS)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in _INDEX) for q, r in COORDS
)
ADJACENT: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)
