"""SUSTAIN's observation tensors: indicators, the City Map, Department sheets, cards on the table.

City Map planes are indexed by cell (the ids ``build`` names), Solution cards by their place on the
table (``invest <card>``: entry ``card - 1``), REQUEST cards likewise (``request <card>``), Department
sheets by department number and space (``fund <department> <space>``), players by seat (``give
<player>``: entry ``player - 1``). What the seat may not see stays out: the deck orders and the
white sides of the Solution cards on the table (only their gray sides, which every player sees; the
white sides of flipped cards are public). The memory of the information-state tensor holds the
Event cards drawn so far.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Game, State
from loopcity.engine.observation import Encoder, Features, ObservationSpec

from .actions import MAX_REQUESTS, MAX_TABLE

PHASES = ("discussion", "investing", "coins", "build", "over")
TARGETS = ("fund", "invest", "request")
SPACES = 4
MAX_COINS = 10
MAX_PEOPLE = 6
SEAT_MODELS = (
    "In the discussion every player who has not passed may give Coins or pass; investing goes round "
    "the table. team: one agent plays every department (the reward is the mean of the seats' "
    "returns); seat: each seat plays its own department, the seats still talking taking turns."
)


class SustainEncoder(Encoder):
    """Layout: seat, players, phase, indicators, City Map, Department sheets, Solutions, REQUESTs,
    Events, the investment being made."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.lk = lk = game.tables
        self.departments = len(lk.departments)
        self.buildings = list(lk.buildings)
        self.building_index = {b: i for i, b in enumerate(self.buildings)}
        self.grays = list(lk.gray)
        self.gray_index = {g: i for i, g in enumerate(self.grays)}
        self.solutions = list(lk.solutions)
        self.solution_index = {s: i for i, s in enumerate(self.solutions)}
        self.events = list(lk.events)
        self.event_index = {e: i for i, e in enumerate(self.events)}
        self.cells = len(lk.geo.kind)
        self.space_costs = [[max(1, space.cost) for space in dept.spaces] for dept in lk.departments]
        lay, players, d = self.layout, self.players, self.departments
        self.o_seat = self.add_seat()
        self.o_dept = lay.add("department", (players, d), "each seat's Department")
        self.o_turn = lay.add("turn", (2, players), "whose turn it is; the first player")
        self.o_phase = lay.add("phase", len(PHASES) + 2, ", ".join(PHASES) + ", final year, defeat")
        self.o_player = lay.add("players", (players, 2), "each seat's Coins / 10; passed")
        self.o_track = lay.add("indicators", 4, "the four indicator tracks / their top")
        self.o_city = lay.add("city", 4, "unhappy, CO2 / their squares, reserve / 10, round / 10")
        self.o_map = lay.add("map", (len(self.buildings), self.cells), "the Building on each cell")
        self.o_people = lay.add("people", self.cells, "people living on each cell / 6")
        self.o_owner = lay.add("sheet_owner", (d, players + 1), "who runs each Department (or nobody)")
        self.o_sheet = lay.add("sheets", (d, SPACES), "Coins on each Department space / its cost")
        self.o_points = lay.add("points", d, "points on each Department sheet / 10")
        self.o_table = lay.add(
            "solutions",
            (MAX_TABLE, len(self.grays) + 1),
            "each Solution card on the table: gray side, Coins / cost",
        )
        self.o_deck_top = lay.add(
            "solution_deck_top", len(self.grays), "the gray side of the Solution deck's top card (public)"
        )
        self.o_flipped = lay.add("flipped", len(self.solutions), "Solution cards flipped (white side seen)")
        self.o_requests = lay.add(
            "requests", (MAX_REQUESTS, len(self.events) + 1), "each REQUEST card: its Event, Coins / cost"
        )
        self.o_lasting = lay.add("lasting", len(self.events), "lasting Events: years left / 3")
        self.o_drawn = lay.add("events_this_year", len(self.events), "Events drawn this year")
        self.o_choice = lay.add(
            "investment",
            len(TARGETS) + d + SPACES + MAX_TABLE + MAX_REQUESTS + 1,
            "the space being paid into: kind, department, space, Solution, REQUEST, Coins it needs / 10",
        )
        self.o_pending = lay.add("pending_build", len(self.buildings), "the Building waiting for a cell")
        self.o_decks = lay.add("decks", 2, "Event and Solution cards left / their number")
        self.m_events = self.memory.add("events_drawn", len(self.events), "Event cards drawn so far")

    def observe(self, state: State, seat: int, out: Features) -> None:
        st: Any = state
        out.one(self.o_seat + seat)
        self._table_talk(st, out)
        self._city(st, out)
        self._sheets(st, out)
        self._cards(st, out)

    def _table_talk(self, st: Any, out: Features) -> None:
        players = self.players
        for p, d in enumerate(st.dept_of):
            out.one(self.o_dept + p * self.departments + d)
            out.ratio(self.o_player + p * 2, st.coins[p], MAX_COINS)
            if st.passed[p]:
                out.one(self.o_player + p * 2 + 1)
        if st.phase != "over":
            out.one(self.o_turn + st.turn)
        out.one(self.o_turn + players + st.first)
        out.one(self.o_phase + PHASES.index(st.phase))
        if st.final_year:
            out.one(self.o_phase + len(PHASES))
        if st.defeat:
            out.one(self.o_phase + len(PHASES) + 1)

    def _city(self, st: Any, out: Features) -> None:
        board, top = self.lk.board, self.lk.top
        for i, value in enumerate(st.track):
            out.ratio(self.o_track + i, value, top)
        out.ratio(self.o_city, st.unhappy, board.unhappy_squares)
        out.ratio(self.o_city + 1, st.co2, board.co2_squares)
        out.ratio(self.o_city + 2, st.reserve, MAX_COINS)
        out.ratio(self.o_city + 3, st.round, 10)
        n, hot, index, people = self.cells, out.hot, self.building_index, st.people
        o_map, o_people = self.o_map, self.o_people
        for cell, building in enumerate(st.cells):
            if building is not None:
                hot.append(o_map + index[building] * n + cell)
                if people[cell]:
                    out.ratio(o_people + cell, people[cell], MAX_PEOPLE)

    def _sheets(self, st: Any, out: Features) -> None:
        players, costs = self.players, self.space_costs
        out.hot.extend(
            [self.o_owner + d * (players + 1) + (players if o < 0 else o) for d, o in enumerate(st.owner)]
        )
        for d, sheet in enumerate(st.sheet):
            for s, coins in enumerate(sheet[:SPACES]):
                if coins:
                    out.ratio(self.o_sheet + d * SPACES + s, coins, costs[d][s])
            if st.points[d]:
                out.ratio(self.o_points + d, st.points[d], 10)

    def _cards(self, st: Any, out: Features) -> None:
        lk, width = self.lk, len(self.grays) + 1
        for slot, (sid, put) in enumerate(st.table[:MAX_TABLE]):
            out.one(self.o_table + slot * width + self.gray_index[lk.solutions[sid].gray])
            out.ratio(self.o_table + slot * width + width - 1, put, max(1, lk.sol_cost(sid)))
        if st.sol_deck:
            out.one(self.o_deck_top + self.gray_index[lk.solutions[st.sol_deck[0]].gray])
        out.ones(self.o_flipped, [self.solution_index[s] for s in st.flipped])
        width = len(self.events) + 1
        for slot, (ev, put) in enumerate(st.requests[:MAX_REQUESTS]):
            out.one(self.o_requests + slot * width + self.event_index[ev])
            out.ratio(self.o_requests + slot * width + width - 1, put, max(1, lk.events[ev].requested().cost))
        for ev, left in st.lasting:
            out.ratio(self.o_lasting + self.event_index[ev], left, 3)
        out.ones(self.o_drawn, [self.event_index[e] for e in st.drawn])
        self._investment(st, out)
        out.ratio(self.o_decks, len(st.event_deck), len(self.events))
        out.ratio(self.o_decks + 1, len(st.sol_deck), len(self.solutions))

    def _investment(self, st: Any, out: Features) -> None:
        o, d = self.o_choice, self.departments
        if st.choice is not None:
            kind, a = st.choice[0], st.choice[1]
            out.one(o + TARGETS.index(kind))
            if kind == "fund":
                out.one(o + len(TARGETS) + a - 1)
                out.one(o + len(TARGETS) + d + st.choice[2] - 1)
            elif kind == "invest":
                out.one(o + len(TARGETS) + d + SPACES + a - 1)
            else:
                out.one(o + len(TARGETS) + d + SPACES + MAX_TABLE + a - 1)
            out.ratio(
                o + len(TARGETS) + d + SPACES + MAX_TABLE + MAX_REQUESTS, st.room(list(st.choice)), MAX_COINS
            )
        if st.pending is not None:
            out.one(self.o_pending + self.building_index[st.pending[0]])

    def remember(self, state: State, seat: int, out: Features) -> None:
        st: Any = state
        unseen = set(st.event_deck)
        out.ones(self.m_events, [i for i, e in enumerate(self.events) if e not in unseen])


OBSERVATION = ObservationSpec(SustainEncoder, SEAT_MODELS)
