"""Waste What?: a cooperative game for 2 players (or teams) about keeping stuff in use (Trash Games, 2022)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loopcity.engine import ContentSpec, Game, GameSpec, Option, State, Variant

from .actions import ACTION_SPACE
from .content import CONTENT_PATH, DIFFICULTIES, N_, WasteWhatContent
from .heuristic import HeuristicBot
from .observation import OBSERVATION
from .panels import panels, stage
from .reference import reference
from .render import legend, render_svg, render_text
from .rules import WasteWhatState
from .tables import WasteWhatTables, build_tables
from .views import seat_view


def metrics(state: State[Any, Any]) -> dict[str, float]:
    """Per-round figures: CO2 released, money, stored cards, cards reused, skill levels."""
    assert isinstance(state, WasteWhatState)
    return {
        "round": float(state.round),
        "co2_released": float(state.co2),
        "money": float(sum(state.cash)),
        "stored": float(sum(len(s) for s in state.storage)),
        "reused": float(state.reused),
        "skill_levels": float(sum(state.level.values())),
        "combos": float(state.combos_made),
        "removed": float(len(state.removed)),
    }


def _heuristic(game: Game[Any, Any], seat: int, seed: int) -> HeuristicBot:
    return HeuristicBot(game, seat, seed)


SPEC: GameSpec[WasteWhatContent, WasteWhatTables] = GameSpec(
    id="waste_what",
    title="Waste What?",
    description=N_(
        "Two material recovery initiatives reuse, store, recycle or burn the city's waste round after round, "
        "growing their skills, paying rent and keeping CO2 in check."
    ),
    min_players=2,
    max_players=2,
    state_class=WasteWhatState,
    action_space=ACTION_SPACE,
    rules_version="2",
    cooperative=True,
    hidden_information=True,
    max_steps=3000,
    options=(
        Option(
            "just_waste",
            12,
            N_("Just Waste cards shuffled into the Waste deck"),
            tuple(n for _d, n in DIFFICULTIES),
        ),
        Option("combos", True, N_("allow Combos")),
        Option("first_game", False, N_("deal the Skill cards at random instead of drafting them")),
    ),
    variants=(
        Variant("normal", N_("Normal round: 12 Just Waste cards, Combos allowed")),
        Variant(
            "beginners",
            N_("Beginners round: 9 Just Waste cards, no Combos"),
            {"just_waste": 9, "combos": False},
        ),
        Variant(
            "difficult", N_("Difficult round: all 18 Just Waste cards, Combos allowed"), {"just_waste": 18}
        ),
    ),
    content=ContentSpec(WasteWhatContent, CONTENT_PATH),
    tables=build_tables,
    bots={"heuristic": _heuristic},
    render_text=render_text,
    render_svg=render_svg,
    public_board=True,  # the board draws the public view only (tests/engine/test_public_board.py)
    public_stage=True,
    public_panels=True,
    seat_view=seat_view,  # a seat's own part of its view (tests/engine/test_public_board.py)
    locale=Path(__file__).with_name("locale"),
    metrics=metrics,
    reference=reference,
    panels=panels,
    legend=legend,
    stage=stage,
    # sequential halving on common samples, heuristic playouts to the end, the heuristic's move kept
    # unless a fresh test shows another better (docs/bots.md: 85% team wins against 67%, 200 games)
    search={"root": "halving", "iterations": 64, "value": "none", "epsilon": 0.0, "confidence": 1.0},
    observation=OBSERVATION,
)
