"""The workbench counts ResourCEd's moves, gathering and operating by tile (the debrief module's
``subject`` hook)."""

from loopcity.bots import make_bot
from loopcity.engine import load_game, next_seat
from loopcity.games.resourced.debrief import subject


def test_moves_name_the_tile_gone_to_and_operating_names_the_upgrade_or_tile():
    game = load_game("resourced")
    state = game.new_state(2)
    bots = [make_bot("heuristic", game, s, 2) for s in range(game.players)]
    named = set()
    while not state.is_terminal():
        seat = next_seat(state)
        action = bots[seat].choose(state, seat)
        said = subject(state, seat, action)
        here = state.pos[seat]
        if action.kind == "move":
            assert said == state.tiles[action.args[0]] and said is not None
        elif action.kind == "gather":
            assert said == state.tiles[here]
        elif action.kind == "operate":
            assert said == (state.upgrades[here] or state.tiles[here])
        elif action.kind != "remove":
            assert said is None
        named.add(action.kind)
        state.apply(seat, action)
    assert {"move", "gather", "operate"} <= named
