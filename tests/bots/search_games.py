"""Two small deterministic games with known best play, for testing the search bots.

- ``nim``: a pile of counters; seats take 1, 2 or 3 in turn; whoever takes the last counter wins.
  From a pile that is not a multiple of 4 the mover wins by leaving a multiple of 4.
- ``commons``: a shared stock; each seat takes 0, 1 or 2 on its turn for ``turns`` turns each. The team
  loses when the stock ends below ``reserve``; otherwise each seat scores what it took. Greedy seats
  sink the team; a seat playing for its score with the team's loss as the worst result does not.
- ``wager``: one seat names a number 0..5, then a die is rolled; the team wins when the roll is above
  the number. Naming 0 always wins; its ``heuristic`` bot always names 3 (wins half the time).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from loopcity.engine import Action, ActionSpace, GameSpec, Option, Outcome, State, kind


class Take(NamedTuple):
    n: int


class NimState(State):
    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.pile = game.options["pile"]
        self.turn = 0
        self.last = -1

    def active_seats(self):
        return () if self.pile == 0 else (self.turn,)

    def _legal_actions(self, seat):
        return [Action("take", (k,)) for k in (1, 2, 3) if k <= self.pile]

    def _apply(self, seat, action):
        self.pile -= action.args[0]
        self.last = seat
        self.turn = 1 - seat

    def is_terminal(self):
        return self.pile == 0

    def outcome(self):
        if self.pile:
            return None
        scores = tuple(1.0 if s == self.last else 0.0 for s in range(2))
        return Outcome(True, "last counter taken", scores, (self.last,))

    def view(self, seat) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn, "round": 0, "active_seats": list(self.active_seats())}


NIM = GameSpec(
    id="nim",
    title="Nim",
    description="Take 1-3 counters; the last one wins.",
    min_players=2,
    max_players=2,
    state_class=NimState,
    action_space=ActionSpace([kind("take", "", Take, n=(1, 2, 3))]),
    cooperative=False,
    max_steps=100,
    options=(Option("pile", 10, "counters in the pile"),),
)


class CommonsState(State):
    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.stock = game.options["stock"]
        self.taken = [0] * game.players
        self.turns_left = game.options["turns"] * game.players
        self.turn = 0

    def active_seats(self):
        return () if self.turns_left == 0 else (self.turn,)

    def _legal_actions(self, seat):
        return [Action("take", (k,)) for k in (0, 1, 2) if k <= self.stock]

    def _apply(self, seat, action):
        self.stock -= action.args[0]
        self.taken[seat] += action.args[0]
        self.turns_left -= 1
        self.turn = (self.turn + 1) % self.players

    def is_terminal(self):
        return self.turns_left == 0

    def outcome(self):
        if self.turns_left:
            return None
        scores = tuple(float(t) for t in self.taken)
        won = self.stock >= self.game.options["reserve"]
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best) if won else ()
        return Outcome(won, "stock kept" if won else "stock exhausted", scores, winners)

    @property
    def round(self):
        return self.game.options["turns"] - self.turns_left // self.players

    def view(self, seat) -> dict[str, Any]:
        return {"stock": self.stock, "taken": list(self.taken), "round": self.round}


COMMONS = GameSpec(
    id="commons",
    title="Commons",
    description="Take from a shared stock without exhausting it.",
    min_players=2,
    max_players=4,
    state_class=CommonsState,
    action_space=ActionSpace([kind("take", "", Take, n=(0, 1, 2))]),
    cooperative=False,
    max_steps=100,
    metrics=lambda state: {"round": float(state.round), "stock": float(state.stock)},
    options=(
        Option("stock", 12, "the shared stock"),
        Option("turns", 3, "turns per seat"),
        Option("reserve", 6, "the stock the team must keep"),
    ),
)


class WagerState(State):
    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.named: int | None = None
        self.rolled = 0

    def active_seats(self):
        return (0,) if self.named is None else ()

    def _legal_actions(self, seat):
        return [Action("name", (n,)) for n in range(6)]

    def _apply(self, seat, action):
        self.named = action.args[0]
        self.rolled = self.roll(6, "die")

    def is_terminal(self):
        return self.named is not None

    def outcome(self):
        if self.named is None:
            return None
        won = self.rolled > self.named
        return Outcome(
            won,
            "roll above the number" if won else "roll too low",
            (float(self.rolled),),
            (0,) if won else (),
        )

    def view(self, seat) -> dict[str, Any]:
        return {
            "named": self.named,
            "rolled": self.rolled,
            "round": 0,
            "active_seats": list(self.active_seats()),
        }


class NamesThree:
    def __init__(self, game, seat, seed):
        pass

    def choose(self, state, seat):
        return Action("name", (3,))


WAGER = GameSpec(
    id="wager",
    title="Wager",
    description="Name a number; a die must roll above it.",
    min_players=1,
    max_players=1,
    state_class=WagerState,
    action_space=ActionSpace([kind("name", "", Take, n=range(6))]),
    cooperative=True,
    max_steps=2,
    bots={"heuristic": NamesThree},
)
