"""The tables Resourcity derives from its content, made once per configured game (``Game.tables``)
and shared by every state and clone of it: the board's geometry, crops by id, the layouts' fixed
tiles and remaining tile stacks, the names of drawn tiles, and the Rotate actions each tile type
offers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from loopcity.engine import Action

from .actions import ROTATE
from .board import SIZE, TILES, Geometry, build_geometry
from .content import Content, Crop


@dataclass(frozen=True)
class LayoutTables:
    """One fixed layout: its (cell, tile, rotation)s and the remaining tiles in content order (the
    rulebook's Steps 1-2)."""

    fixed: tuple[tuple[int, str, int], ...]
    pool: tuple[str, ...]


@dataclass(frozen=True)
class ResourcityTables:
    """Everything the rules look up that depends on the content alone."""

    geo: Geometry
    crops: dict[str, Crop]
    layouts: dict[str, LayoutTables]
    event_names: dict[str, str]
    """A drawn tile's name (a road tile's, a Crisis or Huat tile's), by tile id."""
    rotations_offered: dict[str, tuple[tuple[Action, ...], ...]]
    """Per tile type, then tile: its Rotate actions (cw where the type has 2 distinct rotations, ccw
    too where it has more)."""
    lines: dict[tuple[object, ...], Any] = field(default_factory=dict, compare=False)
    """Log lines, filled as they are first written, by what they depend on (see
    ``texts.describe_line``): a line depends on the content and its key alone."""


def tile_pool(content: Content, layout_id: str) -> list[str]:
    """Every road, Green Space and Huat tile, minus those the layout fixes (Step 2's 'remaining')."""
    pool: list[str] = []
    for t in content.tiles:
        pool += [t.id] * t.count
    pool += [h.id for h in content.huats]
    for f in content.layout(layout_id).fixed:
        pool.remove(f.tile)
    return pool


def build_tables(content: Content) -> ResourcityTables:
    """The tables of one content (``GameSpec.tables``)."""
    geo = build_geometry(content)
    layouts = {
        lay.id: LayoutTables(
            tuple(
                (f.cell[0] * SIZE + f.cell[1], f.tile, geo.rotation_for(f.tile, f.exits)) for f in lay.fixed
            ),
            tuple(tile_pool(content, lay.id)),
        )
        for lay in content.layouts
    }
    names = {t.id: t.name for t in content.tiles}
    names |= {e.id: e.name for e in (*content.crises, *content.huats)}
    rotations_offered = {
        kind: tuple((ROTATE(t, "cw"), ROTATE(t, "ccw"))[: min(2, len(rots) - 1)] for t in range(TILES))
        for kind, rots in geo.rotations.items()
    }
    return ResourcityTables(geo, {c.id: c for c in content.crops}, layouts, names, rotations_offered)
