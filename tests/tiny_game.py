"""A tiny game that exercises the engine (not offered to users).

Counters lie in a pile; seats take turns. Each seat holds a hidden card dealt from a shuffled deck.
On a turn a seat takes 1 or 2 counters, or rolls a die to take that many (at most what is left).
When the pile is empty the seat holding the highest card plus counters taken wins.
A shared "vote" phase at the start lets every seat say ready in any order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from pydantic import Field

from loopcity.engine import (
    ActionSpace,
    GameSpec,
    Handlers,
    NoArgs,
    Option,
    Outcome,
    PositionModel,
    Rng,
    State,
    Variant,
    kind,
)


class Take(NamedTuple):
    n: int


READY = kind("ready", "say you are ready to start")
TAKE = kind("take", "take 1 or 2 counters", Take, n=(1, 2))
ROLL = kind("roll", "roll a die and take that many counters (at most what is left)")
HANDLERS = Handlers["TinyState"]()


class TinyPosition(PositionModel):
    """A Tiny position: who is ready, the pile, the counters taken, the cards and the deck."""

    ready: list[int] = Field(default=[], description="seats (0-based) that said they are ready")
    pile: int = Field(ge=0, description="counters left in the pile")
    taken: list[int] = Field(description="counters each seat has taken")
    turn: int = Field(ge=0, description="the seat (0-based) whose turn it is once all are ready")
    cards: list[int] = Field(description="each seat's hidden card")
    deck: list[int] = Field(description="the cards nobody holds")


class TinyState(State[None, None]):
    def __init__(self, game, seed):
        super().__init__(game, seed)
        n = game.players
        deck = list(range(1, 10))
        self.shuffle(deck, "the card deck")
        self.cards = [deck.pop() for _ in range(n)]
        self.deck = deck
        self.pile = game.options["pile"]
        self.taken = [0] * n
        self.turn = 0
        self.ready: set[int] = set()

    def active_seats(self):
        if len(self.ready) < self.players:
            return tuple(s for s in range(self.players) if s not in self.ready)
        return () if self.pile == 0 else (self.turn,)

    def _legal_actions(self, seat):
        if len(self.ready) < self.players:
            return [READY()]
        return [TAKE(k) for k in (1, 2) if k <= self.pile] + [ROLL()]

    def explain_illegal(self, seat, action):
        if action.kind == TAKE.name and TAKE.read(action).n > self.pile:
            return f"only {self.pile} counter(s) left"
        return None

    handlers = HANDLERS

    @HANDLERS.on(READY)
    def _ready(self, seat: int, a: NoArgs) -> None:
        self.ready.add(seat)

    @HANDLERS.on(TAKE)
    def _take(self, seat: int, a: Take) -> None:
        self._collect(seat, a.n)

    @HANDLERS.on(ROLL)
    def _roll(self, seat: int, a: NoArgs) -> None:
        self._collect(seat, min(self.pile, self.roll(6, "die")))

    def _collect(self, seat: int, k: int) -> None:
        self.pile -= k
        self.taken[seat] += k
        self.turn = (self.turn + 1) % self.players

    def is_terminal(self):
        return self.pile == 0

    def outcome(self):
        if not self.is_terminal():
            return None
        scores = tuple(float(c + t) for c, t in zip(self.cards, self.taken, strict=True))
        best = max(scores)
        return Outcome(True, "pile empty", scores, tuple(s for s, v in enumerate(scores) if v == best))

    def view(self, seat) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "taken": list(self.taken),
            "turn": self.turn,
            "ready": sorted(self.ready),
            "my_card": None if seat is None else self.cards[seat],
            "deck_size": len(self.deck),
        }

    def resample_hidden(self, seat, rng: Rng):
        unseen = sorted(self.deck + [c for s, c in enumerate(self.cards) if s != seat])
        rng.shuffle(unseen)
        for s in range(self.players):
            if s != seat:
                self.cards[s] = unseen.pop()
        self.deck = unseen

    position_model = TinyPosition

    def position(self) -> TinyPosition:
        return TinyPosition(
            ready=sorted(self.ready),
            pile=self.pile,
            taken=self.taken,
            turn=self.turn,
            cards=self.cards,
            deck=self.deck,
        )

    @classmethod
    def from_position(cls, game, fields: TinyPosition) -> TinyState:
        state = cls(game, 0)
        state.ready = set(fields.ready)
        state.pile, state.taken, state.turn = fields.pile, list(fields.taken), fields.turn
        state.cards, state.deck = list(fields.cards), list(fields.deck)
        return state

    def check_invariants(self):
        assert sorted(self.deck + self.cards) == list(range(1, 10)), "cards and deck hold the cards 1-9"
        assert len(self.cards) == len(self.taken) == self.players, "one card and one count per seat"
        assert self.pile + sum(self.taken) == self.game.options["pile"], "counters are in the pile or taken"


SPEC = GameSpec(
    id="tiny",
    title="Tiny",
    description="A test game.",
    min_players=2,
    max_players=4,
    state_class=TinyState,
    action_space=ActionSpace([READY, TAKE, ROLL]),
    cooperative=False,
    hidden_information=True,
    max_steps=200,
    options=(Option("pile", 12, "counters in the pile", minimum=1, maximum=100),),
    variants=(Variant("standard", "12 counters"), Variant("short", "5 counters", {"pile": 5})),
    render_text=lambda v: f"pile {v['pile']}",
)


class ContestState(TinyState):
    """The tiny game as a contest: the highest card plus counters wins, with no team (``team_won``
    None), as a competitive game's outcome has it."""

    def outcome(self):
        ended = super().outcome()
        if ended is None:
            return None
        return Outcome(None, ended.cause, ended.scores, ended.winners)


CONTEST = replace(SPEC, id="tiny_contest", title="Tiny contest", state_class=ContestState)
