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
    replays_per_minute: float = 240.0
    """replay steps one client may ask for per minute (a quarter of them at once)"""
    max_live_tables: int = 200
    """tables held in memory at once; beyond it new tables are refused (503) until some leave"""
    max_clients_per_table: int = 100
    """live pages of one table's spectator and facilitator links (a seat's own pages are not counted:
    spectators never take a player's place)"""
    max_pages: int = 2000
    """live pages (WebSockets) the server holds at once; spectator and facilitator pages may take three
    quarters of them, the rest is kept for seats' own pages. Uvicorn's HTTP limit is set above it
    (:attr:`http_limit`), so the lobby and the API keep answering however many pages are open"""
    pages_per_address: int = 300
    """spectator and facilitator pages one client address may hold open"""
    pages_per_seat: int = 4
    """pages open on one seat's link (a newer one makes the oldest give way)"""
    ws_messages_per_second: float = 20.0
    """messages one live connection may send per second (with a burst of twice that)"""
    idle_minutes: float = 30.0
    """a table nobody has looked at for this long leaves memory: its bots and clocks stop and pick up
    again when a link is opened"""
    unstarted_hours: float = 48.0
    """a table with no move this long after it was made is deleted with its links"""
    sweep_seconds: float = 60.0
    """how often idle and expired tables are looked for"""
    content_dir: str | None = None
    """a folder of content files the operator serves (``<dir>/<game id>/<name>.toml``: a local RECLAIM
    map, a facilitator's SUSTAIN deck); a class's form offers them per game"""
    public_url: str | None = None
    """the address people reach the server at (e.g. https://games.school.example behind a reverse
    proxy): every link is given with it; else with the address each request came to"""
    db_seconds: float = 3.0
    """the longest a database call waits for a lock held elsewhere (SQLite's busy timeout,
    PostgreSQL's lock_timeout; statements are cut at twice that): then the request answers 503"""
    db_workers: int = 8
    """threads that make the database calls, so that the server's loop never waits for the database"""
    api_docs: bool = True
    """serve /docs, /redoc and /openapi.json"""

    @property
    def http_limit(self) -> int:
        """Uvicorn's ``limit_concurrency`` (connections and tasks at once, beyond which every request
        answers 503): all the pages the server admits and room for a thousand requests besides."""
        return self.max_pages + 1000

    def __post_init__(self) -> None:
        for name in (
            "bot_seconds",
            "max_body_bytes",
            "tables_per_minute",
            "max_live_tables",
            "max_pages",
            "pages_per_address",
            "pages_per_seat",
            "db_seconds",
            "db_workers",
        ):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be above 0")
