"""Same games: speed work must not change play. The final ``state_hash()`` of seeded games (random,
heuristic and selfish bots in every seat, every scenario, 3 to 6 players), recorded before the
heuristic's caches and the faster legal-action lists, must stay as it was. A change of the chance draws
or any bot decision shows here (the hash leaves out the log, whose wording may change); so would a change of the engine's state encoding,
after which the figures are recorded again from a commit whose play is trusted."""

from __future__ import annotations

import pytest

from loopcity import load_game
from loopcity.engine import play
from loopcity.engine.bots import RandomBot
from loopcity.games.sustain import forecast
from loopcity.games.sustain.heuristic import HeuristicBot, SelfishBot

BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "selfish": SelfishBot}
RECORDED = [
    ("heuristic", "first_game", 3, 1, "d22cce2dd4e14a09a34d"),
    ("heuristic", "first_game", 4, 1, "453b518cbe443b23970c"),
    ("heuristic", "first_game", 4, 2, "333175fe83de063ae739"),
    ("heuristic", "first_game", 5, 1, "71b5a2d5a91b2cc47852"),
    ("heuristic", "first_game", 6, 1, "1a90af0b828400d073f4"),
    ("heuristic", "housing_boom", 3, 1, "1415848d3e7a5e10123e"),
    ("heuristic", "housing_boom", 4, 1, "6b33efd5e7e420f4ff71"),
    ("heuristic", "housing_boom", 4, 2, "66ddf4cef9395f472034"),
    ("heuristic", "housing_boom", 5, 1, "55bb61d2aeaee9b25f1f"),
    ("heuristic", "housing_boom", 6, 1, "3453d91a413f6fd4e788"),
    ("heuristic", "traffic_crisis", 3, 1, "c91b112d22a56d1b81cb"),
    ("heuristic", "traffic_crisis", 4, 1, "4e1f741240dcd8d54806"),
    ("heuristic", "traffic_crisis", 4, 2, "429088bc3082f0a03bf2"),
    ("heuristic", "traffic_crisis", 5, 1, "c2042364eac02f1c3d4e"),
    ("heuristic", "traffic_crisis", 6, 1, "00aa7f4c6d331fede286"),
    ("random", "first_game", 3, 0, "ea1c19774ff90e47929c"),
    ("random", "first_game", 3, 1, "890d566e48aec6d4e17b"),
    ("random", "first_game", 3, 2, "fe2825d64c6f2f99355a"),
    ("random", "first_game", 3, 3, "9d5b9b0ed68a47d7fa8f"),
    ("random", "first_game", 3, 4, "80957db15d0d69409b01"),
    ("random", "first_game", 6, 0, "ba93538854e53a81d39e"),
    ("random", "first_game", 6, 1, "f99ba4061aef4faf9bb3"),
    ("random", "first_game", 6, 2, "31bbd0d49800df59da5a"),
    ("random", "first_game", 6, 3, "cbbab8ed2dcaaf06608f"),
    ("random", "first_game", 6, 4, "c4bd7cb0ae797c7f1f31"),
    ("random", "housing_boom", 3, 0, "7648e9d8a3980a6416ef"),
    ("random", "housing_boom", 3, 1, "9f17b3100e1da6bb6b52"),
    ("random", "housing_boom", 3, 2, "51a660ddd1e0591309ed"),
    ("random", "housing_boom", 3, 3, "12e572b7e38c0b943271"),
    ("random", "housing_boom", 3, 4, "a8625825d7ce6f634006"),
    ("random", "housing_boom", 6, 0, "ceed8ae1bcf956a732a9"),
    ("random", "housing_boom", 6, 1, "e0122b2bbfdcdda495e4"),
    ("random", "housing_boom", 6, 2, "5c25a2d7f7dc1ff7d15d"),
    ("random", "housing_boom", 6, 3, "360eb1b33c470f741ba4"),
    ("random", "housing_boom", 6, 4, "6e48d85757ed510f7927"),
    ("random", "traffic_crisis", 3, 0, "030c294f35dd01d48370"),
    ("random", "traffic_crisis", 3, 1, "f3a235b7a5d7a53df60a"),
    ("random", "traffic_crisis", 3, 2, "6426344209fbc090c7d1"),
    ("random", "traffic_crisis", 3, 3, "db31088a11932edc6d5c"),
    ("random", "traffic_crisis", 3, 4, "412d550fcc6670b03189"),
    ("random", "traffic_crisis", 6, 0, "7d5cacd6ab22069c530c"),
    ("random", "traffic_crisis", 6, 1, "331fc18baae2bcae534a"),
    ("random", "traffic_crisis", 6, 2, "8fdce83541dc41207459"),
    ("random", "traffic_crisis", 6, 3, "97f4e92d083a17557fa1"),
    ("random", "traffic_crisis", 6, 4, "86a49c8e4c3fc8b69f21"),
    ("selfish", "first_game", 4, 0, "8fd106bd40eab73c75d9"),
    ("selfish", "housing_boom", 4, 0, "adf73655c4427f8f10ef"),
    ("selfish", "traffic_crisis", 4, 0, "d3ea38ad5965153367a8"),
]


def final_hash(bot: str, variant: str, players: int, seed: int) -> str:
    game = load_game("sustain", players=players, variant=variant)
    state = game.new_state(seed)
    play(state, [BOTS[bot](game, s, seed) for s in range(players)])
    return state.state_hash()


@pytest.mark.parametrize(("bot", "variant", "players", "seed", "expected"), RECORDED)
def test_seeded_games_end_in_the_recorded_state(bot, variant, players, seed, expected):
    assert final_hash(bot, variant, players, seed) == expected


def test_heuristic_games_do_not_depend_on_the_forecasts_kept_from_earlier_games(monkeypatch):
    monkeypatch.setattr(forecast, "MAX_KEPT", 50)  # forecasts dropped again and again
    for bot, variant, players, seed, expected in RECORDED:
        if bot == "heuristic" and players == 4:
            assert final_hash(bot, variant, players, seed) == expected


@pytest.mark.parametrize(
    ("variant", "seed", "expected"),
    [
        ("housing_boom", 1, "a7aa3f5ad0f35ca04a5a"),
        ("housing_boom", 2, "8e68ccfcf660722bea33"),
        ("traffic_crisis", 1, "b82f3aeed5037477fbb1"),
        ("traffic_crisis", 2, "8bfddf1f24d34b9860fb"),
    ],
)
def test_shuffled_decks_play_the_games_scenarios_2_and_3_played_when_they_were_shuffled(
    variant, seed, expected
):
    """Heuristic games of 4 players, recorded when Scenarios 2 and 3 shuffled their decks."""
    game = load_game("sustain", players=4, variant=variant, decks="shuffled")
    state = game.new_state(seed)
    play(state, [HeuristicBot(game, s, seed) for s in range(4)])
    assert state.state_hash() == expected
