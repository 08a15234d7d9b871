"""How much better a bot plays than the game's heuristic bot, on the same seeded games.

``python -m loopcity.sim.strength GAME --bot mcts --games 200 [--workers 2] [--json]``

Each game is played twice from the same seed: once with the heuristic bot in every seat, once with
the bot under test in place of it. In a cooperative game the bot plays every seat and the figure is
the team's win rate. In the other games one seat plays the bot against heuristic seats, the seat
moving round the table from game to game (game ``i`` uses seat ``i mod players``) so that every seat
is measured equally; the figures are that seat's win share (a shared first place counts) and its
score, against the heuristic in the same seat on the same seeds, with the team's win rate beside
them. ``--seats all`` puts the bot in every seat of a semi-cooperative game too: the figures are then
the team's win rate and the seats' mean score, a whole table of the bot against a whole table of
the heuristic. Win rates carry Wilson 95% intervals; the differences in wins and in score, seed by
seed, carry paired 95% intervals (the sharper test, as both tables face the same seeds).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from ..bots import MctsBot, make_bot
from ..engine import Game, LoopcityError, load_game, play
from .compare import paired_interval
from .core import game_seed, wilson_interval


@dataclass(frozen=True)
class Pair:
    """One seed played by the heuristic table and by the table with the bot under test."""

    index: int
    seat: int | None
    """the seat the bot played (None: every seat)"""
    heuristic_won: bool
    bot_won: bool
    heuristic_score: float
    bot_score: float
    heuristic_team_won: bool
    bot_team_won: bool
    searched: int
    """decisions the bot searched (more than one legal action)"""
    search_seconds: float
    longest_decision: float
    iterations: int
    decision_seconds: tuple[float, ...] = ()
    """how long each searched decision took, in the order played"""


def play_pair(game: Game, bot: str, seed: int, index: int, every_seat: bool = False) -> Pair:
    """Play game ``index`` of a run with the heuristic table, then with ``bot`` in its seat(s): every
    seat in a cooperative game or with ``every_seat``, else seat ``index mod players``."""
    seat = None if game.spec.cooperative or every_seat else index % game.players
    base = play(game.new_state(seed), [make_bot("heuristic", game, s, seed) for s in range(game.players)])
    agents = [
        make_bot(bot if seat is None or s == seat else "heuristic", game, s, seed)
        for s in range(game.players)
    ]
    times: list[float] = []

    def on_move(mover: int, _action: object, _state: object) -> None:
        agent = agents[mover]
        if isinstance(agent, MctsBot) and agent.last_iterations:
            times.append(agent.last_seconds)

    tested = play(game.new_state(seed), agents, on_move=on_move)
    a, b = base.outcome(), tested.outcome()
    assert a is not None and b is not None
    if seat is None:
        won = (a.team_won is True, b.team_won is True)
        scores = (sum(a.scores) / len(a.scores), sum(b.scores) / len(b.scores))
    else:
        # a competitive game (team_won None) has no team to lose: the seat wins when it is a winner
        won = (a.team_won is not False and seat in a.winners, b.team_won is not False and seat in b.winners)
        scores = (a.scores[seat], b.scores[seat])
    iterations = sum(x.total_iterations for x in agents if isinstance(x, MctsBot))
    return Pair(
        index,
        seat,
        *won,
        *scores,
        a.team_won is True,
        b.team_won is True,
        len(times),
        sum(times),
        max(times, default=0.0),
        iterations,
        tuple(times),
    )


def _chunk(args: tuple[str, dict[str, Any], str, int, bool, list[int]]) -> list[Pair]:
    game_id, options, bot, seed, every_seat, indices = args
    game = load_game(game_id, **options)
    game.tongues = ()  # nobody reads these games' logs: no step pays for their words
    return [play_pair(game, bot, game_seed(seed, i), i, every_seat) for i in indices]


def run_pairs(
    game_id: str,
    bot: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    every_seat: bool = False,
    **options: Any,
) -> Iterator[Pair]:
    """The pairs of games 0..games-1, in order, over ``workers`` processes (1: in this process)."""
    chunks = [list(range(i, min(games, i + 4))) for i in range(0, games, 4)]
    jobs = [(game_id, options, bot, seed, every_seat, c) for c in chunks]
    if workers <= 1:
        for job in jobs:
            yield from _chunk(job)
        return
    with ProcessPoolExecutor(workers) as pool:
        for pairs in pool.map(_chunk, jobs):
            yield from pairs


def summarize_pairs(game_id: str, bot: str, pairs: list[Pair]) -> dict[str, Any]:
    """Win rates with Wilson intervals, the paired differences in wins and score with their
    intervals, speed."""
    n = len(pairs)
    hw, bw = sum(p.heuristic_won for p in pairs), sum(p.bot_won for p in pairs)
    score, *score_ci = paired_interval([p.heuristic_score for p in pairs], [p.bot_score for p in pairs])
    wins, *wins_ci = paired_interval(
        [float(p.heuristic_won) for p in pairs], [float(p.bot_won) for p in pairs]
    )
    searched = sum(p.searched for p in pairs)
    seconds = sum(p.search_seconds for p in pairs)
    return {
        "game": game_id,
        "bot": bot,
        "games": n,
        "measure": (
            "team win rate, bot in every seat"
            if all(p.seat is None for p in pairs)
            else "seat win share, one seat in turn"
        ),
        "heuristic_win_rate": hw / n,
        "heuristic_win_ci95": list(wilson_interval(hw, n)),
        "bot_win_rate": bw / n,
        "bot_win_ci95": list(wilson_interval(bw, n)),
        "only_bot_won": sum(p.bot_won and not p.heuristic_won for p in pairs),
        "only_heuristic_won": sum(p.heuristic_won and not p.bot_won for p in pairs),
        "heuristic_team_win_rate": sum(p.heuristic_team_won for p in pairs) / n,
        "bot_team_win_rate": sum(p.bot_team_won for p in pairs) / n,
        "heuristic_mean_score": sum(p.heuristic_score for p in pairs) / n,
        "bot_mean_score": sum(p.bot_score for p in pairs) / n,
        "win_difference": wins,
        "win_difference_ci95": wins_ci,
        "score_difference": score,
        "score_difference_ci95": score_ci,
        "decisions_searched": searched,
        "mean_decision_s": seconds / searched if searched else 0.0,
        "p95_decision_s": quantile([t for p in pairs for t in p.decision_seconds], 0.95),
        "max_decision_s": max((p.longest_decision for p in pairs), default=0.0),
        "iterations_per_s": sum(p.iterations for p in pairs) / seconds if seconds else 0.0,
    }


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (the value at rank ``q * (n - 1)``, interpolated; 0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = q * (len(ordered) - 1)
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def main(argv: list[str] | None = None) -> None:
    """Command line: run the pairs, print progress lines and the summary (``--json``: JSON only)."""
    p = argparse.ArgumentParser(prog="python -m loopcity.sim.strength", description=__doc__)
    p.add_argument("game")
    p.add_argument("--bot", default="mcts")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--players", type=int)
    p.add_argument("--variant")
    p.add_argument(
        "--seats",
        choices=("one", "all"),
        default="one",
        help="semi-cooperative games: the bot in one seat in turn (default) or in every seat",
    )
    p.add_argument("--out", help="write one JSON line per pair to this file")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    options = {k: v for k, v in {"players": a.players, "variant": a.variant}.items() if v is not None}
    try:
        game = load_game(a.game, **options)
        make_bot(a.bot, game, 0)  # a bad bot name or option stops here, before any game
    except LoopcityError as e:
        p.error(str(e))
    if "heuristic" not in game.spec.bots:
        p.error(f"{a.game} has no heuristic bot to compare with")
    pairs: list[Pair] = []
    start = time.perf_counter()
    out = open(a.out, "w") if a.out else None  # noqa: SIM115 - closed below
    try:
        every_seat = a.seats == "all"
        for pair in run_pairs(a.game, a.bot, a.games, a.seed, a.workers, every_seat, **options):
            pairs.append(pair)
            if out is not None:
                out.write(json.dumps(asdict(pair)) + "\n")
                out.flush()
            if not a.json:
                k = len(pairs)
                hw, bw = sum(x.heuristic_won for x in pairs), sum(x.bot_won for x in pairs)
                print(
                    f"{k}/{a.games}: heuristic {hw} won, {a.bot} {bw} won ({time.perf_counter() - start:.0f} s)"
                )
    finally:
        if out is not None:
            out.close()
    summary = summarize_pairs(a.game, a.bot, pairs)
    summary["seconds"] = time.perf_counter() - start
    print(json.dumps(summary, indent=None if a.json else 2))


if __name__ == "__main__":
    main()
