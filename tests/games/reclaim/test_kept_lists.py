"""The hexagon lists RECLAIM's legal actions keep from one step to the next (``State._kept``,
``board.board_changed``) give the same legal actions as a fresh copy that keeps nothing: at every
step of seeded random and heuristic games of each variant, the same actions in the same order."""

import pytest

from loopcity import load_game
from loopcity.bots import make_bot
from loopcity.engine.clocks import MoveClock


@pytest.mark.parametrize("variant", ["standard", "timer", "calm"])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_kept_board_lists_give_a_fresh_copys_legal_actions(variant: str, bot: str) -> None:
    game = load_game("reclaim", variant=variant)
    game.tongues = ()
    builds = 0
    for seed in range(3):
        state = game.new_state(seed)
        bots = [make_bot(bot, game, s, seed) for s in range(game.players)]
        clock = MoveClock(game) if game.clocks else None
        while not state.is_terminal():
            if clock is not None and clock.ring(state) is not None:
                continue
            for seat in state.active_seats():
                kept = state.legal_actions(seat)
                fresh = state.clone()
                assert fresh._kept == {}
                assert kept == fresh.legal_actions(seat), f"seed {seed}, step {state.step}, seat {seat}"
            seat = state.active_seats()[0]
            action = bots[seat].choose(state, seat)
            builds += action.kind in ("build", "link_to", "dump_site", "place_block", "urbanize")
            state.apply(seat, action)
    assert builds > 0  # the board changed along the way
