"""The FastAPI application: lobby, seat and spectator pages, JSON API and WebSockets.

``create_app(db_url, settings=...)`` builds it; ``loopcity serve`` runs it with uvicorn. The routes
live in routers (:mod:`loopcity.web.routers`: ``api``, ``pages``, ``live``, ``review``) and reach games
only through the engine's registry and the table manager (:mod:`loopcity.web.tables`). Around every
request: a cap on bodies and the security headers (:mod:`loopcity.web.guard`); refusals answer their
status with the reason, as JSON under ``/api/`` and as the error page elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable
from dataclasses import replace
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as SATimeoutError
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..engine import GameSpec, register
from .classes import ClassRoom
from .db import Database
from .guard import Guard, RateLimit, hide_tokens, hide_tokens_in_logs
from .i18n import Reading, _
from .memory import fewer_collections, quick_handoffs
from .pages import HERE, Pages
from .routers import api, classes, live, pages, review
from .settings import Settings
from .tables import Refusal, TableManager

log = logging.getLogger("loopcity.web")


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def _answer(request: Request, status: int, reason: str, headers: dict[str, str] | None = None) -> Response:
    """A refusal: JSON ``{"detail": reason}`` for the API, the error page for a page."""
    if _is_api(request) or request.method not in ("GET", "POST", "HEAD"):
        return JSONResponse({"detail": reason}, status_code=status, headers=headers)
    pages_: Pages = request.app.state.pages
    response = pages_.error(request, status, reason)
    response.headers.update(headers or {})
    return response


def _path(request: Request) -> str:
    """The request's path for the log, with any link token in it left out (tokens are the keys to
    tables: they are never written to a log)."""
    return hide_tokens(request.url.path)


def _validation_reason(exc: RequestValidationError) -> str:
    """Every problem of a request, each naming its field: ``seed: Input should be ...`` (the field's
    name and pydantic's words, both for programs calling the API, are left as they are)."""
    parts = []
    for err in exc.errors()[:8]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path"))
        parts.append(f"{where or 'body'}: {err.get('msg', 'invalid')}")
    return "; ".join(parts)


def _http_reason(status: int, detail: str) -> str:
    """The reason of an HTTP error in the reader's words where it is the status's own phrase
    (``Not Found``), else the detail as given."""
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        return detail
    if detail != phrase:
        return detail
    words = {404: _("Not Found"), 405: _("Method Not Allowed")}
    return words.get(status, detail)


def _install_handlers(app: FastAPI) -> None:
    @app.exception_handler(Refusal)
    async def refused(request: Request, exc: Refusal) -> Response:
        headers = (
            {"Retry-After": "5" if "database" in exc.reason else "60"} if exc.status in (429, 503) else None
        )
        return _answer(request, exc.status, exc.reason, headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        return _answer(request, 400, _validation_reason(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        reason = _http_reason(exc.status_code, str(exc.detail))
        return _answer(request, exc.status_code, reason, dict(exc.headers or {}))

    @app.exception_handler(OperationalError)
    @app.exception_handler(SATimeoutError)
    async def database_busy(request: Request, exc: Exception) -> Response:  # a call not made via stored()
        log.warning("the database did not answer %s %s", request.method, _path(request))
        return _answer(request, 503, _("the database is busy: try again in a moment"), {"Retry-After": "5"})

    @app.exception_handler(Exception)
    async def failed(request: Request, exc: Exception) -> Response:  # a bug: logged, answered plainly
        log.exception("error answering %s %s", request.method, _path(request))
        return JSONResponse({"detail": _("the server failed to answer this request")}, status_code=500)


async def _sweep(manager: TableManager, every: float) -> None:
    """Let idle tables leave memory and expire old tables that never started, every ``every`` s."""
    while True:
        await asyncio.sleep(every)
        try:
            manager.sweep(expire=False)
            await manager.expire()
        except Refusal:
            log.warning("expiring old tables waits for the database")
        except Exception:
            log.exception("sweeping tables failed")


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """How uvicorn serves the app (``loopcity serve``, the tests' real server, the load benchmark):
    frames of at most 64 KiB, no compression, a 5-second keep-alive, and a concurrency limit above the
    pages the app admits (:attr:`Settings.http_limit`)."""
    return {
        "ws_per_message_deflate": False,
        "ws_max_size": 64 * 1024,
        "limit_concurrency": settings.http_limit,
        "timeout_keep_alive": 5,
        "server_header": False,
    }


def create_app(
    db_url: str | None = None,
    *,
    settings: Settings | None = None,
    extra_games: Iterable[GameSpec] = (),
    bot_delay: float | None = None,
    realtime: dict[str, float] | None = None,
) -> FastAPI:
    """The web app over the database at ``db_url`` (SQLite in ./data by default).

    ``settings`` are the operator's (see :class:`~loopcity.web.settings.Settings`); ``extra_games``
    registers games that are not installed (the test suite's tiny game); ``bot_delay`` and
    ``realtime`` (clock periods in seconds by action kind) override the settings' for tests.
    """
    for spec in extra_games:
        register(spec)
    settings = settings or Settings()
    if bot_delay is not None:
        settings = replace(settings, bot_delay=bot_delay)
    if realtime is not None:
        settings = replace(settings, clock_seconds=dict(realtime))
    db = Database(db_url, settings.db_seconds)
    manager = TableManager(db, settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hide_tokens_in_logs()  # after uvicorn set its logging up
        await manager.start()  # hear the other processes on a PostgreSQL database
        sweeper = asyncio.get_running_loop().create_task(_sweep(manager, settings.sweep_seconds))
        # what the app loaded is set aside, collections come less often; the database's threads get
        # the interpreter's lock soon after they ask for it
        with fewer_collections(), quick_handoffs():
            yield
        sweeper.cancel()
        await manager.close()
        db.dispose()

    docs: dict[str, Any] = (
        {} if settings.api_docs else {"docs_url": None, "redoc_url": None, "openapi_url": None}
    )
    app = FastAPI(title="Loopcity", lifespan=lifespan, **docs)
    app.state.manager = manager
    app.state.classroom = ClassRoom(manager)
    app.state.db = db
    app.state.pages = Pages()
    app.state.limits = {
        "tables": RateLimit(settings.tables_per_minute),
        "heavy": RateLimit(settings.heavy_per_minute),
        "replays": RateLimit(settings.replays_per_minute, burst=settings.replays_per_minute / 4),
    }
    app.add_middleware(Guard, max_body=settings.max_body_bytes)
    app.add_middleware(Reading)  # outermost: every answer, the guard's too, is in its reader's language
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    _install_handlers(app)
    for router in (api.router, classes.router, pages.router, review.router, live.router):
        app.include_router(router)
    return app
