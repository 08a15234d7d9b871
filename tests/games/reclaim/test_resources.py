"""Fetching, converting and sending resources; conversions and limits."""

import pytest

from loopcity.engine import IllegalAction
from loopcity.games.reclaim.board import FOOD, MIXED, NPK, SEPARATED, SLUDGE

from .helpers import again, fixed_rolls, legal_texts, position, seat_of, table

START_LINKS = position()["transportation"]
START_PLANT = {"hex": 4, "level": 0}


def road(a, b):
    return {"a": a, "b": b, "transport": "road"}


def turn_of(role, play_as=None, **fields):
    """A table at the start of ``role``'s turn (the contractor playing ``play_as``) and its seat."""
    st = table(turn=role, plays=play_as, **fields)
    return st, seat_of(st, role)


def test_roads_carry_food_sludge_and_npk(st):
    b = st.tables
    assert (b.carrier[FOOD], b.carrier[SLUDGE], b.carrier[NPK]) == ("road", "road", "road")


def test_grey_carries_mixed_and_green_separated_waste(st):
    assert (st.tables.carrier[MIXED], st.tables.carrier[SEPARATED]) == ("grey", "green")


def test_resources_move_through_any_number_of_connected_hexagons():
    """NPK on hex 1 reaches a Farm on hex 11 through 1-5-9-10-11; hex 3 has no road; roads carry
    no Waste."""
    links = [*START_LINKS, road(1, 5), road(9, 10), road(10, 11), road(4, 9)]
    st, seat = turn_of("farming", transportation=links, hexagons={11: {"farm": 1}, 3: {"npk": 1}})
    legal = legal_texts(st, seat)
    assert "move npk 1 11" in legal
    assert "move npk 3 11" not in legal and "move npk 3 5" not in legal
    st = again(st, turn="treatment", hexagons={11: {"mixed_waste": 1}})
    assert "move mixed 11 4" not in legal_texts(st, seat_of(st, "treatment"))  # roads carry no Waste


def test_farming_fetches_npk_along_roads():
    st, seat = turn_of("farming", transportation=[*START_LINKS, road(1, 5)])
    assert "move npk 1 5" in legal_texts(st, seat)
    assert "move npk 3 7" not in legal_texts(st, seat)  # no road there


def test_max_four_of_a_type_per_hexagon():
    st, seat = turn_of("farming", transportation=[*START_LINKS, road(1, 5)], hexagons={5: {"npk": 4}})
    assert "move npk 1 5" not in legal_texts(st, seat)
    with pytest.raises(IllegalAction, match="room"):
        st.apply(seat, "move npk 1 5")


def test_the_dump_takes_unlimited_sludge():
    st, seat = turn_of(
        "treatment",
        dump=3,
        transportation=[*START_LINKS, road(3, 4)],
        hexagons={3: {"sludge": 9}, 4: {"sludge": 2}},
    )
    st.apply(seat, "move sludge 4 3")
    assert st.res[3][SLUDGE] == 10


def test_each_housing_block_turns_exactly_one_food_into_waste():
    st, seat = turn_of("housing", hexagons={8: {"food": 4}})
    st.apply(seat, "convert")
    assert st.res[8][FOOD] == 1 and st.res[8][MIXED] == 3  # 3 blocks, 3 Food used
    assert st.res[9][FOOD] == 0 and st.res[9][MIXED] == 3


def test_level_2_blocks_make_separated_waste():
    st, seat = turn_of("housing", hexagons={9: {"housing_blocks": [0, 1, 2]}})
    st.apply(seat, "convert")
    assert st.res[9][SEPARATED] == 2 and st.res[9][MIXED] == 1


def test_a_block_without_food_converts_nothing():
    st, seat = turn_of("housing", hexagons={8: {"food": 1}})
    st.apply(seat, "convert")
    assert st.res[8][MIXED] == 1 and st.converted[8] == 1


def test_housing_must_convert_before_ending_its_turn():
    st, seat = turn_of("housing")
    assert "end_turn" not in legal_texts(st, seat)
    with pytest.raises(IllegalAction, match="convert"):
        st.apply(seat, "end_turn")


def test_housing_sends_waste_along_grey_transport():
    st, seat = turn_of("housing")
    st.apply(seat, "convert")
    assert "move mixed 8 4" in legal_texts(st, seat)
    assert "move mixed 9 4" not in legal_texts(st, seat)  # no grey link from hex 9


def test_fetch_then_convert_then_send():
    st, seat = turn_of("treatment", hexagons={8: {"mixed_waste": 2}})
    st.apply(seat, "move mixed 8 4")
    fixed_rolls(st, 1)
    st.apply(seat, "treat 4 mixed")
    assert "move mixed 8 4" not in legal_texts(st, seat)  # no fetching after converting


def test_level_0_plant_capacity_four_at_fifty_percent():
    st, seat = turn_of("treatment", hexagons={4: {"mixed_waste": 4, "separated_waste": 1}})
    faces = st.tables.conversion_faces
    assert len(faces) == 6 and faces.count("warning") == 3
    assert st.tables.plant_capacity[0] == 4
    fixed_rolls(st, 1, 1, 1, 1)
    for _ in range(4):
        st.apply(seat, "treat 4 mixed")
    assert st.res[4][SLUDGE] == 4
    assert not any(a.kind == "treat" for a in st.legal_actions(seat))


def test_level_0_failure_moves_the_waste_to_a_water_hexagon():
    st, seat = turn_of("treatment", hexagons={4: {"mixed_waste": 1}})
    fixed_rolls(st, 6)  # a warning face
    st.apply(seat, "treat 4 mixed")
    water = [h for h, t in enumerate(st.terrain) if t == "water"]
    assert sum(st.res[h][MIXED] for h in water) == 1 and st.res[4][SLUDGE] == 0


def test_level_1_plant_treats_two_mixed_waste_into_sludge():
    plants = [START_PLANT, {"hex": 9, "level": 1}]
    st, seat = turn_of("treatment", treatment_plants=plants, hexagons={9: {"mixed_waste": 3}})
    st.apply(seat, "treat 9 mixed")
    st.apply(seat, "treat 9 mixed")
    assert st.res[9][SLUDGE] == 2 and st.res[9][MIXED] == 1
    assert "treat 9 mixed" not in legal_texts(st, seat)


def test_level_2_plant_treats_two_separated_waste_into_npk():
    plants = [START_PLANT, {"hex": 9, "level": 2}]
    st, seat = turn_of(
        "treatment", treatment_plants=plants, hexagons={9: {"separated_waste": 3, "mixed_waste": 1}}
    )
    assert "treat 9 mixed" not in legal_texts(st, seat)
    st.apply(seat, "treat 9 separated")
    st.apply(seat, "treat 9 separated")
    assert st.res[9][NPK] == 2 and "treat 9 separated" not in legal_texts(st, seat)


def test_at_most_four_sludge_stored_at_a_plant():
    plants = [START_PLANT, {"hex": 9, "level": 1}]
    st, seat = turn_of("treatment", treatment_plants=plants, hexagons={9: {"mixed_waste": 2, "sludge": 4}})
    assert "treat 9 mixed" not in legal_texts(st, seat)


@pytest.mark.parametrize("level,capacity", [(1, 2), (2, 4)])
def test_farm_makes_food_from_npk_up_to_its_capacity(level, capacity):
    st, seat = turn_of("farming", hexagons={5: {"farm": level, "npk": 4}})
    for _ in range(capacity):
        st.apply(seat, "grow 5 npk")
    assert st.res[5][FOOD] == capacity
    assert "grow 5 npk" not in legal_texts(st, seat)


def test_sludge_to_food_risks_disease_one_in_three():
    st, seat = turn_of("farming", hexagons={5: {"sludge": 2}})
    faces = st.tables.disease_faces
    assert faces.count("disease") * 3 == len(faces)
    fixed_rolls(st, 1, 6)
    st.apply(seat, "grow 5 sludge")
    st.apply(seat, "grow 5 sludge")
    assert st.res[5][FOOD] == 1 and st.disease[5] == 1


def test_farming_sends_food_to_urban_hexagons():
    st, seat = turn_of("farming", hexagons={9: {"food": 0}})
    st.apply(seat, "grow 5 npk")
    assert "move food 5 9" in legal_texts(st, seat)


def test_contractor_first_chooses_a_role():
    st, seat = turn_of("contractor", stage="role")
    assert legal_texts(st, seat) == {"role housing", "role treatment", "role farming"}
    st.apply(seat, "role farming")
    assert "grow 5 npk" in legal_texts(st, seat)


def test_contractor_cannot_exceed_capacity_already_used_this_round():
    plants = [START_PLANT, {"hex": 9, "level": 1}]
    st, seat = turn_of("treatment", treatment_plants=plants, hexagons={9: {"mixed_waste": 4}})
    st.apply(seat, "treat 9 mixed")
    st.apply(seat, "treat 9 mixed")
    st = again(st, turn="contractor", stage="role")
    seat = seat_of(st, "contractor")
    st.apply(seat, "role treatment")
    assert "treat 9 mixed" not in legal_texts(st, seat)


def test_contractor_as_housing_converts_only_blocks_not_yet_converted():
    st, seat = turn_of("housing")
    st.apply(seat, "convert")
    st = again(st, turn="contractor", stage="role", hexagons={8: {"food": 2}})
    seat = seat_of(st, "contractor")
    st.apply(seat, "role housing")
    st.apply(seat, "convert")
    assert st.res[8][FOOD] == 2


def test_resources_that_cannot_move_stay_where_they_are():
    st, seat = turn_of("farming", hexagons={3: {"npk": 1}})
    st.apply(seat, "end_turn")
    assert st.res[3][NPK] == 1


def test_dump_site_is_chosen_once_on_an_empty_hexagon():
    st, seat = turn_of("treatment")
    legal = legal_texts(st, seat)
    assert "dump_site 3" in legal and "dump_site 5" not in legal and "dump_site 8" not in legal
    st.apply(seat, "dump_site 3")  # "selected by the players": the table votes
    assert st.active_seats() == tuple(s for s in range(4) if s != seat)
    for s in st.active_seats()[:2]:
        st.apply(s, "vote yes")
    assert st.dump == 3 and not any(a.kind == "dump_site" for a in st.legal_actions(seat))


def test_a_water_hexagon_is_full_at_four_waste_of_either_kind():
    """Interpretation 22: "4 Waste units in all the Water hexagons" loses, and disease control rolls for
    "each Water hexagon containing 4 Waste units": Mixed and Separated Waste count together, so a
    failed conversion finds no room in a lake of Mixed Waste and stays at the plant."""
    st, seat = turn_of(
        "treatment", hexagons={4: {"separated_waste": 1}, 14: {"mixed_waste": 4}, 17: {"mixed_waste": 4}}
    )
    fixed_rolls(st, 6)  # a warning face
    st.apply(seat, "treat 4 separated")
    assert st.res[4][SEPARATED] == 1
    assert st.res[14][SEPARATED] == st.res[17][SEPARATED] == 0
