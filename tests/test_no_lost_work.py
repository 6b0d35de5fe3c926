"""Nothing finished is thrown away, and where results go is checked first (issue 22, section 4).

``play --save``, ``simulate --out`` and ``tournament --out`` check their
target before the first game; if the target appears or fails while the games
are played, the results go under a free name (beside it, or in a new folder)
and the command says where. ``tournament --out`` streams its records to disk
as the games finish, so a long tournament holds a few chunks, not every game.
"""

from __future__ import annotations

import json
import shutil
import tracemalloc
from pathlib import Path

import pytest

from prohis_nb import Record
from prohis_nb import cli as cli_module
from prohis_nb import tournament as tournament_module
from prohis_nb.cli import main
from prohis_nb.core.files import ResultSaver, free_name
from prohis_nb.errors import SaveError

TOURNAMENT = ["tournament", "--players", "3", "--bots", "random,honest", "--workers", "1",
              "--no-progress", "--seed", "3"]  # fmt: skip


class Started(Exception):
    """Raised by a hook at the first game: the command got that far."""


# ---------------------------------------------------------------- play --save


def answer_first_legal(monkeypatch, on_first_question=None) -> list[str]:
    """Make ``input()`` answer "0" (the first legal action) to every question."""
    asked: list[str] = []

    def fake_input(prompt: str = "") -> str:
        if not asked and on_first_question is not None:
            on_first_question()
        asked.append(prompt)
        return "0"

    monkeypatch.setattr("builtins.input", fake_input)
    return asked


def test_play_save_into_a_missing_folder_is_refused_before_the_game(tmp_path, monkeypatch, capsys):
    asked = answer_first_legal(monkeypatch)
    target = tmp_path / "no-such-folder" / "game.json"
    assert main(["play", "--players", "3", "--save", str(target)]) == 1
    assert asked == []  # no move was asked for: the game never started
    err = capsys.readouterr().err
    assert "does not exist" in err and "no-such-folder" in err
    assert not target.parent.exists()


def test_play_save_when_the_file_appears_during_the_game_saves_under_a_free_name(
    tmp_path, monkeypatch, capsys
):
    target = tmp_path / "game.json"
    asked = answer_first_legal(monkeypatch, lambda: target.write_text("someone else's"))
    assert main(["play", "--players", "3", "--seed", "4", "--save", str(target)]) == 0
    assert asked  # the game was played
    assert target.read_text() == "someone else's"  # never overwritten
    out = capsys.readouterr().out
    saved = tmp_path / "game-2.json"
    assert f"Record saved to {saved}" in out and "could not be written now" in out
    assert Record.load(saved).replay().ended


def test_play_save_when_the_folder_goes_during_the_game_makes_it_again(
    tmp_path, monkeypatch, capsys
):
    folder = tmp_path / "games"
    folder.mkdir()
    target = folder / "game.json"
    answer_first_legal(monkeypatch, lambda: shutil.rmtree(folder))
    assert main(["play", "--players", "3", "--seed", "4", "--save", str(target)]) == 0
    assert Record.load(target).replay().ended
    assert f"Record saved to {target}" in capsys.readouterr().out


# ---------------------------------------------------------------- simulate --out


def test_simulate_out_starts_its_first_game_without_a_name_per_game(tmp_path, monkeypatch):
    # 200,000 games: checking one name per game before the first would hold 200,000 paths.
    seen = {}

    def first_game(*args):
        seen["peak"] = tracemalloc.get_traced_memory()[1]
        raise Started

    monkeypatch.setattr(cli_module, "random_game", first_game)
    tracemalloc.start()
    try:
        with pytest.raises(Started):
            main(["simulate", "--games", "200000", "--out", str(tmp_path / "records")])
    finally:
        tracemalloc.stop()
    assert (tmp_path / "records").is_dir()  # made (and checked) before the first game
    assert seen["peak"] < 5_000_000, f"{seen['peak']:,} bytes before the first game"


def test_simulate_out_saves_under_a_free_name_a_record_whose_name_is_taken_meanwhile(
    tmp_path, monkeypatch, capsys
):
    out = tmp_path / "records"
    play_game = cli_module.random_game

    def game_then_a_stranger(cls, rules, seed):
        (out / f"prohis-3p-seed{seed}.json").write_text("a stranger's file")
        return play_game(cls, rules, seed)

    monkeypatch.setattr(cli_module, "random_game", game_then_a_stranger)
    argv = ["simulate", "--players", "3", "--games", "2", "--seed", "8", "--out", str(out)]
    assert main(argv) == 0
    for seed in (8, 9):
        assert (out / f"prohis-3p-seed{seed}.json").read_text() == "a stranger's file"
        assert Record.load(out / f"prohis-3p-seed{seed}-2.json").replay().ended
    err = capsys.readouterr().err
    assert "2 file(s) could not be written where asked" in err and "seed8-2.json" in err


# ---------------------------------------------------------------- tournament --out


def test_tournament_out_that_cannot_be_made_is_refused_before_any_game(
    tmp_path, monkeypatch, capsys
):
    (tmp_path / "afile").write_text("x")

    def no_game(*args, **kwargs):
        raise Started

    monkeypatch.setattr(tournament_module, "run_tournament", no_game)
    monkeypatch.setattr(tournament_module, "play_chunk", no_game)
    assert main([*TOURNAMENT, "--games", "4", "--out", str(tmp_path / "afile" / "run")]) == 1
    err = capsys.readouterr().err
    assert "cannot make the folder" in err and "afile" in err


def chunk_hook(monkeypatch, after_first_chunk):
    """Run ``after_first_chunk()`` once the first chunk of games is played."""
    play_chunk = tournament_module.play_chunk
    calls = []

    def hooked(plan, start, stop, *extra):
        output = play_chunk(plan, start, stop, *extra)
        calls.append(start)
        if len(calls) == 1:
            after_first_chunk()
        return output

    monkeypatch.setattr(tournament_module, "play_chunk", hooked)
    return calls


def check_run(folder: Path, games: int) -> None:
    """Every record replays to the scores summary.json gives it."""
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["games_played"] == games and len(summary["games"]) == games
    assert [g["index"] for g in summary["games"]] == list(range(games))
    for game in summary["games"]:
        record = Record.load(folder / f"game-{game['index']:05d}.json")
        assert record.replay().scores() == game["scores"]


def test_tournament_out_streams_records_and_writes_the_same_summary(tmp_path, capsys):
    out = tmp_path / "run"
    assert main([*TOURNAMENT, "--games", "50", "--out", str(out)]) == 0
    check_run(out, 50)
    in_memory = tournament_module.run_tournament(
        ["random", "honest"], players=3, games=50, seed=3, workers=1, progress=False
    )
    summary = json.loads((out / "summary.json").read_text())
    expected = json.loads(json.dumps(in_memory.to_json()))
    for key in ("by_bot", "by_seat", "games", "rules", "bots", "seed"):
        assert summary[key] == expected[key], key
    assert "summary and 50 records written" in capsys.readouterr().out


def test_tournament_out_saves_a_record_whose_name_was_taken_meanwhile_under_a_free_name(
    tmp_path, monkeypatch, capsys
):
    out = tmp_path / "run"
    taken = out / "game-00030.json"
    chunk_hook(monkeypatch, lambda: taken.write_text("a stranger's"))
    assert main([*TOURNAMENT, "--games", "40", "--out", str(out)]) == 0
    assert taken.read_text() == "a stranger's"
    moved = out / "game-00030-2.json"
    summary = json.loads((out / "summary.json").read_text())
    assert Record.load(moved).replay().scores() == summary["games"][30]["scores"]
    err = capsys.readouterr().err
    assert "1 file(s) could not be written where asked" in err and "game-00030-2.json" in err


def test_tournament_out_whose_folder_goes_during_the_run_makes_it_again(tmp_path, monkeypatch):
    out = tmp_path / "run"
    chunk_hook(monkeypatch, lambda: shutil.rmtree(out))
    assert main([*TOURNAMENT, "--games", "40", "--out", str(out)]) == 0
    summary = json.loads((out / "summary.json").read_text())
    later = [g for g in summary["games"] if g["index"] >= 20]  # the chunks after the first
    for game in later:
        assert Record.load(out / f"game-{game['index']:05d}.json").replay().ended


def test_tournament_out_whose_folder_becomes_a_file_saves_into_a_new_folder(
    tmp_path, monkeypatch, capsys
):
    out = tmp_path / "run"
    monkeypatch.chdir(tmp_path)

    def replace_by_a_file() -> None:
        shutil.rmtree(out)
        out.write_text("a file now")

    chunk_hook(monkeypatch, replace_by_a_file)
    assert main([*TOURNAMENT, "--games", "40", "--out", str(out)]) == 0
    assert out.read_text() == "a file now"
    (rescue,) = tmp_path.glob("prohis-nb-saved-*")
    summary = json.loads((rescue / "summary.json").read_text())
    assert len(summary["games"]) == 40
    for game in summary["games"][20:]:
        assert Record.load(rescue / f"game-{game['index']:05d}.json").replay().ended
    assert str(rescue) in capsys.readouterr().err


def test_a_streamed_tournament_holds_a_few_chunks_whatever_its_length(tmp_path, monkeypatch):
    from prohis_nb.core.caches import clear_engine_caches

    # What the tournament holds after each chunk: the engine's memo tables (bounded,
    # but filling over hundreds of games) are emptied first, as a sink's workers do.
    play_chunk = tournament_module.play_chunk
    held: list[int] = []

    def chunk_then_measure(*args):
        output = play_chunk(*args)
        clear_engine_caches()
        held.append(tracemalloc.get_traced_memory()[0])
        return output

    monkeypatch.setattr(tournament_module, "play_chunk", chunk_then_measure)
    tracemalloc.start()
    try:
        tournament_module.run_tournament(
            ["random"], players=3, games=400, workers=1, progress=False, out=tmp_path / "run"
        )
    finally:
        tracemalloc.stop()
    assert len(held) == 20  # chunks of 20 games
    # What keeping records costs: 100 games' worth, held.
    plan = tournament_module.make_plan(["random"], players=3)
    tracemalloc.start()
    try:
        clear_engine_caches()
        before = tracemalloc.get_traced_memory()[0]
        kept = [plan.play(index) for index in range(100)]
        clear_engine_caches()
        hundred = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(kept) == 100
    # 400 games played; what the stream holds grows by less than 100 games' records.
    assert max(held) - held[0] < hundred, ([f"{h:,}" for h in held], f"{hundred:,}")
    check_run(tmp_path / "run", 400)


# ---------------------------------------------------------------- the saver itself


def test_free_names_and_the_saver_report(tmp_path):
    (tmp_path / "a.json").write_text("1")
    (tmp_path / "a-2.json").write_text("2")
    assert free_name(tmp_path / "a.json") == tmp_path / "a-3.json"
    assert free_name(tmp_path / "b.json") == tmp_path / "b.json"
    saver = ResultSaver()
    assert saver.save(tmp_path / "a.json", "new") == tmp_path / "a-3.json"
    assert (tmp_path / "a.json").read_text() == "1"
    assert "a.json" in saver.report() and "a-3.json" in saver.report()
    with pytest.raises(SaveError, match="notebook"):
        saver.save(tmp_path / "lesson.ipynb", "x")  # a notebook name is never written
    assert ResultSaver().report() is None
