"""Resourcity's state: the turn (pay, actions, draw), Move, Teleport, Rotate, Replace, the
Superpowers' actions, and the end-of-turn draw. Farming lives in :mod:`.farming`, Crisis and Huat
tiles in :mod:`.events`, setup in :mod:`.setup`."""

from __future__ import annotations

from typing import Any, Self

from mypy_extensions import mypyc_attr

from loopcity.engine import Action, Game, Outcome, Rng, State
from loopcity.engine.table import Ballot

from . import decide as _decide  # noqa: F401  (the table's handlers join HANDLERS)
from .apply import HANDLERS
from .base import RESOURCES, FarmingAction
from .board import TILES, find_farms
from .catalogue import N_
from .content import CRISES, HUATS, Content
from .events import EventsMixin
from .invariants import check_invariants
from .legal import act_actions, legal_actions, table_seats
from .position import ResourcityPosition, position_of, set_up_position
from .refusals import explain
from .setup import set_up
from .tables import ResourcityTables
from .texts import TEXTS, describe_line, drawn_line, prompt_for
from .views import make_view
from .words import loss_words, seat_words

_TABLE_PHASES = frozenset(("place", "propose", "vote"))
_CRISES = frozenset(CRISES)
_HUATS = frozenset(HUATS)


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class ResourcityState(EventsMixin):
    """A game of Resourcity (its phases: :data:`.base.Phase`)."""

    handlers = HANDLERS
    texts = TEXTS

    def __init__(self, game: Game[Content, ResourcityTables], seed: int) -> None:
        super().__init__(game, seed)
        c = self.content
        n = game.players
        self.grid_kind: list[str] = [""] * TILES
        self.grid_rot: list[int] = [0] * TILES
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = []
        self.sections: list[int] = []
        self.discard_pile: list[str] = []
        self.resolved: list[str] = []
        self.powers: list[str] = []
        self.pos: list[int] = []
        self.avail = {"fuel": c.start.fuel, "food": c.start.food, "water": c.start.water}
        self.used = {r: 0 for r in RESOURCES}
        self.supply = c.supply.model_dump(exclude={"source"})
        self.crop: dict[int, str] = {}
        self.tokens: dict[int, int] = {}
        self.compost: set[int] = set()
        self.baskets: list[list[tuple[str, int, int]]] = [[] for _ in range(n)]
        self.farmed: dict[int, FarmingAction] = {}
        self.turn = 0
        self.first = 0
        self.ballot: Ballot | None = None
        self.proposals: list[list[int]] = []
        self.stage: list[dict[str, Any]] = []
        self.round = 1
        self.actions_left = 0
        self.phase = "place"
        self.pending: tuple[int, ...] = ()
        self.manpower = 0
        self.pandemic = 0
        self.community = 0
        self.crises_drawn = 0
        self.result: str | None = None
        self.won = False
        set_up(self)
        self.farm = find_farms(self.tables.geo, self.grid_kind, self.grid_rot)

    # ----- the turn ------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        """Start of turn: pay 1 Food and 1 Water, then the turn's actions (4; Innovator 5; Pandemic 1)."""
        t = self.content.turn
        self.farmed = {}
        self.phase = "act"
        self.pending = ()
        avail, food, water = self.avail, t.upkeep_food, t.upkeep_water
        if avail["food"] >= food and avail["water"] >= water:  # both paid in full: pay() without checks
            avail["food"] -= food
            self.used["food"] += food
            avail["water"] -= water
            self.used["water"] += water
        elif not self.pay("food", food, "the turn's upkeep") or not self.pay(
            "water", water, "the turn's upkeep"
        ):
            return
        if self.pandemic > 0:
            self.actions_left = 1
        elif self.powers[self.turn] == "innovator":
            self.actions_left = self.content.superpowers.innovator_actions
        else:
            self.actions_left = t.actions

    def _end_actions(self) -> None:
        """The end-of-turn draw: a full hand discards 1 then draws 1; otherwise draw up to 3."""
        if self.manpower > 0:
            self.manpower -= 1
        if self.pandemic > 0:
            self.pandemic -= 1
        if self.community > 0:
            self.community -= 1
        if len(self.hands[self.turn]) >= self.content.turn.hand_size:
            self.phase = "discard"
            return
        self._continue_draw()

    def _continue_draw(self) -> None:
        """Draw until the hand is full, resolving Crisis and Huat tiles at once; then the next turn."""
        self.phase = "draw"
        hand, size = self.hands[self.turn], self.content.turn.hand_size
        while len(hand) < size and self.deck:
            tile = self._draw()
            if tile in _CRISES:
                self.resolve_crisis(tile)
            elif tile in _HUATS:
                self.resolve_huat(tile)
            else:
                hand.append(tile)
            if self.phase != "draw":
                return
        self._next_turn()

    def _draw(self) -> str:
        tile = self.deck.pop()
        for i, n in enumerate(self.sections):
            if n:
                self.sections[i] = n - 1
                break
        self.note(lambda: drawn_line(self, tile), kind="chance")
        return tile

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players
        if self.turn == self.first:
            self.round += 1
        stage = self.stage
        if stage and self.turns_since(stage[0]) >= self.players:  # the oldest first: drop what a round hid
            self.stage = [e for e in stage if self.turns_since(e) < self.players]
        self._start_turn()

    def turns_since(self, entry: dict[str, Any]) -> int:
        """Turns begun since the turn in which a stage entry's tile was drawn (0: this very turn)."""
        n = self.players
        then = (entry["round"] - 1) * n + (entry["seat"] - self.first) % n
        return (self.round - 1) * n + (self.turn - self.first) % n - then

    # ----- engine hooks --------------------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        """The seat whose turn it is; in the table's phases, the seats that place, propose or answer."""
        phase = self.phase
        if phase == "act":
            return (self.turn,)
        if phase in _TABLE_PHASES:
            return table_seats(self)
        return () if phase == "over" else (self.turn,)

    def is_terminal(self) -> bool:
        """Whether the team has won or lost."""
        return self.phase == "over"

    def outcome(self) -> Outcome | None:
        """Team result, cause and the shared score."""
        if self.phase != "over":
            return None
        s = float(self.score())
        cause = N_("survived the last Crisis") if self.won else (self.result or N_("lost"))
        return Outcome(self.won, cause, (s,) * self.players, tuple(range(self.players)) if self.won else ())

    def ending(self) -> str:
        outcome = self.outcome()
        return "" if outcome is None else loss_words(outcome.cause)

    def score(self) -> int:
        """(Fuel + Water + Food) - (highest - lowest) + Farms, on the Available pool."""
        v = list(self.avail.values())
        return sum(v) - (max(v) - min(v)) + self.farm_count()

    # The engine's per-step hooks are methods (a function assigned in the class body would not
    # override them in the compiled build, docs/performance.md).
    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "act":  # most steps: legal_actions' first case, without its call
            return act_actions(self, seat)
        return legal_actions(self, seat)

    def describe(self, seat: int, action: Action) -> str:
        return describe_line(self, seat, action)

    def seat_name(self, seat: int) -> str:
        """``Seat 2 (Builder)``: counted as people count, with the Superpower card."""
        return seat_words(self.powers, seat)

    def prompt(self, seat: int | None) -> str:
        """What is being decided now and by whom (see :mod:`.texts`)."""
        return prompt_for(self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        """Carry out the action with its handler; then, once the player whose turn it is has no
        Actions left, the turn's actions end, unless that player stands on a Community Centre with
        harvests still to exchange (exchanging costs no Action)."""
        super()._apply(seat, action)
        if self.actions_left <= 0 and self.phase == "act":
            turn = self.turn
            if not (self.grid_kind[self.pos[turn]] == "centre" and self.baskets[turn]):
                self._end_actions()

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        """Why an action is refused, in the rulebook's words."""
        return explain(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (everything but the deck order)."""
        return make_view(self, seat)

    def resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redraw the draw deck: its road tiles' order and which Crisis tiles lie where in each stack."""
        unseen_crises = [c for c in CRISES if c not in self.resolved]
        rng.shuffle(unseen_crises)
        tiles = sorted(k for k in self.deck if k not in CRISES)  # sorted: depends on the view alone
        rng.shuffle(tiles)
        deck: list[str] = []
        top = len(self.deck)
        for n in self.sections:
            part = self.deck[top - n : top]
            top -= n
            has = sum(1 for k in part if k in CRISES)
            new = [tiles.pop() for _ in range(n - has)] + [unseen_crises.pop() for _ in range(has)]
            rng.shuffle(new)
            deck = new + deck
        self.deck = deck

    def check_invariants(self) -> None:
        """Resources, tiles and tokens all accounted for (see :mod:`.invariants`)."""
        check_invariants(self)

    # ----- positions (see :mod:`.position`) --------------------------------------------------------
    position_model = ResourcityPosition

    def position(self) -> ResourcityPosition:
        """This state's position."""
        return position_of(self)

    @classmethod
    def from_position(cls, game: Game[Content, ResourcityTables], fields: ResourcityPosition) -> Self:
        """The state a position describes, with Used, the token supply and the Farms derived."""
        state = cls.blank()
        State.__init__(state, game, 0)
        set_up_position(state, fields)
        return state
