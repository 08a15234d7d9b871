"""Same games: speed work must not change play. The final ``state_hash()`` of seeded games (random,
heuristic and selfish bots in every seat, every scenario, 3 to 6 players), recorded before the
heuristic's caches and the faster legal-action lists, must stay as it was. A change of the log lines,
the chance draws or any bot decision shows here; so would a change of the engine's state encoding,
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
    ("heuristic", "first_game", 3, 1, "c7a94ca1c65950775a01"),
    ("heuristic", "first_game", 4, 1, "dfe5ad3c9b43ed6afd83"),
    ("heuristic", "first_game", 4, 2, "8ab96ecf763116b32669"),
    ("heuristic", "first_game", 5, 1, "df8369a05aa330cbd698"),
    ("heuristic", "first_game", 6, 1, "569314c546a8687c200b"),
    ("heuristic", "housing_boom", 3, 1, "2cf4edccce74340ffe03"),
    ("heuristic", "housing_boom", 4, 1, "88fa8ca16ed563be7595"),
    ("heuristic", "housing_boom", 4, 2, "25409f3b7a1761da4d91"),
    ("heuristic", "housing_boom", 5, 1, "7b44f8c648b08d50382e"),
    ("heuristic", "housing_boom", 6, 1, "99b09e571b173bf0bc95"),
    ("heuristic", "traffic_crisis", 3, 1, "c9d5bcaac51422a7a908"),
    ("heuristic", "traffic_crisis", 4, 1, "281fb52be12c53624620"),
    ("heuristic", "traffic_crisis", 4, 2, "e83b4cecf054ed6413a3"),
    ("heuristic", "traffic_crisis", 5, 1, "81d32373c5b87655e116"),
    ("heuristic", "traffic_crisis", 6, 1, "a35f8d67162193a33225"),
    ("random", "first_game", 3, 0, "4dac1d631801758234dd"),
    ("random", "first_game", 3, 1, "3442942b88ec201a9074"),
    ("random", "first_game", 3, 2, "6c1026373f51e7ecf609"),
    ("random", "first_game", 3, 3, "fe5e21e523324fe694a9"),
    ("random", "first_game", 3, 4, "4c433f3b996cbd08956f"),
    ("random", "first_game", 6, 0, "8892d138bd9655014463"),
    ("random", "first_game", 6, 1, "4675e17f4e597feaa351"),
    ("random", "first_game", 6, 2, "3f480204bd95480b283c"),
    ("random", "first_game", 6, 3, "1c06f3ec43129263baf8"),
    ("random", "first_game", 6, 4, "8493a904fb7afaeed47b"),
    ("random", "housing_boom", 3, 0, "8723eca5c8ab1b95a2a7"),
    ("random", "housing_boom", 3, 1, "bef4f2086e3ca89b5fc2"),
    ("random", "housing_boom", 3, 2, "23fe3605df19117882ec"),
    ("random", "housing_boom", 3, 3, "1ca798c8f9ba26270c20"),
    ("random", "housing_boom", 3, 4, "310633c51f2cf07c7259"),
    ("random", "housing_boom", 6, 0, "049fc92409ee1d71f373"),
    ("random", "housing_boom", 6, 1, "1dfbc933bfb17aa3a874"),
    ("random", "housing_boom", 6, 2, "0171f72a49355d0c1b2a"),
    ("random", "housing_boom", 6, 3, "4ed6c8cdb3df3a625cf6"),
    ("random", "housing_boom", 6, 4, "ea104b123fd7dc656a2e"),
    ("random", "traffic_crisis", 3, 0, "a16d7102644e29e28a39"),
    ("random", "traffic_crisis", 3, 1, "8573fd6f7d977056df3d"),
    ("random", "traffic_crisis", 3, 2, "6b2237d0f8c59da0cfb0"),
    ("random", "traffic_crisis", 3, 3, "b32d07b8ec9fc6ec686b"),
    ("random", "traffic_crisis", 3, 4, "f5c0179f8ff049abb7df"),
    ("random", "traffic_crisis", 6, 0, "69b71918182aadef39bc"),
    ("random", "traffic_crisis", 6, 1, "f6fbbb73f3875f4301f0"),
    ("random", "traffic_crisis", 6, 2, "a1262950f8fbf5bcc89a"),
    ("random", "traffic_crisis", 6, 3, "c3b57650f565fcfb55f3"),
    ("random", "traffic_crisis", 6, 4, "ae8838f3076ef3d3931d"),
    ("selfish", "first_game", 4, 0, "de8ac766c8dd06a5cf52"),
    ("selfish", "housing_boom", 4, 0, "541064859a307ed6e25b"),
    ("selfish", "traffic_crisis", 4, 0, "61d7a0f94150dfa10769"),
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
