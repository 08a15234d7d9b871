"""Tables computed once per loaded content: hex neighbours, prices, conversions, card piles.

The map is data (``[[hexes]]`` in content.toml, axial coordinates); everything here is derived from it
and shared by all states of a game, so legal-action generation never recomputes geometry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, get_args

from loopcity.engine import Action

from .content import BuildId, ReclaimContent

if TYPE_CHECKING:
    from loopcity.engine import Game

RESOURCES = ("food", "mixed", "separated", "sludge", "npk")
FOOD, MIXED, SEPARATED, SLUDGE, NPK = range(5)
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
ROLES = ("housing", "treatment", "farming", "contractor")
HOUSING, TREATMENT, FARMING, CONTRACTOR = range(4)
TRANSPORTS = ("road", "grey", "green")
DECISIONS = ("vaccination", "food", "npk", "dump")
SYMBOLS = ("environment", "economy", "joy", "public_good")
BUILD_IDS: tuple[str, ...] = get_args(BuildId)
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True)
class Board:
    """Derived, read-only tables of one content file."""

    content: ReclaimContent
    n: int
    coords: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    edges: tuple[tuple[int, int], ...]
    start_terrain: tuple[str, ...]
    build_price: dict[str, int]
    build_role: dict[str, int]
    build_pile: dict[str, str]
    transport_price: dict[str, int]
    carrier: tuple[str, ...]
    contractor_price: dict[int, int]
    housing_makes: tuple[int, int, int]
    plant_capacity: tuple[int, int, int]
    plant_takes: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    plant_makes: tuple[int, int, int]
    farm_capacity: tuple[int, int, int]
    pile_level: dict[str, int]
    pile_cards: dict[str, tuple[tuple[str, ...], ...]]
    conversion_faces: tuple[str, ...]
    disease_faces: tuple[str, ...]
    link_actions: dict[str, tuple[Action, ...]]
    limit: int
    """At most this many units of one resource on a hexagon (``max_resource_per_hex``)."""
    plant_room: tuple[int, int, int]
    """A plant of each level treats only while its hexagon holds fewer than this many of its output."""
    role_builds: tuple[tuple[str, ...], ...]
    """The build ids each role may make itself (the contractor: all), in ``BUILD_IDS`` order."""
    prices: tuple[dict[str, int], dict[str, int]]
    """The price of every build and transport: ``prices[contractor][item]``."""
    acts: Acts
    text: dict[int, tuple[Action, str]]
    """Each Action of ``acts`` and its text, by the Action's ``id`` (the board keeps them alive, so their
    ids are stable; a reader checks that the Action found is the one it has, as a copied board keeps the
    old ids)."""
    start_cache: dict[str, Any]
    """The set-up position (filled by the state on first use; it depends on the content alone)."""
    terrain_cache: dict[tuple[str, ...], Terrain]
    """Terrain tables by the whole map's terrain (which changes only when a hexagon is urbanized)."""

    def terrain_tables(self, terrain: list[str]) -> Terrain:
        """The tables derived from the map's current terrain (cached: they depend on nothing else)."""
        key = tuple(terrain)
        hit = self.terrain_cache.get(key)
        if hit is None:
            if len(self.terrain_cache) >= 256:
                self.terrain_cache.clear()
            hit = self.terrain_cache[key] = _terrain_tables(self, key)
        return hit

    def distance(self, a: int, b: int) -> int:
        """Hex distance between two hexes."""
        (q1, r1), (q2, r2) = self.coords[a], self.coords[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2

    def price(self, item: str, contractor: bool) -> int:
        """The price of a build or transport, at the contractor's price when ``contractor``."""
        base = self.transport_price[item] if item in self.transport_price else self.build_price[item]
        return self.contractor_price.get(base, base) if contractor else base


@dataclass(frozen=True)
class Acts:
    """The shared, immutable Action values of one map, by their arguments (no Action is built while
    playing): ``move[resource][source][to]``, ``build[item][hex]``, ``treat[waste][hex]``, ..."""

    role: tuple[Action, ...]
    build: dict[str, tuple[Action, ...]]
    link_to: tuple[Action, ...]
    card: tuple[Action, ...]
    move: tuple[tuple[tuple[Action, ...], ...], ...]
    treat: tuple[tuple[Action, ...], ...]
    grow: tuple[tuple[Action, ...], ...]
    dump_site: tuple[Action, ...]
    play_event: tuple[Action, ...]
    propose: dict[str, tuple[Action, ...]]
    place_block: tuple[Action, ...]
    urbanize: tuple[Action, ...]
    end_turn: Action = Action("end_turn")
    convert: Action = Action("convert")
    vote_yes: Action = Action("vote", ("yes",))
    vote_no: Action = Action("vote", ("no",))
    fund: Action = Action("fund")
    done: Action = Action("done")
    alarm: Action = Action("alarm")

    def all(self) -> list[Action]:
        """Every Action of the tables."""
        out: list[Action] = [*self.role, *self.link_to, *self.card, *self.dump_site, *self.play_event]
        out += [self.end_turn, self.convert, self.vote_yes, self.vote_no, self.fund, self.done, self.alarm]
        out += [*self.place_block, *self.urbanize]
        for group in (self.build.values(), self.propose.values(), self.treat, self.grow):
            for row in group:
                out += row
        for per_source in self.move:
            for row in per_source:
                out += row
        return out


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
    link_starts: dict[str, tuple[Action, ...]]
    """``link`` actions from every hexagon with a free edge, for each transport kind."""
    starts_cache: dict[tuple[tuple[int, int, str], ...], dict[str, tuple[Action, ...]]]
    """``link`` actions still open for each kind, by the links built (``turn._link_starts``)."""


def _terrain_tables(b: Board, terrain: tuple[str, ...]) -> Terrain:
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
        link_starts={t: tuple(b.link_actions[t][h] for h in starts) for t in TRANSPORTS},
        starts_cache={},
    )


def _acts(n: int, events: int) -> Acts:
    hexes = range(n)
    return Acts(
        role=tuple(Action("role", (r,)) for r in ROLES[:3]),
        build={item: tuple(Action("build", (item, h)) for h in hexes) for item in BUILD_IDS},
        link_to=tuple(Action("link_to", (h,)) for h in hexes),
        card=tuple(Action("card", (i,)) for i in range(3)),
        move=tuple(
            tuple(tuple(Action("move", (name, s, d)) for d in hexes) for s in hexes) for name in RESOURCES
        ),
        treat=tuple(
            tuple(Action("treat", (h, name)) for h in hexes) if name in ("mixed", "separated") else ()
            for name in RESOURCES
        ),
        grow=tuple(
            tuple(Action("grow", (h, name)) for h in hexes) if name in ("npk", "sludge") else ()
            for name in RESOURCES
        ),
        dump_site=tuple(Action("dump_site", (h,)) for h in hexes),
        play_event=tuple(Action("play_event", (i,)) for i in range(events)),
        propose={
            item: tuple(Action("propose", (item, h)) for h in hexes) for item in ("npk", "vaccinate", "dump")
        },
        place_block=tuple(Action("place_block", (h,)) for h in hexes),
        urbanize=tuple(Action("urbanize", (h,)) for h in hexes),
    )


def build_board(c: ReclaimContent) -> Board:
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
    conv = c.dice.conversion
    dis = c.dice.disease
    r = c.rules
    build_price: dict[str, int] = {b.id: b.price for b in c.builds}
    transport_price: dict[str, int] = {t.id: t.price for t in c.transports}
    contractor_price = {a: b for a, b in c.contractor_prices.table}
    base = {**build_price, **transport_price}
    build_role: dict[str, int] = {b.id: ROLES.index(b.role) for b in c.builds}
    plant_makes = tuple(RES_INDEX[plants[lv].makes] for lv in range(3))
    link_actions = {t: tuple(Action("link", (t, h)) for h in range(len(hexes))) for t in TRANSPORTS}
    acts = _acts(len(hexes), len(c.events))
    table = [*acts.all(), *(a for row in link_actions.values() for a in row)]
    return Board(
        content=c,
        n=len(hexes),
        coords=coords,
        neighbours=neighbours,
        edges=edges,
        start_terrain=tuple(h.terrain for h in hexes),
        build_price=build_price,
        build_role=build_role,
        build_pile={b.id: b.pile for b in c.builds},
        transport_price=transport_price,
        carrier=tuple(carrier),
        contractor_price=contractor_price,
        housing_makes=(housing[0], housing[1], housing[2]),
        plant_capacity=tuple(plants[lv].capacity for lv in range(3)),  # type: ignore[arg-type]
        plant_takes=tuple(tuple(RES_INDEX[t] for t in plants[lv].takes) for lv in range(3)),  # type: ignore[arg-type]
        plant_makes=plant_makes,  # type: ignore[arg-type]
        farm_capacity=(0, farms[1], farms[2]),
        pile_level={p.id: p.level for p in c.piles},
        pile_cards={p.id: tuple(tuple(card) for card in p.cards) for p in c.piles},
        conversion_faces=tuple(conv),
        disease_faces=tuple(dis),
        link_actions=link_actions,
        limit=r.max_resource_per_hex,
        plant_room=tuple(  # type: ignore[arg-type]
            min(r.max_sludge_at_plant if out == SLUDGE else r.max_resource_per_hex, r.max_resource_per_hex)
            for out in plant_makes
        ),
        role_builds=(
            *(tuple(i for i in BUILD_IDS if build_role.get(i) == role) for role in range(CONTRACTOR)),
            tuple(i for i in BUILD_IDS if i in build_role),
        ),
        prices=(base, {item: contractor_price.get(p, p) for item, p in base.items()}),
        acts=acts,
        text={id(a): (a, str(a)) for a in table},
        start_cache={},
        terrain_cache={},
    )


def board_of(game: Game) -> Board:
    """The board tables of a game's content (computed once and kept with the game, whose content
    never changes after loading)."""
    try:
        return game._reclaim_board  # type: ignore[attr-defined]
    except AttributeError:
        content = game.content
        assert isinstance(content, ReclaimContent)
        board = build_board(content)
        game._reclaim_board = board  # type: ignore[attr-defined]
        return board
