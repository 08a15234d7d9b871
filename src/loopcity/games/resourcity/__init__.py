"""Resourcity: a cooperative tile-laying game about a city's Fuel, Food and Water (SUTD, 2024)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loopcity.engine import GameSpec, Option, State, Variant

from .actions import ACTION_SPACE
from .catalogue import N_
from .content import CONTENT, MAX_PLAYERS, Content
from .heuristic import HeuristicBot
from .observation import OBSERVATION
from .panels import panels, stage
from .reference import reference
from .render import legend, render_svg, render_text
from .rules import ResourcityState
from .tables import ResourcityTables, build_tables
from .views import seat_view


def metrics(state: State[Any, Any]) -> dict[str, float]:
    """Per-round figures for simulations: pools, Farms, crops and Crisis tiles so far."""
    assert isinstance(state, ResourcityState)
    s = state
    return {
        "round": float(s.round),
        "fuel": float(s.avail["fuel"]),
        "food": float(s.avail["food"]),
        "water": float(s.avail["water"]),
        "farms": float(s.farm_count()),
        "crops": float(len(s.crop)),
        "crises": float(s.crises_drawn),
        "score": float(s.score()),
    }


SPEC: GameSpec[Content, ResourcityTables] = GameSpec(
    id="resourcity",
    title="Resourcity",
    description=N_(
        "Rotate and lay road tiles to close loops into Farms, grow crops and keep the city's "
        "Fuel, Food and Water from running out until the fourth Crisis has passed. The table decides "
        "together where the tokens start and who starts first."
    ),
    min_players=1,
    max_players=MAX_PLAYERS,
    default_players=2,
    state_class=ResourcityState,
    action_space=ACTION_SPACE,
    rules_version="2",
    cooperative=True,
    hidden_information=True,
    max_steps=4000,
    options=(Option("layout", "beginner", N_("fixed tiles of the grid"), ("beginner", "advanced")),),
    variants=(
        Variant("beginner", N_("Beginner layout"), {"layout": "beginner"}),
        Variant("advanced", N_("Advanced layout"), {"layout": "advanced"}),
    ),
    content=CONTENT,
    tables=build_tables,
    bots={"heuristic": HeuristicBot},
    render_text=render_text,
    render_svg=render_svg,
    public_board=True,  # the board draws the public view only (tests/engine/test_public_board.py)
    public_stage=True,
    public_panels=True,
    seat_view=seat_view,  # a seat's own part of its view (tests/engine/test_public_board.py)
    marks_alone=True,
    locale=Path(__file__).with_name("locale"),
    metrics=metrics,
    reference=reference,
    panels=panels,
    stage=stage,
    legend=legend,
    # halving with heuristic playouts to the end of the game; a stricter test before overruling the
    # heuristic, since a Resourcity playout's result is close to a coin toss (docs/bots.md)
    search={"root": "halving", "iterations": 32, "value": "none", "epsilon": 0.0, "confidence": 1.5},
    observation=OBSERVATION,
)
