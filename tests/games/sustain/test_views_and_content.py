"""Secrets never reach a view; content errors name the field; renderers are pure and complete."""

from __future__ import annotations

import json

import pytest

from loopcity import load_game
from loopcity.engine import ContentError, Rng
from loopcity.engine.testing import random_playout
from loopcity.games.sustain.actions import BUILD, SPACE
from loopcity.games.sustain.rules import HANDLERS

from .helpers import investing, new, pay, solution_at


def test_view_never_shows_a_solution_cards_white_side_before_it_is_flipped():
    s = new()
    text = json.dumps(s.view(0))
    for sid, _ in s.table:
        sol = s.tables.solutions[sid]
        assert sid not in text and sol.title not in text
    assert "Mobility plan" in text  # the gray side is visible


def test_view_never_shows_the_deck_orders():
    s = new(variant="traffic_crisis")
    text = json.dumps(s.view(None))
    for card in s.event_deck:
        assert f'"{card}"' not in text
    for sid in s.sol_deck:
        assert sid not in text
    assert s.view(None)["decks"] == {"events": len(s.event_deck), "solutions": len(s.sol_deck)}


def test_white_side_is_shown_once_flipped():
    s = new()
    s = investing(s, seat=0, coins=10, **solution_at(s, 3, "S-11", 1))
    pay(s, 0, "invest 3", 1)
    assert s.view(1)["flipped"][-1]["title"] == "Local market"


def test_resample_hidden_keeps_gray_sides_and_redraws_the_rest():
    s = new(variant="housing_boom", seed=3)
    grays = [s.tables.solutions[e[0]].gray for e in s.table]
    changed = False
    for seed in range(10):
        other = s.clone()
        other.resample_hidden(0, Rng(seed))
        assert [other.tables.solutions[e[0]].gray for e in other.table] == grays
        assert other.view(0) == s.view(0)
        changed |= other.sol_deck != s.sol_deck or other.event_deck != s.event_deck
    assert changed


def test_resample_hidden_keeps_the_gray_side_and_building_of_a_card_whose_building_waits():
    s = investing(new(), seat=0, coins=10)
    pay(s, 0, "invest 2", 3)  # S-04 Urban forest (Green plan): its Park waits to be drawn
    for seed in range(10):
        other = s.clone()
        other.resample_hidden(0, Rng(seed))
        card = other.tables.solutions[other.pending[2]]
        assert (card.gray, card.building) == ("green_plan", "park") and other.view(0) == s.view(0)
        other.check_invariants()


def test_bad_content_names_the_item_and_field():
    with pytest.raises(ContentError, match=r"departments.*cost"):
        load_game("sustain", overrides={"departments.mobility.spaces.0.cost": 0})
    with pytest.raises(ContentError, match="growth"):
        load_game("sustain", overrides={"board.growth": [1, 2]})


def test_content_items_are_marked_with_their_source():
    s = new()
    c = s.content
    items = [
        c.board,
        c.map,
        *c.buildings,
        *c.departments,
        *c.gray_sides,
        *c.solutions,
        *c.events,
        *c.scenarios,
    ]
    assert all(i.source in ("rulebook", "research", "reconstructed") for i in items)


@pytest.mark.parametrize("variant", ["first_game", "traffic_crisis", "housing_boom"])
def test_renderers_draw_a_view_and_mark_legal_targets(variant):
    game = load_game("sustain", players=4, variant=variant)
    s = game.new_state(5)
    text = game.spec.render_text(s.view(0))
    assert "Standard of Living" in text and "City Map" in text
    seat = s.active_seats()[0]
    svg = game.spec.render_svg(s.view(seat), s.legal_actions(seat))
    assert svg.startswith("<svg") and svg.endswith("</svg>") and "data-info=" in svg
    assert "data-act" not in svg  # the discussion's gifts and pass are the action list's, not the board's
    end = random_playout(game, 7)
    assert "SUSTAIN" in game.spec.render_text(end.view(None))


def test_svg_marks_build_targets():
    s = investing(new(), seat=1, coins=10)
    pay(s, 1, "fund 2 1", 2)
    svg = s.game.spec.render_svg(s.view(1), s.legal_actions(1))
    assert f'data-act="build {BUILD.read(s.legal_actions(1)[0]).cell}"' in svg


def test_content_limits_match_the_action_space():
    with pytest.raises(ContentError, match="cost"):
        load_game("sustain", overrides={"gray_sides.transit_plan.cost": 21})
    with pytest.raises(ContentError, match="size"):
        load_game("sustain", overrides={"map.size": 9})


def test_every_action_kind_has_a_handler():
    assert HANDLERS.missing(SPACE) == []


def test_the_solution_decks_top_card_shows_its_gray_side_in_every_view():
    """Rulebook, set-up: "The Solution deck must have the gray side visible": the top card's plan and
    cost are public at the paper table, so every seat and a spectator see them (view, panel, text
    board, observation); its white side and the cards below stay hidden."""
    from loopcity.games.sustain.panels import panels
    from loopcity.games.sustain.render import render_text

    s = new(variant="traffic_crisis")
    top = s.tables.solutions[s.sol_deck[0]]
    gray = s.tables.gray[top.gray]
    for seat in (0, 1, None):
        view = s.view(seat)
        assert view["deck_top"] == {
            "gray": gray.id,
            "title": gray.title,
            "text": gray.text,
            "cost": gray.cost,
        }
        assert top.title not in json.dumps(view)  # the white side stays hidden
    cards = [c for p in panels(s.view(0)) for c in p.cards]
    assert any(c.title.startswith("Solution deck, top card: ") and gray.title in c.title for c in cards)
    assert f"Solution deck, top card (gray side up): {gray.title}" in render_text(s.view(None))
    from loopcity.engine.observation import encoder_for

    enc = encoder_for(s.game)  # the observation encodes it too
    block = enc.layout.segment("solution_deck_top")
    hot = enc.encode(s, 0).hot
    assert [i - block.offset for i in hot if block.offset <= i < block.offset + block.size] == [
        enc.gray_index[gray.id]
    ]


def test_resample_hidden_keeps_the_decks_top_gray_side():
    s = new(variant="housing_boom", seed=3)
    gray = s.tables.solutions[s.sol_deck[0]].gray
    for seed in range(10):
        other = s.clone()
        other.resample_hidden(0, Rng(seed))
        assert other.tables.solutions[other.sol_deck[0]].gray == gray and other.view(0) == s.view(0)
