"""Gymnasium steps per second from the learner's side: ``python -m loopcity.adapters.bench``.

One seat learns and random bots play every other seat, as in ``make(game, seat=0, others="random")``;
the learner picks uniformly among the legal actions of ``info["action_mask"]``. A step is one call of
``env.step`` (the bots' moves in between are part of its cost, not counted as steps). Time is this
process's CPU time (``time.process_time``), which other work on a shared machine disturbs much less
than wall-clock time; each game's time is taken in slices, in turn over the games, as ``loopcity
bench`` does, so that what disturbance remains falls on every row alike. Each row also says what
one copy of the engine's state costs at the end of the run (``clone_us``: the copy a search or an
OpenSpiel ``state.clone()`` makes), in microseconds of CPU, the median of seven batches.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from ..engine import list_games
from .gymnasium import make


class EnvSteps:
    """Random learner steps in one environment, timed in slices."""

    def __init__(self, game_id: str, seed: int = 0, **options: Any) -> None:
        self.name = game_id
        self.env = make(game_id, **options)
        self.rng = np.random.default_rng(seed)
        self.steps = self.episodes = 0
        self.seconds = 0.0
        self._seed = seed
        self._info: dict[str, Any] | None = None

    def _reset(self) -> None:
        _, self._info = self.env.reset(seed=self._seed + self.episodes)

    def run_for(self, seconds: float) -> None:
        """Step (resetting at each episode's end) until ``seconds`` have passed."""
        env, below = self.env, self.rng.integers
        began = time.process_time()
        steps = 0
        if self._info is None:
            self._reset()
        while True:
            assert self._info is not None
            legal = np.flatnonzero(self._info["action_mask"])
            _, _, terminated, truncated, self._info = env.step(int(legal[below(len(legal))]))
            steps += 1
            if terminated or truncated:
                self.episodes += 1
                self._reset()
            if steps % 64 == 0 and time.process_time() - began >= seconds:
                break
        self.seconds += time.process_time() - began
        self.steps += steps

    def clone_us(self, batch: int = 50) -> float:
        """Microseconds of CPU one copy of the environment's engine state takes (median of 7 batches)."""
        state, times = self.env.state, []
        for _ in range(7):
            began = time.process_time()
            for _ in range(batch):
                state.clone()
            times.append((time.process_time() - began) / batch)
        return sorted(times)[3] * 1e6

    def row(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "players": self.env.game.players,
            "steps": self.steps,
            "episodes": self.episodes,
            "seconds": round(self.seconds, 3),
            "steps_per_s": self.steps / self.seconds if self.seconds else 0.0,
            "clone_us": round(self.clone_us(), 1),
        }


def run(game_ids: list[str], seconds: float = 3.0, rounds: int = 5, **options: Any) -> list[dict[str, Any]]:
    """One row per game: learner steps per second over ``seconds``, taken in ``rounds`` slices."""
    entries = [EnvSteps(g, **options) for g in game_ids]
    for _ in range(max(1, rounds)):
        for entry in entries:
            entry.run_for(seconds / max(1, rounds))
    return [e.row() for e in entries]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("--rounds", type=int, default=5, help="slices per game, taken in turn")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    games = args.games or [spec.id for spec in list_games()]
    rows = run(games, args.seconds, args.rounds)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'game':<12} {'players':>7} {'steps/s':>10} {'episodes':>9} {'clone us':>9}")
    for row in rows:
        print(
            f"{row['name']:<12} {row['players']:>7} {row['steps_per_s']:>10,.0f} {row['episodes']:>9}"
            f" {row['clone_us']:>9,.1f}"
        )


if __name__ == "__main__":
    main()
