import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.engine import get_spec, list_games
from loopcity.sim.bench import YARDSTICK, openspiel_available, run_bench

FLOORS = Path(__file__).parents[2] / "benchmarks" / "speed_floors.toml"

runner = CliRunner()


def bench(*args):
    result = runner.invoke(app, ["bench", "--seconds", "0.05", *args])
    assert result.exit_code == 0, result.output
    return result


def test_bench_measures_random_playouts_of_each_game(tiny):
    rows = json.loads(bench("--game", "tiny", "--no-openspiel", "--json").stdout)
    assert [r["name"] for r in rows] == ["tiny"]
    row = rows[0]
    assert row["games"] >= 3 + 4  # at least 3 games in the first of 5 slices, 1 in each other
    assert row["steps"] >= row["games"] * 5
    assert row["steps_per_s"] == pytest.approx(row["steps"] / row["seconds"])
    assert row["games_per_s"] == pytest.approx(row["games"] / row["seconds"])
    assert "tiny" in bench("--game", "tiny", "--no-openspiel").stdout


@pytest.mark.skipif(not openspiel_available(), reason="the bench extra (open_spiel) is not installed")
def test_bench_compares_with_openspiel_games(tiny):
    rows = {r["name"]: r for r in json.loads(bench("--game", "tiny", "--json").stdout)}
    assert set(rows) == {"tiny", "python_block_dominoes", "hanabi"}
    dominoes = rows["python_block_dominoes"]
    assert dominoes["x_python_block_dominoes"] == 1.0
    assert rows["tiny"]["x_python_block_dominoes"] == pytest.approx(
        rows["tiny"]["steps_per_s"] / dominoes["steps_per_s"]
    )
    assert rows["hanabi"]["engine"] == "open_spiel" and rows["hanabi"]["steps"] > 0


def test_bench_of_an_unknown_game_is_refused():
    result = runner.invoke(app, ["bench", "--game", "chess"])
    assert result.exit_code == 2 and "no game 'chess'" in result.stdout


def test_bench_measures_the_keyed_generator_too(tiny):
    rows = json.loads(bench("--game", "tiny", "--no-openspiel", "--keyed", "--json").stdout)
    assert [(r["name"], r.get("generator")) for r in rows] == [("tiny", None), ("tiny", "keyed")]
    assert rows[1]["steps"] > 0


@pytest.mark.skipif(not openspiel_available(), reason="the bench extra (open_spiel) is not installed")
def test_every_game_keeps_its_random_playout_speed_against_python_block_dominoes(capsys):
    """The speed guard: each game's random-playout steps per CPU-second, as a ratio to OpenSpiel's
    python_block_dominoes measured in the same process in slices taken in turn, stays above the
    floor committed in benchmarks/speed_floors.toml (the ratio measured when it was set, less a
    margin that repeated runs on the loaded machine did not cross)."""
    floors = tomllib.loads(FLOORS.read_text())
    measured, margin = floors["ratio"], floors["margin"]
    assert set(measured) == {spec.id for spec in list_games()}, "every game has a committed floor"
    rows = run_bench(
        [get_spec(g) for g in measured],
        seconds=floors["seconds"],
        openspiel=True,
        rounds=floors["rounds"],
        yardsticks=(YARDSTICK,),
    )
    ratios = {r["name"]: r[f"x_{YARDSTICK}"] for r in rows}
    lines = [
        f"{g:<12} {ratios[g]:5.2f}x {YARDSTICK} (floor {measured[g] * (1 - margin):.2f}x: "
        f"{measured[g]:.2f}x less {margin:.0%}), {rows[i]['steps_per_s']:,.0f} steps per CPU-second"
        for i, g in enumerate(measured)
    ]
    figures = "\n".join([*lines, f"{YARDSTICK}: {rows[-1]['steps_per_s']:,.0f} steps per CPU-second"])
    with capsys.disabled():
        print(f"\nrandom playouts against {YARDSTICK}:\n{figures}")
    slower = [g for g in measured if ratios[g] < measured[g] * (1 - margin)]
    assert not slower, f"{', '.join(slower)} fell below the committed floor:\n{figures}"
