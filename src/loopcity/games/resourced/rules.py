"""ResourCEd's state: setup, the Round (Social Housing Upkeep, Event, turns, Maximum Waste check),
progression and the end of the game; the engine's interface.

The table's fields and the definitions of Use, Waste and Recycle live in :mod:`.table`, the turn in
:mod:`.turn` and the Events in :mod:`.events`. Every action is carried out by its kind's handler
(:data:`~.actions.HANDLERS`); after each one, :meth:`ResourcedState._apply` runs the queued tasks
until the next decision. Decisions the rulebook gives to the whole table (majority votes, the
collective Upkeep) are taken by the acting player: the first player of the Round, or the player
whose turn it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from loopcity.engine import Action, Outcome

from . import position as P
from .actions import (
    CHOOSE_SIXTH,
    DISCARD,
    HANDLERS,
    PLACE,
    SHED,
    SIXTH,
    SUPPLY,
    WASTE,
    Cell,
    Resource,
    Seat,
    SeatResource,
    Tile,
)
from .board import RING_CELLS, RINGS
from .content import FOOD, RESOURCE_INDEX, RESOURCES, WATER
from .events import EventsMixin
from .position import ResourcedPosition
from .table import OWN_PHASES, TABLE, TURN_PHASES, Phase, TaskName
from .turn import TurnMixin
from .views import build_view


class ResourcedState(TurnMixin, EventsMixin):
    """A game of ResourCEd in progress."""

    handlers = HANDLERS
    position_model = ResourcedPosition

    # ----- the engine's interface ---------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "over":
            return ()
        if phase in TURN_PHASES:
            return (self.turn_seat,)
        if phase in OWN_PHASES:
            return (self.ctx["seat"],)
        return (TABLE,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return LEGAL[self.phase](self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        """Carry out the action with its kind's handler, then run the queued tasks until the next
        decision: the one step that follows every action."""
        super()._apply(seat, action)
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

    def describe(self, seat: int, action: Action) -> str:
        who = f"Seat {seat + 1}"
        if self.phase not in TURN_PHASES and self.phase not in OWN_PHASES and self.phase != "setup":
            who = f"The table (seat {seat + 1} deciding)"
        return f"{who}: {action}"

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        return self._explain(seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def position(self) -> ResourcedPosition:
        return P.write(self)

    @classmethod
    def from_position(cls, game: Any, fields: ResourcedPosition) -> ResourcedState:
        state = cls(game, 0)
        P.set_up(state, fields)
        return state

    def check_invariants(self) -> None:
        P.check(self)

    # ----- the task queue --------------------------------------------------------------------
    def _advance(self) -> None:
        """Run queued tasks until one needs a decision or the game ends."""
        while self.phase == "auto":
            task = self.queue.pop(0)
            TASKS[task[0]](self, *task[1:])

    def _finish(self, won: bool, cause: str) -> None:
        self.phase = "over"
        self.won = won
        self.result = cause
        self.queue = []
        self.note(("The team wins: " if won else "The team loses: ") + cause)

    # ----- setup -------------------------------------------------------------------------------
    def _legal_setup(self, seat: int) -> list[Action]:
        t = self.tables
        return [CHOOSE_SIXTH(tile) for tile in SIXTH if self.count[tile] < t.pieces[tile]]

    # ----- the Round ---------------------------------------------------------------------------
    def _do_round(self) -> None:
        """A Round begins: the Round Token moves on, no Event is drawn yet, and the Upkeep, the
        Event, every turn and the end check are queued."""
        self.round += 1
        self.event = ""
        self.note(f"Round {self.round} begins (Waste Pile: {len(self.waste)})")
        self.queue.extend(
            [
                ("upkeep_waste",),
                ("supply", FOOD),
                ("supply", WATER),
                ("penalty",),
                ("event",),
                *[("turn", s) for s in range(self.players)],
                ("round_end",),
            ]
        )

    def _do_round_end(self) -> None:
        rules = self.tables.rules
        waste = len(self.waste)
        sh = self.social_housing()
        self.note(f"Round {self.round} ends with {waste} Waste and {sh} Social Housing")
        if waste >= rules.max_waste:
            return self._finish(False, "maximum waste")
        if waste == 0 and self.developed(self.ring):  # progress from the current Ring
            if self.ring == RINGS:
                return self._finish(True, "Banksia Gardens fully developed with zero Waste")
            if self.alternate:
                return self._finish(True, "the way out of Ring 2 opened with zero Waste")
            self.ring += 1
            self.note(f"Ring {self.ring} opens for building")
        if self.round >= self.max_rounds:
            return self._finish(False, "round limit")
        self.queue.append(("round",))

    # ----- Social Housing Upkeep ------------------------------------------------------------------
    def _do_upkeep_waste(self) -> None:
        n = self.tables.rules.upkeep_waste_per_housing * self.social_housing()
        if n and sum(self.bank):
            self.ctx = {"left": n}
            self.phase = "upkeep_waste"

    def _legal_upkeep_waste(self, seat: int) -> list[Action]:
        return [WASTE(RESOURCES[r]) for r in range(5) if self.bank[r]]

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
        return [SUPPLY(s + 1) for s in self.holders(self.ctx["res"])]

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
        acts = [SHED(s + 1, RESOURCES[r]) for s, h in enumerate(self.hands) for r in range(5) if h[r]]
        return acts or [WASTE(RESOURCES[r]) for r in range(5) if self.bank[r]]

    # ----- actions shared by several decisions ------------------------------------------------------
    def _legal_cat_discard(self, seat: int) -> list[Action]:
        return self._legal_discard(seat)


# ----- the handlers of the actions ----------------------------------------------------------------
@HANDLERS.on(CHOOSE_SIXTH)
def on_choose_sixth(state: ResourcedState, seat: int, a: Tile) -> None:
    """Setup 7: the tile for the last spot of Ring 1; Round 1 begins."""
    state._put_tile(RING_CELLS[1][5], a.tile)
    state.queue.append(("round",))
    state.phase = "auto"


@HANDLERS.on(SUPPLY)
def on_supply(state: ResourcedState, seat: int, a: Seat) -> None:
    """Upkeep: this player sources one Food or Water for a Social Housing."""
    state._use(a.seat - 1, state.ctx["res"])
    state.ctx["left"] -= 1
    state._supply_next()


@HANDLERS.on(SHED)
def on_shed(state: ResourcedState, seat: int, a: SeatResource) -> None:
    """Upkeep penalty: this player Wastes a card from their hand for the table."""
    state._waste_from_hand(a.seat - 1, RESOURCE_INDEX[a.resource])
    state.ctx["left"] -= 1
    state._penalty_next()


@HANDLERS.on(WASTE)
def on_waste(state: ResourcedState, seat: int, a: Resource) -> None:
    """Waste a card from the bank: for the Upkeep, its penalty, or the Shopping Center."""
    state._waste_from_bank(RESOURCE_INDEX[a.resource])
    state.ctx["left"] -= 1
    match state.phase:
        case "penalty":
            state._penalty_next()
        case "shop_waste":
            state._shop_waste_next()
        case _:
            if not state.ctx["left"] or not any(state.bank):
                state.phase = "auto"


@HANDLERS.on(PLACE)
def on_place(state: ResourcedState, seat: int, a: Cell) -> None:
    """Place what was crafted, or Join CARYA's free Upgrade."""
    if state.phase == "carya":
        state._carya_upgrade(a.cell)
    else:
        state._place_crafted(a.cell)


@HANDLERS.on(DISCARD)
def on_discard(state: ResourcedState, seat: int, a: Resource) -> None:
    """Waste a card from the hand: down to the hand limit, or for Propurrrty Damage."""
    state._waste_from_hand(seat, RESOURCE_INDEX[a.resource])
    if state.phase == "cat_discard" or sum(state.hands[seat]) <= state.hand_limit():
        state.phase = "auto"


LEGAL: dict[Phase, Callable[[ResourcedState, int], list[Action]]] = {
    "setup": ResourcedState._legal_setup,
    "upkeep_waste": ResourcedState._legal_upkeep_waste,
    "supply": ResourcedState._legal_supply,
    "penalty": ResourcedState._legal_penalty,
    "carya": ResourcedState._legal_carya,
    "fix_choice": ResourcedState._legal_fix_choice,
    "pay": ResourcedState._legal_pay,
    "heat_choice": ResourcedState._legal_heat_choice,
    "remove": ResourcedState._legal_remove,
    "cat": ResourcedState._legal_cat,
    "cat_discard": ResourcedState._legal_cat_discard,
    "action": ResourcedState._legal_action,
    "any": ResourcedState._legal_any,
    "move": ResourcedState._legal_move,
    "place": ResourcedState._legal_place,
    "shop": ResourcedState._legal_shop,
    "shop_waste": ResourcedState._legal_shop_waste,
    "end": ResourcedState._legal_end,
    "discard": ResourcedState._legal_discard,
}
"""The legal actions of each decision (every phase but ``auto`` and ``over``)."""

TASKS: dict[TaskName, Callable[..., None]] = {
    "round": ResourcedState._do_round,
    "upkeep_waste": ResourcedState._do_upkeep_waste,
    "supply": ResourcedState._do_supply,
    "penalty": ResourcedState._do_penalty,
    "event": ResourcedState._do_event,
    "turn": ResourcedState._do_turn,
    "round_end": ResourcedState._do_round_end,
    "drought_fix": ResourcedState._do_drought_fix,
    "drought_water": ResourcedState._do_drought_water,
    "heat": ResourcedState._do_heat,
    "flood": ResourcedState._do_flood,
}
"""The method that runs each queued task."""
