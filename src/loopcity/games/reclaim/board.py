"""Tables computed once per loaded content: hex neighbours, prices, conversions, card piles.

The map is data (``[[hexes]]`` in content.toml, axial coordinates); everything here is derived from it
and shared by all states of a game, so legal-action generation never recomputes geometry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, get_args

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

    def distance(self, a: int, b: int) -> int:
        """Hex distance between two hexes."""
        (q1, r1), (q2, r2) = self.coords[a], self.coords[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2

    def price(self, item: str, contractor: bool) -> int:
        """The price of a build or transport, at the contractor's price when ``contractor``."""
        base = self.transport_price[item] if item in self.transport_price else self.build_price[item]
        return self.contractor_price.get(base, base) if contractor else base


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
    return Board(
        content=c,
        n=len(hexes),
        coords=coords,
        neighbours=neighbours,
        edges=edges,
        start_terrain=tuple(h.terrain for h in hexes),
        build_price={b.id: b.price for b in c.builds},
        build_role={b.id: ROLES.index(b.role) for b in c.builds},
        build_pile={b.id: b.pile for b in c.builds},
        transport_price={t.id: t.price for t in c.transports},
        carrier=tuple(carrier),
        contractor_price={a: b for a, b in c.contractor_prices.table},
        housing_makes=(housing[0], housing[1], housing[2]),
        plant_capacity=tuple(plants[lv].capacity for lv in range(3)),  # type: ignore[arg-type]
        plant_takes=tuple(tuple(RES_INDEX[t] for t in plants[lv].takes) for lv in range(3)),  # type: ignore[arg-type]
        plant_makes=tuple(RES_INDEX[plants[lv].makes] for lv in range(3)),  # type: ignore[arg-type]
        farm_capacity=(0, farms[1], farms[2]),
        pile_level={p.id: p.level for p in c.piles},
        pile_cards={p.id: tuple(tuple(card) for card in p.cards) for p in c.piles},
        conversion_faces=tuple(conv),
        disease_faces=tuple(dis),
        link_actions={t: tuple(Action("link", (t, h)) for h in range(len(hexes))) for t in TRANSPORTS},
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
