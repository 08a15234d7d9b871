"""What each seat may see.

Everything on the table is public in Resourcity (hands are dealt face up); only the draw deck's order
and which Crisis tiles it holds are hidden. A view carries the words people read beside the ids
(tile, crop and Superpower names, places as ``C3``), the question the table is answering
(``decision``) and the Crisis and Huat tiles on stage this round, so that the text and SVG boards,
the panels and the stage are pure functions of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.engine.table import ballot_view

from .board import SIDES, TILES
from .catalogue import _
from .content import CRISES
from .legal import replace_cost, rotate_cost
from .texts import subject_words
from .words import (
    place_name,
    plot_name,
    power_text,
    power_title,
    roads_words,
    seat_words,
    tile_kind_name,
    tile_name,
)

if TYPE_CHECKING:
    from .rules import ResourcityState


_WAITING = frozenset(("orient", "relocate", "compost"))
"""The phases that wait on what ``pending`` holds (a finished game may keep a stale one)."""


def make_view(s: ResourcityState, seat: int | None) -> dict[str, Any]:
    """A JSON-ready view for ``seat`` (None: a spectator); the same public table for all."""
    decided = s.phase not in ("place", "propose", "vote")
    return {
        "game": "resourcity",
        "seat": seat,
        "round": s.round,
        "turn": s.turn,
        "first_player": s.first if decided else None,
        "active_seats": list(s.active_seats()),
        "phase": s.phase,
        "pending": list(s.pending) if s.phase in _WAITING else [],
        "actions_left": s.actions_left,
        "layout": s.game.options["layout"],
        "grid": _grid(s),
        "players": _players(s),
        "available": dict(s.avail),
        "used": dict(s.used),
        "supply": dict(s.supply),
        "plots": [
            p | {"name": plot_name(p["plot"]), "crop_name": _crop_name(s, p["crop"])} for p in s.plots_json()
        ],
        "farms": s.farm_count(),
        "deck_size": len(s.deck),
        "deck_stacks": list(s.sections),
        "crises_drawn": s.crises_drawn,
        "crises_to_win": s.content.turn.crises_to_win,
        "events": [{"id": e, "name": _(s.content.event(e).name), "crisis": e in CRISES} for e in s.resolved],
        "stage": _stage(s),
        "discard_pile": list(s.discard_pile),
        "effects": {"manpower_shortage": s.manpower, "pandemic": s.pandemic, "community_day": s.community},
        "costs": _costs(s),
        "decision": _decision(s),
        "laying": _laying(s),
        "proposals": [
            {
                "by": i,
                "by_name": seat_words(s.powers, i),
                "first": f,
                "first_name": seat_words(s.powers, f),
                "yes": y,
            }
            for i, (f, y) in enumerate(s.proposals)
        ],
        "names": {
            "tiles": {t.id: _(t.name) for t in s.content.tiles},
            "crops": {c.id: _(c.name) for c in s.content.crops},
        },
        "score": s.score(),
        "result": ("won" if s.won else s.result) if s.phase == "over" else None,
    }


def _crop_name(s: ResourcityState, crop: str | None) -> str | None:
    return _(s.crop_of(crop).name) if crop else None


def _exits(s: ResourcityState, kind: str, rot: int) -> str:
    """The road exits of a tile type turned ``rot`` quarter turns (``NE``; none for a Green Space)."""
    m = s.tables.geo.exits[(kind, rot)] if kind != "green" else 0
    return "".join(SIDES[d] for d in range(4) if m >> d & 1)


def _laying(s: ResourcityState) -> dict[str, Any] | None:
    """The tile being laid by a Replace and the turns it may take (phase orient), for previews."""
    if s.phase != "orient":
        return None
    slot, t = s.pending
    kind = s.hands[s.turn][slot]
    geo = s.tables.geo
    return {
        "tile": kind,
        "name": tile_kind_name(s.content, kind),
        "on": t,
        "place": tile_name(t),
        "turns": [
            {
                "turns": r,
                "exits": _exits(s, kind, r),
                "roads": roads_words(s.content, kind, geo.exits[(kind, r)], r),
            }
            for r in geo.rotations[kind]
        ],
    }


def _grid(s: ResourcityState) -> list[dict[str, Any]]:
    """Each tile: its type and turn, its road exits, and its words."""
    geo = s.tables.geo
    grid = []
    for t in range(TILES):
        k, r = s.grid_kind[t], s.grid_rot[t]
        grid.append(
            {
                "tile": k,
                "rot": r,
                "exits": _exits(s, k, r),
                "place": tile_name(t),
                "name": tile_kind_name(s.content, k),
                "roads": roads_words(s.content, k, geo.exits[(k, r)], r),
            }
        )
    return grid


def _players(s: ResourcityState) -> list[dict[str, Any]]:
    """Each player: Superpower, token, hand (face up) and the harvests carried."""
    names = {t.id: _(t.name) for t in s.content.tiles}
    return [
        {
            "seat": i,
            "name": seat_words(s.powers, i),
            "power": p,
            "power_name": power_title(p),
            "power_text": power_text(s.content, p),
            "tile": s.pos[i] if s.pos[i] >= 0 else None,
            "place": place_name(s.content, s.grid_kind[s.pos[i]], s.pos[i]) if s.pos[i] >= 0 else None,
            "hand": list(s.hands[i]),
            "hand_names": [names[k] for k in s.hands[i]],
            "hand_exits": [_exits(s, k, 0) for k in s.hands[i]],
            "harvest": [list(h) for h in s.baskets[i]],
            "harvest_names": [_(s.crop_of(h[0]).name) for h in s.baskets[i]],
        }
        for i, p in enumerate(s.powers)
    ]


def _costs(s: ResourcityState) -> dict[str, int]:
    """What building costs the player whose turn it is, now (Community Day and the Builder included)."""
    return {
        "rotate": rotate_cost(s),
        "replace_road": replace_cost(s, s.turn, "straight"),
        "replace_green": replace_cost(s, s.turn, "green"),
    }


def _decision(s: ResourcityState) -> dict[str, Any] | None:
    """The question the table or a player answers now, as front ends show it."""
    if s.ballot is None or s.phase != "vote":
        return None
    out = ballot_view(s.ballot, [seat_words(s.powers, o) for o in range(s.players)])
    out["subject"] = subject_words(s, s.ballot)
    return out


def _stage(s: ResourcityState) -> list[dict[str, Any]]:
    """The Crisis and Huat tiles drawn in the last round (until the drawer's next turn), with what
    they did: the Available pool, the crops on the board and the Farms before and after."""
    out = []
    crises = 0
    for e in s.resolved:
        crises += e in CRISES
    seen_crises = crises
    for entry in reversed(s.stage):
        if s.phase != "over" and s.turns_since(entry) >= s.players:
            continue
        ev = s.content.event(entry["tile"])
        out.append(
            {
                "tile": entry["tile"],
                "name": _(ev.name),
                "text": _(ev.text),
                "crisis": entry["tile"] in CRISES,
                "number": seen_crises if entry["tile"] in CRISES else None,
                "round": entry["round"],
                "seat": entry["seat"],
                "seat_name": seat_words(s.powers, entry["seat"]),
                "before": dict(zip(("fuel", "food", "water"), entry["before"], strict=True)),
                "after": dict(zip(("fuel", "food", "water"), entry["after"], strict=True)),
                "crops": list(entry["crops"]),
                "farms": list(entry["farms"]),
            }
        )
        seen_crises -= entry["tile"] in CRISES
    out.reverse()
    return out


def seat_view(state: Any, seat: int) -> dict[str, Any]:
    """A seat's own part of its view (:attr:`loopcity.engine.GameSpec.seat_view`): the table is the
    same for everyone, so only which seat is looking."""
    return {"seat": seat}
