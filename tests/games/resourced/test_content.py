"""Content: values from the rulebook and research; bad content names the field."""

import pytest

from loopcity import load_game
from loopcity.engine import ContentError


def test_content_values_from_the_rulebook_and_research():
    t = load_game("resourced").new_state(0).tables
    assert t.rules.bank_per_type == 16 and t.rules.max_waste == 24 and t.rules.rounds == 20
    assert t.production == (2, 3, 4) and t.recycler_removal == (5, 7, 9)
    assert t.craft_cost("heat_haven", 2) == (1, 0, 1, 0, 0)  # 1 Compost + 1 Wood
    assert t.craft_cost("composter", 2) == (2, 0, 0, 0, 0)  # 2 Wood
    assert all(sum(t.craft_cost(tile, 2)) == 2 for tile in t.tile_cost)
    assert t.pieces["social_housing"] == 9 and t.pieces["recycler"] == 5 and t.pieces["shelter"] == 5


def test_bad_content_names_the_item_and_field():
    with pytest.raises(ContentError, match=r"food_forest.*cost.*gold"):
        load_game("resourced", overrides={"tiles.food_forest.cost": {"gold": 1}})


def test_content_changes_reach_the_rules():
    game = load_game("resourced", overrides={"rules.hand_limit": 9, "spinner.faces": [5]})
    st = game.new_state(0)
    assert st.hand_limit() == 9 and st.tables.spinner == (5,)
