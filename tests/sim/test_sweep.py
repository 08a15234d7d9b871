import json

import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.engine import OptionError
from loopcity.sim.sweep import grid, parse_vary

runner = CliRunner()


def test_vary_values_as_a_comma_list_or_a_json_list():
    assert parse_vary("pile=5, 8,12") == ("pile", [5, 8, 12])
    assert parse_vary("spinner.faces=[[1, 2], [1, 2, 3]]") == ("spinner.faces", [[1, 2], [1, 2, 3]])
    assert parse_vary("mode=easy,hard") == ("mode", ["easy", "hard"])
    for bad in ("pile", "pile=", "=3"):
        with pytest.raises(OptionError, match="PATH=V1,V2"):
            parse_vary(bad)


def test_grid_is_every_combination_first_values_first():
    assert grid(["a=1,2", "b=x,y"]) == [
        {"a": 1, "b": "x"},
        {"a": 1, "b": "y"},
        {"a": 2, "b": "x"},
        {"a": 2, "b": "y"},
    ]


def test_sweep_plays_every_point_on_the_same_seeds(metered, tmp_path):
    args = [
        "sweep",
        "metered",
        "--vary",
        "pile=12,6",
        "--vary",
        "dice.sides=6,1",
        "-n",
        "60",
        "--workers",
        "1",
    ]
    result = runner.invoke(app, [*args, "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    points = data["points"]
    assert [p["point"] for p in points] == grid(["pile=12,6", "dice.sides=6,1"])
    first = points[0]["vs_first"]
    assert all(r["diff"] == 0 for r in first.values())
    for p in points:
        assert p["vs_first"]["final taken"]["b"] == p["point"]["pile"]
        assert p["summary"]["games"] == 60
    assert (tmp_path / "p3" / "results.parquet").is_file()
    assert json.loads((tmp_path / "sweep.json").read_text())["points"][1]["point"] == {
        "pile": 12,
        "dice.sides": 1,
    }
    table = runner.invoke(app, args, env={"COLUMNS": "40"}).stdout  # a narrow terminal cuts nothing
    header = next(line for line in table.splitlines() if "pile" in line)
    assert "dice.sides" in header and "team win" in header and "top loss cause" in header
    rows = [line.split("│")[1:3] for line in table.splitlines() if line.startswith("│")]
    assert [(int(a), int(b)) for a, b in rows] == [(12, 6), (12, 1), (6, 6), (6, 1)]
    assert "emptied by a roll (" in table and "same seeds" in table and "interval excludes 0" in table


def test_a_bad_point_is_refused_before_any_game(metered, tmp_path):
    result = runner.invoke(app, ["sweep", "metered", "--vary", "pile=5,lots", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "option 'pile' takes a int" in result.stdout
    assert not (tmp_path / "x").exists()
