"""Golden games as readable playthroughs: each game's seeded heuristic game, step by step.

A change of the rules or of their wording shows here as a diff a person can read. When the change is
intended, write the files again (``python tests/fixtures/make_playthroughs.py GAME``) and read the
diff before committing it.
"""

import difflib
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent.parent / "fixtures"
sys.path.insert(0, str(FIXTURES))

from make_playthroughs import OUT, text_of  # noqa: E402

KEPT = sorted(OUT.glob("*.txt"))


def test_every_game_with_a_heuristic_bot_has_a_playthrough():
    from loopcity.engine import list_games

    games = {s.id for s in list_games() if "heuristic" in s.bots and s.id != "tiny"}
    assert games <= {p.stem for p in KEPT}


@pytest.mark.parametrize("path", KEPT, ids=[p.stem for p in KEPT])
def test_the_game_plays_as_its_playthrough_says(path):
    kept = path.read_text()
    now = text_of(path.stem)
    if now != kept:
        diff = difflib.unified_diff(kept.splitlines(), now.splitlines(), "kept", "now", lineterm="", n=2)
        pytest.fail("the game no longer plays as kept:\n" + "\n".join(list(diff)[:80]))
