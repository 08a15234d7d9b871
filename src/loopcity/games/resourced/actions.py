"""ResourCEd's actions. Compound choices are split into steps (craft, then place; fix, then pay)."""

from __future__ import annotations

from typing import NamedTuple

from loopcity.engine import Action, ActionSpace, kind

from .board import CELLS
from .content import RESOURCES, TILE_IDS, UPGRADE_IDS

SEATS = (1, 2, 3, 4)  # seats are named as players see them: seat 1 is the youngest
_SEAT_INDEX = range(4)
CRAFTABLE = (*TILE_IDS, "recycler", *UPGRADE_IDS)
SIXTH = ("food_forest", "community_garden", "heat_haven")


class Tile(NamedTuple):
    tile: str


class Resource(NamedTuple):
    resource: str


class Seat(NamedTuple):
    seat: int
    """a player as players count them, 1-4"""


class SeatResource(NamedTuple):
    seat: int
    resource: str


class Cell(NamedTuple):
    cell: int


class Item(NamedTuple):
    item: str


K_CHOOSE_SIXTH = kind("choose_sixth", "Setup: the tile for the last spot of Ring 1", Tile, tile=SIXTH)
K_WASTE = kind("waste", "Waste a card of this type from the Resource Bank", Resource, resource=RESOURCES)
K_SUPPLY = kind("supply", "this player sources the Food or Water a Social Housing needs", Seat, seat=SEATS)
K_SHED = kind(
    "shed",
    "this player Wastes a card from their hand (for the table)",
    SeatResource,
    seat=SEATS,
    resource=RESOURCES,
)
K_FIX = kind("fix", "pay to fix what the Event threatens")
K_LET_GO = kind("let_go", "do not fix: lose what the Event threatens")
K_PAY = kind("pay", "this player pays one card of the fix", Seat, seat=SEATS)
K_USE = kind("use", "Use this Resource for the Event", Resource, resource=RESOURCES)
K_CHOOSE = kind("choose", "choose this player", Seat, seat=SEATS)
K_REMOVE = kind("remove", "remove the Upgrade on this tile", Cell, cell=range(CELLS))
K_GIVE = kind("give", "trade: give a card to this player", SeatResource, seat=SEATS, resource=RESOURCES)
K_TAKE = kind("take", "trade: take a card from this player", SeatResource, seat=SEATS, resource=RESOURCES)
K_GATHER = kind("gather", "Action: Gather on this Resource Tile")
K_GATHER_ANY = kind(
    "gather_any", "Action: Gather a Resource of any type at BGCS", Resource, resource=RESOURCES
)
K_CRAFT = kind("craft", "Action: craft a Tile or Upgrade at BGCS", Item, item=CRAFTABLE)
K_OPERATE = kind("operate", "Action: Operate this tile's Upgrade or Recycler")
K_PASS = kind("pass", "no Action is available here: skip it")
K_MOVE = kind("move", "move to this tile", Cell, cell=range(CELLS))
K_PLACE = kind("place", "place what was crafted on this tile", Cell, cell=range(CELLS))
K_SHOP = kind("shop", "Shopping Center: get a card of this type", Resource, resource=RESOURCES)
K_SHOP_DONE = kind("shop_done", "Shopping Center: stop getting cards")
K_DISCARD = kind("discard", "Waste a card of this type from your hand", Resource, resource=RESOURCES)
K_END_TURN = kind("end_turn", "end your turn")

ACTION_SPACE = ActionSpace(
    [
        K_CHOOSE_SIXTH,
        K_WASTE,
        K_SUPPLY,
        K_SHED,
        K_FIX,
        K_LET_GO,
        K_PAY,
        K_USE,
        K_CHOOSE,
        K_REMOVE,
        K_GIVE,
        K_TAKE,
        K_GATHER,
        K_GATHER_ANY,
        K_CRAFT,
        K_OPERATE,
        K_PASS,
        K_MOVE,
        K_PLACE,
        K_SHOP,
        K_SHOP_DONE,
        K_DISCARD,
        K_END_TURN,
    ]
)

# Prebuilt action objects (legal-action lists reuse them).
CHOOSE_SIXTH = {t: Action("choose_sixth", (t,)) for t in SIXTH}
WASTE = tuple(Action("waste", (r,)) for r in RESOURCES)
SUPPLY = tuple(Action("supply", (s + 1,)) for s in _SEAT_INDEX)
SHED = tuple(tuple(Action("shed", (s + 1, r)) for r in RESOURCES) for s in _SEAT_INDEX)
FIX, LET_GO = Action("fix"), Action("let_go")
PAY = tuple(Action("pay", (s + 1,)) for s in _SEAT_INDEX)
USE = tuple(Action("use", (r,)) for r in RESOURCES)
CHOOSE = tuple(Action("choose", (s + 1,)) for s in _SEAT_INDEX)
REMOVE = tuple(Action("remove", (c,)) for c in range(CELLS))
GIVE = tuple(tuple(Action("give", (s + 1, r)) for r in RESOURCES) for s in _SEAT_INDEX)
TAKE = tuple(tuple(Action("take", (s + 1, r)) for r in RESOURCES) for s in _SEAT_INDEX)
SEAT_KINDS = frozenset({"supply", "shed", "pay", "choose", "give", "take"})
"""Kinds whose first argument names a seat (1-4); the rules use 0-based seat indices."""
GATHER = Action("gather")
GATHER_ANY = tuple(Action("gather_any", (r,)) for r in RESOURCES)
CRAFT = {item: Action("craft", (item,)) for item in CRAFTABLE}
OPERATE, PASS = Action("operate"), Action("pass")
MOVE = tuple(Action("move", (c,)) for c in range(CELLS))
PLACE = tuple(Action("place", (c,)) for c in range(CELLS))
SHOP = tuple(Action("shop", (r,)) for r in RESOURCES)
SHOP_DONE = Action("shop_done")
DISCARD = tuple(Action("discard", (r,)) for r in RESOURCES)
END_TURN = Action("end_turn")
