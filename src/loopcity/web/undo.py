"""Taking back one's own last move at a web table, as the terminal lets one do.

A person may take back their last move while nobody else has moved since and the move revealed
nothing (a choice whose steps were sent together, a trade put together and offered, counts as
one move and is taken back whole): no chance event (dice, shuffles, draws) came of it, and the game as that person sees it after
the move is the same whatever the hidden cards are (tried on two copies whose hidden parts are redrawn,
so a move that turned up a card cannot be taken back to try another). The facilitator may switch undo
off for a table (a table setting, like table talk); it is on by default.

:func:`offered` is the quick test the page's button follows; :func:`previous` the full check, run when
the undo is asked for, which gives the state before the move. ``TableManager.undo`` holds the table's
lock around it and stores the change with a version check (``Database.take_back``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ..engine import Action, State
from .i18n import _

if TYPE_CHECKING:
    from .tables import LiveTable, TableManager

SETTING = "undo"
SEEDS = (0x0DD0_0001, 0x0DD0_0002)


def allowed(t: LiveTable) -> bool:
    """Whether the facilitator lets the table's people take moves back."""
    return bool(t.settings.get(SETTING, True))


def _chance_after(state: State, since: int) -> bool:
    return any(kind == "chance" for step, kind, _t, _s in state.log if step >= since)


def offered(t: LiveTable, seat: int | None) -> bool:
    """Whether the page offers ``seat`` an undo now: undo is on, the table is not paused, the last move
    is the seat's own and no chance event came of it (the full check runs when it is asked for)."""
    if seat is None or not allowed(t) or t.paused or t.ended or not t.moves:
        return False
    who, _text = t.moves[-1]
    return who == seat and not _chance_after(t.state, t.state.step - t.last_choice())


def _refuse(reason: str) -> Exception:
    from .tables import Refusal

    return Refusal(409, reason)


def previous(t: LiveTable, seat: int) -> State:
    """The table's state before ``seat``'s last move, if that move may be taken back; else a Refusal
    (409) saying why. Replays the moves from the seed (run it in a worker thread)."""
    if not allowed(t):
        raise _refuse(_("the facilitator has switched undo off at this table"))
    if not t.moves or t.moves[-1][0] != seat:
        mine = any(s == seat for s, _a in t.moves)
        raise _refuse(
            _("someone else has moved since your last move: it cannot be taken back")
            if mine
            else _("you have no move to take back")
        )
    count = t.last_choice()  # a choice sent at once (a trade offered) is taken back whole
    game = t.state.game
    state = game.new_state(t.seed)
    for s, text in t.moves[:-count]:
        state.apply_recorded(s, Action.parse(text))
    if _chance_after(t.state, state.step):
        raise _refuse(_("a chance event came of your last move: it cannot be taken back"))
    steps = [Action.parse(text) for _s, text in t.moves[-count:]]
    seen = t.state.view(seat)
    for s in SEEDS:
        copy = state.determinize(seat, s)
        for action in steps:
            copy.apply_recorded(seat, action)
        if copy.view(seat) != seen:
            raise _refuse(_("your last move turned up something new: it cannot be taken back"))
    return state


async def switch(manager: TableManager, t: LiveTable, on: bool) -> None:
    """The facilitator lets the people at the table take moves back, or not."""
    async with t.lock:
        t.settings = {**t.settings, SETTING: on}
        await asyncio.to_thread(manager.db.set_settings, t.id, t.settings)
    await manager.hub.publish(t, t.version, again=True)


def message_part(t: LiveTable, seat: int | None) -> dict[str, Any]:
    """What the seat's message says about undo."""
    return {"on": allowed(t), "offered": offered(t, seat)}
