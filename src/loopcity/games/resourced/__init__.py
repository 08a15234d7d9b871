"""ResourCEd (WPI, for Banksia Gardens Community Services): a cooperative game of expanding a
circular economy around BGCS while keeping the Waste Pile down."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loopcity.engine import Game, GameSpec, Option, State, Variant
from loopcity.engine.content import load_content
from loopcity.engine.text import N_

from .actions import ACTION_SPACE
from .choices import choices
from .content import CONTENT_SPEC, Content, Tables, build_tables
from .heuristic import HeuristicBot
from .observation import OBSERVATION
from .panels import panels, seat_panels, stage
from .reference import reference
from .render import legend, render_svg, render_text
from .rules import ResourcedState
from .views import seat_view


def metrics(state: State[Any, Any]) -> dict[str, float]:
    """Per-round figures for simulations."""
    assert isinstance(state, ResourcedState)
    return {
        "round": float(state.round),
        "waste": float(len(state.waste)),
        "bank": float(sum(state.bank)),
        "cards_in_hand": float(sum(map(sum, state.hands))),
        "social_housing": float(state.social_housing()),
        "tiles": float(sum(1 for t in state.tiles if t is not None)),
        "upgrades": float(sum(1 for u in state.upgrades if u is not None)),
        "ring": float(state.ring),
    }


def _heuristic(game: Game[Any, Any], seat: int, seed: int) -> HeuristicBot:
    return HeuristicBot(game, seat, seed)


_RULES = load_content(CONTENT_SPEC)[0].rules
"""The default content's numbers, which the variants' descriptions quote."""


SPEC: GameSpec[Content, Tables] = GameSpec(
    id="resourced",
    title="ResourCEd",
    description=N_(
        "Cooperative: develop the rings around Banksia Gardens with Social Housing and Upgrades "
        "while Recycling the Waste Pile down to zero."
    ),
    min_players=3,
    max_players=4,
    default_players=4,
    state_class=ResourcedState,
    action_space=ACTION_SPACE,
    rules_version="3",
    cooperative=True,
    hidden_information=False,
    max_steps=30_000,
    options=(
        Option(
            "alternate_difficulty",
            False,
            f"develop only up to Ring 2 within {_RULES.alternate_rounds} Rounds",
        ),
        Option(
            "small_table",
            False,
            "a house rule for 3 players, not the rulebook's: the Round limit and each hand limit "
            "scaled to a table of 4 (Rounds x 4/3 rounded up, the hand limit x 4/3 rounded down)",
        ),
    ),
    variants=(
        Variant(
            "standard",
            f"every Ring developed ({_RULES.housing_to_open_ring3} Social Housing in Rings 1-2, "
            f"{_RULES.housing_to_win - _RULES.housing_to_open_ring3} more in Ring 3) and zero Waste "
            f"within {_RULES.rounds} Rounds",
        ),
        Variant(
            "alternate",
            f"Alternate Difficulty: Rings 1-2 developed ({_RULES.housing_to_open_ring3} Social Housing) "
            f"and zero Waste within {_RULES.alternate_rounds} Rounds",
            {"alternate_difficulty": True},
        ),
        Variant(
            "small_table",
            f'a house rule for 3 players (docs/games/resourced.md, "Three players"): the 4-player table\'s '
            f"Actions and hand space shared by 3, {-(-_RULES.rounds * 4 // 3)} Rounds and a hand limit of "
            f"{_RULES.hand_limit * 4 // 3}; with 4 players the standard game",
            {"small_table": True},
        ),
    ),
    content=CONTENT_SPEC,
    tables=build_tables,
    bots={"heuristic": _heuristic},
    render_text=render_text,
    render_svg=render_svg,
    public_board=True,  # the board draws the public view only (tests/engine/test_public_board.py)
    public_stage=True,
    seat_view=seat_view,  # a seat's own part of its view (tests/engine/test_public_board.py)
    marks_alone=True,
    locale=Path(__file__).with_name("locale"),
    metrics=metrics,
    reference=reference,
    panels=panels,
    seat_panels=seat_panels,  # the table's asks the seat; its own is marked (tests/engine/test_public_board.py)
    stage=stage,
    choices=choices,
    legend=legend,
    # halving with heuristic playouts to the end; the heuristic's move is played at once when it wins
    # four samples out of four, so the search spends its budget where the team is at risk (docs/bots.md)
    fitted_value=Path(__file__).with_name("value.json"),
    search={
        "root": "halving",
        "iterations": 32,
        "value": "none",
        "epsilon": 0.0,
        "confidence": 1.0,
        "screen": 4,
    },
    observation=OBSERVATION,
)
