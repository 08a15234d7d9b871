import pytest

from loopcity import load_game


@pytest.fixture
def game():
    """RECLAIM without Event cards, so a scenario changes only by the rule under test."""
    return load_game("reclaim", variant="calm")


@pytest.fixture
def st(game):
    return game.new_state(1)


def fixed_rolls(state, *values):
    """Make the state's dice show ``values`` in turn (a die face number 1..6)."""
    seq = list(values)

    def roll(sides, what):
        return seq.pop(0)

    state.roll = roll
    return seq


def turn_of(state, role, play_as=None):
    """Give the turn to ``role`` (a role index); the contractor plays ``play_as``."""
    from loopcity.games.reclaim import turn

    turn.start_turn(state, role)
    if play_as is not None:
        state.play_as = play_as
        state.stage = "build"
    state._legal = {}
    return state.seat_of_role(role)


def legal_texts(state, seat):
    return {str(a) for a in state.legal_actions(seat)}


def apply_build(state, seat, text):
    """Apply a build; ``link <kind> <a> <b>`` is played as its two steps."""
    words = text.split()
    if words[0] == "link" and len(words) == 4:
        state.apply(seat, f"link {words[1]} {words[2]}")
        state.apply(seat, f"link_to {words[3]}")
    else:
        state.apply(seat, text)
