"""Build actions: role prices, the contractor's prices, transport, 3 per turn, cards, limits."""

import pytest

from loopcity.engine import IllegalAction
from loopcity.games.reclaim.board import CONTRACTOR, FARMING, HOUSING, TREATMENT

from .conftest import apply_build, legal_texts, turn_of

HOUSE_L0, HOUSE_L1, PLANT_HEX, FARM_A, FARM_B = 8, 9, 4, 5, 7


def _build(st, role, action, play_as=None):
    seat = turn_of(st, role, play_as)
    before = st.coins[seat]
    apply_build(st, seat, action)
    if st.pending_pile:
        st.apply(seat, "card 0")
    return seat, before - st.coins[seat]


@pytest.mark.parametrize(
    "action,price",
    [
        (f"build house0to1 {HOUSE_L0}", 200),
        (f"build house1to2 {HOUSE_L1}", 400),
        (f"build house0to2 {HOUSE_L0}", 500),
    ],
)
def test_housing_role_upgrade_prices(st, action, price):
    assert _build(st, HOUSING, action)[1] == price


@pytest.mark.parametrize(
    "action,price",
    [("build plant1 9", 200), ("build plant2 9", 500), (f"build remove0 {PLANT_HEX}", 500)],
)
def test_treatment_role_prices(st, action, price):
    assert _build(st, TREATMENT, action)[1] == price


def test_treatment_upgrade_level_1_to_level_2_costs_400(st):
    st.plants.append([9, 1, 0])
    assert _build(st, TREATMENT, "build plant1to2 9")[1] == 400
    assert [9, 2, 0] in st.plants


@pytest.mark.parametrize(
    "action,price", [("build farm1 10", 200), (f"build farm1to2 {FARM_A}", 400), ("build farm2 10", 500)]
)
def test_farming_role_prices(st, action, price):
    assert _build(st, FARMING, action)[1] == price


@pytest.mark.parametrize("transport,price", [("road", 100), ("grey", 200), ("green", 400)])
def test_any_role_builds_transport_at_its_price(st, transport, price):
    for role in (HOUSING, TREATMENT, FARMING):
        st2 = st.clone()
        assert _build(st2, role, f"link {transport} 8 9")[1] == price


@pytest.mark.parametrize(
    "action,price",
    [("link road 8 9", 200), ("build plant1 9", 300), ("build house1to2 9", 600), ("build farm2 10", 800)],
)
def test_contractor_does_every_build_at_contractor_prices(st, action, price):
    assert _build(st, CONTRACTOR, action, play_as=FARMING)[1] == price


def test_treatment_price_list_read_like_the_farming_list(st):
    b = st.tables
    assert (b.prices[0]["plant1"], b.prices[0]["plant1to2"], b.prices[0]["plant2"]) == (200, 400, 500)
    assert (b.prices[0]["farm1"], b.prices[0]["farm1to2"], b.prices[0]["farm2"]) == (200, 400, 500)


def test_roles_build_only_their_own_infrastructure(st):
    seat = turn_of(st, HOUSING)
    legal = legal_texts(st, seat)
    assert "build plant1 9" not in legal and "build farm1 10" not in legal
    before = st.state_hash()
    with pytest.raises(IllegalAction, match="treatment"):
        st.apply(seat, "build plant1 9")
    assert st.state_hash() == before


def test_up_to_three_build_actions_per_turn(st):
    seat = turn_of(st, FARMING)
    for a, b in ((1, 5), (5, 6), (5, 10)):
        apply_build(st, seat, f"link road {a} {b}")
    assert not any(a.kind in ("build", "link") for a in st.legal_actions(seat))
    with pytest.raises(IllegalAction, match="up to 3 build"):
        st.apply(seat, "link road 6")


def test_a_build_costs_money_the_player_has(st):
    seat = turn_of(st, FARMING)
    st.coins[seat] = 150
    st._legal = {}
    legal = legal_texts(st, seat)
    assert "link road 1" in legal and "build farm1 10" not in legal


def test_each_build_takes_the_matching_infrastructure_card(st):
    seat = turn_of(st, HOUSING)
    shown = list(st.face_up["house1"])
    st.apply(seat, f"build house0to1 {HOUSE_L0}")
    assert st.pending_pile == "house1"
    st.apply(seat, "card 2")
    assert st.owned[seat] == [("house1", shown[2])]
    assert len(st.face_up["house1"]) == 3  # the next card is turned up


def test_transport_card_is_taken_from_its_pile(st):
    seat, _ = _build(st, FARMING, "link road 1 5")
    assert st.owned[seat][0][0] == "road"


def test_replacing_the_level_0_plant_gives_the_special_card(st):
    seat, _ = _build(st, TREATMENT, f"build remove0 {PLANT_HEX}")
    assert st.owned[seat] == [("special", 0)]
    assert not st.plants


def test_max_two_treatment_plants_per_urban_hexagon(st):
    st.plants += [[9, 1, 0], [9, 1, 0]]
    seat = turn_of(st, TREATMENT)
    assert "build plant1 9" not in legal_texts(st, seat)
    assert "build plant1 4" in legal_texts(st, seat)  # one plant there so far


def test_plants_only_on_urban_and_farms_only_on_rural(st):
    seat = turn_of(st, CONTRACTOR, play_as=FARMING)
    legal = legal_texts(st, seat)
    assert "build plant1 10" not in legal and "build farm1 9" not in legal
    assert "build farm1 10" in legal


def test_max_one_farm_per_rural_hexagon(st):
    seat = turn_of(st, FARMING)
    assert f"build farm1 {FARM_A}" not in legal_texts(st, seat)


def test_nothing_is_built_on_wetland_mountain_or_water(st):
    seat = turn_of(st, CONTRACTOR, play_as=FARMING)
    legal = legal_texts(st, seat)
    for h in (0, 13, 14):  # mountain, wetland, water
        assert not any(a.split()[-1] == str(h) and a.startswith("build") for a in legal)
        assert f"link road {h}" not in legal
    st.apply(seat, "link road 8")
    ends = legal_texts(st, seat)
    assert ends == {"link_to 3", "link_to 4", "link_to 7", "link_to 9", "link_to 12"}  # not 13 (wetland)


def test_nothing_else_is_built_on_the_dump(st):
    st.dump = 10
    seat = turn_of(st, FARMING)
    assert "build farm1 10" not in legal_texts(st, seat)


def test_builds_come_before_resources(st):
    seat = turn_of(st, FARMING)
    st.apply(seat, f"grow {FARM_A} npk")
    assert not any(a.kind == "build" for a in st.legal_actions(seat))


def test_transport_is_built_in_two_steps_from_one_hexagon_to_a_neighbour(st):
    seat = turn_of(st, FARMING)
    st.apply(seat, "link road 7")
    assert st.coins[seat] == 1000  # nothing paid before the far end is chosen
    assert "link_to 12" in legal_texts(st, seat) and "link_to 9" not in legal_texts(st, seat)
    st.apply(seat, "link_to 12")
    assert (7, 12, "road") in st.links and st.coins[seat] == 900


def test_one_link_of_each_kind_between_two_hexagons(st):
    seat = turn_of(st, FARMING)
    assert "link_to 9" not in {str(a) for a in _ends(st, seat, "road", 5)}
    assert "link_to 9" in {str(a) for a in _ends(st, seat, "grey", 5)}


def _ends(st, seat, t, h):
    clone = st.clone()
    clone.apply(seat, f"link {t} {h}")
    return clone.legal_actions(seat)
