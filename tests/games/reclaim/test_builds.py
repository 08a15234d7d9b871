"""Build actions: role prices, the contractor's prices, transport, 3 per turn, cards, limits."""

import pytest

from loopcity.engine import IllegalAction

from .helpers import apply_build, legal_texts, seat_of, table

HOUSE_L0, HOUSE_L1, PLANT_HEX, FARM_A, FARM_B = 8, 9, 4, 5, 7
START_PLANT = {"hex": PLANT_HEX, "level": 0}


def turn_of(role, play_as=None, **fields):
    """A table at the start of ``role``'s turn (the contractor playing ``play_as``) and its seat."""
    st = table(turn=role, plays=play_as, **fields)
    return st, seat_of(st, role)


def _build(role, action, play_as=None, **fields):
    st, seat = turn_of(role, play_as, **fields)
    before = st.coins[seat]
    apply_build(st, seat, action)
    if st.pending_pile:
        st.apply(seat, "card 0")
    return st, seat, before - st.coins[seat]


@pytest.mark.parametrize(
    "action,price",
    [
        (f"build house0to1 {HOUSE_L0}", 200),
        (f"build house1to2 {HOUSE_L1}", 400),
        (f"build house0to2 {HOUSE_L0}", 500),
    ],
)
def test_housing_role_upgrade_prices(action, price):
    assert _build("housing", action)[2] == price


@pytest.mark.parametrize(
    "action,price",
    [("build plant1 9", 200), ("build plant2 9", 500), (f"build remove0 {PLANT_HEX}", 500)],
)
def test_treatment_role_prices(action, price):
    assert _build("treatment", action)[2] == price


def test_treatment_upgrade_level_1_to_level_2_costs_400():
    plants = [START_PLANT, {"hex": 9, "level": 1}]
    st, _, price = _build("treatment", "build plant1to2 9", treatment_plants=plants)
    assert price == 400
    assert [9, 2, 0] in st.plants


@pytest.mark.parametrize(
    "action,price", [("build farm1 10", 200), (f"build farm1to2 {FARM_A}", 400), ("build farm2 10", 500)]
)
def test_farming_role_prices(action, price):
    assert _build("farming", action)[2] == price


@pytest.mark.parametrize("transport,price", [("road", 100), ("grey", 200), ("green", 400)])
def test_any_role_builds_transport_at_its_price(transport, price):
    for role in ("housing", "treatment", "farming"):
        assert _build(role, f"link {transport} 8 9")[2] == price


@pytest.mark.parametrize(
    "action,price",
    [("link road 8 9", 200), ("build plant1 9", 300), ("build house1to2 9", 600), ("build farm2 10", 800)],
)
def test_contractor_does_every_build_at_contractor_prices(action, price):
    assert _build("contractor", action, play_as="farming")[2] == price


def test_treatment_price_list_read_like_the_farming_list(st):
    prices = st.tables.prices[0]
    assert (prices["plant1"], prices["plant1to2"], prices["plant2"]) == (200, 400, 500)
    assert (prices["farm1"], prices["farm1to2"], prices["farm2"]) == (200, 400, 500)


def test_roles_build_only_their_own_infrastructure():
    st, seat = turn_of("housing")
    legal = legal_texts(st, seat)
    assert "build plant1 9" not in legal and "build farm1 10" not in legal
    before = st.state_hash()
    with pytest.raises(IllegalAction, match="Treatment role"):
        st.apply(seat, "build plant1 9")
    assert st.state_hash() == before


def test_up_to_three_build_actions_per_turn():
    st, seat = turn_of("farming")
    for a, b in ((1, 5), (5, 6), (5, 10)):
        apply_build(st, seat, f"link road {a} {b}")
    assert not any(a.kind in ("build", "link") for a in st.legal_actions(seat))
    with pytest.raises(IllegalAction, match="up to 3 build"):
        st.apply(seat, "link road 6")


def test_the_number_of_build_actions_comes_from_the_content():
    """'Each player can make up to 3 build actions per turn': a designer's 2 is obeyed and told."""
    from loopcity import load_game
    from loopcity.engine import load_position

    from .helpers import changed, position

    game = load_game("reclaim", variant="calm", overrides={"rules.builds_per_turn": 2})
    data = changed(position(), turn="farming")
    del data["build_actions_left"]  # left out: the content's builds_per_turn
    st = load_position(data, game)
    seat = seat_of(st, "farming")
    for a, b in ((1, 5), (5, 6)):
        apply_build(st, seat, f"link road {a} {b}")
    with pytest.raises(IllegalAction, match="up to 2 build actions"):
        st.apply(seat, "link road 6")


def test_a_build_costs_money_the_player_has():
    st = table(turn="farming", seats={2: {"coins": 150}})
    legal = legal_texts(st, 2)
    assert "link road 1" in legal and "build farm1 10" not in legal


def test_each_build_takes_the_matching_infrastructure_card():
    st, seat = turn_of("housing")
    shown = list(st.face_up["house1"])
    st.apply(seat, f"build house0to1 {HOUSE_L0}")
    assert st.pending_pile == "house1"
    st.apply(seat, "card 2")
    assert st.owned[seat] == [("house1", shown[2])]
    assert len(st.face_up["house1"]) == 3  # the next card is turned up


def test_transport_card_is_taken_from_its_pile():
    st, seat, _ = _build("farming", "link road 1 5")
    assert st.owned[seat][0][0] == "road"


def test_replacing_the_level_0_plant_gives_the_special_card():
    st, seat, _ = _build("treatment", f"build remove0 {PLANT_HEX}")
    assert st.owned[seat] == [("special", 0)]
    assert not st.plants


def test_max_two_treatment_plants_per_urban_hexagon():
    plants = [START_PLANT, {"hex": 9, "level": 1}, {"hex": 9, "level": 1}]
    st, seat = turn_of("treatment", treatment_plants=plants)
    assert "build plant1 9" not in legal_texts(st, seat)
    assert "build plant1 4" in legal_texts(st, seat)  # one plant there so far


def test_plants_only_on_urban_and_farms_only_on_rural():
    st, seat = turn_of("contractor", play_as="farming")
    legal = legal_texts(st, seat)
    assert "build plant1 10" not in legal and "build farm1 9" not in legal
    assert "build farm1 10" in legal


def test_max_one_farm_per_rural_hexagon():
    st, seat = turn_of("farming")
    assert f"build farm1 {FARM_A}" not in legal_texts(st, seat)


def test_nothing_is_built_on_wetland_mountain_or_water():
    st, seat = turn_of("contractor", play_as="farming")
    legal = legal_texts(st, seat)
    for h in (0, 13, 14):  # mountain, wetland, water
        assert not any(a.split()[-1] == str(h) and a.startswith("build") for a in legal)
        assert f"link road {h}" not in legal
    st.apply(seat, "link road 8")
    ends = legal_texts(st, seat)
    assert ends == {"link_to 3", "link_to 4", "link_to 7", "link_to 9", "link_to 12"}  # not 13 (wetland)


def test_nothing_else_is_built_on_the_dump():
    st, seat = turn_of("farming", dump=10)
    assert "build farm1 10" not in legal_texts(st, seat)


def test_builds_come_before_resources():
    st, seat = turn_of("farming")
    st.apply(seat, f"grow {FARM_A} npk")
    assert not any(a.kind == "build" for a in st.legal_actions(seat))


def test_transport_is_built_in_two_steps_from_one_hexagon_to_a_neighbour():
    st, seat = turn_of("farming")
    st.apply(seat, "link road 7")
    assert st.coins[seat] == 1000  # nothing paid before the far end is chosen
    assert "link_to 12" in legal_texts(st, seat) and "link_to 9" not in legal_texts(st, seat)
    st.apply(seat, "link_to 12")
    assert (7, 12, "road") in st.links and st.coins[seat] == 900


def test_one_link_of_each_kind_between_two_hexagons():
    for kind, offered in (("road", False), ("grey", True)):
        st, seat = turn_of("farming")
        st.apply(seat, f"link {kind} 5")
        assert ("link_to 9" in legal_texts(st, seat)) is offered
