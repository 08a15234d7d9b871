"""The decisions a page shows as one form (choices.py): each choice's steps are the game's own legal
actions, and sending them all leaves the game where the card-by-card play would."""

from __future__ import annotations

from loopcity.games.resourced.choices import choices

from .helpers import hand, turn


def _send(st, seat, choice, counts):
    for action in choice.steps(counts):
        st.apply(seat, action)


def test_the_shopping_centers_waste_is_one_choice_of_as_many_cards():
    st = turn(1, 0, upgrades={0: "bus_stop"}, empty_hands=True)
    for action in ("operate", "shop wood", "shop food", "shop_done"):
        st.apply(0, action)
    (choice,) = choices(st, 0)
    assert choice.key == "shop_waste" and choice.least == choice.most == 2
    rows = [c for _g, cs in choice.groups for c in cs]
    metal = [c.action for c in rows].index("waste metal")
    counts = [2 if i == metal else 0 for i in range(len(rows))]
    _send(st, 0, choice, counts)
    assert hand(st, 0) == {"wood": 1, "food": 1} and st.waste == [1, 1] and st.phase == "move"


def test_a_trade_is_one_offer_to_a_partner_in_reach():
    st = turn(1, 0)
    trades = {c.key: c for c in choices(st, 0)}
    choice = trades["trade-2"]
    assert choice.then == ("offer_trade",) and choice.most == st.trade_room()
    (give_label, give), (ask_label, ask) = choice.groups
    assert (give_label, ask_label) == ("You give", "You ask for")
    rows = [c.action for c in give + ask]
    counts = [1 if a in (give[0].action, ask[0].action) else 0 for a in rows]
    _send(st, 0, choice, counts)
    assert st.phase == "vote" and st.deal is not None and st.deal["with"] == 1
    assert sum(st.deal["give"]) == 1 and sum(st.deal["take"]) == 1
    assert choices(st, 0) == [] and choices(st, 1) == [], "the partner answers the one offer with a vote"
