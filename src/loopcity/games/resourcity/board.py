"""The 6x6 grid: road exits of rotated tiles, neighbours, Plots, and Farm (closed loop) detection.

Geometry. Tiles are numbered ``row * 6 + col``; sides N, E, S, W are 0..3 and a rotation of ``r``
quarter turns clockwise maps side ``d`` to ``(d + r) % 4``. The tile corners form a 7x7 lattice of
intersections, numbered ``i * 7 + j``; the 25 inside the board's rim can be Plots, and so can the
centre of each Green Space tile (Plot ``49 + tile``).

Farms. Roads cross a tile's sides only at their midpoints, so each tile splits into at most four
corner regions (NW, NE, SE, SW): two neighbouring corners of a tile are apart exactly when the road
arm between them is present (plus explicit ``links``, such as the tennis-ball tile's middle band).
Across a tile side, corner regions always meet (a road never runs along a side), and an unmatched
arm is a dead end that the region flows round. So the regions of the plane cut by the roads are the
classes of a union-find over the lattice points, joining the two corners of every tile side that no
arm of that tile blocks; the board's rim is one class, "outside". Every other class is a Farm: a
closed loop of roads, and its lattice points (and Green Space centres) are its Plots. Nested loops,
loops sharing a road and dead ends come out right with no special case.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .content import Content

SIZE = 6
TILES = SIZE * SIZE
SIDES = "NESW"
CORNERS = ("NW", "NE", "SE", "SW")
DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)
LATTICE = SIZE + 1
OUTSIDE = LATTICE * LATTICE  # the union-find node of everything on or beyond the rim
PLOTS = LATTICE * LATTICE + TILES  # lattice points, then Green Space centres
GREEN_PLOT = LATTICE * LATTICE  # Plot id of the centre of tile t is GREEN_PLOT + t


def _neighbours(t: int, diagonal: bool) -> tuple[int, ...]:
    r, c = divmod(t, SIZE)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < SIZE and 0 <= cc < SIZE:
                out.append(rr * SIZE + cc)
    return tuple(out)


def _step(t: int, side: int) -> int:
    r, c = divmod(t, SIZE)
    rr, cc = r + DR[side], c + DC[side]
    return rr * SIZE + cc if 0 <= rr < SIZE and 0 <= cc < SIZE else -1


def _corner_point(t: int, k: int) -> int:
    """The lattice point at corner ``k`` (NW, NE, SE, SW) of tile ``t``, or OUTSIDE on the rim."""
    r, c = divmod(t, SIZE)
    i, j = (r, r, r + 1, r + 1)[k], (c, c + 1, c + 1, c)[k]
    return OUTSIDE if i in (0, SIZE) or j in (0, SIZE) else i * LATTICE + j


ORTHOGONAL = tuple(_neighbours(t, False) for t in range(TILES))
AROUND = tuple(_neighbours(t, True) for t in range(TILES))
STEP = tuple(tuple(_step(t, d) for d in range(4)) for t in range(TILES))
CORNER_POINT = tuple(tuple(_corner_point(t, k) for k in range(4)) for t in range(TILES))
TILE_CORNER_PLOTS = tuple(tuple(p for p in CORNER_POINT[t] if p != OUTSIDE) for t in range(TILES))
DIAGONALS = tuple(
    sorted({i * SIZE + i for i in range(SIZE)} | {i * SIZE + SIZE - 1 - i for i in range(SIZE)})
)
REACH = tuple((t, *ORTHOGONAL[t]) for t in range(TILES))
"""Tiles a player on t may Rotate or Replace: its own and the orthogonal neighbours."""
REACH_BUILDER = tuple((t, *AROUND[t]) for t in range(TILES))
"""The Builder's reach: diagonal neighbours too."""
OUTER_RING = tuple(t for t in range(TILES) if t // SIZE in (0, SIZE - 1) or t % SIZE in (0, SIZE - 1))


def _quarter_plots(q: int) -> frozenset[int]:
    r0, c0 = (q // 2) * 3, (q % 2) * 3
    tiles = [(r0 + r) * SIZE + c0 + c for r in range(3) for c in range(3)]
    return frozenset(p for t in tiles for p in TILE_CORNER_PLOTS[t]) | {GREEN_PLOT + t for t in tiles}


QUARTERS = tuple(_quarter_plots(q) for q in range(4))


def _green_zone(t: int) -> frozenset[int]:
    tiles = (t, *ORTHOGONAL[t])
    return frozenset(p for u in tiles for p in TILE_CORNER_PLOTS[u]) | {GREEN_PLOT + t}


GREEN_ZONE = tuple(_green_zone(t) for t in range(TILES))
"""Plots next to a Green Space on tile t: its centre, its corners and the corners of the tiles beside it."""


def plot_name(p: int) -> str:
    """A Plot's name for people: ``b3`` style lattice point or ``c14`` Green Space centre."""
    if p >= GREEN_PLOT:
        return f"centre of tile {p - GREEN_PLOT}"
    return f"corner ({p // LATTICE},{p % LATTICE})"


JoinPoints = dict[tuple[str, int], tuple[tuple[int, ...], ...]]
Links = dict[str, tuple[tuple[tuple[int, ...], ...], ...]]


@dataclass(frozen=True)
class Geometry:
    """The board's tables for one content: Move exits and corner joins of each (tile type, rotation)."""

    exits: dict[tuple[str, int], int]
    joins: dict[tuple[str, int], tuple[tuple[int, int], ...]]
    rotations: dict[str, tuple[int, ...]]
    """The distinct rotations of each tile type (those that look different)."""
    roads: frozenset[str]
    corner_arms: dict[tuple[str, int], tuple[int, int, int, int]]
    """For each corner (NW, NE, SE, SW), how many of the two road arms beside it the tile has
    (at most 1 where a link joins that corner's region to another): 2 means the corner is walled in."""
    exit_masks: dict[str, tuple[int, int, int, int]]
    """``exits`` by tile type, then rotation (no tuple key to build in the inner loops)."""
    links: Links
    """For every tile type and rotation, then ``4 * tile + corner``: the lattice points that corner's
    region reaches across the tile (OUTSIDE on the rim); the Farm flood of :func:`update_farms`."""
    join_points: JoinPoints
    """For every (tile type, rotation), per tile, the lattice points its open corners join (flattened
    pairs): the union-find of :func:`find_farms`."""
    corner_classes: dict[tuple[str, int], tuple[int, ...]]
    """For every (tile type, rotation), each corner's class among the tile's four (corners the roads
    leave joined share a class): what :func:`parts_corners` compares."""
    closed: dict[tuple[tuple[int, ...], str, int], int] = field(default_factory=dict, compare=False)
    """:func:`closed_regions` by its arguments, filled as they are first met (a few hundred at most:
    four corners' regions, a tile type and a rotation); the same for every board of this geometry."""

    def rotation_for(self, tile: str, exits: Sequence[str]) -> int:
        """The rotation that gives ``tile`` exactly the road ``exits`` (a layout's fixed tile)."""
        want = sum(1 << SIDES.index(s) for s in exits)
        for r in range(4):
            if self.exits[(tile, r)] == want:
                return r
        raise ValueError(f"a {tile} tile cannot have exits {''.join(exits)}")


def _rotate_mask(mask: int, r: int) -> int:
    return ((mask << r) | (mask >> (4 - r))) & 15


def build_geometry(content: Content) -> Geometry:
    """Precompute exits, corner joins and distinct rotations of every tile type."""
    exits: dict[tuple[str, int], int] = {}
    joins: dict[tuple[str, int], tuple[tuple[int, int], ...]] = {}
    rotations: dict[str, tuple[int, ...]] = {}
    corner_arms: dict[tuple[str, int], tuple[int, int, int, int]] = {}
    for tile in content.tiles:
        arms = sum(1 << SIDES.index(s) for s in tile.arms)
        links = [(CORNERS.index(a), CORNERS.index(b)) for a, b in tile.links]
        seen: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {}
        for r in range(4):
            m = _rotate_mask(arms, r)
            exits[(tile.id, r)] = 15 if tile.walkable else m
            pairs: list[tuple[int, int]] = [(k, (k + 1) % 4) for k in range(4) if not m >> k & 1]
            pairs += [((a + r) % 4, (b + r) % 4) for a, b in links]
            joins[(tile.id, r)] = tuple(pairs)
            linked = {k for pair in links for k in ((pair[0] + r) % 4, (pair[1] + r) % 4)}
            arms_at = [(m >> ((k + 3) % 4) & 1) + (m >> k & 1) for k in range(4)]
            c0, c1, c2, c3 = (min(a, 1) if k in linked else a for k, a in enumerate(arms_at))
            corner_arms[(tile.id, r)] = (c0, c1, c2, c3)
            seen.setdefault((m, tuple(sorted((min(p), max(p)) for p in pairs))), r)
        rotations[tile.id] = tuple(sorted(seen.values()))
    roads = frozenset(t.id for t in content.tiles if t.road)
    masks = {
        t.id: (exits[(t.id, 0)], exits[(t.id, 1)], exits[(t.id, 2)], exits[(t.id, 3)]) for t in content.tiles
    }
    return Geometry(
        exits,
        joins,
        rotations,
        roads,
        corner_arms,
        masks,
        _links(joins),
        _join_points(joins),
        {key: _corner_classes(pairs) for key, pairs in joins.items()},
    )


def _join_points(joins: dict[tuple[str, int], tuple[tuple[int, int], ...]]) -> JoinPoints:
    """``Geometry.join_points`` from the corner joins of every (tile type, rotation)."""
    return {
        key: tuple(
            tuple(x for a, b in pairs for x in (CORNER_POINT[t][a], CORNER_POINT[t][b])) for t in range(TILES)
        )
        for key, pairs in joins.items()
    }


def find_farms(geo: Geometry, kinds: Sequence[str], rots: Sequence[int]) -> list[int]:
    """For every Plot, the id of its Farm (the smallest Plot of that closed loop) or -1.

    This looks at the whole board; :func:`update_farms` brings a table up to date after a few tiles
    changed, looking only round them."""
    return _find_farms(geo.join_points, kinds, rots)


def _find_farms(table: JoinPoints, kinds: Sequence[str], rots: Sequence[int]) -> list[int]:
    # Union by the smaller root, so every class's root is its smallest point whatever the path halving.
    parent = list(range(OUTSIDE + 1))
    flat: list[int] = []
    for t, key in enumerate(zip(kinds, rots, strict=True)):
        flat += table[key][t]
    it = iter(flat)
    for ra, rb in zip(it, it, strict=True):
        while parent[ra] != ra:
            parent[ra] = ra = parent[parent[ra]]
        while parent[rb] != rb:
            parent[rb] = rb = parent[parent[rb]]
        if ra < rb:
            parent[rb] = ra
        elif rb < ra:
            parent[ra] = rb
    for x in range(OUTSIDE + 1):  # parents are always smaller points: resolve roots in order
        parent[x] = parent[parent[x]]
    outside = parent[OUTSIDE]
    farm = [-1] * PLOTS
    for p in INNER_POINTS:
        root = parent[p]
        if root != outside:
            farm[p] = root
    for t in tiles_of(kinds, "green"):
        root = parent[CORNER_POINT[t][0]]
        if root != outside:
            farm[GREEN_PLOT + t] = root
    return farm


def tiles_of(kinds: Sequence[str], kind: str) -> list[int]:
    """The tiles of the grid ``kinds`` holding a tile of type ``kind``, in order."""
    out = []
    t = -1
    for _ in range(kinds.count(kind)):  # list methods: no Python loop over the 36 tiles
        t = kinds.index(kind, t + 1)
        out.append(t)
    return out


INNER_POINTS = tuple(i * LATTICE + j for i in range(1, SIZE) for j in range(1, SIZE))


def farm_count(farm: Sequence[int]) -> int:
    """How many Farms a Plot-to-Farm table holds."""
    ids = set(farm)
    ids.discard(-1)
    return len(ids)


OPEN_SIDES = tuple(
    tuple(
        tuple((STEP[t][d], 1 << (d + 2) % 4) for d in range(4) if m >> d & 1 and STEP[t][d] >= 0)
        for m in range(16)
    )
    for t in range(TILES)
)
"""For tile t and an exit mask: (neighbour, the neighbour's side facing t as a bit) per exit, N to W."""
OPEN_SIDES_BY_TILE = tuple(tuple(tuple(sorted(sides)) for sides in per_mask) for per_mask in OPEN_SIDES)
"""The same, in the order of the neighbours' tile numbers."""


def moves_from(geo: Geometry, kinds: Sequence[str], rots: Sequence[int], t: int) -> list[int]:
    """Tiles one Move from ``t``: the road leaves ``t`` on a side and the neighbour's road meets it."""
    masks = geo.exit_masks
    return [n for n, back in OPEN_SIDES[t][masks[kinds[t]][rots[t]]] if masks[kinds[n]][rots[n]] & back]


# ----- keeping the Farms up to date after a few tiles change ------------------------------------
#
# Only the roads of the changed tiles differ, and they only join or part the corners of those tiles.
# So a region that touches none of those corners is unchanged, and every region that may change (an
# old one through a changed corner, or a new one) contains a changed corner: it is enough to forget
# the Farms through the changed corners and flood the regions round them again. A flood that reaches
# the rim stops there: that region is outside every Farm.

POINT_CORNERS = tuple(
    tuple((t, t * 4 + k) for t in range(TILES) for k in range(4) if CORNER_POINT[t][k] == p)
    if p in set(INNER_POINTS)
    else ()
    for p in range(OUTSIDE)
)
"""For each lattice point, the tiles that meet there, each with ``4 * tile + corner`` (empty on the rim)."""


def _links(joins: dict[tuple[str, int], tuple[tuple[int, int], ...]]) -> Links:
    """``Geometry.links`` from the corner joins of every (tile type, rotation)."""
    table: Links = {}
    for (kind, r), pairs in joins.items():
        per_rot = list(table.get(kind, ((),) * 4))
        per_rot[r] = tuple(
            tuple(CORNER_POINT[t][b if a == k else a] for a, b in pairs if k in (a, b))
            for t in range(TILES)
            for k in range(4)
        )
        table[kind] = tuple(per_rot)
    return table


def _flood(
    links: Links, kinds: Sequence[str], rots: Sequence[int], start: int, done: set[int]
) -> list[int] | None:
    """The lattice points of ``start``'s region, or None when it is outside every Farm: it reaches the
    rim, or a point in ``done`` (regions flooded before: a closed one would already hold ``start``).
    The points met are added to ``done`` either way."""
    region = [start]
    seen = {start}
    for p in region:  # the list grows as the flood goes on
        for t, tk in POINT_CORNERS[p]:
            for q in links[kinds[t]][rots[t]][tk]:
                if q not in seen:
                    if q == OUTSIDE or q in done:
                        done.update(region)
                        return None
                    seen.add(q)
                    region.append(q)
    done.update(region)
    return region


def update_farms(
    geo: Geometry, farm: list[int], kinds: Sequence[str], rots: Sequence[int], tiles: Sequence[int]
) -> None:
    """Bring ``farm`` (the Plot-to-Farm table of the board before) up to date, in place, after the
    ``tiles`` changed type or rotation; the result equals :func:`find_farms` of the new board."""
    links = geo.links
    corners = (
        TILE_CORNER_PLOTS[tiles[0]] if len(tiles) == 1 else {p for t in tiles for p in TILE_CORNER_PLOTS[t]}
    )
    gone = {farm[p] for p in corners}
    gone.discard(-1)
    if gone:
        for p in INNER_POINTS:
            if farm[p] in gone:
                farm[p] = -1
    done: set[int] = set()  # points of the regions flooded so far
    for c in corners:
        if c not in done:
            region = _flood(links, kinds, rots, c, done)
            if region is not None:
                root = min(region)
                for p in region:
                    farm[p] = root
    for t in tiles:
        farm[GREEN_PLOT + t] = -1
    for t in tiles_of(kinds, "green"):  # a Green Space's centre is in the Farm of its corners
        p = CORNER_POINT[t][0]
        farm[GREEN_PLOT + t] = farm[p] if p != OUTSIDE else -1


def parts_corners(geo: Geometry, old_kind: str, old_rot: int, new_kind: str, new_rot: int) -> bool:
    """Whether a tile changed from ``old`` to ``new`` (type, rotation) parts two of its corners that the
    old tile joined. If not, every region of the board stays joined and regions can only merge: such a
    change never makes a new Farm."""
    new = geo.corner_classes[(new_kind, new_rot)]
    return any(new[a] != new[b] for a, b in geo.joins[(old_kind, old_rot)])


def _corner_classes(pairs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    label = [0, 1, 2, 3]
    for _ in range(4):  # enough passes for 4 corners
        for a, b in pairs:
            label[a] = label[b] = min(label[a], label[b])
    return tuple(label)


def farm_count_after(
    geo: Geometry, farm: Sequence[int], count: int, kinds: Sequence[str], rots: Sequence[int], tile: int
) -> int:
    """``farm_count(farms_after(geo, farm, kinds, rots, (tile,)))`` without building the table: the
    ``count`` Farms of ``farm``, less those through the tile's corners, plus the regions the floods
    from those corners close (as :func:`update_farms` finds them; a Farm away from the tile keeps
    its region, so none of them is counted twice)."""
    corners = TILE_CORNER_PLOTS[tile]
    gone = {farm[p] for p in corners}
    gone.discard(-1)
    links = geo.links
    done: set[int] = set()
    closed = 0
    for c in corners:
        if c not in done and _flood(links, kinds, rots, c, done) is not None:
            closed += 1
    return count - len(gone) + closed


def farms_after(
    geo: Geometry, farm: Sequence[int], kinds: Sequence[str], rots: Sequence[int], tiles: Sequence[int]
) -> list[int]:
    """The Plot-to-Farm table of a board that differs from the one of ``farm`` only at ``tiles``."""
    new = list(farm)
    update_farms(geo, new, kinds, rots, tiles)
    return new


# ----- counting the Farms of many trial tiles on one cell --------------------------------------------
#
# The roads of tile t only join or part t's own corners. So the regions of a board whose tile t is
# changed are the regions of the board *without* tile t's roads (t's corners all apart), joined again
# by the new tile's corner joins: find those regions once per cell, and each trial tile there costs a
# union of four corners instead of a flood.


def corner_regions(geo: Geometry, kinds: Sequence[str], rots: Sequence[int], tile: int) -> tuple[int, ...]:
    """For each corner of ``tile`` (NW, NE, SE, SW), the region it lies in once the tile's own roads
    are taken away: -1 when that region reaches the rim (or the corner is on it), else the first corner
    of the tile in that region (corners in one region share it)."""
    links = geo.links
    corners = CORNER_POINT[tile]
    label: dict[int, int] = {}  # the points flooded so far: their region as above
    out: list[int] = []
    for k, c in enumerate(corners):
        if c == OUTSIDE:
            out.append(-1)
            continue
        found = label.get(c)
        if found is not None:
            out.append(found)
            continue
        region = [c]
        seen = {c}
        rid = k
        for p in region:  # the list grows as the flood goes on (_flood, but for ``tile``)
            for t, tk in POINT_CORNERS[p]:
                if t == tile:
                    continue
                for q in links[kinds[t]][rots[t]][tk]:
                    if q not in seen:
                        if q == OUTSIDE or q in label:  # a point flooded before lies in a region that
                            rid = -1  # reached the rim: an enclosed one would hold ``c`` already
                            break
                        seen.add(q)
                        region.append(q)
                if rid < 0:
                    break
            if rid < 0:
                break
        for p in region:
            label[p] = rid
        out.append(rid)
    return tuple(out)


def farm_count_with(
    geo: Geometry, farm: Sequence[int], count: int, regions: Sequence[int], kind: str, rot: int, tile: int
) -> int:
    """:func:`farm_count_after` of the board whose ``tile`` becomes ``kind`` turned ``rot``, from that
    tile's :func:`corner_regions` on the board of ``farm`` (which holds ``count`` Farms)."""
    gone = {farm[p] for p in TILE_CORNER_PLOTS[tile]}
    gone.discard(-1)
    key = (tuple(regions), kind, rot)
    closed = geo.closed.get(key)
    if closed is None:
        closed = geo.closed[key] = closed_regions(geo, regions, kind, rot)
    return count - len(gone) + closed


def closed_regions(geo: Geometry, regions: Sequence[int], kind: str, rot: int) -> int:
    """How many enclosed regions a tile's four corners lie in once the tile ``kind`` turned ``rot``
    joins them: ``regions`` as :func:`corner_regions` gives them (-1 for a region that reaches the rim,
    a corner on the rim included; else the first corner of the tile in that region)."""
    label = list(regions)  # each corner's class: merged below by the tile's joins, till none changes
    joins = geo.joins[(kind, rot)]
    merged = True
    while merged:
        merged = False
        for a, b in joins:
            la, lb = label[a], label[b]
            if la != lb:  # -1 (the rim) is the smallest: a class that reaches it stays there
                low = min(la, lb)
                high = max(la, lb)
                label = [low if x == high else x for x in label]
                merged = True
    return len({x for x in label if x >= 0})
