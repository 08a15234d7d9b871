"""A page that stops reading, or a flood of pages, never holds up a table or the server (over real
HTTP and raw sockets)."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import time

import httpx
import pytest

from loopcity.engine import unregister
from loopcity.web.transport import OUTBOX, Client
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
        for s in frozen:
            s.close()


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
