"""The optional compiled build: the engine and the games' rules compiled with mypyc, from the same
Python files, into a directory of its own (never the installed, interpreted package).

    python benchmarks/build_compiled.py                  # builds build/compiled (make compiled)
    PYTHONPATH=build/compiled loopcity bench             # the compiled rules, the same commands
    python benchmarks/build_compiled.py fingerprint      # state hashes and records of seeded games

``build`` copies ``src/loopcity`` to ``OUT/loopcity`` and compiles the modules of :data:`MODULES`
there in place, so that each compiled module's extension sits beside its Python file and is imported
first (Python prefers an extension to a source file of the same name). Everything else (the web app,
the CLI, debriefs, words) stays interpreted and calls the compiled rules as before. mypyc ships with
mypy (the ``dev`` extra); a C compiler and Python's headers are needed.

``fingerprint`` plays seeded random games of every game with whatever ``loopcity`` is imported
(compiled under ``PYTHONPATH=OUT``, interpreted otherwise) and prints, per game and seed, every
state's hash, the game's record and a digest of every seat's observation of every state as JSON:
tests/engine/test_compiled_build.py compares the two.

See docs/performance.md, "Compiled build".
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "compiled"

# What a random playout, a simulation and a search run: the engine's state, generator, actions and
# runner, each game's rules (legal actions, apply, chance) and, where it compiles, its heuristic bot
# (the playouts of simulations and searches). Chosen by measuring (docs/performance.md): the words,
# views, positions and front ends stay interpreted.
ENGINE = ["actions", "bots", "clocks", "observation", "rng", "runner", "serialize", "state", "table"]
GAMES: dict[str, list[str]] = {
    "reclaim": ["actions", "board", "events", "heuristic", "observation", "politics", "rules", "transport"]
    + ["turn"],
    "resourced": ["actions", "board", "events", "heuristic", "observation", "rules", "table", "together"]
    + ["turn"],
    "resourcity": ["apply", "base", "board", "decide", "events", "farming", "heuristic", "legal"]
    + ["observation", "rules", "setup"],
    "sustain": ["actions", "board", "heuristic", "observation", "plans", "rules", "year"],
    "waste_what": ["actions", "base", "dealing", "handlers", "heuristic", "observation", "rules", "together"],
}
ADAPTERS = ["encoding"]
SIMULATION = ["core"]
"""``loopcity simulate``'s own step (the bots' picks counted, the metrics by round)."""
MODULES = (
    [f"engine/{m}" for m in ENGINE]
    + [f"games/{g}/{m}" for g, ms in GAMES.items() for m in ms]
    + [f"adapters/{m}" for m in ADAPTERS]
    + [f"sim/{m}" for m in SIMULATION]
)


def build(out: Path, modules: list[str], jobs: int) -> dict[str, Any]:
    """Copy the package to ``out`` and compile ``modules`` (paths under loopcity/, no .py) there."""
    src = ROOT / "src" / "loopcity"
    target = out / "loopcity"
    if target.exists():
        shutil.rmtree(target)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(src, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for stale in out.glob("*__mypyc*.so"):
        stale.unlink()
    paths = [f"loopcity/{m}.py" for m in modules]
    setup = out / "setup_compiled.py"
    setup.write_text(
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"setup(name='loopcity-compiled', ext_modules=mypycify({paths!r}, opt_level='3', multi_file=True))\n"
    )
    began = time.perf_counter()
    cpu = os.times()
    subprocess.run(
        [sys.executable, setup.name, "build_ext", "--inplace", f"--parallel={jobs}"],
        cwd=out,
        check=True,
        env={**os.environ, "PYTHONPATH": str(out)},
    )
    done = os.times()
    info = {
        "modules": modules,
        "seconds": round(time.perf_counter() - began, 1),
        "cpu_seconds": round(
            done.children_user - cpu.children_user + done.children_system - cpu.children_system, 1
        ),
        "jobs": jobs,
    }
    (out / "COMPILED.json").write_text(json.dumps(info, indent=1))  # OUT/build keeps the C for a rebuild
    return info


def fingerprint(games: int, seed: int) -> dict[str, Any]:
    """Every state hash and the record of ``games`` seeded games of every registered game: random
    bots, and every other game the game's heuristic bots."""
    import hashlib

    from loopcity.adapters.encoding import Observer
    from loopcity.engine import RandomBot, list_games, load_game
    from loopcity.engine.observation import Encoder
    from loopcity.engine.record import Record
    from loopcity.engine.state import State

    result: dict[str, Any] = {
        "state_module": sys.modules[State.__module__].__file__,
        "observation_module": sys.modules[Encoder.__module__].__file__,
        "games": {},
    }
    for spec in list_games():
        game = load_game(spec.id)
        game.tongues = ()  # the log is kept unworded, as in simulation (its kinds and steps stay)
        observer = Observer(game)
        played = []
        heuristic = spec.bots.get("heuristic")
        for n, s in enumerate(range(seed, seed + games)):
            state = game.new_state(s)
            record = Record.start(state, s)
            if n % 2 and heuristic is not None:  # every other game the game's own bots (compiled too)
                bots = [heuristic(game, seat, s) for seat in range(game.players)]
            else:
                bots = [RandomBot(game, seat, s) for seat in range(game.players)]
            hashes = [state.state_hash()]
            seen = hashlib.sha256()  # every seat's observation of every state (the learner's side)
            while not state.is_terminal():
                for seat in range(game.players):
                    seen.update(observer.observation(state, seat).tobytes())
                seat = state.active_seats()[0]
                action = bots[seat].choose(state, seat)
                state.apply(seat, action)
                record.add(seat, action, state)
                hashes.append(state.state_hash())
                if len(hashes) % 17 == 0:  # copies and snapshots agree too
                    assert state.clone().state_hash() == hashes[-1]
            played.append(
                {"seed": s, "hashes": hashes, "record": record.to_json(), "observations": seen.hexdigest()}
            )
        result["games"][spec.id] = played
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command")
    b = sub.add_parser("build", help="compile the rules into OUT (the default command)")
    b.add_argument("--out", type=Path, default=DEFAULT_OUT)
    b.add_argument("--jobs", type=int, default=2, help="C compilers run at once")
    b.add_argument("--module", action="append", help="compile only these (e.g. engine/state); repeatable")
    f = sub.add_parser("fingerprint", help="state hashes and records of seeded random games, as JSON")
    f.add_argument("--games", type=int, default=3)
    f.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "fingerprint":
        json.dump(fingerprint(args.games, args.seed), sys.stdout)
        return
    if args.command is None:
        args = b.parse_args([])
    info = build(args.out.resolve(), args.module or MODULES, args.jobs)
    print(
        f"compiled {len(info['modules'])} modules into {args.out} in {info['seconds']} s "
        f"({info['cpu_seconds']} CPU-s); use it with PYTHONPATH={args.out}"
    )


if __name__ == "__main__":
    main()
