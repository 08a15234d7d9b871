"""Wall clocks belong to the clock: declared on an action kind, never a seat's choice, with their
minutes from a game option, the content or the server; without a wall clock they ring by moves."""

from __future__ import annotations

from dataclasses import replace

import pytest

from loopcity import load_game
from loopcity.engine import (
    Action,
    ActionSpace,
    Clock,
    IllegalAction,
    Record,
    kind,
    play,
    register,
    unregister,
)
from loopcity.engine.clocks import SECONDS_PER_MOVE, MoveClock, clock_minutes
from loopcity.engine.testing import check_game
from tiny_game import SPEC as TINY
from tiny_game import Take, TinyState


class TimedTiny(TinyState):
    """The tiny game with a repeating timer whose rings are counted."""

    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.ticks = 0

    def _legal_actions(self, seat):
        return [*super()._legal_actions(seat), Action("tick")]

    def _apply(self, seat, action):
        if action.kind == "tick":
            self.ticks += 1
            self.note("the timer ticked")
            return
        super()._apply(seat, action)


TIMED = replace(
    TINY,
    id="timed_tiny",
    state_class=TimedTiny,
    action_space=ActionSpace(
        [
            kind("ready"),
            kind("take", "", Take, n=(1, 2)),
            kind("roll"),
            kind("tick", clock=Clock(1, repeats=True)),
        ]
    ),
)


@pytest.fixture
def timed():
    register(TIMED)
    yield TIMED
    unregister(TIMED.id)


def test_a_clock_action_takes_no_arguments():
    with pytest.raises(ValueError, match="no arguments"):
        ActionSpace([kind("alarm", "", Take, clock=Clock(10), n=(1, 2))])


def test_a_clock_action_is_never_legal_and_refused_from_a_seat(timed):
    state = load_game("timed_tiny", players=2).new_state(1)
    assert Action("tick") not in state.legal_actions(0)
    assert state.clock_actions() == [Action("tick")]
    before = state.state_hash()
    with pytest.raises(IllegalAction, match="clock"):
        state.apply(0, "tick")
    assert state.state_hash() == before
    assert state.apply_clock("tick") == 0 and state.ticks == 1


def test_a_clock_move_replays_from_a_record_under_its_seat(timed):
    game = load_game("timed_tiny", players=2)
    state = game.new_state(1)
    record = Record.start(state, 1)
    state.apply(0, "ready")
    record.add(0, Action("ready"), state)
    seat = state.apply_clock("tick")
    record.add(seat, Action("tick"), state)
    assert seat == 1  # the first seat still to act
    assert Record.from_json(record.to_json()).replay(verify=True) == state


def test_the_conformance_suite_rings_the_clock_and_checks_it(timed):
    check_game(load_game("timed_tiny", players=2), playouts=2)


def test_runs_without_a_wall_clock_ring_it_by_moves(timed):
    game = load_game("timed_tiny", players=2)
    period = round(60 / SECONDS_PER_MOVE)
    assert MoveClock(game).periods == {"tick": period}
    state = game.new_state(3)
    record = Record.start(state, 3)
    from loopcity.engine import RandomBot

    play(state, [RandomBot(game, s, 3) for s in range(2)], record=record)
    ticks = [i for i, (_seat, text) in enumerate(record.moves) if text == "tick"]
    assert (
        ticks and ticks[0] == period and all(b - a == period for a, b in zip(ticks, ticks[1:], strict=False))
    )  # a clock restarts at its ring: the next ring is one period later, the ring's own move included
    quiet = game.new_state(3)
    play(quiet, [RandomBot(game, s, 3) for s in range(2)], clocks=False)
    assert quiet.is_terminal() and quiet.ticks == 0


def test_minutes_come_from_the_option_then_the_server_then_the_content_then_the_default():
    reclaim = load_game("reclaim", variant="timer")
    alarm = reclaim.spec.action_space.clocks["alarm"]
    assert alarm.repeats and alarm.content == "table.timer_minutes"
    assert clock_minutes(reclaim, alarm) == 10  # the rulebook's timer, from content
    assert clock_minutes(reclaim, alarm, server_minutes=5) == 5  # serve --timer-minutes 5
    edited = load_game("reclaim", variant="timer", overrides={"table.timer_minutes": 7})
    assert clock_minutes(edited, alarm) == 7
    sustain = load_game("sustain", discussion_minutes=3)
    clock = sustain.spec.action_space.clocks["clock"]
    assert not clock.repeats and clock_minutes(sustain, clock, server_minutes=9) == 3  # the table's own
    assert clock_minutes(load_game("sustain"), clock) == 5  # 0: no clock at that table; the default
    assert clock_minutes(reclaim, Clock(4)) == 4


def test_only_reclaims_timer_and_sustains_discussion_are_clocks():
    from loopcity.engine import list_games

    clocks = {s.id: sorted(s.action_space.clocks) for s in list_games() if s.action_space.clocks}
    assert clocks == {"reclaim": ["alarm"], "sustain": ["clock"]}
