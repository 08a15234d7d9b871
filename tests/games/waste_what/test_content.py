"""Content: the reconstructed cards are data, marked with their source; bad files name the field."""

import tomllib
from collections import Counter

import pytest

from loopcity import load_game
from loopcity.engine import ContentError
from loopcity.games.waste_what.content import CONTENT_PATH


def content():
    return load_game("waste_what").content


def test_fifty_four_waste_cards_nine_per_category_complexity_one_to_three():
    c = content()
    assert len(c.waste) == 54
    assert Counter(w.category for w in c.waste) == {k: 9 for k in Counter(w.category for w in c.waste)}
    assert len({w.category for w in c.waste}) == 6
    assert {w.complexity for w in c.waste} == {1, 2, 3}


def test_eighteen_just_waste_twenty_events_seven_skills_six_combo_cards():
    c = content()
    assert (len(c.just_waste), len(c.events), len(c.skills), c.rules.combo_cards) == (18, 20, 7, 6)


def test_every_item_says_where_it_comes_from():
    c = content()
    assert all(w.source == "reconstructed" for w in [*c.waste, *c.just_waste, *c.events])
    assert all(s.source == "rulebook" for s in c.skills)
    assert c.rules.source == "rulebook" and c.rules.max_skill_level_source == "reconstructed"


def test_the_broken_toaster_of_the_rulebook_example_has_complexity_two():
    toaster = next(w for w in content().waste if w.name == "Broken toaster")
    assert toaster.category == "electronics" and toaster.complexity == 2


def test_some_cards_are_not_recyclable_and_some_cost_money():
    c = content()
    assert any(not w.recyclable for w in c.waste) and any(w.recycle_cost for w in c.waste)


def test_a_bad_content_file_names_the_item_and_field(tmp_path):
    text = CONTENT_PATH.read_text().replace(
        'name = "Broken toaster"       # the rulebook\'s own example: complexity 2\ncategory = "electronics"\ncomplexity = 2',
        'name = "Broken toaster"\ncategory = "electronics"\ncomplexity = "two"',
    )
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ContentError, match=r"Broken toaster.*complexity"):
        load_game("waste_what", content=str(bad))


def test_an_override_changes_a_card():
    game = load_game("waste_what", overrides={"waste.0.complexity": 3})
    assert game.tables.complexity[0] == 3


def test_a_misspelled_field_is_refused_naming_it():
    with pytest.raises(ContentError, match=r"Broken toaster.*recylce_cost"):
        load_game("waste_what", overrides={"waste.Broken toaster": {**_toaster(), "recylce_cost": 1}})


def _toaster():
    raw = tomllib.loads(CONTENT_PATH.read_text())
    return next(w for w in raw["waste"] if w["name"] == "Broken toaster")


def test_the_money_tokens_must_cover_the_cash_boxes_and_the_sell_slots():
    """Rulebook §1-2 and the box: 10 money tokens; 2 in each player's Cash Box, 2 on the selling slots,
    the rest in the bank. More start money than the tokens allow is refused, naming the fields."""
    with pytest.raises(
        ContentError, match=r"start_money 6 .* need 14 money tokens, more than money_tokens \(10\)"
    ):
        load_game("waste_what", overrides={"rules.start_money": 6})
    state = load_game("waste_what", overrides={"rules.start_money": 4}).new_state(0)
    assert state.cash == [4, 4] and state.sell_money == 2 and state.bank == 0
