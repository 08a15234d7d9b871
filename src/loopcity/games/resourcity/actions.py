"""Resourcity's actions. Seats in action arguments are numbered from 1, as players see them.

``start``, ``first`` and ``vote`` are the table's decisions of Steps 8-9 (where each token starts,
who starts first) and a player's answer to the Policy Maker (see :mod:`.decide`)."""

from __future__ import annotations

from typing import NamedTuple

from loopcity.engine import ActionSpace, kind
from loopcity.engine.table import VOTE

from .board import PLOTS, TILES
from .catalogue import N_
from .content import CROP_IDS, MAX_PLAYERS

CROPS = CROP_IDS
SEATS = range(1, MAX_PLAYERS + 1)


class Tile(NamedTuple):
    tile: int


class Rotate(NamedTuple):
    tile: int
    way: str


class Replace(NamedTuple):
    slot: int
    tile: int


class Orient(NamedTuple):
    turns: int


class Plant(NamedTuple):
    plot: int
    crop: str


class Plot(NamedTuple):
    plot: int


class Crop(NamedTuple):
    crop: str


class Seat(NamedTuple):
    seat: int
    """a player as players count them, 1-6"""


class Slot(NamedTuple):
    slot: int


END = kind("end", N_("end your turn's actions (then the end-of-turn draw)"))
MOVE = kind("move", N_("Move along a connected road to a tile"), Tile, tile=range(TILES))
TELEPORT = kind("teleport", N_("Teleport from a Community Centre to another"), Tile, tile=range(TILES))
ROTATE = kind("rotate", N_("Rotate a tile 90 degrees (1 Fuel)"), Rotate, tile=range(TILES), way=("cw", "ccw"))
REPLACE = kind(
    "replace", N_("Replace a tile with a tile from your hand"), Replace, slot=range(3), tile=range(TILES)
)
ORIENT = kind(
    "orient", N_("choose the placed tile's rotation (quarter turns clockwise)"), Orient, turns=range(4)
)
PLANT = kind("plant", N_("Plant a crop on a Plot next to you"), Plant, plot=range(PLOTS), crop=CROPS)
GROW = kind("grow", N_("Grow the crop on a Plot next to you"), Plot, plot=range(PLOTS))
HARVEST = kind("harvest", N_("Harvest a ready Plot next to you"), Plot, plot=range(PLOTS))
EXCHANGE = kind("exchange", N_("exchange one harvest for resources on a Community Centre"), Crop, crop=CROPS)
SWAP = kind("swap", N_("Planner: swap your tile with another player's tile"), Seat, seat=SEATS)
RELOCATE = kind("relocate", N_("Policy Maker: move a player token anywhere (2 actions)"), Seat, seat=SEATS)
TO = kind("to", N_("where the Policy Maker sends the token"), Tile, tile=range(TILES))
DISCARD = kind("discard", N_("discard a tile from your full hand (then draw 1)"), Slot, slot=range(3))
COMPOST = kind("compost", N_("Compost Day: put a Compost token on a Plot"), Plot, plot=range(PLOTS))
START = kind("start", N_("Step 8: put your token on a Community Centre"), Tile, tile=range(TILES))
PROPOSE = kind("propose", N_("Step 9: propose who starts first (the table votes)"), Seat, seat=SEATS)

ACTION_SPACE = ActionSpace(
    [
        END,
        MOVE,
        TELEPORT,
        ROTATE,
        REPLACE,
        ORIENT,
        PLANT,
        GROW,
        HARVEST,
        EXCHANGE,
        SWAP,
        RELOCATE,
        TO,
        DISCARD,
        COMPOST,
        START,
        PROPOSE,
        VOTE,
    ]
)
"""New kinds go at the end, so that the earlier kinds keep their action indices."""
