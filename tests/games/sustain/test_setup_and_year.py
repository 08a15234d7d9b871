"""Setup and the automatic steps of a year (1 adjust, 2 people, 3 budget, 4 events, 5 solutions)."""

from __future__ import annotations

import pytest

from loopcity import load_game
from loopcity.engine import OptionError
from loopcity.games.sustain.year import ATTRACT, LIVING, POLLUTION

from .helpers import again, event_deck, full_housing, new


# ----------------------------------------------------------------- setup
def test_setup_cubes_start_on_the_lowest_square_of_each_track():
    assert new().track == [0, 0, 0, 0]


def test_setup_scenario_1_decks_are_not_shuffled():
    s = new()
    sc = s.tables.scenarios["first_game"]
    assert s.drawn == ["I-1"] and s.event_deck == sc.events[1:]
    assert [e[0] for e in s.table] == sc.solutions[:3] and s.sol_deck == sc.solutions[3:]


@pytest.mark.parametrize("variant", ["first_game", "traffic_crisis", "housing_boom"])
def test_setup_take_the_scenarios_decks_without_shuffling_them_card_1_on_top(variant):
    """Complete rules, Setup: "Take the Event and Solution decks for the Scenario you are about to
    play and place them on the table without shuffling them, make sure the card with the "1" is on
    top of the deck." """
    for seed in (0, 1):
        s = new(variant=variant, seed=seed)
        scenario = s.tables.scenarios[variant]
        assert scenario.events[0].endswith("-1") and scenario.solutions  # the "1" card is listed first
        assert s.drawn == scenario.events[: len(s.drawn)] and s.drawn[0] == scenario.events[0]
        assert s.drawn + s.event_deck == scenario.events
        assert [e[0] for e in s.table] + s.sol_deck == scenario.solutions
        assert not [line for line in s.log if "shuffled" in line[2] and "Department" not in line[2]]


def test_shuffled_decks_option_keeps_the_end_card_near_the_bottom():
    orders = set()
    for seed in range(12):
        s = new(variant="traffic_crisis", seed=seed, decks="shuffled")
        deck = s.drawn + s.event_deck
        orders.add(tuple(deck))
        window = s.tables.scenarios["traffic_crisis"].end_window
        assert deck.index("II-12") >= len(deck) - window
    assert len(orders) > 1


def test_setup_unassigned_departments_are_open_to_every_player():
    s = new(players=3)
    assert [s.owner[d] for d in range(6)] == [0, 1, 2, -1, -1, -1]
    assert all(s.may_fund(seat, 4) for seat in range(3))
    assert not s.may_fund(0, 1)


def test_setup_first_player_holds_token_I11():
    v = new().view(0)
    assert v["first_player_token"] == "I-11"


def test_first_round_starts_at_events():
    s = new()
    start = s.content.map.preprinted
    assert s.round == 1 and s.phase == "discussion"
    assert s.co2 == 0 and s.track == [0, 0, 0, 0]  # no step 1
    assert sum(s.people) == sum(p.people for p in start)  # no step 2
    assert s.drawn == ["I-1"] and len(s.table) == 3  # steps 4 and 5 ran
    # the starting budget (8 over 3 players: 2 each, 2 kept) plus I-1's 2 Coins each
    assert s.coins == [4, 4, 4] and s.reserve == 2


# ----------------------------------------------------------------- step 1
def test_step1_first_player_token_passes_left():
    s = again(new(), first_player=3)
    s.adjust_indicators()
    assert s.first == 0


def test_step1_two_unhappy_people_lower_standard_of_living_by_one():
    s = again(new(), standard_of_living=3, unhappy_population=2)
    s.adjust_indicators()
    assert s.track[LIVING] == 2


def test_step1_standard_of_living_moves_attractiveness():
    s = again(new(), standard_of_living=7, attractiveness=3)
    s.adjust_indicators()
    assert s.track[ATTRACT] == 3 + s.tables.board.living_to_attractiveness[7]


def test_step1_is_read_top_to_bottom_unhappy_before_attractiveness():
    # Standard of Living 4 gives +1 Attractiveness, 3 gives 0; 2 Unhappy marks lower it to 3 first
    s = again(new(), standard_of_living=4, unhappy_population=2)
    board = s.tables.board
    s.adjust_indicators()
    assert board.living_to_attractiveness[4] != board.living_to_attractiveness[3]
    assert s.track[ATTRACT] == board.living_to_attractiveness[3]


def test_step1_transport_and_pollution_raise_co2():
    s = again(new(), sustainable_transport=1, pollution=5)
    board = s.tables.board
    s.adjust_indicators()
    assert s.co2 == board.transport_to_co2[1] + board.pollution_to_co2[5]


def test_step1_co2_lowers_standard_of_living_after_it_grows():
    board = new().tables.board
    first = next(i for i, v in enumerate(board.co2_to_living) if v < 0)
    # transport 0 and pollution 2: +1 and +1 marks
    s = again(new(), co2_accumulation=first - 1, standard_of_living=5, sustainable_transport=0, pollution=2)
    s.adjust_indicators()
    assert s.co2 == first + 1
    assert s.track[LIVING] == 5 + board.co2_to_living[first + 1]


def test_step1_indicators_stay_within_their_tracks():
    s = again(new(), standard_of_living=0, unhappy_population=8)
    s.adjust_indicators()
    assert s.track[LIVING] == 0
    s.move_track(ATTRACT, 99)
    assert s.track[ATTRACT] == s.tables.top


# ----------------------------------------------------------------- step 2
def test_step2_new_people_take_free_housing_spaces():
    s = again(new(), attractiveness=4)
    free = s.housing_free()
    grow = s.tables.board.growth[4]
    assert free >= grow
    s.people_increasing()
    assert s.housing_free() == free - grow and s.unhappy == 0


def test_step2_without_a_free_housing_space_a_person_marks_unhappy_population():
    s = again(new(), city_map=full_housing(new()), attractiveness=7)
    s.people_increasing()
    assert s.unhappy == s.tables.board.growth[7]


# ----------------------------------------------------------------- step 3
def test_step3_budget_shared_equally_and_remainder_kept_for_next_year():
    # budget 5 + 1 kept = 6 -> 1 each, 2 kept
    s = again(new(players=4), coins=[0, 0, 0, 0], reserve=1, standard_of_living=2)
    s.budget_allocation()
    assert s.coins == [1, 1, 1, 1] and s.reserve == 2


# ----------------------------------------------------------------- step 4
def test_step4_draw_until_a_card_says_stop():
    s = new()
    s.events()  # I-2 says draw another, I-3 stops
    assert s.drawn == ["I-2", "I-3"]


def test_step4_request_cards_stay_until_resolved_and_act_at_each_event_phase():
    s = again(new(), **event_deck(new(), "I-4", "I-1"))
    s.events()
    assert [r[0] for r in s.requests] == ["I-4"] and s.unhappy == 0
    s.events()
    assert s.unhappy == 1 and [r[0] for r in s.requests] == ["I-4"]


def test_step4_cards_in_play_act_in_the_event_phase_then_leave():
    s = again(new(), **event_deck(new(), "I-5", "I-3", "I-1"))
    s.events()
    assert s.track[POLLUTION] == 2 and s.lasting == [["I-5", 2]]
    s.events()
    s.events()
    assert s.track[POLLUTION] == 6 and s.lasting == [] and "I-5" in s.event_discard


def test_step4_condition_on_an_indicator():
    # Traffic jams only if Sustainable transport below 2
    s = again(new(), **event_deck(new(), "I-2", "I-3"), sustainable_transport=2)
    s.events()
    assert s.track[POLLUTION] == 0


def test_step4_the_card_that_ends_the_game_makes_this_the_last_year():
    s = again(new(), **event_deck(new(), "I-10"))
    s.events()
    assert s.final_year


# ----------------------------------------------------------------- step 5
def test_step5_three_solution_cards_join_the_unused_ones():
    s = new()
    before = [e[0] for e in s.table]
    s.solutions()
    assert [e[0] for e in s.table][:3] == before and len(s.table) == 6


@pytest.mark.parametrize("variant", ["first_game", "traffic_crisis", "housing_boom"])
def test_every_scenario_has_a_card_that_ends_the_game(variant):
    s = new(variant=variant)
    assert any(s.tables.events[e].ends_game for e in s.tables.scenarios[variant].events)


def test_three_to_six_players():
    for players in (3, 6):
        assert load_game("sustain", players=players).players == players
    for players in (2, 7):
        with pytest.raises(OptionError):
            load_game("sustain", players=players)


def test_one_department_each_out_of_six():
    s = new(players=6, deal="random")
    assert sorted(s.dept_of) == list(range(6)) and -1 not in s.owner


def test_scenario_1_is_the_default_and_its_order_does_not_depend_on_the_seed():
    a, b = new(seed=1), new(seed=99)
    assert a.scenario == "first_game"
    assert a.event_deck == b.event_deck and a.sol_deck == b.sol_deck


def test_step4_an_empty_event_deck_makes_this_the_last_year():
    s = new()
    s = again(s, event_deck=[], event_discard=s.event_discard + s.event_deck)
    s.events()
    assert s.final_year


def test_step4_request_penalty_acts_before_new_cards_are_drawn():
    s = new()  # I-8 on the table: Pollution +1 at each Event phase
    s = again(s, requests=[{"card": "I-8", "coins": 0}], event_deck=[e for e in s.event_deck if e != "I-8"])
    assert s.event_deck[0] == "I-2"  # Traffic jams: Pollution +1 if transport below 2, draws again
    s.events()
    assert s.track[POLLUTION] == 2 and s.drawn[:2] == ["I-2", "I-3"]


def test_an_unknown_scenario_is_refused_with_the_known_ones():
    with pytest.raises(OptionError, match="housing_boom"):
        load_game("sustain", scenario="no_such").new_state(0)
