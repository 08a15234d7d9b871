"""Waste What? rules: setup, the skill draft, rounds, rent, win and loss (section numbers of the rulebook).

The shared phase in which the two initiatives deal with the waste cards lives in :mod:`.dealing`; this
module holds the state's fields, the setup (sections 1-2), the start of a round (section 3), the end
of a round (section 4) and the outcome. Both seats are active in the shared phase: either player may
act, and the log names who acted and whose skills and storage were used.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action, Game, Outcome, Rng, State

from .content import SKILL_ORDER, EventCard, Tables, WasteWhatContent
from .dealing import Dealing
from .explain import explain
from .views import make_view


def content_of(game: Game) -> WasteWhatContent:
    """The game's content with its type."""
    content = game.content
    assert isinstance(content, WasteWhatContent)
    return content


class WasteWhatState(Dealing, State):
    """A game of Waste What? for 2 players (or 2 teams)."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        content = content_of(game)
        rules = content.rules
        t = content.tables
        just = game.options["just_waste"]
        self.round = 1
        self.result: str | None = None
        self.won = False
        self.cash = [rules.start_money] * game.players
        self.sell_money = min(rules.sell_slots, rules.money_tokens - rules.start_money * game.players)
        self.bank = rules.money_tokens - sum(self.cash) - self.sell_money
        self.co2 = 0
        in_game = t.n_waste + min(just, t.n_just)  # the first `just` Just Waste cards
        self.deck = list(range(in_game))
        self.box = list(range(in_game, t.first_combo))
        self.blanks = list(range(t.first_combo, t.n_cards))
        self.table: list[int] = []
        self.storage: list[list[int]] = [[] for _ in range(game.players)]
        self.fresh: set[int] = set()
        self.bin: list[int] = []
        self.sell: list[int] = []
        self.donate: list[int] = []
        self.burn: list[int] = []
        self.removed: list[int] = []
        self.combos: dict[int, dict[str, Any]] = {}
        self.work: dict[str, Any] | None = None
        self.pending: str | None = None
        self.rejected: set[int] = set()
        self.used: set[str] = set()
        self.recycled = 0
        self.reused = 0
        self.combos_made = 0
        self.event: str | None = None
        self.event_deck = [e.id for e in content.events]
        self.shuffle(self.event_deck, "Event deck")
        self._setup_skills(rules.start_level)

    # ----- section 1: the skill draft -----------------------------------------------------------
    def _setup_skills(self, start_level: int) -> None:
        """Shuffle the 7 Skill cards, remove one unseen, then draft (or, in a first game, deal)."""
        skills = [s.id for s in content_of(self.game).skills]
        self.shuffle(skills, "Skill cards")
        self.removed_skill = skills.pop()
        self.note("One Skill card is removed from the game unseen")
        self.owner: dict[str, int] = {}
        self.level: dict[str, int] = {}
        self.start_level = start_level
        self.draft_turn = 0
        if self.game.options["first_game"]:
            for i, skill in enumerate(skills):
                self._take_skill(i % self.players, skill)
            self.draft_pool: list[str] = []
            self._start_round()
        else:
            self.draft_pool = sorted(skills, key=SKILL_ORDER.index)

    def _take_skill(self, seat: int, skill: str) -> None:
        self.owner[skill] = seat
        self.level[skill] = self.start_level
        self.note(f"P{seat + 1} takes the {self.skill_name(skill)} Skill card (level {self.start_level})")

    def _choose(self, seat: int, skill: str) -> None:
        self.draft_pool.remove(skill)
        self._take_skill(seat, skill)
        self.draft_turn = 1 - seat
        if not self.draft_pool:
            self._start_round()

    # ----- section 3: beginning a new round -----------------------------------------------------
    def _start_round(self) -> None:
        """Shuffle the Waste deck, draw an Event from round 2, draw the Waste cards face up."""
        self.note(f"Round {self.round} begins")
        self.shuffle(self.deck, "Waste deck")
        self.event = None
        if self.round >= 2 and self.event_deck:
            self.event = self.event_deck.pop()
            ev = self.event_card()
            assert ev is not None
            self.note(f"Event: {ev.name}: {ev.text}", kind="event")
            self._event_now(ev)
        rules = content_of(self.game).rules
        ev = self.event_card()
        extra = ev.amount if ev is not None and ev.effect == "extra_waste" else 0
        n = min(len(self.deck), max(0, rules.waste_per_round + extra))
        for _ in range(n):
            self.table.append(self.deck.pop())
        self.note("Waste on the table: " + ", ".join(self.card_label(c) for c in self.table))

    def _event_now(self, ev: EventCard) -> None:
        """The effects of an Event card that happen when it is drawn."""
        if ev.effect == "grant":
            for p in range(self.players):
                got = min(ev.amount, self.bank)
                self.bank -= got
                self.cash[p] += got
                self.note(f"P{p + 1} takes {got} money from the bank")
        elif ev.effect == "tax":
            for p in range(self.players):
                paid = min(ev.amount, self.cash[p])
                self.cash[p] -= paid
                self.bank += paid
                self.note(f"P{p + 1} pays {paid} money to the bank")
        elif ev.effect == "train" and self._trainable():
            self.pending = "train"

    def event_card(self) -> EventCard | None:
        """The Event card of this round, if any."""
        return None if self.event is None else self.tables.events[self.event]

    # ----- section 4: ending the round ----------------------------------------------------------
    def rent_due(self, seat: int) -> int:
        """Rent: 1 for no or one stored card, else one per stored card (plus this round's event)."""
        rent = max(1, len(self.storage[seat]))
        ev = self.event_card()
        if ev is not None and ev.effect == "rent":
            rent = max(0, rent + ev.amount)
        return rent

    def _end_round(self) -> None:
        """Empty the Recycle Bin into the deck, pay rent, move the round counter (or win after the last)."""
        self.deck.extend(self.bin)
        self.bin.clear()
        for p in range(self.players):
            rent = self.rent_due(p)
            if self.cash[p] < rent:
                self.note(f"P{p + 1} cannot pay the rent of {rent} (has {self.cash[p]})")
                self.result = f"P{p + 1} could not pay the rent"
                return
            self.cash[p] -= rent
            self.bank += rent
            self.note(f"P{p + 1} pays {rent} rent")
        if self.round >= content_of(self.game).rules.rounds:
            self.won = True
            self.result = f"made it through all {self.round} rounds"
            self.note("The initiatives made it through every round: you win!")
            return
        self.round += 1
        self.used.clear()
        self.recycled = 0
        self.rejected.clear()
        self.fresh.clear()
        self._start_round()

    # ----- the engine's hooks ------------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        if self.draft_pool:
            return (self.draft_turn,)
        return ALL_SEATS[self.game.players]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.draft_pool:
            return [_CHOOSE[s] for s in self.draft_pool]
        return self.dealing_actions()

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind == "choose":
            self._choose(seat, str(action.args[0]))
        elif action.kind == "end_round":
            self._end_round()
        else:
            self.apply_dealing(seat, action)

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        return explain(self, action)

    def describe(self, seat: int, action: Action) -> str:
        lines = _DESCRIBED.get(action)
        if lines is None:
            lines = _DESCRIBED[action] = (f"P1: {action}", f"P2: {action}")
        return lines[seat]

    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        score = float(self.reused)
        winners = tuple(range(self.players)) if self.won else ()
        return Outcome(self.won, self.result, (score,) * self.players, winners)

    def view(self, seat: int | None) -> dict[str, Any]:
        return make_view(self, seat)

    def resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """The order of the Waste and Event decks is hidden from everyone; redraw it.

        The removed Skill card is never shown, but it is the one Skill card missing from the six
        on offer, so every player can deduce it; it stays as it is.
        """
        self.deck.sort()  # sorted first: the redraw depends on what the seat sees alone
        rng.shuffle(self.deck)
        self.event_deck.sort()
        rng.shuffle(self.event_deck)

    def check_invariants(self) -> None:
        """Every card lies in exactly one place; the 10 money tokens and 3 CO2 tokens are all there."""
        t = self.tables
        rules = content_of(self.game).rules
        places = self.deck + self.table + self.storage[0] + self.storage[1] + self.bin + self.sell
        places += self.donate + self.burn + self.removed + self.blanks + self.box
        if self.work is not None:
            places += self.work["cards"]
        assert sorted(places) == list(range(t.n_cards)), "a card is missing or in two places"
        assert sum(self.cash) + self.bank + self.sell_money == rules.money_tokens, "money tokens"
        assert min(self.cash) >= 0 and self.bank >= 0
        assert 0 <= self.co2 <= rules.co2_tokens
        assert len(self.burn) < rules.burn_slots
        assert len(self.sell) < rules.sell_slots or len(self.donate) < rules.donate_slots
        assert set(self.combos) == set(range(t.first_combo, t.n_cards)) - set(self.blanks)
        for skill, lvl in self.level.items():
            assert rules.start_level <= lvl <= rules.max_skill_level, skill
        assert self.removed_skill not in self.owner
        assert self.fresh <= set(self.storage[0]) | set(self.storage[1])

    # ----- names for the log ---------------------------------------------------------------------
    @property
    def tables(self) -> Tables:
        return content_of(self.game).tables

    def skill_name(self, skill: str) -> str:
        return self.tables.skill_names[skill]


ALL_SEATS = {1: (0,), 2: (0, 1)}
_CHOOSE = {s: Action("choose", (s,)) for s in SKILL_ORDER}
_DESCRIBED: dict[Action, tuple[str, str]] = {}
"""The log line of each action for seat 1 and seat 2 (it depends on the action alone; at most one
entry for each of the action space's few thousand actions, since only valid actions are described)."""
