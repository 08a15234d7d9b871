"""RECLAIM's observation tensors: hexagon planes lined up with the hexagons the actions name, and the
Hidden agendas kept to their owners."""

from loopcity import load_game
from loopcity.engine import RandomBot, play
from loopcity.engine.observation import encoder_for
from loopcity.games.reclaim.board import RESOURCES
from loopcity.games.reclaim.content import MAX_HEXES


def _states(game, seed, steps=400):
    state = game.new_state(seed)
    bots = [RandomBot(game, s, seed) for s in range(game.players)]
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        seat = state.active_seats()[0]
        state.apply(seat, bots[seat].choose(state, seat))


def test_hexagons_the_actions_name_hold_what_the_observation_says():
    game = load_game("reclaim")
    enc = encoder_for(game)
    res = enc.layout.segment("resources").offset
    hexes = enc.layout.segment("hex_state").offset
    r = len(RESOURCES)
    checked = 0
    for seed in range(3):
        for state in _states(game, seed):
            seat = state.active_seats()[0]
            got = enc.encode(state, seat).as_dict()
            for action in state.legal_actions(seat):
                if action.kind == "move":
                    kind, source = RESOURCES.index(action.args[0]), action.args[1]
                    assert got.get(res + source * r + kind, 0) > 0, action
                    checked += 1
                elif action.kind == "treat":
                    h, waste = action.args[0], RESOURCES.index(action.args[1])
                    plants = [got.get(hexes + level * MAX_HEXES + h) for level in range(3)]
                    assert any(plants), f"{action}: no plant"
                    assert got.get(res + h * r + waste, 0) > 0, action
                    checked += 1
                elif action.kind == "grow":
                    h = action.args[0]
                    assert got.get(hexes + 3 * MAX_HEXES + h) or got.get(hexes + 4 * MAX_HEXES + h), action
                    checked += 1
    assert checked > 30


def test_a_seat_sees_its_own_agenda_only_until_the_end():
    game = load_game("reclaim")
    enc = encoder_for(game)
    agenda = enc.layout.segment("agenda")
    n = agenda.shape[1]

    def shown(state, seat):
        got = enc.encode(state, seat).as_dict()
        return [p for p in range(game.players) for a in range(n) if got.get(agenda.offset + p * n + a)]

    state = game.new_state(5)
    for seat in range(game.players):
        assert shown(state, seat) == [seat]
    play(state, [RandomBot(game, s, 5) for s in range(game.players)])
    assert shown(state, 0) == list(range(game.players))
