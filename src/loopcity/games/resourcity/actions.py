"""Resourcity's actions. Seats in action arguments are numbered from 1, as players see them."""

from __future__ import annotations

from loopcity.engine import ActionSpace, kind

from .board import PLOTS, TILES

CROPS = ("sugarcane", "sweetpotato", "catchment")
SEATS = range(1, 7)

ACTION_SPACE = ActionSpace(
    [
        kind("end", "end your turn's actions (then the end-of-turn draw)"),
        kind("move", "Move along a connected road to a tile", tile=range(TILES)),
        kind("teleport", "Teleport from a Community Centre to another", tile=range(TILES)),
        kind("rotate", "Rotate a tile 90 degrees (1 Fuel)", tile=range(TILES), way=("cw", "ccw")),
        kind("replace", "Replace a tile with a tile from your hand", slot=range(3), tile=range(TILES)),
        kind("orient", "choose the placed tile's rotation (quarter turns clockwise)", turns=range(4)),
        kind("plant", "Plant a crop on a Plot next to you", plot=range(PLOTS), crop=CROPS),
        kind("grow", "Grow the crop on a Plot next to you", plot=range(PLOTS)),
        kind("harvest", "Harvest a ready Plot next to you", plot=range(PLOTS)),
        kind("exchange", "exchange one harvest for resources on a Community Centre", crop=CROPS),
        kind("swap", "Planner: swap your tile with another player's tile", seat=SEATS),
        kind("relocate", "Policy Maker: move a player token anywhere (2 actions)", seat=SEATS),
        kind("to", "where the Policy Maker sends the token", tile=range(TILES)),
        kind("discard", "discard a tile from your full hand (then draw 1)", slot=range(3)),
        kind("compost", "Compost Day: put a Compost token on a Plot", plot=range(PLOTS)),
    ]
)
