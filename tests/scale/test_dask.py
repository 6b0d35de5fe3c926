"""A tournament on a Dask cluster plays exactly the games of one worker."""

from __future__ import annotations

import pytest

distributed = pytest.importorskip(
    "distributed", reason="Dask tournaments need dask[distributed] (the 'scale' extra)"
)

from prohis_nb.cli import main  # noqa: E402
from prohis_nb.tournament import run_tournament  # noqa: E402

LINEUP = ["random", "honest", "bluff"]
SETTINGS = {"games": 9, "seed": 8, "players": 4, "progress": False}


@pytest.fixture(scope="module")
def client():
    # Two worker processes, as on a real cluster: plans and results cross process boundaries.
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_dask_cluster_plays_the_games_of_one_worker(client):
    alone = run_tournament(LINEUP, workers=1, **SETTINGS)
    on_dask = run_tournament(
        LINEUP, executor=client.get_executor(pure=False), chunk_size=2, **SETTINGS
    )
    assert on_dask.games == alone.games  # same seeds, same games, same records
    assert on_dask.by_bot == alone.by_bot and on_dask.by_seat == alone.by_seat
    # both workers took part
    assert len(client.scheduler_info()["workers"]) == 2


def test_backend_dask_uses_the_running_client_and_streams_to_a_sink(client, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason="the sink needs pyarrow ('scale' extra)")

    alone = run_tournament(LINEUP, workers=1, sink=tmp_path / "alone", counts=False, **SETTINGS)
    on_dask = run_tournament(
        LINEUP, backend="dask", chunk_size=3, sink=tmp_path / "dask", counts=False, **SETTINGS
    )
    assert on_dask.by_bot == alone.by_bot
    assert on_dask.compare("honest", "random") == alone.compare("honest", "random")
    rows = [pq.read_table(tmp_path / name).to_pylist() for name in ("alone", "dask")]
    assert sorted(rows[0], key=str) == sorted(rows[1], key=str)
    assert len(list((tmp_path / "dask").glob("part-*.parquet"))) == 3
    assert client.status == "running"  # the caller's client is left open


def test_executor_and_backend_together_are_refused(client):
    with pytest.raises(ValueError, match="not both"):
        run_tournament(["random"], executor=client.get_executor(), backend="dask", **SETTINGS)
    with pytest.raises(ValueError, match="backend must be"):
        run_tournament(["random"], backend="ray", **SETTINGS)


def test_cli_plays_on_a_scheduler_by_address(client, capsys):
    address = client.scheduler.address
    argv = ["tournament", "--games", "3", "--bots", "random", "--no-progress", "--dask", address]
    assert main(argv) == 0
    assert "3 games" in capsys.readouterr().out
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        assert main([*argv[:-1], "tcp://127.0.0.1:9"]) == 1
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err
