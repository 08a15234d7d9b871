"""A tiny game that exercises the engine (not offered to users).

Counters lie in a pile; seats take turns. Each seat holds a hidden card dealt from a shuffled deck.
On a turn a seat takes 1 or 2 counters, or rolls a die to take that many (at most what is left).
When the pile is empty the seat holding the highest card plus counters taken wins.
A shared "vote" phase at the start lets every seat say ready in any order.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action, ActionSpace, GameSpec, Option, Outcome, Rng, State, Variant, kind


class TinyState(State):
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
            return [Action("ready")]
        return [Action("take", (k,)) for k in (1, 2) if k <= self.pile] + [Action("roll")]

    def explain_illegal(self, seat, action):
        if action.kind == "take" and action.args[0] > self.pile:
            return f"only {self.pile} counter(s) left"
        return None

    def _apply(self, seat, action):
        if action.kind == "ready":
            self.ready.add(seat)
            return
        k = action.args[0] if action.kind == "take" else min(self.pile, self.roll(6, "die"))
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

    def check_invariants(self):
        assert sorted(self.deck + self.cards) == list(range(1, 10))
        assert self.pile + sum(self.taken) == self.game.options["pile"]


SPEC = GameSpec(
    id="tiny",
    title="Tiny",
    description="A test game.",
    min_players=2,
    max_players=4,
    state_class=TinyState,
    action_space=ActionSpace([kind("ready"), kind("take", n=(1, 2)), kind("roll")]),
    cooperative=False,
    hidden_information=True,
    max_steps=200,
    options=(Option("pile", 12, "counters in the pile", minimum=1, maximum=100),),
    variants=(Variant("standard", "12 counters"), Variant("short", "5 counters", {"pile": 5})),
    render_text=lambda v: f"pile {v['pile']}",
)
