"""Setup (rulebook Steps 1-8) and the recovered component counts."""

from collections import Counter

import pytest

from loopcity import load_game
from loopcity.games.resourcity.content import CRISES, HUATS
from loopcity.games.resourcity.tables import tile_pool

from .helpers import fresh


def test_component_counts_match_the_recovered_list():
    c = load_game("resourcity").content
    counts = {t.id: t.count for t in c.tiles}
    assert counts == {
        "straight": 15,
        "curve": 20,
        "tennis": 10,
        "tee": 14,
        "cross": 6,
        "green": 8,
        "centre": 3,
    }
    assert len(c.crises) == 10 and len(c.huats) == 4
    assert c.supply.model_dump(exclude={"source"}) == {
        "sugarcane": 10,
        "sweetpotato": 10,
        "catchment": 5,
        "rainwater": 10,
        "compost": 8,
    }


@pytest.mark.parametrize("layout", ["beginner", "advanced"])
def test_fixed_layout_tiles_are_placed_with_their_exits(layout):
    s = fresh(layout=layout)
    for f in s.content.layout(layout).fixed:
        t = f.cell[0] * 6 + f.cell[1]
        assert s.grid_kind[t] == f.tile
        exits = s.view(None)["grid"][t]["exits"]
        assert sorted(exits) == sorted(f.exits)
    assert s.grid_kind.count("centre") == 3


def test_beginner_layout_lays_most_of_a_big_loop():
    s = fresh(layout="beginner")
    assert [s.grid_kind[t] for t in (7, 8, 9, 10, 11)] == ["curve", "straight", "centre", "straight", "curve"]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_deal_three_face_up_tiles_each_and_no_huat_in_hands_or_grid(players):
    s = fresh(players=players, seed=players)
    assert all(len(h) == 3 for h in s.hands)
    assert not any(k in HUATS for h in s.hands for k in h)
    assert not any(k in HUATS or k in CRISES for k in s.grid_kind)
    v = s.view(1 % players)
    assert [p["hand"] for p in v["players"]] == s.hands  # face up: every seat sees every hand


def test_deck_holds_four_crises_one_per_third_and_one_at_the_bottom():
    for seed in range(20):
        s = fresh(players=2, seed=seed)
        assert s.deck[0] in CRISES  # bottom
        assert sum(1 for k in s.deck if k in CRISES) == 4
        top = len(s.deck)
        sizes = []
        for n in s.sections:
            part = s.deck[top - n : top]
            top -= n
            sizes.append(n)
            assert sum(1 for k in part if k in CRISES) == 1
        assert sizes[-1] == 1 and max(sizes[:3]) - min(sizes[:3]) <= 1  # roughly equal stacks


def test_all_tiles_are_used_once():
    s = fresh(players=4, seed=3)
    counted = Counter(s.grid_kind) + Counter(k for h in s.hands for k in h) + Counter(s.deck)
    counted = Counter({k: n for k, n in counted.items() if k not in CRISES})
    fixed = Counter(f.tile for f in s.content.layout("beginner").fixed)
    assert counted == Counter(tile_pool(s.content, "beginner")) + fixed
    assert sum(counted.values()) == 80  # 76 road, Green Space and Centre tiles plus 4 Huat tiles


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_each_player_has_a_different_superpower_and_starts_on_a_community_centre(players):
    s = fresh(players=players, seed=7)
    assert len(set(s.powers)) == players
    assert all(s.grid_kind[t] == "centre" for t in s.pos)
    per_centre = Counter(s.pos)
    assert max(per_centre.values()) <= 3
    if players >= 3:
        assert len(per_centre) == 3  # each Community Centre has at least 1 player token


def test_same_seed_same_setup_and_different_seeds_differ():
    assert fresh(seed=5) == fresh(seed=5)
    assert fresh(seed=5).grid_kind != fresh(seed=6).grid_kind


def test_first_turn_pays_upkeep():
    s = fresh()
    c = s.content.start
    assert s.avail == {"fuel": c.fuel, "food": c.food - 1, "water": c.water - 1}
    assert s.used == {"fuel": 0, "food": 1, "water": 1}
