"""A heuristic bot that plays by the rulebook's Helpful Hints.

- Build a Composter as soon as possible (Food and Water stop being Wasted); nothing else before it.
- Build Social Housing only when ready: keep the setup's one while the economy grows, then build the
  rest in bursts that end the Round at zero Waste (a planner checks that the players still to act
  can build the rest and Recycle the whole pile, taking the Metal a burst lacks from a partner),
  keeping the last burst's cost and the next Upkeep in reserve before opening Ring 3.
- Plan a second Recycler early; carry its cost for the pile and the next Upkeep, and Operate when the
  pile would leave Zero Waste, or must be zero at the Round's end.
- Build Shipping Containers (hand size), Shelters (trading) and an Irrigation System, never from the
  Metal kept for a burst; no production tiles beyond Ring 1's.
- Trade to finish a craft or a Recycler's cost; give away cards instead of Wasting them.
- Waste the cards least needed for a missed Upkeep.
- Avoid Gathering cards that would be Wasted at the hand limit.
- At the table's decisions it acts on its own cards only: the player holding most gives (the Upkeep's
  Food and Water, the pledges of a fix), the others let them; it proposes what it would choose and
  votes yes on a proposal as good as its own; it accepts a trade unless the cards would take its hand
  over the hand limit.

Every player runs the same policy on the open table, so the team plays as one. The bot never
changes the state it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from loopcity.engine import Action, Game, Rng, State, derive_seed

from .actions import (
    CHOOSE,
    CHOOSE_SIXTH,
    CRAFT,
    CRAFTABLE,
    DISCARD,
    DONE,
    END_TURN,
    FIX,
    GATHER,
    GATHER_ANY,
    GIVE,
    LET_GO,
    MOVE,
    OFFER,
    OPERATE,
    PASS,
    PLACE,
    REMOVE,
    SHED,
    SHOP_DONE,
    TAKE,
    USE,
    VOTE,
    WASTE,
    WITHDRAW,
)
from .board import BGCS, CELLS, NEIGHBOURS, RING
from .content import FOOD, RESOURCE_INDEX, RESOURCES, WATER
from .rules import LEGAL, ResourcedState
from .table import Phase, covers
from .together import TAKES

_DIST: list[list[int]] = []
_PROPOSALS: dict[str, Action] = {}
"""Proposals put to the vote, read once (``place 14``: a few dozen in all)."""
_BOARDS: dict[tuple[object, ...], dict[object, Any]] = {}
"""What a board alone decides, for every seat and every decision on it, by the game and the board
(the Ring, the tiles, the Upgrades): the Social Housing left in the Ring, the plans' costs, the hand
limit, the Round limit, the items with a piece left and a place to go, the best place for an item;
by the Waste Pile's size besides, the plans (``wanted``, the target) and the table's demand; by the
hands, tiles and states of the players still to act, what they can do this Round. Shared by every
bot of the process, so the seats of a game and the playouts of a search share it (bounded: the 512
latest boards, each cleared past 4,096 entries when a bot comes to it; a few MB in a long search)."""
SIXTH_ORDER = ("heat_haven", "community_garden", "food_forest")
"""The bot's preference for the last spot of Ring 1."""


def _distances() -> list[list[int]]:
    if not _DIST:
        for a in range(CELLS):
            d = [99] * CELLS
            d[a] = 0
            frontier = [a]
            while frontier:
                nxt = []
                for c in frontier:
                    for n in NEIGHBOURS[c]:
                        if d[n] == 99:
                            d[n] = d[c] + 1
                            nxt.append(n)
                frontier = nxt
            _DIST.append(d)
    return _DIST


_DONE, _GATHER = DONE(), GATHER()
_END_TURN, _OFFER, _WITHDRAW = END_TURN(), OFFER(), WITHDRAW()
_YES, _NO = VOTE("yes"), VOTE("no")
_UNSET: Any = object()
"""A memo's mark for a value not worked out yet (where None is a value)."""


def _among(action: Action, legal: list[Action]) -> bool:
    """Whether ``action`` is in ``legal``: actions are made once for each kind and arguments, so
    the same object is looked for first (a list's ``in`` compares each one before it)."""
    for a in legal:
        if a is action:
            return True
    return action in legal


def _toward(hand: list[int], cost: tuple[int, ...]) -> int:
    """The cards of ``hand`` that count toward ``cost`` (``sum(map(min, hand, cost))``, in five
    steps: quicker than the builtins)."""
    return (
        (hand[0] if hand[0] < cost[0] else cost[0])
        + (hand[1] if hand[1] < cost[1] else cost[1])
        + (hand[2] if hand[2] < cost[2] else cost[2])
        + (hand[3] if hand[3] < cost[3] else cost[3])
        + (hand[4] if hand[4] < cost[4] else cost[4])
    )


def _front(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The pairs that no other pair matches or beats on both counts (any pair reaching two
    thresholds has one of these reaching them too)."""
    front: list[tuple[int, int]] = []
    most = -1
    for a, b in sorted(set(pairs), reverse=True):
        if b > most:
            front.append((a, b))
            most = b
    return front


class HeuristicBot:
    """Rule-of-thumb play for one seat (see the module docstring)."""

    name = "heuristic"

    def __init__(self, game: Game[Any, Any], seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(derive_seed(seed, seat, "resourced-heuristic"))
        self._memo: dict[object, Any] = {}
        """What this decision has worked out (:meth:`_decision` starts a new one for each state and
        step)."""
        self._memo_id, self._memo_step = 0, -1
        self._board: dict[object, Any] = {}
        """What the board decides (:data:`_BOARDS`), for the board of this decision."""
        self._tiles: list[str | None] = []
        self._upgrades: list[str | None] = []
        self._ring = 0
        self._game: object = None
        """The board of :attr:`_board` (copies)."""
        self._current: ResourcedState | None = None
        """The state being decided on (in :meth:`choose`), whose memos are fresh."""
        self._pile = 0
        """The Waste Pile's size in this decision (the plans' key in the board's memo)."""
        self._wanted_now: list[str] | None = None
        """:meth:`wanted` in this decision (the board's, read once a decision)."""
        self._target_now: Any = _UNSET
        """:meth:`target` in this decision (None is a target too)."""
        self._best: list[Any] | None = None
        """:meth:`best_at` in this decision, by the cell's class (:meth:`_cell_classes`), for the
        seat :attr:`_best_seat`: a list read by index rather than a memo of tuple keys."""
        self._best_seat = -1
        self._gains: dict[int, float] = {}
        """:meth:`gain_one` in this decision, by ``(seat * 5 + r) * 256 + k`` (a plain int key)."""
        self._partners_seat = -1
        self._partners: list[int] = []
        """:meth:`partners` in this decision, for the seat :attr:`_partners_seat`."""
        self._burst_seat = -1
        self._burst_left = 0
        self._burst = 0
        """:meth:`burst_now` in this decision, for :attr:`_burst_seat` and :attr:`_burst_left`."""
        self._take_seat = -1
        self._take_left = 0
        self._take: Action | None = None
        """:meth:`burst_take`'s search in this decision, for :attr:`_take_seat`, :attr:`_take_left`."""
        self._later_now: list[list[tuple[int, int]] | None] | None = None
        """:meth:`later_options` with each player's own hand in this decision, by player."""
        self._demand_now: list[int] | None = None
        """:meth:`demand` in this decision (the board's, read once a decision)."""
        self._reserve_left = -1
        self._reserve = False
        """:meth:`reserve_ok` in this decision, for :attr:`_reserve_left`."""

    def _decision(self, st: ResourcedState) -> dict[object, Any]:
        """This decision's memo, a new one for each state and step (and the board's, shared)."""
        if self._memo_step != st.step or self._memo_id != id(st):
            self._memo_id, self._memo_step = id(st), st.step
            if self._memo:  # an empty one serves the next decision as it is
                self._memo = {}
            self._pile = len(st.waste)
            self._wanted_now, self._target_now = None, _UNSET
            self._best = None
            if self._gains:
                self._gains = {}
            self._partners_seat = self._burst_seat = self._take_seat = self._reserve_left = -1
            self._later_now = self._demand_now = None
            tiles, upgrades = st.tiles, st.upgrades
            if (
                tiles != self._tiles
                or upgrades != self._upgrades
                or st.ring != self._ring
                or st.game is not self._game
            ):
                self._tiles, self._upgrades = list(tiles), list(upgrades)
                self._ring, self._game = st.ring, st.game
                key = (st.game, st.ring, *tiles, *upgrades)
                board = _BOARDS.get(key)
                if board is None:
                    if len(_BOARDS) >= 512:
                        _BOARDS.clear()
                    board = _BOARDS[key] = {}
                elif len(board) > 4096:  # hands seen on a long-lived board: start it afresh
                    board.clear()
                self._board = board
        return self._memo

    def _on_board(self, st: ResourcedState) -> dict[object, Any]:
        """The memo of what ``st``'s board decides (:data:`_BOARDS`)."""
        self._decision(st)
        return self._board

    # ----- plans ---------------------------------------------------------------------------------
    def wanted(self, st: ResourcedState) -> list[str]:
        """What the table should craft next, most urgent first (Helpful Hints)."""
        if st is not self._current:
            self._decision(st)
        out = self._wanted_now
        if out is None:
            board = self._board
            key = ("wanted", self._pile)
            out = board.get(key)
            if out is None:
                out = board[key] = self._wanted(st)
            self._wanted_now = out
        return out

    def _wanted(self, st: ResourcedState) -> list[str]:
        c = st.count
        waste = len(st.waste)
        sh = c["social_housing"]
        if not c["composter"]:
            return ["composter"]  # Basic Hint 5: a Composter as soon as possible
        out = []
        if self.housing_left(st) and c["composter"] and (c["recycler"] >= 2 or st.alternate):
            out.append("social_housing")
        if c["recycler"] < 2 and (not st.alternate or waste >= 8):
            out.append("recycler")
        if c["shipping_container"] < min(2, sh) and st.ring < 3 and self.housing_left(st):
            out.append("shipping_container")  # the first one early; none from Ring 3's kept Metal
        if st.ring == 3:
            return out  # Ring 3: every card goes to the last burst, the Upkeep and the Recycler
        if st.alternate:
            return out  # a short game: long-term investments do not pay back in 10 Rounds
        if not c["shelter"]:
            out.append("shelter")
        if st.ring == 3 and c["recycler"] < 3:
            out.append("recycler")
        if c["shipping_container"] < sh:
            out.append("shipping_container")
        if not c["irrigation_system"]:
            out.append("irrigation_system")
        return out

    def housing_left(self, st: ResourcedState) -> int:
        """Social Housing still to build in the current Ring before the next progression (or the
        win), counted once per board."""
        board = self._board if st is self._current else self._on_board(st)
        left = board.get("left")
        if left is None:
            left = board["left"] = st.housing_left()
        return left

    def partners(self, st: ResourcedState, seat: int) -> list[int]:
        """Who this player may trade with now (``trade_partners``), once per decision (read, never
        changed, by its callers)."""
        if st is not self._current:
            self._decision(st)
        if self._partners_seat != seat:
            self._partners = st.trade_partners(seat)
            self._partners_seat = seat
        return self._partners

    def crafts_this_turn(self, st: ResourcedState, seat: int) -> int:
        """How many crafts this player can still make this turn by staying on BGCS (or, in the
        movement step, by ending it there)."""
        if st.phase == "move":
            return 2
        if st.tiles[st.pos[seat]] != "bgcs":
            return 0
        if st.phase == "end":
            return st.crafts_left
        return 3 if st.action_no == 1 else 2

    def housing_ready(self, st: ResourcedState, seat: int) -> bool:
        """Build Social Housing only when ready (Basic Hint 6): in one burst, when the players
        still to act this Round can build every remaining one and Recycle the Waste Pile to zero
        (new Social Housing costs no Upkeep before the Round's end check). Before opening Ring 3
        the team also keeps the next Round's needs in reserve (:meth:`reserve_ok`)."""
        left = self.housing_left(st)
        if left <= 0:
            return False
        if not (st.ring == 3 or st.alternate) and not self.reserve_ok(st, left):
            return False
        return self.burst_now(st, seat, left) > 0

    def affordable(
        self,
        st: ResourcedState,
        p: int,
        most: int,
        spent: tuple[int, ...] = (0,) * 5,
        hand: tuple[int, ...] | list[int] | None = None,
    ) -> int:
        """How many Social Housing player ``p`` can pay for (at most ``most``) after ``spent``
        (from ``hand`` when given, else from the player's hand)."""
        if most <= 0:
            return 0
        cost = st.tables.tile_cost["social_housing"]
        if hand is None:
            hand = st.hands[p]
        k = most
        for r in range(5):  # by index: quicker than ``zip`` compiled
            n = hand[r] - spent[r]
            if n < 0:
                return 0
            c = cost[r]
            if c and n // c < k:
                k = n // c
        return k

    def recyclers_within(self, st: ResourcedState, cell: int, reach: int) -> int:
        """The most Waste one Operation removes on a Recycler within ``reach`` steps of ``cell``."""
        dist = _distances()[cell]
        best = 0
        for c, tile in enumerate(st.tiles):
            if tile == "recycler" and dist[c] <= reach:
                best = max(best, st.tables.recycler_removal[RING[c] - 1])
        return best

    def max_rounds(self, st: ResourcedState) -> int:
        """The Round limit (``ResourcedState.max_rounds``), once per board."""
        board = self._board if st is self._current else self._on_board(st)
        most = board.get("max_rounds")
        if most is None:
            most = board["max_rounds"] = st.max_rounds
        return most

    def held(self, st: ResourcedState) -> list[int]:
        """The cards of each Resource in all hands, once per decision (read, never changed)."""
        memo = self._memo if st is self._current else self._decision(st)
        held = memo.get("held")
        if held is None:
            a = b = c = d = e = 0  # by Resource, in one pass (3x quicker than zip and sum)
            for cards in st.hands:
                a += cards[0]
                b += cards[1]
                c += cards[2]
                d += cards[3]
                e += cards[4]
            held = memo["held"] = [a, b, c, d, e]
        return held

    def reach(self, st: ResourcedState) -> int:
        """The steps the planner counts on for a later player's spin: the least spin when a failed
        burst can still be mended (1 before Ring 3), 2 in Ring 3 (two spins in three with the
        spinner's 1-3), and the largest spin in the last Round, where waiting loses for sure."""
        faces = st.tables.spinner
        if st.round >= self.max_rounds(st):
            return max(faces)
        if st.ring == 3:
            return min(2, max(faces))
        return min(faces)

    def later_options(
        self, st: ResourcedState, p: int, hand: tuple[int, ...] | list[int] | None = None
    ) -> list[tuple[int, int]]:
        """(Social Housing crafted, Waste Recycled) that a later player can do this Round, counting
        on a spin of :meth:`reach` steps (with ``hand`` when given, else with the player's hand):
        once per board for each hand, tile and state of the player (read, never changed, by its
        callers)."""
        if hand is not None:
            return self._later_on_board(st, p, hand)
        if st is not self._current:
            self._decision(st)
        mine = self._later_now
        if mine is None:
            mine = self._later_now = [None] * st.players
        opts = mine[p]
        if opts is None:
            opts = mine[p] = self._later_on_board(st, p, st.hands[p])
        return opts

    def _later_on_board(
        self, st: ResourcedState, p: int, hand: tuple[int, ...] | list[int]
    ) -> list[tuple[int, int]]:
        """:meth:`later_options` for ``hand``, by the board's memo of hands, tiles and states."""
        if st.skip[p]:
            return [(0, 0)]
        board = self._board if st is self._current else self._on_board(st)
        key = ("later", st.round >= self.max_rounds(st), st.pos[p], st.smoke[p], *hand)
        opts = board.get(key)
        if opts is None:
            opts = board[key] = self._later_options(st, p, hand)
        return opts

    def _later_options(
        self, st: ResourcedState, p: int, hand: tuple[int, ...] | list[int]
    ) -> list[tuple[int, int]]:
        rules = st.tables.rules
        reach = self.reach(st)
        reach += rules.bus_stop_movement if st.upgrades[BGCS] == "bus_stop" else 0
        reach = max(0, reach - (rules.bushfire_smoke_movement if st.smoke[p] else 0))
        op = st.tables.recycler_operating
        pos = st.pos[p]
        opts = [(0, 0)]
        pays = all(h >= c for h, c in zip(hand, op, strict=True))
        if pays:
            opts.append((0, self.recyclers_within(st, pos, reach)))
        d = _distances()[pos][BGCS]
        if d == 0:
            opts.append((self.affordable(st, p, 3, hand=hand), 0))
            if pays:
                opts.append((self.affordable(st, p, 1, op, hand), self.recyclers_within(st, BGCS, reach)))
        elif d <= reach:
            opts.append((self.affordable(st, p, 2, hand=hand), 0))
            if st.tiles[pos] == "recycler" and pays:
                opts.append((self.affordable(st, p, 2, op, hand), st.tables.recycler_removal[RING[pos] - 1]))
        return opts

    def own_options(self, st: ResourcedState, seat: int, left: int) -> list[tuple[int, int]]:
        """(Social Housing crafted now, Waste Recycled later this turn) for the acting player."""
        k = self.affordable(st, seat, min(left, self.crafts_this_turn(st, seat)))
        opts = [(k, 0)] if k else []
        op = st.tables.recycler_operating
        first = st.phase == "action" and st.action_no == 1 and st.pos[seat] == BGCS
        if first and not st.recycled and st.can_pay(seat, op):
            one = self.affordable(st, seat, 1, op)
            if one:
                opts.append((1, self.recyclers_within(st, st.pos[seat], st.moves)))
        return opts

    def later_combos(self, st: ResourcedState) -> list[tuple[int, int]]:
        """(Social Housing crafted, Waste Recycled) that the players still to act this Round can do
        together (:meth:`later_options`), leaving out the pairs another beats on both counts: once
        per board for their hands, tiles and states (read, never changed, by its callers)."""
        memo = self._memo if st is self._current else self._decision(st)
        combos = memo.get("later")
        if combos is None:
            later = range(st.turn_seat + 1, st.players)
            last = st.round >= self.max_rounds(st)
            parts: list[object] = ["combos", last]
            for p in later:  # one flat key: eight fields for each player
                parts.append(st.pos[p])
                parts.append(st.smoke[p])
                parts.append(st.skip[p])
                parts.extend(st.hands[p])
            key = tuple(parts)
            board = self._board
            combos = board.get(key)
            if combos is None:
                combos = [(0, 0)]
                for p in later:  # a pair beaten at any stage stays beaten
                    opts = self.later_options(st, p)
                    combos = _front([(a + c, b + r) for a, b in combos for c, r in opts])
                board[key] = combos
            memo["later"] = combos
        return combos

    def burst_now(self, st: ResourcedState, seat: int, left: int) -> int:
        """Social Housing this player should craft now: the most that still lets the players to
        act this Round build the rest and Recycle the Waste Pile to zero (0: no such plan)."""
        if st is not self._current:
            self._decision(st)
        if self._burst_seat == seat and self._burst_left == left:  # the phase is the state's
            return self._burst
        combos = self.later_combos(st)
        pile = len(st.waste)
        best = 0
        for k, r in sorted(self.own_options(st, seat, left), reverse=True):
            if any(k + c >= left and r + rr >= pile for c, rr in combos):
                best = max(best, k)
        self._burst_seat, self._burst_left, self._burst = seat, left, best
        return best

    def burst_take(self, st: ResourcedState, seat: int) -> Action | None:
        """The first card to take from a partner when that lets this player craft Social Housing
        now in a burst that the players still to act can finish, Recycling the pile to zero, when
        no burst works with the cards in this player's own hand (Basic Hint 8: trade)."""
        left = self.housing_left(st)
        if left <= 0 or "social_housing" not in self.wanted(st):
            return None
        if not (st.ring == 3 or st.alternate) and not self.reserve_ok(st, left):
            return None
        crafts = min(left, self.crafts_this_turn(st, seat))
        if crafts <= 0 or self.burst_now(st, seat, left) > 0:
            return None
        partners = self.partners(st, seat)
        if not partners:
            return None
        if self._take_seat == seat and self._take_left == left:  # partners() began the decision
            return self._take
        cost = st.tables.tile_cost["social_housing"]
        hand = st.hands[seat]
        room = st.trade_limit() - st.traded
        pile = len(st.waste)
        found: Action | None = None
        for k in range(crafts, 0, -1):
            lack = [max(0, k * cost[r] - hand[r]) for r in range(5)]
            if not sum(lack) or sum(lack) > room:
                continue
            for q in partners:
                theirs = st.hands[q]
                if not covers(theirs, lack):
                    continue
                rest = [theirs[r] - lack[r] for r in range(5)]
                combos: list[tuple[int, int]] = [(0, 0)]
                for p in range(st.turn_seat + 1, st.players):
                    opts = self.later_options(st, p, rest if p == q else None)
                    combos = [(a + c, b + r) for a, b in combos for c, r in opts]
                if any(k + c >= left and rr >= pile for c, rr in combos):
                    r = next(i for i, n in enumerate(lack) if n)
                    found = TAKE(q + 1, RESOURCES[r])
                    break
            if found is not None:
                break
        self._take_seat, self._take_left, self._take = seat, left, found
        return found

    def reserve_ok(self, st: ResourcedState, left: int) -> bool:
        """Before opening Ring 3 the team keeps, beyond this burst, the next Round's Upkeep Food and
        Water and the last burst's cost, so that it follows at once (Ring 3's Upkeep is dear);
        late in the game it opens Ring 3 as soon as it can."""
        board = self._board if st is self._current else self._on_board(st)
        if self._reserve_left == left:  # this decision's (the held cards are the state's)
            return self._reserve
        early = st.round < self.max_rounds(st) - 5
        key = ("reserve", left, early)
        need = board.get(key)
        if need is None:
            goal = st.social_housing() + left
            cost = st.tables.tile_cost["social_housing"]
            need = [(st.housing_needed(st.ring + 1) + left) * c for c in cost]
            if early:
                need[FOOD] += goal
                need[WATER] += goal
            else:
                need = [0, 0, 0, goal, goal]
            board[key] = need
        ok = self._reserve = covers(self.held(st), need)
        self._reserve_left = left
        return ok

    def target(self, st: ResourcedState, seat: int) -> str | None:
        """The first wanted item that can be placed and has pieces left."""
        if st is not self._current:
            self._decision(st)
        found: Any = self._target_now
        if found is _UNSET:
            board = self._board
            key = ("target", self._pile)
            found = board.get(key, _UNSET)
            if found is _UNSET:  # None is a target too: no item to craft
                found = board[key] = self._target(st, self.wanted(st))
            self._target_now = found
        item: str | None = found
        return item

    def _target(self, st: ResourcedState, wanted: list[str]) -> str | None:
        t = st.tables
        for item in wanted:
            if st.count[item] < t.pieces[item] and st.placements(item):
                return item
        return None

    def plan_cost(self, st: ResourcedState, item: str) -> tuple[int, ...]:
        """What the table collects for ``item``: for the last Social Housing, all of them at once
        (once per board)."""
        board = self._board if st is self._current else self._on_board(st)
        plans: dict[str, tuple[int, ...]] | None = board.get("plans")
        if plans is None:
            plans = board["plans"] = {}
        cost = plans.get(item)
        if cost is None:
            cost = plans[item] = self._plan_cost(st, item)
        return cost

    def _plan_cost(self, st: ResourcedState, item: str) -> tuple[int, ...]:
        cost = st.tables.craft_cost(item, st.ring)
        if item != "social_housing":
            return cost
        k = max(1, self.housing_left(st))
        return tuple([k * c for c in cost])

    def demand(self, st: ResourcedState, seat: int) -> list[int]:
        """Cards of each Resource the table would like to hold (craft, Recycling, next Upkeep), once
        per decision (read, never changed, by its callers)."""
        if st is not self._current:
            self._decision(st)
        need = self._demand_now
        if need is None:
            board = self._board
            key = ("demand", self._pile)
            need = board.get(key)
            if need is None:  # the table's: the same for every seat
                need = board[key] = self._demand(st, seat)
            self._demand_now = need
        return need

    def _demand(self, st: ResourcedState, seat: int) -> list[int]:
        t = st.tables
        need = [0] * 5
        item = self.target(st, seat)
        if item is not None:
            need = list(self.plan_cost(st, item))
        pile = len(st.waste)
        pile += st.tables.rules.upkeep_waste_per_housing * st.social_housing()
        runs = min(st.players, -(-pile // 5))
        need = [n + runs * o for n, o in zip(need, t.recycler_operating, strict=True)]
        sh = st.social_housing()
        need[FOOD] += sh
        need[WATER] += sh
        if not st.has_composter():
            need[FOOD] = max(need[FOOD], 2)
        return need

    def lacks(self, st: ResourcedState, seat: int) -> list[int]:
        """What the table lacks of its demand, counting every hand."""
        need = self.demand(st, seat)
        held = self.held(st)
        return [need[r] - held[r] for r in range(5)]

    def personal(self, st: ResourcedState, seat: int) -> list[int]:
        """Cards this player wants in hand: the Recycler's cost (or the next craft's), and upkeep
        (the same for every seat, once per board; read, never changed, by its callers)."""
        board = self._board if st is self._current else self._on_board(st)
        key = ("personal", self._pile)
        want = board.get(key)
        if want is None:
            want = board[key] = self._personal(st, seat)
        return want

    def _personal(self, st: ResourcedState, seat: int) -> list[int]:
        t = st.tables
        want = list(t.recycler_operating)
        item = self.target(st, seat)
        if item is not None:
            want = [max(a, b) for a, b in zip(want, self.plan_cost(st, item), strict=True)]
        share = -(-st.social_housing() // st.players)
        want[FOOD] += share
        want[WATER] += share
        return want

    # ----- scoring Actions on a tile --------------------------------------------------------------
    def _base(self, st: ResourcedState, seat: int) -> tuple[list[int], list[int], list[int]]:
        """(personal wants, table lacks, Upkeep Food/Water still missing), once per decision."""
        memo = self._memo if st is self._current else self._decision(st)
        base = memo.get("base")
        if base is None:
            held = self.held(st)
            sh = st.social_housing() + 1
            need = self.demand(st, seat)
            base = (self.personal(st, seat), [need[r] - held[r] for r in range(5)], [sh - x for x in held])
            memo["base"] = base
        return base

    def hand_limit(self, st: ResourcedState) -> int:
        """The hand limit (``ResourcedState.hand_limit``), once per board."""
        board = self._board if st is self._current else self._on_board(st)
        limit = board.get("hand_limit")
        if limit is None:
            limit = board["hand_limit"] = st.hand_limit()
        return limit

    def craftable(self, st: ResourcedState, seat: int) -> list[str]:
        """The items this player can craft (``ResourcedState.craftable``): those with a piece left
        and a place to go are the board's, once per board; what the hand pays for, once per
        decision."""
        memo = self._memo if st is self._current else self._decision(st)
        key = ("craftable", seat)
        found = memo.get(key)
        if found is None:
            board = self._board
            open_items = board.get("open_items")
            if open_items is None:
                t = st.tables
                open_items = board["open_items"] = [
                    (item, t.craft_cost(item, st.ring))
                    for item in CRAFTABLE
                    if st.count[item] < t.pieces[item] and st.placements(item)
                ]
            hand = st.hands[seat]
            found = memo[key] = [item for item, cost in open_items if covers(hand, cost)]
        return found

    def gain_one(self, st: ResourcedState, seat: int, r: int, k: int) -> float:
        """:meth:`gain_value` of ``k`` cards of Resource ``r``, nothing paid first (once per
        decision for each), its sums in the same order."""
        memo = self._memo if st is self._current else self._decision(st)
        gains = self._gains
        key = (seat * 5 + r) * 256 + k
        value = gains.get(key)
        if value is not None:
            return value
        base: tuple[list[int], list[int], list[int]] = memo.get("base") or self._base(st, seat)
        personal, lacks, upkeep = base
        hand = st.hands[seat]
        h: int = hand[r]  # typed: plain ints compiled, not objects
        want: int = personal[r]
        lack: int = lacks[r]
        up: int = upkeep[r]
        limit: int = self._board.get("hand_limit") or self.hand_limit(st)
        room = limit - (hand[0] + hand[1] + hand[2] + hand[3] + hand[4])
        op: int = st.tables.recycler_operating[r]
        food_or_water = r == FOOD or r == WATER
        value = 0.0
        for _ in range(k):
            if food_or_water and up > 0:
                up -= 1
                v = 7.0
            elif h < want:
                if op and h < op:
                    v = 3.0 + min(len(st.waste), 12) / 4
                else:
                    v = 4.0 if food_or_water else 3.0
            elif lack > 0:
                v = 1.5
            else:
                v = 0.2 if h < 2 else -0.6
            h += 1
            lack -= 1
            room -= 1
            value += v if room >= 0 else -1.5
        gains[key] = value
        return value

    def gain_value(
        self, st: ResourcedState, seat: int, gains: list[int], spent: tuple[int, ...] = (0,) * 5
    ) -> float:
        """What the cards ``gains`` (after paying ``spent``) are worth to this player, card by card:
        Upkeep Food and Water still missing first, then the player's own wants (the Recycler's
        cards most while Waste waits), then what the table lacks; a card past the hand limit costs."""
        personal, lacks, upkeep = self._base(st, seat)
        if any(spent):
            hand = [h - s for h, s in zip(st.hands[seat], spent, strict=True)]
            upkeep = [u + k for u, k in zip(upkeep, spent, strict=True)]
            lack = [n + k for n, k in zip(lacks, spent, strict=True)]
        else:  # nothing paid first (most asks): copies
            hand, upkeep, lack = [*st.hands[seat]], [*upkeep], [*lacks]
        value = 0.0
        room = self.hand_limit(st) - sum(hand)
        operating = st.tables.recycler_operating
        for r, k in enumerate(gains):
            for _ in range(k):
                if (r == FOOD or r == WATER) and upkeep[r] > 0:
                    upkeep[r] -= 1
                    v = 7.0
                elif hand[r] < personal[r]:
                    if operating[r] and hand[r] < operating[r]:
                        v = 3.0 + min(len(st.waste), 12) / 4
                    else:
                        v = 4.0 if r in (FOOD, WATER) else 3.0
                elif lack[r] > 0:
                    v = 1.5
                else:
                    v = 0.2 if hand[r] < 2 else -0.6
                hand[r] += 1
                lack[r] -= 1
                room -= 1
                value += v if room >= 0 else -1.5
        return value

    def craft_value(self, st: ResourcedState, item: str, seat: int) -> float:
        wanted = self.wanted(st)
        if item not in wanted:
            return -1.0
        if item == "social_housing":
            return 100.0 if self.housing_ready(st, seat) else -1.0
        return 40.0 - 4 * wanted.index(item)

    def recycle_value(self, st: ResourcedState, seat: int, cell: int) -> float:
        if st.recycled or not st.can_pay(seat, st.tables.recycler_operating):
            return -1.0
        removed = min(len(st.waste), st.tables.recycler_removal[RING[cell] - 1])
        if removed == 0:
            return -1.0
        if self.housing_left(st) and st.round < self.max_rounds(st):
            # no Social Housing built this Round yet: the pile need not be zero at its end; Recycle
            # once the next Upkeep would take it out of the best Event odds (Zero Waste: 0-5)
            nxt = len(st.waste) + st.tables.rules.upkeep_waste_per_housing * st.social_housing()
            if nxt <= self.calm_pile(st):
                return -1.0
        return 36.0 + 4.0 * removed

    def calm_pile(self, st: ResourcedState) -> int:
        """The largest Waste Pile of the best Waste Condition (Zero Waste: 0-5)."""
        conditions = st.tables.conditions
        return conditions[1][0] - 1 if len(conditions) > 1 else st.tables.rules.max_waste - 1

    def best_at(self, st: ResourcedState, seat: int, cell: int) -> tuple[float, Action | None]:
        """The best Action on ``cell`` for this player's current hand, with its value (once per
        decision for each tile, Ring and Upgrade: cells alike in these are valued alike)."""
        classes, row = self._best_row(st, seat)
        c = classes[cell]
        hit = row[c]
        if hit is None:
            hit = row[c] = self._best_at(st, seat, cell)
        return hit

    def _best_row(self, st: ResourcedState, seat: int) -> tuple[list[int], list[Any]]:
        """The board's cell classes and this decision's :meth:`best_at` by class, for ``seat``."""
        if st is not self._current:
            self._decision(st)
        row = self._best
        if row is None or self._best_seat != seat:
            row = self._best = [None] * CELLS
            self._best_seat = seat
        board = self._board
        classes: list[int] | None = board.get("classes")
        if classes is None:
            classes = board["classes"] = self._cell_classes(st)
        return classes, row

    def _cell_classes(self, st: ResourcedState) -> list[int]:
        """Each cell's class on this board: cells with the same tile, Ring and Upgrade share one
        (their Actions are valued alike)."""
        seen: dict[tuple[str | None, int, str | None], int] = {}
        tiles, upgrades = st.tiles, st.upgrades
        return [seen.setdefault((tiles[c], RING[c], upgrades[c]), len(seen)) for c in range(CELLS)]

    def _best_at(self, st: ResourcedState, seat: int, cell: int) -> tuple[float, Action | None]:
        t = st.tables
        tile = st.tiles[cell]  # ``tile_at``
        assert tile is not None
        best: tuple[float, Action | None] = (-5.0, None)
        if tile == "bgcs":
            for item in self.craftable(st, seat):
                v = self.craft_value(st, item, seat)
                if v > best[0] and v > 0:
                    best = (v, CRAFT(item))
            extra = 1 if st.upgrades[BGCS] == "bus_stop" else 0
            r = self.most_needed(st, seat)
            v = self.gain_one(st, seat, r, t.rules.bgcs_gather + extra) - 0.5
            if v > best[0] and st.bank[r]:
                best = (v, GATHER_ANY(RESOURCES[r]))
            return best
        if tile == "recycler":
            v = self.recycle_value(st, seat, cell)
            return (v, OPERATE()) if v > 0 else (-10.0, PASS())
        r = t.produces[tile]
        upgrade = st.upgrades[cell]
        k = t.production[RING[cell] - 1] + (1 if upgrade else 0)  # ``gather_amount``
        bank = st.bank[r]
        best = (self.gain_one(st, seat, r, bank if bank < k else k), _GATHER)
        if upgrade is not None:
            cost, out = t.operation[upgrade]
            if any(cost) and covers(st.hands[seat], cost):
                v = self.gain_value(st, seat, list(out), cost) - 0.3 * sum(cost)
                if v > best[0]:
                    best = (v, OPERATE())
        return best

    def most_needed(self, st: ResourcedState, seat: int) -> int:
        """The Resource the table lacks most (the bank's largest on a tie, then the first), once
        per decision."""
        memo = self._memo if st is self._current else self._decision(st)
        r = memo.get("most_needed")
        if r is None:
            lack = self._base(st, seat)[1]  # what the table lacks (``lacks``)
            bank = st.bank
            r, most, banked = 0, lack[0], bank[0]  # the first of the largest (lack, bank)
            for i in range(1, 5):
                n = lack[i]
                if n > most or (n == most and bank[i] > banked):
                    r, most, banked = i, n, bank[i]
            memo["most_needed"] = r
        return r

    # ----- decisions -------------------------------------------------------------------------------
    def choose(self, state: State[Any, Any], seat: int) -> Action:
        assert isinstance(state, ResourcedState)
        legal = state.legal_actions(seat)
        handler = CHOICES.get(state.phase)
        self._decision(state)
        self._current = state  # the memos are this state's until the choice is made
        try:
            action = handler(self, state, seat, legal) if handler is not None else None
        finally:
            self._current = None
        if action is None or not _among(action, legal):
            action = legal[0]
        return action

    def _setup(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: self._rank_setup(st, a))

    def _least_needed_bank(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        """The Resource to Waste from the bank: the one the bank has most of, for what the team needs."""
        need = self.team_need(st)

        def spare(a: Action) -> int:
            r = RESOURCE_INDEX[WASTE.read(a).resource]
            return st.bank[r] - 3 * need[r]

        return max(legal, key=spare)

    def team_need(self, st: ResourcedState) -> list[int]:
        item = self.target(st, 0)
        need = list(self.plan_cost(st, item)) if item else [0] * 5
        return [n + o for n, o in zip(need, st.tables.recycler_operating, strict=True)]

    def _gives_first(self, st: ResourcedState, seat: int) -> bool:
        """Whether this player should give the next card of the collection in progress: the one
        with most cards to give (the first in turn order on a tie)."""
        first = max(st.givers(), key=lambda s: (st.spare(s), -s))
        return first == seat

    def _supply(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        """Source the Food or Water when holding most of it; else let the others."""
        if _among(_DONE, legal) and not self._gives_first(st, seat):
            return DONE()
        return legal[0]

    def _pay(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        return self._supply(st, seat, legal)

    def _penalty(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        if legal[0].kind == WASTE.name:
            return self._least_needed_bank(st, seat, legal)
        if _among(_DONE, legal) and not self._gives_first(st, seat):
            return DONE()
        hand = st.hands[seat]
        sheds = [a for a in legal if a.kind == SHED.name]
        need = self.demand(st, seat)

        def spare(a: Action) -> int:
            r = RESOURCE_INDEX[SHED.read(a).resource]
            return hand[r] - need[r]

        return max(sheds, key=spare)

    def wants_fix(self, st: ResourcedState) -> bool:
        """Whether the table should fix what the Event threatens: always, but a flooded Garden
        without a Composter is let go while another Composter stands."""
        if st.ctx["event"] == "flood":
            cell = st.ctx["cell"]
            return st.upgrades[cell] == "composter" or not st.has_composter()
        return True

    def _fix(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        """Pledge when the fix is wanted and this player holds most; let others who can."""
        if not self.wants_fix(st):
            return LET_GO()
        if self._gives_first(st, seat):
            return FIX()
        others = sum(st.spare(s) for s in st.givers() if s != seat)
        return LET_GO() if others >= st.ctx["left"] else FIX()

    def _heat_choice(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        hand = st.hands[seat]
        return USE(RESOURCES[FOOD]) if hand[FOOD] >= hand[WATER] else USE(RESOURCES[WATER])

    def _cat(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: self._rank_cat(st, a))

    def _discard_choice(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        hand = st.hands[seat]
        need = self.demand(st, seat)

        def spare(a: Action) -> int:
            r = RESOURCE_INDEX[DISCARD.read(a).resource]
            return hand[r] - need[r]

        return max(legal, key=spare)

    def _rank_setup(self, st: ResourcedState, a: Action) -> tuple[int, ...]:
        """The last spot of Ring 1: Water or Food near BGCS first (the Upkeep needs both)."""
        tile = CHOOSE_SIXTH.read(a).tile
        return (0 if tile != "food_forest" else 1, SIXTH_ORDER.index(tile))

    def _rank_carya(self, st: ResourcedState, a: Action) -> tuple[int, ...]:
        """Join CARYA: a Composter first while none stands, then Social Housing's Container."""
        order = {"community_garden": 0, "social_housing": 1, "heat_haven": 2, "food_forest": 3}
        if st.has_composter():
            order["community_garden"] = 4
        c = PLACE.read(a).cell
        return (order[st.tile_at(c)], RING[c], c)

    def _carya(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: self._rank_carya(st, a))

    def _rank_remove(self, st: ResourcedState, a: Action) -> tuple[int, ...]:
        """Vandalism: the Shipping Container farthest out goes."""
        c = REMOVE.read(a).cell
        return (-RING[c], -c)

    def _remove(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: self._rank_remove(st, a))

    def _rank_place(self, st: ResourcedState, a: Action) -> tuple[int, ...]:
        """An Upgrade nearest BGCS; a tile where most tiles stand around it, near BGCS."""
        dist = _distances()
        c = PLACE.read(a).cell
        if st.tables.upgrade_tile.get(st.ctx["item"]):
            return (dist[BGCS][c], c)
        placed = sum(1 for n in NEIGHBOURS[c] if st.tiles[n] is not None)
        return (-placed, dist[BGCS][c], c)

    def _place(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        """The best-ranked place (once per board for each item and set of places)."""
        board = self._board if st is self._current else self._on_board(st)
        key = ("place", st.ctx["item"], *[a.args for a in legal])
        best = board.get(key)
        if best is None:
            best = board[key] = min(legal, key=lambda a: self._rank_place(st, a))
        return best

    def _rank_cat(self, st: ResourcedState, a: Action) -> tuple[int, ...]:
        """Propurrrty Damage: the player holding most cards Wastes one."""
        s = CHOOSE.read(a).seat
        return (-sum(st.hands[s - 1]), s)

    def _shop(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        return SHOP_DONE()

    def _any(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        r = self.most_needed(st, seat)
        return GATHER_ANY(RESOURCES[r]) if st.bank[r] else legal[0]

    def crafter(self, st: ResourcedState, seat: int) -> int | None:
        """The player who collects the next big craft's cost: the one holding most of it (once per
        decision)."""
        memo = self._memo if st is self._current else self._decision(st)
        who: int | None = memo.get("crafter", -1)
        if who == -1:
            who = memo["crafter"] = self._crafter(st, seat)
        return who

    def _crafter(self, st: ResourcedState, seat: int) -> int | None:
        item = self.target(st, seat)
        if item is None:
            return None
        cost = self.plan_cost(st, item)
        if sum(cost) < 5:
            return None
        who, most = 0, -1
        for p, hand in enumerate(st.hands):  # the first of those holding most
            held = _toward(hand, cost)
            if held > most:
                who, most = p, held
        return who

    def feed_crafter(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action | None:
        """Give the crafter a card of the big craft's cost that they lack."""
        who = self.crafter(st, seat)
        if who is None or who == seat or who not in self.partners(st, seat):
            return None
        item = self.target(st, seat)
        if item is None:  # never: crafter() found a target
            return None
        cost = self.plan_cost(st, item)
        mine = st.hands[seat]
        theirs = st.hands[who]
        for r in range(5):
            if theirs[r] < cost[r] and mine[r]:
                return GIVE(who + 1, RESOURCES[r])
        return None

    def _action(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        take = self.burst_take(st, seat)
        if take is not None and _among(take, legal) and self.trade_ok(st, take):
            return take
        trade = self.completing_trade(st, seat, legal) or self.feed_crafter(st, seat, legal)
        if trade is not None and self.trade_ok(st, trade):
            return trade
        value, action = self.best_at(st, seat, st.pos[seat])
        if action is not None and _among(action, legal):
            return action
        tile_acts = [a for a in legal if a.kind != GIVE.name and a.kind != TAKE.name]
        return tile_acts[0]

    def _move(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        take = self.burst_take(st, seat)
        if take is not None and _among(take, legal) and self.trade_ok(st, take):
            return take
        trade = self.completing_trade(st, seat, legal)
        if trade is not None and self.trade_ok(st, trade):
            return trade
        dist = _distances()
        goal = self.goal_cell(st, seat)
        classes, row = self._best_row(st, seat)
        move = MOVE.name
        best, best_v = legal[0], -1e9
        for a in legal:
            if a.kind != move:
                continue
            cell = cast(int, a.args[0])  # ``MOVE.read(a).cell``, read in place
            c = classes[cell]
            hit = row[c]
            if hit is None:
                hit = row[c] = self._best_at(st, seat, cell)
            v = hit[0]
            if goal is not None:
                v -= 0.8 * dist[cell][goal]
            if v > best_v:
                best, best_v = a, v
        return best

    def goal_cell(self, st: ResourcedState, seat: int) -> int | None:
        """Where the player heads over several turns: BGCS to craft, a Recycler to Recycle."""
        if st.waste and st.can_pay(seat, st.tables.recycler_operating):
            board = self._board if st is self._current else self._on_board(st)
            cells = board.get("recyclers")
            if cells is None:
                cells = board["recyclers"] = [c for c, tile in enumerate(st.tiles) if tile == "recycler"]
            dist = _distances()[st.pos[seat]]
            return min(cells, key=dist.__getitem__)
        item = self.target(st, seat)
        if item is not None and st.can_pay(seat, self.plan_cost(st, item)):
            return BGCS
        if self.crafter(st, seat) == seat:
            return BGCS
        return None

    def _end(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        take = self.burst_take(st, seat)
        if take is not None and _among(take, legal) and self.trade_ok(st, take):
            return take
        for a in legal:
            if a.kind == CRAFT.name and self.craft_value(st, CRAFT.read(a).item, seat) > 0:
                return a
        feed = self.feed_crafter(st, seat, legal)
        if feed is not None and self.trade_ok(st, feed):
            return feed
        excess = sum(st.hands[seat]) - self.hand_limit(st)
        if excess > 0:
            gift = self.gift(st, seat, legal)
            if gift is not None and self.trade_ok(st, gift):
                return gift
        return _END_TURN

    # ----- the table's questions ---------------------------------------------------------------------
    def _vote(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        """Answer a trade offered, or vote on a proposal: yes when it is as good as this bot's own
        choice would be."""
        ballot = st.ballot
        assert ballot is not None
        if ballot["subject"] == "trade":
            return _YES if self.accepts_trade(st, seat) else _NO
        back = ballot["data"]["back"]
        options = LEGAL[back](st, ballot["by"])
        subject = ballot["subject"]
        proposal = _PROPOSALS.get(subject)
        if proposal is None:
            proposal = _PROPOSALS[subject] = Action.parse(subject)
        mine = CHOICES[back](self, st, seat, options)
        if proposal == mine:
            return _YES
        rank = RANKS.get(back)
        good = rank is not None and rank(self, st, proposal)[0] == rank(self, st, mine)[0]
        return _YES if good else _NO

    def accepts_trade(self, st: ResourcedState, seat: int) -> bool:
        """Accept a trade unless it would take this player's hand over the hand limit with cards it
        does not need for the table's next craft (those it would Waste at the end of its turn)."""
        deal = st.deal
        assert deal is not None
        after = sum(st.hands[seat]) + sum(deal["give"]) - sum(deal["take"])
        if after <= self.hand_limit(st) or sum(deal["give"]) <= sum(deal["take"]):
            return True
        item = self.target(st, seat)
        if item is None:
            return False
        cost = self.plan_cost(st, item)
        hand = st.hands[seat]
        return all(hand[r] + n <= cost[r] for r, n in enumerate(deal["give"]) if n)

    def _trade(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action:
        """The bot trades one card at a time: offer the trade at once."""
        return _OFFER if _among(_OFFER, legal) else _WITHDRAW

    def trade_ok(self, st: ResourcedState, action: Action) -> bool:
        """Whether a one-card trade starting with ``action`` was not declined this turn."""
        kind = GIVE if action.kind == GIVE.name else TAKE
        a = kind.read(action)
        cards = [0] * 5
        cards[RESOURCE_INDEX[a.resource]] = 1
        empty = [0] * 5
        deal = [a.seat - 1, cards, empty] if kind is GIVE else [a.seat - 1, empty, cards]
        return deal not in st.declined

    # ----- trades -----------------------------------------------------------------------------------
    def gift(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action | None:
        """Give a spare card to a partner with room rather than Waste it."""
        limit = self.hand_limit(st)
        hand = st.hands[seat]
        need = self.demand(st, seat)
        gives = [a for a in legal if a.kind == GIVE.name and sum(st.hands[GIVE.read(a).seat - 1]) < limit]
        if not gives:
            return None

        def spare(a: Action) -> int:
            r = RESOURCE_INDEX[GIVE.read(a).resource]
            return hand[r] - need[r]

        return max(gives, key=spare)

    def completing_trade(self, st: ResourcedState, seat: int, legal: list[Action]) -> Action | None:
        """Take a card from a partner when that completes this player's Recycler cost or craft."""
        t = st.tables
        costs = []
        if st.waste and not st.recycled:
            costs.append(t.recycler_operating)
        item = self.target(st, seat)
        if item is not None and st.tiles[st.pos[seat]] == "bgcs":
            costs.append(self.plan_cost(st, item))
        hand = st.hands[seat]
        room = -1
        for cost in costs:
            if covers(hand, cost):
                continue
            lack = [cost[r] - hand[r] if cost[r] > hand[r] else 0 for r in range(5)]
            if room < 0:
                room = st.trade_limit() - st.traded
            if sum(lack) > room:
                continue
            here = st.tiles[st.pos[seat]] == "recycler" and cost is t.recycler_operating
            for p in self.partners(st, seat):
                theirs = st.hands[p]
                if not covers(theirs, lack):
                    continue
                if not here and covers(theirs, cost):
                    continue  # they can use it themselves; on the Recycler now, tempo wins
                for r in range(5):
                    if lack[r]:
                        return TAKES[p][r]
        return None


Choice = Callable[[HeuristicBot, ResourcedState, int, list[Action]], Action]
CHOICES: dict[Phase, Choice] = {
    "setup": HeuristicBot._setup,
    "upkeep_waste": HeuristicBot._least_needed_bank,
    "supply": HeuristicBot._supply,
    "penalty": HeuristicBot._penalty,
    "carya": HeuristicBot._carya,
    "fix": HeuristicBot._fix,
    "pay": HeuristicBot._pay,
    "heat_choice": HeuristicBot._heat_choice,
    "remove": HeuristicBot._remove,
    "cat": HeuristicBot._cat,
    "cat_discard": HeuristicBot._discard_choice,
    "action": HeuristicBot._action,
    "any": HeuristicBot._any,
    "move": HeuristicBot._move,
    "place": HeuristicBot._place,
    "shop": HeuristicBot._shop,
    "shop_waste": HeuristicBot._least_needed_bank,
    "end": HeuristicBot._end,
    "discard": HeuristicBot._discard_choice,
    "trade": HeuristicBot._trade,
    "vote": HeuristicBot._vote,
}
"""The bot's choice in each decision."""
Rank = Callable[[HeuristicBot, ResourcedState, Action], tuple[int, ...]]
RANKS: dict[str, Rank] = {
    "setup": HeuristicBot._rank_setup,
    "place": HeuristicBot._rank_place,
    "carya": HeuristicBot._rank_carya,
    "remove": HeuristicBot._rank_remove,
    "cat": HeuristicBot._rank_cat,
}
"""How the bot ranks the options of the table's choices (lower is better): it votes yes on a
proposal that ranks as its own choice on the first count."""
