"""Waste What? content: the rulebook's numbers, the Skill cards, and the reconstructed cards.

The rulebook gives the numbers (6 rounds, 2 money each, 10 money tokens, 3 CO2 tokens, 3 burn slots,
6 waste cards a round, 6 blank Combo cards) and the 7 Skill cards. The 54 Waste cards, the 18 Just
Waste cards, the 20 Event cards and the maximum skill level are lost and reconstructed (each item
says ``source``). :mod:`.tables` turns the cards into flat tuples indexed by card id, once per game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from loopcity.engine import ContentModel
from loopcity.engine.text import N_

Source = Literal["rulebook", "research", "reconstructed"]
CATEGORIES = ("textile", "furniture", "bikes", "food", "construction", "electronics")
CREATIVE = "creative"
SKILL_ORDER = (*CATEGORIES, CREATIVE)
Category = Literal["textile", "furniture", "bikes", "food", "construction", "electronics"]
SkillId = Literal["textile", "furniture", "bikes", "food", "construction", "electronics", "creative"]
EffectName = Literal[
    "grant",
    "tax",
    "rent",
    "extra_waste",
    "no_recycling",
    "recycle_limit",
    "easier",
    "sell_bonus",
    "train",
    "no_burning",
]
CONTENT_PATH = Path(__file__).with_name("content.toml")
PLAYERS = 2
"""Waste What? is a game for 2 players (or 2 teams)."""


DIFFICULTIES = ((N_("Beginners"), 9), (N_("Normal"), 12), (N_("Difficult"), 18))
"""The rulebook's difficulty levels (§7) and the Just Waste cards each puts in the deck (the first ones
of ``content.toml``); the Beginners round has no Combos. The names are marked for translation and
read through ``_``."""


class Rules(ContentModel):
    """The numbers of the rulebook (and the one it lost: the maximum skill level)."""

    rounds: int = Field(ge=1)
    start_money: int = Field(ge=0)
    money_tokens: int = Field(ge=0)
    sell_slots: int = Field(ge=1)
    donate_slots: int = Field(ge=1)
    burn_slots: int = Field(ge=1)
    co2_tokens: int = Field(ge=1)
    waste_per_round: int = Field(ge=1)
    recycle_per_round: int = Field(ge=0)
    start_level: int = Field(ge=1)
    combo_cards: int = Field(ge=0)
    die_sides: int = Field(ge=2)
    creative_any_skill_level: int = Field(ge=1)
    max_skill_level: int = Field(ge=1)
    max_skill_level_source: Source = "reconstructed"
    source: Source = "rulebook"

    @model_validator(mode="after")
    def _levels(self) -> Rules:
        if self.max_skill_level < self.start_level:
            raise ValueError("max_skill_level must be at least start_level")
        return self

    @model_validator(mode="after")
    def _money_tokens(self) -> Rules:
        """The setup takes ``start_money`` to each Cash Box and 1 money to each Sell slot from the
        money tokens; the rest go to the bank."""
        setup = PLAYERS * self.start_money + self.sell_slots
        if setup > self.money_tokens:
            raise ValueError(
                f"start_money {self.start_money} for each of the {PLAYERS} players and 1 money on each of "
                f"the {self.sell_slots} sell_slots need {setup} money tokens, more than money_tokens "
                f"({self.money_tokens})"
            )
        return self


class Skill(ContentModel):
    """A Skill card: a category's skill, or the Creative Community (category ``creative``)."""

    id: SkillId
    name: str
    source: Source = "rulebook"


class WasteCard(ContentModel):
    """A Waste card: an everyday item of one category with a complexity and its recycling rule."""

    name: str
    category: Category
    complexity: int = Field(ge=1, le=6)
    recyclable: bool = True
    recycle_cost: int = Field(default=0, ge=0)
    source: Source = "reconstructed"


class JustWasteCard(ContentModel):
    """A Just Waste card (gray heading): no category, so it can never be reused."""

    name: str
    recyclable: bool = True
    recycle_cost: int = Field(default=0, ge=0)
    source: Source = "reconstructed"


class EventCard(ContentModel):
    """An Event card, drawn from round 2; its effect lasts for the round it is drawn in."""

    id: str
    name: str
    text: str
    effect: EffectName
    amount: int = 0
    category: Category | None = None
    source: Source = "reconstructed"


class WasteWhatContent(ContentModel):
    """Everything on the cards of Waste What?, validated."""

    rules: Rules
    skills: list[Skill]
    waste: list[WasteCard]
    just_waste: list[JustWasteCard]
    events: list[EventCard]
    combo_words: list[str] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> WasteWhatContent:
        ids = [s.id for s in self.skills]
        if sorted(ids) != sorted([*CATEGORIES, CREATIVE]):
            raise ValueError("skills must be one card for each category plus 'creative'")
        if len({e.id for e in self.events}) != len(self.events):
            raise ValueError("event ids must be unique")
        total = len(self.waste) + len(self.just_waste) + self.rules.combo_cards
        if total > MAX_CARDS:
            raise ValueError(f"at most {MAX_CARDS} cards in all (Waste + Just Waste + Combo)")
        for e in self.events:
            if e.effect == "easier" and e.amount < 0:
                raise ValueError(f"event {e.id}: 'easier' takes a non-negative amount")
        return self


MAX_CARDS = 128
"""The action space names cards 0..MAX_CARDS-1."""
