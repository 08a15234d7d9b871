"""The heuristic bot: weighs the city's survival against its own Department's points.

For each investment space it may use, it forecasts the city over the years the Event deck still
holds (steps 1 and 2 with the feedback tables, plus the penalties of REQUEST and lasting cards in
play), before and after the investment's effects. A forecast defeat costs far more than any points;
closeness to a full table costs a little; the bot's own points and end-of-game bonus count in full.
A Solution card's effects are averaged over the white sides its gray side may hide (only public
facts are used: the scenario's cards and those already flipped). It pays spaces it can fill now,
puts Coins on dear spaces only when they are urgent, and passes when nothing is worth its Coins.
In the discussion it gives Coins to the owner of an urgent Department space who cannot pay for it.
When the players choose their Department sheets, it takes the free sheet with the most points per Coin.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action, Game, Rng, State

from . import actions as A
from .forecast import HOUSING, POP, C, Compiled, Forecast, Outlook, U, apply, outlook
from .plans import NO_EFFECTS
from .rules import SustainState

DEFEAT = 1000.0
MEASURES = {
    "standard_of_living": (0, 1),
    "attractiveness": (1, 1),
    "sustainable_transport": (2, 1),
    "clean_air": (3, -1),
    "population": (POP, 1),
    "calm": (U, -1),
}
"""End-of-game bonus measures on a model city: (index, sign); a negative sign counts down from
the top of the track (clean air) or of the Unhappy Population table (calm)."""


class HeuristicBot:
    """Deterministic heuristic for one seat; never changes the state it is given."""

    name = "heuristic"
    selfish = False

    def __init__(self, game: Game[Any, Any], seat: int = 0, seed: int = 0) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        self._memo: tuple[tuple[Any, ...], dict[Any, Any]] = ((), {})

    def choose(self, state: State[Any, Any], seat: int) -> Action:
        if not isinstance(state, SustainState):
            raise TypeError(f"the SUSTAIN bot plays SustainState, got {type(state).__name__}")
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "departments":
            return self._department(state, legal)
        if state.phase == "build":
            return self._build(state, legal)
        if state.phase == "coins":  # all it has, up to what the space still needs
            return legal[-1]
        if state.phase == "discussion" and not gift_may_help(state, seat, self.selfish):
            return A.PASS_ACTION
        plans = Planner(state, seat, self._forecasts(state), self.selfish)
        if state.phase == "discussion":
            return plans.gift(legal)
        return plans.invest(legal)

    def _forecasts(self, st: SustainState) -> dict[Any, Any]:
        """Forecasts are reused while the year and the cards in play stay the same."""
        key = (
            st.round,
            st.final_year,
            len(st.event_deck),
            tuple(r[0] for r in st.requests),
            tuple(tuple(x) for x in st.lasting),
        )
        if self._memo[0] != key:
            self._memo = (key, {})
        return self._memo[1]

    def _department(self, st: SustainState, legal: list[Action]) -> Action:
        """Setup: the free Department sheet whose Buildings give the most points per Coin (the first
        such sheet in content order on a tie)."""
        departments = st.tables.departments

        def worth(a: Action) -> float:
            spaces = departments[A.SHEET.read(a).department - 1].spaces
            return sum(sp.points for sp in spaces) / sum(sp.cost for sp in spaces)

        return max(legal, key=worth)

    def _build(self, st: SustainState, legal: list[Action]) -> Action:
        tables = st.tables
        b = tables.buildings[st.to_draw()[0]]
        cells, buildings, touches = st.cells, tables.buildings, tables.geo.touches
        wanted = b.bonus.category if b.bonus is not None else None
        sign = -1 if b.category == "industry" else 1

        def score(a: Action) -> tuple[int, int]:
            bonus = free_near = 0
            for t in touches[A.BUILD.read(a).cell]:
                bid = cells[t]
                if bid is None:
                    free_near += 1
                elif buildings[bid].category == wanted:
                    bonus = 1
            # bonus first; homes and green spaces in the middle, industry at the rim
            return (bonus, sign * free_near)

        return max(legal, key=score)


def gift_may_help(st: SustainState, seat: int, selfish: bool) -> bool:
    """Whether a gift is worth weighing: the seat has Coins, a later year comes, homes run short."""
    if st.coins[seat] <= 0 or st.final_year or selfish:
        return False
    return st.housing_free() < st.tables.board.growth[st.track[1]] + 1


class Planner:
    """Forecasts and values for one seat's decision."""

    def __init__(
        self, st: SustainState, seat: int, cache: dict[Any, Any] | None = None, selfish: bool = False
    ) -> None:
        self.selfish = selfish
        self.cache: dict[Any, Any] = {} if cache is None else cache
        self._options: list[tuple[float, int, Action]] | None = None
        self._gray: dict[str, float] = {}
        self._gains: dict[Any, Any] | None = None
        self._cities: dict[tuple[int, str | None], Any] | None = None
        self.st = st
        self.seat = seat
        self.tables = tables = st.tables
        self.bot = tables.bot
        self.map = self.bot.map_facts(st)
        self.free_squares = self.map.free_squares
        self.top = tables.top
        self.dept = st.dept_of[seat]
        bonus = tables.departments[self.dept].end_bonus
        index, sign = MEASURES[bonus.measure]
        from_top = None if sign > 0 else tables.top if index == 3 else tables.board.unhappy_squares
        self._measure = (index, from_top, bonus.divisor)
        self.u_max, self.c_max = tables.board.unhappy_squares, tables.board.co2_squares
        self.years = 0 if st.final_year else self._years_left()
        self.outlook: Outlook = outlook(st, self.years)
        self._results = self.outlook.results
        self.base = self.model()
        self.base_value = self.value(self.base, 0)

    # ----- what the bot knows --------------------------------------------------------------
    def _years_left(self) -> int:
        events = self.tables.events
        return max(1, sum(1 for e in self.st.event_deck if not events[e].draw_again))

    def model(self) -> list[int]:
        st = self.st
        housing = self.tables.housing
        free = 0
        for bid, people in zip(st.cells, st.people, strict=True):
            if bid is not None:
                free += housing[bid] - people
        return [*st.track, st.unhappy, st.co2, free, sum(st.people)]

    def white_sides(self, gray: str) -> list[str]:
        """The Solution cards a gray side may hide: the scenario's, less those flipped."""
        cards = self.bot.cards(self.st.scenario, gray)
        flipped = self.st.flipped
        left = [s for s in cards if s not in flipped]
        return left or cards

    # ----- the city forecast -----------------------------------------------------------------
    def forecast(self, m: list[int], skip: str = "") -> tuple[list[int], int]:
        """Run the coming years' steps 1, 2 and the cards in play (less the REQUEST ``skip``);
        the year (from 0) in which the city falls, or -1 when it stands."""
        return self.outlook.forecast(m, skip)

    def value(self, m: list[int], points: float, skip: str = "") -> float:
        """How good a city is for this seat: survival first, then own points."""
        if self.selfish:  # own points and end bonus only, as if the city could not fall
            return points + self._bonus(m)
        if m[U] >= self.u_max or m[C] >= self.c_max:
            return -DEFEAT
        found = self._results.get((skip, *m))
        end, fallen, risk, living = found if found is not None else self.outlook.outcome(m, skip)
        if fallen >= 0:  # a later fall leaves more time to act
            return -DEFEAT / 2 + 25.0 * fallen + points
        return points + self._bonus(end) - risk + living

    def _bonus(self, m: list[int]) -> float:
        index, from_top, divisor = self._measure
        return (m[index] if from_top is None else from_top - m[index]) / divisor

    # ----- options -----------------------------------------------------------------------
    def gain(self, effects: Compiled, building: str | None, points: int, owner: int) -> float:
        """Value of an investment's effects compared with doing nothing (memoized for the year,
        by the city the Planner starts from)."""
        mine = points if owner == self.dept else 0
        bonus = self.map.bonus(building) if building is not None else NO_EFFECTS
        memo = self._gains
        if memo is None:
            memo = self._gains = self.cache.setdefault((self.free_squares, *self.base), {})
        key = (id(effects), building, mine, len(bonus))  # effects: a tuple the tables keep
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._gain(effects, building, mine, bonus)
        return found

    def _gain(self, effects: Compiled, building: str | None, mine: int, bonus: Compiled) -> float:
        cities = self._cities
        if cities is None:  # shared by every seat on this map, outlook and city
            key = (self.outlook, *self.base)
            cities = self._cities = self.map.cities.get(key)
            if cities is None:
                cities = self._cities = self.map.cities[key] = {}
        city_key = (id(effects), building)  # effects: a tuple the tables keep
        after = cities.get(city_key)
        if after is None:
            after = cities[city_key] = self._city_after(effects, building, bonus)
        penalty, m, found = after
        if m is None:
            return -DEFEAT
        if self.selfish or found is None:
            return self.value(m, mine) - self.base_value - penalty
        end, fallen, risk, living = found
        if fallen >= 0:  # as in value(), without a call
            return -DEFEAT / 2 + 25.0 * fallen + mine - self.base_value - penalty
        return mine + self._bonus(end) - risk + living - self.base_value - penalty

    def _city_after(
        self, effects: Compiled, building: str | None, bonus: Compiled
    ) -> tuple[float, list[int] | None, Forecast | None]:
        """The investment's penalty for crowding the map, the model city after it (None: no square
        left for its Building) and that city's forecast (None: it falls at once). Depends on the
        map, the outlook and the city before, never on the seat."""
        m = self.base[:]
        penalty = 0.0
        top, st = self.top, self.st
        if building is not None:
            square, housing, built = self.bot.building[building]
            if square:
                free_sq = self.free_squares
                if free_sq <= 1:
                    return 0.0, None, None
                penalty = 6.0 / free_sq + (4.0 if free_sq <= 3 else 0.0)
            m[HOUSING] += housing
            if built:
                apply(m, built, top, st)
            if bonus:
                apply(m, bonus, top, st)
        if effects:
            apply(m, effects, top, st)
        if m[U] >= self.u_max or m[C] >= self.c_max:
            return penalty, m, None
        found = self._results.get(("", *m))
        return penalty, m, found if found is not None else self.outlook.outcome(m)

    def cells(self, building: str) -> list[int]:
        """The free spaces where ``building`` may be drawn (read only)."""
        return self.map.legal_cells(building)

    def options(self) -> list[tuple[float, int, Action]]:
        """(value, coins still needed, the action that chooses it) for every space this seat may pay into."""
        if self._options is None:
            self._options = self._all_options()
        return self._options

    def _all_options(self) -> list[tuple[float, int, Action]]:
        st, tables = self.st, self.tables
        out: list[tuple[float, int, Action]] = []
        legal_cells, gain = self.map.legal_cells, self.gain
        for d, spaces in enumerate(self.bot.spaces):
            if not st.may_fund(self.seat, d):
                continue
            sheet = st.sheet[d]
            for s, (building, points, cost, action) in enumerate(spaces):
                if legal_cells(building):
                    out.append((gain(NO_EFFECTS, building, points, d), cost - sheet[s], action))
        solutions, gray_cost = tables.solutions, self.bot.gray_cost
        for i, (sid, put) in enumerate(st.table):
            gray = solutions[sid].gray
            v = self._gray.get(gray)
            if v is None:
                sides = self.white_sides(gray)
                v = self._gray[gray] = sum([self._solution_gain(x) for x in sides]) / len(sides)
            out.append((v, gray_cost[gray] - put, A.INVEST(i + 1)))
        for i, (ev, put) in enumerate(st.requests):
            req = tables.events[ev].requested()
            v = self.gain(self.bot.reward[ev], None, 0, -1)
            out.append((v + self._request_relief(ev), req.cost - put, A.REQUEST(i + 1)))
        return out

    def _solution_gain(self, sid: str) -> float:
        effects, building, points, owner = self.bot.side[sid]
        if building is not None and not self.map.legal_cells(building):
            building = None
        return self.gain(effects, building, points, owner)

    def _request_relief(self, ev: str) -> float:
        """Value of no longer suffering a REQUEST card's penalty."""
        return self.value(list(self.base), 0, skip=ev) - self.base_value

    # ----- decisions -------------------------------------------------------------------
    def invest(self, legal: list[Action]) -> Action:
        have = self.st.coins[self.seat]
        best: tuple[float, Action] | None = None
        for value, need, prefix in self.options():
            if value <= 0.15 or need <= 0:
                continue
            coins = min(have, need)
            per_coin = value / need
            if coins < need:
                per_coin *= 0.6 if value > 2.0 else 0.0
            action = prefix
            if per_coin > 0 and (best is None or per_coin > best[0]):
                best = (per_coin, action)
        return best[1] if best and best[1] in legal else A.PASS_ACTION

    def gift(self, legal: list[Action]) -> Action:
        """Give a Coin to the owner of a housing Building the city needs, if they cannot pay it."""
        st, tables = self.st, self.tables
        if not gift_may_help(st, self.seat, self.selfish):
            return A.PASS_ACTION
        best: tuple[float, int] | None = None
        for d, dept in enumerate(tables.departments):
            owner = st.owner[d]
            if owner in (-1, self.seat):
                continue
            for s, sp in enumerate(dept.spaces):
                need = sp.cost - st.sheet[d][s]
                if tables.buildings[sp.building].housing == 0 or st.coins[owner] >= need:
                    continue
                if not self.cells(sp.building):
                    continue
                v = self.gain(NO_EFFECTS, sp.building, 0, -1)
                if v > 3.0 and (best is None or v > best[0]):
                    best = (v, owner)
        if best is None:
            return A.PASS_ACTION
        action = A.GIVES[best[1]]
        return action if action in legal else A.PASS_ACTION


class SelfishBot(HeuristicBot):
    """The heuristic without the city: it values only its own Department's points and bonus.
    A yardstick for designers: how much the city needs its Departments to cooperate."""

    name = "selfish"
    selfish = True
