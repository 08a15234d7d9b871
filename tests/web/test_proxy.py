"""The reverse proxy of docs/deploying.md (nginx, without its TLS lines) in front of two ``loopcity
serve`` processes on one PostgreSQL database: every live page of a table reaches the same process,
whichever seat or spectator opens it, and the table is played through it as usual."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from .live_server import free_port
from .postgres_server import postgres_server
from .test_processes import make_table, two_processes

pytestmark = pytest.mark.slow
DOCS = Path(__file__).resolve().parents[2] / "docs" / "deploying.md"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    yield from postgres_server()


def documented_config() -> str:
    """The site configuration of docs/deploying.md, section 3 (its first ``nginx`` block)."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## 3.") :]
    return re.search(r"```nginx\n(.*?)```", section, re.S).group(1)


def runnable_config(site: str, port: int, ports: list[int], folder: Path) -> str:
    """The documented site made to run here: on ``port`` without TLS, in front of ``ports``, its
    access log (the table each page named and the process it reached) in ``folder``."""
    site = site.replace("127.0.0.1:8001", f"127.0.0.1:{ports[0]}").replace(
        "127.0.0.1:8002", f"127.0.0.1:{ports[1]}"
    )
    site = re.sub(r"listen 443 ssl http2;", f"listen 127.0.0.1:{port};", site)
    site = re.sub(r"\n\s*(ssl_certificate\S*|add_header Strict-Transport-Security)[^\n]*", "", site)
    site = site.replace("access_log off;", f"access_log {folder}/access.log pages;")
    site = re.sub(r"server \{\n\s*listen 80;.*?\n\}\n", "", site, flags=re.S)  # the redirect to HTTPS
    temp = "".join(
        f"    {name}_temp_path {folder}/{name};\n"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nworker_processes 1;\n"
        "events { worker_connections 512; }\n"
        "http {\n"
        "    log_format pages '$uri $arg_table $upstream_addr $status';\n"
        f"{temp}{site}}}\n"
    )


@pytest.fixture
def proxied(pg_url, tmp_path) -> Iterator[tuple[str, list, Path]]:
    if NGINX is None:
        pytest.skip("nginx is not installed")
    for servers in two_processes(pg_url, tmp_path):
        port = free_port()
        conf = tmp_path / "nginx.conf"
        conf.write_text(runnable_config(documented_config(), port, [s.port for s in servers], tmp_path))
        if os.geteuid() == 0:  # nginx's workers run as this user: one that may write the folder
            conf.write_text("user root;\n" + conf.read_text())
        proc = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"])
        try:
            end = time.monotonic() + 20
            while True:
                assert proc.poll() is None, (tmp_path / "error.log").read_text()
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < end, "nginx did not start"
                time.sleep(0.1)
            yield f"127.0.0.1:{port}", servers, tmp_path
        finally:
            proc.terminate()
            proc.wait(10)


def test_every_page_of_a_table_reaches_one_process_through_the_documented_proxy(proxied):
    host, servers, folder = proxied
    tables = [
        make_table(servers[0], "resourcity", [{"kind": "human"}] * 2, players=2, seed=s) for s in range(6)
    ]

    async def play() -> None:
        conns = []
        for t in tables:
            tokens = [s["token"] for s in t["seats"] if "token" in s] + [t["spectator"]["token"]]
            for token in tokens * 2:  # every seat and the spectator, twice (a second tab)
                conn = await websockets.connect(
                    f"ws://{host}/ws/{token}?lang=en&table={t['id']}", open_timeout=20
                )
                first = json.loads(await asyncio.wait_for(conn.recv(), 20))
                assert first["type"] == "state" and first["table"] == t["id"]
                conns.append((t, token, conn))
        # a move through a seat's page is taken and reaches every page of its table
        for t in tables:
            mine = [c for tt, token, c in conns if tt is t and token == t["seats"][0]["token"]][0]
            state = httpx.get(f"http://{host}/api/state/{t['seats'][0]['token']}", timeout=20).json()
            if 0 not in state["active_seats"]:
                continue
            await mine.send(json.dumps({"type": "act", "action": state["legal"][0]["action"], "id": 1}))
            for tt, _token, conn in conns:
                if tt is t:
                    while True:
                        msg = json.loads(await asyncio.wait_for(conn.recv(), 20))
                        if msg.get("version") == 1:
                            break
        for _t, _token, conn in conns:
            await conn.close()

    asyncio.run(play())
    time.sleep(0.5)  # nginx writes a WebSocket's line when it closes
    reached: dict[str, set[str]] = defaultdict(set)
    for line in (folder / "access.log").read_text().splitlines():
        uri, table, upstream, status = line.split()
        if uri.startswith("/ws/"):
            assert status == "101", line
            reached[table].add(upstream)
    assert set(reached) == {t["id"] for t in tables}
    for table, upstreams in reached.items():
        assert len(upstreams) == 1, (table, upstreams)  # 6 pages, one process
