"""SUSTAIN: a semi-cooperative game about a growing city, its indicators and its Departments."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loopcity.engine import ContentSpec, GameSpec, Option, State, Variant

from .actions import N_, SPACE
from .content import CONTENT_PATH, SustainContent
from .heuristic import HeuristicBot, SelfishBot
from .observation import OBSERVATION
from .panels import panels, stage
from .reference import reference
from .render import render_svg, render_text
from .rules import SustainState
from .svg import legend
from .tables import SustainTables, build_tables
from .views import seat_view


def metrics(state: State[Any, Any]) -> dict[str, float]:
    """Per-year figures for simulations: the four tracks, the two tables, population, map, Coins
    and the Solution cards adopted (turned white side up)."""
    if not isinstance(state, SustainState):
        raise TypeError(f"SUSTAIN metrics need a SustainState, got {type(state).__name__}")
    return {
        "round": float(state.round),
        "standard_of_living": float(state.track[0]),
        "attractiveness": float(state.track[1]),
        "sustainable_transport": float(state.track[2]),
        "pollution": float(state.track[3]),
        "unhappy": float(state.unhappy),
        "co2": float(state.co2),
        "population": float(sum(state.people)),
        "free_squares": float(sum(1 for c in state.tables.geo.squares if state.cells[c] is None)),
        "coins": float(sum(state.coins)),
        "solutions": float(len(state.flipped)),
    }


def position_value(state: State[Any, Any], seat: int) -> float:
    """The search's value of a cut playout: the seat's Department points over the leading
    Department's (the city survives heuristic play, so a cut playout is scored as a surviving city)."""
    if not isinstance(state, SustainState):
        raise TypeError(f"SUSTAIN's position value needs a SustainState, got {type(state).__name__}")
    scores = [state.department_score(d) for d in state.dept_of]  # 0 while a seat has no sheet
    best = max(scores)
    if best <= 0:
        return 0.5
    return max(0.0, scores[seat] / best)


SPEC: GameSpec[SustainContent, SustainTables] = GameSpec(
    id="sustain",
    title="SUSTAIN",
    description=N_(
        "Run a Department of a growing city: invest together to keep it liveable, "
        "and score for your own Department. Everyone loses if the city fails."
    ),
    min_players=3,
    max_players=6,
    default_players=4,
    state_class=SustainState,
    action_space=SPACE,
    rules_version="3",
    cooperative=False,
    hidden_information=True,
    max_steps=6000,
    options=(
        Option(
            "scenario",
            "first_game",
            N_(
                "which scenario's Event and Solution decks: an id of content.toml's [[scenarios]] "
                "(first_game, traffic_crisis, housing_boom)"
            ),
            ("first_game", "traffic_crisis", "housing_boom"),
        ),
        Option(
            "decks",
            "in_order",
            N_(
                "how the Scenario's Event and Solution decks are stacked: in_order (the rulebook: "
                "the card with the 1 on top) or shuffled (the card that ends the game among the "
                "bottom end_window Event cards)"
            ),
            ("in_order", "shuffled"),
        ),
        Option(
            "deal",
            "random",
            N_(
                "how the players get their Department sheets: random (handed out at random), in_order, "
                "or chosen (each player chooses one, in turn from the first player)"
            ),
            ("random", "in_order", "chosen"),
        ),
        Option(
            "discussion_minutes",
            0,
            N_(
                "the discussion clock in minutes, run by a front end (the rulebook: 5; 0: no clock, "
                "the discussion ends when all have passed)"
            ),
            minimum=0,
            maximum=60,
        ),
    ),
    variants=(
        Variant("first_game", N_("Scenario 1, your first game"), {"scenario": "first_game"}),
        Variant("traffic_crisis", N_("Scenario 2, traffic crisis"), {"scenario": "traffic_crisis"}),
        Variant("housing_boom", N_("Scenario 3, housing boom"), {"scenario": "housing_boom"}),
    ),
    content=ContentSpec(SustainContent, CONTENT_PATH),
    tables=build_tables,
    bots={"heuristic": HeuristicBot, "selfish": SelfishBot},
    render_text=render_text,
    render_svg=render_svg,
    public_board=True,  # the board draws the public view only (tests/engine/test_public_board.py)
    public_stage=True,
    public_panels=True,
    seat_view=seat_view,  # a seat's own part of its view (tests/engine/test_public_board.py)
    marks_alone=True,
    legend=legend,
    locale=Path(__file__).with_name("locale"),
    metrics=metrics,
    evaluate=position_value,
    reference=reference,
    panels=panels,
    stage=stage,
    # halving with heuristic playouts to the end of the game (docs/bots.md: the searching seat wins
    # 69% of games against the heuristic seat's 29%, 200 games)
    search={"root": "halving", "iterations": 32, "value": "none", "confidence": 1.0},
    observation=OBSERVATION,
)
