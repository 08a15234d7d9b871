"""What a tuner aims at and a sensitivity analysis ranks by: one figure per game, averaged over a run.

A measure is named as on the command line:

- ``team_win_rate``: share of games the table did not lose together (refused at the first game of a
  competitive game, which has no team: aim at ``seat_win_rate:K`` there);
- ``mean_length``: steps a game; ``mean_rounds``: rounds a game (games that keep a round);
- ``cause_rate:CAUSE``: share of games that ended by ``CAUSE`` (as the summary's ``end_causes``);
- ``seat_win_rate:K``: share of games seat ``K`` (from 1) is among the winners;
- ``mean_score:K``: seat ``K``'s mean score;
- ``final:METRIC``: the mean value of one of the game's metrics at the end of the games.

Rates (a 0 or 1 per game) get Wilson intervals, the other measures a normal interval of the mean.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import Game, OptionError
from .core import GameResult, wilson_interval
from .store import metric_names

Z = 1.96


@dataclass(frozen=True)
class Measure:
    """A per-game figure (``of(result)``) and how its mean over games is read: ``rate`` for a share
    of games, ``mean`` otherwise."""

    name: str
    kind: str
    of: Callable[[GameResult], float]

    def estimate(self, values: Sequence[float]) -> tuple[float, float, float]:
        """The mean of per-game values with its 95% interval (Wilson for a rate)."""
        xs = [v for v in values if math.isfinite(v)]
        n = len(xs)
        if n == 0:
            return math.nan, math.nan, math.nan
        mean = sum(xs) / n
        if self.kind == "rate":
            low, high = wilson_interval(round(sum(xs)), n)
            return mean, low, high
        var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        half = Z * math.sqrt(var / n)
        return mean, mean - half, mean + half


def measure_names(game: Game) -> list[str]:
    """Every measure name this configured game offers (causes are open: any text)."""
    names = ["team_win_rate", "mean_length"]
    if isinstance(getattr(game.new_state(0), "round", None), int):
        names.append("mean_rounds")
    names += ["cause_rate:CAUSE"]
    names += [f"seat_win_rate:{k}" for k in range(1, game.players + 1)]
    names += [f"mean_score:{k}" for k in range(1, game.players + 1)]
    names += [f"final:{m}" for m in metric_names(game)]
    return names


def _seat(key: str, name: str, game: Game) -> int:
    if not key.isdigit() or not 1 <= int(key) <= game.players:
        raise OptionError(f"measure {name!r}: seats are numbered 1 to {game.players}")
    return int(key) - 1


def _rounds(r: GameResult) -> float:
    return math.nan if r.rounds is None else float(r.rounds)


def parse_measure(name: str, game: Game) -> Measure:
    """The measure called ``name`` for this configured game; an unknown name is refused with the
    names it could be."""
    head, colon, key = name.partition(":")
    head, key = head.strip(), key.strip()
    if not colon:
        if head == "team_win_rate":
            return Measure(name, "rate", _team_won)
        if head == "mean_length":
            return Measure(name, "mean", lambda r: float(r.length))
        if head == "mean_rounds" and "mean_rounds" in measure_names(game):
            return Measure(name, "mean", _rounds)
    elif head == "cause_rate" and key:
        return Measure(name, "rate", lambda r: float(r.cause == key))
    elif head == "seat_win_rate":
        seat = _seat(key, name, game)
        return Measure(name, "rate", lambda r: float(seat in r.winners))
    elif head == "mean_score":
        seat = _seat(key, name, game)
        return Measure(name, "mean", lambda r: float(r.scores[seat]))
    elif head == "final" and key in metric_names(game):
        return Measure(name, "mean", lambda r: _final(r, key))
    known = ", ".join(measure_names(game))
    raise OptionError(f"no measure {name!r} for {game.id}; measures: {known}")


class NoTeam(OptionError):
    """A team measure asked of a game that has no team: the whole request is wrong, not one point."""


def _team_won(r: GameResult) -> float:
    """1 for a team win, 0 for a loss; a competitive game's result (no team: ``team_won`` None) is
    refused, since no value of its content makes a team win."""
    if r.team_won is None:
        raise NoTeam(
            "team_win_rate: this game has no team (a competitive game: nobody wins or loses together); "
            "aim at a seat's share of wins (seat_win_rate:K) or its mean score (mean_score:K) instead"
        )
    return float(r.team_won)


def _final(r: GameResult, metric: str) -> float:
    value = r.metrics[-1].get(metric) if r.metrics else None
    return float(value) if isinstance(value, int | float) else math.nan
