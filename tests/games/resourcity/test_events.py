"""Every Crisis and Huat tile (recovered tile texts), drawn from the deck and resolved at once."""

from .helpers import again, crop, on_top, point, scenario

RING = ["┌┐", "└┘"]


def state(players=2, powers=("cyclist", "builder"), rows=RING, tokens=None, **fields):
    """Every token on tile 35 (unless ``tokens`` say otherwise), a draw deck of road tiles, on ``rows``."""
    powers = list(powers) + ["innovator", "planner"][: players - 2]
    tokens = tokens or [35] * players
    return scenario(rows, players=players, powers=powers, tokens=tokens, quiet=True, **fields)


def draw(s, tile):
    """Put ``tile`` on top of the deck and end the current turn so that it is drawn."""
    s = on_top(s, tile)
    s.apply(s.turn, "end")
    if s.phase == "discard":
        s.apply(s.turn, "discard 0")
    return s


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
        s = draw(s, tile)
        for r in ("fuel", "food", "water"):
            upkeep = 1 if r != "fuel" else 0
            assert before[r] - s.avail[r] == loss.get(r, 0) + upkeep, (tile, r)
        assert s.crises_drawn == 1 and tile in s.resolved


def test_blight_removes_the_more_common_of_sugar_cane_and_sweet_potato():
    s = state(
        rows=["┌┐┌┐", "└┘└┘"], crops=[crop(point(1, 1), "sugarcane", 2), crop(point(1, 3), "sweetpotato", 1)]
    )
    s.resolve_crisis("blight")
    assert point(1, 1) not in s.crop and s.crop[point(1, 3)] == "sweetpotato"
    assert s.supply["sugarcane"] == 10


def test_monsoon_clears_single_crop_farms_and_rains_on_catchments():
    crops = [
        crop(point(1, 1), "sweetpotato", 1),
        crop(point(1, 2), "catchment", 1),
        crop(point(1, 4), "sugarcane", 1),  # the small Farm grows one crop only
    ]
    s = state(rows=["┌─┐┌┐", "│G│└┘", "└─┘"], crops=crops)
    s = again(s, available={"water": s.avail["water"] - 10})
    w = s.avail["water"]
    s.resolve_crisis("monsoon")
    assert point(1, 4) not in s.crop
    assert s.crop[point(1, 1)] == "sweetpotato"  # two crop types: spared
    assert s.avail["water"] == w + 3 * 1


def test_pests_strike_a_quarter_with_more_than_three_planted_plots():
    crops = [crop(p, "sweetpotato", 1) for p in (point(1, 1), point(1, 2), point(2, 1), point(2, 2))]
    s = state(rows=["┌─┐┌┐", "│.│└┘", "└─┘"], crops=[*crops, crop(point(1, 4), "sugarcane", 1)])
    s.resolve_crisis("pests")
    assert not any(p in s.crop for p in (point(1, 1), point(1, 2), point(2, 1), point(2, 2)))
    assert point(1, 4) in s.crop  # top-right quarter: only 1 planted Plot


def test_pests_spare_a_quarter_with_three_planted_plots():
    s = state(
        rows=["┌─┐", "│.│", "└─┘"],
        crops=[crop(p, "sweetpotato", 1) for p in (point(1, 1), point(1, 2), point(2, 1))],
    )
    s.resolve_crisis("pests")
    assert len(s.crop) == 3


def test_manpower_shortage_stops_rotate_and_replace_for_the_next_round():
    s = draw(state(rows=["┌┐", "└┘"]), "manpower")
    for _ in range(2):  # the next round: both players' next turns
        assert not any(a.kind in ("rotate", "replace") for a in s.legal_actions(s.turn))
        s.apply(s.turn, "end")
        s.apply(s.turn, "discard 0")
    assert any(a.kind in ("rotate", "replace") for a in s.legal_actions(s.turn))


def test_pandemic_gives_one_action_per_turn_for_the_next_round_even_to_the_innovator():
    s = draw(state(powers=("innovator", "cyclist")), "pandemic")
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
    s = state(
        powers=("farmer", "cyclist"),
        rows=["┌┐┌┐", "└┘└┘"],
        tokens=[0, 35],  # tile (0,0): Plot (1,1) is its corner
        crops=[crop(point(1, 1), "sugarcane", 2), crop(point(1, 3), "sugarcane", 1)],
    )
    s = again(s, available={"fuel": s.avail["fuel"] - 5})
    assert s.used["fuel"] == 5
    fuel = s.avail["fuel"]
    s.resolve_crisis("blight")
    assert s.avail["fuel"] == fuel + 1  # only the Plot next to the Farmer counts


def test_bumper_harvest_adds_a_token_and_collects_ready_plots():
    s = state(
        rows=["┌┐┌┐", "└┘└┘"], crops=[crop(point(1, 1), "sugarcane", 2), crop(point(1, 3), "sweetpotato", 1)]
    )
    s = draw(s, "bumper")
    assert s.baskets[0] == [("sugarcane", 3, 0)]
    assert s.tokens[point(1, 3)] == 2


def test_bumper_harvest_collects_from_any_plot_that_becomes_ready_not_one_ready_before():
    """Bumper Harvest (tile text): "+1 crop token on every crop; collect from any Plot that becomes
    ready." A Plot that was ready before the tile does not become ready: it waits for a Harvest Action
    ("Once a Plot has reached the number of Crop tokens required for a Harvest, you must Harvest all
    Crop tokens from that Plot")."""
    crops = [
        crop(point(1, 1), "sugarcane", 3),  # ready before: grown this turn, not yet harvested
        crop(point(1, 3), "sugarcane", 2),  # becomes ready
        crop(point(1, 5), "sweetpotato", 1),  # grows
    ]
    s = state(rows=["┌┐┌┐┌┐", "└┘└┘└┘"], crops=crops)
    s = draw(s, "bumper")
    assert s.baskets[0] == [("sugarcane", 3, 0)]  # the Plot that became ready, into the drawer's harvest
    assert s.crop[point(1, 1)] == "sugarcane" and s.tokens[point(1, 1)] == 3  # still to Harvest
    assert point(1, 3) not in s.crop and point(1, 3) in s.compost  # harvested: a Compost token on it
    assert s.tokens[point(1, 5)] == 2


def test_community_day_makes_construction_cheaper_next_round():
    s = draw(state(powers=("cyclist", "farmer"), rows=["┌┐", "└┘"]), "communityday")
    s = again(s, player_tokens=[35, 0], hands={2: "curve green tee"})
    fuel = s.avail["fuel"]
    s.apply(1, "rotate 1 cw")
    assert s.avail["fuel"] == fuel  # Rotate: 1 - 1 = 0 Fuel
    s.apply(1, "replace 0 1")
    assert s.avail["fuel"] == fuel - 2  # road Replace: 3 - 1


def test_compost_day_puts_compost_on_three_plots_of_the_drawers_choice():
    s = draw(state(rows=["┌─┐", "│.│", "└─┘"]), "compostday")
    assert s.phase == "compost" and s.turn == 0
    for p in (point(1, 1), point(2, 2), point(1, 2)):
        s.apply(0, f"compost {p}")
    assert s.compost == {point(1, 1), point(2, 2), point(1, 2)} and s.supply["compost"] == 5
    assert s.turn == 1


def test_good_rainfall_gives_three_water_and_one_per_catchment():
    s = state(rows=["┌┐G", "└┘"], crops=[crop(point(1, 1), "catchment", 0)])
    s = again(s, available={"water": s.avail["water"] - 10})
    w = s.avail["water"]
    s = draw(s, "rainfall")
    assert s.avail["water"] == w + 3 + 1 - 1  # then seat 2 pays its upkeep


def test_huat_tiles_do_not_count_as_crises():
    s = draw(state(), "rainfall")
    assert s.crises_drawn == 0 and "rainfall" in s.resolved


def test_a_crisis_mid_draw_is_resolved_and_the_hand_still_fills():
    s = state(hands={1: "curve"}, deck_top=["cross", "drought", "tee"])
    s.apply(0, "end")
    assert s.hands[0] == ["curve", "cross", "tee"] and s.crises_drawn == 1


def test_the_farmer_gains_from_a_crisis_another_player_drew():
    """The Farmer's Crisis gain is not an Action done another way but happens "during a Crisis", which
    comes at the end of any player's turn: the Cyclist draws the Blight, the Farmer next to the lost
    Sugar Cane still saves 1 Fuel (docs: "Farmer in a Crisis")."""
    s = state(
        powers=("cyclist", "farmer"),
        rows=["┌┐┌┐", "└┘└┘"],
        tokens=[35, 0],  # the Farmer on tile (0,0), whose corner is Plot (1,1)
        crops=[crop(point(1, 1), "sugarcane", 2)],
    )
    s = again(s, available={"fuel": s.avail["fuel"] - 5})
    assert s.powers[s.turn] == "cyclist"
    fuel = s.avail["fuel"]
    s = draw(s, "blight")
    assert s.avail["fuel"] == fuel + 1
