"""The six Superpowers (recovered card texts)."""

from loopcity.games.resourcity.actions import ROTATE

from .helpers import again, scenario


def state(powers, rows, pos, **fields):
    """One player per Superpower, tokens on ``pos``, a draw deck of road tiles, on ``rows``."""
    return scenario(rows, players=len(powers), powers=powers, tokens=pos, quiet=True, **fields)


def kinds(s, seat=0):
    return {str(a) for a in s.legal_actions(seat)}


def test_builder_reaches_diagonal_tiles_and_pays_two_fuel_for_a_road():
    s = state(("builder", "cyclist"), ["┌┌┌", "┌┌┌", "┌┌┌"], (7, 35), hands={1: "curve green tee"})
    rot = {ROTATE.read(a).tile for a in s.legal_actions(0) if a.kind == ROTATE.name}
    assert rot == {0, 1, 2, 6, 7, 8, 12, 13, 14}
    fuel = s.avail["fuel"]
    s.apply(0, "replace 0 14")
    assert s.avail["fuel"] == fuel - 2


def test_cyclist_moves_up_to_two_tiles_in_one_move():
    s = state(("cyclist", "builder"), ["────", "......"], (0, 35))
    assert {"move 1", "move 2"} <= kinds(s) and "move 3" not in kinds(s)
    s.apply(0, "move 2")
    assert s.pos[0] == 2 and s.actions_left == 3


def test_other_players_move_one_tile():
    s = state(("builder", "cyclist"), ["────", "......"], (0, 35))
    assert "move 1" in kinds(s) and "move 2" not in kinds(s)


def test_innovator_has_five_actions():
    s = scenario(powers=["cyclist", "innovator"], quiet=True)
    s.apply(0, "end")
    s.apply(0, "discard 0")
    assert s.turn == 1 and s.actions_left == 5


def test_planner_swaps_the_tile_under_them_with_another_players_tile():
    s = state(("planner", "cyclist"), ["┌─", "......"], (0, 1))
    s.apply(0, "swap 2")
    assert s.grid_kind[0] == "straight" and s.grid_kind[1] == "curve"
    assert s.pos == [0, 1] and s.actions_left == 3


def test_policy_maker_moves_any_token_anywhere_for_two_actions():
    s = state(("policymaker", "cyclist"), ["C.", "......"], (0, 1))
    s.apply(0, "relocate 2")
    assert s.phase == "relocate"
    s.apply(0, "to 30")
    assert s.pos[1] == 30 and s.actions_left == 2 and s.phase == "act"
    own = state(("policymaker", "cyclist"), ["C.", "......"], (0, 1))
    own.apply(0, "relocate 1")
    own.apply(0, "to 7")  # one's own token moves at once, nobody is asked
    assert own.pos[0] == 7 and own.actions_left == 2 and own.phase == "act"
    s = again(s, actions_left=1)
    assert not any(a.kind == "relocate" for a in s.legal_actions(0))


def test_only_the_planner_and_policy_maker_have_their_actions():
    s = state(("builder", "cyclist"), ["──", "......"], (0, 1))
    assert not any(a.kind in ("swap", "relocate") for a in s.legal_actions(0))
