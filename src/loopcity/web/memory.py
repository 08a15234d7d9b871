"""How the server process's cycle collector runs while the app serves.

A move's messages (views, boards, patches, JSON) make and drop many small containers, nearly all
freed at once by their reference counts. With Python's defaults the cycle collector runs every 700
new containers and keeps scanning what lives long (the modules, the games' tables, the tables in
memory). In :func:`fewer_collections` what is alive when the block starts is set aside
(``gc.freeze``) and a collection waits for :data:`YOUNG_OBJECTS` new containers: garbage in cycles
is still collected, less often (docs/performance.md, "The event loop and the cycle collector").
"""

from __future__ import annotations

import contextlib
import gc
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
