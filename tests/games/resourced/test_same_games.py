"""Speed-ups never change play: seeded games end in the same states as before them.

Each figure below is the digest of the final ``state_hash()`` of a series of seeded games (random
playouts: seeds 0-29; heuristic tables: seeds 0-9) of each variant, recorded before the heuristic's
decisions were kept per decision and the trading chains per placing of the players (issue 34). A
change of the rules, the content or the heuristic's judgement changes them on purpose: then record
them anew, and say so. Recorded anew when the trades put aside in a turn joined the state (a trade
is not put aside twice): the heuristic tables play the same moves (their final states hold the new,
empty list); random playouts, which put trades aside, play other games.
"""

import pytest

from ..same_games import final_hashes_digest

RECORDED = {
    ("heuristic", "standard"): "d02c25153306e4fc",
    ("random", "standard"): "9d2263fd944f3cf5",
    ("heuristic", "alternate"): "1d2a5231acdc4170",
    ("random", "alternate"): "f5c0f2c98a3beb63",
}


@pytest.mark.parametrize(("bot", "variant"), sorted(RECORDED))
def test_seeded_games_end_as_recorded(bot: str, variant: str) -> None:
    assert (
        final_hashes_digest("resourced", variant, bot, 30 if bot == "random" else 10)
        == RECORDED[(bot, variant)]
    )
