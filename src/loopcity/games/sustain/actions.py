"""SUSTAIN's actions. Discussion: ``give <player>`` (one Coin to another player), ``pass``.
Investing: ``fund <department> <space> <coins>`` on a Department sheet, ``invest <card> <coins>`` on
a Solution card on the table, ``request <card> <coins>`` on a REQUEST card, ``pass``; after a
Building is paid for, ``build <cell>`` picks its space on the City Map."""

from __future__ import annotations

from functools import cache

from loopcity.engine import Action, ActionSpace, kind

MAX_PLAYERS = 6
MAX_COINS = 20
MAX_TABLE = 40
MAX_REQUESTS = 10
MAX_CELLS = 8 * 8 + 7 * 7 + 2 * 8 * 7

SPACE = ActionSpace(
    [
        kind("give", "give one of your Coins to another player", player=range(1, MAX_PLAYERS + 1)),
        kind("pass", "discussion: you are done talking; investing: you pass for the rest of the year"),
        kind(
            "fund",
            "put Coins on a Building space of a Department sheet",
            department=range(1, MAX_PLAYERS + 1),
            space=range(1, 5),
            coins=range(1, MAX_COINS + 1),
        ),
        kind(
            "invest",
            "put Coins on a Solution card on the table",
            card=range(1, MAX_TABLE + 1),
            coins=range(1, MAX_COINS + 1),
        ),
        kind(
            "request",
            "put Coins on a REQUEST card",
            card=range(1, MAX_REQUESTS + 1),
            coins=range(1, MAX_COINS + 1),
        ),
        kind("build", "draw the Building on this free space of the City Map", cell=range(MAX_CELLS)),
    ]
)

PASS = Action("pass")


@cache
def give(player: int) -> Action:
    return Action("give", (player,))


@cache
def fund(department: int, space: int, coins: int) -> Action:
    return Action("fund", (department, space, coins))


@cache
def invest(card: int, coins: int) -> Action:
    return Action("invest", (card, coins))


@cache
def request(card: int, coins: int) -> Action:
    return Action("request", (card, coins))


@cache
def build(cell: int) -> Action:
    return Action("build", (cell,))
