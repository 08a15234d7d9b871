"""Random-playout speed on one core: steps per second and games per second of every game, and of
two OpenSpiel games as a yardstick (``python_block_dominoes``, written in Python, and ``hanabi``,
in C++) when the optional ``bench`` extra is installed.

A step is one decision of a seat (one applied action). Our games draw chance inside their steps;
OpenSpiel has separate chance nodes, which are played (and timed) but not counted as steps.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..engine import Game, GameSpec, RandomBot, load_game, play

OPENSPIEL_GAMES = ("python_block_dominoes", "hanabi")
YARDSTICK = "python_block_dominoes"


def _timed(one_game: Callable[[int], int], seconds: float, min_games: int = 3) -> dict[str, Any]:
    """Play games (``one_game(i)`` returns its number of steps) until ``seconds`` have passed."""
    steps = games = 0
    began = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games < min_games:
        steps += one_game(games)
        games += 1
        elapsed = time.perf_counter() - began
    return {
        "steps": steps,
        "games": games,
        "seconds": elapsed,
        "steps_per_s": steps / elapsed,
        "games_per_s": games / elapsed,
        "mean_steps": steps / games,
    }


def bench_game(game: Game, seconds: float = 3.0) -> dict[str, Any]:
    """Random playouts of one configured game in this process."""

    def one(i: int) -> int:
        state = game.new_state(i)
        play(state, [RandomBot(game, s, i) for s in range(game.players)])
        return state.step

    row = _timed(one, seconds)
    return {"name": game.id, "engine": "loopcity", "players": game.players, "variant": game.variant, **row}


def openspiel_available() -> bool:
    """Whether the optional ``bench`` extra (open_spiel) is installed."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def bench_openspiel(name: str, seconds: float = 3.0) -> dict[str, Any]:
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

    row = _timed(one, seconds)
    return {"name": name, "engine": "open_spiel", "players": game.num_players(), "variant": None, **row}


def run_bench(
    specs: list[GameSpec], seconds: float = 3.0, openspiel: bool | None = None
) -> list[dict[str, Any]]:
    """One row per game (default variant and player count), then the OpenSpiel rows when
    available; each row gets its ratio of steps/s to ``python_block_dominoes`` and ``hanabi``."""
    rows = [bench_game(load_game(spec.id), seconds) for spec in specs]
    if openspiel is None:
        openspiel = openspiel_available()
    if openspiel:
        rows += [bench_openspiel(name, seconds) for name in OPENSPIEL_GAMES]
        refs = {r["name"]: r["steps_per_s"] for r in rows if r["engine"] == "open_spiel"}
        for r in rows:
            for ref, speed in refs.items():
                r[f"x_{ref}"] = r["steps_per_s"] / speed
    return rows
