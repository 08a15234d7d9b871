"""The automatic steps of a year (1 adjust the indicators, 2 people increasing, 3 budget
allocation, 4 events, 5 solutions) and the effects that cards and Buildings have on the city.

Written as a mixin of :class:`~loopcity.games.sustain.rules.SustainState`: these methods change
the state's plain-data fields and stop at once when the city is defeated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import Effect

if TYPE_CHECKING:
    from .lookup import Lookup

TRACK_INDEX = {"standard_of_living": 0, "attractiveness": 1, "sustainable_transport": 2, "pollution": 3}
LIVING, ATTRACT, TRANSPORT, POLLUTION = 0, 1, 2, 3
SOLUTIONS_PER_YEAR = 3

DEFEAT_UNHAPPY = "Unhappy Population table full"
DEFEAT_CO2 = "CO2 Accumulation table full"
DEFEAT_MAP = "City Map full"


class YearSteps:
    """Steps 1-5 of the round sequence and the effect machinery (mixed into the state)."""

    # fields provided by the state
    players: int
    round: int
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
    requests: list[list]
    lasting: list[list]
    drawn: list[str]
    sol_deck: list[str]
    table: list[list]
    final_year: bool
    defeat: str | None

    if TYPE_CHECKING:

        @property
        def lk(self) -> Lookup:
            """The content's lookup tables (a read-only property of the state)."""

        def note(self, text: str, seats: object = None, kind: str = "info") -> None: ...

    # ----- indicators and tables ------------------------------------------------------------
    def move_track(self, index: int, amount: int) -> None:
        """Move a track cube, never beyond its lowest or highest square."""
        self.track[index] = max(0, min(self.lk.top, self.track[index] + amount))

    def mark_unhappy(self, marks: int) -> None:
        """Mark Unhappy Population squares; a full table loses the game at once."""
        size = self.lk.board.unhappy_squares
        self.unhappy = min(size, self.unhappy + marks)
        if self.unhappy >= size and self.defeat is None:
            self.defeat = DEFEAT_UNHAPPY
            self.note("The Unhappy Population table is full: the city is defeated.")

    def mark_co2(self, marks: int) -> None:
        """Mark CO2 Accumulation squares; a full table loses the game at once."""
        size = self.lk.board.co2_squares
        self.co2 = min(size, self.co2 + marks)
        if self.co2 >= size and self.defeat is None:
            self.defeat = DEFEAT_CO2
            self.note("The CO2 Accumulation table is full: the city is defeated.")

    def housing_free(self) -> int:
        """Free housing spaces on the City Map."""
        b = self.lk.buildings
        free = 0
        for cell, bid in enumerate(self.cells):
            if bid is not None:
                free += b[bid].housing - self.people[cell]
        return free

    def arrive(self, count: int) -> None:
        """New people: each takes a free housing space, or else marks an Unhappy square."""
        b = self.lk.buildings
        for _ in range(count):
            if self.defeat:
                return
            for cell, bid in enumerate(self.cells):
                if bid is not None and self.people[cell] < b[bid].housing:
                    self.people[cell] += 1
                    break
            else:
                self.mark_unhappy(1)

    def count_category(self, category: str) -> int:
        b = self.lk.buildings
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
        """Step 1: pass the First Player token left, then read the board top to bottom, left to right."""
        board = self.lk.board
        self.first = (self.first + 1) % self.players
        self.move_track(LIVING, board.unhappy_to_living[self.unhappy])
        self.move_track(ATTRACT, board.living_to_attractiveness[self.track[LIVING]])
        self.mark_co2(
            board.transport_to_co2[self.track[TRANSPORT]] + board.pollution_to_co2[self.track[POLLUTION]]
        )
        if not self.defeat:
            self.move_track(LIVING, board.co2_to_living[self.co2])

    def people_increasing(self) -> None:
        """Step 2: population grows with Attractiveness."""
        self.arrive(self.lk.board.growth[self.track[ATTRACT]])

    def share_budget(self, amount: int) -> None:
        """Share ``amount`` plus last year's remainder equally; the remainder waits for next year."""
        pool = amount + self.reserve
        each, self.reserve = divmod(pool, self.players)
        for s in range(self.players):
            self.coins[s] += each
        self.note(f"Budget: {pool} Coins, {each} to each player, {self.reserve} set aside.")

    def budget_allocation(self) -> None:
        """Step 3: the budget on the left of the Standard of Living track."""
        self.share_budget(self.lk.board.budget[self.track[LIVING]])

    def events(self) -> None:
        """Step 4: cards in play act, then draw until a card says stop."""
        self.drawn = []
        for entry in self.lasting:
            self.apply_effects(self.lk.events[entry[0]].lasting.effects)  # type: ignore[union-attr]
            entry[1] -= 1
        for done in [e for e in self.lasting if e[1] <= 0]:
            self.lasting.remove(done)
            self.event_discard.append(done[0])
        for entry in self.requests:
            self.apply_effects(self.lk.events[entry[0]].request.penalty)  # type: ignore[union-attr]
        while not self.defeat:
            if not self.event_deck:
                self.final_year = True
                self.note("The Event deck is empty: this is the last year.")
                return
            if not self.draw_event():
                return

    def draw_event(self) -> bool:
        """Draw and resolve the top Event card; True when it says to draw another."""
        card_id = self.event_deck.pop(0)
        card = self.lk.events[card_id]
        self.drawn.append(card_id)
        self.note(f"Event {card_id} {card.title}: {card.text}", kind="event")
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
        for _ in range(SOLUTIONS_PER_YEAR):
            if self.sol_deck:
                self.table.append([self.sol_deck.pop(0), 0])
