"""Resourcity's debrief: a learning point for every Crisis drawn."""

from loopcity import load_game
from loopcity.debrief import Debrief
from loopcity.debrief.timeline import build
from loopcity.engine import Record, play


def test_each_crisis_drawn_has_a_learning_point_with_the_pools_it_changed():
    game = load_game("resourcity", players=2)
    state = game.new_state(11)
    record = Record.start(state, 11)
    play(state, [game.spec.bots["heuristic"](game, s, 11) for s in range(2)], record)
    d = Debrief(build(game, 11, record.moves))
    names = [game.content.event(t).name for t in state.resolved if t in {e.id for e in game.content.crises}]
    points = [p for p in d.learning_points() if p.startswith("The move that drew Crisis")]
    assert names and [p.split("(")[1].split(")")[0] for p in points] == names
    assert points[0].startswith(f"The move that drew Crisis 1 ({names[0]}) in round ")
