"""What each seat may see, log lines, and the game's invariants.

Everything on the table is public in Resourcity (hands are dealt face up); only the draw deck's order
and which Crisis tiles it holds are hidden."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from loopcity.engine import Action

from .actions import COMPOST, GROW, HARVEST, PLANT, REPLACE
from .board import SIDES, TILES, plot_name
from .content import CRISES, HUATS, POWERS
from .setup import power_name

if TYPE_CHECKING:
    from .rules import ResourcityState


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
        "pending": list(s.pending),
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


def describe(s: ResourcityState, seat: int, action: Action) -> str:
    """A log line for an action in words."""
    # Kept per (seat, Superpower, action and, for Replace, the tile laid): the line depends on nothing
    # else but the content (crop names), and they are kept with the content's tables.
    power = s.powers[seat]
    k = action.kind
    if k == REPLACE.name:
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


def check_invariants(s: ResourcityState) -> None:
    """Resources are conserved (Available + Used), tiles and tokens are all accounted for."""
    c = s.content
    start = {"fuel": c.start.fuel, "food": c.start.food, "water": c.start.water}
    for r, n in start.items():
        assert s.avail[r] >= 0 and s.used[r] >= 0, f"negative {r}"
        assert s.avail[r] + s.used[r] == n, f"{r}: Available + Used changed"
    tiles = Counter(s.grid_kind) + Counter(k for h in s.hands for k in h) + Counter(s.deck)
    tiles += Counter(s.discard_pile) + Counter(s.resolved)
    crises = sum(n for k, n in tiles.items() if k in CRISES)
    assert crises == c.turn.crises_per_game, "the game holds the wrong number of Crisis tiles"
    fixed = Counter(f.tile for f in c.layout(s.game.options["layout"]).fixed)
    expect = Counter(s.tables.layouts[s.game.options["layout"]].pool) + fixed
    assert Counter({k: n for k, n in tiles.items() if k not in CRISES}) == expect, "tiles changed"
    assert sum(s.sections) == len(s.deck), "deck stacks do not add up"
    assert all(k not in HUATS and k not in CRISES for h in s.hands for k in h), "event tile in a hand"
    _check_tokens(s)
    assert sorted(s.powers) == sorted(set(s.powers)) and set(s.powers) <= set(POWERS)
    for t in range(TILES):
        assert s.pos.count(t) <= c.turn.max_players_per_tile, "too many players on a tile"
    for p in s.crop:
        assert s.farm[p] >= 0, f"crop on plot {p} outside every Farm"


def _check_tokens(s: ResourcityState) -> None:
    used: Counter[str] = Counter()
    for p, crop in s.crop.items():
        used["rainwater" if crop == "catchment" else crop] += s.tokens[p]
        used["catchment"] += crop == "catchment"
    used["compost"] += len(s.compost)
    for basket in s.baskets:
        for crop, n, comp in basket:
            used["rainwater" if crop == "catchment" else crop] += n
            used["compost"] += comp
    for token, total in s.content.supply.model_dump(exclude={"source"}).items():
        assert s.supply[token] >= 0 and s.supply[token] + used[token] == total, f"{token} tokens lost"
