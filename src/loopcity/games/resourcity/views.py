"""What each seat may see, and log lines.

Everything on the table is public in Resourcity (hands are dealt face up); only the draw deck's order
and which Crisis tiles it holds are hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.engine import Action

from .actions import COMPOST, GROW, HARVEST, PLANT, REPLACE
from .board import SIDES, TILES, plot_name
from .content import CRISES
from .setup import power_name

if TYPE_CHECKING:
    from .rules import ResourcityState


_WAITING = frozenset(("orient", "relocate", "compost"))
"""The phases that wait on what ``pending`` holds (a finished game may keep a stale one)."""


def make_view(s: ResourcityState, seat: int | None) -> dict[str, Any]:
    """A JSON-ready view for ``seat`` (None: a spectator); the same public table for all."""
    geo = s.tables.geo
    grid = []
    for t in range(TILES):
        k, r = s.grid_kind[t], s.grid_rot[t]
        m = geo.exits[(k, r)] if k != "green" else 0
        grid.append({"tile": k, "rot": r, "exits": "".join(SIDES[d] for d in range(4) if m >> d & 1)})
    return {
        "game": "resourcity",
        "seat": seat,
        "round": s.round,
        "turn": s.turn,
        "active_seats": list(s.active_seats()),
        "phase": s.phase,
        "pending": list(s.pending) if s.phase in _WAITING else [],
        "actions_left": s.actions_left,
        "layout": s.game.options["layout"],
        "grid": grid,
        "players": [
            {
                "seat": i,
                "power": p,
                "power_name": power_name(p),
                "tile": s.pos[i],
                "hand": list(s.hands[i]),
                "harvest": [list(h) for h in s.baskets[i]],
            }
            for i, p in enumerate(s.powers)
        ],
        "available": dict(s.avail),
        "used": dict(s.used),
        "supply": dict(s.supply),
        "plots": s.plots_json(),
        "farms": s.farm_count(),
        "deck_size": len(s.deck),
        "deck_stacks": list(s.sections),
        "crises_drawn": s.crises_drawn,
        "crises_to_win": s.content.turn.crises_to_win,
        "events": [{"id": e, "name": s.content.event(e).name, "crisis": e in CRISES} for e in s.resolved],
        "discard_pile": list(s.discard_pile),
        "effects": {"manpower_shortage": s.manpower, "pandemic": s.pandemic, "community_day": s.community},
        "score": s.score(),
        "result": ("won" if s.won else s.result) if s.phase == "over" else None,
    }


_REPLACE = REPLACE.name


def describe(s: ResourcityState, seat: int, action: Action) -> str:
    """A log line for an action in words."""
    # Kept per (seat, Superpower, action and, for Replace, the tile laid): the line depends on nothing
    # else but the content (crop names), and they are kept with the content's tables.
    power = s.powers[seat]
    k = action.kind
    if k == _REPLACE:
        key: tuple[object, ...] = (seat, power, k, action.args, s.hands[seat][REPLACE.read(action).slot])
    else:
        key = (seat, power, k, action.args)
    lines = s.tables.lines
    text = lines.get(key)
    if text is None:
        text = lines[key] = _describe(s, seat, action)
    return text


def _describe(s: ResourcityState, seat: int, a: Action) -> str:
    who = f"Seat {seat + 1} ({power_name(s.powers[seat])})"
    match a.kind:
        case PLANT.name:
            plant = PLANT.read(a)
            return f"{who}: plant {s.crop_of(plant.crop).name} at {plot_name(plant.plot)}"
        case GROW.name:
            return f"{who}: grow at {plot_name(GROW.read(a).plot)}"
        case HARVEST.name:
            return f"{who}: harvest at {plot_name(HARVEST.read(a).plot)}"
        case COMPOST.name:
            return f"{who}: compost at {plot_name(COMPOST.read(a).plot)}"
        case REPLACE.name:
            replace = REPLACE.read(a)
            return f"{who}: replace tile {replace.tile} with {s.hands[seat][replace.slot]}"
    return f"{who}: {a}"
