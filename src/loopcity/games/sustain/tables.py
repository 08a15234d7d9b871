"""The tables SUSTAIN's rules and bots read, derived from the content once per configured game.

``build_tables`` is the spec's ``tables`` hook: the engine calls it once per configured game and every
state and clone of that game reads the same :class:`SustainTables` as ``state.tables``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from loopcity.engine import Action

from . import actions as A
from .board import Geometry, geometry
from .content import Board, Building, Department, EventCard, GraySide, Scenario, Solution, SustainContent
from .forecast import ForecastStore
from .plans import BotTables

Placement = tuple[tuple[int, ...], "tuple[str, tuple[frozenset[int], ...]] | None"]
"""A Building's spaces of its kind, and (category, the ``within`` table of the distance) when it keeps
away from a category."""


class SustainTables:
    """Dictionaries by id over the content, the map geometry, the track bounds, and the bots' tables."""

    def __init__(self, content: SustainContent) -> None:
        self.board: Board = content.board
        self.top = content.board.track_squares - 1
        """The highest square of a track (the lowest is 0)."""
        self.geo: Geometry = geometry(content.map.size)
        self.cell_of = {label: cell for cell, label in enumerate(self.geo.labels)}
        """Each space of the City Map by its label (``C3``, ``B2+``, ``A1|B1``, ``A1/A2``)."""
        self.buildings: dict[str, Building] = {b.id: b for b in content.buildings}
        self.departments: list[Department] = list(content.departments)
        self.dept_index = {d.id: i for i, d in enumerate(content.departments)}
        self.solutions: dict[str, Solution] = {s.id: s for s in content.solutions}
        self.gray: dict[str, GraySide] = {g.id: g for g in content.gray_sides}
        self.events: dict[str, EventCard] = {e.id: e for e in content.events}
        self.scenarios: dict[str, Scenario] = {s.id: s for s in content.scenarios}
        self.placement: dict[str, Placement] = {b.id: self._placement(b) for b in content.buildings}
        """Per Building: where it may be drawn (see :data:`Placement`)."""
        self._free_in = {
            spaces: _getter(spaces) for spaces in (self.geo.squares, self.geo.corners, self.geo.edges)
        }
        """Per kind of space, a getter of the Buildings on those spaces of a map."""
        self.sheet_spaces: list[list[tuple[int, int, str, Action]]] = [
            [(s, sp.cost, sp.building, A.FUND(d + 1, s + 1)) for s, sp in enumerate(dept.spaces)]
            for d, dept in enumerate(self.departments)
        ]
        """(space index, cost, Building, the action that chooses it) per space of each Department sheet."""
        self.housing: dict[str, int] = {b.id: b.housing for b in content.buildings}
        self._room_map: list[str | None] = []
        self._rooms: dict[str, bool] = {}
        self.seat_names: dict[tuple[str, int, int], str] = {}
        """Seats as people name them, by (language, seat, Department), made as log lines ask."""
        self.log_lines: dict[tuple[Any, ...], str] = {}
        """Log lines by what their words depend on (see :func:`.labels.describe` and
        :meth:`.year.YearSteps.tell`): every step writes one, and most repeat from game to game."""
        self.bot = BotTables(content, self)
        """The heuristic bot's tables (see :mod:`.plans`)."""
        self.forecasts = ForecastStore(self)
        """The heuristic bot's forecasts by outlook (see :mod:`.forecast`): they depend only on this
        content, the years left and the cards in play, so every seat and game of this configured game
        shares them."""

    def _placement(self, b: Building) -> Placement:
        geo = self.geo
        spaces = geo.squares if b.space == "square" else geo.corners if b.space == "corner" else geo.edges
        if b.keep_away is None:
            return spaces, None
        return spaces, (b.keep_away.category, geo.within[min(b.keep_away.distance, 2 * geo.size - 1)])

    def legal_cells(self, cells: Sequence[str | None], building: str) -> list[int]:
        """Free spaces of a City Map (``cells``: the Building on each space) where ``building`` may
        be drawn."""
        spaces, keep_away = self.placement[building]
        free = [c for c in spaces if cells[c] is None]
        if keep_away is None:
            return free
        blocked = self._kept_away(cells, *keep_away)
        return [c for c in free if c not in blocked]

    def has_room(self, cells: Sequence[str | None], building: str) -> bool:
        """Whether ``legal_cells(cells, building)`` is not empty."""
        spaces, keep_away = self.placement[building]
        if keep_away is None:
            return None in self._free_in[spaces](cells)
        blocked = self._kept_away(cells, *keep_away)
        return any(cells[c] is None and c not in blocked for c in spaces)

    def rooms(self, cells: list[str | None]) -> dict[str, bool]:
        """``has_room`` of each Building on this map, filled in as the caller asks (``None``: not
        asked yet). The answers for the last map asked about are kept: a map changes only when a
        Building is drawn, and the legal investments ask at every turn."""
        if cells != self._room_map:
            self._room_map = list(cells)
            self._rooms = {}
        return self._rooms

    def _kept_away(
        self, cells: Sequence[str | None], category: str, within: tuple[frozenset[int], ...]
    ) -> set[int]:
        """The cells too near a big square built with a Building of ``category``."""
        buildings = self.buildings
        blocked: set[int] = set()
        for c in self.geo.squares:
            other = cells[c]
            if other is not None and buildings[other].category == category:
                blocked |= within[c]
        return blocked

    def sol_cost(self, sol_id: str) -> int:
        """The Coins a Solution card asks (the cost on its gray side)."""
        return self.gray[self.solutions[sol_id].gray].cost


def _getter(spaces: tuple[int, ...]) -> Callable[[Sequence[str | None]], tuple[Any, ...]]:
    """A function giving the tuple of a map's Buildings on ``spaces``."""
    if len(spaces) == 1:
        return lambda cells: (cells[spaces[0]],)
    return itemgetter(*spaces) if spaces else lambda cells: ()


def build_tables(content: SustainContent) -> SustainTables:
    """The spec's ``tables`` hook: the :class:`SustainTables` of a configured game's content."""
    return SustainTables(content)
