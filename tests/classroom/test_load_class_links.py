"""load_class never leaves the class folder, and never drops a folder silently (attack-22 F2, F3).

A class folder is often what the teacher unzipped from the students'
uploads, and ``unzip`` restores symbolic links: a link to ``/usr`` made the
kernel walk the whole file system, one to ``/proc/kmsg`` blocked it forever
(as root). Links that lead out of the folder are skipped with a reason and
never opened; links inside it are read as before; a folder too deep to open
is listed as skipped with its reason; and the listing is bounded.
"""

from __future__ import annotations

import os
import threading

import pytest

import prohis_nb.classroom.loading as loading
from prohis_nb.classroom import load_class
from prohis_nb.widgets.lesson import stacked_game

HAND = ["illegal", "legal", "captain", "inspector"]


def record_text() -> str:
    game = stacked_game([HAND] * 3)
    for action in (
        {"act": "convoy", "cards": ["illegal", "legal"]},
        {"act": "control", "card": "captain"},
        {"act": "decline"},
        {"act": "no_bribe"},
        {"act": "waive"},
    ):
        game.apply(action)
    return game.record().dumps()


RECORD = record_text()


def load_within(source, seconds: float = 60):
    """load_class in a thread: a read that blocks fails the test instead of hanging it."""
    done: dict = {}
    worker = threading.Thread(target=lambda: done.update(result=load_class(source)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "load_class blocked"
    return done["result"]


def test_links_out_of_the_folder_are_skipped_never_followed(tmp_path):
    outside = tmp_path / "elsewhere"
    (outside / "deep").mkdir(parents=True)
    (outside / "stolen.json").write_text(RECORD)  # a record: counted if the link were read
    (outside / "deep" / "more.json").write_text(RECORD)
    folder = tmp_path / "class"
    (folder / "sub").mkdir(parents=True)
    (folder / "game.json").write_text(RECORD)
    (folder / "sub" / "inner.json").write_text(RECORD)
    (folder / "usr_link").symlink_to(outside)  # like a link to /usr
    (folder / "kmsg.json").symlink_to(outside / "stolen.json")  # like /proc/kmsg
    (folder / "sideways.json").symlink_to(folder / "sub" / "inner.json")  # inside: read
    (folder / "inside_dir").symlink_to(folder / "sub")  # inside: walked
    result = load_within(folder)
    reasons = {s.name: s.reason for s in result.skipped}
    # The links inside were read: the same record three times is counted once.
    assert sorted(g.name for g in result.games) == ["game.json"]
    # (sub/ and inside_dir/ are one folder, walked once under one of the two names)
    read_inside = set(reasons) - {"usr_link", "kmsg.json"}
    assert "sideways.json" in read_inside and len(read_inside) == 2
    assert read_inside - {"sideways.json"} <= {"sub/inner.json", "inside_dir/inner.json"}
    assert all("same game" in reasons[name] for name in read_inside), reasons
    outside_links = set(reasons) - read_inside
    assert outside_links == {"usr_link", "kmsg.json"}
    for name in outside_links:
        assert "a link out of the class folder" in reasons[name]
        assert "not followed" in reasons[name] and str(outside) in reasons[name]


@pytest.mark.skipif(not os.path.exists("/proc/kmsg"), reason="needs /proc/kmsg")
def test_a_link_to_proc_kmsg_does_not_block(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "game.json").write_text(RECORD)
    (folder / "kmsg.json").symlink_to("/proc/kmsg")
    (folder / "usr").symlink_to("/usr")
    result = load_within(folder, 30)
    assert [g.name for g in result.games] == ["game.json"]
    assert sorted(s.name for s in result.skipped) == ["kmsg.json", "usr"]


def test_the_listing_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(loading, "MAX_CLASS_FILES", 5)
    folder = tmp_path / "class"
    folder.mkdir()
    for index in range(3):
        (folder / f"s{index}").mkdir()
        for inner in range(4):
            (folder / f"s{index}" / f"g{inner}.json").write_text("{")
    result = load_within(folder)
    assert len(result.skipped) <= 5 + 4 + 1  # the cut falls after a folder's entries
    cut = [s for s in result.skipped if "more than 5 files" in s.reason]
    assert len(cut) == 1 and "the rest were not read" in cut[0].reason


def test_a_folder_too_deep_to_open_is_listed_with_its_reason(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "top.json").write_text(RECORD)
    levels = 1500  # "aaa/" * 1500: past PATH_MAX (4096), made level by level with dir_fd
    fd = os.open(folder, os.O_RDONLY)
    fds = [fd]
    try:
        for _ in range(levels):
            os.mkdir("aaa", dir_fd=fds[-1])
            fds.append(os.open("aaa", os.O_RDONLY, dir_fd=fds[-1]))
        with open(os.open("x.json", os.O_WRONLY | os.O_CREAT, dir_fd=fds[-1]), "w") as out:
            out.write(RECORD)
        result = load_within(folder)
        assert [g.name for g in result.games] == ["top.json"]
        assert len(result.skipped) == 1
        skipped = result.skipped[0]
        assert skipped.name.startswith("aaa/aaa/") and "cannot be opened" in skipped.reason
        assert "too long" in skipped.reason
    finally:  # removed bottom up (shutil.rmtree would fail on this tree later)
        os.unlink("x.json", dir_fd=fds[-1])
        for parent in reversed(fds[:-1]):
            os.rmdir("aaa", dir_fd=parent)
        for each in fds:
            os.close(each)
