"""Play seeded games with named bots and summarize them (outcome rates with 95% intervals)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..bots import make_bot
from ..engine import Game, derive_seed, load_game, play


@dataclass
class GameResult:
    """One simulated game: its seed, outcome, cause, length, scores and per-round metrics."""

    seed: int
    team_won: bool
    cause: str
    length: int
    scores: list[float]
    winners: list[int]
    metrics: list[dict[str, float]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: independent of how games are split among workers."""
    return derive_seed(base_seed, index) & 0x7FFF_FFFF_FFFF


def play_one(game: Game, seed: int, bots: Sequence[str]) -> GameResult:
    """Play one game with ``bots[seat]`` in each seat; records the game's metrics after every step
    on which its ``round`` changes (games without a metrics hook record none)."""
    state = game.new_state(seed)
    agents = [make_bot(bots[s % len(bots)], game, s, seed) for s in range(game.players)]
    metrics_fn = game.spec.metrics
    rows: list[dict[str, float]] = []
    if metrics_fn is None:
        play(state, agents)
    else:
        last_round = [getattr(state, "round", None)]
        rows.append(metrics_fn(state))

        def on_move(_seat: int, _action: object, st: Any) -> None:
            r = getattr(st, "round", None)
            if r != last_round[0] or st.is_terminal():
                last_round[0] = r
                rows.append(metrics_fn(st))

        play(state, agents, on_move=on_move)
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(
        seed, outcome.team_won, outcome.cause, state.step, list(outcome.scores), list(outcome.winners), rows
    )


def run_games(
    game_id: str, games: int, bots: Sequence[str], seed: int = 0, **options: Any
) -> list[GameResult]:
    """Play ``games`` seeded games in this process."""
    game = load_game(game_id, **options)
    return [play_one(game, game_seed(seed, i), bots) for i in range(games)]


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(game_id: str, results: Iterable[GameResult]) -> dict[str, Any]:
    """Outcome rates with 95% intervals, lengths, loss causes and mean scores."""
    rows = list(results)
    n = len(rows)
    wins = sum(r.team_won for r in rows)
    lengths = sorted(r.length for r in rows)
    seats = max((len(r.scores) for r in rows), default=0)
    mean_scores = [sum(r.scores[s] for r in rows) / n for s in range(seats)] if n else []
    low, high = wilson_interval(wins, n)
    return {
        "game": game_id,
        "games": n,
        "team_win_rate": wins / n if n else 0.0,
        "team_win_ci95": [low, high],
        "mean_length": sum(lengths) / n if n else 0.0,
        "length_quartiles": [lengths[int(q * (n - 1))] for q in (0.0, 0.25, 0.5, 0.75, 1.0)] if n else [],
        "loss_causes": dict(Counter(r.cause for r in rows if not r.team_won).most_common()),
        "end_causes": dict(Counter(r.cause for r in rows).most_common()),
        "mean_scores": mean_scores,
    }
