"""The state's fields and the facts the rules read from them: what a card is this round, whose skill is
free, which cards may be dealt with now.

:class:`WasteWhatBase` declares every field of a Waste What? state (set up by
:class:`~.rules.WasteWhatState`) with the game's phases and steps as types, so that mypy catches a
misspelled phase. The shared phase's actions are in :mod:`.dealing`, setup and rounds in :mod:`.rules`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from mypy_extensions import mypyc_attr

from loopcity.engine import Game, State
from loopcity.engine.table import Ballot
from loopcity.engine.text import _

from .content import EventCard, Rules, WasteWhatContent
from .tables import WasteWhatTables
from .words import combo_title

Phase = Literal["draft", "play", "over"]
"""The skill draft (one seat chooses at a time), the rounds' shared phase (both seats act), the end."""
Pending = Literal["co2_money", "train"]
"""A choice the table makes before anything else: who takes the money released with the CO2, or which
Skill card the Skill-share workshop raises."""
Origin = Literal["table", "p1", "p2"]
"""Where a card in the work area was taken from: the table, or P1's or P2's Storage."""
WorkKind = Literal["reuse", "combo"]
"""What lies in the work area: a card a Skill was used on (to be sold or donated), or a combo being put
together."""


WasteWhatGame = Game[WasteWhatContent, WasteWhatTables]
"""Waste What? configured: its options, content and tables."""


class Work(TypedDict):
    """The work area: the card(s) in it, the Skill cards used on them and who works on them."""

    kind: WorkKind
    cards: list[int]
    by: int
    """The seat that put the card(s) there: it sells or donates, or finishes the combo."""
    skills: NotRequired[list[str]]
    """The Skill cards used (a reuse, or an accepted combo)."""
    origins: NotRequired[list[Origin]]
    """Where each card of a combo was taken from (it goes back there if the combo is not accepted)."""


class ComboCard(TypedDict):
    """What is written on a filled-out Combo card."""

    category: str
    complexity: int
    name: str
    cards: int
    """How many cards went into it."""


class StageNote(TypedDict):
    """Something that happened on stage this round, as everyone saw it: a die rolled for a combo
    (``combo``), a CO2 token released (``co2``), or a die rolled where the players could not agree
    (``tie``)."""

    kind: Literal["combo", "co2", "tie"]
    rolled: int
    """The die (0 when no die was rolled)."""
    cards: int
    """How many cards went into the combo (``combo``); the CO2 token's number (``co2``)."""
    accepted: bool
    """Whether the combo was accepted (``combo``); whether the first proposal won the roll (``tie``)."""
    text: str
    """The combo's name (an accepted ``combo``), or the action the die chose (``tie``)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class WasteWhatBase(State[WasteWhatContent, WasteWhatTables]):
    """The fields of a Waste What? state and the card facts read from them."""

    round: int
    result: str | None
    """How the game ended (None while it goes on)."""
    won: bool
    cash: list[int]
    """Each player's Cash Box."""
    sell_money: int
    """Money tokens lying on the Sell slots."""
    bank: int
    co2: int
    """CO2 tokens released from the incinerator."""
    deck: list[int]
    """The Waste deck, face down; cards are drawn from the end."""
    box: list[int]
    """Just Waste cards this difficulty leaves in the box."""
    blanks: list[int]
    """Blank Combo cards, the first filled out next."""
    table: list[int]
    storage: list[list[int]]
    fresh: set[int]
    """Cards stored this round (dealt with from the next round on)."""
    bin: list[int]
    """The Recycle Bin."""
    sell: list[int]
    donate: list[int]
    burn: list[int]
    removed: list[int]
    """Cards out of the game (burned, or parts of an accepted combo)."""
    combos: dict[int, ComboCard]
    work: Work | None
    pending: Pending | None
    rejected: set[int]
    """Cards of a combo not accepted this round: they cannot join another combo this round."""
    used: set[str]
    """Skill cards used this round."""
    recycled: int
    """Cards recycled this round."""
    reused: int
    """Cards sold or donated in the game (the score)."""
    combos_made: int
    event: str | None
    event_deck: list[str]
    removed_skill: str
    owner: dict[str, int]
    """The seat holding each Skill card in play."""
    level: dict[str, int]
    start_level: int
    draft_turn: int
    draft_pool: list[str]
    done: list[bool]
    """The players who said they are done this round (the round ends when both are)."""
    ballot: Ballot | None
    """An offer or proposal waiting for the partner's answer (see :mod:`.together`)."""
    declined: set[tuple[int, str]]
    """(seat, action) of the offers declined this round (not made again this round), and the
    proposals declined on the table's open question."""
    staged: list[StageNote]
    """What happened on stage this round (dice, CO2), for the stage every player sees."""

    # ----- phase -------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The skill draft, the rounds, or the end (derived from the fields, never stored)."""
        if self.draft_pool:
            return "draft"
        return "play" if self.result is None else "over"

    # ----- card facts ---------------------------------------------------------------------------
    def rules(self) -> Rules:
        """The rulebook's numbers (content)."""
        return self.game.content.rules

    def event_card(self) -> EventCard | None:
        """The Event card of this round, if any."""
        return None if self.event is None else self.tables.events[self.event]

    def category(self, card: int) -> str:
        """The card's category ('' for Just Waste)."""
        t = self.tables
        return self.combos[card]["category"] if card >= t.first_combo else t.category[card]

    def printed_complexity(self, card: int) -> int:
        """The complexity written on the card (0 for Just Waste)."""
        t = self.tables
        return self.combos[card]["complexity"] if card >= t.first_combo else t.complexity[card]

    def complexity(self, card: int) -> int:
        """The card's complexity this round (an Event may make it easier, never below 1)."""
        t = self.tables
        if card >= t.first_combo:
            combo = self.combos[card]
            base, cat = combo["complexity"], combo["category"]
        else:
            base, cat = t.complexity[card], t.category[card]
        if self.event is not None:
            ev = t.events[self.event]
            if ev.effect == "easier" and (ev.category is None or ev.category == cat):
                return max(1, base - ev.amount)
        return base

    def card_name(self, card: int) -> str:
        """The card's name in the reader's language: the name printed on a Waste card, or the name
        written on a Combo card (:func:`.words.combo_title`)."""
        combo = self.combos.get(card)
        if combo is not None:
            return combo_title(self, combo["name"])
        return _(self.tables.name[card])

    def printed_name(self, card: int) -> str:
        """The card's name as the content has it (a Combo card: as written on it), whoever reads:
        the name of a new Combo card is made from these."""
        combo = self.combos.get(card)
        return combo["name"] if combo is not None else self.tables.name[card]

    def skill_name(self, skill: str) -> str:
        """A Skill card's name in the reader's language."""
        return _(self.tables.skill_names[skill])

    def holder(self, card: int) -> int | None:
        """The seat in whose Storage the card lies (None: elsewhere)."""
        if card in self.storage[0]:
            return 0
        if card in self.storage[1]:
            return 1
        return None

    def candidates(self) -> list[int]:
        """Cards that may be dealt with now: the table, then stored cards from earlier rounds."""
        out = self.table[:]
        fresh = self.fresh
        for stored in self.storage:
            if stored:
                out.extend([c for c in stored if c not in fresh] if fresh else stored)
        return out

    def max_combo_cards(self) -> int:
        """The most cards a combo can hold and still be accepted: the die must roll higher than the
        number of cards, so a combo of as many cards as the die has sides never is."""
        return self.game.content.rules.die_sides - 1

    def skill_free(self, skill: str) -> bool:
        return skill in self.owner and skill not in self.used

    def free_levels(self) -> dict[str, int]:
        """The level of each Skill card in play not yet used this round."""
        free = self.level.copy()
        for s in self.used:
            free.pop(s, None)
        return free

    def rent_due(self, seat: int) -> int:
        """Rent: 1 for no or one stored card, else one per stored card (plus this round's event)."""
        return self.rent_for(len(self.storage[seat]))

    def rent_for(self, stored: int) -> int:
        """The rent of a Storage holding ``stored`` cards this round."""
        rent = max(1, stored)
        ev = self.event_card()
        if ev is not None and ev.effect == "rent":
            rent = max(0, rent + ev.amount)
        return rent


def deck_and_box(game: WasteWhatGame) -> tuple[list[int], list[int]]:
    """The Waste deck of this difficulty (every Waste card and the first ``just_waste`` Just Waste
    cards) and the Just Waste cards left in the box."""
    t = game.tables
    in_game = t.n_waste + min(game.options["just_waste"], t.n_just)
    return list(range(in_game)), list(range(in_game, t.first_combo))
