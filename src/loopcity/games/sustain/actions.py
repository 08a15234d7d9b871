"""SUSTAIN's actions. Discussion: ``give <player>`` (one Coin to another player), ``pass``.
Investing, in two steps: choose the space — ``fund <department> <space>`` on a Department sheet,
``invest <card>`` on a Solution card on the table, ``request <card>`` on a REQUEST card — then
``coins <n>``; or ``pass``. After a Building is paid for, ``build <cell>`` picks its space on the
City Map."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from loopcity.engine import Action, ActionSpace, kind

MAX_PLAYERS = 6
MAX_COINS = 20
MAX_TABLE = 40
MAX_REQUESTS = 10
MAX_CELLS = 8 * 8 + 7 * 7 + 2 * 8 * 7


class Player(NamedTuple):
    player: int
    """a player as players count them, 1-6"""


class Fund(NamedTuple):
    department: int
    space: int


class Card(NamedTuple):
    card: int


class Coins(NamedTuple):
    coins: int


class Cell(NamedTuple):
    cell: int


GIVE = kind("give", "give one of your Coins to another player", Player, player=range(1, MAX_PLAYERS + 1))
PASS_ = kind("pass", "discussion: you are done talking; investing: you pass for the rest of the year")
FUND = kind(
    "fund",
    "choose a Building space of a Department sheet to put Coins on",
    Fund,
    department=range(1, MAX_PLAYERS + 1),
    space=range(1, 5),
)
INVEST_ = kind(
    "invest", "choose a Solution card on the table to put Coins on", Card, card=range(1, MAX_TABLE + 1)
)
REQUEST_ = kind("request", "choose a REQUEST card to put Coins on", Card, card=range(1, MAX_REQUESTS + 1))
COINS = kind("coins", "put this many Coins on the space you chose", Coins, coins=range(1, MAX_COINS + 1))
BUILD = kind("build", "draw the Building on this free space of the City Map", Cell, cell=range(MAX_CELLS))
CLOCK_ = kind("clock", "the discussion clock ran out: every player still talking passes")

SPACE = ActionSpace([GIVE, PASS_, FUND, INVEST_, REQUEST_, COINS, BUILD, CLOCK_])

PASS = Action("pass")
CLOCK = Action("clock")


@cache
def give(player: int) -> Action:
    return Action("give", (player,))


@cache
def fund(department: int, space: int) -> Action:
    return Action("fund", (department, space))


@cache
def invest(card: int) -> Action:
    return Action("invest", (card,))


@cache
def request(card: int) -> Action:
    return Action("request", (card,))


@cache
def coins(n: int) -> Action:
    return Action("coins", (n,))


@cache
def build(cell: int) -> Action:
    return Action("build", (cell,))


INVEST = tuple(invest(i) for i in range(1, MAX_TABLE + 1))
"""``invest 1``, ``invest 2``, ...: the first n choose the n Solution cards on the table."""
REQUEST = tuple(request(i) for i in range(1, MAX_REQUESTS + 1))
"""``request 1``, ``request 2``, ...: the first n choose the n REQUEST cards in play."""
