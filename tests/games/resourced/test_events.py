"""The 8 Good and 6 Bad Events of Appendix A."""

import pytest

from loopcity.engine import IllegalAction

from .helpers import after_turn, agree, chance, decide, hand, legal, strike


def test_appendix_a_has_eight_good_and_six_bad_events():
    st = after_turn(["round_end"])
    assert len(st.tables.good_events) == 8 and len(st.tables.bad_events) == 6


@pytest.mark.parametrize(
    "event,resource",
    [
        ("rain", "water"),
        ("community_planting_day", "compost"),
        ("harvest", "food"),
        ("computer_access_program", "metal"),
        ("bee_hotels", "food"),
    ],
)
def test_each_player_draws_a_card_from_a_pile(event, resource):
    st = strike(event, empty_hands=True)
    assert all(hand(st, s) == {resource: 1} for s in range(4))


def test_draw_events_stop_when_the_pile_runs_out():
    st = strike("rain", empty_hands=True, hands={1: {"water": 14}})
    assert [st.hands[s][4] for s in range(4)] == [15, 1, 0, 0]


def test_study_group_each_player_draws_randomly_from_the_waste_pile():
    st = strike("study_group", empty_hands=True, waste=["wood", "metal", "compost"])
    assert len(st.waste) == 0
    assert [sum(st.hands[s]) for s in range(4)] == [1, 1, 1, 0]
    assert sorted(r for s in range(4) for r in range(5) if st.hands[s][r]) == [0, 1, 2]


def test_trash_pickup_day_recycles_the_die_roll():
    st = strike("trash_pickup_day", seed=14, waste=["wood"] * 8)
    assert chance(st, "Trash Pickup Day") == ["Trash Pickup Day: rolled 4"]
    assert len(st.waste) == 4


def test_join_carya_puts_a_free_upgrade_on_an_existing_resource_tile():
    """Join CARYA: "Choose 1 existing Resource Tile": the first player proposes, the table votes."""
    st = strike("join_carya")
    assert st.phase == "carya" and st.active_seats() == (0,)
    assert sorted(legal(st)) == ["place 1", "place 2", "place 3", "place 4", "place 6"]
    bank = list(st.bank)
    decide(st, "place 2")
    assert st.upgrades[2] == "composter" and st.bank == bank


def test_drought_fix_costs_one_water_each_else_removed():
    """Drought: "each costing 1 Water to fix": a player pledges a Water of their own, or nobody does
    and the Irrigation System is removed."""
    st = strike(
        "drought", tiles={8: "food_forest"}, upgrades={1: "irrigation_system", 8: "irrigation_system"}
    )
    assert st.phase == "fix" and st.active_seats() == (0, 1, 2, 3)
    st.apply(2, "fix")
    assert st.upgrades[1] == "irrigation_system" and st.hands[2][4] == 0
    for seat in (0, 1, 3):
        st.apply(seat, "let_go")
    assert st.upgrades[8] is None and st.phase == "action"


def test_drought_players_off_food_forest_and_bgcs_use_water_or_skip():
    """Interpretation 13: with no Irrigation System on the board (the card's "nothing happens" closes
    its first paragraph), the players off a Food Forest and off BGCS still Use 1 Water."""
    st = strike("drought", on={2: 1, 3: 3, 4: 4}, hands={4: {}})
    assert st.hands[0][4] == 1 and st.hands[1][4] == 1  # BGCS and Food Forest: nothing
    assert st.hands[2][4] == 0 and st.waste == [4]  # Used (Wasted: no Composter)
    assert st.skip == [False, False, False, True]


def test_drought_without_irrigation_systems_touches_no_upgrade():
    st = strike("drought")
    assert st.phase == "action"


def test_heat_wave_off_heat_haven_and_bgcs_use_food_or_water_or_skip():
    st = strike("heat_wave", on={2: 3, 3: 1, 4: 2}, hands={4: {}})
    assert st.phase == "heat_choice" and st.active_seats() == (2,)
    st.apply(2, "use water")
    assert hand(st, 2) == {"food": 1}
    assert st.skip == [False, False, False, True]
    assert hand(st, 0) == hand(st, 1) == {"food": 1, "water": 1}


def test_skipped_turn_is_skipped():
    st = after_turn(["turn 1", "turn 2", "round_end"], skips=(1,))
    assert st.turn_seat == 1 and st.skip[0] is False


def test_a_skipped_turn_has_no_hand_limit_check():
    """Interpretation 15: a skipped turn is not played, so it has no end of turn at which to Waste
    down to the hand limit: the player keeps the cards over it until a turn they play ends."""
    st = after_turn(["turn 1", "round_end"], skips=(1,), hands={1: {"wood": 9}})
    assert st.round == 2 and hand(st, 0) == {"wood": 9} and st.hand_limit() == 7


def test_bushfire_smoke_slows_everyone_not_in_bgcs():
    st = strike("bushfire_smoke", on={2: 1, 4: 3})
    assert st.smoke == [False, True, False, True]


def test_vandalism_fixed_with_three_metal():
    """The pledges are paid only once they cover the 3 Metal; each player pledges their own."""
    st = strike("vandalism", upgrades={4: "shipping_container"}, hands={2: {"metal": 2}, 3: {"metal": 1}})
    assert st.phase == "fix" and st.active_seats() == (1, 2)
    st.apply(1, "fix")
    st.apply(1, "fix")
    assert st.hands[1][1] == 2 and st.active_seats() == (2,)  # pledged, not paid yet
    st.apply(2, "fix")
    assert st.upgrades[4] == "shipping_container" and st.phase == "action"
    assert st.hands[1][1] == st.hands[2][1] == 0


def test_vandalism_pledges_that_fall_short_pay_nothing():
    st = strike(
        "vandalism",
        upgrades={4: "shipping_container"},
        hands={2: {"metal": 2}, 3: {"metal": 1}},
    )
    st.apply(1, "fix")
    st.apply(2, "let_go")  # the 2 Metal left cannot make 3: nobody pays
    assert st.hands[1][1] == 2 and st.hands[2][1] == 1 and st.upgrades[4] is None


def test_vandalism_not_fixed_removes_a_chosen_container():
    st = strike(
        "vandalism",
        tiles={7: "social_housing"},
        upgrades={4: "shipping_container", 7: "shipping_container"},
        hands={2: {"metal": 3}},
    )
    st.apply(1, "let_go")
    assert st.phase == "remove" and sorted(legal(st)) == ["remove 4", "remove 7"]
    decide(st, "remove 7")
    assert st.upgrades[7] is None and st.upgrades[4] == "shipping_container"


def test_vandalism_without_containers_does_nothing():
    st = strike("vandalism")
    assert st.phase == "action"


def test_flood_fence_with_two_wood_or_lose_the_composter_and_replant():
    st = strike(
        "flood",
        tiles={8: "community_garden"},
        upgrades={2: "composter", 8: "composter"},
        hands={1: {"wood": 2, "food": 1}, 4: {"wood": 2}},
    )
    st.apply(0, "fix")
    st.apply(0, "fix")
    assert st.upgrades[2] == "composter" and hand(st, 0) == {"food": 1}
    st.apply(3, "let_go")  # the second Garden: player 4 alone holds Wood and lets it go
    assert st.upgrades[8] is None and st.phase == "pay"
    assert legal(st, 1) == ["pay 2", "done"]  # players 1, 3 and 4 hold Food too
    st.apply(1, "pay 2")
    assert st.hands[1][3] == 0 and st.phase == "action"
    assert st.waste == []  # the Composter on tile 2 still stands: the Food is Used


def test_flood_without_wood_replants_at_once():
    st = strike("flood", upgrades={2: "composter"})
    assert st.upgrades[2] is None and st.phase == "pay"


def test_propurrrty_damage_a_chosen_player_wastes_a_card_of_their_choice():
    """ "Choose a player to Waste a card of their choice": the table chooses by a majority; the
    player chosen chooses the card."""
    st = strike("propurrrty_damage")
    assert st.phase == "cat" and st.active_seats() == (0,)
    decide(st, "choose 3")
    assert st.active_seats() == (2,)
    st.apply(2, "discard water")
    assert hand(st, 2) == {"food": 1} and st.waste == [4]


def test_a_rejected_proposal_passes_to_the_next_player():
    """A tie (2 votes to 2) carries nothing: the next player proposes."""
    st = strike("propurrrty_damage")
    st.apply(0, "choose 3")
    assert st.phase == "vote" and st.active_seats() == (1, 2, 3)
    st.apply(1, "vote yes")
    st.apply(2, "vote no")
    st.apply(3, "vote no")
    assert st.phase == "cat" and st.active_seats() == (1,)
    decide(st, "choose 4")
    assert st.phase == "cat_discard" and st.active_seats() == (3,)


def test_when_everyone_has_proposed_the_first_proposer_decides():
    st = strike("propurrrty_damage", players=3)
    for seat in (0, 1, 2):
        assert st.phase == "cat" and st.active_seats() == (seat,)
        st.apply(seat, "choose 2")
        agree(st, "no")
    assert st.phase == "cat" and st.active_seats() == (0,)
    st.apply(0, "choose 1")  # the last word: no vote
    assert st.phase == "cat_discard" and st.active_seats() == (0,)


def test_the_tables_decisions_are_logged_as_such():
    st = strike("propurrrty_damage")
    decide(st, "choose 3")
    lines = [(k, text) for _, k, text, _ in st.log[-5:]]
    assert lines == [
        ("action", "Seat 1 proposes: Seat 3 Wastes a card of their choice."),
        ("action", "Seat 2 votes yes."),
        ("action", "Seat 3 votes yes."),
        ("decision", "The table agrees, 3 votes to 0."),
        ("decision", "Propurrrty Damage: Seat 3 Wastes a card of their choice."),
    ]


def test_nobody_spends_another_players_cards():
    st = strike("drought", upgrades={1: "irrigation_system"}, hands={1: {"food": 1}})
    assert st.active_seats() == (1, 2, 3)  # player 1 holds no Water: nothing to pledge
    with pytest.raises(IllegalAction, match="may not act now"):
        st.apply(0, "fix")
    st = strike("flood", upgrades={2: "composter"}, empty_hands=True, hands={2: {"food": 1}, 3: {"food": 1}})
    assert st.phase == "pay" and st.active_seats() == (1, 2)
    with pytest.raises(IllegalAction, match="only from their own hand: Seat 3"):
        st.apply(1, "pay 3")
