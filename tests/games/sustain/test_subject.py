"""The workbench counts SUSTAIN's investments by space, Solution card and Building (the debrief
module's ``subject`` hook)."""

from loopcity.bots import make_bot
from loopcity.engine import load_game, next_seat
from loopcity.games.sustain.actions import FUND, INVEST
from loopcity.games.sustain.debrief import subject


def test_investments_name_their_space_and_coins_follow_the_choice():
    game = load_game("sustain")
    state = game.new_state(6)
    lk = state.tables
    bots = [make_bot("heuristic", game, s, 6) for s in range(game.players)]
    named, chosen = set(), None
    while not state.is_terminal():
        seat = next_seat(state)
        action = bots[seat].choose(state, seat)
        said = subject(state, seat, action)
        if action.kind == "invest":
            sol = lk.solutions[state.table[INVEST.read(action).card - 1][0]]
            assert said == lk.gray[sol.gray].title
        elif action.kind == "fund":
            fund = FUND.read(action)
            dept = lk.departments[fund.department - 1]
            building = lk.buildings[dept.spaces[fund.space - 1].building]
            assert said.startswith(dept.name) and said.endswith(building.name)
        elif action.kind == "request":
            assert said == lk.events[state.requests[action.args[0] - 1][0]].title
        elif action.kind == "coins":
            assert said == chosen
        elif action.kind == "build":
            assert said == lk.buildings[state.pending[0]].name
        else:
            assert said is None
        if action.kind in ("invest", "fund", "request"):
            chosen = said
        named.add(action.kind)
        state.apply(seat, action)
    assert {"invest", "fund", "coins", "build"} <= named


def test_the_solutions_metric_counts_the_solution_cards_adopted():
    from loopcity.games.sustain import metrics

    game = load_game("sustain")
    state = game.new_state(8)
    bots = [make_bot("heuristic", game, s, 8) for s in range(game.players)]
    scenario = state.tables.scenarios[state.scenario]
    seen = []
    while not state.is_terminal():
        seat = next_seat(state)
        state.apply(seat, bots[seat].choose(state, seat))
        drawing = state.pending is not None and state.pending[1] == "solution"  # paid, not yet flipped
        adopted = len(scenario.solutions) - len(state.sol_deck) - len(state.table) - drawing
        seen.append(metrics(state)["solutions"])
        assert seen[-1] == adopted
    assert seen == sorted(seen)  # adopted cards stay adopted
