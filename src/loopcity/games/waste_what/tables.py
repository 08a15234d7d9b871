"""Lookup tables derived from Waste What?'s content, once per configured game (``GameSpec.tables``).

Cards are numbered in one sequence: the Waste cards first, then the Just Waste cards, then the blank
Combo cards, in the order of ``content.toml``; the actions and positions name cards by that number.
The rules read a card's category, complexity and recycling rule from flat tuples indexed by it.
"""

from __future__ import annotations

from .content import EventCard, WasteWhatContent


def combo_part(name: str) -> str:
    """The word a Combo card's name takes from a card's name: its last word, capitalized."""
    return name.split()[-1].capitalize()


class WasteWhatTables:
    """Flat per-card tuples indexed by card id (Waste, then Just Waste, then blank Combo cards), and
    the Event and Skill cards by id."""

    def __init__(self, content: WasteWhatContent) -> None:
        waste, just = content.waste, content.just_waste
        blanks = content.rules.combo_cards
        self.n_waste = len(waste)
        self.n_just = len(just)
        self.first_combo = self.n_waste + self.n_just
        self.n_cards = self.first_combo + blanks
        self.name = tuple([c.name for c in waste] + [c.name for c in just] + ["Combo"] * blanks)
        self.category = tuple([c.category for c in waste] + [""] * (len(just) + blanks))
        """The card's category ('' for Just Waste and blank Combo cards)."""
        self.complexity = tuple([c.complexity for c in waste] + [0] * (len(just) + blanks))
        self.recyclable = tuple(
            [c.recyclable for c in waste] + [c.recyclable for c in just] + [False] * blanks
        )
        self.recycle_cost = tuple(
            [c.recycle_cost for c in waste] + [c.recycle_cost for c in just] + [0] * blanks
        )
        self.recycle = tuple(  # what recycling the card costs, -1 where it cannot be recycled
            cost if ok else -1 for ok, cost in zip(self.recyclable, self.recycle_cost, strict=True)
        )
        self.card = tuple(zip(self.category, self.complexity, self.recycle, strict=True))
        """(category, complexity, recycling cost or -1) of each card but the Combo cards."""
        self.events: dict[str, EventCard] = {e.id: e for e in content.events}
        self.skill_names: dict[str, str] = {s.id: s.name for s in content.skills}
        self.part_cards: dict[str, list[int]] = {}
        """The Waste and Just Waste cards by the word a Combo card's name takes from each (the last
        word of its name, lower case): how a Combo card's name is read in another language."""
        for card in range(self.first_combo):
            self.part_cards.setdefault(combo_part(self.name[card]).lower(), []).append(card)
        self.log_lines: dict[tuple[object, ...], str] = {}
        """The log line of a move whose words depend only on the move, who makes it, where its card
        lies and whose skills it uses (filled as games are played: see :func:`.texts.log_line`)."""


def build_tables(content: WasteWhatContent) -> WasteWhatTables:
    """The tables of one configured game's content (the engine calls this once per game)."""
    return WasteWhatTables(content)
