"""Farm detection: any closed loop of roads is a Farm; the tile corners inside it are its Plots."""

import random

from loopcity.games.resourcity.board import (
    GREEN_PLOT,
    corner_regions,
    farm_count,
    farm_count_after,
    farm_count_with,
    farms_after,
    find_farms,
    parts_corners,
)
from loopcity.games.resourcity.heuristic import _ring_needs

from .helpers import crop, farms_of, fresh, parse, point, scenario


def plots(farm, f):
    return sorted(p for p, x in enumerate(farm) if x == f)


def test_smallest_loop_of_four_curves_is_a_farm_with_one_plot():
    farm = farms_of(["┌┐", "└┘"])
    assert farm_count(farm) == 1
    assert [p for p, f in enumerate(farm) if f >= 0] == [point(1, 1)]


def test_open_road_is_not_a_farm():
    assert farm_count(farms_of(["┌─", "└┘"])) == 0  # the top right tile leads off: no loop
    assert farm_count(farms_of(["┌┐", "└─"])) == 0


def test_dead_end_arm_does_not_split_a_farm():
    # the tee's stub into the middle ends there: the loop still holds all four Plots as one Farm
    farm = farms_of(["┌┬┐", "│.│", "└─┘"])
    assert farm_count(farm) == 1
    inside = [p for p, f in enumerate(farm) if f >= 0 and p < GREEN_PLOT]
    assert inside == [point(1, 1), point(1, 2), point(2, 1), point(2, 2)]


def test_green_space_inside_a_farm_has_five_plots():
    farm = farms_of(["┌─┐", "│G│", "└─┘"])
    green = 1 * 6 + 1
    assert farm_count(farm) == 1
    mine = plots(farm, farm[point(1, 1)])
    assert mine == [point(1, 1), point(1, 2), point(2, 1), point(2, 2), GREEN_PLOT + green]


def test_farms_need_not_be_square():
    farm = farms_of(["┌─┐", "│.└┐", "└──┘"])
    assert farm_count(farm) == 1
    assert point(2, 3) in plots(farm, farm[point(1, 1)])


def test_loops_sharing_a_road_are_two_farms():
    farm = farms_of(["┌┐", "├┤", "└┘"])
    assert farm_count(farm) == 2
    assert farm[point(1, 1)] != farm[point(2, 1)] and farm[point(1, 1)] >= 0 and farm[point(2, 1)] >= 0


def test_nested_loops_are_two_farms():
    rows = ["┌────┐", "│....│", "│.┌┐.│", "│.└┘.│", "│....│", "└────┘"]
    farm = farms_of(rows)
    assert farm_count(farm) == 2
    assert farm[point(3, 3)] >= 0 and farm[point(1, 1)] >= 0
    assert farm[point(3, 3)] != farm[point(1, 1)]
    assert farm[point(2, 2)] == farm[point(1, 1)]  # between the rings: the outer Farm


def test_board_rim_is_never_inside_a_farm():
    farm = farms_of(["┌────┐", "│....│", "│....│", "│....│", "│....│", "└────┘"])
    assert farm_count(farm) == 1
    assert all(farm[i * 7 + j] < 0 for i in range(7) for j in range(7) if i in (0, 6) or j in (0, 6))
    assert all(farm[point(i, j)] >= 0 for i in range(1, 6) for j in range(1, 6))


def test_tennis_ball_curve_closes_a_loop_only_round_its_arc_corner():
    assert farm_count(farms_of(["╲┐", "└┘"])) == 1  # its S-E quarter curve walls in its SE corner
    assert farm_count(farms_of(["╱┐", "└┘"])) == 0  # turned once: the SE corner joins the middle band


def test_four_way_and_community_centre_close_loops_too():
    assert farm_count(farms_of(["┼┐", "└C"])) == 1


def test_heuristic_counts_the_corners_still_open_round_a_point():
    s = scenario(["┌┐", "└─"])
    assert _ring_needs(s, point(1, 1)) == [(7, 0)]  # the straight's NW corner: 7 of 8 road arms
    s = scenario(["┌┐", "└┘"])
    assert _ring_needs(s, point(1, 1)) == []  # all 8 arms: walled in


def test_rotate_breaks_a_loop_and_its_crops_are_lost():
    s = scenario(
        ["┌┐", "└┘"],
        powers=["builder", "cyclist"],
        tokens=[0, 35],
        crops=[crop(point(1, 1), "sweetpotato", 2)],
    )
    s.apply(0, "rotate 1 cw")
    assert s.farm_count() == 0
    assert point(1, 1) not in s.crop
    assert s.supply["sweetpotato"] == 10


def test_rotate_can_close_a_loop():
    s = scenario(["┌┐", "└─"], powers=["builder", "cyclist"], tokens=[0, 35])
    s.apply(0, "rotate 7 cw")  # straight E-W becomes N-S: still open
    assert s.farm_count() == 0
    s = scenario(["┌┐", "└┌"], powers=["builder", "cyclist"], tokens=[0, 35])
    s.apply(0, "rotate 7 cw")  # curve E-S turned to S-W ... then W-N closes it
    s.apply(0, "rotate 7 cw")
    assert s.farm_count() == 1


def test_earthquake_turns_the_diagonals_and_breaks_a_loop():
    # (0,0) and (1,1) lie on the main diagonal
    s = scenario(["┌┐", "└┘"], powers=["builder", "cyclist"], crops=[crop(point(1, 1), "sugarcane", 1)])
    s.resolve_crisis("earthquake")
    assert s.grid_rot[0] == (parse(["┌"])[1][0] + 1) % 4
    assert s.farm_count() == 0 and not s.crop


def test_earthquake_can_also_close_a_loop():
    s = scenario(["└┐", "└┐"])  # each diagonal tile is one quarter turn short of closing it
    assert s.farm_count() == 0
    s.resolve_crisis("earthquake")
    assert s.farm_count() == 1


def test_sea_level_rise_turns_the_outer_ring_anticlockwise():
    rows = ["......", ".┌┐...", ".└┘...", "......", "......", "......"]
    s = scenario(rows, crops=[crop(point(2, 2), "sweetpotato", 1)])
    before = list(s.grid_rot)
    s.resolve_crisis("sealevel")
    for t in range(36):
        r, c = divmod(t, 6)
        rim = r in (0, 5) or c in (0, 5)
        assert s.grid_rot[t] == ((before[t] + 3) % 4 if rim else before[t])
    assert s.farm_count() == 1 and s.crop  # an inner loop survives Sea Level Rise
    s = scenario(["┌┐", "└┘"])
    s.resolve_crisis("sealevel")
    assert s.farm_count() == 0  # a loop touching the rim is broken


def test_farms_updated_round_changed_tiles_equal_farms_found_afresh():
    # Farms are kept up to date by looking only round the tiles that changed (a Rotate, a Replace, a
    # Planner's swap): the table must be exactly the one found from the whole board.
    s = fresh()
    geo = s.tables.geo
    types = ["curve", "curve", "cross", "tee", "tennis", "green", "straight"]
    rng = random.Random(7)
    farms_seen = 0
    for _board in range(20):
        kinds = [rng.choice(types[:4]) for _ in range(36)]
        rots = [rng.randrange(4) for _ in range(36)]
        farm = find_farms(geo, kinds, rots)
        for _ in range(40):
            tiles = tuple(rng.sample(range(36), rng.choice((1, 1, 2))))
            for t in tiles:
                if rng.random() < 0.3:
                    kinds[t] = rng.choice(types)
                rots[t] = rng.randrange(4)
            updated = farms_after(geo, farm, kinds, rots, tiles)
            farm = find_farms(geo, kinds, rots)
            assert updated == farm
            farms_seen += farm_count(farm)
    assert farms_seen > 100  # the boards did hold Farms to open, close, split and merge


def test_a_tile_change_that_parts_no_corners_never_makes_a_new_farm():
    # The heuristic bot skips such changes when it looks for a Rotate or Replace that closes a loop.
    s = fresh()
    geo = s.tables.geo
    types = [t.id for t in s.game.content.tiles]
    rng = random.Random(11)
    skipped = 0
    for _board in range(40):
        kinds = [rng.choice(["curve", "curve", "tee", "cross"]) for _ in range(36)]
        rots = [rng.randrange(4) for _ in range(36)]
        farm = find_farms(geo, kinds, rots)
        for t in range(36):
            new_kind, new_rot = rng.choice(types), rng.randrange(4)
            if parts_corners(geo, kinds[t], rots[t], new_kind, new_rot):
                continue
            skipped += 1
            trial_kinds, trial_rots = list(kinds), list(rots)
            trial_kinds[t], trial_rots[t] = new_kind, new_rot
            assert farm_count(farms_after(geo, farm, trial_kinds, trial_rots, (t,))) <= farm_count(farm)
    assert skipped > 100


def _random_board(rng: random.Random) -> tuple[list[str], list[int]]:
    """A random grid of road tiles (curves twice as often) and their rotations."""
    kinds = [rng.choice(["curve", "curve", "tee", "cross", "tennis", "green"]) for _ in range(36)]
    return kinds, [rng.randrange(4) for _ in range(36)]


def _boards(geo, rng: random.Random, boards: int):
    """``boards`` random grids, each with its Farm table and Farm count found from the whole board."""
    for _board in range(boards):
        kinds, rots = _random_board(rng)
        farm = find_farms(geo, kinds, rots)
        yield kinds, rots, farm, farm_count(farm)


def test_the_farms_a_tile_change_leaves_are_counted_without_the_table():
    # The heuristic bot counts the Farms of each trial Rotate or Replace this way; it must be the
    # count of the table found from the whole board, whatever the change opens, closes or merges.
    s = fresh()
    geo = s.tables.geo
    types = [t.id for t in s.game.content.tiles]
    rng = random.Random(5)
    changed = 0
    for kinds, rots, farm, count in _boards(geo, rng, 30):
        for t in range(36):
            trial_kinds, trial_rots = list(kinds), list(rots)
            trial_kinds[t], trial_rots[t] = rng.choice(types), rng.randrange(4)
            after = farm_count(find_farms(geo, trial_kinds, trial_rots))
            assert farm_count_after(geo, farm, count, trial_kinds, trial_rots, t) == after
            changed += after != count
    assert changed > 100  # many of the changes did open or close a Farm


def test_the_farms_of_many_trial_tiles_on_one_cell_are_counted_from_its_corner_regions():
    # The heuristic bot finds the regions round a cell without its roads once per board and counts
    # each trial tile there from them; every tile type and rotation must give the whole board's count.
    s = fresh()
    geo = s.tables.geo
    types = [t.id for t in s.game.content.tiles]
    rng = random.Random(7)
    changed = 0
    for kinds, rots, farm, count in _boards(geo, rng, 20):
        for t in range(36):
            regions = corner_regions(geo, kinds, rots, t)
            for kind in types:
                for rot in range(4):
                    trial_kinds, trial_rots = list(kinds), list(rots)
                    trial_kinds[t], trial_rots[t] = kind, rot
                    after = farm_count(find_farms(geo, trial_kinds, trial_rots))
                    assert farm_count_with(geo, farm, count, regions, kind, rot, t) == after
                    changed += after != count
    assert changed > 1000  # many of the changes did open or close a Farm
