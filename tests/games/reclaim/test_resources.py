"""Fetching, converting and sending resources; conversions and limits."""

import pytest

from loopcity.engine import IllegalAction
from loopcity.games.reclaim.board import (
    CONTRACTOR,
    FARMING,
    FOOD,
    HOUSING,
    MIXED,
    NPK,
    SEPARATED,
    SLUDGE,
    TREATMENT,
)
from loopcity.games.reclaim.transport import recompute_components

from .conftest import fixed_rolls, legal_texts, turn_of


def test_roads_carry_food_sludge_and_npk(st):
    b = st.tables
    assert (b.carrier[FOOD], b.carrier[SLUDGE], b.carrier[NPK]) == ("road", "road", "road")


def test_grey_carries_mixed_and_green_separated_waste(st):
    assert (st.tables.carrier[MIXED], st.tables.carrier[SEPARATED]) == ("grey", "green")


def test_resources_move_through_any_number_of_connected_hexagons(st):
    st.links += [(1, 5, "road"), (9, 10, "road"), (10, 11, "road")]
    recompute_components(st)
    assert st.comp["road"][1] == st.comp["road"][11]
    assert not st.comp["road"][1] == st.comp["road"][3]
    assert not st.comp["grey"][1] == st.comp["grey"][11]  # roads do not carry Waste


def test_farming_fetches_npk_along_roads(st):
    st.links.append((1, 5, "road"))
    recompute_components(st)
    seat = turn_of(st, FARMING)
    assert "move npk 1 5" in legal_texts(st, seat)
    assert "move npk 3 7" not in legal_texts(st, seat)  # no road there


def test_max_four_of_a_type_per_hexagon(st):
    st.links.append((1, 5, "road"))
    recompute_components(st)
    st.res[5][NPK] = 4
    seat = turn_of(st, FARMING)
    assert "move npk 1 5" not in legal_texts(st, seat)
    with pytest.raises(IllegalAction, match="room"):
        st.apply(seat, "move npk 1 5")


def test_the_dump_takes_unlimited_sludge(st):
    st.dump = 3
    st.links += [(3, 4, "road")]
    recompute_components(st)
    st.res[3][SLUDGE] = 9
    st.res[4][SLUDGE] = 2
    seat = turn_of(st, TREATMENT)
    st.apply(seat, "move sludge 4 3")
    assert st.res[3][SLUDGE] == 10


def test_each_housing_block_turns_exactly_one_food_into_waste(st):
    seat = turn_of(st, HOUSING)
    st.res[8][FOOD] = 4
    st.apply(seat, "convert")
    assert st.res[8][FOOD] == 1 and st.res[8][MIXED] == 3  # 3 blocks, 3 Food used
    assert st.res[9][FOOD] == 0 and st.res[9][MIXED] == 3


def test_level_2_blocks_make_separated_waste(st):
    st.blocks[9] = [0, 1, 2]
    seat = turn_of(st, HOUSING)
    st.apply(seat, "convert")
    assert st.res[9][SEPARATED] == 2 and st.res[9][MIXED] == 1


def test_a_block_without_food_converts_nothing(st):
    st.res[8][FOOD] = 1
    seat = turn_of(st, HOUSING)
    st.apply(seat, "convert")
    assert st.res[8][MIXED] == 1 and st.converted[8] == 1


def test_housing_must_convert_before_ending_its_turn(st):
    seat = turn_of(st, HOUSING)
    assert "end_turn" not in legal_texts(st, seat)
    with pytest.raises(IllegalAction, match="convert"):
        st.apply(seat, "end_turn")


def test_housing_sends_waste_along_grey_transport(st):
    seat = turn_of(st, HOUSING)
    st.apply(seat, "convert")
    assert "move mixed 8 4" in legal_texts(st, seat)
    assert "move mixed 9 4" not in legal_texts(st, seat)  # no grey link from hex 9


def test_fetch_then_convert_then_send(st):
    seat = turn_of(st, TREATMENT)
    st.res[8][MIXED] = 2
    st.apply(seat, "move mixed 8 4")
    st.res[4][SLUDGE] = 0
    fixed_rolls(st, 1)
    st.apply(seat, "treat 4 mixed")
    assert "move mixed 8 4" not in legal_texts(st, seat)  # no fetching after converting


def test_level_0_plant_capacity_four_at_fifty_percent(st):
    faces = st.tables.conversion_faces
    assert len(faces) == 6 and faces.count("warning") == 3
    assert st.tables.plant_capacity[0] == 4
    st.res[4][MIXED] = 4
    st.res[4][SEPARATED] = 1
    seat = turn_of(st, TREATMENT)
    fixed_rolls(st, 1, 1, 1, 1)
    for _ in range(4):
        st.apply(seat, "treat 4 mixed")
    assert st.res[4][SLUDGE] == 4
    assert not any(a.kind == "treat" for a in st.legal_actions(seat))


def test_level_0_failure_moves_the_waste_to_a_water_hexagon(st):
    st.res[4][MIXED] = 1
    seat = turn_of(st, TREATMENT)
    fixed_rolls(st, 6)  # a warning face
    st.apply(seat, "treat 4 mixed")
    water = [h for h, t in enumerate(st.terrain) if t == "water"]
    assert sum(st.res[h][MIXED] for h in water) == 1 and st.res[4][SLUDGE] == 0


def test_level_1_plant_treats_two_mixed_waste_into_sludge(st):
    st.plants.append([9, 1, 0])
    st.res[9][MIXED] = 3
    seat = turn_of(st, TREATMENT)
    st.apply(seat, "treat 9 mixed")
    st.apply(seat, "treat 9 mixed")
    assert st.res[9][SLUDGE] == 2 and st.res[9][MIXED] == 1
    assert "treat 9 mixed" not in legal_texts(st, seat)


def test_level_2_plant_treats_two_separated_waste_into_npk(st):
    st.plants.append([9, 2, 0])
    st.res[9][SEPARATED] = 3
    st.res[9][MIXED] = 1
    seat = turn_of(st, TREATMENT)
    assert "treat 9 mixed" not in legal_texts(st, seat)
    st.apply(seat, "treat 9 separated")
    st.apply(seat, "treat 9 separated")
    assert st.res[9][NPK] == 2 and "treat 9 separated" not in legal_texts(st, seat)


def test_at_most_four_sludge_stored_at_a_plant(st):
    st.plants.append([9, 1, 0])
    st.res[9][MIXED] = 2
    st.res[9][SLUDGE] = 4
    seat = turn_of(st, TREATMENT)
    assert "treat 9 mixed" not in legal_texts(st, seat)


@pytest.mark.parametrize("level,capacity", [(1, 2), (2, 4)])
def test_farm_makes_food_from_npk_up_to_its_capacity(st, level, capacity):
    st.farm_level[5] = level
    st.res[5][NPK] = 4
    seat = turn_of(st, FARMING)
    for _ in range(capacity):
        st.apply(seat, "grow 5 npk")
    assert st.res[5][FOOD] == capacity
    assert "grow 5 npk" not in legal_texts(st, seat)


def test_sludge_to_food_risks_disease_one_in_three(st):
    faces = st.tables.disease_faces
    assert faces.count("disease") * 3 == len(faces)
    st.res[5][SLUDGE] = 2
    seat = turn_of(st, FARMING)
    fixed_rolls(st, 1, 6)
    st.apply(seat, "grow 5 sludge")
    st.apply(seat, "grow 5 sludge")
    assert st.res[5][FOOD] == 1 and st.disease[5] == 1


def test_farming_sends_food_to_urban_hexagons(st):
    seat = turn_of(st, FARMING)
    st.apply(seat, "grow 5 npk")
    st.res[9][FOOD] = 0
    assert "move food 5 9" in legal_texts(st, seat)


def test_contractor_first_chooses_a_role(st):
    seat = turn_of(st, CONTRACTOR)
    assert legal_texts(st, seat) == {"role housing", "role treatment", "role farming"}
    st.apply(seat, "role farming")
    assert "grow 5 npk" in legal_texts(st, seat)


def test_contractor_cannot_exceed_capacity_already_used_this_round(st):
    st.plants.append([9, 1, 0])
    st.res[9][MIXED] = 4
    seat = turn_of(st, TREATMENT)
    st.apply(seat, "treat 9 mixed")
    st.apply(seat, "treat 9 mixed")
    seat = turn_of(st, CONTRACTOR)
    st.apply(seat, "role treatment")
    assert "treat 9 mixed" not in legal_texts(st, seat)


def test_contractor_as_housing_converts_only_blocks_not_yet_converted(st):
    seat = turn_of(st, HOUSING)
    st.apply(seat, "convert")
    st.res[8][FOOD] = 2
    seat = turn_of(st, CONTRACTOR)
    st.apply(seat, "role housing")
    st.apply(seat, "convert")
    assert st.res[8][FOOD] == 2


def test_resources_that_cannot_move_stay_where_they_are(st):
    st.res[3][NPK] = 1
    seat = turn_of(st, FARMING)
    st.apply(seat, "end_turn")
    assert st.res[3][NPK] == 1


def test_dump_site_is_chosen_once_on_an_empty_hexagon(st):
    seat = turn_of(st, TREATMENT)
    legal = legal_texts(st, seat)
    assert "dump_site 3" in legal and "dump_site 5" not in legal and "dump_site 8" not in legal
    st.apply(seat, "dump_site 3")
    assert st.dump == 3 and not any(a.kind == "dump_site" for a in st.legal_actions(seat))
