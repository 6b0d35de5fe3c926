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

Work that takes a while (a game played in the terminal, a tournament) checks
where its results go *before* it starts (:func:`check_target`,
:func:`check_folder`), and saves them with :func:`save_text` afterwards: if
the target appeared or failed meanwhile, the text goes under a free name
(:func:`free_name`), in the same folder or else in a new folder made for it
(:func:`rescue_folder`), and the caller says where. Finished work is never
thrown away.
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
    if "\0" in name:
        raise SaveError(
            f"{excerpt(name)} holds the NUL character (\\x00), which no file name may hold; "
            "choose a name of ordinary characters, e.g. my-game.json"
        )
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


def check_folder(folder: str | os.PathLike[str], make: bool = True) -> Path:
    """Return ``folder`` if files can be written into it (made first with ``make``).

    Raises ``SaveError`` saying why not: a file where the folder should be, a
    name no folder may have, no right to make or write it.
    """
    try:
        path = Path(folder)
    except TypeError:
        raise SaveError(f"a folder name is text, got {excerpt(folder)}") from None
    name = str(path)
    if not name.strip():
        raise SaveError("give a folder name, e.g. results")
    if "\0" in name:
        raise SaveError(f"{excerpt(name)} holds the NUL character, which no folder name may hold")
    try:
        if path.exists() and not path.is_dir():
            raise SaveError(f"{excerpt(name)} is a file, not a folder")
        if make:
            path.mkdir(parents=True, exist_ok=True)
        elif not path.is_dir():
            raise SaveError(f"the folder {excerpt(name)} does not exist; make it first")
    except SaveError:
        raise
    except (OSError, ValueError) as error:  # a file on the way, no rights, a name too long...
        reason = getattr(error, "strerror", None) or str(error)
        raise SaveError(f"cannot make the folder {excerpt(name)}: {reason}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise SaveError(f"the folder {excerpt(name)} is not writable")
    return path


def check_save(path: str | Path, overwrite: bool = False) -> Path:
    """:func:`check_target`, and the file's folder must exist and be writable (nothing is made)."""
    target = check_target(path, overwrite)
    check_folder(target.parent if str(target.parent) else ".", make=False)
    return target


def free_name(path: str | Path) -> Path:
    """``path`` if nothing is there, else the first free ``stem-2.suffix``, ``stem-3.suffix``..."""
    target = Path(path)
    if not (target.exists() or target.is_symlink()):
        return target
    number = 2
    while True:
        candidate = target.with_name(f"{target.stem}-{number}{target.suffix}")
        if not (candidate.exists() or candidate.is_symlink()):
            return candidate
        number += 1


def rescue_folder() -> Path:
    """A new, empty folder for results whose own folder failed.

    Made in the current folder if it is writable (``prohis-nb-saved-XXXX``),
    else in the system's temporary folder.
    """
    for where in (".", None):
        try:
            return Path(tempfile.mkdtemp(prefix="prohis-nb-saved-", dir=where)).resolve()
        except OSError:
            continue
    raise SaveError("no folder can be made to save the results in, here or in the temporary folder")


class ResultSaver:
    """Saves the results of finished work, and never throws them away.

    Each :meth:`save` writes one file (checked before the work with
    :func:`check_target` or :func:`check_folder`). If the target appeared
    meanwhile (and ``overwrite`` is false), the file goes under a
    :func:`free_name` beside it; if its folder is gone it is made again; if
    it still cannot be written, the file goes into one :func:`rescue_folder`
    (made once, for every later file too). :meth:`report` then says where
    the files went that did not go where asked.

    >>> saver = ResultSaver()  # doctest: +SKIP
    >>> saver.save("results/game.json", text)  # the path it went to  # doctest: +SKIP
    """

    def __init__(self, overwrite: bool = False) -> None:
        self.overwrite = overwrite
        self.moved = 0  # files that did not go where asked
        self.examples: list[tuple[Path, Path]] = []  # the first few (asked, went)
        self.rescue: Path | None = None

    def save(self, path: str | Path, content: str | Callable[[str], None]) -> Path:
        """Write ``content`` (text, or a function filling a file name) to ``path`` or elsewhere.

        Returns where it went. Raises ``SaveError`` only for a name refused
        outright (a notebook, a NUL), or when nothing can be written anywhere.
        """
        target = check_target(path, overwrite=True)  # the name itself (a notebook is never ok)
        write = _text_writer(content) if isinstance(content, str) else content
        went = self._write(target, write)
        if went != target:
            self.moved += 1
            if len(self.examples) < 3:
                self.examples.append((target, went))
        return went

    def _write(self, target: Path, write: Callable[[str], None]) -> Path:
        if self.rescue is None:
            try:
                return write_atomically(target, write, self.overwrite)
            except SaveError:
                pass
            try:  # it appeared meanwhile, or its folder went: a free name, the folder made again
                target.parent.mkdir(parents=True, exist_ok=True)
                return write_atomically(free_name(target), write)
            except (SaveError, OSError):
                self.rescue = rescue_folder()
        return write_atomically(free_name(self.rescue / target.name), write)

    def report(self) -> str | None:
        """One line saying where the files went that did not go where asked, or ``None``."""
        if not self.moved:
            return None
        shown = "; ".join(f"{asked} → {went}" for asked, went in self.examples)
        more = f" (and {self.moved - len(self.examples):,} more)" if self.moved > 3 else ""
        where = f", in {self.rescue}" if self.rescue is not None else ""
        return (
            f"{self.moved:,} file(s) could not be written where asked (the name was taken "
            f"meanwhile, or the folder failed) and were saved under free names{where}: "
            f"{shown}{more}"
        )


def _text_writer(text: str) -> Callable[[str], None]:
    def write(temporary: str) -> None:
        with open(temporary, "w", encoding="utf-8") as out:
            out.write(text)

    return write


def save_text(path: str | Path, text: str, overwrite: bool = False) -> Path:
    """Write ``text`` to ``path``, or, if that fails now, somewhere free; return where it went.

    One file through a :class:`ResultSaver`: for the results of work already
    done, checked before it (the caller compares the path returned with
    ``path`` and says where the results went).
    """
    return ResultSaver(overwrite).save(path, text)


def write_text(
    path: str | Path, text: str, overwrite: bool = False, newline: str | None = None
) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; see the module docstring.

    ``newline``: as for ``open`` (``""`` writes the line ends of ``text``
    as they are, e.g. the CSV module's ``\\r\\n``). Raises ``SaveError`` (a
    ``ProhisNbError`` and an ``OSError``) when the target is refused or the
    system cannot write it; the target is then as it was.
    """

    def write(temporary: str) -> None:
        with open(temporary, "w", encoding="utf-8", newline=newline) as out:
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
