"""The actions of Waste What?: every kind with its finite argument domains.

Cards are named by their id (the number shown in brackets on the table), skills by their id
(``textile`` ... ``electronics``, ``creative``), players by ``p1`` / ``p2``. Compound choices are
split into steps: a reuse first names the card and the skill(s), then the slot and the skill to raise;
a combo adds its cards one by one, then is combined.

In the shared phase each player acts on what is their own. An action that uses the partner's Skill
card, a card from their Storage, a place in their Storage or money from their Cash Box is an offer to
the partner (:mod:`.together`), who answers with ``vote yes|no``; ``co2_money`` and ``train`` propose
the table's choice to the partner the same way; ``end_round`` says a player is done for the round.

Each kind's help is marked for translation (``N_``) and read through ``_`` by whoever shows it.
"""

from __future__ import annotations

from typing import NamedTuple

from loopcity.engine import ActionSpace, kind
from loopcity.engine.table import VOTE

from .content import CATEGORIES, MAX_CARDS, N_, SKILL_ORDER

SKILLS = SKILL_ORDER
PLAYERS = ("p1", "p2")
"""How actions name the players (P1 and P2): the seats 0 and 1."""
CARDS = range(MAX_CARDS)
CC_USE = ("alone", "creative")
NO_RAISE = "none"
"""``sell none`` / ``donate none``: no skill used on the card can rise any more."""


SEAT_OF = {"p1": 0, "p2": 1}
"""The seat (0-based) of a player named in an action: ``p1`` is 0, ``p2`` is 1."""


def seat_of(player: str) -> int:
    """The seat (0-based) of a player named in an action: ``p1`` is 0, ``p2`` is 1."""
    return SEAT_OF[player]


class Choose(NamedTuple):
    skill: str


class Reuse(NamedTuple):
    card: int
    skill: str


class RaiseSkill(NamedTuple):
    raise_skill: str


class Card(NamedTuple):
    card: int


class Combine(NamedTuple):
    category: str
    creative: str


class CardFor(NamedTuple):
    card: int
    player: str


class Player(NamedTuple):
    player: str


class Skill(NamedTuple):
    skill: str


CHOOSE = kind("choose", N_("take a Skill card in the skill draft"), Choose, skill=SKILLS)
REUSE = kind(
    "reuse",
    N_("reuse a card with one Skill (or the Creative Community standing in for any skill)"),
    Reuse,
    card=CARDS,
    skill=SKILLS,
)
REUSE_PLUS = kind(
    "reuse_plus",
    N_("reuse a card with a Skill plus the Creative Community's level"),
    Reuse,
    card=CARDS,
    skill=CATEGORIES,
)
SELL = kind(
    "sell",
    N_("put the card in work on a Sell slot and raise a used skill"),
    RaiseSkill,
    raise_skill=(*CATEGORIES, NO_RAISE),
)
DONATE = kind(
    "donate",
    N_("put the card in work on a Donate slot and raise a skill"),
    RaiseSkill,
    raise_skill=(*SKILLS, NO_RAISE),
)
COMBO = kind("combo", N_("add a card to the combo in the work area"), Card, card=CARDS)
COMBINE = kind(
    "combine",
    N_("make the Combo card: its category, with or without the Creative Community"),
    Combine,
    category=CATEGORIES,
    creative=CC_USE,
)
STORE = kind(
    "store",
    N_("put a card in your Storage, or ask your partner to take it into theirs"),
    CardFor,
    card=CARDS,
    player=PLAYERS,
)
RECYCLE = kind("recycle", N_("put a card on the Recycle Bin"), Card, card=CARDS)
RECYCLE_PAYING = kind(
    "recycle_paying",
    N_("recycle a card whose recycling costs money, paid by you or (if they agree) your partner"),
    CardFor,
    card=CARDS,
    player=PLAYERS,
)
BURN = kind("burn", N_("put a card on the next Burn slot"), Card, card=CARDS)
CO2_MONEY = kind(
    "co2_money", N_("propose the player who takes the money released with the CO2"), Player, player=PLAYERS
)
TRAIN = kind(
    "train", N_("propose the Skill card the Skill-share workshop raises by one level"), Skill, skill=SKILLS
)
END_ROUND = kind(
    "end_round",
    N_(
        "say you are done this round; it ends when both players are done and every card on the table is dealt with"
    ),
    ready=True,
)

ACTION_SPACE = ActionSpace(
    [
        CHOOSE,
        REUSE,
        REUSE_PLUS,
        SELL,
        DONATE,
        COMBO,
        COMBINE,
        STORE,
        RECYCLE,
        RECYCLE_PAYING,
        BURN,
        CO2_MONEY,
        TRAIN,
        END_ROUND,
        VOTE,
    ]
)
"""The kinds in a fixed order (their actions' indices never move: new kinds go at the end)."""
