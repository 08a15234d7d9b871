"""Game options declare their values and are checked; records name their chance generator."""

from __future__ import annotations

import json

import pytest

from loopcity import load_game
from loopcity.engine import Action, Option, OptionError, RandomBot, Record, RecordError, list_games, play
from loopcity.engine.rng import KEYED, SPLITMIX, KeyedRng, secret_seed


def test_every_option_of_every_game_declares_its_type_and_its_values():
    for spec in list_games():
        for option in spec.options:
            assert option.bounded(), f"{spec.id} option {option.name!r} declares no choices or bounds"
            assert option.coerce(option.default) == option.default


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        ("reclaim", {"event_every": 0}, "'event_every' must be from 1 to 16"),
        ("reclaim", {"event_every": 10**100}, "'event_every' must be from 1 to 16"),
        ("reclaim", {"event_every": True}, "'event_every' takes a whole number"),
        ("reclaim", {"event_every": "1e999"}, "'event_every' takes a int"),
        ("sustain", {"scenario": "nosuch"}, "'scenario' must be one of first_game"),
        ("sustain", {"discussion_minutes": -1}, "'discussion_minutes' must be from 0 to 60"),
        ("sustain", {"discussion_minutes": float("nan")}, "'discussion_minutes' takes a int"),
        ("waste_what", {"just_waste": 10}, "'just_waste' must be one of 9, 12, 18"),
        ("reclaim", {"players": 1e999}, "players must be a whole number"),
    ],
)
def test_a_bad_option_value_is_refused_naming_the_option(game, options, words):
    with pytest.raises(OptionError) as e:
        load_game(game, **options)
    assert words in str(e.value)


def test_bounds_refuse_nan_and_infinity():
    minutes = Option("minutes", 1.0, minimum=0, maximum=60)
    assert minutes.coerce("2.5") == 2.5
    for bad in (float("nan"), float("inf"), -0.5, 61, "inf"):
        with pytest.raises(OptionError, match="'minutes' must be from 0 to 60"):
            minutes.coerce(bad)


def test_a_record_names_its_generator_and_replays_with_a_secret_seed():
    game = load_game("reclaim")
    seed = secret_seed()
    state = game.new_state(seed)
    assert type(state.rng) is KeyedRng
    record = Record.start(state, seed)
    play(state, [RandomBot(game, s, 1) for s in range(game.players)], record=record)
    data = json.loads(json.dumps(record.to_json()))
    assert data["format"] == "loopcity-record/2" and data["header"]["generator"] == KEYED
    assert data["header"]["seed"] == seed
    assert Record.from_json(data).replay(verify=True) == state
    assert Record.start(game.new_state(7), 7).to_json()["header"]["generator"] == SPLITMIX


def test_a_record_whose_generator_is_not_its_seeds_is_refused():
    game = load_game("reclaim")
    data = Record.start(game.new_state(7), 7).to_json()
    data["header"]["generator"] = KEYED
    with pytest.raises(RecordError, match="generator"):
        Record.from_json(data).replay()


def test_a_format_1_record_without_a_generator_replays_with_splitmix():
    game = load_game("reclaim")
    state = game.new_state(3)
    record = Record.start(state, 3)
    play(state, [RandomBot(game, s, 3) for s in range(game.players)], record=record)
    data = record.to_json()
    data["format"] = "loopcity-record/1"  # format 1 hashed the log too
    del data["header"]["generator"]
    again = game.new_state(3)
    data["hashes"] = []
    for seat, text in record.moves:
        again.apply_recorded(seat, Action.parse(text))
        data["hashes"].append(again.state_hash(with_log=True))
    assert Record.from_json(data).replay(verify=True) == state
