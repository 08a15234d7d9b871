"""Looking an action up among the legal ones."""

from loopcity.engine.actions import Action, offered


def test_offered_finds_an_action_by_identity_or_by_equality_and_nothing_else():
    """The look-ahead and the bots ask whether an action is among the legal ones: the shared object
    the rules hand out, an equal action parsed from text, but never an action that is not there."""
    legal = [Action("move", (1,)), Action("move", (2,)), Action("end_turn")]
    assert offered(legal[1], legal)
    assert offered(Action.parse("move 2"), legal)
    assert not offered(Action("move", (3,)), legal)
    assert not offered(Action("end_turn"), [])
