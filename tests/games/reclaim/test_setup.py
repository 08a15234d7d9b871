"""Set-up: the map as data, the infrastructure placed as listed, money, roles, agendas, cards."""

from loopcity.games.reclaim.board import FOOD, NPK, ROLES


def test_map_is_a_data_file_of_urban_rural_water_wetland_mountain(st):
    terrains = {h.terrain for h in st.content.hexes}
    assert terrains == {"urban", "rural", "water", "wetland", "mountain"}
    assert len(st.terrain) == len(st.content.hexes)


def test_map_can_be_changed_to_match_local_conditions():
    from loopcity import load_game

    g = load_game("reclaim", variant="calm", overrides={"hexes.14.terrain": "rural"})
    assert g.new_state(0).terrain[14] == "rural"


def test_housing_blocks_level_0_and_level_1_with_their_food(st):
    with_blocks = [(h, bl) for h, bl in enumerate(st.blocks) if sum(bl)]
    assert sorted(bl for _, bl in with_blocks) == [[0, 3, 0], [3, 0, 0]]
    for h, _ in with_blocks:
        assert st.terrain[h] == "urban"
        assert st.res[h][FOOD] == 3


def test_one_level_0_treatment_plant_on_an_urban_hexagon(st):
    assert len(st.plants) == 1
    h, level, used = st.plants[0]
    assert level == 0 and used == 0 and st.terrain[h] == "urban"


def test_two_level_1_farms_on_different_rural_hexagons_with_npk(st):
    farms = [h for h, lv in enumerate(st.farm_level) if lv]
    assert len(farms) == 2 and all(st.farm_level[h] == 1 for h in farms)
    assert all(st.terrain[h] == "rural" for h in farms)
    assert all(st.res[h][NPK] == 2 for h in farms)  # the Farm's die plus the Rural hexagon's die


def test_every_rural_hexagon_gets_one_npk(st):
    for h, t in enumerate(st.terrain):
        if t == "rural" and not st.farm_level[h]:
            assert st.res[h][NPK] == 1


def test_one_road_from_a_farm_to_an_urban_hexagon_and_one_mixed_waste_transport(st):
    roads = [(a, b) for a, b, t in st.links if t == "road"]
    greys = [(a, b) for a, b, t in st.links if t == "grey"]
    assert len(roads) == 1 and len(greys) == 1
    a, b = roads[0]
    assert {st.terrain[a], st.terrain[b]} == {"rural", "urban"} and (st.farm_level[a] or st.farm_level[b])
    a, b = greys[0]
    homes = {h for h, bl in enumerate(st.blocks) if sum(bl)}
    plants = {p[0] for p in st.plants}
    assert {a, b} & homes and {a, b} & plants
    board = st.game.tables
    assert b in board.neighbours[a]


def test_1000_coins_per_player_and_500_for_the_city(st):
    assert st.coins == [1000, 1000, 1000, 1000]
    assert st.city == 500


def test_four_roles_and_housing_plays_first(st):
    assert sorted(ROLES[r] for r in st.roles) == ["contractor", "farming", "housing", "treatment"]
    assert st.active_seats() == (st.roles.index(0),)


def test_each_player_has_a_different_hidden_agenda_of_two_symbols(st):
    assert len(set(st.agendas)) == 4
    for a in st.agendas:
        assert len(st.content.agendas[a].symbols) == 2


def test_six_agenda_pairs_from_the_rulebook(st):
    pairs = {frozenset(a.symbols) for a in st.content.agendas}
    assert len(pairs) == 6 and all(len(p) == 2 for p in pairs)


def test_three_face_up_cards_per_infrastructure_pile(st):
    for pile in st.content.piles:
        expected = 3 if pile.face_up else 1
        assert len(st.face_up[pile.id]) == min(expected, len(pile.cards))


def test_six_piles_of_houses_farms_and_treatment_and_three_of_transport(st):
    ids = {p.id for p in st.content.piles}
    assert {"house1", "house2", "farm1", "farm2", "plant1", "plant2"} <= ids
    assert {"road", "grey", "green"} <= ids


def test_cost_cards_face_up_within_their_ranges(st):
    ranges = {"vaccination": (200, 400), "food": (200, 300), "npk": (100, 200), "dump": (0, 100)}
    for decision, (lo, hi) in ranges.items():
        assert lo <= st.costs[decision] <= hi


def test_event_deck_face_down(st):
    assert len(st.events) == len(st.content.events) >= 20
    assert "events" not in st.view(0) or isinstance(st.view(0)["events_left"], int)
