"""Looking an action up among the legal ones."""

import random

import pytest

from loopcity.engine import list_games, load_game
from loopcity.engine.actions import Action, offered


def test_offered_finds_an_action_by_identity_or_by_equality_and_nothing_else():
    """The look-ahead and the bots ask whether an action is among the legal ones: the shared object
    the rules hand out, an equal action parsed from text, but never an action that is not there."""
    legal = [Action("move", (1,)), Action("move", (2,)), Action("end_turn")]
    assert offered(legal[1], legal)
    assert offered(Action.parse("move 2"), legal)
    assert not offered(Action("move", (3,)), legal)
    assert not offered(Action("end_turn"), [])


@pytest.mark.parametrize("game_id", sorted(s.id for s in list_games()))
def test_a_person_is_offered_each_choice_once(game_id):
    """``State.labelled``: every legal action reads as exactly one offered action (its own or the first
    that reads the same), no two offered read alike, and the rules' order is kept."""
    game = load_game(game_id)
    state, rnd = game.new_state(2), random.Random(2)
    for _ in range(150):
        if state.is_terminal():
            break
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        offered = state.labelled(seat, legal)
        said = [(label.text, label.group) for _a, label in offered]
        assert len(set(said)) == len(said)
        assert [a for a, _l in offered] == [a for a in legal if a in {x for x, _l in offered}]
        assert {(state.label(seat, a).text, state.label(seat, a).group) for a in legal} == set(said)
        state.apply(seat, rnd.choice(legal))
