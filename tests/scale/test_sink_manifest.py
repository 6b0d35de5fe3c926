"""``--sink DIR --force`` deletes only what a previous run recorded writing (issue 22, section 4).

Before its first game a run writes ``_prohis_nb_run.json``: the files it
will write. Overwriting deletes exactly those; a Parquet file of another
tool (Spark's ``part-00000-<uuid>-c000.snappy.parquet``), a file of the user
or a part no manifest lists is never deleted, and a run that would write
over one is refused before any game.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pyarrow.parquet", reason="the Parquet sink needs pyarrow (the 'scale' extra)")

from prohis_nb.cli import main
from prohis_nb.errors import SaveError
from prohis_nb.scale.sink import MANIFEST
from prohis_nb.tournament import run_tournament

SPARK = "part-00000-6f1d2b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b-c000.snappy.parquet"


def play(folder, **kwargs):
    settings = {"games": 6, "seed": 5, "players": 3, "workers": 1, "progress": False}
    return run_tournament(["random", "honest"], sink=folder, counts=False, **settings | kwargs)


def files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_force_deletes_only_the_files_the_previous_run_listed(tmp_path):
    play(tmp_path, games=8, chunk_size=2)
    (tmp_path / SPARK).write_bytes(b"PAR1 another tool's rows PAR1")
    (tmp_path / "part-mine.parquet").write_bytes(b"PAR1 mine PAR1")
    (tmp_path / "notes.txt").write_text("mine")
    before = files(tmp_path)
    with pytest.raises(SaveError, match="holds a previous run"):
        play(tmp_path)
    assert files(tmp_path) == before
    play(tmp_path, games=4, chunk_size=2, overwrite=True)
    after = files(tmp_path)
    for name in (SPARK, "part-mine.parquet", "notes.txt"):
        assert after[name] == before[name]
    assert "part-000004.parquet" not in after and "part-000006.parquet" not in after  # old run's
    assert {"part-000000.parquet", "part-000002.parquet", "_summary.json"} <= set(after)
    manifest = json.loads(after[MANIFEST])
    assert (manifest["games"], manifest["chunk_size"]) == (4, 2)


def test_another_tools_files_alone_are_kept_and_the_run_goes_beside_them(tmp_path):
    (tmp_path / SPARK).write_bytes(b"PAR1 spark PAR1")
    with pytest.raises(SaveError, match="holds a previous run"):
        play(tmp_path)
    play(tmp_path, overwrite=True)
    assert (tmp_path / SPARK).read_bytes() == b"PAR1 spark PAR1"
    assert (tmp_path / "part-000000.parquet").exists()


@pytest.mark.parametrize("name", ["part-000000.parquet", "_summary.json"])
def test_a_file_the_run_would_replace_but_no_run_listed_is_refused_before_any_game(tmp_path, name):
    (tmp_path / name).write_bytes(b"written before manifests, or by hand")
    with pytest.raises(SaveError, match="no run of prohis_nb recorded writing it") as caught:
        play(tmp_path, overwrite=True)
    assert name in str(caught.value) and "left alone" in str(caught.value)
    assert files(tmp_path) == {name: b"written before manifests, or by hand"}


@pytest.mark.parametrize(
    "manifest",
    [
        "{not json",
        json.dumps({"format": "other/1", "games": 6, "chunk_size": 2}),
        json.dumps({"format": "prohis-nb-sink-run/1", "games": "all", "chunk_size": 2}),
        json.dumps({"format": "prohis-nb-sink-run/1", "games": 10**30, "chunk_size": 1}),
        "[" * 10_000,
    ],
)
def test_a_manifest_that_cannot_be_read_deletes_nothing(tmp_path, manifest):
    play(tmp_path)
    (tmp_path / MANIFEST).write_text(manifest)
    before = files(tmp_path)
    with pytest.raises(SaveError, match="nothing in the folder is deleted"):
        play(tmp_path, overwrite=True)
    assert files(tmp_path) == before


def test_cli_force_keeps_another_tools_parquet(tmp_path, capsys):
    argv = ["tournament", "--games", "4", "--players", "3", "--bots", "random",
            "--workers", "1", "--no-progress", "--no-counts", "--sink", str(tmp_path)]  # fmt: skip
    assert main(argv) == 0
    (tmp_path / SPARK).write_bytes(b"PAR1 spark PAR1")
    assert main(argv) == 1
    assert "holds a previous run" in capsys.readouterr().err
    assert main([*argv, "--force"]) == 0
    assert (tmp_path / SPARK).read_bytes() == b"PAR1 spark PAR1"
