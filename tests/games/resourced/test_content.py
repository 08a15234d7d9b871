"""Content: values from the rulebook and research; bad content names the field."""

import pytest

from loopcity import load_game
from loopcity.engine import ContentError
from loopcity.games.resourced.actions import CRAFTABLE
from loopcity.games.resourced.content import CONTENT_SPEC, UPGRADE_IDS


def test_content_values_from_the_rulebook_and_research():
    t = load_game("resourced").new_state(0).tables
    assert t.rules.bank_per_type == 16 and t.rules.max_waste == 24 and t.rules.rounds == 20
    assert t.production == (2, 3, 4) and t.recycler_removal == (5, 7, 9)
    assert t.craft_cost("heat_haven", 2) == (1, 0, 1, 0, 0)  # 1 Compost + 1 Wood
    assert t.craft_cost("composter", 2) == (2, 0, 0, 0, 0)  # 2 Wood
    assert all(sum(t.craft_cost(tile, 2)) == 2 for tile in t.tile_cost)
    assert t.pieces["social_housing"] == 9 and t.pieces["recycler"] == 5 and t.pieces["shelter"] == 5


def test_the_crafts_of_each_ring_list_every_craftable_item_with_its_cost_and_place():
    t = load_game("resourced").new_state(0).tables
    for ring in (2, 3):
        assert [item for item, _cost, _target in t.crafts[ring]] == list(CRAFTABLE)
        for item, cost, target in t.crafts[ring]:
            assert cost == t.craft_cost(item, ring)
            assert target == (t.upgrade_tile[item] if item in UPGRADE_IDS else None)
    assert (
        dict((i, c) for i, c, _ in t.crafts[3])["recycler"]
        != dict((i, c) for i, c, _ in t.crafts[2])["recycler"]
    )


def test_bad_content_names_the_item_and_field():
    with pytest.raises(ContentError, match=r"food_forest.*cost.*gold"):
        load_game("resourced", overrides={"tiles.food_forest.cost": {"gold": 1}})


def test_content_changes_reach_the_rules():
    game = load_game("resourced", overrides={"rules.hand_limit": 9, "spinner.faces": [5]})
    st = game.new_state(0)
    assert st.hand_limit() == 9 and st.tables.spinner == (5,)


def test_an_unknown_field_is_refused_naming_file_item_and_field(tmp_path):
    text = CONTENT_SPEC.path.read_text().replace('id = "composter"', 'id = "composter"\nrecylce_cost = 1', 1)
    path = tmp_path / "content.toml"
    path.write_text(text)
    with pytest.raises(
        ContentError, match=r"content.toml: item upgrades\.\[0\] \(composter\): field 'recylce_cost'"
    ):
        load_game("resourced", content=str(path))


@pytest.mark.parametrize(
    "path,value,message",
    [
        ("rules.setup_hand", {"food": 5}, r"setup_hand: 4 players x 5 food is more than the bank's 16"),
        ("rules.max_waste", 81, r"max_waste: 81 Waste cards can never be reached"),
        ("rules.housing_to_win", 3, r"housing_to_win \(3\) must be more than housing_to_open_ring3 \(3\)"),
        ("rules.housing_to_win", 10, r"rules.housing_to_win: 10 Social Housing to win, but the box holds 9"),
    ],
)
def test_totals_fixed_by_the_components_are_checked(path, value, message):
    with pytest.raises(ContentError, match=message):
        load_game("resourced", overrides={path: value})
