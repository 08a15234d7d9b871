"""Rulebook section 6, Combos: the combo rules, the Combo card and the acceptance roll."""

import pytest

from loopcity import load_game
from loopcity.engine import IllegalAction, RandomBot, next_seat

from .helpers import act, agreed, card, edit, legal, new_game, position, with_roll

SKILLS = {
    "textile": (0, 1),
    "furniture": (0, 3),
    "bikes": (0, 1),
    "food": (1, 2),
    "electronics": (1, 1),
    "creative": (1, 1),
}


def game(table, skills=None, variant="normal", storage=((), ())):
    return position(new_game(variant), table=table, skills=skills or dict(SKILLS), storage=storage)


def start(s, *names):
    for n in names:
        act(s, f"combo {card(s, n)}")


def test_a_skill_for_each_category_and_summed_levels_reach_summed_complexity():
    s = game(["Wobbly chair", "Chest of drawers", "Wardrobe in pieces"])
    chair, drawers, wardrobe = (
        card(s, n) for n in ("Wobbly chair", "Chest of drawers", "Wardrobe in pieces")
    )
    assert s.combo_feasible([chair, drawers], False), "furniture 3 >= 1 + 2"
    assert not s.combo_feasible([drawers, wardrobe], False), "furniture 3 < 2 + 3"
    assert s.combo_feasible([drawers, wardrobe], True) is False, "with the Creative Community 4 < 5"


def test_every_skill_used_is_represented_in_the_combo():
    s = game(["Wobbly chair", "Stale bread"])
    chair, bread = card(s, "Wobbly chair"), card(s, "Stale bread")
    act(s, f"combo {chair}")
    act(s, f"combo {bread}")
    assert legal(s) >= {"combine furniture alone", "combine food alone"}
    s2 = game(["Wobbly chair", "Scratched table"])
    start(s2, "Wobbly chair", "Scratched table")
    assert "combine food alone" not in legal(s2), "the Food skill is not represented in a furniture combo"


def test_a_missing_category_skill_makes_the_combo_illegal_unless_the_cc_stands_in_at_4():
    skills = {**SKILLS, "construction": (1, 1)}
    del skills["bikes"]  # the Skill card removed at setup
    s = game(["Wobbly chair", "Flat tyre"], skills=skills)
    chair, tyre = card(s, "Wobbly chair"), card(s, "Flat tyre")
    assert not s.combo_feasible([chair, tyre], False) and not s.combo_feasible([chair, tyre], True)
    s = game(["Wobbly chair", "Flat tyre"], skills={**skills, "creative": (1, 4)})
    assert s.combo_feasible([chair, tyre], True)


def test_the_cc_adds_its_level_in_a_combo():
    s = game(["Chest of drawers", "Wardrobe in pieces"], skills={**SKILLS, "creative": (1, 2)})
    drawers, wardrobe = card(s, "Chest of drawers"), card(s, "Wardrobe in pieces")
    assert s.combo_feasible([drawers, wardrobe], True) and not s.combo_feasible([drawers, wardrobe], False)


def test_just_waste_cannot_join_a_combo():
    s = game(["Wobbly chair", "Mixed plastic packaging", "Scratched table"])
    bag = card(s, "Mixed plastic packaging")
    start(s, "Wobbly chair")
    assert f"combo {bag}" not in legal(s)


def test_no_combos_in_the_beginners_round():
    s = game(["Wobbly chair", "Scratched table"], variant="beginners")
    assert not any(a.startswith("combo") for a in legal(s))
    with pytest.raises(IllegalAction, match="does not include Combos"):
        s.apply(0, f"combo {card(s, 'Wobbly chair')}")


@pytest.mark.parametrize("cards,roll,accepted", [(2, 2, False), (2, 3, True), (3, 3, False), (3, 4, True)])
def test_acceptance_roll_must_be_higher_than_the_number_of_cards(cards, roll, accepted):
    names = ["Wobbly chair", "Scratched table", "Wooden crate"][:cards]
    s = game(names)
    start(s, *names)
    s = with_roll(s, roll)
    act(s, "combine furniture alone")
    assert any(f"rolled {roll}" in row[2] for row in s.log[-4:])
    if accepted:
        assert s.work is not None and s.work["cards"][0] in s.combos
    else:
        assert s.work is None and sorted(s.table) == sorted(card(s, n) for n in names)


def test_accepted_combo_replaces_its_cards_with_complexity_the_highest_and_the_chosen_category():
    s = game(["Wobbly chair", "Chest of drawers"])
    start(s, "Wobbly chair", "Chest of drawers")
    s = with_roll(s, 6)
    act(s, "combine furniture alone")
    combo = s.work["cards"][0]
    assert s.combos[combo]["complexity"] == 2 and s.category(combo) == "furniture"
    assert {card(s, "Wobbly chair"), card(s, "Chest of drawers")} <= set(s.removed)
    assert s.card_name(combo) != "Combo", "a generated name"
    assert "furniture" in s.used


def _combo_sold_back_into_the_deck():
    """A combo of two Furniture cards accepted and sold; three more cards sold or donated fill the
    slots, and the sold cards, the Combo card among them, go back into the deck."""
    s = game(["Wobbly chair", "Chest of drawers", "Flat tyre", "Stale bread", "Torn jeans"])
    start(s, "Wobbly chair", "Chest of drawers")
    s = with_roll(s, 6)
    act(s, "combine furniture alone")
    combo = s.work["cards"][0]
    act(s, "sell furniture")
    assert s.sell == [combo] and s.level["furniture"] == 4
    for n, skill, slot in (
        ("Flat tyre", "bikes", "sell"),
        ("Stale bread", "food", "donate"),
        ("Torn jeans", "textile", "donate"),
    ):
        act(s, f"reuse {card(s, n)} {skill}")
        act(s, f"{slot} {skill}")
    return s, combo


def test_accepted_combo_is_sold_then_returns_to_the_deck_as_one_card():
    s, combo = _combo_sold_back_into_the_deck()
    assert combo in s.deck


def test_a_combo_card_in_a_new_combo_counts_as_one_card_for_the_die():
    """Reading: an accepted Combo card is "treated as a new waste card", one card on the table (the
    cards that went into it are out of the game), so a new combo of it and one more card needs more
    than 2 on the die, not more than 3."""
    s, combo = _combo_sold_back_into_the_deck()
    s = edit(position(s, table=[combo, "Wooden crate"]), used_skills=[])  # drawn in a later round
    start(s, combo, "Wooden crate")
    s = with_roll(s, 3)
    act(s, "combine furniture alone")
    assert any("needs more than 2): rolled 3" in row[2] for row in s.log[-4:])
    assert s.work is not None and s.work["cards"][0] in s.combos and s.work["cards"][0] != combo
    assert combo not in s.combos and combo in s.blanks  # wiped, a blank Combo card again


def test_combo_cards_cannot_be_recycled():
    s = game(["Wobbly chair", "Chest of drawers"])
    start(s, "Wobbly chair", "Chest of drawers")
    s = with_roll(s, 6)
    act(s, "combine furniture alone")
    combo = s.work["cards"][0]
    act(s, "donate furniture")
    s = position(s, table=[combo])
    assert f"recycle {combo}" not in legal(s) and f"burn {combo}" in legal(s)


def test_if_not_accepted_you_must_take_it_apart_and_deal_with_the_componing_waste_cards_individually():
    """Rulebook §6: "If not accepted: you must take it apart and deal with the componing waste cards
    individually (Sell, Donate, Store, Recycle or Burn)." The parts can be sold or donated, so the
    Skill cards of the combo are free again; a part cannot join another combo this round."""
    s = game(["Wobbly chair", "Scratched table"])
    start(s, "Wobbly chair", "Scratched table")
    s = with_roll(s, 1)
    act(s, "combine furniture alone")
    chair, table = card(s, "Wobbly chair"), card(s, "Scratched table")
    assert "furniture" not in s.used and s.work is None
    assert f"store {chair} p1" in legal(s) and f"combo {chair}" not in legal(s)
    assert f"reuse {chair} furniture" in legal(s)
    act(s, f"reuse {chair} furniture")
    act(s, "sell furniture")
    assert s.sell == [chair] and "furniture" in s.used
    assert f"reuse {table} furniture" not in legal(s), "the Skill card is now used on the chair"


def test_a_stored_part_of_a_combo_not_accepted_goes_back_to_its_storage():
    """Rulebook §6: "If not accepted: you must take it apart and deal with the componing waste cards
    individually (Sell, Donate, Store, Recycle or Burn)." Taken apart, each card goes back where it was
    taken from: a card from P2's Storage is stored there still (interpretation 10: a stored card never
    moves to the other Storage) and may still be dealt with this round."""
    s = game(["Wobbly chair"], storage=([], ["Scratched table"]))
    chair, table = card(s, "Wobbly chair"), card(s, "Scratched table")
    start(s, "Wobbly chair", "Scratched table")
    s = with_roll(s, 1)
    agreed(s, "combine furniture alone")  # a card of P2's Storage: P2 agrees
    assert s.table == [chair] and s.storage == [[], [table]]
    assert not any(a.startswith(f"store {table}") for a in legal(s)), "never into P1's Storage"
    assert {f"reuse {table} furniture", f"burn {table}"} <= legal(s)
    act(s, f"store {chair} p1")
    assert "end_round" in legal(s), "the stored part may stay in its Storage"


def test_a_burned_combo_card_is_wiped_and_becomes_blank_again():
    s = game(["Wobbly chair", "Chest of drawers", "Chewing gum", "Used tissues"])
    start(s, "Wobbly chair", "Chest of drawers")
    s = with_roll(s, 6)
    act(s, "combine furniture alone")
    combo = s.work["cards"][0]
    act(s, "donate furniture")
    s = position(s, table=["Chewing gum", "Used tissues", combo])
    for c in (combo, card(s, "Chewing gum"), card(s, "Used tissues")):
        act(s, f"burn {c}")
    assert combo in s.blanks and combo not in s.combos


def test_combo_complexity_is_the_highest_printed_complexity_even_in_an_easier_round():
    s = position(
        new_game(), table=["Wobbly chair", "Chest of drawers"], skills=dict(SKILLS), event="furniture_fair"
    )
    start(s, "Wobbly chair", "Chest of drawers")
    s = with_roll(s, 6)
    act(s, "combine furniture alone")
    combo = s.work["cards"][0]
    assert s.combos[combo]["complexity"] == 2 and s.complexity(combo) == 1


def test_combo_starts_are_exactly_the_cards_with_a_feasible_partner():
    """The fast start test agrees with trying every pair through the combo rules."""
    game = load_game("waste_what", variant="difficult", first_game=True)
    checked = 0
    heuristic = game.spec.bots["heuristic"]
    for seed in range(30):
        state = game.new_state(seed)
        bots = [RandomBot(game, s, seed) if seed % 2 else heuristic(game, s, seed) for s in range(2)]
        while not state.is_terminal():
            if state.work is None and not state.pending:
                cands = state.candidates()
                pool = [c for c in cands if state.category(c) and c not in state.rejected]
                brute = [
                    c
                    for c in pool
                    if any(state.combo_feasible([c, d], cc) for d in pool if d != c for cc in (False, True))
                ]
                assert state.combo_starts() == brute
                checked += 1
            seat = next_seat(state)
            state.apply(seat, bots[seat].choose(state, seat))
    assert checked > 50


FIVE_EASY = ["Wobbly chair", "Wooden crate", "Bookshelf missing a shelf", "Scratched table", "Stale bread"]


def test_you_must_roll_a_higher_number_than_the_number_of_cards_so_a_combo_holds_at_most_five():
    """Rulebook §6: "Roll the dice to determine if your Combo will be accepted. You must roll a higher
    number than the number of cards in the combo." A six-sided die never beats six cards, so a combo
    takes at most five."""
    skills = {**SKILLS, "furniture": (0, 5), "food": (1, 5), "creative": (1, 5)}
    s = game([*FIVE_EASY, "Bruised apples"], skills=skills)
    start(s, *FIVE_EASY)
    assert s.combo_feasible([*s.work["cards"], card(s, "Bruised apples")], True), (
        "the skills could handle six"
    )
    assert f"combo {card(s, 'Bruised apples')}" not in legal(s)
    assert {"combine furniture alone", "combine food creative"} <= legal(s)
    with pytest.raises(IllegalAction, match="more than 5 cards can never be accepted"):
        s.apply(0, f"combo {card(s, 'Bruised apples')}")


def test_a_die_with_fewer_sides_takes_fewer_cards():
    """The die is content (``rules.die_sides``): with a four-sided die a combo holds at most three."""
    skills = {**SKILLS, "furniture": (0, 5), "food": (1, 5), "creative": (1, 5)}
    s = position(
        load_game("waste_what", first_game=True, overrides={"rules.die_sides": 4}).new_state(0),
        table=FIVE_EASY,
        skills=skills,
    )
    start(s, *FIVE_EASY[:3])
    assert not any(a.startswith("combo ") for a in legal(s)) and "combine furniture alone" in legal(s)
