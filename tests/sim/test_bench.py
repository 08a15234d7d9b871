import json

import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.sim.bench import openspiel_available

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
