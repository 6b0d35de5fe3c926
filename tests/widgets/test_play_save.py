"""Never lose a user's file (issue 11): Play's "Save record" and "Download".

Saving never writes over a notebook, never over an existing file without the
user's confirmation ("Replace it"), writes atomically (no half file, no
temporary file left), quotes a path with spaces in the suggested command, and
offers the record as a browser download whose link carries the record itself.
A record holds every hand, so while the game runs the buttons give it only in
a teacher's widget (``teacher=True``, made in code), after the teacher's
question (answered here with "Yes"), and the code API gives it with
``confirmed=True``; a learner's widget gives nothing (test_secrets_mid_game.py,
tests/properties/test_no_button_peeks.py).
"""

from __future__ import annotations

import base64
import json
import re
import shlex
from html import unescape
from pathlib import Path

import pytest

from prohis_nb import Record
from prohis_nb.core import files
from prohis_nb.errors import SaveError
from prohis_nb.widgets import HotSeat, Play


def play_some(play: Play, moves: int = 3) -> None:
    for _ in range(moves):
        if play.game.ended:
            return
        play.act(play.game.legal_actions()[0])


def test_a_notebook_is_never_written_over(tmp_path):
    lesson = tmp_path / "02_who_knows_what.ipynb"
    lesson.write_text('{"cells": []}')
    play = Play(seat=0, seed=2, delay=0, teacher=True)
    play.save_name.value = str(lesson)
    play.save_button.click()
    play.teacher_confirm.click()
    assert lesson.read_text() == '{"cells": []}'
    assert "notebook" in play.message.value
    assert play.replace_button.layout.display == "none"  # no way to confirm this one
    assert not play.save(lesson, overwrite=True, confirmed=True)  # not even when asked
    assert lesson.read_text() == '{"cells": []}'
    assert not play.save(tmp_path / "new.IPYNB", confirmed=True)
    assert not (tmp_path / "new.IPYNB").exists()


def test_an_existing_file_is_replaced_only_after_confirmation(tmp_path):
    target = tmp_path / "mine.json"
    target.write_text("my notes")
    play = Play(seat=0, seed=2, delay=0, teacher=True)
    play_some(play)
    play.save_name.value = str(target)
    play.save_button.click()
    play.teacher_confirm.click()
    assert target.read_text() == "my notes"
    assert "already exists" in play.message.value
    assert play.replace_button.layout.display == ""
    play.replace_button.click()
    assert Record.load(target).actions == play.game.record().actions
    assert play.replace_button.layout.display == "none"
    assert "Saved" in play.message.value


def test_changing_the_name_withdraws_the_confirmation(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text("a")
    second.write_text("b")
    play = Play(seat=0, seed=2, delay=0, teacher=True)
    play.save_name.value = str(first)
    play.save_button.click()
    play.teacher_confirm.click()
    assert play.replace_button.layout.display == ""
    play.save_name.value = str(second)
    assert play.replace_button.layout.display == "none"
    play.replace_button.click()  # hidden, but even a stray click writes nothing
    assert first.read_text() == "a" and second.read_text() == "b"


def test_a_move_withdraws_the_confirmation(tmp_path):
    target = tmp_path / "a.json"
    target.write_text("a")
    play = Play(seat=0, seed=2, delay=0)
    play.save(target, confirmed=True)
    assert play.replace_button.layout.display == ""
    play_some(play, 1)
    assert play.replace_button.layout.display == "none"


def test_saving_is_atomic_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    target.write_text("old")
    play = Play(seat=0, seed=2, delay=0)

    def failing_replace(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", failing_replace)
    assert not play.save(target, overwrite=True, confirmed=True)
    assert "No space left" in play.message.value
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    monkeypatch.undo()
    assert play.save(target, overwrite=True, confirmed=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert json.loads(target.read_text())["format"] == "prohis-record/1"


def test_the_suggested_command_quotes_a_path_with_spaces(tmp_path):
    folder = tmp_path / "my games"
    folder.mkdir()
    target = folder / "it's mine.json"
    play = Play(seat=0, seed=2, delay=0)
    assert play.save(target, confirmed=True)
    text = unescape(play.message.value)
    command = re.search(r"(prohis-nb replay .*) in a terminal", text).group(1)
    assert "`" not in text  # words, not Markdown: the message is HTML
    assert shlex.split(command) == ["prohis-nb", "replay", str(target)]


def test_the_download_link_carries_the_record(tmp_path):
    play = Play(seat=0, seed=2, delay=0, teacher=True)
    play_some(play)
    play.save_name.value = "lesson game.json"
    play.download_button.click()
    assert play.download.value == ""  # the teacher's question first (teacher=True)
    play.teacher_confirm.click()
    html = play.download.value
    href = re.search(r"href='data:application/json;base64,([A-Za-z0-9+/=]+)'", html).group(1)
    record = Record.loads(base64.b64decode(href).decode("utf-8"))
    assert record.actions == play.game.record().actions
    assert re.search(r"download='lesson game\.json'", html)
    assert not (Path.cwd() / "lesson game.json").exists()  # the download writes no file


def test_the_download_link_is_never_named_as_a_notebook_and_escapes_the_name():
    play = Play(seat=0, seed=2, delay=0)
    play.save_name.value = "02_who_knows_what.ipynb"
    assert "download='my-game.json'" in play.offer_download(confirmed=True)
    play.save_name.value = "x'><script>alert(1)</script>.json"
    html = play.offer_download(confirmed=True)
    assert "<script>" not in html


def test_saving_also_offers_the_download(tmp_path):
    play = Play(seat=0, seed=2, delay=0)
    assert play.save(tmp_path / "g.json", confirmed=True)
    assert "data:application/json;base64," in play.download.value


def test_a_move_clears_the_download_link():
    play = Play(seat=0, seed=2, delay=0)
    assert play.offer_download(confirmed=True)
    play_some(play, 1)
    assert play.download.value == ""


def test_hot_seat_saves_the_same_way_and_never_leaves_the_record_in_the_page(tmp_path):
    target = tmp_path / "kept.json"
    target.write_text("kept")
    hot = HotSeat(players=3, seed=2, delay=0)
    hot.reveal()
    assert not hot.save(target, confirmed=True)
    assert target.read_text() == "kept"
    assert hot.offer_download(confirmed=True)
    assert hot.shown is None  # the teacher's record: the seat at the screen is covered first
    hot.reveal()
    assert hot.download.value == ""  # the record holds every hand: gone once a seat is back


def test_the_library_save_refuses_a_notebook_and_writes_atomically(tmp_path):
    record = Play(seat=0, seed=2, delay=0).game.record()
    with pytest.raises(SaveError, match="notebook"):
        record.save(tmp_path / "lesson.ipynb")
    target = tmp_path / "r.json"
    target.write_text("old")
    with pytest.raises(SaveError, match="already exists"):
        record.save(target, overwrite=False)
    assert target.read_text() == "old"
    record.save(target)  # the library call replaces by default, like open(path, "w")
    assert Record.load(target) == record
