"""Rulebook section 5, Reusing Waste: skills, the Creative Community, selling, donating, slot reset."""

import pytest

from loopcity.engine import IllegalAction

from .helpers import act, card, legal, new_game, position

ALL = {
    "textile": (0, 1),
    "furniture": (0, 1),
    "bikes": (0, 1),
    "food": (1, 1),
    "electronics": (1, 1),
    "creative": (1, 1),
}


def game(table, skills=None, **kw):
    return position(new_game(), table=table, skills=skills or dict(ALL), **kw)


def test_reuse_needs_the_skill_of_the_cards_category():
    s = game(["Wobbly chair"])
    chair = card(s, "Wobbly chair")
    assert f"reuse {chair} furniture" in legal(s)
    assert f"reuse {chair} food" not in legal(s)


def test_skill_level_must_reach_the_complexity():
    s = game(["Chest of drawers"], skills={**ALL, "creative": (1, 1)})
    drawers = card(s, "Chest of drawers")
    assert f"reuse {drawers} furniture" not in legal(s)
    s = game(["Chest of drawers"], skills={**ALL, "furniture": (0, 2)})
    assert f"reuse {drawers} furniture" in legal(s)


def test_refused_reuse_says_why_and_changes_nothing():
    s = game(["Chest of drawers"])
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="skill level"):
        s.apply(0, f"reuse {card(s, 'Chest of drawers')} furniture")
    assert s.state_hash() == before


def test_creative_community_example_electronics_1_plus_cc_reaches_the_toaster():
    """Rulebook: electronics skill at level 1, a broken toaster of complexity 2: add the Creative Community."""
    s = game(["Broken toaster"])
    toaster = card(s, "Broken toaster")
    assert s.complexity(toaster) == 2
    assert f"reuse {toaster} electronics" not in legal(s)
    assert f"reuse_plus {toaster} electronics" in legal(s)
    act(s, f"reuse_plus {toaster} electronics")
    assert {"electronics", "creative"} <= s.used


def test_creative_community_at_level_four_stands_in_for_any_skill():
    skills = {**ALL, "construction": (1, 1), "creative": (1, 3)}
    del skills["furniture"]  # the Skill card removed at setup
    s = game(["Wobbly chair"], skills=skills)
    chair = card(s, "Wobbly chair")
    assert f"reuse {chair} creative" not in legal(s)
    s = game(["Wobbly chair"], skills={**skills, "creative": (1, 4)})
    assert f"reuse {chair} creative" in legal(s)


def test_each_skill_card_once_per_round():
    s = game(["Wobbly chair", "Scratched table"])
    chair, table = card(s, "Wobbly chair"), card(s, "Scratched table")
    act(s, f"reuse {chair} furniture")
    act(s, "donate furniture")
    assert f"reuse {table} furniture" not in legal(s)


def test_creative_community_once_per_round():
    s = game(["Broken toaster", "Cracked smartphone"], skills={**ALL, "textile": (0, 1)})
    toaster, phone = card(s, "Broken toaster"), card(s, "Cracked smartphone")
    act(s, f"reuse_plus {toaster} electronics")
    act(s, "donate electronics")
    assert not any(a.startswith(f"reuse_plus {phone}") for a in legal(s))


def test_just_waste_cannot_be_reused():
    s = game(["Chewing gum"], skills={**ALL, "creative": (1, 5)})
    gum = card(s, "Chewing gum")
    assert not any(a.startswith(("reuse", "combo")) and f" {gum}" in a for a in legal(s))


def test_selling_takes_the_slots_money_and_raises_a_used_skill_not_the_cc():
    s = game(["Broken toaster"])
    toaster = card(s, "Broken toaster")
    act(s, f"reuse_plus {toaster} electronics")
    assert "sell creative" not in legal(s)
    act(s, "sell electronics")
    assert s.sell == [toaster]
    assert s.level["electronics"] == 2 and s.level["creative"] == 1
    assert s.cash[1] == 3 and s.sell_money == 1, "the owner of the raised skill collects the slot's money"


def test_donating_raises_a_used_skill_or_the_creative_community():
    s = game(["Wobbly chair"])
    chair = card(s, "Wobbly chair")
    act(s, f"reuse {chair} furniture")
    assert {"donate furniture", "donate creative"} <= legal(s)
    act(s, "donate creative")
    assert s.donate == [chair] and s.level["creative"] == 2 and s.cash == [2, 2]


def test_full_sell_slots_leave_only_donating():
    s = game(["Wobbly chair"], sell=["Stale bread", "Bruised apples"])
    chair = card(s, "Wobbly chair")
    act(s, f"reuse {chair} furniture")
    assert all(a.startswith("donate") for a in legal(s))


def test_slots_reset_at_four_cards_back_to_the_deck_and_money_back_on_sell_slots():
    s = game(["Wobbly chair", "Flat tyre", "Stale bread", "Torn jeans"])
    ids = [card(s, n) for n in ("Wobbly chair", "Flat tyre", "Stale bread", "Torn jeans")]
    for c, skill, slot in zip(
        ids, ("furniture", "bikes", "food", "textile"), ("sell", "sell", "donate", "donate"), strict=True
    ):
        act(s, f"reuse {c} {skill}")
        act(s, f"{slot} {skill}")
        if c != ids[-1]:
            assert c in s.sell + s.donate
    assert s.sell == [] and s.donate == [], "all four full: reset at once"
    assert set(ids) <= set(s.deck)
    assert s.sell_money == 2 and s.bank == 4 - 2


def test_stored_cards_can_be_reused_in_a_later_round_with_the_log_naming_the_storage():
    s = game([], storage=([], ["Wobbly chair"]))
    chair = card(s, "Wobbly chair")
    s.apply(0, f"reuse {chair} furniture")
    assert s.log[-1][2] == (
        "Player 1 asks Player 2 to agree: Player 1 reuses Wobbly chair from Player 2's Storage with their "
        "Furniture"
    )
    s.apply(1, "vote yes")
    assert s.work == {"kind": "reuse", "cards": [chair], "skills": ["furniture"], "by": 0}
    assert s.storage[1] == []


def test_a_card_stored_this_round_waits_for_a_later_round():
    s = game(["Wobbly chair"])
    chair = card(s, "Wobbly chair")
    act(s, f"store {chair} p1")
    assert not any(f" {chair}" in a for a in legal(s))


def test_you_cannot_sell_or_donate_items_you_did_not_use_a_skill_on():
    s = game(["Wobbly chair"])
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="did not use a Skill on"):
        s.apply(0, "sell furniture")
    assert s.state_hash() == before


def test_skills_stop_at_the_maximum_level():
    s = game(["Wobbly chair"], skills={**ALL, "furniture": (0, 5), "creative": (1, 5)})
    act(s, f"reuse {card(s, 'Wobbly chair')} furniture")
    assert "sell none" in legal(s) and "sell furniture" not in legal(s)
    assert "donate none" in legal(s)
    act(s, "sell none")
    assert s.level["furniture"] == 5 and s.cash[0] == 3
