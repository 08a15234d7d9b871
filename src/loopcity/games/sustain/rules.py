"""SUSTAIN's rules: setup, discussion, investing, building on the City Map, the end and scoring.

A round is a year: steps 1-5 run by themselves (see :mod:`.year`); step 6 (discussion) lets every
player give Coins until all have passed; step 7 (investing) goes round from the first player, each
putting Coins on one investment space or passing for the rest of the year.

Every action kind has one handler, marked ``@HANDLERS.on(KIND)``; the engine's ``_apply`` calls it
with the action's named arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import compress
from operator import not_
from typing import Any

from mypy_extensions import mypyc_attr

from loopcity.engine import Action, Game, Handlers, NoArgs, OptionError, Outcome, Rng, State
from loopcity.engine.text import _

from . import actions as A
from .actions import Cell, Coins, DepartmentSheet, Fund, Player, RequestCard, SolutionCard
from .content import Scenario, SustainContent
from .explain import check_invariants, explain
from .labels import TEXTS, describe, name_of, prompt
from .position import SustainPosition, read_fields, write_fields
from .tables import SustainTables
from .views import build_view
from .year import DEFEAT_MAP, POLLUTION, SURVIVED, TRACK_INDEX, YearSteps

HANDLERS = Handlers["SustainState"]()
GIFTS: dict[tuple[int, int], tuple[Action, ...]] = {}
"""The gifts a seat may give, by (players, seat): a Coin to each other player."""


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class SustainState(YearSteps):
    """The whole table of a SUSTAIN game as plain data."""

    scenario: str
    """The scenario's id (the ``scenario`` option)."""
    dept_of: list[int]
    """Each seat's Department (an index of the content's Departments)."""
    owner: list[int]
    """Each Department's seat, -1 for an unassigned Department open to everyone."""
    sheet: list[list[int]]
    """Coins on each investment space of each Department sheet."""
    points: list[int]
    """Points written on each Department sheet."""
    flipped: list[str]
    """Solution cards fulfilled and flipped, in order."""
    passed: list[bool]
    """Per seat: done talking (step 6) or done for the year (step 7)."""
    turn: int
    """The seat whose investment turn it is (step 7)."""
    choice: list[Any] | None
    """Step 7: the investment space the player to act has chosen, as the words of the action that
    chose it (``["fund", 2, 1]``, ``["invest", 3]``, ``["request", 1]``); read by a ``match`` on them."""
    pending: list[Any] | None
    """A Building paid for, waiting to be drawn: ``[building, "sheet", department index, space index]``
    or ``[building, "solution", card id, 0]``."""

    def __init__(self, game: Game[SustainContent, SustainTables], seed: int) -> None:
        super().__init__(game, seed)
        tables = self.tables
        n = game.players
        scenario = self.scenario_of(game)
        self.scenario = scenario.id
        self.round = 1
        self.phase = "discussion"
        self.defeat = None
        self.final_year = False
        self.coins = [0] * n
        self.reserve = 0
        self.track = [0, 0, 0, 0]
        self.unhappy = 0
        self.co2 = 0
        self._deal_departments(game.options["deal"])
        self._draw_map()
        self.sheet = [[0] * len(d.spaces) for d in tables.departments]
        self.points = [0] * len(tables.departments)
        self._prepare_decks(scenario, game.options["decks"] == "shuffled")
        self.requests = []
        self.lasting = []
        self.drawn = []
        self.table = []
        self.flipped = []
        self.pending = None
        self.choice = None
        self.passed = [False] * n
        first = self.first = self.rng.below(n)  # State.chance_below, with its line worded in each language
        self.note(
            lambda: _("The first player, drawn at random (0 is Seat 1): {n}").format(n=first), kind="chance"
        )
        self.turn = self.first
        self.told = []
        if game.options["deal"] == "chosen":
            self.phase = "departments"
            self.note(
                lambda: _(
                    "Each player chooses a Department sheet, in turn from the first player, {seat}."
                ).format(seat=name_of(self, self.first)),
                kind="decision",
            )
            return
        self._first_year()

    def _first_year(self) -> None:
        """Year 1 starts at step 4, with the starting budget shared out (interpretation 1)."""
        self.note(
            lambda: _("Year 1 begins at step 4 (Events); {seat} holds the First Player token.").format(
                seat=name_of(self, self.first)
            )
        )
        starting = self.tables.board.starting_budget
        self.tell(("start_budget", starting, *self.share_budget(starting)))
        self._events_and_solutions()

    @staticmethod
    def scenario_of(game: Game[SustainContent, SustainTables]) -> Scenario:
        """The scenario the game's ``scenario`` option names; an unknown one is refused."""
        scenarios = game.tables.scenarios
        scenario = scenarios.get(game.options["scenario"])
        if scenario is None:
            known = ", ".join(scenarios)
            raise OptionError(f"no scenario {game.options['scenario']!r} in the content; scenarios: {known}")
        return scenario

    # ----- setup --------------------------------------------------------------------------
    def _deal_departments(self, deal: str) -> None:
        """Hand out the Department sheets: at random, in order, or none yet when the players choose."""
        order = list(range(len(self.tables.departments)))
        if deal == "chosen":
            self.seat_departments([-1] * self.game.players)
            return
        if deal == "random":
            self.shuffled(order, lambda: _("the Department sheets shuffled"))
        self.seat_departments(order[: self.game.players])

    def seat_departments(self, dept_of: list[int]) -> None:
        """Hand Department sheets to the seats (``dept_of``: each seat's Department index); the
        others are unassigned, open to everyone."""
        self.dept_of = dept_of
        self.owner = [-1] * len(self.tables.departments)
        for seat, d in enumerate(dept_of):
            if d >= 0:
                self.owner[d] = seat

    def _draw_map(self) -> None:
        geo = self.tables.geo
        self.cells = [None] * geo.cells
        self.people = [0] * geo.cells
        for p in self.content.map.preprinted:
            self.cells[p.cell] = p.building
            self.people[p.cell] = p.people

    def _prepare_decks(self, scenario: Scenario, shuffled: bool) -> None:
        """The Scenario's decks as the rulebook stacks them, in order with the "1" card on top; or,
        ``shuffled``, shuffled with the card that ends the game among the bottom ``end_window``."""
        self.event_deck = list(scenario.events)
        self.sol_deck = list(scenario.solutions)
        self.event_discard = []
        if not shuffled:
            return
        window = scenario.end_window
        ends = [e for e in self.event_deck if self.tables.events[e].ends_game]
        rest = [e for e in self.event_deck if e not in ends]
        self.shuffled(rest, lambda: _("the Event deck shuffled"))
        cut = max(0, len(rest) - (window - 1))
        bottom = rest[cut:] + ends
        self.shuffled(bottom, lambda: _("the bottom of the Event deck shuffled"))
        self.event_deck = rest[:cut] + bottom
        self.shuffled(self.sol_deck, lambda: _("the Solution deck shuffled"))

    def shuffled(self, items: list[Any], words: Callable[[], str]) -> None:
        """Shuffle in place as :meth:`State.shuffle` does, the log's line (``words``: ``the Event deck
        shuffled``) worded in each language of the log."""
        self.rng.shuffle(items)
        self.note(words, kind="chance")

    # ----- whose turn ------------------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        match self.phase:
            case "discussion":  # the players still talking
                passed = self.passed
                return tuple(compress(range(len(passed)), map(not_, passed)))
            case "investing" | "coins" | "build" | "departments":
                return (self.turn,)
            case "over":
                return ()

    def is_terminal(self) -> bool:
        return self.phase == "over"

    # ----- legal actions ------------------------------------------------------------------------
    def _clock_actions(self) -> list[Action]:
        """The discussion clock may ring while the discussion lasts, when the table runs one."""
        return [A.CLOCK_()] if self.phase == "discussion" and self.game.options["discussion_minutes"] else []

    def _legal_actions(self, seat: int) -> list[Action]:
        match self.phase:
            case "discussion":
                if self.game.options["discussion_minutes"] and seat == self.active_seats()[0]:
                    return [*self._gifts(seat), A.PASS_ACTION, A.CLOCK_()]
                return [*self._gifts(seat), A.PASS_ACTION]
            case "build":
                return [A.BUILD(c) for c in self.legal_cells(self.to_draw()[0])]
            case "coins":
                return list(A.COIN_AMOUNTS[: min(self.coins[seat], self.room(self.chosen()))])
            case "investing":
                return self._investments(seat) + [A.PASS_ACTION]
            case "departments":
                return [A.SHEETS[d] for d, seat_of in enumerate(self.owner) if seat_of < 0]
            case "over":
                return []

    def _gifts(self, seat: int) -> tuple[Action, ...]:
        """Step 6: a Coin to each other player, when the seat has one."""
        if not self.coins[seat]:
            return ()
        n = len(self.coins)
        return GIFTS.get((n, seat)) or GIFTS.setdefault(
            (n, seat), tuple(A.GIVES[p] for p in range(n) if p != seat)
        )

    def chosen(self) -> list[Any]:
        """The investment space the player to act has chosen (step 7, the ``coins`` phase): see
        ``choice``."""
        if self.choice is None:
            raise ValueError("no investment space is chosen now")
        return self.choice

    def to_draw(self) -> list[Any]:
        """The Building paid for that waits to be drawn (the ``build`` phase): see ``pending``."""
        if self.pending is None:
            raise ValueError("no Building waits to be drawn now")
        return self.pending

    def room(self, choice: list[Any]) -> int:
        """Coins an investment space still needs (``choice``: as the state's ``choice``)."""
        tables = self.tables
        match choice:
            case [A.FUND.name, department, space]:
                d, s = department - 1, space - 1
                return tables.departments[d].spaces[s].cost - self.sheet[d][s]
            case [A.INVEST.name, card]:
                sol, put = self.table[card - 1]
                return tables.sol_cost(sol) - put
            case [A.REQUEST.name, card]:
                ev, put = self.requests[card - 1]
                return tables.events[ev].requested().cost - put
        raise ValueError(f"not an investment space: {choice}")

    def may_fund(self, seat: int, d: int) -> bool:
        """Only the owner invests on a Department's Buildings; everyone on unassigned ones."""
        return self.owner[d] in (-1, seat)

    def _investments(self, seat: int) -> list[Action]:
        """The investment spaces ``seat`` may choose (each still needs Coins)."""
        if self.coins[seat] <= 0:
            return []
        out: list[Action] = []
        tables = self.tables
        cells, owner = self.cells, self.owner
        room = tables.rooms(cells)
        for d, spaces in enumerate(tables.sheet_spaces):
            if owner[d] != -1 and owner[d] != seat:  # not may_fund
                continue
            sheet = self.sheet[d]
            for s, cost, building, action in spaces:
                if sheet[s] < cost:
                    ok = room.get(building)
                    if ok is None:
                        ok = room[building] = tables.has_room(cells, building)
                    if ok:
                        out.append(action)
        out.extend(A.INVESTS[: len(self.table)])
        out.extend(A.REQUESTS[: len(self.requests)])
        return out

    def legal_cells(self, building: str) -> list[int]:
        """Free spaces of the City Map where ``building`` may be drawn."""
        return self.tables.legal_cells(self.cells, building)

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        return explain(self, seat, action)

    # ----- actions ---------------------------------------------------------------------------
    handlers = HANDLERS

    @HANDLERS.on(A.GIVE)
    def _give(self, seat: int, a: Player) -> None:
        """Step 6: one of your Coins to another player."""
        self.coins[seat] -= 1
        self.coins[a.player - 1] += 1

    @HANDLERS.on(A.PASS)
    def _pass(self, seat: int, a: NoArgs) -> None:
        """Step 6: you are done talking (the discussion ends when all are); step 7: your year is over."""
        self.passed[seat] = True
        if self.phase == "discussion":
            if all(self.passed):
                self.phase = "investing"
                self.passed = [False] * self.players
                self.turn = self.first
                self.note(
                    lambda: _(
                        "Every player has passed: the discussion is closed; investing starts with {seat}."
                    ).format(seat=name_of(self, self.first)),
                    kind="decision",
                )
            return
        self._next_turn()

    @HANDLERS.on(A.CLOCK_)
    def _time_up(self, seat: int, a: NoArgs) -> None:
        """The discussion clock ran out (the ``clock`` action, played by a front end that runs the
        clock): every player still talking passes."""
        for talking in self.active_seats():
            self.note(partial(self._clock_line, talking))
            self._pass(talking, a)

    def _clock_line(self, seat: int) -> str:
        return _("{seat} passes: the discussion clock ran out.").format(seat=name_of(self, seat))

    @HANDLERS.on(A.SHEET)
    def _choose_department(self, seat: int, a: DepartmentSheet) -> None:
        """Setup: "Each player chooses a Department sheet", in turn from the first player; when all
        have, the first year starts."""
        d = a.department - 1
        self.dept_of[seat] = d
        self.owner[d] = seat
        n = self.players
        for step in range(1, n):
            s = (seat + step) % n
            if self.dept_of[s] < 0:
                self.turn = s
                return
        self.turn = self.first
        self._first_year()

    @HANDLERS.on(A.FUND)
    def _choose_sheet_space(self, seat: int, a: Fund) -> None:
        """Step 7, first half: a Building space of a Department sheet."""
        self.choice = [A.FUND.name, a.department, a.space]
        self.phase = "coins"

    @HANDLERS.on(A.INVEST)
    def _choose_solution(self, seat: int, a: SolutionCard) -> None:
        """Step 7, first half: a Solution card on the table."""
        self.choice = [A.INVEST.name, a.card]
        self.phase = "coins"

    @HANDLERS.on(A.REQUEST)
    def _choose_request(self, seat: int, a: RequestCard) -> None:
        """Step 7, first half: a REQUEST card on the table."""
        self.choice = [A.REQUEST.name, a.card]
        self.phase = "coins"

    @HANDLERS.on(A.COINS)
    def _put_coins(self, seat: int, a: Coins) -> None:
        """Step 7, second half: the Coins go on the space chosen; a space paid in full takes effect."""
        choice = self.choice
        self.choice = None
        self.phase = "investing"
        self.coins[seat] -= a.coins
        match choice:
            case [A.FUND.name, department, space]:
                if self._fund(department - 1, space - 1, a.coins):
                    return
            case [A.INVEST.name, card]:
                if self._invest(card, a.coins):
                    return
            case [A.REQUEST.name, card]:
                self._request(card, a.coins)
        self._next_turn()

    @HANDLERS.on(A.BUILD)
    def _build(self, seat: int, a: Cell) -> None:
        """Draw the Building paid for on a free space; its effects (and bonus) apply, then the
        sheet's points are written, or the Solution card is flipped and its effects apply."""
        tables = self.tables
        bid, source, ref, space = self.to_draw()
        self.pending = None
        self.phase = "investing"
        self.cells[a.cell] = bid
        building = tables.buildings[bid]
        if all(self.cells[c] is not None for c in tables.geo.squares):
            self.defeat = DEFEAT_MAP
            self.note(
                lambda: _("Every big square of the City Map is built: the city is defeated."), kind="event"
            )
        self.apply_effects(building.effects)
        if building.bonus and self._touches(a.cell, building.bonus.category):
            self.apply_effects(building.bonus.effects)
        if source == "sheet":
            self.points[ref] += tables.departments[ref].spaces[space].points
        else:
            self._flip(ref)
        self._next_turn()

    def _touches(self, cell: int, category: str) -> bool:
        """Whether a big square orthogonally next to ``cell`` holds a Building of ``category``."""
        buildings = self.tables.buildings
        for t in self.tables.geo.touches[cell]:
            other = self.cells[t]
            if other is not None and buildings[other].category == category:
                return True
        return False

    # ----- what the actions do -------------------------------------------------------------
    def _next_turn(self) -> None:
        if self.defeat:
            self.phase = "over"
            return
        n = self.players
        for step in range(1, n + 1):
            s = (self.turn + step) % n
            if not self.passed[s]:
                self.turn = s
                return
        self._end_year()

    def _fund(self, d: int, s: int, coins: int) -> bool:
        """Coins on space ``s`` of Department sheet ``d`` (0-based); True when it is paid for and its
        Building waits to be drawn."""
        tables = self.tables
        sheet_space = tables.departments[d].spaces[s]
        self.sheet[d][s] += coins
        if self.sheet[d][s] < sheet_space.cost:
            return False
        self.sheet[d][s] = 0
        self.say(
            ("paid", d, s),
            lambda: _(
                "The {building} of the {department} sheet is paid for: it is to be drawn on the City Map."
            ).format(
                building=_(tables.buildings[sheet_space.building].name),
                department=_(tables.departments[d].name),
            ),
        )
        self.pending = [sheet_space.building, "sheet", d, s]
        self.phase = "build"
        return True

    def _invest(self, card: int, coins: int) -> bool:
        """Coins on the Solution card at place ``card``; True when it is fulfilled and its Building
        waits to be drawn."""
        entry = self.table[card - 1]
        entry[1] += coins
        if entry[1] < self.tables.sol_cost(entry[0]):
            return False
        self.table.remove(entry)
        return self._fulfil(entry[0])

    def _request(self, card: int, coins: int) -> None:
        """Coins on the REQUEST card at place ``card``; paid in full, it is resolved and its reward
        applies."""
        entry = self.requests[card - 1]
        entry[1] += coins
        request = self.tables.events[entry[0]].requested()
        if entry[1] >= request.cost:
            self.requests.remove(entry)
            self.event_discard.append(entry[0])
            self.tell(("resolved", entry[0]))
            self.apply_effects(request.reward)

    def _fulfil(self, sol_id: str) -> bool:
        """A Solution card paid in full: "draw that Building" on a free space first (True: it now
        waits to be drawn), "then ... flip it" (see :meth:`_flip`)."""
        tables = self.tables
        sol = tables.solutions[sol_id]
        if not sol.building:
            self._flip(sol_id)
            return False
        building = tables.buildings[sol.building]
        if self.legal_cells(sol.building):
            plan = tables.gray[sol.gray]
            self.note(
                lambda: _(
                    "The {plan} is fulfilled: first its {building} is drawn on the City Map, then it is flipped."
                ).format(plan=_(plan.title), building=_(building.name))
            )
            self.pending = [sol.building, "solution", sol_id, 0]
            self.phase = "build"
            return True
        self.note(
            lambda: _("No free space for the {building}: it is not drawn.").format(building=_(building.name))
        )
        self._flip(sol_id)
        return False

    def _flip(self, sol_id: str) -> None:
        """Flip a fulfilled Solution card: reveal its white side, apply its effects, discard it."""
        self.flipped.append(sol_id)
        self.tell(("adopted", sol_id))
        self._solution_effects(sol_id)

    def _solution_effects(self, sol_id: str) -> None:
        sol = self.tables.solutions[sol_id]
        self.apply_effects(sol.effects)
        if sol.points:
            self.points[self.tables.dept_index[sol.points.department]] += sol.points.amount

    # ----- the year turns --------------------------------------------------------------------
    def _end_year(self) -> None:
        if self.final_year:
            self.phase = "over"
            self.note(lambda: _("The last year is over: the Departments count their points."), kind="event")
            return
        self.round += 1
        self.passed = [False] * self.players
        self.told = []
        self.note(lambda: _("Year {year} begins.").format(year=self.round))
        for step in (self.adjust_indicators, self.people_increasing, self.budget_allocation):
            step()
            if self.defeat:
                self.phase = "over"
                return
        self._events_and_solutions()

    def _events_and_solutions(self) -> None:
        self.events()
        if self.defeat:
            self.phase = "over"
            return
        self.solutions()
        self.phase = "discussion"
        self.passed = [False] * self.players

    # ----- the end -----------------------------------------------------------------------------
    def measure(self, name: str) -> int:
        """A measure for a Department's end-of-game bonus."""
        if name == "clean_air":
            return self.tables.top - self.track[POLLUTION]
        if name == "population":
            return sum(self.people)
        if name == "calm":
            return self.tables.board.unhappy_squares - self.unhappy
        return self.track[TRACK_INDEX[name]]

    def department_score(self, d: int) -> int:
        """Points written on a Department sheet plus its end-of-game bonus (0 for no sheet: -1)."""
        if d < 0:
            return 0
        bonus = self.tables.departments[d].end_bonus
        return self.points[d] + self.measure(bonus.measure) // bonus.divisor

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        scores = tuple(float(self.department_score(d)) for d in self.dept_of)
        if self.defeat:
            return Outcome(False, self.defeat, scores, ())
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        return Outcome(True, SURVIVED, scores, winners)

    # ----- views, secrets, positions, checks ------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    texts = TEXTS

    def describe(self, seat: int, action: Action) -> str:
        """The log line of every step (labels.describe; a method, so that it overrides the engine's
        in the compiled build too)."""
        return describe(self, seat, action)

    def seat_name(self, seat: int) -> str:
        return name_of(self, seat)

    def prompt(self, seat: int | None) -> str:
        return prompt(self, seat)

    def resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redraw the deck orders and the white sides of the unflipped Solution cards: those on the
        table (keeping their gray sides), one whose Building waits to be drawn (keeping its gray
        side and Building), and the Solution deck's top card (keeping its gray side, which is visible:
        "The Solution deck must have the gray side visible")."""
        sols = self.tables.solutions
        drawing = self.pending if self.pending is not None and self.pending[1] == "solution" else None
        unseen = [entry[0] for entry in self.table] + ([drawing[2]] if drawing else [])
        pool = sorted(self.sol_deck + unseen)  # the view's facts alone
        rng.shuffle(pool)

        def redraw(card: str, same_building: bool) -> str:
            """The first card of the pool with the same gray side (and Building)."""
            was = sols[card]
            for i, c in enumerate(pool):
                if sols[c].gray == was.gray and (not same_building or sols[c].building == was.building):
                    return pool.pop(i)
            raise AssertionError(f"no card like {card} to redraw")

        if drawing is not None:
            drawing[2] = redraw(drawing[2], True)
        for entry in self.table:
            entry[0] = redraw(entry[0], False)
        if self.sol_deck:
            top = redraw(self.sol_deck[0], False)
            pool.insert(0, top)
        self.sol_deck = pool
        self.event_deck.sort()
        rng.shuffle(self.event_deck)

    position_model = SustainPosition

    def position(self) -> SustainPosition:
        return write_fields(self)

    @classmethod
    def from_position(
        cls, game: Game[SustainContent, SustainTables], fields: SustainPosition
    ) -> SustainState:
        state = cls.blank()
        State.__init__(state, game, 0)
        state.scenario = cls.scenario_of(game).id
        read_fields(state, fields)
        return state

    def check_invariants(self) -> None:
        check_invariants(self)
