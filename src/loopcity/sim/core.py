"""Play seeded games with named bots and summarize them (outcome rates with 95% intervals)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..bots import make_bot
from ..debrief.timeline import game_hooks
from ..engine import Action, Bot, Game, State, load_game, play
from ..engine.runs import game_seed, wilson_interval


@dataclass
class GameResult:
    """One simulated game: its seed, outcome, cause, length, scores, per-round metrics, the number
    of times each action kind (and each ``kind word`` of actions naming a card or place) was used,
    and the same count over the actions of the winning seats only."""

    seed: int
    team_won: bool | None
    cause: str
    length: int
    scores: list[float]
    winners: list[int]
    metrics: list[dict[str, float]] = field(default_factory=list)
    index: int = 0
    rounds: int | None = None
    actions: dict[str, int] = field(default_factory=dict)
    winner_actions: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


Subject = Callable[[State, int, Action], str | None]
"""A game's ``subject(state, seat, action)`` hook: the card, tile or place an action names, in words,
read from the state before the action is applied (None: the action names none)."""


def subject_hook(game: Game) -> Subject | None:
    """The game's ``subject`` hook from its debrief module (see docs/debrief.md), or None."""
    hook = getattr(game_hooks(game), "subject", None)
    return hook if callable(hook) else None


def count_actions(
    used: Iterable[tuple[int, Action] | tuple[int, Action, str | None]], winners: Iterable[int] = ()
) -> tuple[dict[str, int], dict[str, int]]:
    """Uses per action kind, and per ``kind subject`` for actions that name a card, tile or place:
    ``{"craft": 3, "craft composter": 2, ...}``, over all seats' moves and over the moves of the
    ``winners`` only. A move is ``(seat, action)`` or ``(seat, action, subject)``; without a subject
    (or with None) an action whose first argument is a word names that word."""
    won = set(winners)
    counts: Counter[str] = Counter()
    by_winners: Counter[str] = Counter()
    for move, n in Counter(used).items():
        seat, action = move[0], move[1]
        named = move[2] if len(move) > 2 else None
        if named is None and action.args and isinstance(action.args[0], str):
            named = action.args[0]
        keys = [action.kind] if named is None else [action.kind, f"{action.kind} {named}"]
        for key in keys:
            counts[key] += n
            if seat in won:
                by_winners[key] += n
    return dict(counts), dict(by_winners)


class _Naming:
    """A bot that notes, with each action it picks, the card, tile or place the action names (the
    game's ``subject`` hook reads the state before the action is applied)."""

    def __init__(self, bot: Bot, subject: Subject, used: list[tuple[int, Action, str | None]]) -> None:
        self.bot, self.subject, self.used = bot, subject, used

    def choose(self, state: State, seat: int) -> Action:
        action = self.bot.choose(state, seat)
        self.used.append((seat, action, self.subject(state, seat, action)))
        return action


def play_one(game: Game, seed: int, bots: Sequence[str], index: int = 0) -> GameResult:
    """Play one game with ``bots[seat]`` in each seat; records the game's metrics after every step
    on which its ``round`` changes (games without a metrics hook record none) and counts actions,
    with the card, tile or place each names where the game's ``subject`` hook tells it."""
    state = game.new_state(seed)
    agents: list[Bot] = [make_bot(bots[s % len(bots)], game, s, seed) for s in range(game.players)]
    used: list[tuple[int, Action, str | None]] = []
    subject = subject_hook(game)
    if subject is not None:
        agents = [_Naming(bot, subject, used) for bot in agents]
    metrics_fn = game.spec.metrics
    rows: list[dict[str, float]] = []
    last_round = [getattr(state, "round", None)]
    if metrics_fn is not None:
        rows.append(metrics_fn(state))

    def on_move(seat: int, action: Action, st: Any) -> None:
        if subject is None:
            used.append((seat, action, None))
        if metrics_fn is not None:
            r = getattr(st, "round", None)
            if r != last_round[0] or st.is_terminal():
                last_round[0] = r
                rows.append(metrics_fn(st))

    play(state, agents, on_move=on_move)
    outcome = state.outcome()
    assert outcome is not None
    rounds = getattr(state, "round", None)
    return GameResult(
        seed,
        outcome.team_won,
        outcome.cause,
        state.step,
        list(outcome.scores),
        list(outcome.winners),
        rows,
        index,
        rounds if isinstance(rounds, int) else None,
        *count_actions(used, outcome.winners),
    )


def run_games(
    game_id: str, games: int, bots: Sequence[str], seed: int = 0, **options: Any
) -> list[GameResult]:
    """Play ``games`` seeded games in this process."""
    game = load_game(game_id, **options)
    game.tongues = ()  # nobody reads a simulated game's log: no step pays for its words
    return [play_one(game, game_seed(seed, i), bots, i) for i in range(games)]


class Tally:
    """A running summary of results: counts only (lengths and rounds as histograms), so memory
    does not grow with the number of games."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.n = 0
        self.wins = 0
        self.teamless = 0
        self.lengths: Counter[int] = Counter()
        self.rounds: Counter[int] = Counter()
        self.causes: Counter[str] = Counter()
        self.loss_causes: Counter[str] = Counter()
        self.seat_wins: Counter[int] = Counter()
        self.score_sum: list[float] = []
        self.score_sq: list[float] = []
        self.score_min: list[float] = []
        self.score_max: list[float] = []
        self.final_sum: dict[str, float] = {}
        self.final_n: Counter[str] = Counter()

    def add(self, r: GameResult) -> None:
        """Count one game."""
        self.n += 1
        self.wins += bool(r.team_won)
        self.teamless += r.team_won is None
        self.lengths[r.length] += 1
        if r.rounds is not None:
            self.rounds[r.rounds] += 1
        self.causes[r.cause] += 1
        if r.team_won is False:
            self.loss_causes[r.cause] += 1
        self.seat_wins.update(r.winners)
        for key, value in (r.metrics[-1] if r.metrics else {}).items():
            if isinstance(value, int | float) and math.isfinite(value):
                self.final_sum[key] = self.final_sum.get(key, 0.0) + value
                self.final_n[key] += 1
        while len(self.score_sum) < len(r.scores):
            self.score_sum.append(0.0)
            self.score_sq.append(0.0)
            self.score_min.append(math.inf)
            self.score_max.append(-math.inf)
        for s, v in enumerate(r.scores):
            self.score_sum[s] += v
            self.score_sq[s] += v * v
            self.score_min[s] = min(self.score_min[s], v)
            self.score_max[s] = max(self.score_max[s], v)

    def summary(self) -> dict[str, Any]:
        """Outcome rates with 95% intervals, lengths, loss causes and score spread. A run of a
        competitive game (no team: every ``team_won`` None) has ``team_win_rate`` and
        ``team_win_ci95`` None; its results are the seats' win rates and scores."""
        n = self.n
        low, high = wilson_interval(self.wins, n)
        teamless = n > 0 and self.teamless == n
        mean_len = _hist_mean(self.lengths)
        sd_len = (
            math.sqrt(sum(k * (x - mean_len) ** 2 for x, k in self.lengths.items()) / (n - 1))
            if n > 1
            else 0.0
        )
        seats = len(self.score_sum)
        means = [self.score_sum[s] / n for s in range(seats)] if n else []
        sds = [_sd(self.score_sum[s], self.score_sq[s], n) for s in range(seats)]
        return {
            "game": self.game_id,
            "games": n,
            "team_win_rate": None if teamless else self.wins / n if n else 0.0,
            "team_win_ci95": None if teamless else [low, high],
            "mean_length": mean_len,
            "sd_length": sd_len,
            "length_quartiles": _quartiles(self.lengths),
            "mean_rounds": _hist_mean(self.rounds) if self.rounds else None,
            "loss_causes": dict(self.loss_causes.most_common()),
            "end_causes": dict(self.causes.most_common()),
            "cause_rates": {
                c: {"rate": k / n, "ci95": list(wilson_interval(k, n))} for c, k in self.causes.most_common()
            },
            "seat_win_rates": [
                {"rate": self.seat_wins[s] / n, "ci95": list(wilson_interval(self.seat_wins[s], n))}
                for s in range(seats)
            ]
            if n
            else [],
            "mean_scores": means,
            "mean_final_metrics": {k: self.final_sum[k] / self.final_n[k] for k in sorted(self.final_n)},
            "sd_scores": sds,
            "min_scores": list(self.score_min),
            "max_scores": list(self.score_max),
        }


def _sd(total: float, squares: float, n: int) -> float:
    if n < 2:
        return 0.0
    return math.sqrt(max(0.0, (squares - total * total / n) / (n - 1)))


def _hist_mean(hist: Counter[int]) -> float:
    n = sum(hist.values())
    return sum(x * k for x, k in hist.items()) / n if n else 0.0


def _quartiles(hist: Counter[int]) -> list[int]:
    """Min, lower quartile, median, upper quartile and max (the values at ranks q * (n - 1))."""
    n = sum(hist.values())
    if not n:
        return []
    ranks = [int(q * (n - 1)) for q in (0.0, 0.25, 0.5, 0.75, 1.0)]
    out: list[int] = []
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        while len(out) < len(ranks) and ranks[len(out)] < seen:
            out.append(value)
    return out


def summarize(game_id: str, results: Iterable[GameResult]) -> dict[str, Any]:
    """Outcome rates with 95% intervals, lengths, loss causes and mean scores."""
    tally = Tally(game_id)
    for r in results:
        tally.add(r)
    return tally.summary()
