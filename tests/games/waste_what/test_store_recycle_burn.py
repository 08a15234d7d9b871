"""Rulebook section 5: Storing (rent), Recycling (one a round, card rules) and Burning (CO2)."""

import pytest

from loopcity.engine import IllegalAction

from .helpers import act, agreed, card, edit, end_round, legal, new_game, position

SKILLS = {
    "textile": (0, 1),
    "furniture": (0, 1),
    "bikes": (0, 1),
    "food": (1, 1),
    "electronics": (1, 1),
    "creative": (1, 1),
}


def game(table=(), storage=((), ()), **kw):
    return position(new_game(), table=list(table), storage=storage, skills=dict(SKILLS), **kw)


@pytest.mark.parametrize("stored,rent", [(0, 1), (1, 1), (2, 2), (3, 3), (4, 4)])
def test_rent_is_1_for_no_or_one_card_then_one_per_stored_card(stored, rent):
    names = ["Wobbly chair", "Flat tyre", "Stale bread", "Torn jeans"][:stored]
    s = game(storage=(names, []))
    assert s.rent_due(0) == rent and s.rent_due(1) == 1


def test_any_table_card_can_be_stored_even_just_waste_in_either_storage():
    s = game(["Chewing gum"])
    gum = card(s, "Chewing gum")
    assert {f"store {gum} p1", f"store {gum} p2"} <= legal(s)
    act(s, f"store {gum} p1")
    assert s.storage[0] == [gum]
    assert s.log[-1][2] == "Player 1 stores Chewing gum in their Storage"


def test_recycle_puts_the_card_on_the_recycle_bin():
    s = game(["Mixed plastic packaging", "Glass jars"])
    bag = card(s, "Mixed plastic packaging")
    act(s, f"recycle {bag}")
    assert s.bin == [bag]


def test_only_one_card_recycled_per_round():
    s = game(["Mixed plastic packaging", "Glass jars"])
    bag, jars = card(s, "Mixed plastic packaging"), card(s, "Glass jars")
    act(s, f"recycle {bag}")
    assert f"recycle {jars}" not in legal(s)
    with pytest.raises(IllegalAction, match="takes 1 card\\(s\\) this round"):
        s.apply(0, f"recycle {jars}")


def test_some_items_are_not_recyclable():
    s = game(["Old mattress"])
    assert not any(a.startswith("recycle") for a in legal(s))


def test_some_items_cost_money_to_recycle_paid_by_a_chosen_player():
    s = game(["Torn jeans"])
    jeans = card(s, "Torn jeans")
    assert f"recycle {jeans}" not in legal(s)
    s = edit(s, p1={"cash": 0}, bank=6)  # P1's 2 money paid to the bank
    assert f"recycle_paying {jeans} p2" in legal(s) and f"recycle_paying {jeans} p1" not in legal(s)
    act(s, f"recycle_paying {jeans} p2")
    assert s.cash == [0, 1] and s.bank == 6 + 1


def test_stored_cards_can_be_recycled_later_which_lowers_rent():
    s = game(storage=(["Glass jars", "Tin cans"], []))
    act(s, f"recycle {card(s, 'Glass jars')}")
    assert s.rent_due(0) == 1


def test_recycle_bin_goes_back_into_the_deck_at_the_end_of_the_round():
    s = game(["Glass jars"])
    jars = card(s, "Glass jars")
    act(s, f"recycle {jars}")
    end_round(s)
    assert s.bin == [] and (jars in s.deck or jars in s.table)
    assert s.recycled == 0


def test_burning_fills_the_burn_slots():
    s = game(["Chewing gum", "Used tissues"])
    act(s, f"burn {card(s, 'Chewing gum')}")
    act(s, f"burn {card(s, 'Used tissues')}")
    assert len(s.burn) == 2 and s.co2 == 0


def test_third_burn_releases_co2_removes_the_cards_and_gives_money_to_a_chosen_player():
    names = ["Chewing gum", "Used tissues", "Cigarette butts"]
    s = game(names)
    for n in names:
        act(s, f"burn {card(s, n)}")
    assert s.co2 == 1 and s.burn == []
    assert {card(s, n) for n in names} <= set(s.removed), "the three burned cards leave the game"
    assert s.active_seats() == (0, 1), "both players have a say"
    assert legal(s, 0) == legal(s, 1) == {"co2_money p1", "co2_money p2"}
    agreed(s, "co2_money p2")
    assert s.cash == [2, 3] and s.bank == 3


def test_third_co2_token_loses_at_once():
    names = ["Chewing gum", "Used tissues", "Cigarette butts"]
    s = edit(game(names + ["Wobbly chair"]), co2_released=2)
    for n in names:
        act(s, f"burn {card(s, n)}")
    assert s.is_terminal() and not s.outcome().team_won
    assert "CO2" in s.outcome().cause
    assert s.table == [card(s, "Wobbly chair")], "the game ends immediately, mid-round"


def test_every_card_must_be_dealt_with_before_the_round_ends():
    """Rulebook §3: "You must do something with each waste card to continue": a player may say they
    are done while the partner is still at work, but the last one at work must first deal with every
    card on the table."""
    s = game(["Chewing gum"])
    s.apply(0, "end_round")
    assert s.active_seats() == (1,) and s.round == 1
    assert "end_round" not in legal(s, 1)
    with pytest.raises(IllegalAction, match="each Waste card on the table"):
        s.apply(1, "end_round")
    act(s, f"store {card(s, 'Chewing gum')} p2")
    assert "end_round" in legal(s, 1)


def test_no_co2_money_when_the_bank_is_empty():
    names = ["Chewing gum", "Used tissues", "Cigarette butts"]
    s = edit(game(names), p1={"cash": 4}, p2={"cash": 4}, bank=0)
    for n in names:
        act(s, f"burn {card(s, n)}")
    assert s.co2 == 1 and s.pending is None and s.cash == [4, 4]
