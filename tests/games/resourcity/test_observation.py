"""Resourcity's observation tensors: tile and Plot planes lined up with the ids the actions name."""

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.observation import encoder_for
from loopcity.games.resourcity.board import PLOTS, TILES
from loopcity.games.resourcity.observation import CROPS


def _states(game, seed, steps=150):
    state = game.new_state(seed)
    bots = [RandomBot(game, s, seed) for s in range(game.players)]
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        seat = state.active_seats()[0]
        state.apply(seat, bots[seat].choose(state, seat))


def test_plots_and_hands_the_actions_name_are_where_the_observation_says():
    game = load_game("resourcity", players=3)
    enc = encoder_for(game)
    plots = enc.layout.segment("plots").offset
    hand = enc.layout.segment("hand").offset
    kinds = len(enc.kinds)
    checked = 0
    for seed in range(4):
        for state in _states(game, seed):
            seat = state.active_seats()[0]
            got = enc.encode(state, seat).as_dict()
            for action in state.legal_actions(seat):
                if action.kind == "harvest":
                    assert got.get(plots + 6 * PLOTS + action.args[0]) == 1.0, action
                    checked += 1
                elif action.kind == "grow":
                    crops = [got.get(plots + (1 + c) * PLOTS + action.args[0]) for c in range(len(CROPS))]
                    assert crops.count(1.0) == 1, action
                    checked += 1
                elif action.kind in ("replace", "discard"):
                    slot = hand + (seat * 3 + action.args[0]) * kinds
                    assert sum(got.get(slot + k, 0) for k in range(kinds)) == 1.0, action
                    checked += 1
    assert checked > 20


def test_every_tile_has_one_kind_and_one_rotation_and_each_token_one_tile():
    game = load_game("resourcity", players=4)
    enc = encoder_for(game)
    kind = enc.layout.segment("tile_kind")
    rot = enc.layout.segment("tile_rotation")
    pos = enc.layout.segment("player_tile")
    for state in _states(game, 2, 40):
        got = enc.encode(state, 0).as_dict()
        for t in range(TILES):
            assert sum(got.get(kind.offset + k * TILES + t, 0) for k in range(kind.shape[0])) == 1
            assert sum(got.get(rot.offset + r * TILES + t, 0) for r in range(4)) == 1
            assert got.get(kind.offset + enc.kind_index[state.grid_kind[t]] * TILES + t) == 1
        for p in range(game.players):
            placed = sum(got.get(pos.offset + p * TILES + t, 0) for t in range(TILES))
            if state.pos[p] < 0:  # the table has not yet placed this token (Step 8)
                assert placed == 0
            else:
                assert placed == 1 and got.get(pos.offset + p * TILES + state.pos[p]) == 1
