"""Every installed game goes through the workbench: the same rows with 1 and 2 workers, its metrics
recorded round by round in the Parquet file."""

import math

import pyarrow.parquet as pq
import pytest

from loopcity.engine import list_games
from loopcity.sim import game_seed, make_job, play_one, simulate

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


@pytest.mark.skipif(not GAMES, reason="no game installed")
@pytest.mark.parametrize("game_id", GAMES)
def test_installed_game_counts_actions_by_the_card_tile_or_place_they_name(game_id):
    job, game = make_job(game_id, 2, ["heuristic"], seed=3)
    results = [play_one(game, game_seed(3, i), job.bots, i) for i in range(2)]
    for r in results:
        named = {k: n for k, n in r.actions.items() if " " in k}
        assert named, f"{game_id}: no action names a card, tile or place"
        for key, n in named.items():
            kind = key.split(" ", 1)[0]
            assert n <= r.actions[kind], key
        for kind in {k.split(" ", 1)[0] for k in named}:
            assert sum(n for k, n in named.items() if k.startswith(kind + " ")) <= r.actions[kind]
