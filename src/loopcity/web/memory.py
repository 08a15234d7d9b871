"""How the server process's cycle collector and threads run while the app serves.

A move's messages (views, boards, patches, JSON) make and drop many small containers, nearly all
freed at once by their reference counts. With Python's defaults the cycle collector runs every 700
new containers and keeps scanning what lives long (the modules, the games' tables, the tables in
memory). In :func:`fewer_collections` what is alive when the block starts is set aside
(``gc.freeze``) and a collection waits for :data:`YOUNG_OBJECTS` new containers: garbage in cycles
is still collected, less often (docs/performance.md, "The event loop and the cycle collector").

The database calls run in threads (``TableManager.stored``), each taking the interpreter's lock
(the GIL) back after every call into SQLite; a thread that asks for the lock gets it when the loop's
thread lets go, by default after 5 ms. While the loop built messages, a move's write of about 1 ms of
CPU took up to hundreds of milliseconds, and the next writers waited behind it (SQLite's writers take
turns).
In :func:`quick_handoffs` the loop lets go after :data:`HANDOFF_SECONDS`: a write waits about that
long for each of its calls into SQLite (docs/performance.md, "The database's threads and the
interpreter's lock" and "The interpreter's lock handed over every 0.1 ms";
``benchmarks/write_handoff.py``).
"""

from __future__ import annotations

import contextlib
import gc
import sys
import threading
from collections.abc import Iterator

YOUNG_OBJECTS = 10_000
"""The collector's first threshold inside :func:`fewer_collections` (Python's default is 700)."""


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the block with the collector looking at less, less often; its settings are restored after
    (and what was set aside is looked at again)."""
    before = gc.get_threshold()
    gc.collect()  # only what is alive is set aside
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, before[1], before[2])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


HANDOFF_SECONDS = 0.0001
"""How long a thread that holds the interpreter's lock keeps it while another waits for it, inside
:func:`quick_handoffs` (Python's default is 0.005). With the loop's thread busy, a move's write took
p50 22 ms at Python's default, 1.9-2.7 ms at 0.5 ms, 0.6-0.9 ms at 0.1 ms and 1.1 ms at 0.05 ms, where
the handing over itself begins to cost."""


_handoffs = threading.Lock()
_open: list[float] = []
"""The interval before the first :func:`quick_handoffs` block still open, once for each open block."""


@contextlib.contextmanager
def quick_handoffs() -> Iterator[None]:
    """Run the block with threads taking turns at the interpreter's lock every
    :data:`HANDOFF_SECONDS`; the interval before is restored when the last such block ends (several
    apps served in one process, as in the tests, may end in any order)."""
    with _handoffs:
        _open.append(_open[0] if _open else sys.getswitchinterval())
        sys.setswitchinterval(HANDOFF_SECONDS)
    try:
        yield
    finally:
        with _handoffs:
            before = _open.pop()
            if not _open:
                sys.setswitchinterval(before)
