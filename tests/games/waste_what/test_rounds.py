"""Rulebook sections 3-4 and Winning and Losing: starting and ending rounds, rent, the round counter."""

from .helpers import act, card, edit, end_round, legal, new_game, position

SKILLS = {
    "textile": (0, 1),
    "furniture": (0, 1),
    "bikes": (0, 1),
    "food": (1, 1),
    "electronics": (1, 1),
    "creative": (1, 1),
}


def empty_table(**kw):
    return position(new_game(), table=[], skills=dict(SKILLS), **kw)


def test_end_of_round_pays_rent_and_moves_the_round_counter():
    s = edit(empty_table(storage=(["Glass jars", "Tin cans"], [])), event_deck=["repair_cafe"])
    end_round(s)
    assert s.cash == [0, 1] and s.bank == 4 + 3
    assert s.round == 2


def test_a_player_who_cannot_pay_rent_loses_the_game_for_both():
    s = empty_table(storage=(["Glass jars", "Tin cans", "Cardboard boxes"], []))
    end_round(s)
    out = s.outcome()
    assert s.is_terminal() and not out.team_won and out.winners == ()
    assert "P1 could not pay the rent" == out.cause


def test_surviving_round_six_with_rent_paid_wins():
    s = edit(empty_table(), round=6)
    end_round(s)
    out = s.outcome()
    assert out.team_won and out.winners == (0, 1) and "6 rounds" in out.cause


def test_losing_rent_in_round_six_is_still_a_loss():
    s = edit(empty_table(), round=6, p1={"cash": 0}, bank=6)
    end_round(s)
    assert not s.outcome().team_won


def test_new_round_shuffles_draws_an_event_and_six_waste_cards():
    s = empty_table()
    end_round(s)
    assert s.event is not None and len(s.event_deck) == 19
    texts = [row["text"] for row in s.log_for(None, last=12)]
    assert "Waste deck shuffled" in texts and any(t.startswith("Event:") for t in texts)
    ev = s.event_card()
    expected = 6 + (ev.amount if ev.effect == "extra_waste" else 0)
    assert len(s.table) == expected


def test_skills_are_ready_again_in_the_next_round():
    s = position(new_game(), table=["Wobbly chair"], skills=dict(SKILLS))
    chair = card(s, "Wobbly chair")
    act(s, f"reuse {chair} furniture")
    act(s, "donate furniture")
    end_round(s)
    assert s.used == set()


def test_stored_cards_stay_in_storage_between_rounds():
    s = position(new_game(), table=["Wobbly chair"], skills=dict(SKILLS))
    chair = card(s, "Wobbly chair")
    act(s, f"store {chair} p2")
    end_round(s)
    assert s.storage[1] == [chair] and chair not in s.table
    assert f"reuse {chair} furniture" in legal(s) or s.pending


def test_both_players_may_act_in_the_shared_phase():
    s = position(new_game(), table=["Wobbly chair"], skills=dict(SKILLS))
    assert s.active_seats() == (0, 1)
    assert legal(s, 0) == legal(s, 1)
