"""Wall clocks: how long a game's clock runs, and how runs without a wall clock keep time.

A game declares a wall-clock rule on an action kind (:class:`~loopcity.engine.actions.Clock`): RECLAIM's
``alarm`` (an Event each time the 10-minute timer rings, in its ``timer`` variant) and SUSTAIN's
``clock`` (the discussion closes when its minutes are up). No seat ever chooses such an action. Who
plays it:

- the web server and the terminal, by the wall clock: a countdown starts when the action becomes
  available, and when its minutes have passed while it stayed available the action is played
  (:meth:`State.apply_clock <loopcity.engine.state.State.apply_clock>`); when it stops being
  available first, the countdown is dropped and starts again the next time. A clock that rings
  restarts its countdown at the ring time itself, not at the next move or the next look at the
  clock (RECLAIM: "The timer is immediately restarted for ten more minutes after it rings"): while
  its action stays available it rings again one period after the ring;
- runs without a wall clock (simulation, bot games, the conformance suite, ``loopcity bench``) through
  :class:`MoveClock`, which counts moves instead of seconds: ``SECONDS_PER_MOVE`` of table time per
  move, so RECLAIM's 10-minute timer rings after 30 moves. Search bots plan as if no clock rang.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action, Clock

if TYPE_CHECKING:
    from .spec import Game
    from .state import State

SECONDS_PER_MOVE = 20.0
"""The table time a move takes where clocks count moves (a class's pace: a few moves a minute)."""


def content_value(content: Any, path: str) -> Any:
    """The value at a dotted attribute path of a game's content model (None when missing)."""
    node = content
    for part in path.split("."):
        node = getattr(node, part, None)
    return node


def _positive(value: Any) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < float("inf"):
        return float(value)
    return None


def clock_minutes(game: Game[Any, Any], clock: Clock, server_minutes: float | None = None) -> float:
    """The minutes of ``clock`` at a table of ``game``: the game option it names (above 0), else
    ``server_minutes`` (the operator's setting) when given, else its content value, else its default."""
    if clock.option is not None:
        found = _positive(game.options.get(clock.option))
        if found is not None:
            return found
    if server_minutes is not None and _positive(server_minutes) is not None:
        return float(server_minutes)
    if clock.content is not None and game.content is not None:
        found = _positive(content_value(game.content, clock.content))
        if found is not None:
            return found
    return clock.minutes


class Countdowns:
    """The running countdowns of one table, by clock kind, in any unit of time (seconds or moves).

    ``update(state, now)`` starts a countdown for each clock action that became available and drops
    those that stopped being available; ``due(state, now)`` gives the action whose period has run
    out. ``periods`` maps each clock kind to its period in the same unit."""

    def __init__(self, periods: dict[str, float]) -> None:
        self.periods = periods
        self.started: dict[str, float] = {}

    def update(self, state: State[Any, Any], now: float) -> list[Action]:
        """Start and drop countdowns to match what may ring now; returns the available clock actions."""
        available = state.clock_actions() if self.periods else []
        if not available:
            self.started.clear()
            return available
        kinds = {a.kind for a in available}
        for k in [k for k in self.started if k not in kinds]:
            del self.started[k]
        for k in kinds:
            self.started.setdefault(k, now)
        return available

    def due(self, state: State[Any, Any], now: float) -> Action | None:
        """The clock action whose time is up at ``now``, or None. Its countdown restarts at the ring
        time (its start plus its period, however late ``now`` looks): if the action is still
        available after it is played, the next ring comes one period after this one."""
        for action in self.update(state, now):
            start = self.started[action.kind]
            period = self.periods[action.kind]
            if now - start >= period:
                self.started[action.kind] = start + period
                return action
        return None

    def deadline(self, kind: str) -> float | None:
        """When the countdown of ``kind`` runs out, or None when it is not running."""
        start = self.started.get(kind)
        return None if start is None else start + self.periods[kind]


class MoveClock(Countdowns):
    """Clocks for runs without a wall clock: time passes by moves, ``seconds_per_move`` each, and the
    periods follow the same minutes as at a table (:func:`clock_minutes`)."""

    def __init__(self, game: Game[Any, Any], seconds_per_move: float = SECONDS_PER_MOVE) -> None:
        clocks = game.clocks
        super().__init__(
            {k: max(1, round(clock_minutes(game, c) * 60 / seconds_per_move)) for k, c in clocks.items()}
        )

    def ring(self, state: State[Any, Any]) -> tuple[int, Action] | None:
        """Play the clock action that is due before the next move, if any; returns (seat, action).
        (Called before every move of a playout, so the usual answer, nothing may ring, is quick.)"""
        if not self.periods or (not self.started and not state._clock_actions()):
            return None
        action = self.due(state, state.step)
        if action is None:
            return None
        return state.apply_clock(action), action
