"""The heuristic bot: legal, deterministic, never changes the state, and better than random."""

import random

from loopcity import load_game
from loopcity.games.resourced import heuristic
from loopcity.games.resourced.actions import CRAFT
from loopcity.sim.core import run_games

from .helpers import after_turn, turn


def test_heuristic_bot_is_deterministic_and_leaves_the_state_alone():
    game = load_game("resourced", players=3)
    bot = game.spec.bots["heuristic"](game, 0, 7)
    st = game.new_state(3)
    for _ in range(200):
        if st.is_terminal():
            break
        seat = st.active_seats()[0]
        before = st.state_hash()
        a = game.spec.bots["heuristic"](game, seat, 7).choose(st, seat)
        assert st.state_hash() == before
        assert a == game.spec.bots["heuristic"](game, seat, 7).choose(st, seat)
        st.apply(seat, a)
    assert bot is not None


def test_heuristic_chooses_alike_whatever_positions_it_was_asked_about_before():
    """The bot keeps what a board decides for every bot of the process, and what a decision has
    worked out: one bot asked about the positions of two games step by step, then in a shuffled
    order (as a server's tables ask it), the shared memo emptied first, chooses what each game's
    own bots chose."""
    game = load_game("resourced", players=3)
    asked = []
    for seed in (1, 2):
        st = game.new_state(seed)
        bots = [game.spec.bots["heuristic"](game, s, seed) for s in range(game.players)]
        while not st.is_terminal() and st.step < 400:
            seat = st.active_seats()[0]
            action = bots[seat].choose(st, seat)
            asked.append((st.clone(), seat, action))
            st.apply(seat, action)
    heuristic._BOARDS.clear()
    one = game.spec.bots["heuristic"](game, 0, 7)
    by_step = sorted(asked, key=lambda a: a[0].step)  # the two games' positions of each step in turn
    for st, seat, action in [*by_step, *random.Random(5).sample(asked, len(asked))]:
        assert one.choose(st, seat) == action, (st.step, seat)


def test_heuristic_wins_more_often_than_random():
    games = 30
    heur = run_games("resourced", games, ["heuristic"], seed=11, players=4, variant="alternate")
    rand = run_games("resourced", games, ["random"], seed=11, players=4, variant="alternate")
    wins_h = sum(g.team_won for g in heur)
    wins_r = sum(g.team_won for g in rand)
    assert wins_h >= wins_r + 5
    assert sum(g.length for g in heur) > 0


def _burst_position(recycler_hand: dict[str, int], waste: int):
    """Alternate Difficulty, 3 players: seat 1 on BGCS holding two Social Housing; seat 2 on the
    Ring 1 Recycler (removes 5) holding ``recycler_hand``; ``waste`` cards in the Waste Pile."""
    return turn(
        1,
        0,
        moves=1,
        variant="alternate",
        players=3,
        empty_hands=True,
        upgrades={2: "composter"},
        waste=["wood"] * waste,
        hands={1: {"metal": 4}, 2: recycler_hand},
        on={2: 5, 3: 1},
        still_to_come=["turn 2", "turn 3", "round_end"],
    )


def _choice(st):
    return st.game.spec.bots["heuristic"](st.game, 0, 1).choose(st, 0)


def test_heuristic_builds_the_last_social_housing_when_the_pile_can_reach_zero_this_round():
    st = _burst_position({"wood": 1, "metal": 2, "compost": 1}, waste=4)
    assert _choice(st) == CRAFT("social_housing")


def test_heuristic_waits_when_no_later_player_can_recycle_the_pile_to_zero():
    no_cost = _burst_position({"wood": 1, "metal": 2}, waste=4)
    assert _choice(no_cost) != CRAFT("social_housing")
    too_much = _burst_position({"wood": 1, "metal": 2, "compost": 1}, waste=6)
    assert _choice(too_much) != CRAFT("social_housing")


def test_heuristic_wins_the_standard_game_with_four_players():
    games = run_games("resourced", 12, ["heuristic"], seed=5, players=4, variant="standard")
    assert sum(g.team_won for g in games) >= 4


def test_heuristic_takes_metal_from_a_partner_when_that_completes_the_burst():
    """Seat 1 on BGCS holds one Social Housing's Metal; seat 3, next to BGCS but skipping its turn,
    holds both; seat 2 on the Recycler can Recycle the pile: seat 1 takes the Metal it lacks (Basic
    Hint 8) and so builds both this Round."""
    st = turn(
        1,
        0,
        moves=1,
        variant="alternate",
        players=3,
        empty_hands=True,
        upgrades={2: "composter"},
        waste=["wood"] * 4,
        hands={1: {"metal": 2}, 2: {"wood": 1, "metal": 2, "compost": 1}, 3: {"metal": 4}},
        on={2: 5, 3: 1},
        skips=(3,),
        still_to_come=["turn 2", "turn 3", "round_end"],
    )
    assert str(_choice(st)) == "take 3 metal"


def _last_burst(round_no: int):
    """Alternate Difficulty (10 Rounds), 3 players: seat 1 on BGCS holding two Social Housing; seat
    2 on hex 2 holding the Recycler's cost, two steps from the Recycler (hex 5)."""
    return turn(
        1,
        0,
        moves=1,
        variant="alternate",
        players=3,
        round=round_no,
        empty_hands=True,
        upgrades={2: "composter"},
        waste=["wood"] * 4,
        hands={1: {"metal": 4}, 2: {"wood": 1, "metal": 2, "compost": 1}},
        on={2: 2, 3: 1},
        still_to_come=["turn 2", "turn 3", "round_end"],
    )


def test_heuristic_counts_on_a_long_spin_only_in_the_last_round():
    """Before the last Round a burst that needs a spin of 2 waits; in the last Round, where waiting
    loses for sure, the team builds and counts on the spin."""
    assert _choice(_last_burst(9)) != CRAFT("social_housing")
    assert _choice(_last_burst(10)) == CRAFT("social_housing")


def test_heuristic_wastes_the_card_least_needed_for_a_missed_upkeep():
    """The Upkeep penalty (1 Food and 1 Water missed): the player holding every card keeps the
    Metal of the next Social Housing and Wastes the spare Compost."""
    upkeep = ["upkeep_waste", "supply food", "supply water", "penalty", "turn 1", "round_end"]
    st = after_turn(
        upkeep,
        players=3,
        empty_hands=True,
        upgrades={2: "composter"},
        hands={1: {"metal": 4, "compost": 2}},
        tiles={7: "recycler"},
    )
    while st.phase == "upkeep_waste":
        st.apply(st.active_seats()[0], "waste wood")
    assert st.phase == "penalty" and st.active_seats() == (0,)
    assert str(_choice(st)) == "shed 1 compost"
