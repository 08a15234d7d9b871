"""The workbench counts RECLAIM's Infrastructure cards by pile and its Event cards by title (the
debrief module's ``subject`` hook)."""

from loopcity.bots import make_bot
from loopcity.engine import load_game, next_seat
from loopcity.games.reclaim.debrief import subject


def test_cards_taken_name_their_pile_and_events_played_their_title():
    game = load_game("reclaim")
    piles = {p.id: p.name for p in game.content.piles}
    state = game.new_state(5)
    bots = [make_bot("heuristic", game, s, 5) for s in range(game.players)]
    named = set()
    while not state.is_terminal():
        seat = next_seat(state)
        action = bots[seat].choose(state, seat)
        said = subject(state, seat, action)
        if action.kind == "card":
            assert said == piles[state.pending_pile]
            named.add("card")
        elif action.kind == "play_event":
            assert said == game.content.events[state.hands[seat][action.args[0]]].title
            named.add("play_event")
        else:
            assert said is None
        state.apply(seat, action)
    assert named == {"card", "play_event"}
