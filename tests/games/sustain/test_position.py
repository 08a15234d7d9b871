"""SUSTAIN's position format: a hand-written position sets up the game it describes; a state's
position sets it up again; an impossible position is refused, saying what is wrong."""

from __future__ import annotations

import pytest

from loopcity import load_game
from loopcity.engine import PositionError, dump_position, load_position, position_of, read_position
from loopcity.engine.testing import random_playout
from loopcity.games.sustain.year import ATTRACT, LIVING, POLLUTION, TRANSPORT

from .helpers import again, new

EXAMPLE = """
game = "sustain"
players = 4
variant = "first_game"

year = 3
phase = "investing"
first_player = 3
turn = 1
passed = [2]
departments = ["urban_planning", "mobility", "environment", "economy"]
coins = [4, 0, 3, 2]
reserve = 1
standard_of_living = 2
attractiveness = 1
sustainable_transport = 1
pollution = 2
unhappy_population = 2
co2_accumulation = 3
city_map = [
    { space = "B2", building = "residential_houses", people = 4 },
    { space = "D2", building = "residential_houses", people = 4 },
    { space = "C3", building = "town_hall" },
    { space = "A5", building = "factory" },
    { space = "B3", building = "park" },
    { space = "B2+", building = "bus_stop" },
]
sheets = { urban_planning = [2, 0, 0] }
points = { environment = 2, mobility = 1, economy = 1 }
event_deck = ["I-5", "I-6", "I-7", "I-8", "I-9", "I-10"]
event_discard = ["I-1", "I-2", "I-3"]
events_this_year = ["I-4"]
requests = [{ card = "I-4", coins = 1 }]
solution_deck = ["S-23", "S-05", "S-14", "S-10", "S-16", "S-03", "S-19", "S-08", "S-22", "S-15",
                 "S-06", "S-12", "S-18", "S-21", "S-24"]
solutions = [
    { card = "S-01", coins = 1 },
    { card = "S-07" }, { card = "S-13" }, { card = "S-17" },
    { card = "S-02" }, { card = "S-20" }, { card = "S-09" },
]
flipped = ["S-11", "S-04"]
"""


def test_a_hand_written_position_sets_up_the_game_it_describes():
    s = read_position(EXAMPLE)
    assert s.round == 3 and s.phase == "investing" and s.active_seats() == (0,)
    assert s.first == 2 and s.passed == [False, True, False, False] and s.coins == [4, 0, 3, 2]
    assert (s.track[LIVING], s.track[ATTRACT], s.track[TRANSPORT], s.track[POLLUTION]) == (2, 1, 1, 2)
    assert s.unhappy == 2 and s.co2 == 3 and s.reserve == 1
    assert s.cells[s.tables.cell_of["B3"]] == "park" and s.cells[s.tables.cell_of["B2+"]] == "bus_stop"
    assert s.sheet[0] == [2, 0, 0] and s.points[:4] == [0, 1, 2, 1]
    assert s.requests == [["I-4", 1]] and s.table[0] == ["S-01", 1] and len(s.table) == 7
    assert "request 1" in [str(a) for a in s.legal_actions(0)]
    view = s.view(0)
    assert view["requests"][0]["invested"] == 1 and view["decks"] == {"events": 6, "solutions": 15}


def test_a_position_sets_up_the_same_state_again():
    """Every field but the step, the chance stream and the log comes back."""
    game = load_game("sustain", players=4, variant="traffic_crisis")
    for seed in range(3):
        state = random_playout(game, seed)
        again_ = read_position(dump_position(state), game)
        mine, theirs = state.to_json()["state"], again_.to_json()["state"]
        for fields in (mine, theirs):
            del fields["step"], fields["rng"], fields["log"]
        assert theirs == mine


def test_a_position_in_the_middle_of_an_investment_keeps_the_space_chosen():
    s = again(new(), phase="coins", turn=1, passed=[], chosen="invest 2")
    assert [str(a) for a in s.legal_actions(0)] == ["coins 1", "coins 2", "coins 3"]
    assert position_of(s)["chosen"] == "invest 2"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"event_deck": ["I-2", "I-3"]}, r"10 Event cards: deck 2 \+ discard 1 .* = 3 \(missing: I-10, I-4"),
        ({"event_discard": ["I-1", "I-2"]}, r"twice: I-2"),
        ({"solutions": [{"card": "S-01", "coins": 9}]}, r"24 Solution cards: .*missing: S-04, S-11"),
        ({"pollution": 9}, r"Pollution is on square 9; the track's squares are 0 to 7"),
        ({"unhappy_population": 11}, r"Unhappy Population table holds 11 marks; it has 10 squares"),
        ({"coins": [5, -1, 5]}, r"player 2 holds -1 Coins"),
        ({"coins": [5, 5]}, r"coins gives 2 values for 3 players"),
        ({"departments": ["mobility", "mobility", "economy"]}, r"each player runs a different one"),
        (
            {"departments": ["traffic", "mobility", "economy"]},
            r"field 'departments': no Department 'traffic'",
        ),
        (
            {"city_map": [{"space": "B2", "building": "residential_houses", "people": 5}]},
            r"B2 holds 5 people",
        ),
        ({"city_map": [{"space": "B2", "building": "bus_stop"}]}, r"Bus Stop is drawn on B2, a square"),
        ({"city_map": [{"space": "Z9", "building": "park"}]}, r"field 'city_map': no space 'Z9'"),
        ({"chosen": "invest 2"}, r"an investment space is chosen exactly in the coins phase"),
        ({"phase": "coins", "chosen": "invest 9"}, r"the space chosen \(invest 9\) is not on the table"),
        ({"phase": "coins", "chosen": "pass"}, r"field 'chosen': an investment space is chosen with fund"),
        ({"phase": "build"}, r"a Building waits to be drawn exactly in the build phase"),
        ({"phase": "build", "to_draw": {"building": "park", "solution": "S-04"}}, r"twice: S-04"),
        ({"phase": "dinner"}, r"field 'phase'"),
        ({"money": 3}, r"field 'money': Extra inputs are not permitted"),
    ],
)
def test_an_impossible_position_is_refused_saying_what_is_wrong(fields, message):
    with pytest.raises(PositionError, match=message):
        load_position(position_of(new()) | fields)
