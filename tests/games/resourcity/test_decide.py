"""The table decides together: where the tokens start (Step 8) and who starts first (Step 9, a proposal
and a vote with its tie rule); the Policy Maker moves any player token with nobody's say."""

import pytest

from loopcity import load_game
from loopcity.bots import make_bot
from loopcity.engine import IllegalAction, dump_position, read_position

from .helpers import again, decide, new_game, scenario


def centres(s):
    return [t for t in range(36) if s.grid_kind[t] == "centre"]


def legal(s, seat):
    return {str(a) for a in s.legal_actions(seat)}


# ----- Step 8: where the tokens start ----------------------------------------------------------------
def test_every_player_puts_their_own_token_in_any_order():
    s = new_game(players=3, seed=2)
    a, b, c = centres(s)
    assert s.phase == "place" and s.active_seats() == (0, 1, 2) and s.actions_left == 0
    s.apply(2, f"start {c}")
    assert s.active_seats() == (0, 1) and s.pos == [-1, -1, c]
    with pytest.raises(IllegalAction, match="seat 3 may not act now"):
        s.apply(2, f"start {a}")  # a token is placed once, by its player
    s.apply(0, f"start {a}")
    s.apply(1, f"start {b}")
    assert s.phase == "propose" and s.active_seats() == (0,)


def test_every_community_centre_gets_a_token_when_there_are_enough_players():
    s = new_game(players=3, seed=2)
    a, b, c = centres(s)
    s.apply(0, f"start {a}")
    assert legal(s, 1) == {f"start {b}", f"start {c}"}  # joining player 1 would leave a Centre empty
    with pytest.raises(IllegalAction, match="each Community Centre must have a token"):
        s.apply(1, f"start {a}")
    s.apply(1, f"start {b}")
    assert legal(s, 2) == {f"start {c}"}


def test_at_most_three_tokens_on_a_centre_and_two_players_start_apart():
    s = new_game(players=6, seed=1)
    a, b, c = centres(s)
    for seat in range(3):
        s.apply(seat, f"start {a}")
    assert f"start {a}" not in legal(s, 3)
    with pytest.raises(IllegalAction, match="already holds 3 player tokens"):
        s.apply(3, f"start {a}")
    two = new_game(players=2, seed=1)
    two.apply(0, f"start {a}")
    assert legal(two, 1) == {f"start {b}", f"start {c}"}


def test_a_tile_that_is_no_centre_is_refused_with_its_name():
    s = new_game(players=2, seed=1)
    with pytest.raises(IllegalAction, match=r"A1 \(.+\) is not a Community Centre"):
        s.apply(0, "start 0")


def test_a_player_alone_places_the_token_and_starts():
    s = new_game(players=1, seed=4)
    s.apply(0, f"start {centres(s)[1]}")
    assert s.phase == "act" and s.first == 0 and s.actions_left >= 4
    assert s.avail["food"] == s.content.start.food - 1  # the first upkeep is paid once the turn starts


# ----- Step 9: who starts first ----------------------------------------------------------------------
def placed(players=3, seed=2):
    s = new_game(players=players, seed=seed)
    for seat, c in enumerate(centres(s) * 2):
        if seat < players:
            s.apply(seat, f"start {c}")
    return s


def test_a_proposal_carried_by_a_majority_starts_that_player():
    s = placed(players=3)
    assert legal(s, 0) == {"propose 1", "propose 2", "propose 3"}
    s.apply(0, "propose 3")
    assert s.phase == "vote" and s.active_seats() == (1, 2)  # the proposer's yes is counted
    assert s.view(None)["decision"]["votes"] == {"0": "yes"}
    s.apply(2, "vote yes")  # 2 of 3: carried, player 2 need not answer
    assert s.phase == "act" and s.turn == 2 and s.first == 2 and s.round == 1
    assert any(kind == "decision" and "Seat 3" in text for _, kind, text, _ in s.log)


def test_the_round_begins_with_the_first_player():
    s = placed(players=3)
    s.apply(0, "propose 2")
    s.apply(1, "vote yes")
    assert s.turn == 1
    for seat in (1, 2):
        s.apply(seat, "end")
        if s.phase == "discard":
            s.apply(seat, "discard 0")
    assert s.turn == 0 and s.round == 1  # player 1 plays last in the first round
    s.apply(0, "end")
    if s.phase == "discard":
        s.apply(0, "discard 0")
    assert s.turn == 1 and s.round == 2


def test_a_tie_rejects_the_proposal_and_the_next_player_proposes():
    s = placed(players=2)
    s.apply(0, "propose 1")
    s.apply(1, "vote no")  # 1 yes, 1 no: a tie turns it down
    assert s.phase == "propose" and s.active_seats() == (1,) and s.proposals == [[0, 1]]
    assert s.view(None)["proposals"][0]["yes"] == 1
    s.apply(1, "propose 2")
    assert s.active_seats() == (0,)
    s.apply(0, "vote yes")
    assert s.phase == "act" and s.first == 1


def test_when_every_proposal_is_turned_down_the_one_with_most_votes_stands():
    s = placed(players=4, seed=3)
    s.apply(0, "propose 4")
    for seat, vote in ((1, "yes"), (2, "no"), (3, "no")):
        s.apply(seat, f"vote {vote}")  # 2 of 4: a tie
    s.apply(1, "propose 2")
    for seat in (0, 2, 3):
        s.apply(seat, "vote no")  # 1 of 4
    s.apply(2, "propose 3")
    for seat, vote in ((0, "yes"), (1, "no"), (3, "no")):
        s.apply(seat, f"vote {vote}")  # 2 of 4, as many as the first: the earlier stands
    s.apply(3, "propose 1")
    assert s.phase == "vote"
    for seat in (0, 1, 2):
        s.apply(seat, "vote no")  # 1 of 4
    assert s.phase == "act" and s.first == 3  # players 1 and 3 proposed with 2 votes: player 1 was first
    assert any(kind == "decision" and "most votes for it stands" in text for _, kind, text, _ in s.log)


def test_only_the_players_asked_answer_and_only_for_themselves():
    s = placed(players=3)
    with pytest.raises(IllegalAction, match="may not act now"):
        s.apply(1, "propose 2")  # player 1 has the word
    s.apply(0, "propose 2")
    with pytest.raises(IllegalAction, match="may not act now"):
        s.apply(0, "vote yes")  # the proposer has voted, by proposing


def test_the_open_vote_is_a_position():
    s = placed(players=3)
    s.apply(0, "propose 2")
    s.apply(1, "vote no")
    again = read_position(dump_position(s))
    assert again.view(0) == s.view(0) and again.legal_actions(2) == s.legal_actions(2)
    again.apply(2, "vote yes")  # 2 yes, 1 no
    assert again.phase == "act" and again.first == 1


# ----- the Policy Maker moves any player token, as the card says -------------------------------------
def policy(**fields):
    return scenario(
        ["C.", "......"], players=2, powers=["policymaker", "farmer"], tokens=[0, 1], quiet=True, **fields
    )


def test_the_policy_maker_moves_another_players_token_with_no_say_of_theirs():
    """Card: "move any player token anywhere (2 actions)"; rulebook: "Your Superpower may change how an
    Action is done", and its only joint decisions are set-up Steps 8 and 9: nobody is asked."""
    s = policy()
    s.apply(0, "relocate 2")
    assert s.phase == "relocate" and s.active_seats() == (0,)
    s.apply(0, "to 30")
    assert s.pos[1] == 30 and s.actions_left == 2 and s.phase == "act" and s.turn == 0
    assert s.ballot is None and s.view(1)["decision"] is None  # player 2 was never asked
    assert "Seat 2" in s.label(0, next(a for a in policy().legal_actions(0) if str(a) == "relocate 2")).text


def test_the_card_reads_as_the_rulebook_has_it_in_english_and_german():
    from loopcity.engine.text import reading_in
    from loopcity.games.resourcity.words import power_text

    s = policy()
    assert power_text(s.content, "policymaker") == "Move any player token anywhere (2 Actions)."
    with reading_in("de", "resourcity"):
        german = power_text(s.content, "policymaker")
    assert german == "Versetze eine beliebige Spielfigur an einen beliebigen Ort (2 Aktionen)."


def test_the_policy_maker_moves_the_same_token_again_while_actions_last():
    s = policy(actions_left=5)
    s.apply(0, "relocate 2")
    s.apply(0, "to 30")
    assert "relocate 2" in legal(s, 0) and s.actions_left == 3  # no one can refuse a second move
    s.apply(0, "relocate 2")
    s.apply(0, "to 7")
    assert s.pos[1] == 7 and s.actions_left == 1 and "relocate 2" not in legal(s, 0)


def test_the_move_in_progress_is_a_position():
    s = policy()
    s.apply(0, "relocate 2")
    same = again(s)
    assert same.phase == "relocate" and same.view(0) == s.view(0)
    same.apply(0, "to 30")
    assert same.pos[1] == 30


# ----- bots answer with judgement ------------------------------------------------------------------
def test_the_heuristic_votes_for_a_good_first_player_and_against_a_poor_one():
    s = placed(players=3, seed=8)
    bot = make_bot("heuristic", s.game, 1, 0)
    merit = {o: bot._merit(s, o) for o in range(3)}
    best, worst = max(merit, key=merit.get), min(merit, key=merit.get)
    assert s.powers[best] == "innovator" and merit[best] - merit[worst] > 1.0
    assert str(make_bot("heuristic", s.game, 0, 0).choose(s, 0)) == f"propose {best + 1}"
    poor = s.clone()
    poor.apply(0, f"propose {worst + 1}")
    assert str(bot.choose(poor, 1)) == "vote no"
    good = s.clone()
    good.apply(0, f"propose {best + 1}")
    assert str(bot.choose(good, 1)) == "vote yes"


@pytest.mark.parametrize("bot", ["heuristic", "random", "mcts:iterations=4"])
def test_bots_place_propose_and_vote(bot):
    g = load_game("resourcity", players=3)
    s = g.new_state(8)
    bots = [make_bot(bot, g, seat, 8) for seat in range(3)]
    while s.phase in ("place", "propose", "vote"):
        seat = s.active_seats()[0]
        s.apply(seat, bots[seat].choose(s, seat))
    assert s.phase == "act" and all(s.grid_kind[t] == "centre" for t in s.pos)


def test_decide_plays_the_helpers_opening():
    s = decide(new_game(players=3, seed=2))
    assert s.first == 0 and s.turn == 0 and s.pos == centres(s)
