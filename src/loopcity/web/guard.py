"""Protections around every request: a cap on request bodies, security headers, rate limits.

See docs/security.md for what each one guards against.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import HTTPException

from ..engine.text import _

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The pages' Content-Security-Policy: scripts, styles and connections from this server only, no
inline script or style, never inside a frame."""
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
"""The API docs pages (FastAPI's Swagger UI and ReDoc load their scripts from a CDN); they show no
table and no link."""
DOCS_PATHS = ("/docs", "/redoc")
HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]


TOKEN = re.compile(r"[A-Za-z0-9_-]{16,}")
"""What may be a link token in a path (tokens have 22 characters; table ids 12)."""


def hide_tokens(text: str) -> str:
    """``text`` (a path, a log line) with anything that may be a link token replaced by ``…``."""
    return TOKEN.sub("…", text)


class HideTokens(logging.Filter):
    """A logging filter that takes link tokens out of every record it sees (uvicorn's access and
    error logs write request paths, and a path holds the link's token)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide_tokens(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: hide_tokens(v) if isinstance(v, str) else v for k, v in record.args.items()}
        return True


def hide_tokens_in_logs(names: tuple[str, ...] = ("uvicorn", "uvicorn.access", "uvicorn.error")) -> None:
    """Install :class:`HideTokens` on uvicorn's loggers and their handlers (once)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideTokens) for f in logger.filters):
            logger.addFilter(HideTokens())


class BodyTooLarge(HTTPException):
    """A request body went past the limit while it was being read (answered 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, too_large(limit))


def too_large(limit: int) -> str:
    """The refusal of a request body over ``limit`` bytes, in the reader's language."""
    return _("the request body is larger than {n} bytes").format(n=limit)


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _refuse(send: Send, status: int, reason: str) -> None:
    body = json.dumps({"detail": reason}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": [*headers, *HEADERS]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: refuses request bodies over ``max_body`` bytes with 413 (by their declared
    length, or while they are read when none is declared) and adds the security headers to every
    answer (``no-store`` too, except for static files, since tokens travel in URLs)."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared is not None and declared > self.max_body:
            await _refuse(send, 413, too_large(self.max_body))
            return
        started = False
        total = 0
        path = str(scope.get("path", ""))

        async def counted() -> Message:
            nonlocal total
            message = await receive()
            if message["type"] == "http.request":
                total += len(message.get("body", b""))
                if total > self.max_body:
                    raise BodyTooLarge(self.max_body)
            return message

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *_headers_for(path)]
            await send(message)

        try:
            await self.app(scope, counted, with_headers)
        except BodyTooLarge:
            if not started:
                await _refuse(send, 413, too_large(self.max_body))


def _headers_for(path: str) -> list[tuple[bytes, bytes]]:
    csp = DOCS_CSP if path.startswith(DOCS_PATHS) else CSP
    out = [(b"content-security-policy", csp.encode()), *HEADERS]
    if not path.startswith("/static/"):
        out.append((b"cache-control", b"no-store"))
    return out


class RateLimit:
    """A token bucket per client: ``per_minute`` requests a minute, up to ``burst`` at once. Keeps the
    ``keys`` most recent clients (an address seen again after that starts with a full bucket)."""

    def __init__(self, per_minute: float, burst: float | None = None, keys: int = 10_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst if burst is not None else max(1.0, per_minute)
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, key: str, now: float | None = None) -> float:
        """Take one token for ``key``: 0 when allowed, else the seconds until one is free."""
        now = time.monotonic() if now is None else now
        tokens, then = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens >= 1:
            self._buckets[key] = (tokens - 1, now)
            wait = 0.0
        else:
            self._buckets[key] = (tokens, now)
            wait = (1 - tokens) / self.rate
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return wait
