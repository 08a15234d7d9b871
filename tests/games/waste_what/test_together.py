"""The table decides together: each player acts on their own Skill cards, Storage and Cash Box; the
partner's things are offers the partner accepts or declines; the CO2 money and the workshop's skill
are proposed and answered (the die decides after two declines); the round ends when both are done."""

import pytest

from loopcity import load_game
from loopcity.engine import IllegalAction, RandomBot, dump_position, read_position, waits_for_people
from loopcity.engine.table import ballot_view
from loopcity.games.waste_what.texts import worded_ballot

from .helpers import card, edit, legal, new_game, position, with_roll

SKILLS = {
    "textile": (0, 1),
    "furniture": (0, 1),
    "bikes": (0, 1),
    "food": (1, 1),
    "electronics": (1, 1),
    "creative": (1, 1),
}


def game(table=(), storage=((), ()), skills=None, **kw):
    return position(new_game(), table=list(table), storage=storage, skills=skills or dict(SKILLS), **kw)


# ----- each player acts on their own things ---------------------------------------------------------
def test_in_the_shared_phase_both_players_may_act_each_on_their_own_things():
    s = game(["Wobbly chair", "Stale bread"])
    assert s.active_seats() == (0, 1)
    chair, bread = card(s, "Wobbly chair"), card(s, "Stale bread")
    s.apply(0, f"reuse {chair} furniture")  # Player 1's Furniture: no one is asked
    assert s.ballot is None and s.work["by"] == 0 and s.active_seats() == (0,)
    s.apply(0, "donate furniture")
    s.apply(1, f"reuse {bread} food")  # Player 2's Food
    assert s.ballot is None and s.work["by"] == 1


def test_using_the_partners_skill_is_an_offer_that_moves_nothing_until_accepted():
    s = game(["Stale bread"])
    bread = card(s, "Stale bread")
    before = (list(s.table), set(s.used))
    s.apply(0, f"reuse {bread} food")  # Player 2's Food: an offer to Player 2
    assert (s.table, s.used) == before, "nothing moves before the partner agrees"
    assert s.active_seats() == (1,) and legal(s, 1) == {"vote yes", "vote no"}
    assert s.prompt(1) == (
        "Player 1 asks you to agree: Player 1 reuses Stale bread with Player 2's Food (level 1). Accept or "
        "decline."
    )
    assert s.prompt(0) == (
        "Waiting for Player 2 to accept or decline: Player 1 reuses Stale bread with Player 2's Food (level 1)."
    )
    s.apply(1, "vote yes")
    assert s.work == {"kind": "reuse", "cards": [bread], "skills": ["food"], "by": 0}
    assert "food" in s.used


def test_a_declined_offer_moves_nothing_and_is_not_made_again_this_round():
    s = game(["Stale bread", "Chewing gum"])
    bread = card(s, "Stale bread")
    before = s.state_hash()
    s.apply(0, f"reuse {bread} food")
    s.apply(1, "vote no")
    assert s.ballot is None and s.table == [bread, card(s, "Chewing gum")] and not s.used
    assert f"reuse {bread} food" not in legal(s, 0), "declined: not offered again this round"
    assert f"reuse {bread} food" in legal(s, 1), "Player 2 may still reuse it with their own Food"
    with pytest.raises(IllegalAction, match="Player 2 declined this offer this round"):
        s.apply(0, f"reuse {bread} food")
    assert s.state_hash() != before and s.declined == {(0, f"reuse {bread} food")}


def test_storing_in_the_partners_storage_needs_their_consent_and_says_their_rent():
    s = game(["Chewing gum"], storage=([], ["Glass jars"]))
    gum = card(s, "Chewing gum")
    assert s.label(0, s.legal_actions(0)[legal_index(s, 0, f"store {gum} p1")]).text == (
        "Store Chewing gum in your Storage (your rent stays 1)"
    )
    s.apply(0, f"store {gum} p2")
    assert s.storage[1] == [card(s, "Glass jars")], "not stored before Player 2 agrees"
    assert s.view(0)["decision"]["subject"] == (
        "Player 1 stores Chewing gum in Player 2's Storage; Player 2's rent goes from 1 to 2"
    )
    s.apply(1, "vote yes")
    assert s.storage[1] == [card(s, "Glass jars"), gum]


def legal_index(s, seat, text):
    return [str(a) for a in s.legal_actions(seat)].index(text)


def test_paying_from_the_partners_cash_box_needs_their_consent():
    s = game(["Torn jeans"])
    jeans = card(s, "Torn jeans")
    s.apply(0, f"recycle_paying {jeans} p2")
    assert s.cash == [2, 2] and s.bin == []
    s.apply(1, "vote no")
    assert s.cash == [2, 2] and s.bin == [] and s.table == [jeans]
    s.apply(0, f"recycle_paying {jeans} p1")  # paying from one's own Cash Box needs nobody
    assert s.cash == [1, 2] and s.bin == [jeans]


def test_a_card_from_the_partners_storage_needs_their_consent():
    s = game(storage=([], ["Wobbly chair", "Glass jars"]))
    chair, jars = card(s, "Wobbly chair"), card(s, "Glass jars")
    s.apply(0, f"burn {jars}")
    assert s.ballot is not None and s.burn == []
    s.apply(1, "vote yes")
    assert s.burn == [jars] and s.storage[1] == [chair]
    s.apply(1, f"recycle {chair}")  # Player 2's own stored card: no one is asked
    assert s.bin == [chair]


def test_a_combo_with_the_partners_skill_asks_them_when_it_is_made_and_a_decline_takes_it_apart():
    skills = {**SKILLS, "furniture": (1, 2)}
    s = game(["Wobbly chair", "Stale bread"], skills=skills)
    chair, bread = card(s, "Wobbly chair"), card(s, "Stale bread")
    s.apply(0, f"combo {chair}")
    s.apply(0, f"combo {bread}")
    s.apply(0, "combine food alone")  # Player 2's Furniture and Food
    assert s.ballot is not None and s.work["kind"] == "combo"
    s.apply(1, "vote no")
    assert s.work is None and sorted(s.table) == sorted([chair, bread]) and s.rejected == {chair, bread}
    assert not s.used, "the Skill cards were not used"


def test_a_combo_accepted_by_the_partner_rolls_for_acceptance():
    skills = {**SKILLS, "furniture": (1, 2)}
    s = game(["Wobbly chair", "Stale bread"], skills=skills)
    chair, bread = card(s, "Wobbly chair"), card(s, "Stale bread")
    s.apply(0, f"combo {chair}")
    s.apply(0, f"combo {bread}")
    s = with_roll(s, 6)
    s.apply(0, "combine food alone")
    s.apply(1, "vote yes")
    assert s.work["kind"] == "reuse" and s.work["by"] == 0 and {"food", "furniture"} <= s.used
    assert s.view(None)["stage"][-1]["accepted"] is True


# ----- the table's choices: the CO2 money and the Skill-share workshop ------------------------------
def co2_released():
    names = ["Chewing gum", "Used tissues", "Cigarette butts"]
    s = game(names)
    for n in names:
        s.apply(0, f"burn {card(s, n)}")
    assert s.pending == "co2_money"
    return s


def test_who_takes_the_co2_money_is_proposed_and_the_partner_accepts():
    s = co2_released()
    assert s.active_seats() == (0, 1) and legal(s, 1) == {"co2_money p1", "co2_money p2"}
    s.apply(1, "co2_money p1")
    assert s.active_seats() == (0,) and s.cash == [2, 2]
    s.apply(0, "vote yes")
    assert s.cash == [3, 2] and s.pending is None


def test_a_declined_proposal_passes_the_question_to_the_partner():
    s = co2_released()
    s.apply(0, "co2_money p1")
    s.apply(1, "vote no")
    assert s.active_seats() == (1,) and legal(s, 1) == {"co2_money p2"}, "the other choice"
    assert "You declined Player 1's proposal" in s.prompt(1)
    s.apply(1, "co2_money p2")
    s.apply(0, "vote yes")
    assert s.cash == [2, 3] and s.pending is None and not s.declined


@pytest.mark.parametrize("roll,taker", [(3, 0), (4, 1)])
def test_when_both_proposals_are_declined_the_die_decides_low_first_high_second(roll, taker):
    s = co2_released()
    s.apply(0, "co2_money p1")
    s.apply(1, "vote no")
    s.apply(1, "co2_money p2")
    s = with_roll(s, roll)
    s.apply(0, "vote no")
    assert s.cash[taker] == 3 and s.pending is None and not s.declined
    note = s.view(None)["stage"][-1]
    assert note["kind"] == "tie" and note["rolled"] == roll
    assert note["said"] == f"Player {taker + 1} took the money from the incinerator"


def test_the_workshop_skill_is_proposed_and_a_declined_only_choice_stands():
    s = game(event="skill_share")
    s = edit(s, pending="train", p1={"skills": {"textile": 5, "furniture": 5, "bikes": 5}})
    s = edit(s, p2={"skills": {"food": 5, "electronics": 5, "creative": 4}})
    assert legal(s, 0) == {"train creative"}
    s.apply(0, "train creative")
    s.apply(1, "vote no")
    assert s.level["creative"] == 5 and s.pending is None, "no other choice: the proposal stands"


# ----- readiness ---------------------------------------------------------------------------------------
def test_the_round_ends_when_both_players_are_done_never_by_one_seat_alone():
    s = game()
    s.apply(0, "end_round")
    assert s.round == 1 and s.active_seats() == (1,) and s.done == [True, False]
    assert s.prompt(0) == ("Round 1 of 6: waiting for Player 2 to deal with the waste and say they are done.")
    s.apply(1, "end_round")
    assert s.round == 2 and s.done == [False, False]


def test_a_done_player_is_still_asked_about_their_things():
    s = game(["Chewing gum"])
    gum = card(s, "Chewing gum")
    s.apply(0, "end_round")
    s.apply(1, f"store {gum} p1")
    assert s.active_seats() == (0,), "Player 1 answers although done"
    s.apply(0, "vote yes")
    assert s.active_seats() == (1,) and s.storage[0] == [gum]


def test_a_bot_waits_for_the_person_in_every_shared_phase():
    """A table of a person (Player 1, here playing at random) and a bot (Player 2), run as the terminal
    and the web run it: the bot acts first on its own things, and its 'done' waits while the person is
    at work. No round ends before the person said they were done, and the bot's own moves never take
    the person's cards or money."""
    game_ = load_game("waste_what")
    for seed in range(6):
        s = game_.new_state(seed)
        bot, person = game_.spec.bots["heuristic"](game_, 1, seed), RandomBot(game_, 0, seed)
        while not s.is_terminal():
            action = bot.choose(s, 1) if 1 in s.active_seats() else None
            if action is None or waits_for_people(s, 1, action, [0]):
                assert 0 in s.active_seats(), "the bot waits only while the person has something to do"
                s.apply(0, person.choose(s, 0))
                continue
            before = (s.round, s.done[0], s.cash[0], list(s.storage[0]))
            s.apply(1, action)
            if s.round != before[0] or s.is_terminal() and s.result and "rent" in s.result:
                assert before[1], f"seed {seed}: the round ended before the person was done"
            elif action.kind != "vote":
                assert s.cash[0] >= before[2] and s.storage[0] == before[3], (
                    "the bot moved the person's things"
                )


def test_bots_answer_with_judgement():
    """The heuristic takes a card into its Storage only if it can still pay the rent."""
    s = game(["Chewing gum"])
    bot = s.game.spec.bots["heuristic"](s.game, 1, 0)
    s.apply(0, f"store {card(s, 'Chewing gum')} p2")
    assert str(bot.choose(s, 1)) == "vote yes"
    s = edit(game(["Chewing gum"], storage=([], ["Glass jars"])), p2={"cash": 1}, bank=5)
    s.apply(0, f"store {card(s, 'Chewing gum')} p2")
    assert str(bot.choose(s, 1)) == "vote no", "rent 2 with 1 money: no"


def test_an_open_offer_is_part_of_the_position_and_the_view():
    s = game(["Chewing gum"])
    s.apply(0, f"store {card(s, 'Chewing gum')} p2")
    again = read_position(dump_position(s), s.game)
    assert again.ballot == s.ballot and again.active_seats() == (1,)
    decision = s.view(None)["decision"]
    assert decision == {
        **ballot_view(decision_ballot(s), ["Player 1", "Player 2"]),
        "action": f"store {card(s, 'Chewing gum')} p2",
        "asked_name": "Player 2",
    }


def decision_ballot(s):
    return worded_ballot(s)
