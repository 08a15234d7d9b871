"""RECLAIM: a semi-cooperative sanitation game of resource recovery for 4 players."""

from __future__ import annotations

from pathlib import Path

from loopcity.engine import ContentSpec, GameSpec, Option, Variant

from .actions import ACTION_SPACE
from .board import ReclaimTables, build_tables
from .content import CONTENT_PATH, N_, ReclaimContent
from .heuristic import HeuristicBot
from .observation import OBSERVATION
from .render import legend, render_svg, render_text
from .rules import ReclaimState
from .stats import metrics, position_value
from .tabletop import panels, reference, seat_panels, stage_cards
from .views import seat_view

SPEC: GameSpec[ReclaimContent, ReclaimTables] = GameSpec(
    id="reclaim",
    title="RECLAIM",
    description=N_(
        "Four city planners turn sanitation waste into fertilizer and food together while each pursues "
        "a hidden agenda; too much pollution, disease or hunger and everyone loses."
    ),
    min_players=4,
    max_players=4,
    default_players=4,
    state_class=ReclaimState,
    action_space=ACTION_SPACE,
    rules_version="2",
    cooperative=False,
    hidden_information=True,
    max_steps=4000,
    options=(
        Option(
            "events",
            "turns",
            N_(
                "Event schedule: 'turns' (after every k player turns), 'timer' "
                "(the front end sends 'alarm' when the 10-minute timer rings) or 'none'"
            ),
            ("turns", "timer", "none"),
        ),
        Option(
            "event_every",
            2,
            N_("with events=turns: draw an Event after every k player turns (1-16)"),
            minimum=1,
            maximum=16,
        ),
    ),
    variants=(
        Variant("standard", N_("the rulebook game; an Event after every 2 player turns")),
        Variant(
            "timer",
            N_("an Event each time the 10-minute timer rings (the front end runs it)"),
            {"events": "timer"},
        ),
        Variant("calm", N_("no Event cards"), {"events": "none"}),
    ),
    content=ContentSpec(ReclaimContent, CONTENT_PATH),
    tables=build_tables,
    bots={"heuristic": HeuristicBot},
    render_text=render_text,
    render_svg=render_svg,
    public_board=True,  # the board draws the public view only (tests/engine/test_public_board.py)
    public_stage=True,
    seat_view=seat_view,  # a seat's own part of its view (tests/engine/test_public_board.py)
    marks_alone=True,
    locale=Path(__file__).with_name("locale"),
    reference=reference,
    panels=panels,
    seat_panels=seat_panels,  # its own panel shows its Hidden agenda (tests/engine/test_public_board.py)
    stage=stage_cards,
    legend=legend,
    metrics=metrics,
    evaluate=position_value,
    # semi-cooperative: halving on playouts cut after 30 steps, scored by RECLAIM's own position value
    # (the seat's points and unspent coins over the leader's, weighed against the Disease risk)
    search={"root": "halving", "iterations": 32, "rollout_depth": 30, "confidence": 1.0},
    observation=OBSERVATION,
)
