"""What the live messages cost the server, every game, several versions of the code side by side.

Runs ``benchmarks/web_load.py`` (this tree's) once per game and version of the code, the versions
alternating, and prints one table: moves, server CPU per move and the size of the messages the pages
received (each page's first, whole message apart). A version is a ``src`` folder, e.g. one unpacked
from git:

    mkdir -p /tmp/before && git archive 4cba70c src | tar -x -C /tmp/before
    .venv/bin/python benchmarks/web_messages.py --code before=/tmp/before/src --code after=src

Every table's seats are played by random players over WebSockets as fast as the server answers
(``--tables`` tables of each game's default number of players, ``--seconds`` a run, SQLite).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("reclaim", "resourced", "resourcity", "sustain", "waste_what")


def run(src: Path, game: str, tables: int, seconds: float) -> dict:
    """One run of the load benchmark against the server of the code in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "web_load.py"),
            "--game",
            game,
            "--tables",
            str(tables),
            "--seconds",
            str(seconds),
            "--json",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--code", action="append", default=[], help="NAME=SRC_FOLDER (repeatable)")
    ap.add_argument("--game", action="append", default=[], help="a game id (default: all five)")
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--rounds", type=int, default=1, help="how many times each version runs each game")
    ap.add_argument("--out", default="", help="append each run's figures as a JSON line to this file")
    args = ap.parse_args()
    codes = [c.split("=", 1) for c in args.code] or [["this", str(ROOT / "src")]]
    rows = []
    print(
        "| game | code | load avg | moves | moves/s | server CPU ms/move | KB after the first, mean | max | over 16 KB |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for _round in range(args.rounds):
        for game in args.game or GAMES:
            for name, src in codes:
                r = run(Path(src).resolve(), game, args.tables, args.seconds)
                r["code"] = name
                rows.append(r)
                kb = r["message_kb"]
                print(
                    f"| {game} | {name} | {r['load_average']} | {r['moves']} | {r['moves_per_s']} | "
                    f"{r['server_cpu_ms_per_move']} | {kb.get('later_mean')} | {kb.get('later_max')} | "
                    f"{kb.get('later_over_16')} |",
                    flush=True,
                )
                if args.out:
                    with open(args.out, "a") as f:
                        f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
