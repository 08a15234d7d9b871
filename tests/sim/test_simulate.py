import json

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.sim import make_job, parse_value, simulate
from loopcity.sim.run import GameFailed

runner = CliRunner()
TIMING = ("seconds", "games_per_s")


def outcome_only(summary):
    return {k: v for k, v in summary.items() if k not in TIMING}


def sim_json(*args):
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_simulate_json_summary_repeats_for_a_seed(tiny):
    summary = sim_json("tiny", "--games", "30", "--players", "3", "--workers", "1")
    assert summary["game"] == "tiny" and summary["games"] == 30
    low, high = summary["team_win_ci95"]
    assert low <= summary["team_win_rate"] <= high
    assert len(summary["mean_scores"]) == 3
    assert set(summary) >= {"mean_length", "loss_causes", "length_quartiles", "sd_scores"}
    again = sim_json("tiny", "--games", "30", "--players", "3", "--workers", "1")
    assert outcome_only(again) == outcome_only(summary)
    other_seed = sim_json("tiny", "--games", "30", "--players", "3", "--workers", "1", "--seed", "9")
    assert other_seed["mean_scores"] != summary["mean_scores"]


def test_summary_counts_team_losses_by_cause(metered):
    summary = sim_json("metered", "--games", "200", "--workers", "1")
    lost = summary["loss_causes"].get("emptied by a roll", 0)
    assert 0 < lost < 200
    assert summary["team_win_rate"] == pytest.approx(1 - lost / 200)
    assert summary["mean_rounds"] > 1
    assert summary["mean_final_metrics"] == {"pile": 0.0, "taken": 12.0}


def test_same_results_whatever_the_number_of_workers(metered, tmp_path):
    job, game = make_job("metered", 60, ["random"], seed=4, players=3)
    one = simulate(job, game, workers=1, out=str(tmp_path / "one"))
    two = simulate(job, game, workers=2, out=str(tmp_path / "two"))
    assert outcome_only(one) == outcome_only(two)
    a = pq.read_table(tmp_path / "one" / "results.parquet")
    b = pq.read_table(tmp_path / "two" / "results.parquet")
    assert a.num_rows == 60 and a.equals(b)


def test_result_rows_hold_seed_outcome_metrics_and_actions(metered, tmp_path):
    out = tmp_path / "run"
    result = runner.invoke(app, ["simulate", "metered", "--games", "25", "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "team win rate" in result.stdout
    rows = pq.read_table(out / "results.parquet").to_pylist()
    assert [r["index"] for r in rows] == list(range(25))
    assert len({r["seed"] for r in rows}) == 25
    for r in rows:
        assert r["metric_pile"][0] == 12 and r["metric_pile"][-1] == 0
        assert r["metric_taken"][-1] == 12
        assert len(r["metric_pile"]) >= r["rounds"]
        actions = dict(r["actions"])
        assert actions["ready"] == 2
        assert sum(v for k, v in actions.items()) == r["length"]
        assert r["team_won"] == (r["cause"] == "pile empty")
    meta = json.loads((out / "run.json").read_text())
    assert meta["job"]["game"] == "metered" and meta["summary"]["games"] == 25


def test_set_changes_an_option_and_a_content_value(metered):
    base = sim_json("metered", "--games", "100", "--workers", "1")
    short = sim_json("metered", "--games", "100", "--workers", "1", "--set", "pile=5")
    assert short["mean_length"] < base["mean_length"]
    assert short["config"]["pile"] == 5
    small_die = sim_json("metered", "--games", "100", "--workers", "1", "--set", "dice.sides=1")
    # a one-sided die takes one counter a roll, fewer than a six-sided one: games last longer
    assert small_die["config"]["overrides"] == {"dice.sides": 1}
    assert small_die["mean_length"] > base["mean_length"]


def test_content_file_replaces_the_default(metered, tmp_path):
    edited = tmp_path / "edited.toml"
    edited.write_text("[dice]\nsides = 1\n")
    from_file = sim_json("metered", "--games", "50", "--workers", "1", "--content", str(edited))
    from_set = sim_json("metered", "--games", "50", "--workers", "1", "--set", "dice.sides=1")
    assert outcome_only(from_file)["mean_length"] == from_set["mean_length"]
    assert from_file["team_win_rate"] == from_set["team_win_rate"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--set", "dice.faces=3"], "no 'dice.faces'"),
        (["--set", "dice.sides=many"], "field 'sides'"),
        (["--set", "pile=lots"], "option 'pile' takes a int"),
        (["--set", "pile"], "write PATH=VALUE"),
        (["--content", "missing.toml"], "no such content file"),
        (["--bot", "genius"], "no bot 'genius'"),
        (["--variant", "huge"], "no variant 'huge'"),
        (["--backend", "spark"], "backend must be 'local' or 'ray'"),
        (["--bots", "random,random,random"], "3 bots named for 2 seats"),
    ],
)
def test_bad_values_are_refused_before_any_game_runs(metered, tmp_path, args, message):
    out = tmp_path / "never"
    result = runner.invoke(app, ["simulate", "metered", "--games", "5", "--out", str(out), *args])
    assert result.exit_code == 2
    assert message in result.stdout and "Traceback" not in result.output
    assert not out.exists()


def test_tiny_has_no_content_so_content_paths_are_refused(tiny):
    result = runner.invoke(app, ["simulate", "tiny", "--set", "deck.size=3"])
    assert result.exit_code == 2 and "no option 'deck.size' and no content" in result.stdout


@pytest.mark.parametrize(
    "text, value",
    [
        ("3", 3),
        ("2.5", 2.5),
        ("true", True),
        ("[1, 2]", [1, 2]),
        ('"x y"', "x y"),
        ("'q'", "q"),
        ("word", "word"),
    ],
)
def test_set_values_read_as_json_or_toml_else_text(text, value):
    assert parse_value(text) == value


@pytest.mark.parametrize("workers", [1, 2])
def test_a_run_that_fails_keeps_the_games_played_so_far(metered, tmp_path, monkeypatch, workers):
    import multiprocessing

    import loopcity.sim.run as run_module

    real = run_module.play_one

    def failing(game, seed, bots, index):
        if index == 30:
            raise RuntimeError("game 30 broke")
        return real(game, seed, bots, index)

    monkeypatch.setattr(run_module, "play_one", failing)
    job, game = make_job("metered", 60, ["random"])
    with pytest.raises(
        GameFailed, match=r"game 30 of the run \(seed \d+\) failed: RuntimeError: game 30 broke"
    ):
        simulate(job, game, workers=workers, out=str(tmp_path))  # forked workers share the patch
    assert not multiprocessing.active_children()  # the pool was stopped
    rows = pq.read_table(tmp_path / "results.parquet").column("index").to_pylist()
    assert rows == list(range(len(rows))) and 0 < len(rows) <= 30
    meta = json.loads((tmp_path / "run.json").read_text())
    assert meta["interrupted"] and "summary" not in meta


def test_spawned_workers_find_a_game_registered_at_run_time(metered):
    from loopcity.sim.run import LocalPool, run_job

    job, _game = make_job("metered", 12, ["greedy"], seed=2)
    assert job.source is not None and job.source.module.endswith("metered_game")
    pool = LocalPool(2, method="spawn")  # fresh interpreters: nothing inherited
    try:
        spawned = run_job(job, pool)
    finally:
        pool.close()
    assert outcome_only(spawned) == outcome_only(simulate(job, _game, workers=1))


def test_a_game_that_does_not_end_is_reported_with_its_seed(metered):
    result = runner.invoke(app, ["simulate", "metered", "-n", "3", "--workers", "1", "--set", "dice.sides=0"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "game 0 of the run (seed" in result.stdout and "failed" in result.stdout
