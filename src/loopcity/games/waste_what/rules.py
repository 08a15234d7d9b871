"""Waste What? rules: setup, the skill draft, rounds, rent, win and loss (section numbers of the rulebook).

The shared phase in which the two initiatives deal with the waste cards lives in :mod:`.dealing`; this
module holds the setup (sections 1-2), the start of a round (section 3), the end of a round
(section 4), the outcome and the invariants. In the shared phase each player still at work is active
and acts on what is their own; what uses the partner's things is put to the partner, and the round
ends when both players are done (:mod:`.together`). Labels, log lines and prompts are in
:mod:`.texts`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from loopcity.engine import Action, NoArgs, Outcome, Rng, State
from loopcity.engine.risk import Need
from loopcity.engine.text import _, ngettext

from .actions import ACTION_SPACE, CHOOSE, END_ROUND, Choose
from .base import WasteWhatGame, deck_and_box
from .content import SKILL_ORDER, EventCard
from .dealing import Dealing
from .explain import explain
from .handlers import HANDLERS, shuffle
from .position import WasteWhatPosition, read_fields, write_fields
from .texts import TEXTS, log_line, prompt
from .together import VOTES, needs_consent, open_choices, put_to_partner, question_seats
from .views import make_view
from .words import player, result_words


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class WasteWhatState(Dealing):
    """A game of Waste What? for 2 players (or 2 teams)."""

    handlers = HANDLERS
    texts = TEXTS
    position_model = WasteWhatPosition

    def __init__(self, game: WasteWhatGame, seed: int) -> None:
        super().__init__(game, seed)
        rules = game.content.rules
        t = game.tables
        self.round = 1
        self.result = None
        self.won = False
        self.cash = [rules.start_money] * game.players
        self.sell_money = rules.sell_slots  # 1 money on each Sell slot: content checks there are enough
        self.bank = rules.money_tokens - sum(self.cash) - self.sell_money
        self.co2 = 0
        self.deck, self.box = deck_and_box(game)
        self.blanks = list(range(t.first_combo, t.n_cards))
        self.table = []
        self.storage = [[] for _ in range(game.players)]
        self.fresh = set()
        self.bin = []
        self.sell = []
        self.donate = []
        self.burn = []
        self.removed = []
        self.combos = {}
        self.work = None
        self.pending = None
        self.rejected = set()
        self.used = set()
        self.recycled = 0
        self.reused = 0
        self.combos_made = 0
        self.event = None
        self.done = [False] * game.players
        self.ballot = None
        self.declined = set()
        self.staged = []
        self.event_deck = [e.id for e in game.content.events]
        shuffle(self, self.event_deck, lambda: _("Event deck shuffled"))
        self._setup_skills(rules.start_level)

    # ----- section 1: the skill draft -----------------------------------------------------------
    def _setup_skills(self, start_level: int) -> None:
        """Shuffle the 7 Skill cards, remove one unseen, then draft (or, in a first game, deal)."""
        skills: list[str] = [s.id for s in self.content.skills]
        shuffle(self, skills, lambda: _("Skill cards shuffled"))
        self.removed_skill = skills.pop()
        self.note(lambda: _("One Skill card is removed from the game unseen"))
        self.owner = {}
        self.level = {}
        self.start_level = start_level
        self.draft_turn = 0
        if self.game.options["first_game"]:
            for i, skill in enumerate(skills):
                self._take_skill(i % self.players, skill)
            self.draft_pool = []
            self._start_round()
        else:
            self.draft_pool = sorted(skills, key=SKILL_ORDER.index)

    def _take_skill(self, seat: int, skill: str) -> None:
        self.owner[skill] = seat
        self.level[skill] = self.start_level
        if self.game.options["first_game"]:
            self.note(
                lambda: _("{player} is dealt the {skill} Skill card (level {level})").format(
                    player=player(seat), skill=self.skill_name(skill), level=self.start_level
                )
            )

    @HANDLERS.on(CHOOSE)
    def _choose(self, seat: int, a: Choose) -> None:
        """Take a Skill card in the draft; the other player chooses next."""
        self.draft_pool.remove(a.skill)
        self._take_skill(seat, a.skill)
        self.draft_turn = 1 - seat
        if not self.draft_pool:
            self._start_round()

    # ----- section 3: beginning a new round -----------------------------------------------------
    def _start_round(self) -> None:
        """Shuffle the Waste deck, draw an Event from round 2, draw the Waste cards face up."""
        self.note(
            lambda: _("Round {round} of {rounds} begins").format(round=self.round, rounds=self.rules().rounds)
        )
        shuffle(self, self.deck, lambda: _("Waste deck shuffled"))
        self.event = None
        self.staged = []
        if self.round >= 2 and self.event_deck:
            self.event = self.event_deck.pop()
            ev = self.tables.events[self.event]
            self.note(
                lambda: _("Event: {name}: {text}").format(name=_(ev.name), text=_(ev.text)), kind="event"
            )
            self._event_now(ev)
        rules = self.rules()
        ev_now = self.event_card()
        extra = ev_now.amount if ev_now is not None and ev_now.effect == "extra_waste" else 0
        n = min(len(self.deck), max(0, rules.waste_per_round + extra))
        for _card in range(n):
            self.table.append(self.deck.pop())
        self.note(
            lambda: _("Waste on the table: {cards}").format(
                cards=", ".join(self.card_name(c) for c in self.table)
            )
        )

    def _event_now(self, ev: EventCard) -> None:
        """The effects of an Event card that happen when it is drawn."""
        if ev.effect == "grant":
            for p in range(self.players):
                got = min(ev.amount, self.bank)
                self.bank -= got
                self.cash[p] += got
                self.note(_takes_from_bank(p, got))
        elif ev.effect == "tax":
            for p in range(self.players):
                paid = min(ev.amount, self.cash[p])
                self.cash[p] -= paid
                self.bank += paid
                self.note(_pays_to_bank(p, paid))
        elif ev.effect == "train" and self._trainable():
            self.pending = "train"

    # ----- section 4: ending the round ----------------------------------------------------------
    @HANDLERS.on(END_ROUND)
    def _end_round(self, seat: int, a: NoArgs) -> None:
        """A player is done this round; when both are, empty the Recycle Bin into the deck, pay rent and
        move the round counter (or win after the last)."""
        self.done[seat] = True
        if not all(self.done):
            return
        self.deck.extend(self.bin)
        self.bin.clear()
        for p in range(self.players):
            rent = self.rent_due(p)
            if self.cash[p] < rent:
                self.note(_cannot_pay(p, rent, self.cash[p]), kind="event")
                self.result = f"P{p + 1} could not pay the rent"
                return
            self.cash[p] -= rent
            self.bank += rent
            self.note(_pays_rent(p, rent))
        if self.round >= self.rules().rounds:
            self.won = True
            self.result = f"made it through all {self.round} rounds"
            self.note(
                lambda: _("The initiatives made it through every round: you win together!"), kind="event"
            )
            return
        self.round += 1
        self.used.clear()
        self.recycled = 0
        self.rejected.clear()
        self.fresh.clear()
        self.declined.clear()
        self.done = [False] * self.players
        self._start_round()

    # ----- the engine's hooks ------------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        """The seat choosing in the draft; in the rounds, the partner an offer waits for, the player
        at work in the work area, who may propose on the table's open question, or else the players
        not yet done (read from the fields that make the phase: this runs twice a step)."""
        if self.result is not None:
            return ()
        if self.draft_pool:
            return (self.draft_turn,)
        if self.ballot is not None:
            return (self.ballot["asked"][0],)
        if self.work is not None:
            return (self.work["by"],)
        if self.pending is not None:
            return question_seats(self)
        first, second = self.done
        if first:
            return () if second else (1,)
        return (0,) if second else (0, 1)

    def _legal_actions(self, seat: int) -> list[Action]:
        match self.phase:
            case "play":
                if self.ballot is not None:
                    return list(VOTES)
                if self.pending is not None:
                    return open_choices(self, self.dealing_actions())
                actions = self.dealing_actions()
                if self.work is None and (not self.table or not self.done[1 - seat]):
                    actions.append(_END_ROUND)
                if self.declined:
                    refused = {id(_action(text)) for s, text in self.declined if s == seat}
                    if refused:
                        actions = [a for a in actions if id(a) not in refused]
                return actions
            case "draft":
                return [_CHOOSE[s] for s in self.draft_pool]
            case "over":
                return []

    def _apply(self, seat: int, action: Action) -> None:
        """Carry out the action, or put it to the partner first when it uses their things or proposes
        the table's choice (:mod:`.together`)."""
        if needs_consent(self, seat, action):
            put_to_partner(self, seat, action)
        else:
            HANDLERS.apply(self, seat, action)

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        return explain(self, seat, action)

    def describe(self, seat: int, action: Action) -> str:
        """The log line: what the player did, asked for or proposed, in words that read the same for
        everyone."""
        return log_line(self, seat, action)

    def seat_name(self, seat: int) -> str:
        return player(seat)

    def prompt(self, seat: int | None) -> str:
        return prompt(self, seat)

    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        score = float(self.reused)
        winners = tuple(range(self.players)) if self.won else ()
        return Outcome(self.won, self.result, (score,) * self.players, winners)

    def ending(self) -> str:
        return result_words(self) if self.result is not None else ""

    def next_costs(self, reader: int) -> list[Need]:
        """The rent each player pays at the end of the round from their Cash Box (section 4): a player
        who cannot pay it loses the game for both. Worded for ``reader`` (engine/risk.py warns before an
        action leaves a rent unpaid)."""
        out = []
        for p in range(self.players):
            cash, rent = self.cash[p], self.rent_due(p)
            if p == reader:
                text = ngettext(
                    "you will hold {cash} money and owe {rent} rent at the end of the round",
                    "you will hold {cash} money and owe {rent} rent at the end of the round",
                    cash,
                )
            else:
                text = ngettext(
                    "{player} will hold {cash} money and owe {rent} rent at the end of the round",
                    "{player} will hold {cash} money and owe {rent} rent at the end of the round",
                    cash,
                )
            out.append(Need(p, cash, rent, text.format(player=player(p), cash=cash, rent=rent)))
        return out

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

    # ----- positions --------------------------------------------------------------------------
    def position(self) -> WasteWhatPosition:
        """This state as a readable position (see :mod:`.position`)."""
        return write_fields(self)

    @classmethod
    def from_position(cls, game: WasteWhatGame, fields: WasteWhatPosition) -> WasteWhatState:
        """A state set up from a position; the fields it derives (the box of unused Just Waste
        cards, the count of cards recycled this round, the start level) are computed anew."""
        state = cls.blank()
        State.__init__(state, game, 0)
        read_fields(state, fields)
        return state

    # ----- invariants -------------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Every card lies in exactly one place; every money and CO2 token is somewhere; the slots,
        skills and draft are as the rules leave them."""
        self._check_cards()
        self._check_tokens()
        self._check_skills()
        self._check_round()

    def places(self) -> list[tuple[str, list[int]]]:
        """Every place a card can lie in, by name."""
        places = [
            ("the Waste deck", self.deck),
            ("the table", self.table),
            *((f"P{p + 1}'s Storage", cards) for p, cards in enumerate(self.storage)),
            ("the Recycle Bin", self.bin),
            ("the Sell slots", self.sell),
            ("the Donate slots", self.donate),
            ("the Burn slots", self.burn),
            ("out of the game", self.removed),
            ("the blank Combo cards", self.blanks),
            ("the box (Just Waste this difficulty leaves out)", self.box),
        ]
        if self.work is not None:
            places.append(("the work area", self.work["cards"]))
        return places

    def _check_cards(self) -> None:
        t = self.tables
        seen: dict[int, list[str]] = {}
        for name, cards in self.places():
            for c in cards:
                seen.setdefault(c, []).append(name)
        twice = {c: where for c, where in seen.items() if len(where) > 1}
        assert not twice, "a card is in two places: " + "; ".join(
            f"card {c} in {' and '.join(w)}" for c, w in sorted(twice.items())
        )
        unknown = sorted(c for c in seen if not 0 <= c < t.n_cards)
        assert not unknown, f"no such card: {unknown} (cards are numbered 0 to {t.n_cards - 1})"
        missing = sorted(set(range(t.n_cards)) - set(seen))
        counts = " + ".join(f"{name} {len(cards)}" for name, cards in self.places() if cards)
        assert not missing, (
            f"a card is missing: the game holds {t.n_cards} cards: {counts} = {len(seen)}; missing {missing}"
        )
        combo_ids = set(range(t.first_combo, t.n_cards))
        assert set(self.combos) == combo_ids - set(self.blanks), (
            f"the filled-out Combo cards {sorted(self.combos)} must be the Combo cards that are not "
            f"blank: {sorted(combo_ids - set(self.blanks))}"
        )
        stored = set(self.storage[0]) | set(self.storage[1])
        assert self.fresh <= stored, (
            f"cards stored this round must be in a Storage: {sorted(self.fresh - stored)}"
        )
        assert self.result is not None or self.recycled == len(self.bin), (
            f"{self.recycled} cards recycled this round, but {len(self.bin)} on the Recycle Bin"
        )

    def _check_tokens(self) -> None:
        rules = self.rules()
        money = sum(self.cash) + self.bank + self.sell_money
        cash = " + ".join(str(c) for c in self.cash)
        assert money == rules.money_tokens, (
            f"the game holds {rules.money_tokens} money tokens: Cash Boxes {cash} + bank {self.bank} "
            f"+ Sell slots {self.sell_money} = {money}"
        )
        assert min(self.cash) >= 0 and self.bank >= 0, "no Cash Box or bank holds less than 0 money"
        assert 0 <= self.sell_money <= rules.sell_slots, (
            f"at most 1 money on each of the {rules.sell_slots} Sell slots"
        )
        assert 0 <= self.co2 <= rules.co2_tokens, f"{self.co2} CO2 tokens released of {rules.co2_tokens}"
        if self.co2 == rules.co2_tokens:
            assert self.result is not None, "the last CO2 token is released: the game is lost"
        assert len(self.burn) < rules.burn_slots, f"{len(self.burn)} cards on {rules.burn_slots} Burn slots"
        assert len(self.sell) <= rules.sell_slots, f"{len(self.sell)} cards on {rules.sell_slots} Sell slots"
        assert len(self.donate) <= rules.donate_slots, (
            f"{len(self.donate)} cards on {rules.donate_slots} Donate slots"
        )
        assert len(self.sell) < rules.sell_slots or len(self.donate) < rules.donate_slots, (
            "all Sell and Donate slots are full: they reset at once"
        )

    def _check_skills(self) -> None:
        rules = self.rules()
        for skill, lvl in self.level.items():
            assert rules.start_level <= lvl <= rules.max_skill_level, (
                f"{self.skill_name(skill)} at level {lvl}: levels go from {rules.start_level} "
                f"to {rules.max_skill_level}"
            )
        assert set(self.level) == set(self.owner), "every Skill card in play has a level"
        assert self.removed_skill not in self.owner, "the removed Skill card is not in play"
        skills = Counter([*self.owner, *self.draft_pool, self.removed_skill])
        assert skills == Counter(SKILL_ORDER), (
            "the 7 Skill cards are each held, on offer in the draft, or removed: "
            f"held {sorted(self.owner)}, on offer {self.draft_pool}, removed {self.removed_skill}"
        )
        assert self.used <= set(self.owner), (
            f"used Skill cards must be in play: {sorted(self.used - set(self.owner))}"
        )

    def _check_round(self) -> None:
        rules = self.rules()
        assert 1 <= self.round <= rules.rounds, f"round {self.round} of {rules.rounds}"
        assert self.event is None or self.event in self.tables.events, f"no Event card {self.event!r}"
        unknown = [e for e in self.event_deck if e not in self.tables.events]
        assert not unknown, f"no Event cards {unknown}"
        assert len(set(self.event_deck)) == len(self.event_deck), "an Event card is twice in the Event deck"
        assert self.event not in self.event_deck, "this round's Event card is also in the Event deck"
        if self.pending == "co2_money":
            assert self.bank > 0, "the CO2 money comes from the bank, which is empty"
        if self.result is None and self.phase == "play":
            assert not all(self.done), "when both players are done the round ends"
        if self.ballot is not None:
            asked = self.ballot["asked"]
            assert len(asked) == 1 and asked[0] != self.ballot["by"], "an offer goes to the partner"
            assert self.work is None or self.work["kind"] == "combo", "only a combo waits for consent in work"
        if self.work is not None:
            assert self.pending is None, "a decision and a card in the work area cannot wait at once"
            unused = set(self.work.get("skills", [])) - self.used
            assert not unused, f"the Skill cards used in the work area count as used: {sorted(unused)}"


# ----- log lines of one player (each bound to its player and numbers: the log words it in every language)
def _takes_from_bank(p: int, n: int) -> Callable[[], str]:
    return lambda: _("{player} takes {n} money from the bank").format(player=player(p), n=n)


def _pays_to_bank(p: int, n: int) -> Callable[[], str]:
    return lambda: _("{player} pays {n} money to the bank").format(player=player(p), n=n)


def _cannot_pay(p: int, rent: int, cash: int) -> Callable[[], str]:
    return lambda: _("{player} cannot pay the rent of {rent} (has {cash}): the initiatives lose").format(
        player=player(p), rent=rent, cash=cash
    )


def _pays_rent(p: int, rent: int) -> Callable[[], str]:
    return lambda: _("{player} pays {rent} rent").format(player=player(p), rent=rent)


_CHOOSE = {s: CHOOSE(s) for s in SKILL_ORDER}
"""The kind's action of each Skill card, looked up in the draft's legal-action list."""
_END_ROUND = END_ROUND()


def _action(text: str) -> Action:
    """The kind's own (shared) action of a text form, as legal-action lists hold it."""
    action = _PARSED.get(text)
    if action is None:
        parsed = Action.parse(text)
        action = _PARSED[text] = ACTION_SPACE.kind(parsed.kind)(*parsed.args)
    return action


_PARSED: dict[str, Action] = {}
"""The shared action of each text form met in ``declined`` (at most one per action of the space)."""
