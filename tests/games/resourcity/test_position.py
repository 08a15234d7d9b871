"""Resourcity's position format: written by hand, set up with everything derived, refused with a
clear message when it cannot happen."""

import re
from pathlib import Path

import pytest

from loopcity import load_game
from loopcity.engine import PositionError, dump_position, load_position, position_of, read_position

from .helpers import crop, fresh, point, scenario

DOC = Path(__file__).parents[3] / "docs" / "games" / "resourcity.md"


def doc_example() -> str:
    """The position written out in docs/games/resourcity.md."""
    text = DOC.read_text()
    section = text[text.index("## Position format") :]
    return re.search(r"```toml\n(.*?)```", section, re.S).group(1)


def test_the_documented_position_sets_up_its_situation():
    s = read_position(doc_example())
    assert s.turn == 0 and s.round == 7 and s.actions_left == 4 and s.powers == ["innovator", "cyclist"]
    # derived: Used is what is not Available, the supply what is not on Plots or in harvests, the Farms
    assert s.used == {"fuel": 7, "food": 13, "water": 6}
    assert s.supply == {"sugarcane": 10, "sweetpotato": 5, "catchment": 2, "rainwater": 6, "compost": 3}
    assert s.farm_count() == 1 and s.crises_drawn == 2
    assert {"harvest 25", "grow 24", "move 9"} <= {str(a) for a in s.legal_actions(0)}
    assert "harvest 18" not in {str(a) for a in s.legal_actions(0)}  # farmed this turn, and harvested


def test_a_position_written_out_and_read_back_is_the_same_game():
    game = load_game("resourcity", players=3, variant="advanced")
    s = game.new_state(5)
    bots = [game.spec.bots["heuristic"](game, i, 5) for i in range(3)]
    while s.step < 60:
        seat = s.active_seats()[0]
        s.apply(seat, bots[seat].choose(s, seat))
    again = read_position(dump_position(s, seed=9))
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == s.view(seat)
    assert again.legal_actions(s.turn) == s.legal_actions(s.turn)
    assert again.farm == s.farm and again.supply == s.supply and again.used == s.used


def test_the_farms_of_a_position_are_found_from_its_grid():
    s = scenario(["┌┐┌┐", "└┘└┘"], crops=[crop(point(1, 1), "sugarcane", 1)])
    assert s.farm_count() == 2 and s.farm[point(1, 1)] == point(1, 1)


def _with(**changes) -> dict:
    """A fresh game's position with some fields changed."""
    return position_of(fresh()) | changes


def _refusal(data: dict, game=None) -> str:
    """Why setting up the position is refused."""
    with pytest.raises(PositionError) as e:
        load_position(data, game)
    return str(e.value)


def test_an_unknown_tile_names_the_field():
    data = _with()
    data["grid"][2] = data["grid"][2].replace("centre", "centr", 1)
    assert "field 'grid'" in _refusal(data) and "'centr'" in _refusal(data)


def test_a_grid_that_is_not_six_by_six_names_the_field():
    data = _with()
    data["grid"] = data["grid"][:5]
    assert "field 'grid'" in _refusal(data) and "6 rows" in _refusal(data)


def test_one_hand_per_player():
    assert "field 'hands': 1 entries for 2 players" in _refusal(_with(hands=["curve tee green"]))


def test_a_tile_too_many_is_refused_with_where_each_lies():
    data = _with()
    data["discard_pile"] += " curve"
    message = _refusal(data)
    assert "the game holds 20 curve tiles: grid" in message and "= 21" in message


def test_more_available_than_the_game_holds_is_refused():
    assert "Available 25 is more than the game's 23" in _refusal(
        _with(available={"fuel": 25, "food": 19, "water": 19})
    )


def test_a_crop_outside_every_farm_is_refused():
    s = fresh()
    outside = next(p for p in range(49) if s.farm[p] < 0)
    assert f"a crop on Plot {outside}, outside every Farm" in _refusal(
        _with(crops=[crop(outside, "sugarcane", 1)])
    )


def test_a_crop_with_more_tokens_than_its_harvest_needs_is_refused():
    s = scenario(["┌┐", "└┘"], quiet=True)
    data = position_of(s) | {"crops": [crop(point(1, 1), "sugarcane", 4)]}
    assert "Sugar Cane on Plot 8 holds 4 tokens: 1 to 3" in _refusal(data, s.game)


def test_more_tokens_than_the_game_has_are_refused():
    s = scenario(["┌┐", "└┘"], quiet=True)
    carried = [{"player": 2, "crop": "sugarcane", "tokens": 3, "compost": 0}] * 4
    data = position_of(s) | {"harvests": carried}
    assert "the game holds 10 sugarcane tokens: supply -2" in _refusal(data, s.game)


def test_two_crises_in_one_stack_are_refused():
    data = _with()
    crises = {e.id for e in fresh().content.crises}
    second = data["draw_deck"][1].split()
    moved = next(t for t in second if t in crises)
    second.remove(moved)
    data["draw_deck"][:2] = [f"{moved} {data['draw_deck'][0]}", " ".join(second)]
    assert "draw-deck stack 1 holds 2 Crisis tiles: at most 1" in _refusal(data)


def test_a_phase_needs_what_it_waits_on():
    assert "field 'placing': needed in phase orient" in _refusal(_with(phase="orient"))
    assert "field 'compost_to_place': needed in phase compost" in _refusal(_with(compost_to_place=2))


def test_a_game_over_says_how_it_ended():
    assert "a game over is won or lost" in _refusal(_with(phase="over"))
