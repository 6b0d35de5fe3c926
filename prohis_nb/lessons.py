"""The lessons that ship with the package, and copying them out for a class.

::

    prohis-nb lessons my-lessons          # in a terminal, then: jupyter lab my-lessons

    from prohis_nb.lessons import copy_lessons
    report = copy_lessons("my-lessons")   # the same from Python
    report.copied, report.kept

What is copied is the repository's ``notebooks/`` folder: the lessons
(``*.ipynb``), the teacher's guide (``README.md``) and the example class
(``class_records/``, the saved games lesson 9 reads). The wheel carries it
as ``prohis_nb/notebooks/``; in a clone (or an editable install) it is read
where it is.

Nothing of yours is overwritten. A file already at a lesson's place in the
destination is left as it is, and so is everything under a file of yours
that stands where a lesson's folder would go: the report lists each lesson
file that was not copied and why. Each file is created with exclusive
creation (``open(path, "x")``), so even a file that appears while the copy
runs is never replaced. Pure standard library.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from prohis_nb.errors import ProhisNbError, SaveError, excerpt

_PACKAGE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_lessons` did.

    ``copied``: the files written, as paths relative to ``dest`` (with ``/``);
    ``kept``: the lesson files not copied, each with the reason (something of
    yours already at that place, or in its way).
    """

    dest: Path
    copied: tuple[str, ...] = ()
    kept: dict[str, str] = field(default_factory=dict)


def lessons_folder() -> Path:
    """The folder the lessons are copied from: in the wheel, or in a clone.

    Raises :class:`~prohis_nb.errors.ProhisNbError` when this copy of the
    package has no lessons (a wheel built without the ``notebooks/`` folder).
    """
    installed = _PACKAGE / "notebooks"
    if (installed / "README.md").is_file():
        return installed
    clone = _PACKAGE.parent
    if (clone / "pyproject.toml").is_file() and (clone / "notebooks" / "README.md").is_file():
        return clone / "notebooks"
    raise ProhisNbError(
        f"this copy of prohis_nb ({_PACKAGE}) has no lessons: install it from the package "
        'index (pip install "prohis-nb[notebook]") or from a clone of the repository'
    )


def lesson_files(source: Path | None = None) -> list[str]:
    """Every file to copy, relative to ``source`` (default: :func:`lessons_folder`), sorted.

    Hidden files and folders (``.ipynb_checkpoints``) and ``__pycache__`` are left out.
    """
    root = lessons_folder() if source is None else source
    found: list[str] = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if not _skipped(d))
        where = Path(folder).relative_to(root)
        found.extend((where / name).as_posix() for name in files if not _skipped(name))
    return sorted(found)


def _skipped(name: str) -> bool:
    return name.startswith(".") or name == "__pycache__"


def copy_lessons(dest: str | os.PathLike[str]) -> CopyReport:
    """Copy the lessons into the folder ``dest`` (made if missing); overwrite nothing.

    Raises :class:`~prohis_nb.errors.SaveError`, before copying anything, when
    ``dest`` is a file or a folder that cannot be made or written to; and if a
    file cannot be written halfway (a full disk), with what was copied so far
    (the half-written file is removed). Returns a :class:`CopyReport`.
    """
    text = os.fspath(dest) if isinstance(dest, str | os.PathLike) else dest
    if not isinstance(text, str) or not text.strip():
        # ("$DEST" with DEST unset: not the folder the teacher happens to be in)
        raise SaveError(
            f"the folder to copy the lessons into is empty ({excerpt(text)}): give a folder, "
            "e.g. prohis-nb lessons my-lessons"
        )
    target = Path(text).expanduser()  # "~/lessons" from a config file: the home folder's
    shown = excerpt(str(target))
    if target.exists() and not target.is_dir():
        raise SaveError(f"{shown} is a file, not a folder: give a folder to copy the lessons into")
    source = lessons_folder()
    names = lesson_files(source)
    try:
        target.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=target):  # can we write here? (even root cannot in /proc)
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SaveError(f"cannot write the lessons into {shown}: {reason}") from error
    copied: list[str] = []
    kept: dict[str, str] = {}
    for name in names:
        place = target / name
        blocker = _in_the_way(target, name)
        if blocker is not None:
            kept[name] = blocker
            continue
        try:
            place.parent.mkdir(parents=True, exist_ok=True)
            _write_new(place, (source / name).read_bytes())
        except FileExistsError:  # appeared meanwhile: still not ours to replace
            kept[name] = "already there"
            continue
        except OSError as error:
            reason = error.strerror or type(error).__name__
            raise SaveError(
                f"cannot write {excerpt(str(place))}: {reason} "
                f"({len(copied)} of {len(names)} lesson files were copied before it)"
            ) from error
        copied.append(name)
    return CopyReport(dest=target, copied=tuple(copied), kept=kept)


def _in_the_way(target: Path, name: str) -> str | None:
    """Why ``name`` cannot be copied into ``target`` without touching your files, or None."""
    place = target / name
    if place.is_symlink() or place.exists():
        return "already there"
    parts = Path(name).parts
    for depth in range(1, len(parts)):
        folder = target.joinpath(*parts[:depth])
        if (folder.is_symlink() or folder.exists()) and not folder.is_dir():
            return f"{Path(*parts[:depth]).as_posix()} is a file of yours, not a folder"
    return None


def _write_new(path: Path, data: bytes) -> None:
    """Write ``data`` to a file that must not exist yet (exclusive creation); no half file left."""
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
