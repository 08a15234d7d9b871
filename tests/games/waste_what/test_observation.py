"""Waste What?'s observation tensors: card rows lined up with the card ids the actions name, and the
shared phase under the two seat models."""

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.observation import encoder_for
from loopcity.games.waste_what.content import MAX_CARDS
from loopcity.games.waste_what.observation import PLACES

CARD_KINDS = ("reuse", "reuse_plus", "combo", "store", "recycle", "recycle_paying", "burn")


def _states(seed, steps=200):
    game = load_game("waste_what")
    state = game.new_state(seed)
    bots = [RandomBot(game, s, seed) for s in range(game.players)]
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        seat = state.active_seats()[0]
        state.apply(seat, bots[seat].choose(state, seat))


def test_cards_the_actions_name_lie_where_the_observation_says():
    game = load_game("waste_what")
    enc = encoder_for(game)
    places = enc.layout.segment("places").offset
    row = {name: places + i * MAX_CARDS for i, name in enumerate(PLACES)}
    checked = 0
    for seed in range(4):
        for state in _states(seed):
            seat = state.active_seats()[0]
            got = enc.encode(state, seat).as_dict()
            for card in state.deck:
                assert got.get(row["deck"] + card) == 1.0
            for action in state.legal_actions(seat):
                if action.kind in CARD_KINDS:
                    card = action.args[0]
                    where = [
                        p for p in ("table", "storage_p1", "storage_p2", "work") if got.get(row[p] + card)
                    ]
                    assert where, f"{action}: card {card} is nowhere the team can take it from"
                    checked += 1
    assert checked > 50


def test_each_card_lies_in_one_place_at_most():
    enc = encoder_for(load_game("waste_what"))
    places = enc.layout.segment("places").offset
    for state in _states(7):
        got = enc.encode(state, 0).as_dict()
        for card in range(MAX_CARDS):
            rows = [p for i, p in enumerate(PLACES) if got.get(places + i * MAX_CARDS + card)]
            assert len(rows) <= 1, (card, rows)


def test_shared_phase_takes_turns_under_the_seat_model():
    from loopcity.adapters.encoding import Turns

    game = load_game("waste_what")
    for model, expect_both in (("seat", True), ("team", False)):
        state, turns = game.new_state(3), Turns(model)
        bots = [RandomBot(game, s, 3) for s in range(game.players)]
        shared = []
        while not state.is_terminal():
            seat = turns.next(state)
            if len(state.active_seats()) == 2:
                shared.append(seat)
            state.apply(seat, bots[seat].choose(state, seat))
            turns.acted(seat)
        assert shared, "the game has a shared phase"
        assert (set(shared) == {0, 1}) == expect_both, model
