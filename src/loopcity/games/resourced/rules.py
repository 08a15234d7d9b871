"""ResourCEd's state: setup, the Resource Bank and Waste Pile, the Round (Social Housing Upkeep,
Event, turns, Maximum Waste check), progression and the end of the game.

The turn lives in :mod:`.turn` and the Events in :mod:`.events`. Work that needs no decision runs
from a queue of tasks (``self.queue``); a task that needs one sets ``self.phase`` and waits.
Decisions the rulebook gives to the whole table (majority votes, the collective Upkeep) are taken
by the acting player: the first player of the Round, or the player whose turn it is.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action, Outcome, State

from . import actions as A
from .board import BGCS, CELLS, RING_CELLS
from .content import FOOD, RESOURCES, WATER, Content, Tables, tables
from .events import EventsMixin
from .turn import TURN_PHASES, TurnMixin

SETUP_RING1 = ("food_forest", "community_garden", "heat_haven", "social_housing", "recycler")
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
RESOURCE_ARG = {
    "waste": 0,
    "use": 0,
    "gather_any": 0,
    "shop": 0,
    "discard": 0,
    "shed": 1,
    "give": 1,
    "take": 1,
}
TABLE = 0  # the first player of every Round (the youngest) takes the table's decisions


class ResourcedState(TurnMixin, EventsMixin, State):
    """A game of ResourCEd in progress."""

    def __init__(self, game: Any, seed: int) -> None:
        super().__init__(game, seed)
        t = self.t
        n = game.players
        self.alternate = bool(game.options["alternate_difficulty"])
        self.round = 0
        self.ring = 2
        self.tiles: list[str | None] = [None] * CELLS
        self.upgrades: list[str | None] = [None] * CELLS
        self.tiles[BGCS] = "bgcs"
        self.count: dict[str, int] = {k: 0 for k in t.pieces}
        for cell, tile in zip(RING_CELLS[1], SETUP_RING1, strict=False):
            self._put_tile(cell, tile)
        self.bank = [t.rules.bank_per_type] * 5
        self.hands = [[0] * 5 for _ in range(n)]
        self.waste: list[int] = []
        for s in range(n):
            for r, k in enumerate(t.setup_hand):
                self._gain(s, r, k)
        self.pos = [BGCS] * n
        self.queue: list[tuple[Any, ...]] = []
        self.phase = "setup"
        self.ctx: dict[str, Any] = {}
        self._reset_turn(0)
        self.skip = [False] * n
        self.smoke = [False] * n
        self.missed = 0
        self.event = ""
        self.result = ""
        self.won = False

    # ----- tables and counts ------------------------------------------------------------------
    @property
    def t(self) -> Tables:
        """The precomputed content tables."""
        try:
            return self.game._resourced_tables  # type: ignore[attr-defined]
        except AttributeError:
            content = self.game.content
            assert isinstance(content, Content)
            built = tables(content)
            self.game._resourced_tables = built  # type: ignore[attr-defined]
            return built

    @property
    def max_rounds(self) -> int:
        rules = self.t.rules
        return rules.alternate_rounds if self.alternate else rules.rounds

    def social_housing(self) -> int:
        return self.count["social_housing"]

    def hand_limit(self) -> int:
        r = self.t.rules
        return r.hand_limit + r.hand_limit_per_container * self.count["shipping_container"]

    def trade_limit(self) -> int:
        r = self.t.rules
        return r.trade_limit + r.trade_limit_per_shelter * self.count["shelter"]

    def has_composter(self) -> bool:
        return self.count["composter"] > 0

    def holders(self, r: int) -> list[int]:
        """Seats holding at least one card of Resource ``r``."""
        return [s for s, h in enumerate(self.hands) if h[r]]

    def total_held(self, r: int) -> int:
        return sum(h[r] for h in self.hands)

    # ----- Use, Waste, Recycle ----------------------------------------------------------------
    def _gain(self, seat: int, r: int, n: int) -> int:
        """Take up to ``n`` cards of ``r`` from the Resource Bank into a hand; returns how many."""
        k = min(n, self.bank[r])
        self.bank[r] -= k
        self.hands[seat][r] += k
        return k

    def _use(self, seat: int, r: int, n: int = 1) -> None:
        """Use cards: back to the bank, except Food and Water, Wasted while no Composter is built."""
        self.hands[seat][r] -= n
        if (r == FOOD or r == WATER) and not self.count["composter"]:
            self.waste.extend([r] * n)
        else:
            self.bank[r] += n

    def _pay(self, seat: int, cost: tuple[int, ...]) -> None:
        for r, n in enumerate(cost):
            if n:
                self._use(seat, r, n)

    def can_pay(self, seat: int, cost: tuple[int, ...]) -> bool:
        hand = self.hands[seat]
        return all(h >= c for h, c in zip(hand, cost, strict=True))

    def _waste_from_hand(self, seat: int, r: int) -> None:
        self.hands[seat][r] -= 1
        self.waste.append(r)

    def _waste_from_bank(self, r: int) -> None:
        self.bank[r] -= 1
        self.waste.append(r)

    def _recycle(self, n: int) -> int:
        """Return up to ``n`` cards from the bottom of the Waste Pile to the bank."""
        k = min(n, len(self.waste))
        for r in self.waste[:k]:
            self.bank[r] += 1
        del self.waste[:k]
        return k

    def _put_tile(self, cell: int, tile: str) -> None:
        self.tiles[cell] = tile
        self.count[tile] += 1

    def _put_upgrade(self, cell: int, upgrade: str) -> None:
        self.upgrades[cell] = upgrade
        self.count[upgrade] += 1

    def _remove_upgrade(self, cell: int) -> None:
        upgrade = self.upgrades[cell]
        assert upgrade is not None
        self.upgrades[cell] = None
        self.count[upgrade] -= 1
        self.note(f"The {self.t.name[upgrade]} on tile {cell} is removed")

    # ----- the engine's interface ---------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "over":
            return ()
        if phase in TURN_PHASES:
            return (self.turn_seat,)
        if phase == "heat_choice" or phase == "cat_discard":
            return (self.ctx["seat"],)
        return (TABLE,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return getattr(self, "_legal_" + self.phase)(seat)

    def _apply(self, seat: int, action: Action) -> None:
        args = action.args
        if action.kind in A.SEAT_KINDS:  # seat 1-4 as players see it -> index 0-3
            args = (int(args[0]) - 1, *args[1:])
        at = RESOURCE_ARG.get(action.kind)
        if at is not None:  # resource words become indices into hands and the bank
            word = args[at]
            if not isinstance(word, str):
                raise TypeError(f"{action.kind}: argument {at} must be a resource word, got {word!r}")
            args = args[:at] + (RESOURCE_INDEX[word],) + args[at + 1 :]
        getattr(self, "_act_" + action.kind)(seat, *args)
        self._advance()

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        score = float(self.social_housing())
        n = self.players
        winners = tuple(range(n)) if self.won else ()
        return Outcome(self.won, self.result, (score,) * n, winners)

    def check_invariants(self) -> None:
        total = self.t.rules.bank_per_type
        for r, name in enumerate(RESOURCES):
            held = sum(h[r] for h in self.hands)
            pile = self.waste.count(r)
            assert self.bank[r] + held + pile == total, f"{name}: bank+hands+waste != {total}"
            assert self.bank[r] >= 0 and all(h[r] >= 0 for h in self.hands), f"negative {name}"
        for k, n in self.count.items():
            on_board = self.tiles.count(k) + self.upgrades.count(k)
            assert n == on_board <= self.t.pieces[k], f"{k}: {n} counted, {on_board} on the board"
        for cell, u in enumerate(self.upgrades):
            assert u is None or self.t.upgrade_tile[u] == self.tiles[cell], f"{u} on {self.tiles[cell]}"

    # ----- the task queue --------------------------------------------------------------------
    def _advance(self) -> None:
        """Run queued tasks until one needs a decision or the game ends."""
        while self.phase == "auto":
            task = self.queue.pop(0)
            getattr(self, "_do_" + task[0])(*task[1:])

    def _push_front(self, *tasks: tuple[Any, ...]) -> None:
        self.queue[0:0] = list(tasks)

    def _finish(self, won: bool, cause: str) -> None:
        self.phase = "over"
        self.won = won
        self.result = cause
        self.queue = []
        self.note(("The team wins: " if won else "The team loses: ") + cause)

    # ----- setup -------------------------------------------------------------------------------
    def _legal_setup(self, seat: int) -> list[Action]:
        return [A.CHOOSE_SIXTH[t] for t in A.SIXTH if self.count[t] < self.t.pieces[t]]

    def _act_choose_sixth(self, seat: int, tile: str) -> None:
        self._put_tile(RING_CELLS[1][5], tile)
        self.queue.append(("round",))
        self.phase = "auto"

    # ----- the Round ---------------------------------------------------------------------------
    def _do_round(self) -> None:
        self.round += 1
        self.note(f"Round {self.round} begins (Waste Pile: {len(self.waste)})")
        n = self.players
        self.queue.extend(
            [
                ("upkeep_waste",),
                ("supply", FOOD),
                ("supply", WATER),
                ("penalty",),
                ("event",),
                *[("turn", s) for s in range(n)],
                ("round_end",),
            ]
        )

    def _do_round_end(self) -> None:
        rules = self.t.rules
        waste = len(self.waste)
        sh = self.social_housing()
        self.note(f"Round {self.round} ends with {waste} Waste and {sh} Social Housing")
        if waste >= rules.max_waste:
            return self._finish(False, "maximum waste")
        if waste == 0 and self.ring == 3 and sh >= rules.housing_to_win:
            return self._finish(True, "Banksia Gardens fully developed with zero Waste")
        if waste == 0 and self.ring == 2 and sh >= rules.housing_to_open_ring3:
            if self.alternate:
                return self._finish(True, "the way out of Ring 2 opened with zero Waste")
            self.ring = 3
            self.note("Ring 3 opens for building")
        if self.round >= self.max_rounds:
            return self._finish(False, "round limit")
        self.queue.append(("round",))

    # ----- Social Housing Upkeep ------------------------------------------------------------------
    def _do_upkeep_waste(self) -> None:
        n = self.t.rules.upkeep_waste_per_housing * self.social_housing()
        if n and sum(self.bank):
            self.ctx = {"left": n}
            self.phase = "upkeep_waste"

    def _legal_upkeep_waste(self, seat: int) -> list[Action]:
        return [A.WASTE[r] for r in range(5) if self.bank[r]]

    def _do_supply(self, r: int) -> None:
        self.ctx = {"res": r, "left": self.social_housing()}
        self._supply_next()

    def _supply_next(self) -> None:
        r, left = self.ctx["res"], self.ctx["left"]
        if left and not self.total_held(r):
            self.missed += left
            self.note(f"Upkeep: {left} {RESOURCES[r]} missed")
            left = 0
        self.phase = "supply" if left else "auto"

    def _legal_supply(self, seat: int) -> list[Action]:
        return [A.SUPPLY[s] for s in self.holders(self.ctx["res"])]

    def _act_supply(self, seat: int, who: int) -> None:
        self._use(who, self.ctx["res"])
        self.ctx["left"] -= 1
        self._supply_next()

    def _do_penalty(self) -> None:
        if self.missed:
            self.ctx = {"left": self.missed}
            self.missed = 0
            self._penalty_next()

    def _penalty_next(self) -> None:
        if self.ctx["left"] and (any(map(any, self.hands)) or any(self.bank)):
            self.phase = "penalty"
        else:
            self.phase = "auto"

    def _legal_penalty(self, seat: int) -> list[Action]:
        acts = [A.SHED[s][r] for s, h in enumerate(self.hands) for r in range(5) if h[r]]
        return acts or [A.WASTE[r] for r in range(5) if self.bank[r]]

    def _act_shed(self, seat: int, who: int, r: int) -> None:
        self._waste_from_hand(who, r)
        self.ctx["left"] -= 1
        self._penalty_next()

    def _act_waste(self, seat: int, r: int) -> None:
        self._waste_from_bank(r)
        self.ctx["left"] -= 1
        if self.phase == "penalty":
            self._penalty_next()
        elif self.phase == "shop_waste":
            self._shop_waste_next()
        elif not self.ctx["left"] or not any(self.bank):
            self.phase = "auto"

    # ----- words ---------------------------------------------------------------------------------
    def describe(self, seat: int, action: Action) -> str:
        who = f"Seat {seat + 1}"
        if self.phase not in TURN_PHASES and self.phase not in ("heat_choice", "cat_discard", "setup"):
            who = f"The table (seat {seat + 1} deciding)"
        return f"{who}: {action}"

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        return self._explain(seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import build_view

        return build_view(self, seat)
