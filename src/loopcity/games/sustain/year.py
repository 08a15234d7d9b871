"""The automatic steps of a year (1 adjust the indicators, 2 people increasing, 3 budget
allocation, 4 events, 5 solutions) and the effects that cards and Buildings have on the city.

The base class of :class:`~loopcity.games.sustain.rules.SustainState`: these methods change the
state's plain-data fields and stop at once when the city is defeated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Final, Literal

from mypy_extensions import mypyc_attr

from loopcity.engine import State
from loopcity.engine.text import LANGUAGE, Said, _, reading_in

from .actions import N_
from .content import TRACKS, Effect, EventCard, SustainContent
from .tables import SustainTables
from .words import (
    content_text,
    effect_data,
    effects_text,
    reading_text,
    reading_title,
    seat_name,
    white_side_text,
)

Phase = Literal["departments", "discussion", "investing", "coins", "build", "over"]
"""Where the game stands: the setup's choice of Department sheets (option ``deal = chosen``), step 6
(discussion), step 7 (investing; ``coins``: the player to act has chosen a space and says how many
Coins; ``build``: a Building paid for waits to be drawn), or the game is over."""

TRACK_INDEX = {name: i for i, name in enumerate(TRACKS)}
"""Each track of the Indicators Board by its place, top to bottom."""
LIVING, ATTRACT, TRANSPORT, POLLUTION = 0, 1, 2, 3
SOLUTIONS_PER_YEAR = 3

Defeat = Literal["Unhappy Population table full", "CO2 Accumulation table full", "City Map full"]
"""Why every player lost: a full table or a full City Map."""
DEFEAT_UNHAPPY: Final = "Unhappy Population table full"
DEFEAT_CO2: Final = "CO2 Accumulation table full"
DEFEAT_MAP: Final = "City Map full"
SURVIVED: Final = N_("the city survived; highest points wins")
CAUSES = (
    N_("Unhappy Population table full"),
    N_("CO2 Accumulation table full"),
    N_("City Map full"),
    SURVIVED,
)
"""The causes an outcome gives: data, kept in English (records, simulations), and marked for the
catalogue so that a front end shows them in its reader's language (``_(outcome.cause)``; the game's
own words say them with :func:`.words.defeat_text`)."""


def card_effects(event: EventCard, kind: str) -> list[Effect]:
    """What an Event card does in a reading: in play (``in_play``), its REQUEST's ``penalty`` or, when
    ``resolved``, its reward."""
    if kind == "in_play":
        return event.in_play().effects
    if kind == "penalty":
        return event.requested().penalty
    return event.requested().reward


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class YearSteps(State[SustainContent, SustainTables]):
    """Steps 1-5 of the round sequence and the effect machinery (the state's base class)."""

    # fields set up by the state (rules.py)
    round: int
    phase: Phase
    first: int
    coins: list[int]
    reserve: int
    track: list[int]
    unhappy: int
    co2: int
    cells: list[str | None]
    people: list[int]
    event_deck: list[str]
    event_discard: list[str]
    requests: list[list[Any]]
    """REQUEST cards on the table: [card id, Coins on it], in the order drawn."""
    lasting: list[list[Any]]
    """Event cards in play: [card id, the Event phases in which it still acts]."""
    drawn: list[str]
    sol_deck: list[str]
    table: list[list[Any]]
    """Solution cards on the table, gray side up: [card id, Coins on it]."""
    final_year: bool
    defeat: Defeat | None
    dept_of: list[int]
    """Each seat's Department (an index of the content's Departments; -1 while it has none)."""
    told: list[tuple[Any, ...]]
    """This year's readings, in order: what the table read aloud in steps 1-5 (each indicator adjusted,
    people arriving, the budget shared, cards in play acting, Solution cards drawn) and the cards it
    adopted or resolved in step 7; kinds and lengths in :data:`.words.READING_SIZES`."""

    # ----- what the table reads aloud ---------------------------------------------------------
    def tell(self, *readings: tuple[Any, ...]) -> None:
        """Keep readings of this year (for the stage) and say them in the log, in order (as
        :meth:`note` does). A line is made once per reading and language: simulations tell every year."""
        told, log, step = self.told, self.log, self.step
        for reading in readings:
            told.append(reading)
            key: tuple[Any, ...] = (reading,)
            if reading[0] == "token":  # the only reading that names a seat
                key += (self.first, self.dept_of[self.first])
            log.append((step, "info", self.kept(key, partial(self._reading_line, reading)), None))

    def say(self, key: tuple[Any, ...], words: Callable[[], str]) -> None:
        """Note a line of the log that the rules say again and again: made by ``words`` once per
        ``key`` and language."""
        self.log.append((self.step, "info", self.kept(key, words), None))

    def kept(self, key: tuple[Any, ...], words: Callable[[], str]) -> Said:
        """A line of the log made by ``words`` once per ``key`` and language, and kept: in each language
        of the game's log (:attr:`Game.tongues`, as :meth:`note` words a line), or else in the
        language being read."""
        lines = self.game.tables.log_lines
        tongues = self.game.tongues
        if not tongues:  # None, or () where nobody reads: the line is kept once made
            full = (LANGUAGE.get(), *key)
            line = lines.get(full)
            if line is None:
                line = lines[full] = words()
            return line
        made: dict[str, str] = {}
        for tongue in tongues:
            full = (tongue, *key)
            found = lines.get(full)
            if found is None:
                with reading_in(tongue):
                    found = lines[full] = words()
            made[tongue] = found
        return made

    def _reading_line(self, reading: tuple[Any, ...]) -> str:
        """The log line of a reading: its step, then what the table says aloud."""
        first = self.tables.departments[self.dept_of[self.first]].name  # seat_name translates it
        card, does = self.card_words(reading)
        text = reading_text(reading, seat_name(self.first, first), card, does)
        return _("{step} \u2014 {reading}").format(step=reading_title(reading[0]), reading=text)

    def card_words(self, reading: Sequence[Any]) -> tuple[str, str]:
        """The card a reading is about (its id and title) and what it does now, in words (empty for
        other readings)."""
        kind = reading[0]
        tables = self.tables
        if kind == "adopted":
            sol = tables.solutions[reading[1]]
            dept = tables.departments[tables.dept_index[sol.points.department]].name if sol.points else ""
            white = {  # as a view carries it: white_side_text translates the names
                "building_name": tables.buildings[sol.building].name if sol.building else None,
                "effects": effect_data(sol.effects),
                "points": {"amount": sol.points.amount, "department_name": dept} if sol.points else None,
            }
            return _("Solution {card} {title}").format(card=sol.id, title=_(sol.title)), white_side_text(
                white
            )
        if kind in ("in_play", "penalty", "resolved"):
            event = tables.events[reading[1]]
            effects = card_effects(event, kind)
            title = _("Event {card} {title}").format(card=event.id, title=_(event.title))
            return title, effects_text(effect_data(effects))
        return "", ""

    # ----- indicators and tables ------------------------------------------------------------
    def move_track(self, index: int, amount: int) -> None:
        """Move a track cube, never beyond its lowest or highest square."""
        self.track[index] = max(0, min(self.tables.top, self.track[index] + amount))

    def mark_unhappy(self, marks: int) -> None:
        """Mark Unhappy Population squares; a full table loses the game at once."""
        size = self.tables.board.unhappy_squares
        self.unhappy = min(size, self.unhappy + marks)
        if self.unhappy >= size and self.defeat is None:
            self.defeat = DEFEAT_UNHAPPY
            self.note(lambda: _("The Unhappy Population table is full: the city is defeated."), kind="event")

    def mark_co2(self, marks: int) -> None:
        """Mark CO2 Accumulation squares; a full table loses the game at once."""
        size = self.tables.board.co2_squares
        self.co2 = min(size, self.co2 + marks)
        if self.co2 >= size and self.defeat is None:
            self.defeat = DEFEAT_CO2
            self.note(lambda: _("The CO2 Accumulation table is full: the city is defeated."), kind="event")

    def housing_free(self) -> int:
        """Free housing spaces on the City Map."""
        b = self.tables.buildings
        free = 0
        for cell, bid in enumerate(self.cells):
            if bid is not None:
                free += b[bid].housing - self.people[cell]
        return free

    def arrive(self, count: int) -> int:
        """New people: each takes a free housing space, or else marks an Unhappy square. Returns how
        many found a home."""
        b = self.tables.buildings
        housed = 0
        for _person in range(count):
            if self.defeat:
                break
            for cell, bid in enumerate(self.cells):
                if bid is not None and self.people[cell] < b[bid].housing:
                    self.people[cell] += 1
                    housed += 1
                    break
            else:
                self.mark_unhappy(1)
        return housed

    def count_category(self, category: str) -> int:
        b = self.tables.buildings
        return sum(1 for bid in self.cells if bid is not None and b[bid].category == category)

    def condition_holds(self, e: Effect) -> bool:
        for cond, below in ((e.if_below, True), (e.if_at_least, False)):
            if cond is None:
                continue
            name, value = cond
            have = (
                self.unhappy
                if name == "unhappy"
                else self.co2
                if name == "co2"
                else (self.track[TRACK_INDEX[name]])
            )
            if (have < value) != below:
                return False
        return True

    def apply_effect(self, e: Effect) -> None:
        """Apply one card or Building effect (if its condition holds)."""
        if self.defeat or not self.condition_holds(e):
            return
        amount = e.amount * (self.count_category(e.per) if e.per else 1)
        t = e.target
        if t in TRACK_INDEX:
            self.move_track(TRACK_INDEX[t], amount)
        elif t == "unhappy":
            self.mark_unhappy(amount)
        elif t == "co2":
            self.mark_co2(amount)
        elif t == "people":
            self.arrive(amount)
        elif t == "budget":
            self.reserve += amount
        elif t == "coins_each":
            for s in range(self.players):
                self.coins[s] += amount

    def apply_effects(self, effects: list[Effect]) -> None:
        for e in effects:
            self.apply_effect(e)

    # ----- the year's automatic steps -----------------------------------------------------------
    def adjust_indicators(self) -> None:
        """Step 1: pass the First Player token left, then read the board top to bottom, left to right
        (told before the CO2 is marked, so that a full table is said after the reading that filled it)."""
        board = self.tables.board
        self.first = (self.first + 1) % self.players
        living = self._read(LIVING, "unhappy_to_living", self.unhappy, board.unhappy_to_living[self.unhappy])
        square = self.track[LIVING]
        attractiveness = self._read(
            ATTRACT, "living_to_attractiveness", square, board.living_to_attractiveness[square]
        )
        transport, pollution = self.track[TRANSPORT], self.track[POLLUTION]
        from_transport, from_pollution = board.transport_to_co2[transport], board.pollution_to_co2[pollution]
        marks = from_transport + from_pollution
        after = min(board.co2_squares, self.co2 + marks)
        co2 = ("co2", transport, from_transport, pollution, from_pollution, self.co2, after)
        if after < board.co2_squares:
            self.tell(
                ("token",),
                living,
                attractiveness,
                co2,
                self._read(LIVING, "co2_to_living", after, board.co2_to_living[after]),
            )
        else:
            self.tell(("token",), living, attractiveness, co2)
        self.mark_co2(marks)

    def _read(self, track: int, reading: str, read: int, change: int) -> tuple[Any, ...]:
        """Move a track by ``change`` (read off the board at ``read``); the reading, to tell."""
        before = self.track[track]
        self.move_track(track, change)
        return (reading, read, change, before, self.track[track])

    def people_increasing(self) -> None:
        """Step 2: population grows with Attractiveness."""
        attractiveness = self.track[ATTRACT]
        arrivals = self.tables.board.growth[attractiveness]
        unhappy = self.unhappy
        housed = self.arrive(arrivals)
        self.tell(("growth", attractiveness, arrivals, housed, self.unhappy - unhappy))

    def share_budget(self, amount: int) -> tuple[int, int, int]:
        """Share ``amount`` plus last year's remainder equally; the remainder waits for next year.
        Returns (the remainder carried in, each player's share, the remainder set aside)."""
        carried = self.reserve
        each, self.reserve = divmod(amount + carried, self.players)
        for s in range(self.players):
            self.coins[s] += each
        return carried, each, self.reserve

    def budget_allocation(self) -> None:
        """Step 3: the budget on the left of the Standard of Living track."""
        living = self.track[LIVING]
        amount = self.tables.board.budget[living]
        self.tell(("budget", living, amount, *self.share_budget(amount)))

    def events(self) -> None:
        """Step 4: cards in play act, then draw until a card says stop."""
        self.drawn = []
        for entry in self.lasting:
            self.tell(("in_play", entry[0], entry[1] - 1))
            self.apply_effects(self.tables.events[entry[0]].in_play().effects)
            entry[1] -= 1
        for done in [e for e in self.lasting if e[1] <= 0]:
            self.lasting.remove(done)
            self.event_discard.append(done[0])
        for entry in self.requests:
            self.tell(("penalty", entry[0]))
            self.apply_effects(self.tables.events[entry[0]].requested().penalty)
        while not self.defeat:
            if not self.event_deck:
                self.final_year = True
                self.note(lambda: _("The Event deck is empty: this is the last year."), kind="event")
                return
            if not self.draw_event():
                return

    def draw_event(self) -> bool:
        """Draw and resolve the top Event card; True when it says to draw another."""
        card_id = self.event_deck.pop(0)
        card = self.tables.events[card_id]
        self.drawn.append(card_id)
        self.note(
            lambda: _("Event {card} {title}: {text}").format(
                card=card_id, title=_(card.title), text=content_text(card.text)
            ),
            kind="event",
        )
        self.apply_effects(card.effects)
        if card.request is not None:
            self.requests.append([card_id, 0])
        elif card.lasting is not None:
            self.lasting.append([card_id, card.lasting.years])
        else:
            self.event_discard.append(card_id)
        if card.ends_game:
            self.final_year = True
        return card.draw_again

    def solutions(self) -> None:
        """Step 5: three Solution cards join the unused ones, gray side up."""
        drawn = 0
        for _card in range(SOLUTIONS_PER_YEAR):
            if self.sol_deck:
                self.table.append([self.sol_deck.pop(0), 0])
                drawn += 1
        self.tell(("solutions", drawn, len(self.table)))
