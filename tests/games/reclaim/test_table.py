"""The table decides together (docs/games/reclaim.md, "The table decides together"): Political
decisions with their units, coins of one's own for the City budget, the Food import warning, the
Dump, where new Housing blocks go, the Farming role's consent to Sludge, kept Event cards in the
joint decisions, and the bots' answers."""

import pytest

from loopcity.bots import make_bot
from loopcity.engine import IllegalAction, waits_for_people
from loopcity.games.reclaim.board import FOOD, NPK, SLUDGE

from .helpers import fixed_rolls, legal_texts, position, seat_of, table


def politics_table(**fields):
    """A table at the Joint Political decisions, after the Contractor's turn."""
    return table(phase="politics", turn="contractor", plays="farming", **fields)


def _vote(st, answers):
    """Seats answer the open question in turn ({seat: 'yes'|'no'})."""
    for seat, choice in answers.items():
        st.apply(seat, f"vote {choice}")


# ----- Political decisions ---------------------------------------------------------------------------
def test_a_political_decision_names_how_many_units_in_one_step():
    st = politics_table(city_budget=1000, cost_cards={"npk": 100}, hexagons={5: {"npk": 0}})
    st.apply(1, "propose npk 5")
    assert st.active_seats() == (1,) and legal_texts(st, 1) == {f"units {n}" for n in range(1, 5)}
    st.apply(1, "units 4")
    assert st.ballot["data"] == {"hex": 5, "units": 4} and st.ballot["votes"] == {1: "yes"}
    _vote(st, {0: "yes", 2: "yes"})
    assert st.res[5][NPK] == 4 and st.city == 600


def test_the_units_offered_are_what_the_city_budget_can_pay():
    st = politics_table(city_budget=250, cost_cards={"npk": 100}, hexagons={5: {"npk": 0}})
    st.apply(0, "propose npk 5")
    assert legal_texts(st, 0) == {"units 1", "units 2"}


def test_a_tie_rejects_a_political_decision_and_counts_against_the_proposer():
    st = politics_table(cost_cards={"npk": 100}, hexagons={5: {"npk": 3}})
    st.apply(0, "propose npk 5")  # room for one NPK: put to the table at once
    assert st.ballot is not None and st.ballot["tie"] == "rejected"
    _vote(st, {1: "yes", 2: "no", 3: "no"})
    assert st.res[5][NPK] == 3 and st.city == 500 and st.rejections[0] == 1 and st.ballot is None


def test_nobody_votes_for_another_seat_and_the_proposer_does_not_vote_twice():
    st = politics_table(cost_cards={"npk": 100}, hexagons={5: {"npk": 3}})
    st.apply(0, "propose npk 5")
    before = st.state_hash()
    with pytest.raises(IllegalAction, match="may not act now"):
        st.apply(0, "vote yes")
    assert st.state_hash() == before


def test_a_seat_adds_the_whole_amount_the_food_import_lacks_in_one_step():
    # 7 unfed blocks at 225 C: 1,575 C due; the City budget holds 0 (issue: about eleven prompts)
    st = politics_table(
        city_budget=0,
        cost_cards={"food": 225},
        hexagons={8: {"food": 0}, 9: {"food": 0}, 4: {"housing_blocks": [1, 0, 0]}},
        seats={2: {"coins": 2000}},
    )
    assert legal_texts(st, 2) >= {
        "contribute 1575",
        "contribute 394",
        "fund",
        "contribute 500",
        "contribute 1000",
    }
    st.apply(2, "contribute 1575")  # the coins pay the Food import at once: it comes first
    assert st.city == 0 and st.coins[2] == 425
    assert st.res[8][FOOD] == 3 and st.res[9][FOOD] == 3 and st.res[4][FOOD] == 1
    for s in range(4):
        st.apply(s, "done")
    assert not st.lost


def test_only_ones_own_coins_go_to_the_city_budget():
    st = politics_table(seats={1: {"coins": 50}})
    assert not any(a.kind in ("fund", "contribute") for a in st.legal_actions(1))
    with pytest.raises(IllegalAction, match="you cannot add 100 C: you have 50 C"):
        st.apply(1, "fund")
    coins = list(st.coins)
    st.apply(0, "contribute 500")
    assert st.coins == [coins[0] - 500, *coins[1:]]


def test_the_prompt_and_done_warn_when_the_food_import_lacks_coins():
    st = politics_table(city_budget=200, cost_cards={"food": 300}, hexagons={8: {"food": 0}})
    prompt = st.prompt(0)
    assert "The Food import costs 900 C and the City budget holds 200 C: 700 C is missing" in prompt
    assert "3 Housing blocks go hungry" in prompt
    done = st.label(0, st.legal_actions(0)[-1])
    assert done.text.startswith("Done with the Political decisions — warning: the Food import lacks 700 C")


def test_no_warning_when_the_city_budget_pays_the_food_import():
    st = politics_table(city_budget=500, cost_cards={"food": 250}, hexagons={8: {"food": 1}})
    assert "will be paid from the City budget" in st.prompt(0)
    assert "warning" not in st.label(0, st.legal_actions(0)[-1]).text


# ----- kept Event cards in the joint decisions ----------------------------------------------------------
def test_a_kept_card_that_helps_now_is_played_in_the_joint_decisions():
    kept = ["donor_grant", "volunteers"]
    deck = [e for e in position()["event_deck"] if e not in kept]
    st = politics_table(seats={0: {"kept_events": kept}}, event_deck=deck)
    legal = legal_texts(st, 0)
    assert "play_event 0" in legal and "play_event 1" not in legal  # extra builds only in a turn
    st.apply(0, "play_event 0")
    assert st.city == 800 and st.hands[0] == [st.tables.event_ids["volunteers"]]
    assert st.view(None)["on_stage"][-1]["how"] == "played"


# ----- the Dump -----------------------------------------------------------------------------------------
def test_the_dump_is_selected_by_the_players_and_a_rejected_hexagon_is_not_proposed_again():
    st = table(turn="treatment")
    seat = seat_of(st, "treatment")
    st.apply(seat, "dump_site 3")
    assert st.ballot["tie"] == "rejected"
    others = [s for s in range(4) if s != seat]
    _vote(st, {others[0]: "yes", others[1]: "no", others[2]: "no"})  # 2 for, 2 against
    assert st.dump == -1 and st.dump_rejected == [3]
    assert "dump_site 3" not in legal_texts(st, seat) and "dump_site 10" in legal_texts(st, seat)
    st.apply(seat, "dump_site 10")
    _vote(st, {others[0]: "yes", others[1]: "yes"})
    assert st.dump == 10 and st.active_seats() == (seat,)


# ----- new Housing blocks -------------------------------------------------------------------------------
def _growth_table(**fields):
    st = politics_table(**fields)
    for s in range(4):
        st.apply(s, "done")
    assert st.phase == "growth"
    return st


def test_the_housing_player_of_the_coming_round_proposes_and_the_table_decides():
    st = _growth_table()
    proposer = seat_of(st, "housing")
    assert st.active_seats() == (proposer,)
    assert "the table votes" in st.prompt(proposer)
    st.apply(proposer, "place_block 9")
    assert st.active_seats() == tuple(s for s in range(4) if s != proposer)
    others = st.active_seats()
    _vote(st, dict.fromkeys(others, "no"))
    assert st.blocks[9] == [0, 3, 0] and st.growth_rejected == [9]


def test_turning_a_farm_urban_while_rural_land_is_free_needs_a_majority():
    full = {"food": 4}
    st = _growth_table(
        hexagons={
            4: {"housing_blocks": [4, 0, 0], **full},
            8: {"housing_blocks": [4, 0, 0], **full},
            9: {"housing_blocks": [0, 4, 0], **full},
        }
    )
    proposer = seat_of(st, "housing")
    st.apply(proposer, "urbanize 5")  # a Farm, while Rural hexagons are free
    assert st.ballot["tie"] == "rejected"
    others = [s for s in range(4) if s != proposer]
    _vote(st, {others[0]: "yes", others[1]: "no", others[2]: "no"})
    assert st.terrain[5] == "rural" and st.farm_level[5] == 1
    st.apply(proposer, "urbanize 10")  # a free Rural hexagon: a tie carries it
    assert st.ballot["tie"] == "carried"
    _vote(st, {others[0]: "yes", others[1]: "no", others[2]: "no"})
    assert st.terrain[10] == "urban" and st.blocks[10] == [1, 0, 0]


# ----- Sludge for a Farm: the Farming role consents -------------------------------------------------------
def _sludge_table():
    st = table(
        turn="treatment",
        stage="send",
        hexagons={4: {"sludge": 3}, 5: {"npk": 0}},
        transportation=[
            {"a": 5, "b": 9, "transport": "road"},
            {"a": 4, "b": 8, "transport": "grey"},
            {"a": 4, "b": 5, "transport": "road"},
        ],
    )
    return st, seat_of(st, "treatment"), seat_of(st, "farming")


def test_sludge_for_a_farm_is_offered_to_the_farming_player_who_accepts():
    st, treatment, farmer = _sludge_table()
    label = st.label(treatment, next(a for a in st.legal_actions(treatment) if str(a) == "move sludge 4 5"))
    assert "the Farming player is asked first" in label.text
    st.apply(treatment, "move sludge 4 5")
    assert st.res[4][SLUDGE] == 3 and st.active_seats() == (farmer,)
    assert st.view(farmer)["decision"]["kind"] == "offer"
    assert "asks you, the Farming player" in st.prompt(farmer)
    assert st.label(farmer, st.legal_actions(farmer)[0]).text.startswith(
        "Accept: Let the Treatment role send"
    )
    st.apply(farmer, "vote yes")
    assert st.res[5][SLUDGE] == 1 and st.active_seats() == (treatment,)
    st.apply(treatment, "move sludge 4 5")  # consent holds for the rest of the turn
    assert st.res[5][SLUDGE] == 2 and st.ballot is None


def test_sludge_declined_stays_and_that_farm_is_not_offered_again_this_turn():
    st, treatment, farmer = _sludge_table()
    st.apply(treatment, "move sludge 4 5")
    st.apply(farmer, "vote no")
    assert st.res[4][SLUDGE] == 3 and st.res[5][SLUDGE] == 0
    assert "move sludge 4 5" not in legal_texts(st, treatment)


def test_the_farming_player_fetches_sludge_without_asking():
    st = table(
        turn="farming", hexagons={4: {"sludge": 2}}, transportation=[{"a": 4, "b": 5, "transport": "road"}]
    )
    farmer = seat_of(st, "farming")
    st.apply(farmer, "move sludge 4 5")
    assert st.res[5][SLUDGE] == 1 and st.ballot is None


# ----- bots ------------------------------------------------------------------------------------------------
def test_the_heuristic_answers_with_judgement():
    st = politics_table(city_budget=600, cost_cards={"food": 200, "npk": 100}, hexagons={8: {"food": 0}})
    # the Food import takes the 600 C: no NPK can be proposed before it (it comes first)
    assert "propose npk 5" not in legal_texts(st, 0)
    with pytest.raises(IllegalAction, match="Food import comes first"):
        st.apply(0, "propose npk 5")
    st = politics_table(city_budget=2000, cost_cards={"npk": 100}, hexagons={5: {"npk": 0}})
    st.apply(0, "propose npk 5")  # the Farm lacks NPK for its capacity next round
    st.apply(0, "units 1")
    assert str(make_bot("heuristic", st.game, 1, 0).choose(st, 1)) == "vote yes"
    sick = politics_table(
        city_budget=300,
        cost_cards={"npk": 100, "vaccination": 300},
        hexagons={3: {"disease": 1}, 5: {"npk": 0}},
    )
    sick.apply(0, "propose npk 5")  # leaves the City budget unable to vaccinate while Disease is on the board
    sick.apply(0, "units 1")
    assert str(make_bot("heuristic", sick.game, 1, 0).choose(sick, 1)) == "vote no"


def test_bots_vote_on_a_persons_proposal_by_the_citys_need():
    """A table of two people and two bots: the bots weigh what the city needs, not whose turn it is,
    so a person's needed proposal passes (a 2-2 tie would reject it)."""
    st = politics_table(city_budget=2000, cost_cards={"vaccination": 300}, hexagons={3: {"disease": 2}})
    st.apply(0, "propose vaccinate 3")  # seat 1, a person, proposes (their yes counts)
    if st.proposing is not None:
        st.apply(0, "units 2")
    for bot_seat in (2, 3):
        st.apply(bot_seat, make_bot("heuristic", st.game, bot_seat, 0).choose(st, bot_seat))
    assert st.ballot is None and st.disease[3] == 0  # carried with the bots' yes: 3 of 4


def test_the_heuristic_farming_player_declines_sludge_while_disease_is_on_the_board():
    st, treatment, farmer = _sludge_table()
    st.apply(treatment, "move sludge 4 5")
    assert str(make_bot("heuristic", st.game, farmer, 0).choose(st, farmer)) == "vote yes"
    st, treatment, farmer = _sludge_table()
    st.disease[8] = 1
    st.apply(treatment, "move sludge 4 5")
    assert str(make_bot("heuristic", st.game, farmer, 0).choose(st, farmer)) == "vote no"


def test_a_bot_holds_its_done_while_a_person_is_still_deciding():
    st = politics_table(round=4, city_budget=500)  # the last round: nothing left for the bot to do
    action = make_bot("heuristic", st.game, 1, 0).choose(st, 1)
    assert str(action) == "done" and st.game.spec.action_space.ready == frozenset({"done"})
    assert waits_for_people(st, 1, action, people={0})
    assert not waits_for_people(st, 1, action, people=set())


def test_every_question_is_shown_to_the_table_as_data_front_ends_read():
    st = politics_table(cost_cards={"npk": 100}, hexagons={5: {"npk": 3}})
    st.apply(2, "propose npk 5")
    d = st.view(None)["decision"]
    assert d["kind"] == "question" and d["by"] == 2 and d["waiting"] == [0, 1, 3]
    assert d["subject"] == "Import 1 NPK onto the Farm on hex 5 for 100 C from the City budget"
    assert d["rule_text"] == "a majority of the 4 seats asked; a tie rejects it"


def test_disease_control_and_the_food_import_go_on_stage():
    st = politics_table(hexagons={8: {"mixed_waste": 2, "food": 0}}, cost_cards={"food": 200})
    fixed_rolls(st, 6, 1)
    for s in range(4):
        st.apply(s, "done")
    stage = st.game.spec.stage(st.view(None))
    titles = [c.title for c in stage]
    assert "Disease control on hex 8 (this round)" in titles and "Food import (this round)" in titles
    control = stage[titles.index("Disease control on hex 8 (this round)")]
    assert control.text == "2 dice rolled for the Waste there: 1 Disease."


def test_the_amounts_offered_for_the_city_budget_say_what_they_cover():
    st = politics_table(city_budget=200, cost_cards={"food": 300}, hexagons={8: {"food": 0}})
    labels = {str(a): st.label(0, a).text for a in st.legal_actions(0) if a.kind in ("fund", "contribute")}
    assert labels == {
        "fund": "100 C",
        "contribute 175": "175 C: an even share of the 700 C the Food import lacks",
        "contribute 500": "500 C",
        "contribute 700": "700 C: all the Food import still lacks",
        "contribute 1000": "1,000 C",
    }
