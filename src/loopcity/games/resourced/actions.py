"""ResourCEd's actions. Compound choices are split into steps (craft, then propose a place and vote;
put a trade together card by card, then offer it; pledge a fix card by card).

Every kind is a module constant: call it to get its action (``MOVE(14)``, ``SUPPLY(2)``) and read an
action's arguments by name (``MOVE.read(action).cell``). Seats in arguments are counted as the players
count them, from 1 (seat 1 is the youngest); Resources are words (``wood``). Each kind has one handler
(:data:`HANDLERS`), marked where the rules carry it out.

Where the table decides together (:mod:`.together`), a seat acts only on what is its own: the kinds
naming a player (``supply``, ``shed``, ``pay``) name the seat acting, whose own card it is; a trade
is an offer the partner answers with ``vote``; placements, Join CARYA's tile, the Shipping Container
removed and Propurrrty Damage's player are proposed and put to the vote; ``done`` and ``let_go`` say
a seat gives no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from loopcity.engine import ActionSpace, Handlers, kind
from loopcity.engine.table import DONE, VOTE

from .board import CELLS
from .content import RESOURCES, TILE_IDS, UPGRADE_IDS

if TYPE_CHECKING:
    from .rules import ResourcedState

SEATS = (1, 2, 3, 4)
"""Seats as players name them: seat 1 is the youngest, first in every Round."""
CRAFTABLE = (*TILE_IDS, "recycler", *UPGRADE_IDS)
SIXTH = ("food_forest", "community_garden", "heat_haven")
"""The tiles that may take the last spot of Ring 1 at setup."""


class Tile(NamedTuple):
    tile: str


class Resource(NamedTuple):
    resource: str


class Seat(NamedTuple):
    seat: int
    """a player as players count them, from 1"""


class SeatResource(NamedTuple):
    seat: int
    """a player as players count them, from 1"""
    resource: str


class Cell(NamedTuple):
    cell: int


class Item(NamedTuple):
    item: str


CHOOSE_SIXTH = kind("choose_sixth", "Setup: propose the tile for the last spot of Ring 1", Tile, tile=SIXTH)
WASTE = kind("waste", "Waste a card of this type from the Resource Bank", Resource, resource=RESOURCES)
SUPPLY = kind("supply", "source one Food or Water a Social Housing needs from your hand", Seat, seat=SEATS)
SHED = kind(
    "shed",
    "Waste a card from your hand for the table's Upkeep penalty",
    SeatResource,
    seat=SEATS,
    resource=RESOURCES,
)
FIX = kind("fix", "pledge a card of your hand to fix what the Event threatens")
LET_GO = kind("let_go", "pledge no more cards to the fix", ready=True)
PAY = kind("pay", "give one card of your hand for what the Event asks", Seat, seat=SEATS)
USE = kind("use", "Use this Resource for the Event", Resource, resource=RESOURCES)
CHOOSE = kind("choose", "propose this player", Seat, seat=SEATS)
REMOVE = kind("remove", "propose removing the Upgrade on this tile", Cell, cell=range(CELLS))
GIVE = kind(
    "give",
    "trade: put a card of yours into the trade with this player",
    SeatResource,
    seat=SEATS,
    resource=RESOURCES,
)
TAKE = kind(
    "take", "trade: ask this player for a card in the trade", SeatResource, seat=SEATS, resource=RESOURCES
)
GATHER = kind("gather", "Action: Gather on this Resource Tile")
GATHER_ANY = kind("gather_any", "Action: Gather a Resource of any type at BGCS", Resource, resource=RESOURCES)
CRAFT = kind("craft", "Action: craft a Tile or Upgrade at BGCS", Item, item=CRAFTABLE)
OPERATE = kind("operate", "Action: Operate this tile's Upgrade or Recycler")
PASS = kind("pass", "no Action is available here: skip it")
MOVE = kind("move", "move to this tile", Cell, cell=range(CELLS))
PLACE = kind("place", "propose this tile for what was crafted", Cell, cell=range(CELLS))
SHOP = kind("shop", "Shopping Center: get a card of this type", Resource, resource=RESOURCES)
SHOP_DONE = kind("shop_done", "Shopping Center: stop getting cards")
DISCARD = kind("discard", "Waste a card of this type from your hand", Resource, resource=RESOURCES)
END_TURN = kind("end_turn", "end your turn")
OFFER = kind("offer_trade", "offer the trade you put together to your partner")
WITHDRAW = kind("withdraw", "put the trade aside without offering it")

ACTION_SPACE = ActionSpace(
    [
        CHOOSE_SIXTH,
        WASTE,
        SUPPLY,
        SHED,
        FIX,
        LET_GO,
        PAY,
        USE,
        CHOOSE,
        REMOVE,
        GIVE,
        TAKE,
        GATHER,
        GATHER_ANY,
        CRAFT,
        OPERATE,
        PASS,
        MOVE,
        PLACE,
        SHOP,
        SHOP_DONE,
        DISCARD,
        END_TURN,
        VOTE,
        DONE,
        OFFER,
        WITHDRAW,
    ]
)

HANDLERS: Handlers[ResourcedState] = Handlers()
"""The one way from an action kind to the method of :class:`~.rules.ResourcedState` carrying it out."""
