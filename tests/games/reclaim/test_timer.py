"""The `timer` Event schedule run by the terminal front end: the alarm rings every 10 minutes (the
minutes come from RECLAIM's content, ``table.timer_minutes``)."""

from rich.console import Console

from loopcity import load_game
from loopcity.cli.terminal import TerminalSession
from loopcity.engine import Record


def _session(now, answers, **overrides):
    game = load_game("reclaim", events="timer", overrides=overrides)
    state = game.new_state(0)
    record = Record.start(state, 0)
    console = Console(record=True, width=120)
    lines = iter(answers)
    return TerminalSession(
        record, set(), "heuristic", console, ask=lambda _: next(lines), clock=lambda: now[0]
    )


def test_terminal_rings_the_alarm_after_ten_minutes():
    now = [0.0]
    session = _session(now, ["quit"])
    assert not session._ring_clocks()
    now[0] = 599.0
    assert not session._ring_clocks()
    now[0] = 600.0
    assert session._ring_clocks()
    assert len(session.state.events) == 19 and session.state.last_event >= 0
    assert session.record.moves[-1] == (0, "alarm")
    now[0] = 660.0  # the next move comes a minute after the ring
    session._apply(0, session.state.legal_actions(0)[0])
    now[0] = 1199.0
    assert not session._ring_clocks()  # the timer restarted at 600, when it rang
    now[0] = 1200.0
    assert session._ring_clocks() and len(session.state.events) == 18
    assert "10-minute timer rang" in session.console.export_text()
    assert session.record.replay(verify=True) == session.state


def test_the_contents_timer_minutes_set_the_terminals_timer():
    now = [0.0]
    session = _session(now, ["quit"], **{"table.timer_minutes": 3})
    now[0] = 179.0
    assert not session._ring_clocks()
    now[0] = 180.0
    assert session._ring_clocks()


def test_no_alarm_without_the_timer_schedule():
    game = load_game("reclaim")
    state = game.new_state(0)
    session = TerminalSession(Record.start(state, 0), set(), "heuristic", Console(), clock=lambda: 10_000.0)
    assert not session._ring_clocks()


def test_the_timer_restarts_when_it_rings_not_at_the_next_move():
    """Rulebook, The timer: "The timer is immediately restarted for ten more minutes after it rings."
    A ring at 600 s and the next move at 660 s: the second ring comes at 1,200 s (not 1,260 s); with
    nobody moving, the timer rings again all the same, and each ring is the table's, no seat's."""
    now = [0.0]
    session = _session(now, ["quit"])
    assert not session._ring_clocks()
    now[0] = 605.0  # the clock is looked at a little late: the ring still counts from 600
    assert session._ring_clocks()
    assert session.countdowns.deadline("alarm") == 1200.0
    now[0] = 660.0
    session._apply(0, session.state.legal_actions(0)[0])
    assert session.countdowns.deadline("alarm") == 1200.0  # a move does not restart the timer
    now[0] = 1200.0
    assert session._ring_clocks()
    now[0] = 1800.0  # no move since the second ring
    assert session._ring_clocks() and len(session.state.events) == 17
    lines = [str(line) for _step, kind, line, _seats in session.state.log if kind == "action"]
    assert lines.count("The table's timer rang") == 3 and not any("rang" in x and "Seat" in x for x in lines)
