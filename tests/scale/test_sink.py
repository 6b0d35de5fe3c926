"""The Parquet sink: rows that agree with the games, a summary identical to the in-memory one."""

from __future__ import annotations

import json
import math
import sys
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations

import pytest

pq = pytest.importorskip(
    "pyarrow.parquet", reason="the Parquet sink needs pyarrow (the 'scale' extra)"
)

from prohis_nb import tournament_stats  # noqa: E402
from prohis_nb.classroom.counts import decision_counts, keys_of  # noqa: E402
from prohis_nb.cli import main  # noqa: E402
from prohis_nb.errors import SaveError  # noqa: E402
from prohis_nb.scale.sink import counts_by_seat  # noqa: E402
from prohis_nb.tournament import cluster_mean_ci, make_plan, run_tournament  # noqa: E402

LINEUP = ["random", "honest", "bluff:bait=0.5"]


def play(**kwargs):
    """A small tournament; streamed without the decision counts unless asked (they are slow)."""
    settings = {"games": 12, "seed": 5, "players": 4, "workers": 1, "progress": False, **kwargs}
    if "sink" in settings:
        settings.setdefault("counts", False)
    return run_tournament(LINEUP, **settings)


def rows_of(folder):
    table = pq.read_table(folder)
    rows = table.to_pylist()
    return sorted(rows, key=lambda row: (row["game_index"], row["seat"]))


def test_every_row_agrees_with_the_game_played_in_memory(tmp_path):
    memory = play(games=6)
    streamed = play(games=6, sink=tmp_path, chunk_size=2, counts=True)
    assert streamed.games == [] and streamed.played == 6
    rows = rows_of(tmp_path)
    assert len(rows) == 6 * 4
    count_keys = [key for key in keys_of("prohis") if key != "games"]
    for row in rows:
        game = memory.games[row["game_index"]]
        seat = row["seat"]
        assert row["game"] == "prohis" and row["tournament_seed"] == 5 and row["players"] == 4
        assert (row["deal"], row["seed"]) == (game.deal, game.seed)
        assert row["bot"] == game.lineup[seat]
        assert row["seating"] == list(game.lineup)
        assert row["score"] == game.scores[seat]
        assert row["winner"] == (seat in game.winners)
        assert row["share"] == (1 / len(game.winners) if seat in game.winners else 0.0)
        assert row["decisions"] == game.decisions
        # the counts, against the classroom's own function on the kept record
        expected = decision_counts(game.record, seat)
        assert {key: row[f"n_{key}"] for key in count_keys} == {
            key: expected[key] for key in count_keys
        }
    # the spec of the bot in each seat, written out (seat s of game i: bots[(s + i) % 3])
    assert {row["bot_spec"] for row in rows if row["bot"] == "bluff(bait=0.5)"} == {
        "bluff:bait=0.5"
    }


def test_parts_hold_whole_deals_are_named_by_their_first_game_and_leave_no_temporary_files(
    tmp_path,
):
    play(sink=tmp_path, chunk_size=4)  # rounded up to 6: two deals of 3 games per part
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "_prohis_nb_run.json", "_summary.json", "part-000000.parquet", "part-000006.parquet",
    ]  # fmt: skip
    for name, first in (("part-000000.parquet", 0), ("part-000006.parquet", 6)):
        rows = pq.read_table(tmp_path / name).to_pylist()
        assert sorted({row["game_index"] for row in rows}) == list(range(first, first + 6))
        assert sorted({row["deal"] for row in rows}) == [first // 3, first // 3 + 1]
    metadata = pq.read_schema(tmp_path / "part-000000.parquet").metadata
    assert json.loads(metadata[b"prohis_nb.plan"])["bots"] == LINEUP


@pytest.mark.parametrize("rotate", [True, False])
def test_streamed_intervals_equal_the_in_memory_ones_exactly(tmp_path, rotate):
    memory = play(games=12, rotate=rotate)
    with ThreadPoolExecutor(max_workers=3) as threads:
        streamed = play(games=12, rotate=rotate, sink=tmp_path, executor=threads, chunk_size=1)
    assert streamed.by_bot == memory.by_bot  # every float, to the last bit
    assert streamed.by_seat == memory.by_seat
    for first, second in combinations(sorted(memory.by_bot), 2):
        a, b = memory.compare(first, second), streamed.compare(first, second)
        assert (a.deals, a.mean, a.ci) == (b.deals, b.mean, b.ci)
        assert streamed.compare(second, first).mean == -b.mean
    assert streamed.table() == memory.table()


def test_the_summary_agrees_with_the_rows_recomputed_by_hand(tmp_path):
    """From the Parquet rows alone: the textbook cluster-robust interval of each bot."""
    streamed = play(games=15, sink=tmp_path)
    rows = rows_of(tmp_path)
    for label, stats in streamed.by_bot.items():
        mine = [row for row in rows if row["bot"] == label]
        scores = [row["score"] for row in mine]
        deals = [row["deal"] for row in mine]
        mean, low, high = cluster_mean_ci(scores, deals)
        assert stats.appearances == len(mine)
        assert math.isclose(stats.mean_score, mean)
        assert math.isclose(stats.score_ci[0], low) and math.isclose(stats.score_ci[1], high)
        rate, _, _ = cluster_mean_ci([row["share"] for row in mine], deals)
        assert math.isclose(stats.win_rate, rate)
    assert math.isclose(sum(row["share"] for row in rows), 15)


def test_the_rows_do_not_depend_on_workers_or_chunks(tmp_path):
    one = play(sink=tmp_path / "one", chunk_size=3)
    two = play(sink=tmp_path / "two", workers=2, chunk_size=9)  # a process pool
    assert rows_of(tmp_path / "one") == rows_of(tmp_path / "two")
    assert one.by_bot == two.by_bot


def test_a_summary_json_is_written_beside_the_parts(tmp_path):
    result = play(sink=tmp_path)
    summary = json.loads((tmp_path / "_summary.json").read_text())
    assert summary["games_played"] == 12 and "games" not in summary
    assert summary["by_bot"]["honest"]["mean_score"] == result.by_bot["honest"].mean_score
    assert summary["sink"] == str(tmp_path.resolve())


def test_a_streamed_game_replays_from_its_seeds(tmp_path):
    memory, streamed = play(games=3), play(games=3, sink=tmp_path)
    assert streamed.replay(2).scores() == memory.replay(2).scores()
    with pytest.raises(IndexError, match="not among the 3 games"):
        streamed.replay(3)


def test_a_previous_run_is_refused_unless_overwritten(tmp_path):
    play(games=12, sink=tmp_path, chunk_size=3)
    (tmp_path / "notes.txt").write_text("mine")
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(SaveError, match="holds a previous run .*overwrite"):
        play(games=6, sink=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    play(games=6, sink=tmp_path, chunk_size=3, overwrite=True)
    # the old run's parts are gone (no stale part-000006 and later), other files stay
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "_prohis_nb_run.json", "_summary.json", "notes.txt", "part-000000.parquet",
        "part-000003.parquet",
    ]  # fmt: skip
    assert max(row["game_index"] for row in rows_of(tmp_path / "part-000003.parquet")) == 5


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: tmp / "file.txt", "is a file, not a folder"),
        (lambda tmp: tmp / "file.txt" / "runs", "cannot make the sink folder"),
        (lambda tmp: str(tmp / "bad\0name"), "cannot make the sink folder"),
        (lambda tmp: "  ", "give the sink a folder name"),
        (lambda tmp: 42, "a sink is a folder name"),
    ],
)
def test_a_malformed_sink_is_refused_before_any_game(tmp_path, make, message):
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(SaveError, match=message):
        run_tournament(["random"], games=2, workers=1, progress=False, sink=make(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_an_unwritable_sink_is_refused(tmp_path):
    import os

    if os.geteuid() == 0:
        pytest.skip("root can write into a read-only folder")
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    with pytest.raises(SaveError, match="not writable"):
        run_tournament(["random"], games=2, workers=1, progress=False, sink=folder)


def test_without_pyarrow_the_error_names_the_scale_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(ImportError, match=r"needs pyarrow.*pip install 'prohis_nb\[scale\]'"):
        run_tournament(["random"], games=2, workers=1, progress=False, sink=tmp_path / "t")
    assert not (tmp_path / "t").exists()


def test_counts_by_seat_equal_the_classroom_counts_of_each_seat():
    for game, bots in (("prohis", ["random", "bluff", "ev"]), ("smuggle", ["honest", "liar"])):
        plan = make_plan(bots, game=game, players=3, seed=2)
        for index in range(2):
            _, played = plan.play_game(index)
            record = played.record()
            assert counts_by_seat(played) == [decision_counts(record, s) for s in range(3)]


def test_smuggle_streams_its_own_count_columns(tmp_path):
    run_tournament(
        ["honest", "liar"], game="smuggle", players=3, games=4, seed=1, workers=1,
        progress=False, sink=tmp_path,
    )  # fmt: skip
    names = pq.read_schema(tmp_path / "part-000000.parquet").names
    assert "n_lies_0_items" in names and "n_convoys" not in names
    assert len(rows_of(tmp_path)) == 12


def test_counts_can_be_left_out(tmp_path):
    play(games=3, sink=tmp_path / "without", counts=False)
    play(games=3, sink=tmp_path / "with", counts=True)
    without = pq.read_schema(tmp_path / "without" / "part-000000.parquet").names
    assert not [name for name in without if name.startswith("n_")]
    assert (
        pq.read_schema(tmp_path / "with" / "part-000000.parquet").names[: len(without)] == without
    )


def test_sums_merge_in_any_order_to_the_same_numbers():
    memory = play(games=12)
    games = memory.games
    deals = sorted({g.deal for g in games})
    forward = tournament_stats.TournamentSums(players=4)
    backward = tournament_stats.TournamentSums(players=4)
    for deal in deals:
        part = tournament_stats.TournamentSums(players=4)
        part.add_deal([g for g in games if g.deal == deal])
        forward.merge(part)
    for deal in reversed(deals):
        part = tournament_stats.TournamentSums(players=4)
        part.add_deal([g for g in games if g.deal == deal])
        backward.merge(part)
    assert forward == backward == memory.sums
    assert forward.stats() == (memory.by_bot, memory.by_seat)


def test_cli_streams_to_a_sink_and_refuses_a_second_run(tmp_path, capsys):
    argv = ["tournament", "--games", "4", "--bots", "random,honest", "--workers", "1",
            "--no-progress", "--sink", str(tmp_path / "t")]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "4 games streamed to" in out and "honest" in out
    assert len(rows_of(tmp_path / "t")) == 16
    assert main(argv) == 1
    assert "holds a previous run" in capsys.readouterr().err
    assert main([*argv, "--force"]) == 0
    assert main([*argv, "--force", "--out", str(tmp_path / "o")]) == 1
    assert "choose one" in capsys.readouterr().err


def test_a_chunk_leaves_the_engine_memo_tables_empty(tmp_path):
    """A worker's memory stays at one chunk's worth: the engine's tables are emptied per chunk."""
    from prohis_nb.core.caches import engine_cache_entries
    from prohis_nb.scale.sink import play_chunk_to_sink

    plan = make_plan(LINEUP, players=4, seed=5)
    assert play(games=2).games and engine_cache_entries() > 0  # played in this process
    play_chunk_to_sink(plan, 0, 8, 8, str(tmp_path), counts=False)
    assert engine_cache_entries() == 0


def test_counts_by_seat_of_a_record_and_of_a_game_agree_and_sum_to_the_whole():
    from prohis_nb.classroom.counts import decision_counts_by_seat
    from prohis_nb.cli import random_game
    from prohis_nb.games import game_class

    for name in ("prohis", "smuggle"):
        cls = game_class(name)
        played = random_game(cls, cls.rules_type(players=4), 11)
        record = played.record()
        by_seat = decision_counts_by_seat(record)
        assert by_seat == decision_counts_by_seat(played)
        whole = decision_counts(record)
        for key in keys_of(name):
            if key != "games":
                assert sum(seat[key] for seat in by_seat) == whole[key], key
