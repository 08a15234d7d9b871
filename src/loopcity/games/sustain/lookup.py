"""Content indexed for fast play: built once per loaded content and shared by every state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, cast

from . import actions as A
from .board import Geometry, geometry
from .content import (
    TRACKS,
    Building,
    Department,
    EventCard,
    GraySide,
    Scenario,
    Solution,
    SustainContent,
)

if TYPE_CHECKING:
    from loopcity.engine import Game


class Lookup:
    """Dictionaries by id over the content, the map geometry and the track bounds."""

    def __init__(self, content: SustainContent) -> None:
        self.content = content
        self.board = content.board
        self.top = content.board.track_squares - 1
        self.geo: Geometry = geometry(content.map.size)
        self.buildings: dict[str, Building] = {b.id: b for b in content.buildings}
        self.departments: list[Department] = list(content.departments)
        self.dept_index = {d.id: i for i, d in enumerate(content.departments)}
        self.solutions: dict[str, Solution] = {s.id: s for s in content.solutions}
        self.gray: dict[str, GraySide] = {g.id: g for g in content.gray_sides}
        self.events: dict[str, EventCard] = {e.id: e for e in content.events}
        self.scenarios: dict[str, Scenario] = {s.id: s for s in content.scenarios}
        self.tracks = TRACKS
        self.placement = {b.id: self._placement(b) for b in content.buildings}
        """Per Building: the spaces of its kind, and (category, ``within`` table of the distance)
        when it keeps away from a category."""
        self._free_in = {
            spaces: _getter(spaces) for spaces in (self.geo.squares, self.geo.corners, self.geo.edges)
        }
        """Per kind of space, a getter of the Buildings on those spaces of a map."""
        self.sheet_spaces = [
            [(s, sp.cost, sp.building, A.fund(d + 1, s + 1)) for s, sp in enumerate(dept.spaces)]
            for d, dept in enumerate(self.departments)
        ]
        """(space index, cost, Building, the action that chooses it) per space of each Department sheet."""
        self.housing: dict[str, int] = {b.id: b.housing for b in content.buildings}
        self.bot_tables: Any = None
        """The heuristic bot's tables, built on first use (see :mod:`.plans`)."""
        self.forecasts: Any = None
        """The heuristic bot's forecasts by outlook, built on first use (see :mod:`.forecast`):
        they depend only on this content, the years left and the cards in play."""

    def _placement(self, b: Building) -> tuple[tuple[int, ...], tuple[str, tuple] | None]:
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
        return self.gray[self.solutions[sol_id].gray].cost


def _getter(spaces: tuple[int, ...]) -> Callable[[Sequence[str | None]], tuple]:
    """A function giving the tuple of a map's Buildings on ``spaces``."""
    if len(spaces) == 1:
        return lambda cells: (cells[spaces[0]],)
    return itemgetter(*spaces) if spaces else lambda cells: ()


def lookup(game: Game) -> Lookup:
    """The shared :class:`Lookup` of a game's content."""
    found = game.__dict__.get("_sustain_lookup")
    if found is None:
        found = Lookup(cast(SustainContent, game.content))
        game.__dict__["_sustain_lookup"] = found
    return cast(Lookup, found)
