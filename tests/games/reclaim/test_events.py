"""Event cards: the `turns` and `timer` schedules, negative cards at once, positive cards kept."""

import pytest

from loopcity import load_game
from loopcity.engine import Action, IllegalAction
from loopcity.games.reclaim import events
from loopcity.games.reclaim.board import MIXED, ROLES
from loopcity.games.reclaim.turn import farm_spare

from .helpers import deck_with_top, legal_texts, seat_of, table


def _event(st, card_id):
    return next(e for e in st.content.events if e.id == card_id)


def _all_done(st):
    for s in range(4):
        if not st.pol_done[s] and st.phase == "politics":
            st.apply(s, "done")


def _grow(st):
    while st.phase == "growth":
        seat = st.active_seats()[0]
        st.apply(seat, st.legal_actions(seat)[0])


def test_turns_schedule_draws_after_every_k_player_turns():
    st = load_game("reclaim", event_every=2).new_state(0)
    seat = st.active_seats()[0]
    st.apply(seat, "convert")
    st.apply(seat, "end_turn")
    assert len(st.events) == 20
    seat = st.active_seats()[0]
    st.apply(seat, "end_turn")
    assert len(st.events) == 19 and st.last_event >= 0


def test_default_schedule_gives_about_as_many_events_as_a_two_hour_session():
    game = load_game("reclaim")
    turns = 4 * game.content.rules.rounds
    assert turns // game.options["event_every"] == 8  # a 10-minute timer in ~100 minutes of play


def test_timer_schedule_draws_when_the_front_end_rings_the_alarm():
    st = load_game("reclaim", events="timer").new_state(0)
    seat = st.active_seats()[0]
    assert st.clock_actions() == [Action("alarm")]
    st.apply_clock("alarm")
    assert len(st.events) == 19
    assert st.clock_actions() == [Action("alarm")]  # the timer runs on: it may ring again before a move
    rang = [str(line) for _step, kind, line, _seats in st.log if kind == "action"]
    assert rang == ["The table's timer rang"]  # the table's clock, no seat's act ("Seat 1 (...): ...")
    st.apply(seat, st.legal_actions(seat)[0])
    assert st.clock_actions() == [Action("alarm")]


def test_no_player_can_ring_the_alarm():
    st = load_game("reclaim", events="timer").new_state(0)
    seat = st.active_seats()[0]
    assert "alarm" not in legal_texts(st, seat)
    with pytest.raises(IllegalAction, match="clock"):
        st.apply(seat, "alarm")
    assert len(st.events) == 20


def test_no_alarm_in_the_turns_schedule(st):
    assert "alarm" not in legal_texts(st, st.active_seats()[0])
    assert st.clock_actions() == []
    with pytest.raises(IllegalAction):
        st.apply_clock("alarm")


def test_negative_event_applies_at_once():
    """Drawn after the Treatment role's turn (the second player turn), Budget cut applies at once."""
    st = table("standard", turn="treatment", player_turns=1, event_deck=deck_with_top("budget_cut"))
    st.apply(seat_of(st, "treatment"), "end_turn")
    card = st.tables.event_ids["budget_cut"]
    assert st.city == 300 and card in st.discard


def test_positive_event_is_kept_by_the_player_of_its_role_and_played_later():
    st = table("standard", turn="treatment", player_turns=1, event_deck=deck_with_top("urine_diversion"))
    st.apply(seat_of(st, "treatment"), "end_turn")
    card = st.tables.event_ids["urine_diversion"]
    farmer = seat_of(st, "farming")
    assert st.hands[farmer] == [card]
    seat = st.active_seats()[0]  # the Farming role's turn comes next
    assert seat == farmer and "play_event 0" in legal_texts(st, seat)
    before = st.res[5][4] + st.res[7][4]
    st.apply(seat, "play_event 0")
    assert st.res[5][4] + st.res[7][4] == before + 2 and not st.hands[farmer]


def test_event_during_joint_decisions_waits_for_the_coming_round():
    st = table("timer", phase="politics", turn="contractor", event_deck=deck_with_top("budget_cut", "timer"))
    card = st.tables.event_ids["budget_cut"]
    st.apply_clock("alarm")
    assert st.city == 500 and st.pending_events == [card]
    _all_done(st)
    _grow(st)
    assert st.round == 2 and st.city == 500 + 500 - 200


@pytest.mark.parametrize("effect", ["farm_capacity", "plant_capacity"])
def test_round_effects_last_for_the_current_round(effect):
    st = table(phase="politics", turn="contractor")
    ev = next(e for e in st.content.events if e.effect == effect and e.kind == "negative")
    events.apply_effect(st, ev, holder=-1)
    assert st.mods[effect] == ev.amount < 0
    _all_done(st)
    _grow(st)
    assert st.round == 2 and st.mods[effect] == 0


def test_about_twenty_event_cards_positive_ones_name_a_role(st):
    assert 18 <= len(st.content.events) <= 24
    for e in st.content.events:
        assert e.kind == "negative" or e.role in ROLES


def test_heavy_rains_overflow_pit_latrines_onto_the_most_crowded_housing_hexagons():
    # 6 Waste from the flooded latrines: up to the 4 a hexagon may hold on the most crowded Housing
    # hexagon, the rest on the next; residual Waste for the table to treat, dump or leave.
    st = table(
        hexagons={8: {"housing_blocks": [4, 0, 0], "mixed_waste": 1}, 9: {"housing_blocks": [0, 3, 0]}}
    )
    water_before = sum(st.res[h][MIXED] for h, t in enumerate(st.terrain) if t == "water")
    card = _event(st, "heavy_rains")
    assert (card.effect, card.amount) == ("overflow", 6)
    where = events.apply_effect(st, card, holder=-1)
    assert st.res[8][MIXED] == 4 and st.res[9][MIXED] == 3 and sorted(where) == [8, 8, 8, 9, 9, 9]
    assert sum(st.res[h][MIXED] for h, t in enumerate(st.terrain) if t == "water") == water_before
    assert events.effect_text(card.effect, where) == "Waste overflowed onto hex 8, 9."


def test_the_emptying_truck_puts_new_waste_into_the_water_not_the_lands():
    st = table(hexagons={8: {"mixed_waste": 3}})
    card = _event(st, "emptying_truck")
    assert (card.effect, card.amount) == ("into_water", 3)
    events.apply_effect(st, card, holder=-1)
    water = [h for h, t in enumerate(st.terrain) if t == "water"]
    assert st.res[8][MIXED] == 3 and sum(st.res[h][MIXED] for h in water) == 3


def test_the_emptying_truck_fills_the_next_water_hexagon_and_stops_when_all_are_full():
    water = [h for h, t in enumerate(load_game("reclaim").new_state(0).terrain) if t == "water"]
    st = table(hexagons={water[0]: {"mixed_waste": 3}})
    events.apply_effect(st, _event(st, "emptying_truck"), holder=-1)
    assert [st.res[h][MIXED] for h in water] == [4, 2]
    st = table(hexagons={h: {"mixed_waste": 4} for h in water})
    assert events.apply_effect(st, _event(st, "emptying_truck"), holder=-1) == []


def test_cholera_puts_disease_in_the_most_crowded_urban_hexagon():
    st = table(hexagons={9: {"housing_blocks": [0, 4, 0]}})
    events.apply_effect(st, _event(st, "cholera"), holder=-1)
    assert st.disease[9] == 1 and sum(st.disease) == 1


def test_pipe_burst_destroys_the_oldest_grey_link_and_its_card_stays():
    st = table(seats={0: {"cards": ["grey:0"]}})
    events.apply_effect(st, _event(st, "pipe_burst"), holder=-1)
    assert not any(t == "grey" for _, _, t in st.links) and ("grey", 0) in st.owned[0]
    assert st.comp["grey"][4] != st.comp["grey"][8]


def test_migration_adds_a_level_0_block(st):
    events.apply_effect(st, _event(st, "migration"), holder=-1)
    assert sum(sum(b) for b in st.blocks) == 7


def test_price_events_change_this_rounds_cost(st):
    before = st.cost("npk")
    events.apply_effect(st, _event(st, "fertilizer_prices"), holder=-1)
    assert st.cost("npk") == before + 100


def test_green_bond_pays_its_holder(st):
    events.apply_effect(st, _event(st, "green_bond"), holder=2)
    assert st.coins == [1000, 1000, 1300, 1000]


def _after_the_contractors_turn(card):
    """The Contractor ends the round's last turn with ``card`` on top of the Event deck, under the
    `turns` schedule (the fourth player turn: an Event is due)."""
    st = table("standard", turn="contractor", plays="farming", player_turns=3, event_deck=deck_with_top(card))
    st.apply(seat_of(st, "contractor"), "end_turn")
    return st, st.tables.event_ids[card]


def test_if_the_alarm_rings_after_all_players_have_finished_their_rounds_the_card_is_applied_at_the_start_of_the_coming_round():
    """Rulebook, Event cards: "If the alarm rings after all players have finished their rounds and
    are playing together the card is applied at the start of the coming round". Drawn after the
    Contractor's turn, Drought ("Every Farm produces 1 Food less this round") waits through the joint
    decisions and growth, then holds back the Farms in round 2."""
    st, card = _after_the_contractors_turn("drought")
    assert st.phase == "politics" and st.last_event == card
    assert st.pending_events == [card] and st.mods["farm_capacity"] == 0
    _all_done(st)
    _grow(st)
    assert st.round == 2 and st.pending_events == [] and card in st.discard
    assert st.mods["farm_capacity"] == -1
    assert st.tables.farm_capacity[st.farm_level[5]] == 2 and farm_spare(st, 5) == 1


def test_a_positive_card_drawn_then_is_given_to_the_player_that_will_play_that_role_the_coming_round():
    """Rulebook, Event cards: "if a positive card is drawn it is given to the player that will play
    that role the coming round". Green bond names the Treatment role: seat 2 holds it in round 1,
    seat 3 in round 2 (the roles rotate left), and seat 3 plays the card on its round 2 turn."""
    st, card = _after_the_contractors_turn("green_bond")
    assert seat_of(st, "treatment") == 1 and not any(st.hands)
    _all_done(st)
    _grow(st)
    treatment = seat_of(st, "treatment")
    assert st.round == 2 and treatment == 2 and st.hands[treatment] == [card]
    housing = seat_of(st, "housing")
    st.apply(housing, "convert")
    st.apply(housing, "end_turn")
    assert st.active_seats() == (treatment,) and "play_event 0" in legal_texts(st, treatment)
    before = st.coins[treatment]
    st.apply(treatment, "play_event 0")
    assert st.coins[treatment] == before + 300
