"""Link tokens as typed route dependencies, the URLs of a table's links, and per-client limits.

A route that takes a token declares what kind of link it needs: ``AnyLink`` (any link of a table),
``SeatLink`` (a person's seat) or ``FacilitatorLink``; the dependency resolves the token to its table
or refuses with 403 before the route runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi import Path as PathParam
from starlette.requests import HTTPConnection

from .guard import RateLimit
from .i18n import _
from .tables import LiveTable, Refusal, TableManager

Token = Annotated[str, PathParam(description="a link token (one not valid: 403)")]


@dataclass(frozen=True)
class Link:
    """A resolved link: its token, table, role (``seat``, ``spectator`` or ``facilitator``) and seat."""

    token: str
    table: LiveTable
    role: str
    seat: int | None


def manager_of(connection: HTTPConnection) -> TableManager:
    manager: TableManager = connection.app.state.manager
    return manager


Manager = Annotated[TableManager, Depends(manager_of)]


async def any_link(token: Token, manager: Manager) -> Link:
    t, role, seat = await manager.resolve(token)
    return Link(token, t, role, seat)


AnyLink = Annotated[Link, Depends(any_link)]


async def seat_link(link: AnyLink) -> Link:
    if link.role != "seat" or link.seat is None:
        raise Refusal(403, _("only a seat's own link can act for that seat"))
    return link


async def facilitator_link(link: AnyLink) -> Link:
    if link.role != "facilitator":
        raise Refusal(403, _("only the facilitator's link can do this"))
    return link


SeatLink = Annotated[Link, Depends(seat_link)]
FacilitatorLink = Annotated[Link, Depends(facilitator_link)]


def table_links(
    request: Request, manager: TableManager, t_id: str, seats: list[dict[str, Any]]
) -> dict[str, Any]:
    """Every seat (with its link when a person sits there), the spectator and facilitator links."""
    base = public_base(request)
    out: dict[str, Any] = {"seats": [{"seat": i, **s} for i, s in enumerate(seats)]}
    for token, role, seat in manager.db.tokens(t_id):
        url = f"{base}/play/{token}" if role != "facilitator" else f"{base}/table/{token}"
        if role == "seat" and seat is not None:
            out["seats"][seat].update(token=token, url=url)
        else:
            out[role] = {"token": token, "url": url}
    return out


def public_base(request: Request) -> str:
    """The address links are given with: the operator's public URL when set (behind a reverse proxy),
    else the address the request came to (so links opened on the room's network reach the phones)."""
    manager: TableManager = request.app.state.manager
    if manager.settings.public_url:
        return manager.settings.public_url.rstrip("/")
    return str(request.base_url).rstrip("/")


def client_key(request: Request) -> str:
    """Who is asking, for rate limits: the client's address (behind a trusted reverse proxy, the
    address it forwards; see ``loopcity serve --proxy``)."""
    return request.client.host if request.client is not None else "unknown"


def limited(limit: RateLimit, request: Request, what: str) -> None:
    """Refuse with 429 when this client has used up ``limit``."""
    wait = limit.wait(client_key(request))
    if wait > 0:
        raise Refusal(
            429,
            _("too many {what} from your address: try again in {s} seconds").format(
                what=what, s=int(wait) + 1
            ),
        )


def creation_limit(request: Request) -> None:
    """Route dependency: the per-client rate of new tables."""
    limited(request.app.state.limits["tables"], request, _("new tables"))


def heavy_limit(request: Request) -> None:
    """Route dependency: the per-client rate of costly answers (replays, debriefs, PDFs)."""
    limited(request.app.state.limits["heavy"], request, _("requests of this kind"))


def replay_limit(request: Request) -> None:
    """Route dependency: the per-client rate of replay steps (a person stepping through a game asks
    for one a click; a script asking thousands slows every table)."""
    limited(request.app.state.limits["replays"], request, _("replay steps"))


CreationLimit = Depends(creation_limit)
HeavyLimit = Depends(heavy_limit)
ReplayLimit = Depends(replay_limit)
