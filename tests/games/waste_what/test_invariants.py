"""Every card is in exactly one place at every step; views never show the deck orders."""

import pytest

from loopcity import load_game
from loopcity.engine import PositionError, RandomBot, Rng, next_seat
from loopcity.engine.testing import (
    check_actions_round_trip,
    check_copies,
    check_position,
    check_refusals,
    check_views,
)

from .helpers import edit, fields_of, new_game


@pytest.mark.parametrize("variant", ["beginners", "normal", "difficult"])
def test_every_card_in_exactly_one_place_at_every_step(variant):
    game = load_game("waste_what", variant=variant)
    for seed in range(6):
        state = game.new_state(seed)
        bots = [RandomBot(game, s, seed) for s in range(2)]
        while not state.is_terminal():
            state.check_invariants()
            seat = next_seat(state)
            state.apply(seat, bots[seat].choose(state, seat))
        state.check_invariants()


def test_the_invariant_catches_a_card_in_two_places():
    s = new_game()
    with pytest.raises(PositionError, match="two places"):
        edit(s, p1={"storage": [s.table[0]]})


def test_the_invariant_catches_lost_money():
    s = new_game()
    with pytest.raises(PositionError, match="money"):
        edit(s, bank=fields_of(s)["bank"] - 1)


def test_views_show_how_many_cards_are_in_the_decks_never_their_order():
    s = new_game()
    view = s.view(0)
    assert view["deck_count"] == len(s.deck) and view["events_left"] == 20
    assert "deck" not in view and "event_deck" not in view
    other = s.determinize(0, 99)
    assert other.deck != s.deck and other.view(0) == view


@pytest.mark.parametrize("variant", ["beginners", "normal", "difficult"])
def test_conformance_checks_hold_through_long_heuristic_games(variant):
    """Random play rarely survives round 1; the heuristic reaches combos, events and round 6."""
    game = load_game("waste_what", variant=variant)
    rng = Rng(7)
    rounds = set()
    for seed in (1, 2):
        state = game.new_state(seed)
        bots = [game.spec.bots["heuristic"](game, s, seed) for s in range(2)]
        while not state.is_terminal():
            state.check_invariants()
            if state.step % 7 == 0:
                check_actions_round_trip(state)
                check_copies(state)
                check_refusals(state, rng)
                check_views(state, rng)
                check_position(state)
            seat = next_seat(state)
            state.apply(seat, bots[seat].choose(state, seat))
            rounds.add(state.round)
    assert max(rounds) >= 3
