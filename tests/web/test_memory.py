"""The cycle collector's and the threads' settings while the app serves (loopcity.web.memory)."""

from __future__ import annotations

import gc
import sys
import weakref

import pytest

from loopcity.web.memory import HANDOFF_SECONDS, YOUNG_OBJECTS, fewer_collections, quick_handoffs


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def _cycle() -> weakref.ref[_Node]:
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_garbage_in_cycles_is_still_collected_and_the_settings_come_back():
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == (YOUNG_OBJECTS, before[1], before[2])
        assert gc.get_freeze_count() > 0, "what was alive is set aside"
        gone = _cycle()
        assert gone() is not None, "a cycle outlives its last name until the collector comes"
        alive = []  # new containers that stay alive bring a collection on their own
        for _ in range(YOUNG_OBJECTS * 3):
            alive.append([])
            if gone() is None:
                break
        assert len(alive) > YOUNG_OBJECTS // 2, "not at the default threshold of 700"
        assert gone() is None, "the collector came within a few thresholds' worth of containers"
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_what_was_alive_before_is_looked_at_again_after():
    kept = _cycle()
    held = kept()
    with fewer_collections():
        pass
    del held
    gc.collect()
    assert kept() is None, "a cycle made before the block is collected once it is garbage, after the block"


def test_the_app_serves_with_fewer_collections_and_quick_handoffs_and_gives_the_defaults_back(db_url):
    from fastapi.testclient import TestClient

    from loopcity.web.app import create_app

    before, interval = gc.get_threshold(), sys.getswitchinterval()
    sys.setswitchinterval(0.004)  # not the server's (another server in this process may have set it)
    try:
        with TestClient(create_app(db_url, bot_delay=0)) as client:
            assert client.get("/").status_code == 200
            assert gc.get_threshold()[0] == YOUNG_OBJECTS
            assert gc.get_freeze_count() > 0
            assert sys.getswitchinterval() == pytest.approx(HANDOFF_SECONDS)
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() == 0
        assert sys.getswitchinterval() == 0.004
    finally:
        sys.setswitchinterval(interval)


def test_quick_handoffs_of_two_servers_give_the_interval_back_when_the_last_one_stops():
    interval = sys.getswitchinterval()
    first, second = quick_handoffs(), quick_handoffs()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)  # the first server stops while the second serves
    assert sys.getswitchinterval() == pytest.approx(HANDOFF_SECONDS)
    second.__exit__(None, None, None)
    assert sys.getswitchinterval() == interval


def test_quick_handoffs_give_the_interval_back_after_an_error():
    interval = sys.getswitchinterval()
    try:
        with quick_handoffs():
            assert sys.getswitchinterval() == pytest.approx(HANDOFF_SECONDS)
            raise RuntimeError("the app stopped")
    except RuntimeError:
        pass
    assert sys.getswitchinterval() == interval
