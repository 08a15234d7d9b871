"""CPU time of heuristic games and of search decisions, for comparing two trees on the same games.

    python benchmarks/throughput.py games GAME [--games 80]
    python benchmarks/throughput.py search GAME [--games 2] [--every 3] [--most 8]

``games`` plays seeded heuristic games as ``loopcity simulate`` does (``sim.core.play_one``, the log
unread) in this process and prints the CPU milliseconds per game and a digest of the results
(lengths, scores, outcomes). ``search`` plays seeded heuristic games and, at every ``every``-th
decision of seat ``i mod players`` that has more than one legal action (at most ``most`` a game),
asks the game's search bot (``mcts``, the game's defaults) and times it in CPU seconds; the
heuristic's move is played, so both trees see the same positions. It prints the mean, the 95th
percentile and the longest decision, and a digest of the search's choices. Run each tree in turn
(``PYTHONPATH=<tree>/src``) two or three times and compare the ratios; equal digests mean the same
games and the same choices (docs/performance.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time

from loopcity.bots import make_bot
from loopcity.engine import load_game
from loopcity.sim.core import game_seed, play_one
from loopcity.sim.strength import quantile


def heuristic_games(game_id: str, games: int) -> dict[str, object]:
    game = load_game(game_id)
    game.tongues = ()
    play_one(game, game_seed(0, games + 1), ["heuristic"], 0)  # content and tables loaded first
    digest = hashlib.sha256()
    began = time.process_time()
    for i in range(games):
        r = play_one(game, game_seed(0, i), ["heuristic"], i)
        digest.update(f"{r.length} {r.scores} {r.team_won};".encode())
    ms = (time.process_time() - began) / games * 1000
    return {
        "game": game_id,
        "games": games,
        "cpu_ms_per_game": round(ms, 3),
        "digest": digest.hexdigest()[:12],
    }


def search_decisions(game_id: str, games: int, every: int, most: int) -> dict[str, object]:
    game = load_game(game_id)
    game.tongues = ()
    times: list[float] = []
    digest = hashlib.sha256()
    for i in range(games):
        seed = game_seed(0, i)
        seat = i % game.players
        state = game.new_state(seed)
        bots = [make_bot("heuristic", game, s, seed) for s in range(game.players)]
        search = make_bot("mcts", game, seat, seed)
        asked = timed = 0
        while not state.is_terminal() and timed < most:
            actor = state.active_seats()[0]
            if actor == seat and len(state.legal_actions(actor)) > 1:
                asked += 1
                if asked % every == 0:
                    began = time.process_time()
                    chosen = search.choose(state, actor)
                    times.append(time.process_time() - began)
                    timed += 1
                    digest.update(f"{state.step}:{chosen};".encode())
            state.apply(actor, bots[actor].choose(state, actor))
    return {
        "game": game_id,
        "decisions": len(times),
        "cpu_mean_s": round(sum(times) / len(times), 4) if times else 0.0,
        "cpu_p95_s": round(quantile(times, 0.95), 4),
        "cpu_longest_s": round(max(times, default=0.0), 4),
        "digest": digest.hexdigest()[:12],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    g = sub.add_parser("games", help="CPU ms per heuristic game")
    g.add_argument("game")
    g.add_argument("--games", type=int, default=80)
    s = sub.add_parser("search", help="CPU seconds per search decision on heuristic games' positions")
    s.add_argument("game")
    s.add_argument("--games", type=int, default=2)
    s.add_argument("--every", type=int, default=3)
    s.add_argument("--most", type=int, default=8)
    args = parser.parse_args()
    if args.what == "games":
        row = heuristic_games(args.game, args.games)
    else:
        row = search_decisions(args.game, args.games, args.every, args.most)
    print(json.dumps(row))


if __name__ == "__main__":
    main()
