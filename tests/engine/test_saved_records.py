"""Records saved by earlier versions still replay, state hash by state hash.

``tests/fixtures/records`` holds a heuristic and a random game for every game and variant; a change
that keeps the rules must replay each of them exactly (``Record.replay(verify=True)`` compares the
state hash after every move). An intended rule change re-records its game with
``tests/fixtures/make_records.py GAME``.
"""

from pathlib import Path

import pytest

from loopcity.engine import Record

RECORDS = sorted((Path(__file__).parent.parent / "fixtures" / "records").glob("*.json"))


def test_every_game_and_variant_has_saved_records():
    from loopcity.engine import list_games

    names = {p.stem for p in RECORDS}
    for spec in list_games():
        for v in spec.variants:
            assert {f"{spec.id}-{v.name}-heuristic", f"{spec.id}-{v.name}-random"} <= names


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_saved_record_replays_every_state_hash(path):
    record = Record.load(path)
    state = record.replay(verify=True)
    assert state.is_terminal()
    assert len(record.hashes) == len(record.moves) > 0
