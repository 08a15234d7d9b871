"""The heuristic bot: legal, deterministic, never changes the state, and better than random."""

from loopcity import load_game
from loopcity.sim.core import run_games


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


def test_heuristic_wins_more_often_than_random():
    games = 30
    heur = run_games("resourced", games, ["heuristic"], seed=11, players=4, variant="alternate")
    rand = run_games("resourced", games, ["random"], seed=11, players=4, variant="alternate")
    wins_h = sum(g.team_won for g in heur)
    wins_r = sum(g.team_won for g in rand)
    assert wins_h >= wins_r + 5
    assert sum(g.length for g in heur) > 0
