"""The workbench counts Resourcity's moves by the kind of tile and its farming by crop (the
debrief module's ``subject`` hook)."""

from loopcity.bots import make_bot
from loopcity.engine import load_game, next_seat
from loopcity.games.resourcity.debrief import subject


def test_moves_name_the_tile_kind_and_farming_the_crop():
    game = load_game("resourcity")
    state = game.new_state(4)
    bots = [make_bot("heuristic", game, s, 4) for s in range(game.players)]
    named = set()
    while not state.is_terminal():
        seat = next_seat(state)
        action = bots[seat].choose(state, seat)
        said = subject(state, seat, action)
        if action.kind in ("move", "teleport"):
            assert said == state.grid_kind[action.args[0]]
        elif action.kind in ("discard", "replace"):
            assert said == state.hands[seat][action.args[0]]
        elif action.kind == "plant":
            assert said == action.args[1]
        elif action.kind in ("grow", "harvest"):
            assert said == state.crop[action.args[0]]
        named.add(action.kind)
        state.apply(seat, action)
    assert {"move", "plant", "grow"} <= named
