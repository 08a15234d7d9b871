"""A real PostgreSQL server for tests, started on loopback in a temporary folder (Debian's postgresql
package; scripts/system-deps.sh installs it when missing)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def postgres_server() -> Iterator[str]:
    """Start a PostgreSQL server; yields its URL until the caller is done (then it is stopped)."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if not initdb or not pg_ctl:
        pytest.skip("PostgreSQL is not installed (scripts/system-deps.sh installs it)")
    root = Path(tempfile.mkdtemp(prefix="loopcity-pg-"))
    data = root / "data"
    prefix: list[str] = []
    if os.geteuid() == 0:  # the server refuses to run as root: use the package's own user
        prefix = ["runuser", "-u", "postgres", "--"]
        shutil.chown(root, "postgres")
    port = _free_port()
    subprocess.run(
        [*prefix, initdb, "-D", str(data), "-A", "trust", "-U", "loopcity"], check=True, capture_output=True
    )
    opts = f"-p {port} -k {root} -h 127.0.0.1 -c fsync=off"
    subprocess.run(
        [*prefix, pg_ctl, "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w", "start"],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://loopcity@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)
