"""Joint Political decisions, disease control, losing conditions, growth, the next round, the end."""

import pytest

from loopcity.engine import IllegalAction
from loopcity.games.reclaim import politics
from loopcity.games.reclaim.board import FOOD, HOUSING, MIXED, NPK

from .helpers import fixed_rolls, legal_texts, seat_of, table


def politics_table(**fields):
    """A table at the Joint Political decisions, after the Contractor's turn."""
    return table(phase="politics", turn="contractor", plays="farming", **fields)


def _all_done(st):
    for s in range(4):
        if not st.pol_done[s] and st.phase == "politics":
            st.apply(s, "done")


def _grow(st):
    while st.phase == "growth":
        seat = st.active_seats()[0]
        st.apply(seat, st.legal_actions(seat)[0])


def test_political_decisions_after_the_contractors_turn():
    st = table(turn="contractor", stage="role")
    seat = seat_of(st, "contractor")
    st.apply(seat, "role farming")
    st.apply(seat, "end_turn")
    assert st.phase == "politics" and st.active_seats() == (0, 1, 2, 3)


def test_food_import_for_every_unfed_block_is_mandatory():
    st = politics_table(hexagons={8: {"food": 1}, 9: {"food": 3}}, cost_cards={"food": 250}, city_budget=600)
    assert politics.food_import_cost(st) == 500  # 3 blocks on hex 8: 2 unfed
    fixed_rolls(st, *[1] * 20)
    _all_done(st)
    assert st.city == 100 and st.res[8][FOOD] == 3 and not st.lost


def test_hunger_when_the_food_cannot_be_paid():
    st = politics_table(hexagons={8: {"food": 0}, 9: {"food": 0}}, cost_cards={"food": 300})
    _all_done(st)
    assert st.phase == "over" and "hunger" in st.lost
    assert st.outcome().team_won is False and st.outcome().winners == ()


def test_players_may_add_their_own_coins_to_the_city_budget():
    st = politics_table()
    st.apply(2, "fund")
    assert st.coins[2] == 900 and st.city == 600


def test_npk_import_is_optional_and_placed_on_a_farm():
    st = politics_table(cost_cards={"npk": 150})
    st.apply(0, "propose npk 5")
    assert legal_texts(st, 0) == {"units 1", "units 2"}  # room for 2 more NPK on the Farm
    st.apply(0, "units 2")
    st.apply(1, "vote yes")
    st.apply(2, "vote yes")  # 3 of 4: carried, seat 4 need not answer
    assert st.res[5][NPK] == 4 and st.city == 200 and st.ballot is None


def test_a_proposal_needs_a_majority():
    st = politics_table()
    st.apply(0, "propose npk 5")
    st.apply(0, "units 1")
    st.apply(1, "vote yes")
    st.apply(2, "vote no")
    st.apply(3, "vote no")
    assert st.res[5][NPK] == 2 and st.city == 500 and st.rejections[0] == 1


def test_vaccination_removes_a_disease_at_its_cost():
    st = politics_table(hexagons={8: {"disease": 2}}, cost_cards={"vaccination": 300})
    st.apply(1, "propose vaccinate 8")  # the City budget pays for one: no choice of units
    for s in (0, 2):
        st.apply(s, "vote yes")
    assert st.disease[8] == 1 and st.city == 200


def test_dumping_residual_waste_into_water():
    st = politics_table(hexagons={8: {"mixed_waste": 2}}, cost_cards={"dump": 50})
    st.apply(0, "propose dump 8")
    st.apply(0, "units 1")
    for s in (1, 2):
        st.apply(s, "vote yes")
    water = [h for h, t in enumerate(st.terrain) if t == "water"]
    assert st.res[8][MIXED] == 1 and sum(st.res[h][MIXED] for h in water) == 1 and st.city == 450


def test_a_decision_the_city_cannot_pay_is_refused():
    st = politics_table(city_budget=50, cost_cards={"npk": 100})
    assert "propose npk 5" not in legal_texts(st, 0)
    with pytest.raises(IllegalAction, match="City budget"):
        st.apply(0, "propose npk 5")


def test_disease_control_one_roll_per_remaining_waste():
    st = politics_table(hexagons={8: {"mixed_waste": 3}, 14: {"mixed_waste": 1}})  # hex 14: Water
    rolls = fixed_rolls(st, 6, 1, 5)  # faces: 6 and 5 are disease
    _all_done(st)
    assert not rolls
    assert st.disease[8] == 2 and st.res[8][MIXED] == 1


def test_a_water_hexagon_holding_four_waste_rolls_for_disease():
    st = politics_table(hexagons={14: {"mixed_waste": 4}})
    fixed_rolls(st, 6)
    _all_done(st)
    assert st.disease[14] == 1 and st.res[14][MIXED] == 4


def test_lost_when_every_water_hexagon_is_fully_polluted():
    water = [h for h, t in enumerate(politics_table().terrain) if t == "water"]
    st = politics_table(hexagons={h: {"mixed_waste": 4} for h in water})
    fixed_rolls(st, *[1] * len(water))
    _all_done(st)
    assert st.lost == "pollution"


def test_lost_with_four_or_more_disease():
    st = politics_table(hexagons={8: {"disease": 3}, 5: {"disease": 1}})
    _all_done(st)
    assert st.lost == "disease"


def test_three_diseases_do_not_lose():
    st = politics_table(hexagons={8: {"disease": 3}})
    _all_done(st)
    assert not st.lost and st.phase == "growth"


def test_growth_one_new_level_0_block_per_three_blocks():
    st = politics_table()
    _all_done(st)
    assert st.phase == "growth" and st.growth_left == 2  # 6 blocks on the board
    seat = st.active_seats()[0]
    st.apply(seat, "place_block 8")  # the table decides: 2 for, 2 against, and a tie carries it
    for s, choice in ((seat + 1, "yes"), (seat + 2, "no"), (seat + 3, "no")):
        st.apply(s % 4, f"vote {choice}")
    assert st.blocks[8] == [4, 0, 0]
    st.apply(seat, "place_block 9")  # hex 4 or 9 are left: a majority against rejects hex 9
    for s in (seat + 1, seat + 2, seat + 3):
        st.apply(s % 4, "vote no")
    assert st.growth_rejected == [9] and st.blocks[9] == [0, 3, 0]
    assert legal_texts(st, seat) == {"place_block 4"}
    st.apply(seat, "place_block 4")  # the last hexagon left: placed without a vote
    assert st.blocks[4] == [1, 0, 0] and st.round == 2


def test_full_urban_areas_turn_a_rural_hexagon_or_a_farm_urban():
    full = {"food": 4}
    st = politics_table(
        hexagons={
            4: {"housing_blocks": [4, 0, 0], **full},
            8: {"housing_blocks": [4, 0, 0], **full},
            9: {"housing_blocks": [0, 4, 0], **full},
        }
    )
    _all_done(st)
    seat = st.active_seats()[0]
    legal = legal_texts(st, seat)
    assert "urbanize 10" in legal and "urbanize 5" in legal  # a Rural hexagon, or a Farm
    assert "urbanize 13" not in legal and "urbanize 0" not in legal  # not Wetland or Mountain
    st.apply(seat, "urbanize 5")
    for s in range(4):  # a Farm while free Rural hexagons are left: a majority must decide it
        if s != seat and st.ballot is not None:
            st.apply(s, "vote yes")
    assert st.terrain[5] == "urban" and st.farm_level[5] == 0 and st.blocks[5] == [1, 0, 0]


def test_roles_rotate_left_and_housing_still_starts():
    st = politics_table()
    _all_done(st)
    _grow(st)
    assert st.roles == [3, 0, 1, 2]
    assert st.active_seats() == (1,) and st.turn_role == HOUSING


def test_new_budget_each_round_and_unspent_money_is_kept():
    st = politics_table(seats={s: {"coins": 100 * (s + 1)} for s in range(4)}, city_budget=500)
    _all_done(st)
    _grow(st)
    assert st.coins == [1100, 1200, 1300, 1400]
    assert st.city == 500 + 500


def test_cost_cards_change_each_round_within_their_ranges(game):
    seen = set()
    for seed in range(12):
        st = game.new_state(seed)
        st.draw_costs()
        seen.add(st.costs["food"])
        assert 200 <= st.costs["food"] <= 300 and 100 <= st.costs["npk"] <= 200
    assert len(seen) > 1


def test_the_game_ends_after_four_rounds():
    st = politics_table(round=4)
    _all_done(st)
    assert st.phase == "over" and st.outcome().team_won


def test_capacities_reset_each_round():
    st = politics_table(
        treatment_plants=[{"hex": 4, "level": 0, "treated": 4}], hexagons={5: {"farm_conversions": 2}}
    )
    _all_done(st)
    _grow(st)
    assert st.plants[0][2] == 0 and st.farm_used[5] == 0


def test_max_four_housing_blocks_per_urban_hexagon():
    st = politics_table(hexagons={8: {"housing_blocks": [4, 0, 0], "food": 4}})
    _all_done(st)
    seat = st.active_seats()[0]
    assert "place_block 8" not in legal_texts(st, seat) and "place_block 9" in legal_texts(st, seat)


def test_growth_refusals_say_why_and_change_nothing():
    st = politics_table(hexagons={8: {"housing_blocks": [4, 0, 0], "food": 4}})
    _all_done(st)
    seat = st.active_seats()[0]
    before = st.state_hash()
    with pytest.raises(IllegalAction, match="fewer than 4"):
        st.apply(seat, "place_block 8")
    with pytest.raises(IllegalAction, match="every Urban area is full"):
        st.apply(seat, "urbanize 10")
    assert st.state_hash() == before


# ----- the Food import comes first; no limit on proposals ----------------------------------------------
def test_the_food_import_is_paid_as_the_decisions_open_before_any_optional_spending():
    """Rulebook, Joint Political decisions: "Import Food: all Housing blocks that have not received Food
    from the Farms *must import Food*" (listed first; NPK is "(optional)"). The City budget pays it as
    the session opens, so a majority cannot spend the money first and leave the city hungry."""
    st = table(
        turn="contractor",
        stage="role",
        city_budget=700,
        cost_cards={"food": 250, "npk": 100},
        hexagons={8: {"food": 1}},
    )
    seat = seat_of(st, "contractor")
    st.apply(seat, "role farming")
    st.apply(seat, "end_turn")
    assert st.phase == "politics"
    assert st.res[8][FOOD] == 3 and st.city == 200  # 2 unfed blocks fed at once, 500 C paid
    assert any("The Food import comes first" in str(line) for _s, _k, line, _w in st.log)


def test_while_food_is_owed_nothing_else_is_proposed_and_added_coins_pay_it_first():
    st = table(
        turn="contractor",
        stage="role",
        city_budget=300,
        cost_cards={"food": 250, "npk": 100},
        hexagons={8: {"food": 0}},
    )
    seat = seat_of(st, "contractor")
    st.apply(seat, "role farming")
    st.apply(seat, "end_turn")
    assert st.res[8][FOOD] == 1 and st.city == 50 and politics.food_short(st) == 450
    assert not [a for a in legal_texts(st, 0) if a.startswith("propose")]
    with pytest.raises(IllegalAction, match="Food import comes first"):
        st.apply(0, "propose npk 5")
    st.apply(1, "contribute 450")  # what the import still lacks, in one step
    assert st.res[8][FOOD] == 3 and st.city == 0 and politics.food_short(st) == 0


def test_no_limit_on_proposals_only_an_identical_rejected_one_is_refused():
    """ "all players discuss which (if any) ... are needed": a player whose proposals were rejected twice
    may still propose vaccination with Disease on the board; the same rejected proposal (decision, hexagon,
    units) is not put again that round."""
    st = politics_table(
        city_budget=3000, cost_cards={"npk": 100, "vaccination": 300}, hexagons={3: {"disease": 1}}
    )
    for _ in range(2):
        before = legal_texts(st, 0)
        npk = min(a for a in before if a.startswith("propose npk"))
        st.apply(0, npk)
        if st.proposing is not None:
            st.apply(0, "units 1")
        for s in (1, 2, 3):
            st.apply(s, "vote no")
    assert st.rejections[0] == 2
    assert "propose vaccinate 3" in legal_texts(st, 0)  # no cap blocks a needed proposal
    st.apply(0, "propose vaccinate 3")
    for s in (1, 2, 3):
        st.apply(s, "vote no")
    assert "propose vaccinate 3" not in legal_texts(st, 0)  # the identical proposal, rejected: refused
    with pytest.raises(IllegalAction, match="rejected that proposal this round"):
        st.apply(0, "propose vaccinate 3")


def test_dumping_is_paid_per_unit_of_waste_dumped():
    """Interpretation 23: the Cost card's "cost per dumping action" is paid for each unit dumped, as
    the other three decisions are priced per unit: 2 units at 50 C cost 100 C."""
    st = politics_table(hexagons={8: {"mixed_waste": 2}}, cost_cards={"dump": 50})
    st.apply(0, "propose dump 8")
    st.apply(0, "units 2")
    for s in (1, 2):
        st.apply(s, "vote yes")
    assert st.res[8][MIXED] == 0 and st.city == 400
