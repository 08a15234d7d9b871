"""Random-playout speed on one core: steps per second and games per second of every game, and of
two OpenSpiel games as a yardstick (``python_block_dominoes``, written in Python, and ``hanabi``,
in C++) when the optional ``bench`` extra is installed.

A step is one decision of a seat (one applied action). Our games draw chance inside their steps;
OpenSpiel has separate chance nodes, which are played (and timed) but not counted as steps. Time is
the process's CPU time (``time.process_time``), so that other work on a shared machine slows the
figures less; every game and yardstick runs in the same process, in slices taken in turn.

The games' logs are not read (``Game.tongues = ()``), as in simulation: a playout pays for its rules,
not for words nobody reads.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..engine import Game, GameSpec, RandomBot, load_game, play
from ..engine.rng import KEYED_FROM

OPENSPIEL_GAMES = ("python_block_dominoes", "hanabi")
YARDSTICK = "python_block_dominoes"


class Playouts:
    """Random playouts of one game, timed in slices: ``one_game(i)`` plays game ``i`` and returns
    its number of steps; the totals add up over the slices."""

    def __init__(self, info: dict[str, Any], one_game: Callable[[int], int]) -> None:
        self.info = info
        self.one_game = one_game
        self.steps = self.games = 0
        self.seconds = 0.0

    def run_for(self, seconds: float, min_games: int = 1) -> None:
        """Play whole games until ``seconds`` of CPU time have passed (and at least ``min_games``)."""
        clock = time.process_time
        began = clock()
        played = 0
        elapsed = 0.0
        while elapsed < seconds or played < min_games:
            self.steps += self.one_game(self.games)
            self.games += 1
            played += 1
            elapsed = clock() - began
        self.seconds += elapsed

    def row(self) -> dict[str, Any]:
        return {
            **self.info,
            "steps": self.steps,
            "games": self.games,
            "seconds": self.seconds,
            "steps_per_s": self.steps / self.seconds,
            "games_per_s": self.games / self.seconds,
            "mean_steps": self.steps / self.games,
        }


def game_playouts(game: Game, keyed: bool = False) -> Playouts:
    """Random playouts of one configured game in this process; ``keyed``: with seeds from 2^64, so
    that chance comes from the keyed generator web tables use (loopcity.engine.rng)."""
    base = KEYED_FROM if keyed else 0
    game.tongues = ()  # a playout's log is not read: its lines are kept unworded, as in simulation

    def one(i: int) -> int:
        state = game.new_state(base + i)
        play(state, [RandomBot(game, s, i) for s in range(game.players)])
        return state.step

    info = {"name": game.id, "engine": "loopcity", "players": game.players, "variant": game.variant}
    if keyed:
        info["generator"] = "keyed"
    return Playouts(info, one)


def openspiel_available() -> bool:
    """Whether the optional ``bench`` extra (open_spiel) is installed."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def openspiel_playouts(name: str) -> Playouts:
    """Random playouts of an OpenSpiel game (chance outcomes drawn by their probabilities)."""
    import pyspiel

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
    game = pyspiel.load_game(name)
    rng = random.Random(0)

    def one(_i: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return Playouts(
        {"name": name, "engine": "open_spiel", "players": game.num_players(), "variant": None}, one
    )


def run_bench(
    specs: list[GameSpec],
    seconds: float = 3.0,
    openspiel: bool | None = None,
    rounds: int = 30,
    keyed: bool = False,
    yardsticks: tuple[str, ...] = OPENSPIEL_GAMES,
) -> list[dict[str, Any]]:
    """One row per game (default variant and player count), then the OpenSpiel rows when
    available; each row gets its ratio of steps/s to ``python_block_dominoes`` and ``hanabi``.

    Each game gets ``seconds`` in all, in ``rounds`` slices taken in turn (game 1, game 2, ...,
    then again), so that a change of load on a shared machine falls on every row alike: 30 slices
    of 0.1 s by default, since a shared machine's speed changes within seconds (RECLAIM's ratio to
    ``python_block_dominoes`` spread 2.98-3.63 over five runs of 5 slices of 0.6 s, 3.05-3.18 over
    five runs of 30, in the same minutes). ``keyed``
    adds a row per game played with the keyed generator; ``yardsticks`` names the OpenSpiel games."""
    entries = [game_playouts(load_game(spec.id)) for spec in specs]
    if keyed:
        entries += [game_playouts(load_game(spec.id), keyed=True) for spec in specs]
    if openspiel is None:
        openspiel = openspiel_available()
    if openspiel:
        entries += [openspiel_playouts(name) for name in yardsticks]
    rounds = max(1, rounds)
    for r in range(rounds):
        for entry in entries:
            entry.run_for(seconds / rounds, min_games=3 if r == 0 else 1)
    rows = [e.row() for e in entries]
    refs = {r["name"]: r["steps_per_s"] for r in rows if r["engine"] == "open_spiel"}
    for row in rows:
        for ref, speed in refs.items():
            row[f"x_{ref}"] = row["steps_per_s"] / speed
    return rows
