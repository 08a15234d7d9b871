"""Golden playthroughs: seeded random games whose end is pinned, to catch unintended rule changes.

When a rule or content change is intended, check the new playthrough and update the values here.
"""

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.runner import next_seat


@pytest.mark.parametrize(
    "variant,steps,rounds,digest",
    [
        ("standard", 298, 3, "78be761f998de2017927"),
        ("alternate", 298, 3, "7bc4e0a4399752fc59e8"),
    ],
)
def test_golden_random_playthrough(variant, steps, rounds, digest):
    game = load_game("resourced", players=4, variant=variant)
    st = game.new_state(42)
    bots = [RandomBot(game, s, 42) for s in range(4)]
    while not st.is_terminal():
        s = next_seat(st)
        st.apply(s, bots[s].choose(st, s))
    assert (st.step, st.round, st.outcome().cause) == (steps, rounds, "maximum waste")
    assert st.state_hash() == digest
