"""Every Crisis and Huat tile (recovered tile texts), drawn from the deck and resolved at once."""

from .helpers import fresh, point, set_board
from .test_farming import quiet_deck

RING = ["┌┐", "└┘"]


def state(players=2, powers=("cyclist", "builder"), rows=RING):
    s = fresh(players=players, powers=list(powers) + ["innovator", "planner"][: players - 2])
    set_board(s, rows)
    s.pos = [35] * players
    quiet_deck(s)
    return s


def draw(s, tile):
    """Put ``tile`` on top of the deck and end the current turn so that it is drawn."""
    s.deck.append(tile)
    s.sections[0] += 1
    s._legal = {}
    s.apply(s.turn, "end")
    if s.phase == "discard":
        s.apply(s.turn, "discard 0")


def plant(s, p, crop, n):
    from loopcity.games.resourcity.farming import TOKEN

    s.crop[p], s.tokens[p] = crop, n
    s.supply[TOKEN[crop]] -= n
    if crop == "catchment":
        s.supply["catchment"] -= 1


def test_drought_fuel_crisis_and_trade_embargo_consume_resources():
    for tile, loss in (
        ("drought", {"water": 5}),
        ("fuelcrisis", {"fuel": 5}),
        ("embargo", {"fuel": 2, "food": 2, "water": 2}),
    ):
        s = state()
        before = dict(s.avail)
        s.apply(0, "end")
        s.apply(0, "discard 0")  # seat 2's upkeep is paid; now seat 2 draws the Crisis
        before = dict(s.avail)
        draw(s, tile)
        for r in ("fuel", "food", "water"):
            upkeep = 1 if r != "fuel" else 0
            assert before[r] - s.avail[r] == loss.get(r, 0) + upkeep, (tile, r)
        assert s.crises_drawn == 1 and tile in s.resolved


def test_blight_removes_the_more_common_of_sugar_cane_and_sweet_potato():
    s = state(rows=["┌┐┌┐", "└┘└┘"])
    plant(s, point(1, 1), "sugarcane", 2)
    plant(s, point(1, 3), "sweetpotato", 1)
    s.resolve_crisis("blight")
    assert point(1, 1) not in s.crop and s.crop[point(1, 3)] == "sweetpotato"
    assert s.supply["sugarcane"] == 10


def test_monsoon_clears_single_crop_farms_and_rains_on_catchments():
    s = state(rows=["┌─┐┌┐", "│G│└┘", "└─┘"])
    plant(s, point(1, 1), "sweetpotato", 1)
    plant(s, point(1, 2), "catchment", 1)
    plant(s, point(1, 4), "sugarcane", 1)  # the small Farm grows one crop only
    s.used["water"] += 10
    s.avail["water"] -= 10
    w = s.avail["water"]
    s.resolve_crisis("monsoon")
    assert point(1, 4) not in s.crop
    assert s.crop[point(1, 1)] == "sweetpotato"  # two crop types: spared
    assert s.avail["water"] == w + 3 * 1


def test_pests_strike_a_quarter_with_more_than_three_planted_plots():
    s = state(rows=["┌─┐┌┐", "│.│└┘", "└─┘"])
    for p in (point(1, 1), point(1, 2), point(2, 1), point(2, 2)):
        plant(s, p, "sweetpotato", 1)
    plant(s, point(1, 4), "sugarcane", 1)
    s.resolve_crisis("pests")
    assert not any(p in s.crop for p in (point(1, 1), point(1, 2), point(2, 1), point(2, 2)))
    assert point(1, 4) in s.crop  # top-right quarter: only 1 planted Plot


def test_pests_spare_a_quarter_with_three_planted_plots():
    s = state(rows=["┌─┐", "│.│", "└─┘"])
    for p in (point(1, 1), point(1, 2), point(2, 1)):
        plant(s, p, "sweetpotato", 1)
    s.resolve_crisis("pests")
    assert len(s.crop) == 3


def test_manpower_shortage_stops_rotate_and_replace_for_the_next_round():
    s = state(rows=["┌┐", "└┘"])
    draw(s, "manpower")
    for _ in range(2):  # the next round: both players' next turns
        assert not any(a.kind in ("rotate", "replace") for a in s.legal_actions(s.turn))
        s.apply(s.turn, "end")
        s.apply(s.turn, "discard 0")
    assert any(a.kind in ("rotate", "replace") for a in s.legal_actions(s.turn))


def test_pandemic_gives_one_action_per_turn_for_the_next_round_even_to_the_innovator():
    s = state(powers=("innovator", "cyclist"))
    draw(s, "pandemic")
    assert s.actions_left == 1
    s.apply(s.turn, "end")
    s.apply(s.turn, "discard 0")
    assert s.turn == 0 and s.actions_left == 1
    s.apply(s.turn, "end")
    s.apply(s.turn, "discard 0")
    s.apply(s.turn, "end")
    s.apply(s.turn, "discard 0")
    assert s.turn == 0 and s.actions_left == 5  # the Innovator's 5 again


def test_farmer_gains_from_destroyed_plots_next_to_them():
    s = state(powers=("farmer", "cyclist"), rows=["┌┐┌┐", "└┘└┘"])
    s.pos[0] = 0  # tile (0,0): Plot (1,1) is its corner
    plant(s, point(1, 1), "sugarcane", 2)
    plant(s, point(1, 3), "sugarcane", 1)
    s.used["fuel"] = 5
    s.avail["fuel"] -= 5
    fuel = s.avail["fuel"]
    s.resolve_crisis("blight")
    assert s.avail["fuel"] == fuel + 1  # only the Plot next to the Farmer counts


def test_bumper_harvest_adds_a_token_and_collects_ready_plots():
    s = state(rows=["┌┐┌┐", "└┘└┘"])
    plant(s, point(1, 1), "sugarcane", 2)
    plant(s, point(1, 3), "sweetpotato", 1)
    draw(s, "bumper")
    assert s.baskets[0] == [("sugarcane", 3, 0)]
    assert s.tokens[point(1, 3)] == 2


def test_community_day_makes_construction_cheaper_next_round():
    s = state(powers=("cyclist", "farmer"), rows=["┌┐", "└┘"])
    draw(s, "communityday")
    s.pos[1] = 0
    s.hands[1] = ["curve", "green", "tee"]
    s._legal = {}
    fuel = s.avail["fuel"]
    s.apply(1, "rotate 1 cw")
    assert s.avail["fuel"] == fuel  # Rotate: 1 - 1 = 0 Fuel
    s.apply(1, "replace 0 1")
    assert s.avail["fuel"] == fuel - 2  # road Replace: 3 - 1


def test_compost_day_puts_compost_on_three_plots_of_the_drawers_choice():
    s = state(rows=["┌─┐", "│.│", "└─┘"])
    draw(s, "compostday")
    assert s.phase == "compost" and s.turn == 0
    for p in (point(1, 1), point(2, 2), point(1, 2)):
        s.apply(0, f"compost {p}")
    assert s.compost == {point(1, 1), point(2, 2), point(1, 2)} and s.supply["compost"] == 5
    assert s.turn == 1


def test_good_rainfall_gives_three_water_and_one_per_catchment():
    s = state(rows=["┌┐G", "└┘"])
    plant(s, point(1, 1), "catchment", 0)
    s.used["water"] += 10
    s.avail["water"] -= 10
    w = s.avail["water"]
    draw(s, "rainfall")
    assert s.avail["water"] == w + 3 + 1 - 1  # then seat 2 pays its upkeep


def test_huat_tiles_do_not_count_as_crises():
    s = state()
    draw(s, "rainfall")
    assert s.crises_drawn == 0 and "rainfall" in s.resolved


def test_a_crisis_mid_draw_is_resolved_and_the_hand_still_fills():
    s = state()
    s.hands[0] = ["curve"]
    s.deck += ["tee", "drought", "cross"]
    s.sections[0] += 3
    s._legal = {}
    s.apply(0, "end")
    assert s.hands[0] == ["curve", "cross", "tee"] and s.crises_drawn == 1
