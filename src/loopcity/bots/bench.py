"""Speed of the search bots: ``python -m loopcity.bots.bench GAME [--bot mcts] [--games 2]``.

Plays seeded games with the bot in every seat and reports, over the decisions that needed a search
(more than one legal action), the iterations per second and the seconds per decision.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..engine import load_game, play
from . import MctsBot, make_bot


def bench(game_id: str, bot: str = "mcts", games: int = 2, seed: int = 0, **options: Any) -> dict[str, Any]:
    """Decision times and iterations per second of ``bot`` in every seat over ``games`` games."""
    game = load_game(game_id, **options)
    times: list[float] = []
    iterations = 0
    steps = 0

    for g in range(games):
        agents = [make_bot(bot, game, s, seed + g) for s in range(game.players)]

        def on_move(seat: int, _action: object, _state: object, agents: list[Any] = agents) -> None:
            agent = agents[seat]
            if isinstance(agent, MctsBot) and agent.last_iterations:
                times.append(agent.last_seconds)

        state = play(game.new_state(seed + g), agents, on_move=on_move)
        steps += state.step
        iterations += sum(a.total_iterations for a in agents if isinstance(a, MctsBot))
    searched = sum(times)
    return {
        "game": game_id,
        "bot": bot,
        "games": games,
        "steps": steps,
        "decisions_searched": len(times),
        "iterations_per_s": iterations / searched if searched else 0.0,
        "mean_decision_s": searched / len(times) if times else 0.0,
        "max_decision_s": max(times, default=0.0),
    }


def main(argv: list[str] | None = None) -> None:
    """Command line: print the bench figures as JSON."""
    p = argparse.ArgumentParser(prog="python -m loopcity.bots.bench", description=__doc__)
    p.add_argument("game")
    p.add_argument("--bot", default="mcts")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int)
    p.add_argument("--variant")
    a = p.parse_args(argv)
    options = {k: v for k, v in {"players": a.players, "variant": a.variant}.items() if v is not None}
    print(json.dumps(bench(a.game, a.bot, a.games, a.seed, **options)))


if __name__ == "__main__":
    main()
