"""Every installed game goes through the workbench: the same rows with 1 and 2 workers, its metrics
recorded round by round in the Parquet file."""

import math

import pyarrow.parquet as pq
import pytest

from loopcity.engine import list_games
from loopcity.sim import make_job, simulate

GAMES = [spec.id for spec in list_games()]


@pytest.mark.skipif(not GAMES, reason="no game installed")
@pytest.mark.parametrize("game_id", GAMES)
def test_installed_game_simulates_the_same_whatever_the_workers(game_id, tmp_path):
    job, game = make_job(game_id, 6, ["random"], seed=11)
    simulate(job, game, workers=1, out=str(tmp_path / "one"))
    simulate(job, game, workers=2, out=str(tmp_path / "two"))
    one = pq.read_table(tmp_path / "one" / "results.parquet")
    assert one.num_rows == 6 and one.equals(pq.read_table(tmp_path / "two" / "results.parquet"))
    metrics = [c for c in one.column_names if c.startswith("metric_")]
    if game.spec.metrics is not None:
        assert metrics, f"{game_id} has a metrics hook but no metric column"
    for column in metrics:
        for trajectory in one.column(column).to_pylist():
            assert len(trajectory) >= 2 and not all(math.isnan(v) for v in trajectory)
