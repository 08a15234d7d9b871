"""SUSTAIN's rules: setup, discussion, investing, building on the City Map, the end and scoring.

A round is a year: steps 1-5 run by themselves (see :mod:`.year`); step 6 (discussion) lets every
player give Coins until all have passed; step 7 (investing) goes round from the first player, each
putting Coins on one investment space or passing for the rest of the year.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action, Game, OptionError, Outcome, Rng, State

from . import actions as A
from .explain import describe
from .lookup import Lookup, lookup
from .year import DEFEAT_MAP, POLLUTION, YearSteps

DISCUSSION, INVESTING, COINS, BUILD, OVER = "discussion", "investing", "coins", "build", "over"


class SustainState(YearSteps, State):
    """The whole table of a SUSTAIN game as plain data."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        lk = self.lk
        n = game.players
        scenario = lk.scenarios.get(game.options["scenario"])
        if scenario is None:
            known = ", ".join(lk.scenarios)
            raise OptionError(f"no scenario {game.options['scenario']!r} in the content; scenarios: {known}")
        self.scenario = scenario.id
        self.round = 1
        self.phase = DISCUSSION
        self.defeat: str | None = None
        self.final_year = False
        self.coins = [0] * n
        self.reserve = 0
        self.track = [0, 0, 0, 0]
        self.unhappy = 0
        self.co2 = 0
        self._deal_departments(game.options["deal"])
        self._draw_map()
        self.sheet = [[0] * len(d.spaces) for d in lk.departments]
        self.points = [0] * len(lk.departments)
        self._prepare_decks(scenario.events, scenario.solutions, scenario.shuffled, scenario.end_window)
        self.requests: list[list] = []
        self.lasting: list[list] = []
        self.drawn: list[str] = []
        self.table: list[list] = []
        self.flipped: list[str] = []
        self.pending: list | None = None
        self.choice: list | None = None
        self.passed = [False] * n
        self.first = self.chance_below(n, "First player (seat number minus one)")
        self.turn = self.first
        self.share_budget(lk.board.starting_budget)
        self.note(f"Year 1 begins at the Events step; seat {self.first + 1} holds the First Player token.")
        self._events_and_solutions()

    @property
    def lk(self) -> Lookup:
        try:  # the shared Lookup sits in the game's __dict__ once built
            return self.game._sustain_lookup  # type: ignore[attr-defined]
        except AttributeError:
            return lookup(self.game)

    # ----- setup --------------------------------------------------------------------------
    def _deal_departments(self, deal: str) -> None:
        order = list(range(len(self.lk.departments)))
        if deal == "random":
            self.shuffle(order, "the Department sheets")
        self.dept_of = order[: self.game.players]
        self.owner = [-1] * len(order)
        for seat, d in enumerate(self.dept_of):
            self.owner[d] = seat

    def _draw_map(self) -> None:
        geo = self.lk.geo
        self.cells: list[str | None] = [None] * geo.cells
        self.people = [0] * geo.cells
        for p in self.lk.content.map.preprinted:
            self.cells[p.cell] = p.building
            self.people[p.cell] = p.people

    def _prepare_decks(self, events: list[str], sols: list[str], shuffled: bool, window: int) -> None:
        self.event_deck = list(events)
        self.sol_deck = list(sols)
        self.event_discard: list[str] = []
        if not shuffled:
            return
        ends = [e for e in self.event_deck if self.lk.events[e].ends_game]
        rest = [e for e in self.event_deck if e not in ends]
        self.shuffle(rest, "the Event deck")
        cut = max(0, len(rest) - (window - 1))
        bottom = rest[cut:] + ends
        self.shuffle(bottom, "the bottom of the Event deck")
        self.event_deck = rest[:cut] + bottom
        self.shuffle(self.sol_deck, "the Solution deck")

    # ----- whose turn ------------------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == DISCUSSION:
            return tuple([s for s, done in enumerate(self.passed) if not done])
        if phase == INVESTING or phase == COINS or phase == BUILD:
            return (self.turn,)
        return ()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # ----- legal actions ------------------------------------------------------------------------
    def _clock_actions(self) -> list[Action]:
        """The discussion clock may ring while the discussion lasts, when the table runs one."""
        return [A.CLOCK] if self.phase == DISCUSSION and self.game.options["discussion_minutes"] else []

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == DISCUSSION:
            gifts = [A.give(p + 1) for p in range(self.players) if p != seat] if self.coins[seat] else []
            clock = (
                [A.CLOCK]
                if self.game.options["discussion_minutes"] and seat == self.active_seats()[0]
                else []
            )
            return [*gifts, A.PASS, *clock]
        if self.phase == BUILD:
            return [A.build(c) for c in self.legal_cells(self.pending[0])]  # type: ignore[index]
        if self.phase == COINS:
            return [A.coins(k) for k in range(1, min(self.coins[seat], self.room(*self.choice)) + 1)]  # type: ignore[misc]
        return self._investments(seat) + [A.PASS]

    def room(self, k: str, a: int, b: int = 0) -> int:
        """Coins an investment space still needs (``k``: fund, invest or request; 1-based numbers)."""
        lk = self.lk
        if k == "fund":
            return lk.departments[a - 1].spaces[b - 1].cost - self.sheet[a - 1][b - 1]
        if k == "invest":
            sol, put = self.table[a - 1]
            return lk.sol_cost(sol) - put
        ev, put = self.requests[a - 1]
        return lk.events[ev].request.cost - put  # type: ignore[union-attr]

    def may_fund(self, seat: int, d: int) -> bool:
        """Only the owner invests on a Department's Buildings; everyone on unassigned ones."""
        return self.owner[d] in (-1, seat)

    def _investments(self, seat: int) -> list[Action]:
        """The investment spaces ``seat`` may choose (each still needs Coins)."""
        if self.coins[seat] <= 0:
            return []
        out: list[Action] = []
        lk = self.lk
        cells, owner = self.cells, self.owner
        room: dict[str, bool] = {}  # has_room by Building, for this map
        for d, spaces in enumerate(lk.sheet_spaces):
            if owner[d] != -1 and owner[d] != seat:  # not may_fund
                continue
            sheet = self.sheet[d]
            for s, cost, building, action in spaces:
                if sheet[s] < cost:
                    ok = room.get(building)
                    if ok is None:
                        ok = room[building] = lk.has_room(cells, building)
                    if ok:
                        out.append(action)
        out.extend(A.INVEST[: len(self.table)])
        out.extend(A.REQUEST[: len(self.requests)])
        return out

    def legal_cells(self, building: str) -> list[int]:
        """Free spaces of the City Map where ``building`` may be drawn."""
        return self.lk.legal_cells(self.cells, building)

    def has_room(self, building: str) -> bool:
        """Whether ``building`` may be drawn somewhere on the City Map (``legal_cells`` not empty)."""
        return self.lk.has_room(self.cells, building)

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        from .explain import explain

        return explain(self, seat, action)

    # ----- actions ---------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> None:
        k = action.kind
        if k == "pass":
            self._pass(seat)
        elif k == "clock":
            self._time_up()
        elif k == "give":
            self.coins[seat] -= 1
            self.coins[action.args[0] - 1] += 1  # type: ignore[operator]
        elif k == "build":
            self._build(action.args[0])  # type: ignore[arg-type]
        elif k == "coins":
            kind, *target = self.choice  # type: ignore[misc]
            self.choice = None
            self.phase = INVESTING
            self._invest(seat, kind, (*target, action.args[0]))  # type: ignore[arg-type]
        else:
            self.choice = [k, *action.args]
            self.phase = COINS

    def _pass(self, seat: int) -> None:
        self.passed[seat] = True
        if self.phase == DISCUSSION:
            if all(self.passed):
                self.phase = INVESTING
                self.passed = [False] * self.players
                self.turn = self.first
            return
        self._next_turn()

    def _time_up(self) -> None:
        """The discussion clock ran out (the ``clock`` action, played by a front end that runs the
        clock): every player still talking passes."""
        for seat in self.active_seats():
            self.note(f"Player {seat + 1} passes (the discussion clock ran out)")
            self._pass(seat)

    def _next_turn(self) -> None:
        if self.defeat:
            self.phase = OVER
            return
        n = self.players
        for step in range(1, n + 1):
            s = (self.turn + step) % n
            if not self.passed[s]:
                self.turn = s
                return
        self._end_year()

    def _invest(self, seat: int, k: str, args: tuple[int, ...]) -> None:
        coins = args[-1]
        self.coins[seat] -= coins
        lk = self.lk
        if k == "fund":
            d, s = args[0] - 1, args[1] - 1
            space = lk.departments[d].spaces[s]
            self.sheet[d][s] += coins
            if self.sheet[d][s] >= space.cost:
                self.sheet[d][s] = 0
                self.note(f"{lk.departments[d].name}: {lk.buildings[space.building].name} is paid for.")
                self.pending = [space.building, "sheet", d, s]
                self.phase = BUILD
                return
        elif k == "invest":
            entry = self.table[args[0] - 1]
            entry[1] += coins
            if entry[1] >= lk.sol_cost(entry[0]):
                self.table.remove(entry)
                if self._flip(entry[0]):
                    return
        else:
            entry = self.requests[args[0] - 1]
            entry[1] += coins
            card = lk.events[entry[0]]
            if entry[1] >= card.request.cost:  # type: ignore[union-attr]
                self.requests.remove(entry)
                self.event_discard.append(entry[0])
                self.note(f"REQUEST {entry[0]} is resolved.")
                self.apply_effects(card.request.reward)  # type: ignore[union-attr]
        self._next_turn()

    def _flip(self, sol_id: str) -> bool:
        """Flip a fulfilled Solution card; True when its Building must now be drawn."""
        sol = self.lk.solutions[sol_id]
        self.flipped.append(sol_id)
        self.note(f"Solution {sol_id} is fulfilled and flipped: {sol.title}.")
        if sol.building and self.legal_cells(sol.building):
            self.pending = [sol.building, "solution", sol_id, 0]
            self.phase = BUILD
            return True
        if sol.building:
            self.note(f"No free space for the {self.lk.buildings[sol.building].name}: it is not drawn.")
        self._solution_effects(sol_id)
        return False

    def _solution_effects(self, sol_id: str) -> None:
        sol = self.lk.solutions[sol_id]
        self.apply_effects(sol.effects)
        if sol.points:
            self.points[self.lk.dept_index[sol.points.department]] += sol.points.amount

    def _build(self, cell: int) -> None:
        lk = self.lk
        bid, source, a, b = self.pending  # type: ignore[misc]
        self.pending = None
        self.phase = INVESTING
        self.cells[cell] = bid
        building = lk.buildings[bid]
        self.note(f"The {building.name} is drawn on {lk.geo.labels[cell]}.")
        if all(self.cells[c] is not None for c in lk.geo.squares):
            self.defeat = DEFEAT_MAP
            self.note("Every big square of the City Map is built: the city is defeated.")
        self.apply_effects(building.effects)
        if building.bonus and any(
            self.cells[t] is not None and lk.buildings[self.cells[t]].category == building.bonus.category  # type: ignore[index]
            for t in lk.geo.touches[cell]
        ):
            self.apply_effects(building.bonus.effects)
        if source == "sheet":
            self.points[a] += lk.departments[a].spaces[b].points
        else:
            self._solution_effects(a)
        self._next_turn()

    # ----- the year turns --------------------------------------------------------------------
    def _end_year(self) -> None:
        if self.final_year:
            self.phase = OVER
            self.note("The last year is over: the Departments count their points.")
            return
        self.round += 1
        self.passed = [False] * self.players
        self.note(f"Year {self.round} begins.")
        for step in (self.adjust_indicators, self.people_increasing, self.budget_allocation):
            step()
            if self.defeat:
                self.phase = OVER
                return
        self._events_and_solutions()

    def _events_and_solutions(self) -> None:
        self.events()
        if self.defeat:
            self.phase = OVER
            return
        self.solutions()
        self.phase = DISCUSSION
        self.passed = [False] * self.players

    # ----- the end -----------------------------------------------------------------------------
    def measure(self, name: str) -> int:
        """A measure for a Department's end-of-game bonus."""
        if name == "clean_air":
            return self.lk.top - self.track[POLLUTION]
        if name == "population":
            return sum(self.people)
        if name == "calm":
            return self.lk.board.unhappy_squares - self.unhappy
        return self.track[("standard_of_living", "attractiveness", "sustainable_transport").index(name)]

    def department_score(self, d: int) -> int:
        """Points written on a Department sheet plus its end-of-game bonus."""
        bonus = self.lk.departments[d].end_bonus
        return self.points[d] + self.measure(bonus.measure) // bonus.divisor

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        scores = tuple(float(self.department_score(d)) for d in self.dept_of)
        if self.defeat:
            return Outcome(False, self.defeat, scores, ())
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        return Outcome(True, "the city survived; highest points wins", scores, winners)

    # ----- views, secrets, checks ---------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import build_view

        return build_view(self, seat)

    def describe(self, seat: int, action: Action) -> str:
        return describe(self, seat, action)

    def resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redraw the deck orders and the white sides of the unflipped Solution cards on the table."""
        sols = self.lk.solutions
        pool = sorted(self.sol_deck + [entry[0] for entry in self.table])  # the view's facts alone
        rng.shuffle(pool)
        for entry in self.table:
            gray = sols[entry[0]].gray
            pick = next(i for i, c in enumerate(pool) if sols[c].gray == gray)
            entry[0] = pool.pop(pick)
        self.sol_deck = pool
        self.event_deck.sort()
        rng.shuffle(self.event_deck)

    def check_invariants(self) -> None:
        from .explain import check_invariants

        check_invariants(self)
