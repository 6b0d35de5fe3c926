"""Small things a teacher meets (attack-24 F16): the lessons' folder, the CLI, one wording."""

from __future__ import annotations

import subprocess
import sys

import pytest

import prohis_nb
from prohis_nb.cli import format_view, main
from prohis_nb.errors import SaveError
from prohis_nb.lessons import copy_lessons, lesson_files


@pytest.mark.parametrize("dest", ["", "   "])
def test_an_empty_folder_name_copies_nothing_into_the_current_folder(
    dest, tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    assert main(["lessons", dest]) == 1  # prohis-nb lessons "$DEST" with DEST unset
    assert list(tmp_path.iterdir()) == []
    err = capsys.readouterr().err
    assert "empty" in err and "prohis-nb lessons my-lessons" in err
    with pytest.raises(SaveError, match="empty"):
        copy_lessons(dest)


def test_a_tilde_is_the_home_folder(tmp_path, monkeypatch):
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(work)
    report = copy_lessons("~/les")
    assert report.dest == home / "les"
    assert sorted(report.copied) == sorted(lesson_files())
    assert list(work.iterdir()) == []  # no folder literally named "~"


def test_the_bare_install_is_told_where_jupyterlab_comes_from(tmp_path):
    script = (
        "import sys\nsys.modules['jupyterlab'] = None\nfrom prohis_nb.cli import main\n"
        f"sys.exit(main(['lessons', {str(tmp_path / 'les')!r}]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert "'lab' extra" in last and 'pip install "prohis-nb[lab]"' in last


def test_with_jupyterlab_no_hint(tmp_path, capsys):
    pytest.importorskip("jupyterlab")
    assert main(["lessons", str(tmp_path / "les")]) == 0
    assert "'lab' extra" not in capsys.readouterr().out


@pytest.mark.parametrize(("name", "seat"), [("convoy", 1), ("customs", 0)])
def test_the_terminal_view_leaves_out_a_hand_the_seat_does_not_have(name, seat):
    game = prohis_nb.new_game(name, seed=1)
    assert game.view(seat).to_json().get("hand") is None  # this seat holds no hand
    text = format_view(game.view(seat))
    assert "None" not in text and "hand:" not in text
    holder = 1 - seat
    assert "hand:" in format_view(game.view(holder))


def test_the_tournament_words_an_unknown_game_as_every_entry_point_does(capsys):
    assert main(["tournament", "--game", "chess", "--games", "1"]) == 1
    err = capsys.readouterr().err.strip()
    with pytest.raises(prohis_nb.UnknownGameError) as caught:
        prohis_nb.new_game("chess")
    assert err == f"prohis-nb tournament: {caught.value}"


@pytest.mark.parametrize("thing", [42, "prohis", None])
def test_a_table_of_something_else_says_what_it_shows(thing):
    from prohis_nb.widgets import Table

    with pytest.raises(TypeError, match="a Table shows a game of the family"):
        Table(thing)


@pytest.mark.parametrize("name", ["chess", 42, None])
def test_the_renderer_of_an_unknown_game_is_the_unknown_game_error(name):
    from prohis_nb.widgets import renderer_for

    with pytest.raises(prohis_nb.UnknownGameError) as caught:
        renderer_for(name)
    with pytest.raises(prohis_nb.UnknownGameError) as again:
        prohis_nb.new_game(name)
    assert str(caught.value) == str(again.value)
