"""Joint Political decisions, disease control, losing conditions, growth, the next round, the end."""

import pytest

from loopcity.engine import IllegalAction
from loopcity.games.reclaim import politics
from loopcity.games.reclaim.board import CONTRACTOR, FOOD, HOUSING, MIXED, NPK

from .conftest import fixed_rolls, legal_texts, turn_of


def _to_politics(st):
    st.go_on("politics")
    st._legal = {}


def _all_done(st):
    for s in range(4):
        if not st.pol_done[s] and st.phase == "politics":
            st.apply(s, "done")


def test_political_decisions_after_the_contractors_turn(st):
    seat = turn_of(st, CONTRACTOR)
    st.apply(seat, "role farming")
    st.apply(seat, "end_turn")
    assert st.phase == "politics" and st.active_seats() == (0, 1, 2, 3)


def test_food_import_for_every_unfed_block_is_mandatory(st):
    st.res[8][FOOD] = 1  # 3 blocks: 2 unfed
    st.res[9][FOOD] = 3
    st.costs["food"] = 250
    _to_politics(st)
    assert politics.food_import_cost(st) == 500
    fixed_rolls(st, *[1] * 20)
    st.city = 600
    _all_done(st)
    assert st.city == 100 and st.res[8][FOOD] == 3 and not st.lost


def test_hunger_when_the_food_cannot_be_paid(st):
    st.res[8][FOOD] = 0
    st.res[9][FOOD] = 0
    st.costs["food"] = 300
    _to_politics(st)
    _all_done(st)
    assert st.phase == "over" and "hunger" in st.lost
    assert st.outcome().team_won is False and st.outcome().winners == ()


def test_players_may_add_their_own_coins_to_the_city_budget(st):
    _to_politics(st)
    st.apply(2, "fund")
    assert st.coins[2] == 900 and st.city == 600


def test_npk_import_is_optional_and_placed_on_a_farm(st):
    _to_politics(st)
    st.costs["npk"] = 150
    st.apply(0, "propose npk 5")
    st.apply(1, "vote yes")
    st.apply(2, "vote yes")
    st.apply(3, "vote no")
    assert st.res[5][NPK] == 3 and st.city == 350


def test_a_proposal_needs_a_majority(st):
    _to_politics(st)
    st.apply(0, "propose npk 5")
    st.apply(1, "vote yes")
    st.apply(2, "vote no")
    st.apply(3, "vote no")
    assert st.res[5][NPK] == 2 and st.city == 500 and st.rejections[0] == 1


def test_vaccination_removes_a_disease_at_its_cost(st):
    st.disease[8] = 2
    st.costs["vaccination"] = 300
    _to_politics(st)
    st.apply(1, "propose vaccinate 8")
    for s in (0, 2, 3):
        st.apply(s, "vote yes")
    assert st.disease[8] == 1 and st.city == 200


def test_dumping_residual_waste_into_water(st):
    st.res[8][MIXED] = 2
    st.costs["dump"] = 50
    _to_politics(st)
    st.apply(0, "propose dump 8")
    for s in (1, 2, 3):
        st.apply(s, "vote yes")
    water = [h for h, t in enumerate(st.terrain) if t == "water"]
    assert st.res[8][MIXED] == 1 and sum(st.res[h][MIXED] for h in water) == 1 and st.city == 450


def test_a_decision_the_city_cannot_pay_is_refused(st):
    st.city = 50
    st.costs["npk"] = 100
    _to_politics(st)
    assert "propose npk 5" not in legal_texts(st, 0)
    with pytest.raises(IllegalAction, match="City budget"):
        st.apply(0, "propose npk 5")


def test_disease_control_one_roll_per_remaining_waste(st):
    st.res[8][MIXED] = 3
    for h in (14, 17):
        st.res[h][MIXED] = 1
    _to_politics(st)
    rolls = fixed_rolls(st, 6, 1, 5)  # faces: 6 and 5 are disease
    _all_done(st)
    assert not rolls
    assert st.disease[8] == 2 and st.res[8][MIXED] == 1


def test_a_water_hexagon_holding_four_waste_rolls_for_disease(st):
    st.res[14][MIXED] = 4
    _to_politics(st)
    fixed_rolls(st, 6)
    _all_done(st)
    assert st.disease[14] == 1 and st.res[14][MIXED] == 4


def test_lost_when_every_water_hexagon_is_fully_polluted(st):
    for h in (14, 17, 18):
        st.res[h][MIXED] = 4
    _to_politics(st)
    fixed_rolls(st, 1, 1, 1)
    _all_done(st)
    assert st.lost == "pollution"


def test_lost_with_four_or_more_disease(st):
    st.disease[8] = 3
    st.disease[5] = 1
    _to_politics(st)
    _all_done(st)
    assert st.lost == "disease"


def test_three_diseases_do_not_lose(st):
    st.disease[8] = 3
    _to_politics(st)
    _all_done(st)
    assert not st.lost and st.phase == "growth"


def test_growth_one_new_level_0_block_per_three_blocks(st):
    _to_politics(st)
    _all_done(st)
    assert st.phase == "growth" and st.growth_left == 2  # 6 blocks on the board
    seat = st.active_seats()[0]
    st.apply(seat, "place_block 8")
    st.apply(seat, "place_block 9")
    assert st.blocks[8] == [4, 0, 0] and st.blocks[9] == [1, 3, 0] and st.round == 2


def test_full_urban_areas_turn_a_rural_hexagon_or_a_farm_urban(st):
    st.blocks[4] = [4, 0, 0]
    st.blocks[8] = [4, 0, 0]
    st.blocks[9] = [0, 4, 0]
    for h in (4, 8, 9):
        st.res[h][FOOD] = 4
    _to_politics(st)
    _all_done(st)
    seat = st.active_seats()[0]
    legal = legal_texts(st, seat)
    assert "urbanize 10" in legal and "urbanize 5" in legal  # a Rural hexagon, or a Farm
    assert "urbanize 13" not in legal and "urbanize 0" not in legal  # not Wetland or Mountain
    st.apply(seat, "urbanize 5")
    assert st.terrain[5] == "urban" and st.farm_level[5] == 0 and st.blocks[5] == [1, 0, 0]


def test_roles_rotate_left_and_housing_still_starts(st):
    _to_politics(st)
    _all_done(st)
    while st.phase == "growth":
        seat = st.active_seats()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    assert st.roles == [3, 0, 1, 2]
    assert st.active_seats() == (1,) and st.turn_role == HOUSING


def test_new_budget_each_round_and_unspent_money_is_kept(st):
    st.coins = [100, 200, 300, 400]
    st.city = 500
    _to_politics(st)
    _all_done(st)
    while st.phase == "growth":
        seat = st.active_seats()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    assert st.coins == [1100, 1200, 1300, 1400]
    assert st.city == 500 + 500


def test_cost_cards_change_each_round_within_their_ranges(game):
    seen = set()
    for seed in range(12):
        st = game.new_state(seed)
        st.go_on("politics")
        st.draw_costs()
        seen.add(st.costs["food"])
        assert 200 <= st.costs["food"] <= 300 and 100 <= st.costs["npk"] <= 200
    assert len(seen) > 1


def test_the_game_ends_after_four_rounds(st):
    st.round = 4
    _to_politics(st)
    _all_done(st)
    assert st.phase == "over" and st.outcome().team_won


def test_capacities_reset_each_round(st):
    st.plants[0][2] = 4
    st.farm_used[5] = 2
    _to_politics(st)
    _all_done(st)
    while st.phase == "growth":
        seat = st.active_seats()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    assert st.plants[0][2] == 0 and st.farm_used[5] == 0


def test_max_four_housing_blocks_per_urban_hexagon(st):
    st.blocks[8] = [4, 0, 0]
    st.res[8][FOOD] = 4
    _to_politics(st)
    _all_done(st)
    seat = st.active_seats()[0]
    assert "place_block 8" not in legal_texts(st, seat) and "place_block 9" in legal_texts(st, seat)


def test_growth_refusals_say_why_and_change_nothing(st):
    st.blocks[8] = [4, 0, 0]
    st.res[8][FOOD] = 4
    _to_politics(st)
    _all_done(st)
    seat = st.active_seats()[0]
    before = st.state_hash()
    with pytest.raises(IllegalAction, match="fewer than 4"):
        st.apply(seat, "place_block 8")
    with pytest.raises(IllegalAction, match="every Urban area is full"):
        st.apply(seat, "urbanize 10")
    assert st.state_hash() == before
