"""The 8 Good and 6 Bad Events of Appendix A."""

import pytest

from .helpers import empty_hands, hand, legal, new_game, place, set_hand, set_waste


def run_event(st, event):
    """Resolve ``event`` now; afterwards seat 1's turn starts (unless a decision is pending)."""
    st.phase = "auto"
    st.queue = [("turn", 0), ("round_end",)]
    st.event = event
    getattr(st, "_event_" + event)()
    st._advance()
    return st


def test_appendix_a_has_eight_good_and_six_bad_events():
    st = new_game()
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
    st = new_game()
    empty_hands(st)
    run_event(st, event)
    assert all(hand(st, s) == {resource: 1} for s in range(4))


def test_draw_events_stop_when_the_pile_runs_out():
    st = new_game()
    empty_hands(st)
    set_hand(st, 0, water=14)
    run_event(st, "rain")
    assert [st.hands[s][4] for s in range(4)] == [15, 1, 0, 0]


def test_study_group_each_player_draws_randomly_from_the_waste_pile():
    st = new_game()
    empty_hands(st)
    set_waste(st, "wood", "metal", "compost")
    run_event(st, "study_group")
    assert len(st.waste) == 0
    assert [sum(st.hands[s]) for s in range(4)] == [1, 1, 1, 0]
    assert sorted(r for s in range(4) for r in range(5) if st.hands[s][r]) == [0, 1, 2]


def test_trash_pickup_day_recycles_the_die_roll():
    st = new_game()
    set_waste(st, *["wood"] * 8)
    st.roll = lambda sides, what: 4
    run_event(st, "trash_pickup_day")
    assert len(st.waste) == 4


def test_join_carya_puts_a_free_upgrade_on_an_existing_resource_tile():
    st = new_game()
    run_event(st, "join_carya")
    assert st.phase == "carya" and st.active_seats() == (0,)
    assert sorted(legal(st)) == ["place 1", "place 2", "place 3", "place 4", "place 6"]
    bank = list(st.bank)
    st.apply(0, "place 2")
    assert st.upgrades[2] == "composter" and st.bank == bank


def test_drought_fix_costs_one_water_each_else_removed():
    st = new_game()
    place(st, 8, "food_forest")
    st._put_upgrade(1, "irrigation_system")
    st._put_upgrade(8, "irrigation_system")
    st.pos = [0, 0, 0, 0]
    run_event(st, "drought")
    assert st.phase == "fix_choice"
    st.apply(0, "fix")
    st.apply(0, "pay 3")
    assert st.upgrades[1] == "irrigation_system" and st.hands[2][4] == 0
    st.apply(0, "let_go")
    assert st.upgrades[8] is None and st.phase == "action"


def test_drought_players_off_food_forest_and_bgcs_use_water_or_skip():
    st = new_game()
    st.pos = [0, 1, 3, 4]
    set_hand(st, 3)
    run_event(st, "drought")
    assert st.hands[0][4] == 1 and st.hands[1][4] == 1  # BGCS and Food Forest: nothing
    assert st.hands[2][4] == 0 and st.waste == [4]  # Used (Wasted: no Composter)
    assert st.skip == [False, False, False, True]


def test_drought_without_irrigation_systems_touches_no_upgrade():
    st = new_game()
    run_event(st, "drought")
    assert st.phase == "action"


def test_heat_wave_off_heat_haven_and_bgcs_use_food_or_water_or_skip():
    st = new_game()
    st.pos = [0, 3, 1, 2]
    set_hand(st, 3)
    run_event(st, "heat_wave")
    assert st.phase == "heat_choice" and st.active_seats() == (2,)
    st.apply(2, "use water")
    assert hand(st, 2) == {"food": 1}
    assert st.skip == [False, False, False, True]
    assert hand(st, 0) == hand(st, 1) == {"food": 1, "water": 1}


def test_skipped_turn_is_skipped():
    st = new_game()
    st.skip[0] = True
    st.phase = "auto"
    st.queue = [("turn", 0), ("turn", 1)]
    st._advance()
    assert st.turn_seat == 1 and st.skip[0] is False


def test_bushfire_smoke_slows_everyone_not_in_bgcs():
    st = new_game()
    st.pos = [0, 1, 0, 3]
    run_event(st, "bushfire_smoke")
    assert st.smoke == [False, True, False, True]


def test_vandalism_fixed_with_three_metal():
    st = new_game()
    st._put_upgrade(4, "shipping_container")
    set_hand(st, 1, metal=2)
    set_hand(st, 2, metal=1)
    run_event(st, "vandalism")
    st.apply(0, "fix")
    for who in (1, 1, 2):
        st.apply(0, f"pay {who + 1}")
    assert st.upgrades[4] == "shipping_container" and st.phase == "action"


def test_vandalism_not_fixed_removes_a_chosen_container():
    st = new_game()
    place(st, 7, "social_housing")
    st._put_upgrade(4, "shipping_container")
    st._put_upgrade(7, "shipping_container")
    set_hand(st, 1, metal=3)
    run_event(st, "vandalism")
    st.apply(0, "let_go")
    assert sorted(legal(st)) == ["remove 4", "remove 7"]
    st.apply(0, "remove 7")
    assert st.upgrades[7] is None and st.upgrades[4] == "shipping_container"


def test_vandalism_without_containers_does_nothing():
    st = new_game()
    run_event(st, "vandalism")
    assert st.phase == "action"


def test_flood_fence_with_two_wood_or_lose_the_composter_and_replant():
    st = new_game()
    place(st, 8, "community_garden")
    st._put_upgrade(2, "composter")
    st._put_upgrade(8, "composter")
    set_hand(st, 0, wood=2, food=1)
    set_hand(st, 3, wood=2)
    run_event(st, "flood")
    st.apply(0, "fix")
    st.apply(0, "pay 1")
    st.apply(0, "pay 1")
    assert st.upgrades[2] == "composter"
    st.apply(0, "let_go")
    assert st.upgrades[8] is None
    st.apply(0, "pay 2")
    assert st.hands[1][3] == 0 and st.phase == "action"
    assert st.waste == []  # the Composter on tile 2 still stands: the Food is Used


def test_flood_without_wood_replants_at_once():
    st = new_game()
    st._put_upgrade(2, "composter")
    run_event(st, "flood")
    assert st.upgrades[2] is None and st.phase == "pay"


def test_propurrrty_damage_a_chosen_player_wastes_a_card_of_their_choice():
    st = new_game()
    run_event(st, "propurrrty_damage")
    assert st.phase == "cat" and st.active_seats() == (0,)
    st.apply(0, "choose 3")
    assert st.active_seats() == (2,)
    st.apply(2, "discard water")
    assert hand(st, 2) == {"food": 1} and st.waste == [4]


def test_event_decisions_are_logged_as_the_tables():
    st = new_game()
    text = st.describe(0, st.legal_actions(0)[0])
    assert text.startswith("The table (seat 1 deciding)")
