"""SUSTAIN's actions. Setup, when the players choose their Department sheets: ``sheet <department>``.
Discussion: ``give <player>`` (one Coin to another player), ``pass``.
Investing, in two steps: choose the space — ``fund <department> <space>`` on a Department sheet,
``invest <card>`` on a Solution card on the table, ``request <card>`` on a REQUEST card — then
``coins <n>``; or ``pass``. After a Building is paid for, ``build <cell>`` picks its space on the
City Map."""

from __future__ import annotations

from typing import Any, NamedTuple

from loopcity.engine import Action, ActionKind, ActionSpace, Clock, kind
from loopcity.engine.text import N_

MAX_PLAYERS = 6
MAX_SPACES = 4
"""Investment spaces on one Department sheet at most (content.py refuses more)."""
MAX_COINS = 20
"""The dearest investment space (content.py refuses dearer)."""
MAX_TABLE = 40
"""Solution cards of one scenario at most, so at most as many on the table."""
MAX_REQUESTS = 10
"""REQUEST cards of one scenario at most."""
MAX_CELLS = 8 * 8 + 7 * 7 + 2 * 8 * 7
"""Spaces of the largest City Map (8 x 8): big squares, corners and edges."""


class Player(NamedTuple):
    player: int
    """a player as players count them, 1-6"""


class Fund(NamedTuple):
    department: int
    """a Department sheet by its number (1-6, content.toml's order)"""
    space: int
    """an investment space of that sheet, from 1"""


class SolutionCard(NamedTuple):
    card: int
    """a Solution card on the table by its place, from 1"""


class RequestCard(NamedTuple):
    card: int
    """a REQUEST card on the table by its place, from 1 (in the order drawn)"""


class DepartmentSheet(NamedTuple):
    department: int
    """a Department sheet by its number (1-6, content.toml's order)"""


class Coins(NamedTuple):
    coins: int
    """how many Coins to put on the space chosen"""


class Cell(NamedTuple):
    cell: int
    """a space of the City Map by its number (see board.py)"""


GIVE = kind("give", N_("give one of your Coins to another player"), Player, player=range(1, MAX_PLAYERS + 1))
PASS = kind(
    "pass", N_("discussion: you are done talking; investing: you pass for the rest of the year"), ready=True
)
"""In the discussion, a seat's word that it is done talking (the discussion closes when all have said
it): the engine's readiness, so a bot holds it while a person at the table is still talking."""
FUND = kind(
    "fund",
    N_("choose a Building space of a Department sheet to put Coins on"),
    Fund,
    department=range(1, MAX_PLAYERS + 1),
    space=range(1, MAX_SPACES + 1),
)
INVEST = kind(
    "invest",
    N_("choose a Solution card on the table to put Coins on"),
    SolutionCard,
    card=range(1, MAX_TABLE + 1),
)
REQUEST = kind(
    "request", N_("choose a REQUEST card to put Coins on"), RequestCard, card=range(1, MAX_REQUESTS + 1)
)
COINS = kind("coins", N_("put this many Coins on the space you chose"), Coins, coins=range(1, MAX_COINS + 1))
BUILD = kind("build", N_("draw the Building on this free space of the City Map"), Cell, cell=range(MAX_CELLS))
CLOCK_ = kind(
    "clock",
    N_("the discussion clock ran out: every player still talking passes"),
    clock=Clock(5, option="discussion_minutes", counts=N_("the discussion closes")),
)

SHEET = kind(
    "sheet",
    N_("setup: choose your Department sheet (with the option deal = chosen)"),
    DepartmentSheet,
    department=range(1, MAX_PLAYERS + 1),
)

SPACE = ActionSpace([GIVE, PASS, FUND, INVEST, REQUEST, COINS, BUILD, CLOCK_, SHEET])


def in_order(k: ActionKind[Any]) -> tuple[Action, ...]:
    """Every action of a kind with one argument, in the order of its domain: the kind's own shared
    objects, so that the legal ones of a range are a slice (``INVESTS[:n]``), read at every step."""
    ((_, domain),) = k.params
    return tuple(k(v) for v in domain)


GIVES = in_order(GIVE)
"""``give 1``, ``give 2``, ...: ``GIVES[seat]`` gives a Coin to that seat (counted from 0)."""
INVESTS = in_order(INVEST)
"""``invest 1``, ``invest 2``, ...: the first n choose the n Solution cards on the table."""
REQUESTS = in_order(REQUEST)
"""``request 1``, ``request 2``, ...: the first n choose the n REQUEST cards on the table."""
COIN_AMOUNTS = in_order(COINS)
"""``coins 1``, ``coins 2``, ...: the first n put 1 to n Coins."""
SHEETS = in_order(SHEET)
"""``sheet 1``, ``sheet 2``, ...: ``SHEETS[d]`` chooses Department sheet ``d`` (counted from 0)."""
PASS_ACTION = PASS()
"""The ``pass`` action, offered at nearly every step (one shared object, as ``PASS()`` gives)."""
