"""A page that stops reading, or a flood of pages, never holds up a table or the server (over real
HTTP and raw sockets)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import os
import socket
import time
import types

import httpx
import pytest

from loopcity.engine import unregister
from loopcity.web import transport
from loopcity.web.transport import OUTBOX, ROUND_SECONDS, Client, Turns
from tiny_game import SPEC as TINY

from .conftest import ROOMY
from .live_server import LiveServer


@pytest.fixture
def live(tmp_path):
    server = LiveServer(f"sqlite:///{tmp_path / 'web.db'}", settings=ROOMY, bot_delay=0, extra_games=[TINY])
    yield server
    server.stop()
    unregister(TINY.id)


def raw_socket(port: int, token: str, rcvbuf: int = 4096) -> socket.socket:
    """A WebSocket that completes its handshake and then never reads (a frozen tab, a projector on a
    bad link): its receive buffer is kept small so that the server's sends back up quickly."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        (
            f"GET /ws/{token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert b" 101 " in head.split(b"\r\n", 1)[0], head
    return s


def play(http: httpx.Client, tokens: list[str], moves: int, within: float) -> list[float]:
    """Make ``moves`` moves through the API, each by a seat that may act; the time each took."""
    took = []
    for i in range(moves):
        for token in tokens:
            legal = http.get(f"/api/state/{token}").json()["legal"]
            if legal:
                break
        else:
            raise AssertionError("no seat may act")
        began = time.monotonic()
        r = http.post(f"/api/act/{token}", json={"action": legal[(i * 7919) % len(legal)]["action"]})
        took.append(time.monotonic() - began)
        assert r.status_code == 200, r.text
        assert took[-1] < within, f"move {i} took {took[-1]:.1f} s"
    return took


def test_a_page_that_never_reads_holds_up_no_move(live):
    with httpx.Client(base_url=live.base, timeout=30) as http:
        body = {"game": "sustain", "players": 4, "seats": [{"kind": "human"}] * 4}
        table = http.post("/api/tables", json=body).json()
        tokens = [s["token"] for s in table["seats"] if "token" in s]
        frozen = [raw_socket(live.port, table["spectator"]["token"]) for _ in range(3)]
        frozen.append(raw_socket(live.port, tokens[0]))  # a seat's own tab too
        took = play(http, tokens, 60, within=2.0)
        assert max(took) < 2.0
        # a page that reads gets the newest state on connecting
        state = http.get(f"/api/state/{tokens[1]}").json()
        assert state["version"] == 60
        # nothing piles up for the pages that never read: each was let go for falling behind, or
        # (the messages after the first being small patches) holds at most the newest state waiting
        hub = live.app.state.manager.hub
        for channel in hub.channels.values():
            assert all(c.dropped or len(c.outbox) <= 1 for c in channel.clients)
        for s in frozen:
            s.close()


@pytest.mark.parametrize("turns", [True, False])
def test_a_moves_next_step_waits_for_a_share_of_the_pages_messages_not_for_all(turns, monkeypatch):
    """Twelve pages get a table's new state at once, each message taking 2 ms to build, while a move
    elsewhere is ready to go on (its database write came back). The senders build for at most
    ROUND_SECONDS (5 ms) of the loop's round, so the move goes on after three messages; without the
    share (the control), after all twelve. Every message is still built and sent, in order."""
    clock = [0.0]
    monkeypatch.setattr(transport, "time", types.SimpleNamespace(perf_counter=lambda: clock[0]))
    built, sent = asyncio.run(_builds_before_the_move(clock, Turns() if turns else None))
    assert ROUND_SECONDS == 0.005
    assert built == (3 if turns else 12)
    assert sent == [str(n) for n in range(12)]


async def _builds_before_the_move(clock: list[float], turns: Turns | None) -> tuple[int, list[str]]:
    done: list[str] = []
    sent: list[str] = []

    async def send(text: str) -> None:
        sent.append(text)

    def build(n: int) -> str:
        clock[0] += 0.002  # a message that takes 2 ms to build
        done.append("built")
        return str(n)

    pages = [Client(n, send) for n in range(12)]
    loop = asyncio.get_running_loop()
    senders = [loop.create_task(p.run(turns=turns)) for p in pages]
    written = loop.create_future()  # the move's database write, done in a worker thread

    async def move() -> None:
        await written
        done.append("the move goes on")

    mover = loop.create_task(move())
    await asyncio.sleep(0)  # every sender waits for its page's messages, the move for its write
    for n, page in enumerate(pages):
        page.put(functools.partial(build, n), state=True)
    written.set_result(None)
    await mover
    for _ in range(100):
        await asyncio.sleep(0)
    for sender in senders:
        sender.cancel()
    return done.index("the move goes on"), sent


def test_a_page_that_falls_behind_is_dropped_and_a_waiting_state_gives_way_to_a_newer():
    asyncio.run(_falls_behind())


async def _falls_behind() -> None:
    sent: list[str] = []
    stuck = asyncio.Event()

    async def send(text: str) -> None:
        if text == "stuck":
            await stuck.wait()  # never read
        sent.append(text)

    page = Client(None, send)
    runner = asyncio.get_running_loop().create_task(page.run(seconds=0.2))
    assert page.put("first", state=True)
    await asyncio.sleep(0.01)
    assert sent == ["first"]
    page.put("stuck")
    await asyncio.sleep(0.01)
    page.put("v1", state=True)
    assert page.put("v2", state=True) and list(page.outbox) == [("v2", True)]  # only the newest waits
    await asyncio.wait_for(runner, 2)  # the stuck send took too long: the page is dropped
    assert page.dropped and not page.put("v3", state=True)

    flooded = Client(None, send)
    for i in range(OUTBOX):
        assert flooded.put(f"ack {i}")
    assert not flooded.put("one too many") and flooded.dropped


def test_spectators_never_take_a_players_place_and_a_seat_link_keeps_its_newest_pages(make_client):
    from dataclasses import replace

    from starlette.websockets import WebSocketDisconnect

    from .conftest import new_table, seat_tokens

    client = make_client(settings=replace(ROOMY, max_clients_per_table=3, pages_per_seat=2))
    t = new_table(client)
    spectator = t["spectator"]["token"]
    with contextlib.ExitStack() as pages:
        for _ in range(3):
            pages.enter_context(client.websocket_connect(f"/ws/{spectator}")).receive_json()
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(f"/ws/{spectator}") as ws,
        ):
            ws.receive_json()
        assert refused.value.code == 4429
        seat = seat_tokens(t)[0]
        first = pages.enter_context(client.websocket_connect(f"/ws/{seat}"))
        assert first.receive_json()["type"] == "state"  # the table is full of spectators: the seat gets in
        second = pages.enter_context(client.websocket_connect(f"/ws/{seat}"))
        second.receive_json()
        third = pages.enter_context(client.websocket_connect(f"/ws/{seat}"))
        assert third.receive_json()["type"] == "state"
        with pytest.raises(WebSocketDisconnect) as gave_way:
            first.receive_json()  # the oldest page of the seat's link gave way
        assert gave_way.value.code == 4409
        assert client.app.state.manager.hub.count() == 5


def test_the_server_caps_pages_per_address_and_in_total_keeping_room_for_seats(make_client):
    from dataclasses import replace

    from starlette.websockets import WebSocketDisconnect

    from .conftest import new_table, seat_tokens

    client = make_client(settings=replace(ROOMY, max_pages=8, pages_per_address=4))
    tables = [new_table(client) for _ in range(3)]
    with contextlib.ExitStack() as pages:
        codes = []
        for t in tables:
            for _ in range(2):
                try:
                    with contextlib.ExitStack() as one:
                        ws = one.enter_context(client.websocket_connect(f"/ws/{t['spectator']['token']}"))
                        ws.receive_json()
                        pages.push(one.pop_all())
                        codes.append("open")
                except WebSocketDisconnect as e:
                    codes.append(e.code)
        assert codes == ["open"] * 4 + [4429, 4429]  # at most 4 from one address
        for t in tables:  # seats' pages fill the rest; spectators could not take more than 6 of 8
            for seat in seat_tokens(t).values():
                if client.app.state.manager.hub.count() < 8:
                    pages.enter_context(client.websocket_connect(f"/ws/{seat}")).receive_json()
        assert client.app.state.manager.hub.count() == 8
        with (
            pytest.raises(WebSocketDisconnect) as full,
            client.websocket_connect(f"/ws/{seat_tokens(tables[2])[1]}") as ws,
        ):
            ws.receive_json()
        assert full.value.code == 4429
    assert client.app.state.manager.hub.count() == 0


def test_a_flood_of_idle_sockets_leaves_the_lobby_and_the_api_answering(live):
    """1,300 WebSockets opened and left idle on the links of ten tables (one address, no link needed:
    anyone may make tables): the pages the server admits stay below its HTTP limit, the rest are
    refused, and the lobby, the API and a seat's own page keep answering."""
    with httpx.Client(base_url=live.base, timeout=30) as http:
        tables = [http.post("/api/tables", json={"game": "tiny", "players": 2}).json() for _ in range(10)]
        links = [t["spectator"]["token"] for t in tables] + [
            s["token"] for t in tables for s in t["seats"] if "token" in s
        ]
        idle: list[socket.socket] = []
        opened = refused = 0
        for i in range(1300):
            s = socket.create_connection(("127.0.0.1", live.port))
            key = base64.b64encode(os.urandom(16)).decode()
            s.sendall(
                (
                    f"GET /ws/{links[i % len(links)]} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                    f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                ).encode()
            )
            idle.append(s)
        for s in idle:
            s.settimeout(60)  # a loaded machine takes a while to answer 1,300 handshakes
            head = s.recv(12)
            if b" 101" in head:
                opened += 1
            else:
                refused += 1
        assert opened + refused == 1300 and refused >= 300  # spectators beyond 300 from one address
        # open now: at most 300 spectator pages from this address and 4 pages per seat link (a newer
        # page of a seat's link made its oldest give way)
        assert live.app.state.manager.hub.count() <= 300 + 10 * 4
        began = time.monotonic()
        assert http.get("/").status_code == 200
        assert http.get("/api/games").status_code == 200
        assert time.monotonic() - began < 5
        seat = tables[0]["seats"][0]["token"]
        legal = http.get(f"/api/state/{seat}").json()["legal"]
        assert http.post(f"/api/act/{seat}", json={"action": legal[0]["action"]}).status_code == 200
        for s in idle:
            s.close()
