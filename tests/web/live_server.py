"""A real server for tests that need real HTTP: uvicorn on a free port, its event loop in a thread.

``LiveServer.lag()`` measures that event loop's latency: how late a 10 ms sleep wakes up while the
server works, the figure that shows a request holding up every other one.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from typing import Any

import uvicorn

from loopcity.web import create_app
from loopcity.web.app import uvicorn_options
from loopcity.web.db import Database, SecretRow
from loopcity.web.tables import SEED_SECRET

KNOWN_SECRET = "5eed" * 16
"""The typed-seed secret of the tests' servers. A server draws its own on its first start, so a test
that types a seed would play another game on each run; with this one written in beforehand, it plays
the same game every time (only the test of the secret itself starts without it)."""


def known_secret(url: str) -> str:
    """``url``, its database made with :data:`KNOWN_SECRET` as the server's typed-seed secret."""
    db = Database(url)
    try:
        with db.written() as s:
            s.merge(SecretRow(name=SEED_SECRET, value=KNOWN_SECRET))
    finally:
        db.dispose()
    return url


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``create_app(db_url, **kw)`` served on 127.0.0.1 until ``stop()``."""

    def __init__(self, db_url: str, **kw: Any) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.app = create_app(known_secret(db_url), **kw)
        options = uvicorn_options(self.app.state.manager.settings)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", **options)
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.server.serve(),))
        self.thread.daemon = True
        self.thread.start()
        end = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.02)
        self.lags: list[float] = []
        self._watching = False

    def watch_lag(self, period: float = 0.01) -> None:
        """Start recording how late the server's loop wakes from ``period``-second sleeps."""
        self._watching = True

        async def watch() -> None:
            while self._watching:
                began = time.perf_counter()
                await asyncio.sleep(period)
                self.lags.append(time.perf_counter() - began - period)

        asyncio.run_coroutine_threadsafe(watch(), self.loop)

    def stop_lag(self) -> list[float]:
        self._watching = False
        return list(self.lags)

    def stop(self) -> None:
        self._watching = False
        self.server.should_exit = True
        self.thread.join(15)
