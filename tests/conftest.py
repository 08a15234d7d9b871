import pytest

from loopcity.engine import register, unregister
from tiny_game import SPEC as TINY


@pytest.fixture
def tiny():
    """The engine's test game, registered for the duration of a test."""
    register(TINY)
    yield TINY
    unregister(TINY.id)
