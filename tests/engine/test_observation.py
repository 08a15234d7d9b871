"""The engine's observation primitives: layouts of named segments and sparse features."""

import pytest

from loopcity.engine import load_game
from loopcity.engine.observation import Features, Layout, encoder_for


def test_layout_places_segments_one_after_the_other():
    lay = Layout()
    assert lay.add("seat", 3, "the seat") == 0
    assert lay.add("board", (2, 5), "two planes") == 3
    assert lay.add("scalars", 4, "amounts") == 13
    assert lay.size == 17
    assert lay.segment("board").size == 10 and lay.segment("board").shape == (2, 5)
    assert [row["name"] for row in lay.describe()] == ["seat", "board", "scalars"]
    with pytest.raises(ValueError):
        lay.add("seat", 1, "twice")
    with pytest.raises(ValueError):
        lay.add("empty", (2, 0), "no room")
    with pytest.raises(KeyError):
        lay.segment("missing")


def test_features_normalise_and_clip_amounts():
    out = Features()
    out.one(2)
    out.ones(10, [0, 3])
    out.ratio(5, 3, 4)
    out.ratio(6, 9, 4)
    out.ratio(7, 0, 4)
    out.run(20, [0, 2, 8, -1], 4)
    assert out.as_dict() == {2: 1.0, 10: 1.0, 13: 1.0, 5: 0.75, 6: 1.0, 21: 0.5, 22: 1.0}


def test_a_game_without_an_observation_spec_has_no_encoder(tiny):
    assert encoder_for(load_game("tiny")) is None


def test_encoders_are_built_once_per_configured_game():
    from loopcity.engine import list_games

    for spec in list_games():
        if spec.observation is None:
            continue
        game = load_game(spec.id)
        enc = encoder_for(game)
        assert enc is encoder_for(game)
        assert enc is not None and enc.size == enc.layout.size > 0
        assert enc.layout.segments[0].name == "seat"
