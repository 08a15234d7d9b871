"""What the operator of a Loopcity server may set (``loopcity serve`` options; docs/security.md).

Every limit has a default that suits a class on one network; each can be changed on ``serve``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """The web app's settings. Times are in seconds unless the name says minutes."""

    bot_delay: float = 0.6
    """the visible pause before a bot acts"""
    bot_seconds: float = 2.0
    """the most a bot may think about one decision (the search bot stops there; any bot that takes
    much longer is replaced by a random one)"""
    bot_workers: int = 2
    """threads that run every table's bot decisions, one decision per table at a time, in turn"""
    timer_minutes: float | None = None
    """when given, the period of every repeating game timer (RECLAIM's events) whose minutes the
    table's own options do not set; else the game's content or default"""
    clock_minutes: float | None = None
    """the same for countdown clocks (SUSTAIN's discussion)"""
    clock_seconds: dict[str, float] | None = None
    """test hook: clock periods in seconds by action kind, before everything else"""
    max_body_bytes: int = 64 * 1024
    """the largest request body accepted (larger: 413)"""
    tables_per_minute: float = 10.0
    """tables one client (address) may create per minute, with as many at once"""
    heavy_per_minute: float = 60.0
    """costly answers (debrief PDF and CSV, replays) one client may ask for per minute"""
    max_live_tables: int = 200
    """tables held in memory at once; beyond it new tables are refused (503) until some leave"""
    max_clients_per_table: int = 100
    """live connections (pages) to one table"""
    ws_messages_per_second: float = 20.0
    """messages one live connection may send per second (with a burst of twice that)"""
    idle_minutes: float = 30.0
    """a table nobody has looked at for this long leaves memory: its bots and clocks stop and pick up
    again when a link is opened"""
    unstarted_hours: float = 48.0
    """a table with no move this long after it was made is deleted with its links"""
    sweep_seconds: float = 60.0
    """how often idle and expired tables are looked for"""
    public_url: str | None = None
    """the address people reach the server at (e.g. https://games.school.example behind a reverse
    proxy): every link is given with it; else with the address each request came to"""
    api_docs: bool = True
    """serve /docs, /redoc and /openapi.json"""

    def __post_init__(self) -> None:
        for name in ("bot_seconds", "max_body_bytes", "tables_per_minute", "max_live_tables"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be above 0")
