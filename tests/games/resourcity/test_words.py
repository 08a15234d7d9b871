"""What people read: labels, prompts, refusals, log lines, the reference, the panels, the stage and the
board's words, all made from content and views in the rulebook's vocabulary."""

import re
import xml.etree.ElementTree as ET

import pytest

from loopcity import load_game
from loopcity.engine import IllegalAction, RandomBot, Rng
from loopcity.engine.text import reading_in, reference_text
from loopcity.games.resourcity import SPEC
from loopcity.games.resourcity.actions import ACTION_SPACE
from loopcity.games.resourcity.texts import TEXTS

from .helpers import crop, decide, fresh, new_game, on_top, point, scenario

RING = ["┌┐", "└┘"]


def labels(s, seat):
    return {str(a): s.label(seat, a) for a in s.legal_actions(seat)}


def test_every_action_kind_has_a_labeller():
    assert TEXTS.missing(ACTION_SPACE) == []


def random_states(n, players=3, seed=0):
    """``n`` states met along seeded random games."""
    rng = Rng(seed)
    game = load_game("resourcity", players=players)
    out = []
    g = 0
    while len(out) < n:
        s = game.new_state(g)
        bots = [RandomBot(game, i, g) for i in range(players)]
        while not s.is_terminal() and len(out) < n:
            if rng.below(3) == 0:
                out.append(s.clone())
            seat = s.active_seats()[0]
            s.apply(seat, bots[seat].choose(s, seat))
        g += 1
    return out


def test_labels_of_every_legal_action_are_words_with_their_costs():
    seen = set()
    for s in random_states(100):
        for seat in s.active_seats():
            for action, label in labels(s, seat).items():
                seen.add(action.split()[0])
                assert (
                    label.text and label.text != action and not re.search(r"\b(cw|ccw|\d+ \d+)\b", label.text)
                )
                if action.startswith("rotate"):
                    cost = s.view(seat)["costs"]["rotate"]
                    assert (f"({cost} Fuel)" if cost else "(free)") in label.text
                if action.startswith("replace"):
                    assert re.search(r"\((\d Fuel|free)\)", label.text)
                if action.startswith("plant"):
                    assert re.search(r"\(\d \w+, \d \w+\)", label.text)
    assert {"start", "propose", "vote", "move", "rotate", "replace", "end"} <= seen


def test_labels_name_places_and_costs_from_the_content():
    rows = ["┌┐.", "└┘."]
    s = scenario(
        rows, powers=["cyclist", "builder"], tokens=[0, 35], quiet=True, hands={1: "curve green tee"}
    )
    got = labels(s, 0)
    assert got["move 1"].text == "Move to B1 (Curve road)"
    assert got["rotate 0 cw"].text.startswith(
        "Rotate the Curve road on A1 a quarter turn clockwise (1 Fuel): roads to"
    )
    assert got["rotate 0 cw"].text.endswith("— opens a Farm's loop (no crops on it)")
    assert (
        got["replace 1 0"].text
        == "Replace the Curve road on A1 with the Green Space from the hand (1 Fuel) — opens a Farm's loop (no crops on it)"
    )
    assert got["replace 1 0"].group == "Replace a tile with the Green Space from the hand (1 Action, 1 Fuel)"
    assert got["replace 0 0"].text.endswith("(3 Fuel), then choose how to turn it")
    plant = got[f"plant {point(1, 1)} sweetpotato"]
    assert plant.text == "Plant Sweet Potato on the bottom-right corner of A1 (2 Food, 2 Water)"
    assert (
        plant.group
        == "Plant Sweet Potato (1 Action, 2 Food, 2 Water): 4 crop tokens to Harvest, then +6 Food"
    )


def test_labels_follow_a_content_override():
    rows = ["┌┐", "└┘"]
    s = scenario(rows, powers=["cyclist", "builder"], tokens=[0, 35], quiet=True)
    game = load_game("resourcity", players=2, overrides={"costs.rotate": 2, "crops.sweetpotato.cost.food": 3})
    changed = type(s).from_position(game, s.position())
    got = labels(changed, 0)
    assert "(2 Fuel)" in got["rotate 0 cw"].text
    assert got[f"plant {point(1, 1)} sweetpotato"].text.endswith("(3 Food, 2 Water)")


def test_a_farm_closing_rotate_says_so():
    s = scenario(["┌┐", "└┐"], powers=["cyclist", "builder"], tokens=[7, 35], quiet=True)
    closing = [lab.text for a, lab in labels(s, 0).items() if a.startswith("rotate 7")]
    assert any(t.endswith("— closes a Farm") for t in closing)


def test_prompts_say_what_is_decided_and_by_whom():
    s = new_game(players=2, seed=3)
    assert s.prompt(0).startswith("Step 8: put your token on a Community Centre")
    assert s.prompt(
        None
    ) == "Waiting for Seat 1 ({}), Seat 2 ({}) to put their tokens on Community Centres".format(
        *(p.title().replace("Policymaker", "Policy Maker") for p in s.powers)
    )
    decide(s)
    first = s.seat_name(0)
    assert (
        s.prompt(0)
        == f"Your turn as the {first.split('(')[1][:-1]}: {s.actions_left} Actions left; then end your turn"
    )
    assert s.prompt(1) == f"Waiting for {first} to take Actions ({s.actions_left} Actions left)"
    vote = new_game(players=3, seed=3)
    for seat, t in enumerate(t for t in range(36) if vote.grid_kind[t] == "centre"):
        vote.apply(seat, f"start {t}")
    vote.apply(0, "propose 2")
    assert vote.prompt(1).endswith(
        "starts first: vote yes or no (a majority of the 3 seats asked; a tie rejects it)"
    )
    assert "waiting for Seat 2" in vote.prompt(0) and "Seat 3" in vote.prompt(0)


def refusal(s, seat, action):
    with pytest.raises(IllegalAction) as e:
        s.apply(seat, action)
    return str(e.value)


def test_refusals_give_the_real_reason_with_the_cost():
    rows = ["┌┐.", "└┘."]
    s = scenario(
        rows, powers=["farmer", "builder"], tokens=[2, 35], quiet=True, available={"fuel": 0, "food": 1}
    )
    assert "a Green Space looks the same" not in refusal(s, 0, "rotate 1 cw")
    assert refusal(s, 0, "rotate 1 cw").startswith(
        "Rotating a tile costs 1 Fuel; the team has 0 Fuel Available"
    )
    assert "looks the same whichever way it is turned: there is nothing to rotate" in refusal(
        s, 0, "rotate 2 cw"
    )
    assert "is out of reach: you may change the tile you stand on (C1) or a tile beside it" in refusal(
        s, 0, "rotate 20 cw"
    )
    assert refusal(s, 0, "move 30").startswith("A6 is not next to your tile C1")
    assert "Replacing with the" in refusal(
        s, 0, "replace 0 1"
    ) and "the team has 0 Fuel Available" in refusal(s, 0, "replace 0 1")
    far = scenario(rows, powers=["cyclist", "builder"], tokens=[0, 35], quiet=True, available={"food": 1})
    assert refusal(far, 0, f"plant {point(1, 1)} sugarcane").startswith(
        "Planting Sugar Cane costs 2 Food, 3 Water; the team has Fuel 23, Food 1, Water"
    )
    walled = scenario(["┌│", "│."], powers=["farmer", "builder"], tokens=[0, 35], quiet=True)
    assert refusal(walled, 0, "move 1").startswith(
        "the road on B1 is disconnected from yours: the Straight road there has no road facing A1"
    )


def test_a_move_refused_names_the_side_without_road():
    s = scenario(["│─", "......"], powers=["farmer", "builder"], tokens=[0, 35], quiet=True)
    assert refusal(s, 0, "move 1").startswith(
        "the road on A1 does not lead toward B1: the Straight road there has no road to the east"
    )


def test_log_lines_are_words_and_setup_bookkeeping_is_chance():
    g = load_game("resourcity", players=3)
    s = g.new_state(5)
    chance = [text for _, kind, text, _ in s.log if kind == "chance"]
    assert len(chance) <= 8 and not any("cell" in t for t in chance)
    assert any("Superpower cards dealt" in text for _, kind, text, _ in s.log if kind == "info")
    bots = [RandomBot(g, i, 5) for i in range(3)]
    while not s.is_terminal():
        seat = s.active_seats()[0]
        a = bots[seat].choose(s, seat)
        s.apply(seat, a)
        text = (
            s.log[-1][2]
            if s.log[-1][1] == "action"
            else next(t for _, k, t, _ in reversed(s.log) if k == "action")
        )
        assert str(a) not in text and text.startswith("Seat ")
    kinds = {kind for _, kind, _, _ in s.log}
    assert {"chance", "event", "decision", "action", "info"} <= kinds
    assert all(
        text.startswith("Crisis")
        or text.startswith("Huat")
        or text.startswith("What it did")
        or "wins" in text
        for _, kind, text, _ in s.log
        if kind == "event"
    )


def test_words_are_marked_for_translation():
    s = fresh()
    with reading_in("xx"):  # no catalogue: the words read as written
        assert s.prompt(0) == fresh().prompt(0)
        assert SPEC.reference is not None and reference_text(SPEC.reference(s.content))


def test_the_reference_holds_every_card_text_from_the_content():
    text = reference_text(SPEC.reference(load_game("resourcity").content))
    c = load_game("resourcity").content
    for e in (*c.crises, *c.huats):
        assert e.name in text and e.text in text
    for name in ("Builder", "Cyclist", "Farmer", "Innovator", "Planner", "Policy Maker"):
        assert f"* {name}" in text
    assert "Sweet Potato     2 Food, 2 Water" in text and "+6 Food" in text
    assert "Strategize as a team and decide who starts first." in text
    changed = load_game(
        "resourcity",
        overrides={
            "crises.drought.text": "Lose 7 Water.",
            "crises.drought.water": 7,
            "superpowers.builder_road_cost": 1,
        },
    )
    text = reference_text(SPEC.reference(changed.content))
    assert "Lose 7 Water." in text and "Water: −7" in text and "costs 1 Fuel instead of 3" in text


def test_panels_show_every_player_and_the_table_to_everyone():
    s = fresh(players=3)
    views = {seat: SPEC.panels(s.view(seat)) for seat in (None, 0, 1, 2)}
    for seat, panels in views.items():
        assert panels[0].title == "The table" and [p.seat for p in panels[1:]] == [0, 1, 2]
        assert [p.mine for p in panels[1:]] == [seat == o for o in range(3)]
        assert panels[1].title == s.seat_name(0) and panels[1].title.startswith("Seat 1 (")
    assert ("Food", "22 Available, 1 Used") in views[None][0].rows
    strip = [[(p.title, p.rows, p.cards) for p in panels] for panels in views.values()]
    assert all(x == strip[0] for x in strip)  # nothing is secret in Resourcity but the deck


def test_a_crisis_is_on_stage_with_what_it_did_until_the_drawers_next_turn():
    s = scenario(RING, powers=["cyclist", "builder"], tokens=[35, 35], quiet=True)
    s = on_top(s, "drought")
    water = s.avail["water"]
    s.apply(0, "end")
    s.apply(0, "discard 0")
    cards = SPEC.stage(s.view(1))
    assert cards[0].title == "Crisis 1: Drought" and cards[0].text == "Lose 5 Water."
    assert ("Water", f"{water} → {water - 5} Available") in cards[0].facts
    assert ("Drawn by", f"{s.seat_name(0)}, round 1") in cards[0].facts
    assert any(
        kind == "event" and text.startswith("What it did: Available Water") for _, kind, text, _ in s.log
    )
    s.apply(1, "end")
    s.apply(1, "discard 0")
    assert SPEC.stage(s.view(0)) == []  # the drawer's next turn: the round is over


def test_the_svg_labels_targets_and_shows_the_turns_of_a_tile_being_laid():
    s = scenario(
        RING, powers=["cyclist", "builder"], tokens=[0, 35], quiet=True, hands={1: "curve green tee"}
    )
    legal = s.legal_actions(0)
    root = ET.fromstring(SPEC.render_svg(s.view(0), legal))
    acts = {e.get("data-act") for e in root.iter() if e.get("data-act")}
    assert {"move 1", "rotate 0 cw", "rotate 0 ccw"} <= acts
    infos = [e.get("data-info") for e in root.iter() if e.get("data-info")]
    assert any(i.startswith("A1: Curve road, roads to the east and south; here: Seat 1") for i in infos)
    texts = [e.text for e in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"A", "F", "1", "6"} <= set(texts)
    s.apply(0, "replace 0 1")
    legal = s.legal_actions(0)
    root = ET.fromstring(SPEC.render_svg(s.view(0), legal))
    previews = [e for e in root.iter() if e.get("class") == "orient"]
    assert len(previews) == len(legal) == 4
    assert {e.get("data-act") for e in previews} == {str(a) for a in legal}
    assert all(e.get("data-info").startswith("Lay the Curve road on B1 with roads to the") for e in previews)
    assert s.label(0, legal[0]).group == "Turn the Curve road you are laying on B1"


def test_the_text_board_reads_columns_and_rows():
    text = SPEC.render_text(fresh().view(0))
    lines = text.splitlines()
    assert re.match(r"^ +A +B +C +D +E +F$", lines[0])
    assert [line[:2] for line in lines[2:13:2]] == [" 1", " 2", " 3", " 4", " 5", " 6"]
    assert "Resource Pool — Available: Fuel 23, Food 22, Water 22" in text


def test_crops_and_plots_are_named_by_their_corner():
    s = scenario(
        RING,
        powers=["farmer", "builder"],
        tokens=[0, 35],
        quiet=True,
        crops=[crop(point(1, 1), "sweetpotato", 4)],
    )
    got = labels(s, 0)
    assert (
        got[f"harvest {point(1, 1)}"].text
        == "Harvest the Sweet Potato on the bottom-right corner of A1: worth +6 Food at a Community Centre"
    )
    assert "Sweet Potato on the top-left corner of B2: 4 crop tokens — ready to Harvest" in SPEC.render_text(
        s.view(0)
    )
