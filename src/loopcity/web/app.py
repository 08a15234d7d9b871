"""The FastAPI application: lobby, seat and spectator pages, JSON API and WebSockets.

``create_app(db_url)`` builds it; ``loopcity serve`` runs it with uvicorn. Every route talks to games
only through the engine's registry and the :class:`~loopcity.web.tables.TableManager`.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape

from ..bots import bot_names
from ..engine import GameSpec, list_games, register
from . import i18n, review
from .db import Database
from .tables import Client, Refusal, TableManager

HERE = Path(__file__).parent


def _templates() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
    )
    return env


def _script_json(data: Any) -> str:
    """JSON safe to put inside a <script> element."""
    return json.dumps(data).replace("</", "<\\/").replace("<!--", "<\\!--")


def lobby_games() -> list[dict[str, Any]]:
    """Each game's summary with the bots usable at its tables."""
    out = []
    for spec in list_games():
        s = spec.summary()
        s["bots"] = bot_names(spec)
        s["default_players"] = spec.default_players or spec.min_players
        s["option_fields"] = [
            {
                "name": o.name,
                "help": o.help,
                "default": o.default,
                "choices": [str(c) for c in o.choices] if o.choices else None,
                "kind": type(o.default).__name__,
            }
            for o in spec.options
        ]
        out.append(s)
    return out


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.6,
    extra_games: Iterable[GameSpec] = (),
    realtime: dict[str, float] | None = None,
) -> FastAPI:
    """The web app over the database at ``db_url`` (SQLite in ./data by default).

    ``extra_games`` registers games that are not installed (the test suite's tiny game);
    ``realtime`` overrides the periods (seconds) of wall-clock rules; ``bot_delay`` is the visible
    pause before a bot acts.
    """
    for spec in extra_games:
        register(spec)
    db = Database(db_url)
    manager = TableManager(db, bot_delay=bot_delay, realtime=realtime)
    env = _templates()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await manager.close()
        db.dispose()

    app = FastAPI(title="Loopcity", lifespan=lifespan)
    app.state.manager = manager
    app.state.db = db
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    @app.exception_handler(Refusal)
    async def refused(request: Request, exc: Refusal) -> JSONResponse:
        return JSONResponse({"detail": exc.reason}, status_code=exc.status)

    def page(request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        lang = i18n.pick(request.headers.get("accept-language"), request.query_params.get("lang"))
        tr = i18n.translations(lang)
        env.install_gettext_translations(tr, newstyle=True)  # type: ignore[attr-defined]
        html = env.get_template(name).render(lang=lang, _=tr.gettext, **ctx)
        return HTMLResponse(html, status_code=status)

    def links(request: Request, t_id: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """Every seat (with its link when a person sits there), the spectator and facilitator links."""
        base = str(request.base_url).rstrip("/")
        out: dict[str, Any] = {"seats": [{"seat": i, **s} for i, s in enumerate(seats)]}
        for token, role, seat in db.tokens(t_id):
            url = f"{base}/play/{token}" if role != "facilitator" else f"{base}/table/{token}"
            if role == "seat" and seat is not None:
                out["seats"][seat].update(token=token, url=url)
            else:
                out[role] = {"token": token, "url": url}
        return out

    review.add_routes(app, manager, page, links)

    # ----- JSON API ----------------------------------------------------------------------------
    @app.get("/api/games")
    async def api_games() -> list[dict[str, Any]]:
        return lobby_games()

    @app.post("/api/tables", status_code=201)
    async def api_create(body: dict[str, Any], request: Request) -> dict[str, Any]:
        if not isinstance(body.get("game"), str):
            raise Refusal(
                400, i18n._("name a game: {games}").format(games=", ".join(s.id for s in list_games()))
            )
        made = manager.create(
            body["game"],
            players=body.get("players"),
            variant=body.get("variant"),
            seats=body.get("seats"),
            seed=body.get("seed"),
            options=body.get("options"),
        )
        await manager.get(made["id"])
        return {"id": made["id"], **links(request, made["id"], made["seats"])}

    @app.get("/api/state/{token}")
    async def api_state(token: str) -> dict[str, Any]:
        t, role, seat = await manager.resolve(token)
        return t.payload(seat)

    @app.post("/api/act/{token}")
    async def api_act(token: str, body: dict[str, Any]) -> dict[str, Any]:
        version = body.get("version")
        if version is not None and not isinstance(version, int):
            raise Refusal(400, i18n._("version must be a whole number"))
        t = await manager.act(token, body.get("action"), version)
        _, _, seat = await manager.resolve(token)
        return t.payload(seat)

    @app.get("/api/record/{token}")
    async def api_record(token: str) -> Response:
        t, role, seat = await manager.resolve(token)
        if not t.state.is_terminal():
            raise Refusal(409, i18n._("the record can be downloaded when the game is over"))
        data = json.dumps(manager.record(t), indent=1)
        name = f"{t.state.game.id}-{t.id}.json"
        return Response(
            data,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get("/api/tables/{token}")
    async def api_table(token: str, request: Request) -> dict[str, Any]:
        t, role, seat = await manager.resolve(token)
        if role != "facilitator":
            raise Refusal(403, i18n._("only the facilitator's link shows the seat links"))
        return {"id": t.id, "version": t.version, **links(request, t.id, t.seats)}

    async def facilitator_table(token: str) -> Any:
        t, role, _seat = await manager.resolve(token)
        if role != "facilitator":
            raise Refusal(403, i18n._("only the facilitator's link can pause or resume the table"))
        return t

    @app.post("/api/tables/{token}/pause")
    async def api_pause(token: str, body: dict[str, Any]) -> dict[str, Any]:
        paused = body.get("paused")
        if not isinstance(paused, bool):
            raise Refusal(400, i18n._("say paused: true or paused: false"))
        t = await facilitator_table(token)
        await manager.pause(t, paused)
        return {"id": t.id, "paused": t.paused, "version": t.version}

    # ----- pages -------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        return page(request, "lobby.html", games=lobby_games())

    @app.post("/tables")
    async def create_from_form(request: Request) -> Response:
        form = await request.form()
        game_id = str(form.get("game", ""))
        players_text = str(form.get("players") or "")
        players = int(players_text) if players_text.isdigit() else None
        seats = []
        for i in range(players or 0):
            choice = str(form.get(f"seat{i}", "human"))
            seats.append({"kind": "human"} if choice == "human" else {"kind": "bot", "bot": choice[4:]})
        options = {
            str(k)[4:]: str(v).strip()
            for k, v in form.multi_items()
            if str(k).startswith("opt_") and str(v).strip()
        }
        seed_text = str(form.get("seed") or "").strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            seed = -1
        try:
            made = manager.create(
                game_id, players, str(form.get("variant") or "") or None, seats or None, seed, options
            )
        except Refusal as e:
            return page(request, "error.html", status=e.status, reason=e.reason)
        fac = next(tok for tok, role, _s in made["tokens"] if role == "facilitator")
        return RedirectResponse(f"/table/{fac}", status_code=303)

    @app.get("/table/{token}", response_class=HTMLResponse)
    async def facilitator(token: str, request: Request) -> HTMLResponse:
        try:
            t, role, seat = await manager.resolve(token)
        except Refusal as e:
            return page(request, "error.html", status=e.status, reason=e.reason)
        if role != "facilitator":
            return page(request, "error.html", status=403, reason=i18n._("this is not a facilitator link"))
        return page(
            request,
            "table.html",
            table=t,
            token=token,
            links=links(request, t.id, t.seats),
            spec=t.state.game.spec,
        )

    @app.post("/table/{token}/pause")
    async def pause_from_form(token: str, request: Request) -> Response:
        form = await request.form()
        try:
            t = await facilitator_table(token)
        except Refusal as e:
            return page(request, "error.html", status=e.status, reason=e.reason)
        await manager.pause(t, form.get("paused") == "1")
        return RedirectResponse(f"/table/{token}", status_code=303)

    @app.get("/play/{token}", response_class=HTMLResponse)
    async def play(token: str, request: Request) -> HTMLResponse:
        try:
            t, role, seat = await manager.resolve(token)
        except Refusal as e:
            return page(request, "error.html", status=e.status, reason=e.reason)
        if role == "facilitator":
            return page(request, "error.html", status=403, reason=i18n._("this is the facilitator's link"))
        lang = i18n.pick(request.headers.get("accept-language"), request.query_params.get("lang"))
        first = t.payload(seat)
        return page(
            request,
            "play.html",
            token=token,
            seat=seat,
            spec=t.state.game.spec,
            first=_script_json(first),
            strings=_script_json(i18n.client_strings(lang)),
        )

    # ----- live updates ------------------------------------------------------------------------
    @app.websocket("/ws/{token}")
    async def ws(websocket: WebSocket, token: str) -> None:
        try:
            t, role, seat = await manager.resolve(token)
        except Refusal as e:
            await websocket.close(code=4403, reason=e.reason[:120])
            return
        if role == "facilitator":
            seat = None
        await websocket.accept()
        client = Client(seat, websocket.send_text)
        t.clients.append(client)
        try:
            await websocket.send_text(t.message(seat))
            while True:
                text = await websocket.receive_text()
                try:
                    msg = json.loads(text)
                except ValueError:
                    msg = None
                await _ws_message(websocket, t, role, seat, msg)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            with contextlib.suppress(ValueError):
                t.clients.remove(client)
            manager.release(t)

    async def _ws_message(websocket: WebSocket, t: Any, role: str, seat: int | None, msg: Any) -> None:
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind == "sync":
            await websocket.send_text(manager.live.get(t.id, t).message(seat))
            return
        if kind != "act":
            await websocket.send_json({"type": "refused", "status": 400, "reason": i18n._("unknown message")})
            return
        version = msg.get("version")
        try:
            if role != "seat" or seat is None:
                raise Refusal(403, i18n._("only a seat's own link can act for that seat"))
            t = await manager.act_as(
                t, seat, msg.get("action"), version if isinstance(version, int) else None
            )
        except Refusal as e:
            await websocket.send_json(
                {"type": "refused", "status": e.status, "reason": e.reason, "id": msg.get("id")}
            )
            return
        await websocket.send_json({"type": "ack", "version": t.version, "id": msg.get("id")})

    return app
