"""The CPU the live messages of one move cost, measured in one process: random games of every game,
each move's messages built for every seat's page and a spectator's as the server's hub builds them
(``Hub._newest``: the whole message first, then patches; a hub without patches builds each whole
message), without the web stack. Run it with the ``src`` of the code to measure first on the path:

    PYTHONPATH=/tmp/before/src .venv/bin/python benchmarks/message_cost.py
    PYTHONPATH=src .venv/bin/python benchmarks/message_cost.py

Prints per game the CPU milliseconds per move (process time) and the size of the messages after each
page's first.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from loopcity.engine import list_games, load_game
from loopcity.web.transport import Client, Hub


class Table:
    """What the hub reads of a live table."""

    def __init__(self, state: Any) -> None:
        self.id = "t"
        self.state = state
        self.version = 0
        self.clock = None
        self.settings: dict[str, Any] = {}
        self.chat: list[Any] = []
        self.waiting: set[int] = set()
        self.seats = [{"kind": "human"} for _ in range(state.players)]
        self.moves: list[Any] = []
        self.joined: set[int] = set()
        self.paused = self.ended = False
        self.chat_on = True

    @property
    def over(self) -> bool:
        return self.state.is_terminal()


async def _nothing(text: str) -> None:
    return None


def _send(hub: Hub, channel: Any, table: Table, page: Client) -> str | None:
    """The page's next message: a patch (or the whole first), or the whole message where the hub
    sends no patches."""
    if hasattr(hub, "_newest"):
        return hub._newest(channel, page)
    return hub.message(table, page.seat)  # type: ignore[arg-type]


def measure(game: str, seeds: list[int], moves: int) -> dict[str, Any]:
    cpu = 0.0
    played = 0
    sizes: list[int] = []
    for seed in seeds:
        state = load_game(game).new_state(seed)
        table = Table(state)
        hub = Hub()
        pages = [Client(s, _nothing) for s in range(state.players)] + [
            Client(None, _nothing, role="spectator")
        ]
        for page in pages:
            hub.attach(table, page)  # type: ignore[arg-type]
        channel = hub.channels[table.id]
        channel.table = table  # type: ignore[assignment]
        for page in pages:
            _send(hub, channel, table, page)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_terminal():
                break
            seat = rng.choice(list(state.active_seats()))
            state = state.clone()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            table.state, table.version = state, table.version + 1
            t0 = time.process_time()
            texts = [_send(hub, channel, table, page) for page in pages]
            cpu += time.process_time() - t0
            played += 1
            sizes += [len(x.encode()) for x in texts if x is not None]
    return {
        "game": game,
        "moves": played,
        "ms_per_move": round(cpu * 1000 / played, 2),
        "kb_mean": round(sum(sizes) / len(sizes) / 1024, 2),
        "kb_max": round(max(sizes) / 1024, 1),
        "over_16": sum(x > 16 * 1024 for x in sizes),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", default=[])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--moves", type=int, default=60)
    args = ap.parse_args()
    games = args.game or sorted(s.id for s in list_games() if s.id != "tiny")
    for game in games:
        print(json.dumps(measure(game, list(range(1, args.seeds + 1)), args.moves)), flush=True)


if __name__ == "__main__":
    main()
