import json

import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.sim.compare import newcombe_interval, paired_interval

runner = CliRunner()


def invoke(*args):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def rows_by_measure(result):
    return {r["measure"]: r for r in json.loads(result.stdout)["rows"]}


def test_newcombe_interval_matches_the_published_example():
    # Newcombe (1998), method 10: 56/70 - 48/80 = 0.2, 95% CI 0.0524 to 0.3339
    d, lo, hi = newcombe_interval(48, 80, 56, 70)
    assert d == pytest.approx(0.2)
    assert lo == pytest.approx(0.0524, abs=1e-4) and hi == pytest.approx(0.3339, abs=1e-4)


def test_paired_interval_of_constant_differences_is_a_point():
    assert paired_interval([1, 2, 3], [3, 4, 5]) == (2, 2, 2)


def test_two_variants_on_the_same_seeds_are_paired(metered):
    result = invoke(
        "compare", "standard", "short", "--game", "metered", "--games", "150", "--workers", "1", "--json"
    )
    data = json.loads(result.stdout)
    assert data["paired"] and data["a"]["games"] == data["b"]["games"] == 150
    rows = rows_by_measure(result)
    assert rows["final taken"]["a"] == 12 and rows["final taken"]["b"] == 5
    length = rows["length (steps)"]
    assert length["diff"] < 0 and length["significant"] and length["ci95"][1] < 0
    assert length["diff"] == pytest.approx(length["b"] - length["a"])


def test_same_variant_on_the_same_seeds_shows_no_difference(metered):
    result = invoke(
        "compare", "default", "standard", "--game", "metered", "--games", "40", "--workers", "1", "--json"
    )
    for row in rows_by_measure(result).values():
        assert row["diff"] == 0 and row["ci95"] == [0, 0] and not row["significant"]


def test_side_settings_apply_to_one_side_only(metered):
    result = invoke(
        "compare",
        "default",
        "default",
        "--game",
        "metered",
        "-n",
        "60",
        "--workers",
        "1",
        "--set-b",
        "pile=8",
        "--json",
    )
    data = json.loads(result.stdout)
    assert data["b"]["label"] == "default pile=8"
    assert rows_by_measure(result)["final taken"]["diff"] == -4


def test_result_folders_with_other_seeds_are_independent_samples(metered, tmp_path):
    invoke("simulate", "metered", "-n", "80", "--workers", "1", "--out", str(tmp_path / "a"))
    invoke(
        "simulate",
        "metered",
        "-n",
        "60",
        "--seed",
        "3",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "b"),
        "--set",
        "pile=9",
    )
    data = json.loads(invoke("compare", str(tmp_path / "a"), str(tmp_path / "b"), "--json").stdout)
    assert not data["paired"] and (data["a"]["games"], data["b"]["games"]) == (80, 60)
    assert "pile=9" in data["b"]["label"]
    table = invoke("compare", str(tmp_path / "a"), str(tmp_path / "b")).stdout
    assert "independent samples" in table and "team win rate" in table


def test_a_folder_without_results_is_refused(metered, tmp_path):
    result = runner.invoke(app, ["compare", str(tmp_path), str(tmp_path)])
    assert result.exit_code == 2 and "not a result folder" in result.stdout


def test_a_bad_side_is_refused_before_any_game(metered, tmp_path):
    out = tmp_path / "kept"
    result = runner.invoke(app, ["compare", "standard", "nope", "--game", "metered", "--out", str(out)])
    assert result.exit_code == 2 and "no variant 'nope'" in result.stdout
    assert not out.exists()


def test_two_bots_on_the_same_seeds(metered):
    result = invoke(
        "compare",
        "default",
        "default",
        "--game",
        "metered",
        "-n",
        "100",
        "--workers",
        "1",
        "--bots-a",
        "random",
        "--bots-b",
        "greedy",
        "--json",
    )
    data = json.loads(result.stdout)
    assert data["b"]["label"] == "default bots=greedy"
    win = rows_by_measure(result)["team win rate"]
    assert win["b"] == 1.0  # greedy seats never roll, so the pile is never emptied by a roll
    assert win["diff"] > 0 and win["significant"]


def test_json_output_is_strict_even_where_a_measure_is_undefined(metered, tmp_path):
    invoke("simulate", "metered", "-n", "5", "--workers", "1", "--out", str(tmp_path / "a"))
    invoke("simulate", "metered", "-n", "5", "--workers", "1", "--out", str(tmp_path / "b"))
    # a metric that is NaN in every game of both runs: its mean is undefined and printed as null
    import pyarrow as pa
    import pyarrow.parquet as pq

    for side in "ab":
        path = tmp_path / side / "results.parquet"
        table = pq.read_table(path)
        nan_col = pa.array([[float("nan")]] * table.num_rows, type=pa.list_(pa.float64()))
        pq.write_table(
            table.set_column(table.schema.get_field_index("metric_pile"), "metric_pile", nan_col), path
        )
    result = invoke("compare", str(tmp_path / "a"), str(tmp_path / "b"), "--json")
    assert "NaN" not in result.stdout
    assert rows_by_measure(result)["final pile"]["a"] is None
