"""The workbench counts Waste What?'s cards by name (the debrief module's ``subject`` hook)."""

from loopcity.bots import make_bot
from loopcity.engine import load_game, next_seat
from loopcity.games.waste_what.debrief import subject


def test_card_actions_name_the_card_and_sell_names_the_card_in_work():
    game = load_game("waste_what")
    waste = game.content.waste
    state = game.new_state(3)
    bots = [make_bot("heuristic", game, s, 3) for s in range(2)]
    named, in_work = set(), None
    while not state.is_terminal():
        seat = next_seat(state)
        action = bots[seat].choose(state, seat)
        said = subject(state, seat, action)
        if action.kind in ("store", "burn", "recycle", "reuse") and action.args[0] < len(waste):
            assert said == waste[action.args[0]].name
            named.add(action.kind)
        if action.kind == "reuse":
            in_work = said
        if action.kind == "combine":  # the Combo card made goes to work
            in_work = "Combo"
        if action.kind in ("sell", "donate"):
            assert said == in_work
            named.add(action.kind)
        if action.kind in ("choose", "end_round"):
            assert said is None
        state.apply(seat, action)
    assert {"reuse", "sell"} <= named
