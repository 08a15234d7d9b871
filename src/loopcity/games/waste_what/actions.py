"""The actions of Waste What?: every kind with its finite argument domains.

Cards are named by their id (the number shown in brackets on the table), skills by their id
(``textile`` ... ``electronics``, ``creative``), players by ``p1`` / ``p2``. Compound choices are
split into steps: a reuse first names the card and the skill(s), then the slot and the skill to raise;
a combo adds its cards one by one, then is combined.
"""

from __future__ import annotations

from loopcity.engine import ActionSpace, kind

from .content import CATEGORIES, MAX_CARDS, SKILL_ORDER

SKILLS = SKILL_ORDER
PLAYERS = ("p1", "p2")
CARDS = range(MAX_CARDS)
CC_USE = ("alone", "creative")

ACTION_SPACE = ActionSpace(
    [
        kind("choose", "take a Skill card in the skill draft", skill=SKILLS),
        kind(
            "reuse",
            "reuse a card with one Skill (the Creative Community from level 4)",
            card=CARDS,
            skill=SKILLS,
        ),
        kind(
            "reuse_plus",
            "reuse a card with a Skill plus the Creative Community's level",
            card=CARDS,
            skill=CATEGORIES,
        ),
        kind(
            "sell",
            "put the card in work on a Sell slot and raise a used skill",
            raise_skill=(*CATEGORIES, "none"),
        ),
        kind(
            "donate", "put the card in work on a Donate slot and raise a skill", raise_skill=(*SKILLS, "none")
        ),
        kind("combo", "add a card to the combo in the work area", card=CARDS),
        kind(
            "combine",
            "make the Combo card: its category, with or without the Creative Community",
            category=CATEGORIES,
            creative=CC_USE,
        ),
        kind("store", "put a card in a player's Storage", card=CARDS, player=PLAYERS),
        kind("recycle", "put a card on the Recycle Bin", card=CARDS),
        kind(
            "recycle_paying",
            "recycle a card whose recycling costs money, paid by a player",
            card=CARDS,
            player=PLAYERS,
        ),
        kind("burn", "put a card on the next Burn slot", card=CARDS),
        kind("co2_money", "the player who takes the money released with the CO2", player=PLAYERS),
        kind("train", "raise a Skill card by one level (Skill-share workshop)", skill=SKILLS),
        kind("end_round", "end the round once every card on the table is dealt with"),
    ]
)
