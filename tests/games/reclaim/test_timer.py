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
    session._apply(0, session.state.legal_actions(0)[0])
    now[0] = 1199.0
    assert not session._ring_clocks()  # the timer restarted at 600
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
