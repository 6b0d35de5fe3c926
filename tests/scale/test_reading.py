"""The documented ways of reading a sink folder (docs/tournaments.md) run and give the games."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyarrow", reason="the Parquet sink needs pyarrow (the 'scale' extra)")
duckdb = pytest.importorskip("duckdb", reason="the DuckDB example needs duckdb ('scale' extra)")
pd = pytest.importorskip("pandas", reason="the pandas example needs pandas ('scale' extra)")

from prohis_nb.tournament import run_tournament  # noqa: E402

DOC = Path(__file__).parents[2] / "docs" / "tournaments.md"


def documented_examples() -> list[str]:
    """The Python blocks of the section "Reading the folder with DuckDB or pandas"."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### Reading the folder", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


@pytest.fixture(scope="module")
def sunk(tmp_path_factory):
    folder = tmp_path_factory.mktemp("docs") / "runs" / "t1"  # the documented runs/t1
    memory = run_tournament(
        ["random", "honest", "bluff"], players=4, games=9, seed=2, workers=1, progress=False
    )
    streamed = run_tournament(
        ["random", "honest", "bluff"], players=4, games=9, seed=2, workers=1, progress=False,
        sink=folder, chunk_size=3,
    )  # fmt: skip
    return folder, memory, streamed


def test_every_documented_example_runs_on_a_real_folder(sunk, monkeypatch):
    folder, _, _ = sunk
    monkeypatch.chdir(folder.parent.parent)
    examples = documented_examples()
    assert len(examples) == 3
    namespace: dict = {}  # one session, as in a notebook: later blocks use earlier imports
    for code in examples:
        exec(compile(code, str(DOC), "exec"), namespace)
    rows = namespace["rows"]
    assert len(rows) == 9 * 4 and set(rows["bot"]) == {"random", "honest", "bluff"}


def test_duckdb_and_pandas_read_what_the_tournament_played(sunk):
    folder, memory, streamed = sunk
    query = f"""
        SELECT bot, count(*) AS seats, avg(score) AS mean_score, avg(share) AS win_rate
        FROM '{folder}/part-*.parquet' GROUP BY bot
    """
    table = {row[0]: row[1:] for row in duckdb.sql(query).fetchall()}
    assert set(table) == set(memory.by_bot)
    for label, stats in memory.by_bot.items():
        seats, mean_score, win_rate = table[label]
        assert seats == stats.appearances
        assert mean_score == pytest.approx(stats.mean_score)
        assert win_rate == pytest.approx(stats.win_rate)
    rows = pd.read_parquet(folder)  # _summary.json is skipped
    assert len(rows) == 9 * 4
    by_game = rows.sort_values(["game_index", "seat"]).groupby("game_index")["score"].apply(tuple)
    assert list(by_game) == [game.scores for game in memory.games]
    assert streamed.by_bot == memory.by_bot
