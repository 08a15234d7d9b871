"""Every action RECLAIM can name: builds, transport, card choices, resource steps, joint decisions,
and ``HANDLERS``, the one dispatch from an action's kind to the function that carries it out (the
handlers live beside the rules of their phase: :mod:`.turn`, :mod:`.politics`, :mod:`.rules`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple, get_args

from loopcity.engine import ActionSpace, Clock, Handlers, kind
from loopcity.engine.table import DONE, VOTE

from .content import MAX_HEXES, N_, BuildId, Resource, Transport

if TYPE_CHECKING:
    from .rules import ReclaimState

HEX = range(MAX_HEXES)
BUILD_IDS: tuple[BuildId, ...] = get_args(BuildId)
RESOURCES: tuple[Resource, ...] = get_args(Resource)
TRANSPORTS: tuple[Transport, ...] = get_args(Transport)

PlayableRole = Literal["housing", "treatment", "farming"]
"""The roles the Independent contractor may choose to play."""
Waste = Literal["mixed", "separated"]
FarmInput = Literal["npk", "sludge"]
Decision = Literal["npk", "vaccinate", "dump"]
"""The Political decisions put to the table: import NPK onto a Farm, vaccinate, dump Waste in Water."""
DECISION_ITEMS: tuple[Decision, ...] = get_args(Decision)


class Role(NamedTuple):
    play: PlayableRole


class Build(NamedTuple):
    item: BuildId
    hex: int


class Link(NamedTuple):
    transport: Transport
    hex: int


class Hex(NamedTuple):
    hex: int


class Slot(NamedTuple):
    slot: int


class Move(NamedTuple):
    resource: Resource
    source: int
    to: int


class Treat(NamedTuple):
    hex: int
    waste: Waste


class Grow(NamedTuple):
    hex: int
    input: FarmInput


class EventCard(NamedTuple):
    card: int


class Propose(NamedTuple):
    item: Decision
    hex: int


class Units(NamedTuple):
    n: int


class Coins(NamedTuple):
    coins: int


MAX_UNITS = 8
"""A proposal covers 1 to this many units (NPK imported, Disease vaccinated, Waste dumped)."""
MAX_CONTRIBUTION = 10000
"""The most coins a player adds to the City budget in one step."""


ROLE = kind(
    "role",
    N_("Independent contractor: choose the role to play this round"),
    Role,
    play=get_args(PlayableRole),
)
BUILD = kind("build", N_("build or upgrade infrastructure on a hexagon"), Build, item=BUILD_IDS, hex=HEX)
LINK = kind(
    "link",
    N_("build transportation: choose its kind and the hexagon it starts from"),
    Link,
    transport=TRANSPORTS,
    hex=HEX,
)
LINK_TO = kind("link_to", N_("the neighbouring hexagon the transportation goes to"), Hex, hex=HEX)
CARD = kind("card", N_("take one of the face-up Infrastructure cards of the pile"), Slot, slot=range(3))
MOVE = kind(
    "move",
    N_("fetch or send one resource along connected transportation"),
    Move,
    resource=RESOURCES,
    source=HEX,
    to=HEX,
)
CONVERT = kind("convert", N_("Housing: every Housing block turns 1 Food into 1 Waste"))
TREAT = kind(
    "treat",
    N_("Treatment: a plant on the hexagon treats one Waste"),
    Treat,
    hex=HEX,
    waste=get_args(Waste),
)
GROW = kind(
    "grow",
    N_("Farming: the Farm on the hexagon turns one NPK or Sludge into Food"),
    Grow,
    hex=HEX,
    input=get_args(FarmInput),
)
DUMP_SITE = kind("dump_site", N_("choose the Dump hexagon for Sludge"), Hex, hex=HEX)
PLAY_EVENT = kind("play_event", N_("play a kept positive Event card"), EventCard, card=range(24))
END_TURN = kind("end_turn", N_("end your turn"))
PROPOSE = kind(
    "propose",
    N_("propose a political decision to the table"),
    Propose,
    item=DECISION_ITEMS,
    hex=HEX,
)
FUND = kind("fund", N_("add coins from your own money to the City budget"))
PLACE_BLOCK = kind("place_block", N_("growth: place a new level 0 Housing block"), Hex, hex=HEX)
URBANIZE = kind("urbanize", N_("growth: turn a Rural hexagon or a Farm into Urban area"), Hex, hex=HEX)
ALARM = kind(
    "alarm",
    N_("the 10-minute timer rang: draw an Event card"),
    clock=Clock(
        10,
        repeats=True,
        content="table.timer_minutes",
        counts=N_("next Event"),
        runs_if=lambda o: o["events"] == "timer",
    ),
)

UNITS = kind("units", N_("how many units the proposal covers"), Units, n=range(1, MAX_UNITS + 1))
CONTRIBUTE = kind(
    "contribute",
    N_("add this many coins of your own to the City budget"),
    Coins,
    coins=range(1, MAX_CONTRIBUTION + 1),
)

HANDLERS: Handlers[ReclaimState] = Handlers()

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
        UNITS,
        CONTRIBUTE,
    ]
)
