"""Looking back at a game: its :class:`Timeline` (one replay of the moves) and its :class:`Debrief`
(metric timelines, key moments, contributions, learning points, CSV and PDF). Used by the web app's
replay and debrief pages and by ``loopcity debrief``; games add rules in their own ``debrief`` module."""

from .report import Debrief, Moment, line_chart, pdf
from .timeline import Timeline, build, from_record, game_hooks

__all__ = ["Debrief", "Moment", "Timeline", "build", "from_record", "game_hooks", "line_chart", "pdf"]
