"""The Round: Social Housing Upkeep, the Event's die roll, the Maximum Waste check, progression."""

import pytest

from loopcity.games.resourced.board import RING_CELLS

from .helpers import empty_hands, legal, new_game, place, set_hand, set_waste


def _upkeep_state(housing: int, players: int = 4):
    st = new_game(players)
    for c in RING_CELLS[2][: housing - 1]:
        place(st, c, "social_housing")
    st.queue = []
    st.phase = "auto"
    st.round = 1
    st.queue = [("upkeep_waste",), ("supply", 3), ("supply", 4), ("penalty",), ("turn", 0), ("round_end",)]
    st._advance()
    return st


@pytest.mark.parametrize("housing", [1, 2, 3])
def test_upkeep_wastes_two_bank_cards_per_social_housing(housing):
    st = _upkeep_state(housing)
    assert st.phase == "upkeep_waste" and st.active_seats() == (0,)
    bank = sum(st.bank)
    for _ in range(2 * housing):
        st.apply(0, "waste metal")
    assert sum(st.bank) == bank - 2 * housing
    assert st.waste == [1] * (2 * housing)
    assert st.phase == "supply"


def test_upkeep_types_are_chosen_by_the_players():
    st = _upkeep_state(1)
    assert legal(st) == [f"waste {r}" for r in ("wood", "metal", "compost", "food", "water")]


def test_upkeep_three_housing_sources_three_food_and_three_water():
    st = _upkeep_state(3)
    for _ in range(6):
        st.apply(0, "waste wood")
    set_hand(st, 1, food=2, water=3)
    set_hand(st, 2, food=1)
    assert st.phase == "supply" and st.ctx["res"] == 3
    st._legal = {}
    assert sorted(legal(st)) == ["supply 1", "supply 2", "supply 3", "supply 4"]
    for who in (1, 1, 2):
        st.apply(0, f"supply {who + 1}")
    assert st.ctx["res"] == 4
    for who in (0, 1, 1):
        st.apply(0, f"supply {who + 1}")
    assert st.missed == 0
    # no Composter: the six cards are Wasted, after the six from the bank
    assert st.waste.count(3) == 3 and st.waste.count(4) == 3


def test_upkeep_missed_food_and_water_are_wasted_collectively():
    st = _upkeep_state(3)
    for _ in range(6):
        st.apply(0, "waste wood")
    empty_hands(st)
    set_hand(st, 0, food=1, water=2, metal=5)
    st._legal = {}
    st.apply(0, "supply 1")  # 1 food; 2 food are missed
    st.apply(0, "supply 1")
    st.apply(0, "supply 1")  # 2 water; 1 water is missed
    assert st.phase == "penalty" and st.ctx["left"] == 3
    assert legal(st) == ["shed 1 metal"]
    for _ in range(3):
        st.apply(0, "shed 1 metal")
    assert st.hands[0][1] == 2 and st.waste.count(1) == 3


def test_upkeep_penalty_comes_from_the_bank_when_no_one_holds_a_card():
    st = _upkeep_state(1)
    empty_hands(st)
    st.apply(0, "waste wood")
    st.apply(0, "waste wood")
    assert st.phase == "penalty" and st.ctx["left"] == 2  # 1 Food and 1 Water missed
    assert legal(st)[0] == "waste wood"
    st.apply(0, "waste compost")
    st.apply(0, "waste compost")
    assert st.waste == [0, 0, 2, 2] and st.phase == "action"


def _roll_event(st, roll):
    """Run the Event with a forced die roll and record which pile was drawn."""
    st.roll = lambda sides, what: roll
    drawn = []
    st.draw_from = lambda items, what, seats=None: (
        (drawn.append(tuple(items)) if "Event" in what else 0) or items[0]
    )
    st.phase = "auto"
    st.queue = [("event",), ("turn", 0), ("round_end",)]
    st._advance()
    return drawn[0]


@pytest.mark.parametrize("roll,good", [(1, True), (3, True), (4, False), (6, False)])
def test_die_roll_example_seven_waste_is_low(roll, good):
    st = new_game()
    set_waste(st, *["wood"] * 7)
    pile = _roll_event(st, roll)
    assert (pile == st.tables.good_events) is good


@pytest.mark.parametrize("roll,good", [(1, True), (2, False), (5, False)])
def test_die_roll_example_nineteen_waste_is_high(roll, good):
    st = new_game()
    set_waste(st, *["wood"] * 10, *["metal"] * 9)
    pile = _roll_event(st, roll)
    assert (pile == st.tables.good_events) is good


@pytest.mark.parametrize(
    "waste,condition,good",
    [
        (0, "Zero Waste", 4),
        (5, "Zero Waste", 4),
        (6, "Low Waste", 3),
        (12, "Moderate Waste", 2),
        (18, "High Waste", 1),
        (24, "Maximum Waste", 0),
    ],
)
def test_waste_table(waste, condition, good):
    st = new_game()
    assert st.tables.waste_condition(waste) == (good, condition)


def test_event_cards_are_shuffled_back_so_piles_never_shrink():
    st = new_game()
    seen = []
    for _ in range(30):
        st.draw_from = lambda items, what, seats=None: (
            (seen.append(len(items)) if "Event" in what else 0) or items[0]
        )
        st.roll = lambda sides, what: 6
        st.phase = "auto"
        st.queue = [("event",), ("turn", 0), ("round_end",)]
        st._advance()
    assert set(seen) == {6}


def _end_round(st):
    st.phase = "auto"
    st.queue = [("round_end",)]
    st._advance()


def test_maximum_waste_at_round_end_loses():
    st = new_game()
    set_waste(st, *["wood"] * 12, *["metal"] * 12)
    _end_round(st)
    assert st.is_terminal() and st.outcome().cause == "maximum waste" and not st.outcome().team_won


def test_waste_below_maximum_at_round_end_goes_on():
    st = new_game()
    set_waste(st, *["wood"] * 12, *["metal"] * 11)
    _end_round(st)
    assert not st.is_terminal() and st.round == 2


def test_maximum_waste_during_a_round_can_still_be_removed():
    st = new_game()
    set_waste(st, *["wood"] * 12, *["metal"] * 13)
    st._recycle(5)
    _end_round(st)
    assert not st.is_terminal()


def test_ring3_opens_with_three_social_housing_and_zero_waste():
    st = new_game()
    place(st, 7, "social_housing")
    place(st, 8, "social_housing")
    _end_round(st)
    assert st.ring == 3 and not st.is_terminal()


def test_ring3_stays_closed_with_waste_left():
    st = new_game()
    place(st, 7, "social_housing")
    place(st, 8, "social_housing")
    set_waste(st, "wood")
    _end_round(st)
    assert st.ring == 2


def test_ring3_stays_closed_with_two_social_housing():
    st = new_game()
    place(st, 7, "social_housing")
    _end_round(st)
    assert st.ring == 2


def test_win_with_six_social_housing_and_zero_waste_in_ring3():
    st = new_game()
    st.ring = 3
    for c in (7, 8, 19, 20, 21):
        place(st, c, "social_housing")
    _end_round(st)
    assert st.is_terminal() and st.outcome().team_won
    assert st.outcome().winners == (0, 1, 2, 3)


def test_six_housing_in_ring2_first_opens_ring3_then_wins_a_round_later():
    st = new_game()
    for c in (7, 8, 9, 10, 11):
        place(st, c, "social_housing")
    _end_round(st)
    assert st.ring == 3 and not st.is_terminal()
    st.phase = "auto"
    st.queue = [("round_end",)]
    st._advance()
    assert st.outcome().team_won


def test_round_limit_twenty_loses():
    st = new_game()
    st.round = 20
    set_waste(st, "wood")
    _end_round(st)
    assert st.outcome().cause == "round limit"


def test_alternate_difficulty_wins_by_opening_ring3():
    st = new_game(variant="alternate")
    place(st, 7, "social_housing")
    place(st, 8, "social_housing")
    _end_round(st)
    assert st.outcome().team_won


def test_alternate_difficulty_loses_after_ten_rounds():
    st = new_game(variant="alternate")
    st.round = 10
    _end_round(st)
    assert st.outcome().cause == "round limit" and st.max_rounds == 10
