"""A game that says its board is public (``public_board``) draws the same board from a seat's view as
from the spectator's, with the seat's own targets: the web server draws it once per move and legal
actions for every seat (loopcity.web.payload), so a seat must lose nothing by it."""

from __future__ import annotations

import html
import random

import pytest

from loopcity.engine import list_games, load_game

PUBLIC = [spec.id for spec in list_games() if spec.public_board]


def test_the_games_that_draw_a_board_say_whether_it_is_public():
    assert {"reclaim", "resourced", "resourcity", "sustain", "waste_what"} <= set(PUBLIC)
    # Waste What? marks a card with the first of a seat's actions that name it: not alone
    assert not load_game("waste_what").spec.marks_alone


@pytest.mark.parametrize("game", PUBLIC)
@pytest.mark.parametrize("seed", [3, 1003])
def test_a_public_board_drawn_from_a_seats_view_is_the_spectators_with_the_seats_targets(game, seed):
    spec = load_game(game).spec
    state = load_game(game).new_state(seed)
    rng = random.Random(seed)
    for _step in range(60):
        if state.is_terminal():
            break
        public = state.view(None)
        for seat in range(state.players):
            legal = state.legal_actions(seat)
            assert spec.render_svg(state.view(seat), legal) == spec.render_svg(public, legal), (seat, _step)
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game", [g for g in PUBLIC if load_game(g).spec.marks_alone])
def test_a_public_board_depends_on_a_seats_actions_only_through_the_places_they_target(game):
    """The web server draws a seat's board with only those of its actions that target a place (found
    on the board drawn with every seat's actions): the same board as with all of them."""
    from loopcity.web.payload import _DATA_ACT

    spec = load_game(game).spec
    for seed in (3, 1003):
        state = load_game(game).new_state(seed)
        rng = random.Random(seed)
        for _step in range(60):
            if state.is_terminal():
                break
            public = state.view(None)
            every = [a for s in range(state.players) for a in state.legal_actions(s)]
            targets = {html.unescape(t) for t in _DATA_ACT.findall(spec.render_svg(public, every))}
            for seat in range(state.players):
                legal = state.legal_actions(seat)
                pressed = [a for a in legal if str(a) in targets]
                assert spec.render_svg(public, legal) == spec.render_svg(public, pressed), (seed, seat, _step)
            seat = state.active_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


SEAT_VIEWS = [spec.id for spec in list_games() if spec.seat_view is not None]


def test_the_games_say_what_of_a_view_is_a_seats_own():
    assert {"reclaim", "resourced", "resourcity", "sustain", "waste_what"} <= set(SEAT_VIEWS)
    assert all(load_game(g).spec.public_stage for g in PUBLIC)


@pytest.mark.parametrize("game", SEAT_VIEWS)
@pytest.mark.parametrize("seed", [3, 1003])
def test_a_seats_view_is_the_spectators_with_its_own_part(game, seed):
    """The web server builds the spectator's view once per move and each seat's own part
    (loopcity.web.payload): a seat's view so made is the one the rules give it, and what is on stage
    (public_stage) is the same from every view."""
    spec = load_game(game).spec
    state = load_game(game).new_state(seed)
    rng = random.Random(seed)
    for step in range(80):
        if state.is_terminal():
            break
        public = state.view(None)
        for seat in range(state.players):
            own = state.view(seat)
            assert {**public, **spec.seat_view(state, seat)} == own, (seat, step)
            if spec.public_stage and spec.stage is not None:
                assert [c.to_json() for c in spec.stage(own)] == [c.to_json() for c in spec.stage(public)]
        seat = rng.choice(list(state.active_seats()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))


PUBLIC_PANELS = [spec.id for spec in list_games() if spec.public_panels and spec.panels is not None]


SEAT_PANELS = [spec.id for spec in list_games() if spec.seat_panels is not None]


def test_the_games_whose_panels_differ_only_in_whose_they_are_say_so():
    assert {"resourcity", "sustain", "waste_what"} <= set(PUBLIC_PANELS)
    # RECLAIM's own panel shows the seat's hand and Hidden agenda; RESOURCED's table panel words the
    # seat's prompt: they name those panels instead
    assert not {"reclaim", "resourced"} & set(PUBLIC_PANELS)
    assert {"reclaim", "resourced"} <= set(SEAT_PANELS)


@pytest.mark.parametrize("game", sorted(set(PUBLIC_PANELS) | set(SEAT_PANELS)))
@pytest.mark.parametrize("seed", [3, 1003])
def test_a_seats_panels_are_the_spectators_with_its_own_marked_or_laid_over(game, seed):
    """The web server builds the panels once per move from the spectator's view (loopcity.web.payload)
    and for each seat marks its own ``mine`` or, where a seat has panels of its own (its Hidden
    agenda, its prompt), lays those over them: a seat's panels so made are those its whole view gives,
    its own panel marked as its."""
    spec = load_game(game).spec
    state = load_game(game).new_state(seed)
    rng = random.Random(seed)
    for step in range(80):
        if state.is_terminal():
            break
        public = [p.to_json() for p in spec.panels(state.view(None))]
        assert not any(p["mine"] for p in public)
        for seat in range(state.players):
            view = state.view(seat)
            whole = [p.to_json() for p in spec.panels(view)]
            if spec.seat_panels is not None:
                own = {i: p.to_json() for i, p in spec.seat_panels(view).items()}
                made = [own.get(i, p) for i, p in enumerate(public)]
            else:
                made = [{**p, "mine": p["seat"] == seat} for p in public]
            assert made == whole, (seat, step)
            assert [p["seat"] for p in whole if p["mine"]] == [seat]
        seat = rng.choice(list(state.active_seats()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
