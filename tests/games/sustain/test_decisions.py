"""The table decides together: the discussion closes when every player agrees (each one's ``pass``,
the engine's readiness), bots wait for the people at the table, Coins move only by their owner's
own action, and the players may choose their Department sheets."""

from __future__ import annotations

import pytest

from loopcity import load_game
from loopcity.engine import IllegalAction, RandomBot, load_position, position_of, waits_for_people
from loopcity.games.sustain.actions import SPACE
from loopcity.games.sustain.heuristic import HeuristicBot

from .helpers import investing, new


# ----- the discussion ----------------------------------------------------------------------------------
def test_the_discussions_pass_is_the_tables_readiness():
    """Step 6: "If all players agree, the discussion may be closed and concluded before the time
    runs out." Each player's pass says they agree; the engine knows it as the ready kind."""
    assert SPACE.ready == frozenset({"pass"})


def test_a_bot_holds_its_pass_while_a_person_is_still_talking_but_gives_its_coins():
    s = new(players=4)
    person = [0]
    assert waits_for_people(s, 1, SPACE.kind("pass")(), person)
    assert not waits_for_people(s, 1, SPACE.kind("give")(1), person)  # its own Coins: no need to wait
    assert not waits_for_people(s, 1, SPACE.kind("pass")(), [])  # only bots: nobody to wait for
    s.apply(0, "pass")
    assert not waits_for_people(s, 1, SPACE.kind("pass")(), person)  # the person is done talking
    s = investing(new(players=4), seat=1)
    assert not waits_for_people(s, 1, SPACE.kind("pass")(), person)  # step 7 is a turn of its own


def _table_with_a_person(state, bots, person, answer):
    """Play the discussion as the terminal and the web do: bots act first on their own things and hold
    their pass while the person talks; ``answer(state)`` is the person's next action."""
    people = [person]
    while state.phase == "discussion":
        moved = False
        for seat in state.active_seats():
            if seat == person:
                continue
            action = bots[seat].choose(state, seat)
            if not waits_for_people(state, seat, action, people):
                state.apply(seat, action)
                moved = True
                break
        if not moved:
            state.apply(person, answer(state))


def test_the_person_sees_the_bots_gifts_and_answers_before_the_discussion_closes():
    game = load_game("sustain", players=4, deal="in_order")
    s = game.new_state(3)
    s = load_position(position_of(s) | {"coins": [2, 2, 6, 6]}, game)  # homes run short, seat 1 cannot pay
    s = load_position(
        position_of(s)
        | {"city_map": [b for b in position_of(s)["city_map"] if b["building"] != "residential_houses"]},
        game,
    )
    bots = {seat: HeuristicBot(game, seat, 3) for seat in (1, 2, 3)}
    heard: list[int] = []

    def answer(state):
        heard.append(state.coins[0])
        if len(heard) == 1:
            return SPACE.kind("give")(2)  # a Coin back to Mobility, then done talking
        return SPACE.kind("pass")()

    _table_with_a_person(s, bots, 0, answer)
    assert heard[0] > 2  # the bots gave before the person spoke
    assert s.phase == "investing" and len(heard) == 2


def test_nobody_moves_another_players_coins():
    """Only the giver's own action moves a Coin in the discussion; no action takes one."""
    for seed in range(20):
        game = load_game("sustain", players=3 + seed % 4)
        s = game.new_state(seed)
        bots = [RandomBot(game, seat, seed) for seat in range(game.players)]
        while not s.is_terminal() and s.round <= 2:
            seat = s.active_seats()[0]
            action = bots[seat].choose(s, seat)
            before = list(s.coins)
            s.apply(seat, action)
            if s.phase in ("discussion", "investing", "coins", "build") and s.round == 1:
                for other in range(game.players):
                    if other != seat:
                        assert s.coins[other] >= before[other], (seed, seat, action)


def test_a_gift_is_one_of_the_givers_own_coins():
    s = new(players=3)
    with pytest.raises(IllegalAction, match="you cannot give a Coin to yourself"):
        s.apply(0, "give 1")
    s.apply(1, "give 3")
    assert s.coins == [4, 3, 5]  # 8 Coins shared (2 each), then Event I-1's 2 Coins each


# ----- choosing the Department sheets ------------------------------------------------------------------
def test_the_players_choose_their_department_sheets_in_turn_from_the_first_player():
    """Setup: "Each player chooses a Department sheet (or they can be handed out randomly)"."""
    s = new(players=3, deal="chosen", seed=4)
    first = s.first
    assert s.phase == "departments" and s.active_seats() == (first,) and s.dept_of == [-1, -1, -1]
    assert len(s.legal_actions(first)) == 6 and s.coins == [0, 0, 0]
    s.apply(first, "sheet 2")
    second = (first + 1) % 3
    assert s.active_seats() == (second,)
    assert s.prompt(None).startswith(f"Setup: waiting for Seat {second + 1} to choose a Department sheet.")
    with pytest.raises(IllegalAction, match=rf"the Mobility sheet is taken by Seat {first + 1} \(Mobility\)"):
        s.apply(second, "sheet 2")
    s.apply(second, "sheet 5")
    s.apply((first + 2) % 3, "sheet 1")
    assert s.phase == "discussion" and sorted(s.dept_of) == [0, 1, 4]
    assert s.coins == [4, 4, 4]  # the starting budget, then Event I-1's 2 Coins: year 1 began
    assert [s.owner[d] for d in (2, 3, 5)] == [-1, -1, -1]  # the sheets nobody chose are open to all


def test_a_position_keeps_the_sheets_chosen_so_far():
    s = new(players=4, deal="chosen")
    s.apply(s.first, "sheet 3")
    again = load_position(position_of(s), s.game)
    assert again.dept_of == s.dept_of and again.legal_actions(again.turn) == s.legal_actions(s.turn)
    assert "" in position_of(s)["departments"]


def test_bots_choose_a_sheet_and_play_on():
    game = load_game("sustain", players=5, deal="chosen")
    s = game.new_state(2)
    # the most points per Coin: Economic Development and Culture and Tourism (7 for 11), the first of them
    assert HeuristicBot(game, s.first, 2).choose(s, s.first) == SPACE.kind("sheet")(4)
    from loopcity.engine import play

    play(s, [HeuristicBot(game, seat, 2) for seat in range(5)])
    assert s.is_terminal() and len(set(s.dept_of)) == 5
