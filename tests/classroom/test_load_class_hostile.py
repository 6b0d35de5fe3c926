"""load_class and the class table under hostile input (issue 22, section 4).

Deep folders, odd file names, pipes and dangling links, uploads whose content
is not bytes, records with a byte-order mark, and memory: a class is read one
file at a time. The CSV is written as every file of the package is: never over
a notebook, never over a file unasked.
"""

from __future__ import annotations

import os
import threading
import tracemalloc

import pytest

from prohis_nb import Record
from prohis_nb.classroom import load_class
from prohis_nb.errors import SaveError
from prohis_nb.widgets.lesson import stacked_game

HAND = ["illegal", "legal", "captain", "inspector"]


def a_game(waive: bool = True):
    game = stacked_game([HAND] * 3)
    for action in (
        {"act": "convoy", "cards": ["illegal", "legal"]},
        {"act": "control", "card": "captain"},
        {"act": "decline"},
        {"act": "no_bribe"},
        {"act": "waive" if waive else "inspect"},
    ):
        game.apply(action)
    return game


RECORD = a_game().record().dumps()


@pytest.fixture(scope="module")
def results():
    return load_class([("a.json", RECORD.encode()), ("b.json", b"{")])


# ---------------------------------------------------------------- the CSV


def test_to_csv_never_writes_over_a_notebook(results, tmp_path):
    lesson = tmp_path / "lesson.ipynb"
    lesson.write_text('{"cells": []}')
    for overwrite in (False, True):
        with pytest.raises(SaveError, match="notebook"):
            results.to_csv(lesson, overwrite=overwrite)
        with pytest.raises(SaveError, match="notebook"):
            results.table().to_csv(str(lesson), overwrite=overwrite)
    assert lesson.read_text() == '{"cells": []}'


def test_to_csv_never_replaces_a_file_unless_asked(results, tmp_path):
    target = tmp_path / "class.csv"
    target.write_text("my own notes")
    with pytest.raises(SaveError, match="already exists"):
        results.to_csv(target)
    assert target.read_text() == "my own notes"
    text = results.to_csv(target, overwrite=True)
    assert target.read_bytes() == text.encode("utf-8")  # the csv module's \r\n kept as they are
    assert "\r\n" in text
    fresh = tmp_path / "new.csv"
    assert results.to_csv(fresh) == fresh.read_bytes().decode("utf-8")


@pytest.mark.parametrize("name", ["a\0b.csv", "folder\0/x.json"])
def test_a_nul_in_a_save_name_is_a_clear_save_error(results, tmp_path, name):
    with pytest.raises(SaveError, match="NUL") as caught:
        results.to_csv(str(tmp_path / name))
    assert "ordinary characters" in str(caught.value)
    with pytest.raises(SaveError, match="NUL"):
        a_game().record().save(str(tmp_path / name))
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- odd folders and files


def test_a_folder_nested_1100_deep_is_read_without_recursion(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    deep = str(folder)
    for _ in range(1100):  # level by level (Path.mkdir(parents=True) recurses itself)
        deep = os.path.join(deep, "d")
        os.mkdir(deep)
    try:
        with open(os.path.join(deep, "game.json"), "w") as out:
            out.write(RECORD)
        (folder / "top.json").write_text("{")
        result = load_class(folder)
        assert [g.name for g in result.games] == ["d/" * 1100 + "game.json"]
        assert [s.name for s in result.skipped] == ["top.json"]
    finally:
        # Removed here, bottom up: shutil.rmtree (pytest's clean-up of old tmp_path
        # folders) recurses too, and would fail on this tree in every later session.
        for name in os.listdir(deep):
            os.unlink(os.path.join(deep, name))
        for _ in range(1100):
            os.rmdir(deep)
            deep = os.path.dirname(deep)


def test_file_names_that_are_not_utf8_still_show_and_encode(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    with open(os.path.join(os.fsencode(folder), b"caf\xe9.json"), "wb") as out:
        out.write(RECORD.encode())
    with open(os.path.join(os.fsencode(folder), b"bad\xff.json"), "wb") as out:
        out.write(b"{")
    result = load_class(folder)
    assert [g.name for g in result.games] == ["caf\\xe9.json"]
    assert [s.name for s in result.skipped] == ["bad\\xff.json"]
    page = result._repr_html_()
    assert "bad\\xff.json" in page.encode("utf-8").decode("utf-8")
    repr(result).encode("utf-8")
    result.table()._repr_html_().encode("utf-8")
    result.to_csv().encode("utf-8")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_dangling_links_and_pipes_are_skipped_with_a_reason_never_opened(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "game.json").write_text(RECORD)
    (folder / "gone.json").symlink_to(folder / "deleted.json")
    os.mkfifo(folder / "pipe.json")
    (folder / "loop").symlink_to(folder)  # a link back up: walked once
    done: dict = {}

    def read() -> None:  # a pipe opened for reading would block here forever
        done["folder"] = load_class(folder)
        done["pipe"] = load_class(folder / "pipe.json")
        done["link"] = load_class([folder / "gone.json"])

    worker = threading.Thread(target=read, daemon=True)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "load_class opened the named pipe and waited on it"
    reasons = {s.name: s.reason for s in done["folder"].skipped}
    assert [g.name for g in done["folder"].games] == ["game.json"]
    assert set(reasons) == {"gone.json", "pipe.json"}
    assert "link to nothing" in reasons["gone.json"] and "deleted.json" in reasons["gone.json"]
    assert "named pipe" in reasons["pipe.json"]
    assert "named pipe" in done["pipe"].skipped[0].reason
    assert "link to nothing" in done["link"].skipped[0].reason


@pytest.mark.parametrize("content", [10**12, 2**40, -5, 3.5, None, "text", ["a"]])
def test_upload_content_that_is_not_bytes_is_skipped_not_expanded(content):
    uploads = (
        {"name": "big.json", "content": content},
        {"name": "good.json", "content": memoryview(RECORD.encode())},
    )
    for source in (uploads, [("big.json", content), ("good.json", RECORD.encode())]):
        result = load_class(source)
        assert [g.name for g in result.games] == ["good.json"]
        (skipped,) = result.skipped
        assert skipped.name == "big.json" and "not bytes" in skipped.reason


def test_a_record_with_a_utf8_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + RECORD.encode())
    assert Record.load(path).to_json() == Record.loads(RECORD).to_json()
    assert Record.loads("\ufeff" + RECORD).to_json() == Record.loads(RECORD).to_json()
    from prohis_nb.core.record import load_record

    assert load_record("\ufeff" + RECORD).to_json() == Record.loads(RECORD).to_json()
    result = load_class(tmp_path)
    assert [g.name for g in result.games] == ["notepad.json"] and not result.skipped
    # Only one mark, only at the start: anything else is still not JSON.
    path.write_bytes(b"\xef\xbb\xbf\xef\xbb\xbf" + RECORD.encode())
    assert load_class(tmp_path).skipped[0].reason.startswith("not JSON")


# ---------------------------------------------------------------- memory


def test_a_class_is_read_one_file_at_a_time(tmp_path):
    # 30 files of 1 MB (a record padded with spaces: still one valid record each).
    size = 1_000_000
    folder = tmp_path / "class"
    folder.mkdir()
    for i in range(30):
        padded = RECORD.rstrip() + " " * (size - len(RECORD))
        (folder / f"game{i:02d}.json").write_text(padded)
    tracemalloc.start()
    try:
        result = load_class(folder)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(result.games) == 1 and len(result.skipped) == 29  # the same game, counted once
    # Holding every file at once takes 30 MB and more; one at a time, a few files' worth.
    assert peak < 8 * size, f"peak {peak:,} bytes while reading 30 files of {size:,}"
