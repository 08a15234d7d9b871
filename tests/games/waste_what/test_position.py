"""The position format: a hand-written position sets up, round-trips, and an impossible one is refused
with a message that says what is wrong."""

import tomllib
from pathlib import Path

import pytest

from loopcity import load_game
from loopcity.engine import PositionError, dump_position, load_position, next_seat, read_position
from loopcity.engine.testing import check_position

from .helpers import act, card, edit, end_round, fields_of, legal, new_game, position

HAND_WRITTEN = """
game = "waste_what"
seed = 3

round = 2
removed_skill = "construction"
event = "repair_cafe"
table = [9, 49, 55]
removed = [56, 57, 59]
co2_released = 1
sell_money = 2
bank = 5

[p1]
cash = 1
skills = { furniture = 2, textile = 1, bikes = 1 }

[p2]
cash = 2
skills = { food = 1, electronics = 1, creative = 2 }
storage = [27]
"""


def test_a_hand_written_position_sets_up_the_table_it_describes():
    s = read_position(HAND_WRITTEN)
    assert (s.round, s.event, s.co2, s.cash, s.bank) == (2, "repair_cafe", 1, [1, 2], 5)
    assert [s.card_name(c) for c in s.table] == ["Wobbly chair", "Broken toaster", "Chewing gum"]
    assert s.owner["creative"] == 1 and s.level["furniture"] == 2
    assert len(s.event_deck) == 19 and "repair_cafe" not in s.event_deck
    assert len(s.deck) == 66 - 3 - 3 - 1, "every other card of the Normal round is in the deck"
    assert "reuse 49 electronics" in legal(s), "the Repair café makes the toaster complexity 1"
    assert "reuse 27 food" in legal(s), "Stale bread, stored in an earlier round"


def test_the_position_in_the_game_doc_is_this_one():
    doc = (Path(__file__).parents[3] / "docs" / "games" / "waste_what.md").read_text()
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    assert read_position(example) == read_position(HAND_WRITTEN)


def test_a_position_written_out_sets_up_the_same_table_again():
    s = read_position(HAND_WRITTEN)
    again = read_position(dump_position(s, seed=3))
    assert again == s
    check_position(s)


def test_positions_round_trip_through_a_whole_heuristic_game():
    game = load_game("waste_what", variant="difficult")
    state = game.new_state(4)
    bot = game.spec.bots["heuristic"](game, 0, 4)
    while not state.is_terminal():
        check_position(state)
        seat = next_seat(state)
        state.apply(seat, bot.choose(state, seat))
    check_position(state)


def test_the_seed_in_the_header_drives_the_chance_that_follows():
    a, b = read_position(HAND_WRITTEN), read_position(HAND_WRITTEN)
    for s in (a, b):
        act(s, "burn 55")
        act(s, "store 9 p1")
        act(s, "store 49 p1")
        end_round(s)
    assert a.table == b.table and a.event == b.event


@pytest.mark.parametrize(
    "change,words",
    [
        ({"table": [9, 49, 55, 9]}, "card 9 in the table and the table"),
        ({"p1": {"cash": 1, "storage": [9]}}, "card 9 in the table and P1's Storage"),
        (
            {"deck": [0, 1, 2]},
            r"a card is missing: the game holds 78 cards: the Waste deck 3 \+ the table 3 \+ P2's Storage 1 "
            r"\+ out of the game 3 \+ the blank Combo cards 6 \+ the box .* 6 = 22; missing \[3, 4, 5,",
        ),
        ({"table": [9, 49, 55, 90]}, r"no such card: \[90\] \(cards are numbered 0 to 77\)"),
        ({"bank": 6}, r"10 money tokens: Cash Boxes 1 \+ 2 \+ bank 6 \+ Sell slots 2 = 11"),
        ({"removed_skill": "food"}, "the removed Skill card is not in play"),
        ({"co2_released": 3}, "the last CO2 token is released: the game is lost"),
        ({"round": 7}, "round 7 of 6"),
        ({"event": "heatwave"}, "no Event card 'heatwave'"),
        ({"burn": [56, 57, 59], "removed": []}, "3 cards on 3 Burn slots"),
        ({"sell_money": 3, "bank": 4}, "at most 1 money on each of the 2 Sell slots"),
        ({"p1": {"cash": 1, "skills": {"furniture": 6}}}, "Furniture at level 6: levels go from 1 to 5"),
        ({"used_skills": ["construction"]}, r"used Skill cards must be in play: \['construction'\]"),
    ],
)
def test_an_impossible_position_is_refused_saying_why(change, words):
    with pytest.raises(PositionError, match=words):
        load_position(tomllib.loads(HAND_WRITTEN) | change)


def test_a_misspelled_field_is_refused_naming_it():
    with pytest.raises(PositionError, match="co2_relased"):
        read_position(HAND_WRITTEN.replace("co2_released", "co2_relased"))


def test_a_skill_held_by_both_players_is_refused():
    with pytest.raises(PositionError, match="held by both players: food"):
        read_position(HAND_WRITTEN.replace("textile = 1, bikes = 1", "textile = 1, food = 3"))


def test_an_unknown_skill_is_refused_naming_the_skill_cards():
    with pytest.raises(PositionError, match="no Skill card 'cooking'"):
        read_position(HAND_WRITTEN.replace("food = 1,", "cooking = 1,"))


def test_a_card_stored_this_round_must_lie_in_that_storage():
    with pytest.raises(PositionError, match="not in this Storage"):
        read_position(HAND_WRITTEN + "stored_this_round = [9]\n")


def test_seats_are_players_one_and_two_in_a_position():
    s = load_game("waste_what").new_state(2)
    assert s.draft_turn == 0 and fields_of(s)["draft_turn"] == 1
    act(s, str(s.legal_actions(0)[0]))
    assert fields_of(s)["draft_turn"] == 2 and edit(s).active_seats() == (1,)


def test_a_combo_in_the_work_area_is_part_of_the_position():
    skills = {"textile": (0, 1), "furniture": (0, 3), "bikes": (0, 1), "food": (1, 1)}
    skills |= {"electronics": (1, 1), "creative": (1, 1)}
    s = position(new_game(), table=["Wobbly chair", "Scratched table", "Stale bread"], skills=skills)
    act(s, f"combo {card(s, 'Wobbly chair')}")
    act(s, f"combo {card(s, 'Scratched table')}")
    again = read_position(dump_position(s), s.game)
    assert (
        again.work
        == s.work
        == {
            "kind": "combo",
            "cards": [card(s, "Wobbly chair"), card(s, "Scratched table")],
            "origins": ["table", "table"],
            "by": 0,
        }
    )
    assert legal(again) == legal(s) and "combine furniture alone" in legal(s)
