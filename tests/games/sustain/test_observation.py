"""SUSTAIN's observation tensors: cards and City Map cells lined up with the numbers the actions name."""

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.observation import encoder_for


def _states(game, seed, steps=300):
    state = game.new_state(seed)
    bots = [RandomBot(game, s, seed) for s in range(game.players)]
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        seat = state.active_seats()[0]
        state.apply(seat, bots[seat].choose(state, seat))


def test_cards_and_cells_the_actions_name_are_in_the_observation():
    game = load_game("sustain")
    enc = encoder_for(game)
    table = enc.layout.segment("solutions")
    requests = enc.layout.segment("requests")
    city = enc.layout.segment("map")
    checked = 0
    for seed in range(3):
        for state in _states(game, seed):
            seat = state.active_seats()[0]
            got = enc.encode(state, seat).as_dict()
            for action in state.legal_actions(seat):
                if action.kind == "invest":
                    row = table.offset + (action.args[0] - 1) * table.shape[1]
                    assert sum(got.get(row + g, 0) == 1.0 for g in range(table.shape[1] - 1)) == 1, action
                    checked += 1
                elif action.kind == "request":
                    row = requests.offset + (action.args[0] - 1) * requests.shape[1]
                    assert sum(got.get(row + e, 0) == 1.0 for e in range(requests.shape[1] - 1)) == 1, action
                    checked += 1
                elif action.kind == "build":
                    cell = action.args[0]
                    built = [
                        b for b in range(city.shape[0]) if got.get(city.offset + b * city.shape[1] + cell)
                    ]
                    assert built == [], f"{action}: the cell is taken"
                    checked += 1
    assert checked > 20
