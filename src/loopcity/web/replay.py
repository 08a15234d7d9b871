"""Replays in the web app: timelines cached per table and version, who may look from where, and
what the replay viewer shows at a step.

Who may look from where (:func:`perspectives`): while the game runs, a seat's link sees its own seat
and the spectator's view, the spectator's and the facilitator's links the spectator's only; once the
game is over every link of the table may see every seat.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..debrief.timeline import Timeline, build
from ..engine import Game
from ..engine.text import say
from .payload import render_board

CACHE_SIZE = 16


class TimelineCache:
    """The most recently used timelines, by table id and version."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, int], Timeline] = OrderedDict()

    def peek(self, table_id: str, version: int) -> Timeline | None:
        """The cached timeline, or None (never builds one)."""
        return self._items.get((table_id, version))

    def get(
        self, table_id: str, version: int, game: Game, seed: int, moves: list[tuple[int, str]]
    ) -> Timeline:
        key = (table_id, version)
        tl = self._items.get(key)
        if tl is None:
            tl = self._items[key] = build(game, seed, moves[:version])
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        self._items.move_to_end(key)
        return tl


def perspectives(role: str, seat: int | None, finished: bool, players: int) -> list[int | None]:
    """The views a link may replay: see the module docstring."""
    if finished:
        return [None, *range(players)]
    if role == "seat" and seat is not None:
        return [seat, None]
    return [None]


def frame(tl: Timeline, k: int, seat: int | None) -> dict[str, Any]:
    """What the replay shows at step ``k`` from ``seat``'s view (None: spectator): the board drawn as in
    play (without actions), the move's own lines and the log so far that ``seat`` may read."""
    k = max(0, min(k, tl.steps))
    state = tl.state_at(k)
    view = state.view(seat)
    svg, text = render_board(state, view, [])
    shown = tl.visible(tl.log[: tl.log_end[k]], seat)
    move = tl.moves[k - 1] if k > 0 else None
    return {
        "step": k,
        "steps": tl.steps,
        "round": tl.rounds[k],
        "seat": seat,
        "move": {"seat": move[0], "action": move[1]} if move else None,
        "lines": [{"kind": e[1], "text": say(e[2])} for e in tl.visible(tl.entries(k), seat)],
        "log": [{"step": e[0], "kind": e[1], "text": say(e[2])} for e in shown[-40:]],
        "svg": svg,
        "text": text,
        "view": view,
        "terminal": state.is_terminal(),
    }
