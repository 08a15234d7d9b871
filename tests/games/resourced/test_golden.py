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
        ("standard", 338, 3, "d8cc756a5b48ff9e287e"),
        ("alternate", 338, 3, "976172b3b1fb545f2738"),
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
