"""Every action RECLAIM can name: builds, transport, card choices, resource steps, joint decisions."""

from __future__ import annotations

from typing import NamedTuple

from loopcity.engine import ActionSpace, kind

from .board import BUILD_IDS, RESOURCES, TRANSPORTS
from .content import MAX_HEXES

HEX = range(MAX_HEXES)


class Role(NamedTuple):
    play: str


class Build(NamedTuple):
    item: str
    hex: int


class Link(NamedTuple):
    transport: str
    hex: int


class Hex(NamedTuple):
    hex: int


class Slot(NamedTuple):
    slot: int


class Move(NamedTuple):
    resource: str
    source: int
    to: int


class Treat(NamedTuple):
    hex: int
    waste: str


class Grow(NamedTuple):
    hex: int
    input: str


class EventCard(NamedTuple):
    card: int


class Propose(NamedTuple):
    item: str
    hex: int


class Vote(NamedTuple):
    choice: str


ROLE = kind(
    "role",
    "Independent contractor: choose the role to play this round",
    Role,
    play=("housing", "treatment", "farming"),
)
BUILD = kind("build", "build or upgrade infrastructure on a hexagon", Build, item=BUILD_IDS, hex=HEX)
LINK = kind(
    "link",
    "build transportation: choose its kind and the hexagon it starts from",
    Link,
    transport=TRANSPORTS,
    hex=HEX,
)
LINK_TO = kind("link_to", "the neighbouring hexagon the transportation goes to", Hex, hex=HEX)
CARD = kind("card", "take one of the face-up Infrastructure cards of the pile", Slot, slot=range(3))
MOVE = kind(
    "move",
    "fetch or send one resource along connected transportation",
    Move,
    resource=RESOURCES,
    source=HEX,
    to=HEX,
)
CONVERT = kind("convert", "Housing: every Housing block turns 1 Food into 1 Waste")
TREAT = kind(
    "treat",
    "Treatment: a plant on the hexagon treats one Waste",
    Treat,
    hex=HEX,
    waste=("mixed", "separated"),
)
GROW = kind(
    "grow",
    "Farming: the Farm on the hexagon turns one NPK or Sludge into Food",
    Grow,
    hex=HEX,
    input=("npk", "sludge"),
)
DUMP_SITE = kind("dump_site", "choose the Dump hexagon for Sludge", Hex, hex=HEX)
PLAY_EVENT = kind("play_event", "play a kept positive Event card", EventCard, card=range(24))
END_TURN = kind("end_turn", "end your turn")
PROPOSE = kind(
    "propose",
    "propose a political decision to the table",
    Propose,
    item=("npk", "vaccinate", "dump"),
    hex=HEX,
)
VOTE = kind("vote", "vote on the proposal", Vote, choice=("yes", "no"))
FUND = kind("fund", "add coins from your own money to the City budget")
DONE = kind("done", "agree to close the political decisions")
PLACE_BLOCK = kind("place_block", "growth: place a new level 0 Housing block", Hex, hex=HEX)
URBANIZE = kind("urbanize", "growth: turn a Rural hexagon or a Farm into Urban area", Hex, hex=HEX)
ALARM = kind("alarm", "the 10-minute timer rang: draw an Event card")

ACTION_SPACE = ActionSpace(
    [
        ROLE,
        BUILD,
        LINK,
        LINK_TO,
        CARD,
        MOVE,
        CONVERT,
        TREAT,
        GROW,
        DUMP_SITE,
        PLAY_EVENT,
        END_TURN,
        PROPOSE,
        VOTE,
        FUND,
        DONE,
        PLACE_BLOCK,
        URBANIZE,
        ALARM,
    ]
)
