"""The conformance suite over every registered game."""

import pytest

from loopcity import list_games, load_game
from loopcity.bots import make_bot
from loopcity.engine import play
from loopcity.engine.testing import check_game
from loopcity.engine.text import reading_in

GAMES = [spec.id for spec in list_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_conformance(game_id):
    spec = load_game(game_id).spec
    for players in sorted({spec.min_players, spec.max_players}):
        for variant in [v.name for v in spec.variants] or [None]:
            check_game(load_game(game_id, players=players, variant=variant), playouts=2, seed=players)


def test_games_are_registered():
    assert GAMES == sorted(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_speaks_in_words(game_id):
    """What a person at the table reads comes from the game: a label for every kind of action, the
    reference from its content, each player's panel and what is on stage, from a view."""
    game = load_game(game_id)
    spec = game.spec
    texts = spec.state_class.texts
    assert texts is not None, "labels for the actions"
    assert texts.missing(spec.action_space) == []
    assert spec.reference is not None and spec.reference(game.content), "a reference from the content"
    assert spec.panels is not None and spec.stage is not None
    state = game.new_state(1)
    view = state.view(state.active_seats()[0])
    assert spec.panels(view), "each player's panel"
    for action in state.legal_actions(state.active_seats()[0])[:50]:
        assert state.label(state.active_seats()[0], action).text != str(action)


@pytest.mark.parametrize("game_id", GAMES)
def test_how_a_game_ended_reads_in_words_in_every_language(game_id):
    """The outcome's cause stays the rules' English (records and simulations count it); a person
    reads how the game ended in their own language, in words, won or lost."""
    game = load_game(game_id)
    for bot in ("random", "heuristic"):
        state = game.new_state(3)
        play(state, [make_bot(bot, game, seat, 3) for seat in range(state.players)])
        with reading_in("en", game_id):
            outcome, english = state.outcome(), state.ending()
        with reading_in("de", game_id):
            in_german, german = state.outcome(), state.ending()
        assert outcome is not None and in_german == outcome, "the cause is the same for every reader"
        assert english and german and english != german, (bot, english)
        assert "+" not in english and "_" not in english, english
