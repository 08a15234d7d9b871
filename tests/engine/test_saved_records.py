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


def test_format_1_records_are_verified_against_their_hashes_with_the_log():
    """Format 1 hashed the log with the state; such a record still loads, replays and is verified."""
    from loopcity.engine import Action
    from loopcity.engine.errors import RecordError

    record = Record.load(RECORDS[0])
    state = record.new_game().new_state(record.seed)
    legacy = []
    for seat, text in record.moves:
        state.apply(seat, Action.parse(text))
        legacy.append(state.state_hash(with_log=True))
    data = record.to_json() | {"format": "loopcity-record/1", "hashes": legacy}
    old = Record.from_json(data)
    assert old.replay(verify=True).state_hash() == state.state_hash()
    data["hashes"] = [*legacy[:-1], "0" * 20]
    with pytest.raises(RecordError, match=f"move {len(legacy)}"):
        Record.from_json(data).replay(verify=True)
