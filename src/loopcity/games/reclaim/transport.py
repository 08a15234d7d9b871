"""Where resources can go: transportation networks and the Water a unit of Waste runs into.

Shared by the turn (moves, failed conversions), the Event cards (a broken pipe, Waste washed away)
and the joint decisions (dumping Waste in the Water); it imports none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import MIXED, SEPARATED, components

if TYPE_CHECKING:
    from .rules import ReclaimState


def recompute_components(st: ReclaimState) -> None:
    """Label each hexagon with its connected component for every kind of transport."""
    st.comp = components(st.game.tables.n, st.links)


def join_components(st: ReclaimState, t: str, a: int, c: int) -> None:
    """Relabel the components of ``t`` after a new link ``(a, c, t)`` at the end of the links, exactly
    as :func:`recompute_components` would: ``a``'s component takes the label of ``c``'s."""
    comp = st.comp[t]
    old, new = comp[a], comp[c]
    if old != new:
        st.comp[t] = [new if x == old else x for x in comp]


def water_has_room(st: ReclaimState) -> bool:
    """Whether some Water hexagon can still take a unit of Waste (``water_hex_for_waste`` finds one)."""
    b = st.game.tables
    limit, res = b.limit, st.res
    for h in b.terrain_tables(st.terrain).water:
        if res[h][MIXED] + res[h][SEPARATED] < limit:
            return True
    return False


def water_room(st: ReclaimState) -> int:
    """Units of Waste the Water hexagons can still take."""
    b = st.game.tables
    limit, res = b.limit, st.res
    return sum(max(0, limit - res[h][MIXED] - res[h][SEPARATED]) for h in b.terrain_tables(st.terrain).water)


def water_hex_for_waste(st: ReclaimState, near: int) -> int:
    """The Water hexagon a unit of Waste runs into: the nearest one that is not full (-1: none)."""
    b = st.game.tables
    limit = b.limit
    best, best_key = -1, (0, 0)
    for h, terrain in enumerate(st.terrain):
        if terrain == "water" and st.res[h][MIXED] + st.res[h][SEPARATED] < limit:
            key = (b.distance(near, h), h)
            if best < 0 or key < best_key:
                best, best_key = h, key
    return best
