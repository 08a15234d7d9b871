import pytest

from loopcity.engine import register, unregister

from .metered_game import SPEC as METERED


@pytest.fixture
def metered():
    """The tiny game with rounds, metrics, content and team losses, registered for one test."""
    register(METERED)
    yield METERED
    unregister(METERED.id)
