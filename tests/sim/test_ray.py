"""The Ray backend gives the same games as the local one (a small local Ray cluster, 2 CPUs)."""

import json

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app

pytest.importorskip("ray")
runner = CliRunner()


@pytest.mark.slow
def test_ray_and_local_backends_give_identical_results(metered, tmp_path):
    common = ["simulate", "metered", "--games", "20", "--players", "3", "--seed", "5", "--json"]
    on_ray = runner.invoke(
        app, [*common, "--backend", "ray", "--workers", "2", "--out", str(tmp_path / "ray")]
    )
    assert on_ray.exit_code == 0, on_ray.output
    local = runner.invoke(app, [*common, "--workers", "2", "--out", str(tmp_path / "local")])
    assert local.exit_code == 0, local.output
    timing = ("seconds", "games_per_s")
    ray_summary = {k: v for k, v in json.loads(on_ray.stdout).items() if k not in timing}
    local_summary = {k: v for k, v in json.loads(local.stdout).items() if k not in timing}
    assert ray_summary == local_summary
    ray_rows = pq.read_table(tmp_path / "ray" / "results.parquet")
    assert ray_rows.num_rows == 20
    assert ray_rows.equals(pq.read_table(tmp_path / "local" / "results.parquet"))
    assert json.loads((tmp_path / "ray" / "run.json").read_text())["backend"] == "ray"


def test_address_is_handed_to_ray_init_and_chunks_fit_the_cluster(metered, monkeypatch):
    import ray

    from loopcity.sim.run import RayBackend

    calls = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", lambda **kw: calls.append(kw))
    monkeypatch.setattr(ray, "cluster_resources", lambda: {"CPU": 8.0})
    monkeypatch.setattr(ray, "shutdown", lambda: calls.append("shutdown"))
    backend = RayBackend(address="ray://head:10001", workers=2)
    assert calls == [{"include_dashboard": False, "log_to_driver": False, "address": "ray://head:10001"}]
    assert backend.workers == 8  # chunks are sized for the whole cluster
    backend.close()
    assert calls[-1] == "shutdown"  # the connection this process opened is closed


def test_address_needs_the_ray_backend(metered):
    result = runner.invoke(app, ["simulate", "metered", "--address", "auto"])
    assert result.exit_code == 2 and "--address is for the Ray backend" in result.stdout


def test_without_address_a_new_local_cluster_starts(metered, monkeypatch):
    import ray

    from loopcity.sim.run import RayBackend

    calls = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", lambda **kw: calls.append(kw))
    monkeypatch.setattr(ray, "cluster_resources", lambda: {"CPU": 2.0})
    RayBackend(workers=2)
    assert calls[0]["address"] == "local" and calls[0]["num_cpus"] == 2


@pytest.mark.slow
def test_a_ray_already_running_here_is_used_and_a_failing_game_is_named(metered):
    import ray

    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        result = runner.invoke(
            app, ["simulate", "metered", "-n", "6", "--backend", "ray", "--set", "dice.sides=0"]
        )
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert "of the run (seed" in result.stdout and "below() needs a positive bound" in result.stdout
        assert ray.is_initialized()  # not ours to shut down
        ok = runner.invoke(app, ["simulate", "metered", "-n", "6", "--backend", "ray", "--json"])
        assert ok.exit_code == 0 and json.loads(ok.stdout)["games"] == 6
    finally:
        ray.shutdown()
