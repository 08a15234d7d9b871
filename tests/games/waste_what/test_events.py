"""Event cards (drawn from round 2, reconstructed): each effect type does what its card says."""

from .helpers import act, agreed, card, edit, end_round, legal, new_game, position

SKILLS = {
    "textile": (0, 1),
    "furniture": (0, 1),
    "bikes": (0, 1),
    "food": (1, 1),
    "electronics": (1, 1),
    "creative": (1, 1),
}


def next_round_with(event_id, storage=((), ())):
    s = position(new_game(), table=[], skills=dict(SKILLS), storage=storage)
    s = edit(s, event_deck=[event_id])
    end_round(s)
    assert s.event == event_id
    return s


def test_twenty_event_cards_one_drawn_from_round_two():
    s = new_game()
    assert len(s.event_deck) == 20 and s.event is None


def test_grant_gives_each_player_money_from_the_bank():
    s = next_round_with("city_grant")
    assert s.cash == [2, 2] and s.bank == 4


def test_rent_increase_adds_to_this_rounds_rent():
    s = next_round_with("rent_increase")
    assert s.rent_due(0) == 2


def test_rent_freeze_lowers_rent_never_below_zero():
    s = next_round_with("rent_freeze")
    assert s.rent_due(0) == 0


def test_bulky_waste_day_draws_more_waste():
    s = next_round_with("bulky_waste_day")
    assert len(s.table) == 8


def test_repair_cafe_makes_every_card_easier_never_below_one():
    s = next_round_with("repair_cafe")
    s = position(s, table=["Broken toaster", "Wobbly chair"], skills=dict(SKILLS), event="repair_cafe")
    assert s.complexity(card(s, "Broken toaster")) == 1 and s.complexity(card(s, "Wobbly chair")) == 1
    assert f"reuse {card(s, 'Broken toaster')} electronics" in legal(s)


def test_category_event_makes_only_that_category_easier():
    s = next_round_with("fab_lab")
    s = position(s, table=["Broken toaster", "Chest of drawers"], skills=dict(SKILLS), event="fab_lab")
    assert s.complexity(card(s, "Broken toaster")) == 1 and s.complexity(card(s, "Chest of drawers")) == 2


def test_recycling_strike_closes_the_recycle_bin():
    s = next_round_with("recycling_strike")
    s = position(s, table=["Glass jars"], skills=dict(SKILLS), event="recycling_strike")
    assert not any(a.startswith("recycle") for a in legal(s))


def test_recycling_drive_allows_two_cards():
    s = next_round_with("recycling_drive")
    s = position(
        s, table=["Glass jars", "Tin cans", "Cardboard boxes"], skills=dict(SKILLS), event="recycling_drive"
    )
    act(s, f"recycle {card(s, 'Glass jars')}")
    act(s, f"recycle {card(s, 'Tin cans')}")
    assert f"recycle {card(s, 'Cardboard boxes')}" not in legal(s)


def test_flea_market_adds_money_from_the_bank_to_each_sale():
    s = next_round_with("flea_market")
    s = position(s, table=["Wobbly chair"], skills=dict(SKILLS), event="flea_market")
    cash, bank = list(s.cash), s.bank
    act(s, f"reuse {card(s, 'Wobbly chair')} furniture")
    act(s, "sell furniture")
    assert s.cash[0] == cash[0] + 2 and s.bank == bank - 1


def test_skill_share_workshop_raises_a_chosen_skill_first():
    s = next_round_with("skill_share")
    assert s.pending == "train" and "train food" in legal(s)
    assert not any(a.startswith(("reuse", "store", "burn")) for a in legal(s))
    agreed(s, "train food", by=1)
    assert s.level["food"] == 2 and s.pending is None


def test_incinerator_maintenance_closes_burning():
    s = next_round_with("incinerator_maintenance")
    s = position(s, table=["Chewing gum"], skills=dict(SKILLS), event="incinerator_maintenance")
    assert not any(a.startswith("burn") for a in legal(s)) and any(a.startswith("store") for a in legal(s))


def test_insurance_bill_takes_one_money_from_each_player_as_far_as_they_have():
    s = position(new_game(), table=[], skills=dict(SKILLS))
    s = edit(s, p1={"cash": 1}, p2={"cash": 3}, bank=4, event_deck=["insurance_bill"])
    end_round(s)  # rent leaves [0, 2]; then the bill
    assert s.cash == [0, 1] and s.bank == 7
