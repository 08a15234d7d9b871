"""RECLAIM's names and the tables derived once from a configured game's content.

The map is data (``[[hexes]]`` in content.toml, axial coordinates); :func:`build_tables` derives from
it, once per configured game (``GameSpec.tables``), the hexagons' neighbours, the prices, the
conversions, the card piles and the set-up position, shared by every state of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

from loopcity.engine import Action

from .actions import (
    BUILD,
    BUILD_IDS,
    CARD,
    CONTRIBUTE,
    DECISION_ITEMS,
    DUMP_SITE,
    GROW,
    LINK,
    LINK_TO,
    MAX_CONTRIBUTION,
    MOVE,
    PLACE_BLOCK,
    PROPOSE,
    RESOURCES,
    TRANSPORTS,
    TREAT,
    URBANIZE,
)
from .content import ReclaimContent, Role, Transport

if TYPE_CHECKING:
    from .rules import ReclaimState

FOOD, MIXED, SEPARATED, SLUDGE, NPK = range(5)
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
ROLES: tuple[Role, ...] = get_args(Role)
HOUSING, TREATMENT, FARMING, CONTRACTOR = range(4)
DECISIONS = ("vaccination", "food", "npk", "dump")
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

Phase = Literal["turn", "politics", "growth", "over"]
"""The parts of a round: ``turn`` (each role in turn), ``politics`` (joint Political decisions),
``growth`` (new Housing blocks before the next round), and ``over``."""
Stage = Literal["role", "build", "fetch", "convert", "send"]
"""The steps of a player's turn: the Independent contractor's choice of role, build actions, then
fetching, converting and sending resources."""
Transportation = tuple[int, int, Transport]
"""Transportation between two neighbouring hexagons ``(a, b, kind)`` with ``a < b``."""


def board_changed(st: ReclaimState) -> None:
    """Drop the hexagon lists the legal actions keep (``turn.plant_list`` ...): the Housing blocks,
    Treatment plants, Farms, terrain or Dump changed."""
    st._kept.clear()


def home_hexes(st: ReclaimState) -> list[int]:
    """Hexagons with Housing blocks."""
    return [h for h, bl in enumerate(st.blocks) if bl[0] or bl[1] or bl[2]]  # block counts are never negative


def home_list(st: ReclaimState) -> list[int]:
    """The hexagons with Housing blocks, in order (``home_hexes``, kept in the state's ``_kept``
    until the board changes: every change of the blocks calls ``board_changed``)."""
    kept = st._kept
    found: list[int] | None = kept.get("homes")
    if found is None:
        found = kept["homes"] = home_hexes(st)
    return found


def components(n: int, links: list[Transportation] | tuple[Transportation, ...]) -> dict[str, list[int]]:
    """For each kind of transport, each hexagon's component label (the root of its union-find set,
    joining the links in order)."""
    comp: dict[str, list[int]] = {}
    for t in TRANSPORTS:
        parent = list(range(n))

        def find(x: int, parent: list[int] = parent) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for a, b, kind in links:
            if kind == t:
                parent[find(a)] = find(b)
        comp[t] = [find(h) for h in range(n)]
    return comp


@dataclass(frozen=True)
class StartPosition:
    """The set-up's Housing blocks, resources, plants, Farms and transportation (content alone)."""

    blocks: tuple[tuple[int, int, int], ...]
    res: tuple[tuple[int, int, int, int, int], ...]
    plants: tuple[tuple[int, int, int], ...]
    """``(hex, level, Waste treated this round)`` of each Treatment plant."""
    farm_level: tuple[int, ...]
    links: tuple[Transportation, ...]
    comp: dict[str, tuple[int, ...]]


@dataclass(frozen=True)
class ReclaimTables:
    """Derived, read-only tables of one content file."""

    n: int
    coords: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    edges: tuple[tuple[int, int], ...]
    start_terrain: tuple[str, ...]
    build_role: dict[str, int]
    build_pile: dict[str, str]
    carrier: tuple[str, ...]
    """The transport kind that carries each resource."""
    housing_makes: tuple[int, ...]
    plant_capacity: tuple[int, ...]
    plant_takes: tuple[tuple[int, ...], ...]
    plant_makes: tuple[int, ...]
    farm_capacity: tuple[int, ...]
    pile_level: dict[str, int]
    pile_cards: dict[str, tuple[tuple[str, ...], ...]]
    conversion_faces: tuple[str, ...]
    disease_faces: tuple[str, ...]
    limit: int
    """At most this many units of one resource on a hexagon (``max_resource_per_hex``)."""
    plant_room: tuple[int, ...]
    """A plant of each level treats only while its hexagon holds fewer than this many of its output."""
    role_builds: tuple[tuple[str, ...], ...]
    """The build ids each role may make itself (the contractor: all), in ``BUILD_IDS`` order."""
    prices: tuple[dict[str, int], dict[str, int]]
    """The price of every build and transport: ``prices[contractor][item]``."""
    event_ids: dict[str, int]
    """Each Event card's index in the content, by its id."""
    agenda_ids: dict[str, int]
    """Each Hidden agenda card's index in the content, by its id."""
    moves: tuple[tuple[tuple[Action, ...], ...], ...]
    """``moves[resource][source][to]``: the ``move`` actions on this map (made by their kind, so the
    very actions the kind gives; legal-action lists index them, which costs less than a call)."""
    builds: dict[str, tuple[Action, ...]]
    """``builds[item][hex]``: the ``build`` actions on this map, likewise."""
    link_to: tuple[Action, ...]
    """``link_to[hex]``: the ``link_to`` actions, likewise."""
    dump_sites: tuple[Action, ...]
    """``dump_sites[hex]``: the ``dump_site`` actions, likewise."""
    card_slots: tuple[tuple[Action, ...], ...]
    """``card_slots[n]``: the ``card`` actions of a pile showing ``n`` face-up cards."""
    grow: dict[int, tuple[Action, ...]]
    """``grow[resource][hex]``: the ``grow`` actions from NPK and from Sludge, likewise."""
    treat: dict[int, tuple[Action, ...]]
    """``treat[resource][hex]``: the ``treat`` actions of Mixed and Separated Waste, likewise."""
    proposals: dict[str, tuple[Action, ...]]
    """``proposals[decision][hex]``: the ``propose`` actions on this map, likewise (offered at nearly
    every step of the Political decisions)."""
    growth: dict[str, tuple[Action, ...]]
    """``growth["place_block"|"urbanize"][hex]``: the growth proposals on this map."""
    round_amounts: tuple[tuple[int, Action], ...]
    """The content's round amounts a player may add to the City budget in one step, with their
    ``contribute`` actions, smallest first (``fund`` gives ``fund_step`` itself)."""
    start: StartPosition
    terrain_cache: dict[tuple[str, ...], Terrain]
    """Terrain tables by the whole map's terrain (which changes only when a hexagon is urbanized)."""
    pile_names: dict[str, str]
    """Each Infrastructure pile's name in the content (``Housing level 1``, ``Road``)."""
    build_text: dict[str, str]
    """Each build action in the rulebook's words (the content's ``text``)."""
    offered: dict[tuple[int, int, int], list[Action]]
    """The ``fund`` and ``contribute`` actions a player may take in the Political decisions, by the
    player's coins, what the Food import lacks and the even share of it (``politics.contributions``:
    they depend on nothing else)."""
    said: dict[str, dict[Any, Any]]
    """Lines of the log already written, by language (``texts.describe``): each action's line by
    the action's ``id`` (kept with the action, so the id stays its own) or what else its words
    depend on, and the seat and its role; the table's decisions by what was decided. The log line of
    every step reads them, and writing them anew costs more."""
    last_terrain: list[tuple[list[str], Terrain] | None] = field(
        default_factory=lambda: [None], compare=False, repr=False
    )
    """The terrain last asked for and its tables (a copy of the map's list): most steps ask again
    for the same, and comparing lists costs less than hashing the map."""

    def terrain_tables(self, terrain: list[str]) -> Terrain:
        """The tables derived from the map's current terrain (cached: they depend on nothing else)."""
        last = self.last_terrain[0]
        if last is not None and last[0] == terrain:
            return last[1]
        key = tuple(terrain)
        hit = self.terrain_cache.get(key)
        if hit is None:
            if len(self.terrain_cache) >= 256:
                self.terrain_cache.clear()
            hit = self.terrain_cache[key] = _terrain_tables(self, key)
        self.last_terrain[0] = (list(key), hit)
        return hit

    def distance(self, a: int, b: int) -> int:
        """Hex distance between two hexes."""
        (q1, r1), (q2, r2) = self.coords[a], self.coords[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


@dataclass(frozen=True)
class Terrain:
    """Hexagon lists of one terrain of the whole map, and where transportation may go."""

    land: tuple[int, ...]
    urban: tuple[int, ...]
    rural: tuple[int, ...]
    water: tuple[int, ...]
    buildable: tuple[bool, ...]
    buildable_hexes: tuple[int, ...]
    """Urban and Rural hexagons, in order."""
    free_edges: frozenset[tuple[int, int]]
    """Neighbouring Urban or Rural pairs (a < b): where transportation may be built."""
    free_degree: tuple[int, ...]
    start_hexes: tuple[int, ...]
    """Hexagons with a free edge, where transportation may start."""
    link_starts: dict[str, tuple[Action, ...]]
    """``link`` actions from each of ``start_hexes``, for each transport kind."""
    starts_cache: dict[frozenset[tuple[str, int]], dict[str, tuple[Action, ...]]]
    """``link`` actions still open for each kind, by the starts that are full (``(kind, hex)``;
    ``turn._open_starts``)."""
    links_cache: dict[tuple[Transportation, ...], Any]
    """The open starts by the links built (``turn._link_starts``)."""
    last_links: list[Any] = field(default_factory=lambda: [None], compare=False, repr=False)
    """The links last asked for (a copy of the list) and their open starts: most build steps ask
    again for the same links, or for those and one more."""


def _terrain_tables(b: ReclaimTables, terrain: tuple[str, ...]) -> Terrain:
    buildable = tuple(t in ("urban", "rural") for t in terrain)
    free = [(a, c) for a, c in b.edges if buildable[a] and buildable[c]]
    degree = [0] * b.n
    for a, c in free:
        degree[a] += 1
        degree[c] += 1
    starts = [h for h in range(b.n) if degree[h]]
    return Terrain(
        land=tuple(h for h, t in enumerate(terrain) if t != "water"),
        urban=tuple(h for h, t in enumerate(terrain) if t == "urban"),
        rural=tuple(h for h, t in enumerate(terrain) if t == "rural"),
        water=tuple(h for h, t in enumerate(terrain) if t == "water"),
        buildable=buildable,
        buildable_hexes=tuple(h for h, ok in enumerate(buildable) if ok),
        free_edges=frozenset(free),
        free_degree=tuple(degree),
        start_hexes=tuple(starts),
        link_starts={t: tuple(LINK(t, h) for h in starts) for t in TRANSPORTS},
        starts_cache={},
        links_cache={},
    )


def _start_position(c: ReclaimContent, terrain: tuple[str, ...]) -> StartPosition:
    """The set-up's blocks, Food, plants, NPK, Farms and transportation on the board."""
    s, n = c.setup, len(terrain)
    blocks = [[0, 0, 0] for _ in range(n)]
    res = [[0, 0, 0, 0, 0] for _ in range(n)]
    farm_level = [0] * n
    for p in s.blocks:
        blocks[p.hex][p.level] += p.count
    for p in s.food:
        res[p.hex][FOOD] += p.count
    for h, kind in enumerate(terrain):
        if kind == "rural":
            res[h][NPK] += s.rural_npk
    for p in s.farms:
        farm_level[p.hex] = p.level
        res[p.hex][NPK] += s.farm_npk
    links = tuple((min(link.a, link.b), max(link.a, link.b), link.transport) for link in s.links)
    return StartPosition(
        blocks=tuple((b[0], b[1], b[2]) for b in blocks),
        res=tuple((r[0], r[1], r[2], r[3], r[4]) for r in res),
        plants=tuple((p.hex, p.level, 0) for p in s.plants for _ in range(p.count)),
        farm_level=tuple(farm_level),
        links=links,
        comp={t: tuple(labels) for t, labels in components(n, links).items()},
    )


def build_tables(c: ReclaimContent) -> ReclaimTables:
    """Derive the tables of one content file."""
    hexes = sorted(c.hexes, key=lambda h: h.id)
    coords = tuple((h.q, h.r) for h in hexes)
    where = {xy: i for i, xy in enumerate(coords)}
    neighbours = tuple(
        tuple(sorted(where[(q + dq, r + dr)] for dq, dr in _DIRECTIONS if (q + dq, r + dr) in where))
        for q, r in coords
    )
    edges = tuple((a, b) for a in range(len(hexes)) for b in neighbours[a] if a < b)
    carrier = ["", "", "", "", ""]
    for t in c.transports:
        for res in t.carries:
            carrier[RES_INDEX[res]] = t.id
    plants = {p.level: p for p in c.plants}
    farms = {f.level: f.capacity for f in c.farms}
    housing = {h.level: RES_INDEX[h.makes] for h in c.housing}
    r = c.rules
    build_price: dict[str, int] = {b.id: b.price for b in c.builds}
    contractor_price = {a: b for a, b in c.contractor_prices.table}
    base: dict[str, int] = {**build_price, **{t.id: t.price for t in c.transports}}
    build_role: dict[str, int] = {b.id: ROLES.index(b.role) for b in c.builds}
    plant_makes = tuple(RES_INDEX[plants[lv].makes] for lv in range(3))
    start_terrain = tuple(h.terrain for h in hexes)
    n = len(hexes)
    return ReclaimTables(
        n=n,
        coords=coords,
        neighbours=neighbours,
        edges=edges,
        start_terrain=start_terrain,
        build_role=build_role,
        build_pile={b.id: b.pile for b in c.builds},
        carrier=tuple(carrier),
        housing_makes=tuple(housing[lv] for lv in range(3)),
        plant_capacity=tuple(plants[lv].capacity for lv in range(3)),
        plant_takes=tuple(tuple(RES_INDEX[t] for t in plants[lv].takes) for lv in range(3)),
        plant_makes=plant_makes,
        farm_capacity=(0, farms[1], farms[2]),
        pile_level={p.id: p.level for p in c.piles},
        pile_cards={p.id: tuple(tuple(card) for card in p.cards) for p in c.piles},
        conversion_faces=tuple(c.dice.conversion),
        disease_faces=tuple(c.dice.disease),
        limit=r.max_resource_per_hex,
        plant_room=tuple(
            min(r.max_sludge_at_plant if out == SLUDGE else r.max_resource_per_hex, r.max_resource_per_hex)
            for out in plant_makes
        ),
        role_builds=(
            *(tuple(i for i in BUILD_IDS if build_role.get(i) == role) for role in range(CONTRACTOR)),
            tuple(i for i in BUILD_IDS if i in build_role),
        ),
        prices=(base, {item: contractor_price.get(p, p) for item, p in base.items()}),
        event_ids={e.id: i for i, e in enumerate(c.events)},
        agenda_ids={a.id: i for i, a in enumerate(c.agendas)},
        moves=tuple(
            tuple(tuple(MOVE(name, a, to) for to in range(n)) for a in range(n)) for name in RESOURCES
        ),
        builds={item: tuple(BUILD(item, h) for h in range(n)) for item in BUILD_IDS},
        link_to=tuple(LINK_TO(h) for h in range(n)),
        dump_sites=tuple(DUMP_SITE(h) for h in range(n)),
        card_slots=tuple(tuple(CARD(slot) for slot in range(k)) for k in range(max(3, r.face_up_cards) + 1)),
        grow={r: tuple(GROW(h, RESOURCES[r]) for h in range(n)) for r in (NPK, SLUDGE)},
        treat={r: tuple(TREAT(h, RESOURCES[r]) for h in range(n)) for r in (MIXED, SEPARATED)},
        proposals={item: tuple(PROPOSE(item, h) for h in range(n)) for item in DECISION_ITEMS},
        growth={
            PLACE_BLOCK.name: tuple(PLACE_BLOCK(h) for h in range(n)),
            URBANIZE.name: tuple(URBANIZE(h) for h in range(n)),
        },
        round_amounts=tuple(
            (x, CONTRIBUTE(x))
            for x in sorted(
                {min(s, MAX_CONTRIBUTION) for s in c.table.contribution_steps} - {c.table.fund_step}
            )
        ),
        start=_start_position(c, start_terrain),
        terrain_cache={},
        pile_names={p.id: p.name for p in c.piles},
        build_text={b.id: b.text for b in c.builds},
        offered={},
        said={},
    )
