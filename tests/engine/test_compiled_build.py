"""The compiled build plays the same games as the interpreted one: every state hash, every record and
every seat's observation of every state (the learner's side) of seeded games of every game, random
and the game's heuristic bots, are equal (docs/performance.md, "Compiled build").

Compiling takes minutes on two cores, so the suite does not build it: the test runs when a compiled
build is present (``make compiled``, or ``python benchmarks/build_compiled.py``; another directory
through LOOPCITY_COMPILED) and is skipped otherwise, saying how to build it. ``make compiled-check``
builds it and runs this test with LOOPCITY_COMPILED_REQUIRED set,
so that a missing build fails rather than skips."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "build_compiled.py"
BUILD = Path(os.environ.get("LOOPCITY_COMPILED", ROOT / "build" / "compiled"))


def _fingerprint(pythonpath: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "fingerprint", "--games", "3", "--seed", "11"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    result: dict[str, object] = json.loads(run.stdout)
    return result


@pytest.mark.skipif(
    not (BUILD / "COMPILED.json").exists() and not os.environ.get("LOOPCITY_COMPILED_REQUIRED"),
    reason=f"no compiled build in {BUILD}: build it with `make compiled` "
    "(python benchmarks/build_compiled.py; a few minutes on two cores)",
)
def test_compiled_and_interpreted_builds_play_the_same_games() -> None:
    compiled = _fingerprint(BUILD)
    interpreted = _fingerprint(ROOT / "src")
    # the compiled run really ran compiled rules, and the interpreted run did not
    assert not str(compiled["state_module"]).endswith(".py"), compiled["state_module"]
    assert str(interpreted["state_module"]).endswith(".py")
    assert not str(compiled["observation_module"]).endswith(".py"), compiled["observation_module"]
    games_c, games_i = compiled["games"], interpreted["games"]
    assert isinstance(games_c, dict) and isinstance(games_i, dict)
    assert sorted(games_c) == sorted(games_i) and len(games_i) >= 5
    for game_id, played in games_i.items():
        for mine, theirs in zip(played, games_c[game_id], strict=True):
            assert len(mine["hashes"]) > 10
            assert mine["hashes"] == theirs["hashes"], f"{game_id} seed {mine['seed']}: states differ"
            assert mine["record"] == theirs["record"], f"{game_id} seed {mine['seed']}: records differ"
            assert mine["observations"] == theirs["observations"], (
                f"{game_id} seed {mine['seed']}: observations"
            )
