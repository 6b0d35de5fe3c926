"""The command line as a teacher first meets it: --version, usage, progress bars, lessons.

The progress bars are checked as a person sees them: the command runs with
its standard error on a real pseudo-terminal (``pty``), and again on a pipe,
and what each received is compared. The lessons are checked against the
repository's ``notebooks/`` folder, read here with ``pathlib`` (not with the
package's own list of files), byte for byte.
"""

from __future__ import annotations

import errno
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
from importlib.metadata import version
from pathlib import Path

import pytest

from prohis_nb.cli import main
from prohis_nb.lessons import copy_lessons, lessons_folder

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
COMMAND = [sys.executable, "-m", "prohis_nb"]


def repository_lessons() -> dict[str, bytes]:
    """Every file of notebooks/ (hidden ones and caches aside), by relative path."""
    files = {}
    for path in NOTEBOOKS.rglob("*"):
        relative = path.relative_to(NOTEBOOKS)
        if path.is_file() and not any(
            part.startswith(".") or part == "__pycache__" for part in relative.parts
        ):
            files[relative.as_posix()] = path.read_bytes()
    return files


def folder_files(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file() and not path.is_symlink()
    }


# ---------------------------------------------------------------- --version and usage


def test_version_is_the_installed_distributions(capsys):
    assert main(["--version"]) == 0
    out, err = capsys.readouterr()
    assert out == f"prohis-nb {version('prohis_nb')}\n" and err == ""


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        ([], "choose a command: replay, simulate, play, tournament, lessons"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["simulate", "--games", "lots"], "'lots' is not a whole number"),
        (["lessons"], "the following arguments are required: DEST"),
    ],
)
def test_usage_errors_print_the_usage_on_stderr_and_exit_2(capsys, argv, says):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: prohis-nb"), err
    assert says in err


def test_the_real_command_without_arguments_says_its_usage_on_stderr():
    done = subprocess.run(COMMAND, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("usage: prohis-nb") and "Traceback" not in done.stderr


def test_help_goes_to_stdout_and_lists_every_command(capsys):
    assert main(["--help"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    for command in ("replay", "simulate", "play", "tournament", "lessons", "--version"):
        assert command in out


# ---------------------------------------------------------------- progress bars


def run_with_stderr_on_a_terminal(argv: list[str]) -> tuple[int, str, str]:
    """Run the command with stderr on a pseudo-terminal; (status, stdout, what the TTY got)."""
    leader, follower = pty.openpty()
    # a terminal 100 columns wide, as a person's (a new pty has 0, where tqdm draws nothing)
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    try:
        process = subprocess.Popen(
            [*COMMAND, *argv], stdout=subprocess.PIPE, stderr=follower, stdin=subprocess.DEVNULL
        )
    finally:
        os.close(follower)
    screen = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 120)
        if not ready:
            process.kill()
            raise AssertionError("the command printed nothing for 120 s")
        try:
            chunk = os.read(leader, 65536)
        except OSError as error:  # EIO: the command closed its end
            if error.errno != errno.EIO:
                raise
            break
        if not chunk:
            break
        screen += chunk
    os.close(leader)
    assert process.stdout is not None
    out = process.stdout.read().decode()
    return process.wait(timeout=60), out, screen.decode(errors="replace")


def run_with_pipes(argv: list[str]) -> tuple[int, str, str]:
    done = subprocess.run([*COMMAND, *argv], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


def without_timing(out: str) -> list[str]:
    return [line for line in out.splitlines() if not line.startswith("time:")]


SIMULATE = ["simulate", "--players", "3", "--games", "40", "--seed", "5"]
TOURNAMENT = ["tournament", "--players", "3", "--games", "6", "--workers", "1", "--bots", "random"]


@pytest.mark.parametrize(
    ("argv", "bar"), [(SIMULATE, "prohis games:"), (TOURNAMENT, "prohis tournament:")]
)
def test_the_bar_is_drawn_on_stderr_when_it_is_a_terminal(argv, bar):
    status, out, screen = run_with_stderr_on_a_terminal(argv)
    assert status == 0
    assert bar in screen and "%|" in screen  # tqdm's bar: "prohis games:  50%|█████ | 20/40"
    assert bar not in out and "%|" not in out  # the summary on stdout stays clean
    _, piped_out, piped_err = run_with_pipes(argv)
    assert piped_err == ""  # not a terminal: no bar
    assert without_timing(out) == without_timing(piped_out)  # and the same summary


@pytest.mark.parametrize(
    ("argv", "bar"), [(SIMULATE, "prohis games:"), (TOURNAMENT, "prohis tournament:")]
)
def test_the_switch_forces_the_bar_on_or_off(argv, bar):
    status, out, err = run_with_pipes([*argv, "--progress"])
    assert status == 0 and bar in err and "%|" in err and bar not in out
    status, out, screen = run_with_stderr_on_a_terminal([*argv, "--no-progress"])
    assert status == 0 and screen == ""


# ---------------------------------------------------------------- lessons


def test_in_a_clone_the_lessons_are_read_where_they_are():
    assert lessons_folder() == NOTEBOOKS


def test_lessons_are_copied_into_a_new_folder_byte_for_byte(tmp_path, capsys):
    dest = tmp_path / "my lessons" / "term 1"
    assert main(["lessons", str(dest)]) == 0
    out, err = capsys.readouterr()
    expected = repository_lessons()
    assert folder_files(dest) == expected
    lessons = sum(name.endswith(".ipynb") for name in expected)
    assert lessons >= 7 and "README.md" in expected
    assert any(name.startswith("class_records/") for name in expected)  # the example class
    assert f"Copied {len(expected)} files" in out and f"{lessons} lessons" in out
    assert f"jupyter lab '{dest}'" in out  # quoted: the path has spaces
    assert err == ""


def test_nothing_of_yours_is_overwritten(tmp_path, capsys):
    dest = tmp_path / "lessons"
    expected = repository_lessons()
    lesson = next(name for name in sorted(expected) if name.endswith(".ipynb"))
    mine = {lesson: b"my students' answers", "README.md": b"my notes"}
    for name, data in mine.items():
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        (dest / name).write_bytes(data)
    (dest / "class_records").write_bytes(b"a file where the example class would go")
    elsewhere = tmp_path / "elsewhere.ipynb"
    linked = next(name for name in sorted(expected) if name.endswith(".ipynb") and name != lesson)
    (dest / linked).symlink_to(elsewhere)  # a dangling link: never written through

    assert main(["lessons", str(dest)]) == 0
    out, err = capsys.readouterr()
    for name, data in mine.items():
        assert (dest / name).read_bytes() == data
    assert (dest / "class_records").read_bytes() == b"a file where the example class would go"
    assert not elsewhere.exists()
    under_the_file = [name for name in expected if name.startswith("class_records/")]
    kept = set(mine) | {linked} | set(under_the_file)
    copied = folder_files(dest)
    for name in set(expected) - kept:
        assert copied[name] == expected[name]
    assert f"Copied {len(expected) - len(kept)} of {len(expected)} files" in out
    for name in kept:
        assert f"kept {name} (" in out
    assert "class_records is a file of yours" in out
    assert err == ""

    # once more: everything is there now, nothing is copied or changed
    before = folder_files(dest)
    assert main(["lessons", str(dest)]) == 0
    assert f"Copied 0 of {len(expected)} files" in capsys.readouterr().out
    assert folder_files(dest) == before


def test_a_file_as_the_destination_is_refused(tmp_path, capsys):
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    assert main(["lessons", str(target)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("prohis-nb: ") and "is a file, not a folder" in err
    assert target.read_text() == "mine"
    assert main(["lessons", str(target / "inside")]) == 1  # under a file: cannot be made
    assert "cannot write the lessons into" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_a_folder_that_cannot_be_made_is_refused(capsys):
    # /proc refuses new folders even to root (CI runs as root, where chmod stops nothing)
    assert main(["lessons", "/proc/prohis-nb-lessons"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("prohis-nb: cannot write the lessons into")
    assert "Traceback" not in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder anyway")
def test_a_read_only_folder_is_refused_before_copying(tmp_path, capsys):
    dest = tmp_path / "read-only"
    dest.mkdir()
    dest.chmod(0o500)
    try:
        assert main(["lessons", str(dest)]) == 1
        assert "cannot write the lessons into" in capsys.readouterr().err
        assert list(dest.iterdir()) == []
    finally:
        dest.chmod(0o700)


def test_a_write_failing_halfway_leaves_no_half_file(tmp_path, monkeypatch):
    from prohis_nb import lessons
    from prohis_nb.errors import SaveError

    real_fdopen = os.fdopen
    writes = []

    class FullDisk:
        def __init__(self, handle: int) -> None:
            self.file = real_fdopen(handle, "wb")

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

        def write(self, data: bytes) -> int:
            writes.append(data)
            if len(writes) == 3:
                self.file.write(data[:10])
                self.file.flush()
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return self.file.write(data)

    monkeypatch.setattr(lessons.os, "fdopen", lambda handle, mode: FullDisk(handle))
    with pytest.raises(SaveError, match=r"No space left on device \(2 of \d+ lesson files"):
        copy_lessons(tmp_path / "out")
    names = sorted(repository_lessons())
    assert sorted(folder_files(tmp_path / "out")) == names[:2]  # the third is not left half
