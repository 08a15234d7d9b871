"""The table of a game of ResourCEd: the board, the Resource Bank, the hands and the Waste Pile, with
the definitions of Use, Waste and Recycle, and the steps of the Round that the rules, the turn
(:mod:`.turn`) and the Events (:mod:`.events`) share.

Work that needs no decision runs from a queue of tasks (``queue``, each a :data:`Task`); a task that
needs one sets ``phase`` (a :data:`Phase`) and its details in ``ctx``, and waits for an action. A
question put to the table waits in ``ballot`` (phase ``vote``), a trade being put together in ``deal``
(phase ``trade``); see :mod:`.together`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, TypeVar, get_args

from mypy_extensions import mypyc_attr

from loopcity.engine import State
from loopcity.engine.table import Ballot
from loopcity.engine.text import _

from .board import BGCS, CELLS, RING_CELLS, RING_SLICE
from .content import FOOD, WATER, Content, Tables
from .words import named

T = TypeVar("T")

Phase = Literal[
    "setup",
    "auto",
    "upkeep_waste",
    "supply",
    "penalty",
    "carya",
    "fix",
    "pay",
    "heat_choice",
    "remove",
    "cat",
    "cat_discard",
    "action",
    "any",
    "move",
    "place",
    "shop",
    "shop_waste",
    "end",
    "discard",
    "trade",
    "vote",
    "over",
]
"""What the table is doing: ``auto`` while queued tasks run, ``over`` at the end, else the decision
it waits for (the prompts in :mod:`.texts` say each in the rulebook's words)."""
DECISION_PHASES: tuple[Phase, ...] = tuple(p for p in get_args(Phase) if p != "auto")
"""Every phase a position or an observation can be in (all but ``auto``, which never waits): the one
list the state's :data:`Phase`, the position's phase and the observation's phase segment share."""
TURN_PHASES: frozenset[Phase] = frozenset(
    {"action", "any", "move", "shop", "shop_waste", "end", "discard", "trade"}
)
"""The decisions of the player whose turn it is."""
OWN_PHASES: frozenset[Phase] = frozenset({"heat_choice", "cat_discard"})
"""Decisions that an Event gives to one player (the one in ``ctx["seat"]``)."""
COLLECTIONS: frozenset[Phase] = frozenset({"supply", "penalty", "pay", "fix"})
"""Cards the players give together, each from their own hand (:mod:`.together`): the Upkeep's Food
and Water and its penalty, the Food that replants a flooded Garden, the pledges that fix what an
Event threatens."""
CHOICES: frozenset[Phase] = frozenset({"setup", "place", "carya", "remove", "cat"})
"""Choices the table makes by a majority: a player proposes (``ctx["seat"]``), everyone votes."""
TRADE_PHASES: frozenset[Phase] = frozenset({"action", "move", "end"})
"""The decisions between which the player whose turn it is may trade."""

TaskName = Literal[
    "round",
    "upkeep_waste",
    "supply",
    "penalty",
    "event",
    "turn",
    "round_end",
    "drought_fix",
    "drought_water",
    "heat",
    "flood",
]
"""The steps of a Round that the queue runs: a new Round, the Social Housing Upkeep (Waste from the
bank, Food and Water, the penalty for what was missed), the Event and the steps it adds, each turn,
and the Round's end."""
Task = tuple[TaskName] | tuple[TaskName, int]
"""A queued step: its name and, for ``supply`` a Resource, for ``turn`` and ``heat`` a seat
(0-based), for ``drought_fix`` and ``flood`` a tile."""

SETUP_RING1 = ("food_forest", "community_garden", "heat_haven", "social_housing", "recycler")
"""Setup 6: the tiles placed in Ring 1 before the choice of the last spot."""
SETUP_HOUSING = SETUP_RING1.count("social_housing")
"""The Social Housing Ring 1 holds from Setup."""
FIRST = 0
"""The first player of every Round (the youngest), who flips the Event card and proposes first in the
choices of Setup and the Events."""
Trade = dict[str, Any]
"""A trade being put together: ``with`` (the partner's seat), ``give`` and ``take`` (cards by
Resource index), ``back`` (the step of the turn it was put together in)."""


def covers(hand: Sequence[int], cost: Sequence[int]) -> bool:
    """Whether ``hand`` holds ``cost``: at least as many cards of each of the five Resources (both
    counted by Resource index; five comparisons, quicker than a loop, asked at most steps)."""
    return (
        hand[0] >= cost[0]
        and hand[1] >= cost[1]
        and hand[2] >= cost[2]
        and hand[3] >= cost[3]
        and hand[4] >= cost[4]
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class Table(State[Content, Tables]):
    """The fields of a game of ResourCEd and the helpers every part of the rules uses."""

    alternate: bool
    round: int
    ring: int
    """The current Ring that players have access to: new tiles go there (2, then 3)."""
    tiles: list[str | None]
    upgrades: list[str | None]
    count: dict[str, int]
    """Pieces of each kind on the board (derived from ``tiles`` and ``upgrades``)."""
    bank: list[int]
    hands: list[list[int]]
    waste: list[int]
    """The Waste Pile, bottom first, as Resource indices."""
    pos: list[int]
    queue: list[Task]
    phase: Phase
    ctx: dict[str, Any]
    turn_seat: int
    spin: int
    moves: int
    action_no: int
    crafts_left: int
    partner: int
    traded: int
    recycled: bool
    declined: list[list[Any]]
    """The trades declined this turn, as ``[partner, give, take]``: none is offered again."""
    put_aside: list[list[Any]]
    """The trades put aside unoffered this turn (``withdraw``), as ``[partner, give, take]``: none is
    put aside again (it would change nothing), though it may still be offered."""
    skip: list[bool]
    smoke: list[bool]
    missed: int
    event: str
    event_die: int
    """The die rolled for this Round's Event (0 before it is rolled)."""
    event_odds: int
    """The highest die number that drew a Good Event at this Round's roll (the Waste table)."""
    event_roll: int
    """A second die an Event rolled this Round (Trash Pickup Day's; 0 for none)."""
    ballot: Ballot | None
    """The question put to the table (phase ``vote``)."""
    deal: Trade | None
    """The trade being put together or offered (phases ``trade`` and ``vote``)."""
    result: str
    won: bool

    def __init__(self, game: Any, seed: int) -> None:
        super().__init__(game, seed)
        t = self.tables
        n = game.players
        self.alternate = bool(game.options["alternate_difficulty"])
        self.round = 0
        self.ring = 2
        self.tiles = [None] * CELLS
        self.upgrades = [None] * CELLS
        self.tiles[BGCS] = "bgcs"
        self.count = {k: 0 for k in t.pieces}
        for cell, tile in zip(RING_CELLS[1], SETUP_RING1, strict=False):
            self._put_tile(cell, tile)
        self.bank = [t.rules.bank_per_type] * 5
        self.hands = [[0] * 5 for _ in range(n)]
        self.waste = []
        for s in range(n):
            for r, k in enumerate(t.setup_hand):
                self._gain(s, r, k)
        self.pos = [BGCS] * n
        self.queue = []
        self.phase = "setup"
        self.ctx = {"seat": FIRST, "tries": 0}
        self._reset_turn(0)
        self.skip = [False] * n
        self.smoke = [False] * n
        self.missed = 0
        self.event = ""
        self.event_die = 0
        self.event_odds = 0
        self.event_roll = 0
        self.ballot = None
        self.deal = None
        self.result = ""
        self.won = False

    def _reset_turn(self, seat: int) -> None:
        """The fields of a turn as it starts (before the spin)."""
        self.turn_seat = seat
        self.spin = 0
        self.moves = 0
        self.action_no = 0
        self.crafts_left = 0
        self.partner = -1
        self.traded = 0
        self.recycled = False
        self.declined = []
        self.put_aside = []

    # ----- counts and limits -----------------------------------------------------------------
    @property
    def table_share(self) -> tuple[int, int]:
        """The ``small_table`` house rule's share: (4, players), the Rounds and hand space of a table of 4
        shared by the players at this one; (1, 1) without it (an option of the game, not a field)."""
        game = self.game
        return (game.spec.max_players, game.players) if game.options["small_table"] else (1, 1)

    @property
    def max_rounds(self) -> int:
        """The Round limit: 20, or 10 in the Alternate Difficulty (with the ``small_table`` house rule,
        scaled to a table of 4 and rounded up: 27 or 14 with 3 players)."""
        rules = self.tables.rules
        full, n = self.table_share
        return -(-(rules.alternate_rounds if self.alternate else rules.rounds) * full // n)

    def social_housing(self) -> int:
        """Social Housing on the board."""
        return self.count["social_housing"]

    def housing_in(self, ring: int) -> int:
        """Social Housing standing in Ring ``ring``."""
        return self.tiles[RING_SLICE[ring]].count("social_housing")

    def housing_needed(self, ring: int) -> int:
        """The Social Housing that Ring ``ring`` must hold to progress from it (Progression and
        Winning): Ring 1 its Setup one, Ring 2 the 2 more that make the 3 to open Ring 3, Ring 3
        the 3 additional that make the 6 to win."""
        rules = self.tables.rules
        totals = (0, SETUP_HOUSING, rules.housing_to_open_ring3, rules.housing_to_win)
        return totals[ring] - totals[ring - 1]

    def developed(self, ring: int) -> bool:
        """Whether every Ring up to ``ring`` holds the Social Housing it needs ("fully expanded")."""
        return all(self.housing_in(k) >= self.housing_needed(k) for k in range(1, ring + 1))

    def housing_left(self) -> int:
        """Social Housing still to build in the current Ring before progressing from it."""
        return max(0, self.housing_needed(self.ring) - self.housing_in(self.ring))

    def hand_limit(self) -> int:
        """The hand limit: 7 (with the ``small_table`` house rule, scaled to a table of 4 and rounded
        down: 9 with 3 players), + 2 per Shipping Container."""
        r = self.tables.rules
        full, n = self.table_share
        return r.hand_limit * full // n + r.hand_limit_per_container * self.count["shipping_container"]

    def trade_limit(self) -> int:
        """The Trade Limit: 3, + 2 per Shelter."""
        base, per_shelter = self.tables.trade_limits
        return base + per_shelter * self.count["shelter"]

    def has_composter(self) -> bool:
        """Whether a Composter is on the board (Food and Water are then Used, not Wasted)."""
        return self.count["composter"] > 0

    def holders(self, r: int) -> list[int]:
        """Seats holding at least one card of Resource ``r``."""
        return [s for s, h in enumerate(self.hands) if h[r]]

    def total_held(self, r: int) -> int:
        """Cards of Resource ``r`` in all hands."""
        return sum(h[r] for h in self.hands)

    def can_pay(self, seat: int, cost: tuple[int, ...]) -> bool:
        """Whether ``seat``'s hand holds ``cost``."""
        return covers(self.hands[seat], cost)

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
        """Use the cards of ``cost`` from ``seat``'s hand."""
        for r, n in enumerate(cost):
            if n:
                self._use(seat, r, n)

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

    # ----- pieces on the board ------------------------------------------------------------------
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
        t, tile = self.tables, self.tile_at(cell)
        self.note(
            lambda: _("The {upgrade} on the {tile} (hex {cell}) is removed from the board.").format(
                upgrade=named(t, upgrade), tile=named(t, tile), cell=cell
            ),
            kind="event",
        )

    def tile_at(self, cell: int) -> str:
        """The tile on ``cell``, which must hold one (a player always stands on a tile)."""
        tile = self.tiles[cell]
        assert tile is not None, f"no tile on {cell}"
        return tile

    # ----- the task queue -----------------------------------------------------------------------
    def _push_front(self, *tasks: Task) -> None:
        self.queue[0:0] = list(tasks)
