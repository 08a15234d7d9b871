"""Facts the heuristic bot reads at every decision, worked out once: per content (:class:`BotTables`,
part of the game's tables) and per City Map (:class:`MapFacts`, kept while the map stays the same)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.engine import Action

from . import actions as A
from .content import SustainContent
from .forecast import Compiled, compiled

if TYPE_CHECKING:
    from .rules import SustainState
    from .tables import SustainTables

NO_EFFECTS: Compiled = ()


class BotTables:
    """Content facts by id: Buildings, Solution cards and the gray sides of each scenario."""

    def __init__(self, content: SustainContent, tables: SustainTables) -> None:
        self.tables = tables
        self.building: dict[str, tuple[bool, int, Compiled]] = {
            b.id: (b.space == "square", b.housing, compiled(b.effects)) for b in content.buildings
        }
        """(drawn on a big square, housing, its effects) per Building."""
        self.bonus: dict[str, Compiled] = {
            b.id: compiled(b.bonus.effects) for b in content.buildings if b.bonus is not None
        }
        """The bonus effects of each Building that has a bonus."""
        self.side: dict[str, tuple[Compiled, str | None, int, int]] = {}
        """(effects, Building or None, points, Department index or -1) per Solution card."""
        for s in content.solutions:
            pts = s.points
            owner = tables.dept_index[pts.department] if pts else -1
            self.side[s.id] = (compiled(s.effects), s.building or None, pts.amount if pts else 0, owner)
        self.reward: dict[str, Compiled] = {
            e.id: compiled(e.request.reward) for e in content.events if e.request is not None
        }
        """The reward of each REQUEST card, compiled."""
        self.spaces: list[list[tuple[str, int, int, Action]]] = [
            [(sp.building, sp.points, sp.cost, A.FUND(d + 1, s + 1)) for s, sp in enumerate(dept.spaces)]
            for d, dept in enumerate(content.departments)
        ]
        """(Building, points, cost, the action that chooses it) per space of each Department sheet."""
        self.gray_cost = {g.id: g.cost for g in content.gray_sides}
        self._cards: dict[tuple[str, str], list[str]] = {}
        self._map: MapFacts | None = None

    def cards(self, scenario: str, gray: str) -> list[str]:
        """The scenario's Solution cards with this gray side, in the scenario's order."""
        found = self._cards.get((scenario, gray))
        if found is None:
            tables = self.tables
            found = [s for s in tables.scenarios[scenario].solutions if tables.solutions[s].gray == gray]
            self._cards[(scenario, gray)] = found
        return found

    def map_facts(self, st: SustainState) -> MapFacts:
        """The :class:`MapFacts` of ``st``'s City Map (the last map's, when it is the same)."""
        cells = tuple(st.cells)
        found = self._map
        if found is None or found.cells != cells:
            found = self._map = MapFacts(self.tables, cells)
        return found


class MapFacts:
    """Where each Building may go on one City Map, and whether it would earn its bonus there.
    Depends on the map alone (``cells``: the Building on each space)."""

    def __init__(self, tables: SustainTables, cells: tuple[str | None, ...]) -> None:
        self.tables = tables
        self.cells = cells
        self.free_squares = sum(1 for c in tables.geo.squares if cells[c] is None)
        self._legal: dict[str, list[int]] = {}
        self._bonus: dict[str, Compiled] = {}
        self.cities: dict[tuple[Any, ...], dict[tuple[int, str | None], Any]] = {}
        """The heuristic's model cities after each investment, by the outlook and the city before
        (what every seat would work out alike on this map: see ``heuristic.Planner``)."""

    def legal_cells(self, building: str) -> list[int]:
        """The free spaces where ``building`` may be drawn (read only)."""
        found = self._legal.get(building)
        if found is None:
            found = self._legal[building] = self.tables.legal_cells(self.cells, building)
        return found

    def bonus(self, building: str) -> Compiled:
        """The Building's bonus effects when some space it may go touches its bonus category."""
        found = self._bonus.get(building)
        if found is None:
            found = self._bonus[building] = self._find_bonus(building)
        return found

    def _find_bonus(self, building: str) -> Compiled:
        tables = self.tables
        b = tables.buildings[building]
        if b.bonus is None:
            return NO_EFFECTS
        cells, buildings, touches = self.cells, tables.buildings, tables.geo.touches
        category = b.bonus.category
        for c in self.legal_cells(building):
            for t in touches[c]:
                bid = cells[t]
                if bid is not None and buildings[bid].category == category:
                    return tables.bot.bonus[building]
        return NO_EFFECTS
