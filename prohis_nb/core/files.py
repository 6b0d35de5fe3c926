"""Writing a user's files safely: never a notebook, never over a file unasked, never half.

Every file the package writes for a user (a record saved from a widget or the
command line, a tournament's results) goes through :func:`write_text`:

* a notebook (``.ipynb``) is never written: a record saved as
  ``02_who_knows_what.ipynb`` would destroy the lesson;
* an existing file is replaced only when the caller says so
  (``overwrite=True``: a confirm button, ``--force``);
* the text goes to a temporary file in the same folder first, which then
  replaces the target in one step (``os.replace``): a crash or a full disk
  never leaves a half-written file behind.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from prohis_nb.errors import SaveError, excerpt

#: File name endings the package never writes over, whatever the caller says.
PROTECTED_SUFFIXES = (".ipynb",)


def check_target(path: str | Path, overwrite: bool = False) -> Path:
    """Return ``path`` if a file may be written there; raise ``SaveError`` saying why not."""
    try:
        target = Path(path)
    except TypeError:
        raise SaveError(f"a file name is text, got {excerpt(path)}") from None
    name = str(target)
    if not name.strip() or name in (".", ".."):
        raise SaveError("give a file name, e.g. my-game.json")
    if target.suffix.lower() in PROTECTED_SUFFIXES:
        raise SaveError(
            f"{excerpt(name)} is a notebook name: a record is never saved as a notebook; "
            "choose a name ending in .json"
        )
    try:
        is_dir = target.is_dir()
        exists = target.exists() or target.is_symlink()
    except (OSError, ValueError) as error:  # a name too long, a NUL character...
        reason = getattr(error, "strerror", None) or str(error)
        raise SaveError(f"{excerpt(name)} cannot be a file name: {reason}") from None
    if is_dir:
        raise SaveError(f"{excerpt(name)} is a folder; give a file name, e.g. my-game.json")
    if not overwrite and exists:
        raise SaveError(
            f"{excerpt(name)} already exists; choose another name, or confirm to replace it"
        )
    return target


def write_text(path: str | Path, text: str, overwrite: bool = False) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; see the module docstring.

    Raises ``SaveError`` (a ``ProhisNbError`` and an ``OSError``) when the
    target is refused or the system cannot write it; the target is then as it was.
    """

    def write(temporary: str) -> None:
        with open(temporary, "w", encoding="utf-8") as out:
            out.write(text)

    return write_atomically(path, write, overwrite)


def write_atomically(
    path: str | Path, write: Callable[[str], None], overwrite: bool = False
) -> Path:
    """Have ``write(name)`` write a temporary file, then move it to ``path`` in one step.

    For files written by another library (a Parquet part written by pyarrow):
    ``write`` receives the name of an empty temporary file in the target's
    folder and fills it. The rules of :func:`write_text` apply: the target is
    checked first, never replaced unasked, and never left half-written.
    """
    target = check_target(path, overwrite)
    folder = target.parent
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=folder if str(folder) else "."
        )
    except OSError as error:
        raise SaveError(f"cannot write into {excerpt(str(folder))}: {error.strerror}") from None
    try:
        os.close(handle)
        write(temporary)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a record is an ordinary file
        if not overwrite and target.exists():  # appeared meanwhile: still never overwrite
            raise SaveError(f"{excerpt(str(target))} already exists; nothing was written")
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError) and not isinstance(error, SaveError):
            reason = error.strerror or str(error)
            raise SaveError(f"cannot write {excerpt(str(target))}: {reason}") from None
        raise
    return target
