"""ResourCEd's state: setup, the Round (Social Housing Upkeep, Event, turns, Maximum Waste check),
progression and the end of the game; the engine's interface.

The table's fields and the definitions of Use, Waste and Recycle live in :mod:`.table`, the turn in
:mod:`.turn` and the Events in :mod:`.events`. Every action is carried out by its kind's handler
(:data:`~.actions.HANDLERS`); after each one, :meth:`ResourcedState._apply` runs the queued tasks
until the next decision. Decisions the rulebook gives to the whole table are the table's
(:mod:`.together`): each player gives from their own hand, choices are proposed and voted on, and a
trade is an offer the partner answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from loopcity.engine import Action, Outcome, State
from loopcity.engine.text import _, ngettext

from . import position as P
from .actions import (
    CHOOSE,
    CHOOSE_SIXTH,
    DISCARD,
    HANDLERS,
    PLACE,
    REMOVE,
    SIXTH,
    WASTE,
    Cell,
    Resource,
    Tile,
)
from .board import RING_CELLS, RINGS
from .content import FOOD, RESOURCE_INDEX, WATER
from .position import ResourcedPosition
from .table import COLLECTIONS, TURN_PHASES, Phase, TaskName
from .texts import TEXTS, cause_text, describe, explain, prompt, seat_name
from .together import legal_vote
from .turn import TurnMixin
from .views import build_view
from .words import named


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class ResourcedState(TurnMixin):
    """A game of ResourCEd in progress."""

    handlers = HANDLERS
    texts = TEXTS
    position_model = ResourcedPosition

    # ----- the engine's interface ---------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "over":
            return ()
        if phase in TURN_PHASES:
            return (self.turn_seat,)
        if phase == "vote":  # a question is settled as soon as its result is known: it is open
            ballot = self.ballot
            assert ballot is not None
            votes = ballot["votes"]
            return tuple(s for s in ballot["asked"] if s not in votes)
        if phase in COLLECTIONS and "seat" not in self.ctx:
            return self.givers()
        return (self.ctx["seat"],)

    def _legal_actions(self, seat: int) -> list[Action]:
        return LEGAL[self.phase](self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        """Carry out the action with its kind's handler, then run the queued tasks until the next
        decision: the one step that follows every action."""
        State._apply(self, seat, action)  # the handler (the engine's step; no super() object per step)
        while self.phase == "auto":  # ``_advance``, inlined
            task = self.queue.pop(0)
            TASKS[task[0]](self, *task[1:])

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        score = float(self.social_housing())
        n = self.players
        winners = tuple(range(n)) if self.won else ()
        assert self.result is not None
        return Outcome(self.won, self.result, (score,) * n, winners)

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def prompt(self, seat: int | None) -> str:
        return prompt(self, seat)

    def describe(self, seat: int, action: Action) -> str:
        return describe(self, seat, action)

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        return explain(self, seat, action)

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
        words = (lambda: _("The team wins: {cause}.")) if won else (lambda: _("The team loses: {cause}."))
        self.note(lambda: words().format(cause=cause_text(cause)), kind="event")

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
        self.event_die = self.event_odds = self.event_roll = 0
        n, rounds, waste = self.round, self.max_rounds, len(self.waste)
        self.note(
            lambda: ngettext(
                "Round {round} of {rounds} begins; the Waste Pile holds {waste} card.",
                "Round {round} of {rounds} begins; the Waste Pile holds {waste} cards.",
                waste,
            ).format(round=n, rounds=rounds, waste=waste)
        )
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
        n = self.round
        self.note(
            lambda: ngettext(
                "Round {round} ends with {waste} card in the Waste Pile and {housing} Social Housing.",
                "Round {round} ends with {waste} cards in the Waste Pile and {housing} Social Housing.",
                waste,
            ).format(round=n, waste=waste, housing=sh)
        )
        if waste >= rules.max_waste:
            return self._finish(False, "maximum waste")
        if waste == 0 and self.developed(self.ring):  # progress from the current Ring
            if self.ring == RINGS:
                return self._finish(True, "Banksia Gardens fully developed with zero Waste")
            if self.alternate:
                return self._finish(True, "the way out of Ring 2 opened with zero Waste")
            self.ring += 1
            ring = self.ring
            self.note(lambda: _("Ring {ring} opens for building.").format(ring=ring), kind="event")
        if self.round >= self.max_rounds:
            return self._finish(False, "round limit")
        self.queue.append(("round",))

    # ----- Social Housing Upkeep ------------------------------------------------------------------
    def _do_upkeep_waste(self) -> None:
        """Each Social Housing Wastes 2 cards from the Resource Bank; the players choose the types."""
        n = self.tables.rules.upkeep_waste_per_housing * self.social_housing()
        if n and sum(self.bank):
            self._start_picks("upkeep_waste", n)

    def _do_supply(self, r: int) -> None:
        """Each Social Housing Uses 1 Food (then 1 Water), which any player may source."""
        self._start_collection("supply", self.social_housing(), res=r)

    def _do_penalty(self) -> None:
        """The Food and Water missed: the players collectively Waste as many cards."""
        if self.missed:
            left, self.missed = self.missed, 0
            self._start_collection("penalty", left)

    # ----- the table's choices ----------------------------------------------------------------------
    def _carry_out(self, action: Action) -> None:
        """Carry out the table's choice ``action`` in the current choice phase."""
        match self.phase:
            case "setup":
                tile = CHOOSE_SIXTH.read(action).tile
                cell = RING_CELLS[1][5]
                self._put_tile(cell, tile)
                t = self.tables
                self.note(
                    lambda: _("Setup: a {tile} takes the last spot of Ring 1 (hex {cell}).").format(
                        tile=named(t, tile), cell=cell
                    ),
                    kind="decision",
                )
                self.queue.append(("round",))
                self.phase = "auto"
            case "place":
                self._place_crafted(PLACE.read(action).cell)
            case "carya":
                self._carya_upgrade(PLACE.read(action).cell)
            case "remove":
                self._remove_upgrade(REMOVE.read(action).cell)
                self.phase = "auto"
            case _:
                chosen = CHOOSE.read(action).seat - 1
                self.note(
                    lambda: _("Propurrrty Damage: {seat} Wastes a card of their choice.").format(
                        seat=seat_name(chosen)
                    ),
                    kind="decision",
                )
                self.ctx = {"seat": chosen}
                self.phase = "cat_discard"

    # ----- actions shared by several decisions ------------------------------------------------------
    def _legal_cat_discard(self, seat: int) -> list[Action]:
        return self._legal_discard(seat)


# ----- the handlers of the actions ----------------------------------------------------------------
@HANDLERS.on(CHOOSE_SIXTH)
def on_choose_sixth(state: ResourcedState, seat: int, a: Tile) -> None:
    """Setup 7: a player proposes the tile for the last spot of Ring 1."""
    state._propose(seat, CHOOSE_SIXTH(a.tile))


@HANDLERS.on(WASTE)
def on_waste(state: ResourcedState, seat: int, a: Resource) -> None:
    """Waste a card from the bank: for the Upkeep, its penalty, or the Shopping Center."""
    state._waste_from_bank(RESOURCE_INDEX[a.resource])
    state.ctx["left"] -= 1
    if state.phase == "shop_waste":
        state._shop_waste_next()
    else:
        state._picked()


@HANDLERS.on(PLACE)
def on_place(state: ResourcedState, seat: int, a: Cell) -> None:
    """A player proposes where what was crafted goes, or Join CARYA's tile."""
    state._propose(seat, PLACE(a.cell))


@HANDLERS.on(DISCARD)
def on_discard(state: ResourcedState, seat: int, a: Resource) -> None:
    """Waste a card from the hand: down to the hand limit, or for Propurrrty Damage."""
    state._waste_from_hand(seat, RESOURCE_INDEX[a.resource])
    if state.phase == "cat_discard" or sum(state.hands[seat]) <= state.hand_limit():
        state.phase = "auto"


LEGAL: dict[Phase, Callable[[ResourcedState, int], list[Action]]] = {
    "setup": ResourcedState._legal_setup,
    "upkeep_waste": ResourcedState._legal_pick,
    "supply": ResourcedState._legal_collection,
    "penalty": ResourcedState._legal_collection,
    "carya": ResourcedState._legal_carya,
    "fix": ResourcedState._legal_collection,
    "pay": ResourcedState._legal_collection,
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
    "trade": ResourcedState._legal_trade,
    "vote": legal_vote,
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
