import pytest

from loopcity import load_game

from .helpers import table


@pytest.fixture
def game():
    """RECLAIM without Event cards, so a scenario changes only by the rule under test."""
    return load_game("reclaim", variant="calm")


@pytest.fixture
def st():
    """The set-up of a calm game (seed 1), set up through its position."""
    return table()
