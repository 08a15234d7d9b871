"""The turn: upkeep, up to 4 Actions, Move, Teleport, Rotate, Replace, the end-of-turn draw,
losing when a resource cannot be paid, winning after the 4th Crisis, and the score."""

import pytest

from loopcity.engine import IllegalAction
from loopcity.games.resourcity.actions import ROTATE

from .helpers import again, scenario


def ready(powers=("builder", "cyclist"), players=2, rows=None, **fields):
    """Seat 1 to act with 4 Actions, with these Superpowers (the others' from the rest), on ``rows``."""
    others = ["farmer", "innovator", "planner", "policymaker"][: players - len(powers)]
    return scenario(rows, players=players, powers=list(powers) + others, **fields)


def test_up_to_four_actions_then_the_turn_ends():
    s = ready(rows=["─────", "......"], tokens=[0, 4])
    for t in (1, 2, 3):
        s.apply(0, f"move {t}")
    assert s.actions_left == 1 and s.turn == 0
    s.apply(0, "move 4")
    assert s.turn == 0 and s.phase == "discard"  # full hand: discard 1, then draw 1
    s.apply(0, "discard 0")
    assert s.turn == 1 and s.actions_left == 4


def test_move_follows_connected_roads_only():
    s = ready(rows=["─│─", "......"], tokens=[0, 30])
    legal = {str(a) for a in s.legal_actions(0)}
    assert "move 1" not in legal  # the straight N-S next door does not meet the E exit
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="disconnected"):
        s.apply(0, "move 1")
    assert s.state_hash() == before


def test_at_most_three_players_on_a_tile():
    s = scenario(
        ["──", "......"],
        players=5,
        powers=["builder", "farmer", "innovator", "planner", "policymaker"],
        tokens=[0, 1, 1, 1, 20],
    )
    assert "move 1" not in {str(a) for a in s.legal_actions(0)}
    s = again(s, player_tokens=[0, 1, 1, 20, 20])
    assert "move 1" in {str(a) for a in s.legal_actions(0)}


def test_teleport_between_community_centres():
    s = ready(rows=["C.C", "......", "....C."], tokens=[0, 30])
    legal = {str(a) for a in s.legal_actions(0)}
    assert {"teleport 2", "teleport 16"} <= legal
    s = again(s, player_tokens=[1, 30])
    assert not any(a.kind == "teleport" for a in s.legal_actions(0))


def test_rotate_costs_one_fuel_and_reaches_own_or_adjacent_tiles():
    s = ready(powers=("cyclist", "builder"), rows=["┌┌┌", "┌┌┌", "┌┌┌"], tokens=[7, 30])
    fuel = s.avail["fuel"]
    s.apply(0, "rotate 8 cw")
    assert s.avail["fuel"] == fuel - 1 and s.used["fuel"] == 1
    targets = {ROTATE.read(a).tile for a in s.legal_actions(0) if a.kind == ROTATE.name}
    assert targets == {7, 1, 6, 8, 13}  # own tile and the four orthogonal neighbours


def test_replace_costs_three_fuel_for_a_road_and_one_for_a_green_space():
    s = ready(
        powers=("cyclist", "farmer"), rows=["──", "......"], tokens=[0, 30], hands={1: "curve green straight"}
    )
    fuel = s.avail["fuel"]
    s.apply(0, "replace 0 1")
    assert s.phase == "orient" and s.avail["fuel"] == fuel - 3
    s.apply(0, "orient 1")
    assert s.grid_kind[1] == "curve" and s.grid_rot[1] == 1 and "straight" in s.discard_pile
    s.apply(0, "replace 0 1")  # the Green Space (now slot 0) has one look: no orient step
    assert s.grid_kind[1] == "green" and s.avail["fuel"] == fuel - 4 and s.phase == "act"


def test_replace_may_cover_a_community_centre():
    s = ready(
        powers=("cyclist", "farmer"), rows=["C─", "......"], tokens=[1, 30], hands={1: "green curve curve"}
    )
    s.apply(0, "replace 0 0")
    assert s.grid_kind[0] == "green" and "centre" in s.discard_pile


def test_draw_up_to_three_after_using_tiles():
    s = ready(
        powers=("cyclist", "farmer"),
        rows=["──", "......"],
        tokens=[0, 30],
        hands={1: "green green curve"},
        deck_top=["straight", "straight"],
    )
    s.apply(0, "replace 0 1")
    s.apply(0, "replace 0 1")
    s.apply(0, "end")
    assert s.hands[0] == ["curve", "straight", "straight"] and s.turn == 1


def test_full_hand_discards_one_then_draws_one():
    s = ready(deck_top=["tee"])
    kept = s.hands[0][1:]
    s.apply(0, "end")
    s.apply(0, "discard 0")
    assert s.hands[0] == kept + ["tee"]


def test_team_loses_when_upkeep_cannot_be_paid():
    s = ready(available={"water": 0})
    s.apply(0, "end")
    s.apply(0, "discard 0")
    assert s.is_terminal() and not s.outcome().team_won
    assert "Water ran out" in s.outcome().cause


def test_team_wins_on_surviving_the_fourth_crisis():
    s = ready(resolved_tiles="blight fuelcrisis embargo", draw_deck=["", "", "", "drought"])
    assert s.crises_drawn == 3
    s.apply(0, "end")
    s.apply(0, "discard 0")
    assert s.is_terminal() and s.outcome().team_won
    assert s.outcome().cause == "survived the last Crisis"


def test_fourth_crisis_that_cannot_be_paid_loses():
    s = ready(
        resolved_tiles="blight fuelcrisis embargo",
        draw_deck=["", "", "", "drought"],
        available={"water": 4},
    )
    s.apply(0, "end")
    s.apply(0, "discard 0")
    assert s.is_terminal() and not s.outcome().team_won


def test_score_is_total_minus_spread_plus_farms():
    s = ready(rows=["┌┐", "└┘"], available={"fuel": 10, "food": 7, "water": 4})
    assert s.score() == (10 + 7 + 4) - (10 - 4) + 1


def test_round_counts_full_turn_cycles():
    s = ready()
    assert s.round == 1
    s.apply(0, "end")
    s.apply(0, "discard 0")
    s.apply(1, "end")
    s.apply(1, "discard 0")
    assert s.round == 2 and s.turn == 0


def test_two_green_spaces_side_by_side_join_stub_to_stub():
    """A Green Space's stubs count as road exits for a Move (docs: "Green Space stubs"): a token on a
    Green Space moves onto the Green Space beside it, and along the road below."""
    s = scenario(["GG────", "││││││"], powers=("builder", "farmer"), tokens=[0, 35], quiet=True)
    assert {str(a) for a in s.legal_actions(0) if a.kind == "move"} == {"move 1", "move 6"}
    s.apply(0, "move 1")
    assert s.pos[0] == 1
