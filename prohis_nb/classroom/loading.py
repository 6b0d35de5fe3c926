"""Reading a class's game records: a folder, a list of files, or files uploaded in the browser.

:func:`read_sources` turns whatever the teacher points at into ``(name,
bytes)`` pairs; :func:`load_class` reads each as a game record, replays it
and counts its decisions (:mod:`~prohis_nb.classroom.counts`). A file that
cannot be used (not JSON, JSON that is not a game record, a record of a game
this package does not know, an action the rules do not allow, the same game
twice) is **skipped with a one-line reason**, never fatal: one student's
broken file must not stop the lesson.

Uploaded files come from an ``ipywidgets.FileUpload``: pass the widget or its
``value`` (a tuple of ``{"name", "content", ...}`` dicts in ipywidgets 8, a
dict ``{name: {"content": ...}}`` in ipywidgets 7).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prohis_nb.core.limits import MAX_RECORD_BYTES
from prohis_nb.core.record import Record, without_bom
from prohis_nb.errors import ProhisNbError, excerpt


@dataclass(frozen=True)
class GameResult:
    """One record the class handed in: its name, game, counts and how it ended."""

    name: str
    game: str
    players: int
    ended: bool
    counts: dict[str, int]
    scores: tuple[int, ...]
    #: who sat in each seat (the record's optional ``students`` list), or None
    students: tuple[str, ...] | None = None
    #: each seat's own decisions, counted (the same keys as ``counts``)
    seat_counts: tuple[dict[str, int], ...] = ()
    #: the rules value the game was played under (its game's rules type), or None
    rules: Any = None
    #: actions of a live class taken by a bot (filling a seat, standing in for an absent
    #: student, finishing a closed round): not the class's decisions, so not counted
    bot_actions: int = 0


@dataclass(frozen=True)
class Skipped:
    """A file that was not used, and why (one line)."""

    name: str
    reason: str

    def __str__(self) -> str:
        return f"{self.name}: {self.reason}"


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 240 else text[:239] + "…"


def printable_name(name: str) -> str:
    """A file name as text that can always be shown and encoded.

    A name that is not UTF-8 on disk arrives in Python with "surrogate
    escapes" (``'caf\\udce9.json'``), which no page or file can encode: its
    odd bytes are written as ``\\xe9`` instead (``'caf\\\\xe9.json'``).
    """
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return name


#: The most files of one class folder that are listed (a class is tens of records):
#: a folder past it is cut there, and the cut is listed as skipped with its reason.
MAX_CLASS_FILES = 10_000


def _walk(folder: Path) -> Iterator[tuple[tuple[str, ...], Path, str | None]]:
    """Every visible entry under ``folder`` that is not a folder, sorted.

    Yields ``(parts, path, problem)``: ``problem`` is ``None`` for an entry to
    read, else the one-line reason it is skipped. A loop (no recursion: a
    folder nested thousands deep is walked like any other). Hidden names
    (``.ipynb_checkpoints``, ``.DS_Store``) are left out. A link is followed
    only while it stays inside ``folder`` (a link to a folder once; a link
    back up is not): a class folder unzipped from students' uploads may hold
    links to ``/usr`` or ``/proc/kmsg``, which are skipped, saying so. A folder
    that cannot be opened (a path too long, no permission) is listed as
    skipped with its reason, and at most :data:`MAX_CLASS_FILES` entries are.
    """
    root = Path(os.path.realpath(folder))
    found: list[tuple[tuple[str, ...], Path, str | None]] = []
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[tuple[str, ...], Path]] = [((), folder)]
    while stack:
        if len(found) >= MAX_CLASS_FILES:
            found.append(
                (
                    ("…",),
                    folder,
                    f"the folder holds more than {MAX_CLASS_FILES:,} files: the rest were not "
                    "read (a class folder holds the class's records only)",
                )
            )
            break
        parts, directory = stack.pop()
        try:
            info = directory.stat()
        except OSError as error:  # a path too long, no permission: say so
            reason = error.strerror or type(error).__name__
            found.append((parts, directory, f"a folder that cannot be opened: {reason}"))
            continue
        if (info.st_dev, info.st_ino) in seen:
            continue
        seen.add((info.st_dev, info.st_ino))
        try:
            entries = list(os.scandir(directory))
        except OSError:
            found.append((parts, directory, None))  # reported when read, with the reason
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            path = directory / entry.name
            outside = _link_out_of(root, entry, path)
            if outside is not None:
                found.append(((*parts, entry.name), path, outside))
                continue
            try:
                is_dir = entry.is_dir()  # a link to a folder too
            except OSError:
                is_dir = False
            if is_dir:
                stack.append(((*parts, entry.name), path))
            else:
                found.append(((*parts, entry.name), path, None))
    found.sort(key=lambda item: item[0])
    yield from found


def _link_out_of(root: Path, entry: os.DirEntry, path: Path) -> str | None:
    """Why the link ``entry`` is not followed (it leads out of ``root``), or ``None``."""
    try:
        if not entry.is_symlink():
            return None
        target = Path(os.path.realpath(path))
    except (OSError, ValueError):
        return "a link that cannot be followed"
    if target == root or target.is_relative_to(root):
        return None
    return f"a link out of the class folder (to {printable_name(str(target))!r}): not followed"


def _file_problem(path: Path) -> str | None:
    """Why ``path`` is not read as a file (a dangling link, a pipe...), or ``None`` if it is."""
    try:
        info = path.stat()  # follows links
    except FileNotFoundError:
        if path.is_symlink():
            try:
                target = os.readlink(path)
            except OSError:
                target = "?"
            return f"a link to nothing (its target {printable_name(target)!r} does not exist)"
        return "it is gone (deleted while the class was read)"
    except OSError as error:
        return f"cannot read it: {error.strerror or error}"
    if stat.S_ISDIR(info.st_mode):
        return "a folder that cannot be listed"
    if not stat.S_ISREG(info.st_mode):
        kind = (
            "a named pipe (FIFO)"
            if stat.S_ISFIFO(info.st_mode)
            else "a socket"
            if stat.S_ISSOCK(info.st_mode)
            else "a device"
        )
        return f"not a regular file ({kind}): only files are read"
    return None


def _upload_items(value: Any) -> list[tuple[str, Any]] | None:
    """``(name, content)`` pairs of a FileUpload value, or ``None`` if it is not one."""
    if hasattr(value, "value") and hasattr(value, "accept"):  # the FileUpload widget itself
        value = value.value
    if (
        isinstance(value, Mapping)
        and value
        and all(isinstance(v, Mapping) and "content" in v for v in value.values())
    ):  # ipywidgets 7: {name: {"metadata": ..., "content": ...}}
        return [(str(name), item["content"]) for name, item in value.items()]
    if isinstance(value, list | tuple) and value and all(_is_upload(v) for v in value):
        return [_upload(v) for v in value]
    return None


def _is_upload(item: Any) -> bool:
    if isinstance(item, Mapping):
        return "name" in item and "content" in item
    return hasattr(item, "name") and hasattr(item, "content")


def _upload(item: Any) -> tuple[str, Any]:
    if isinstance(item, Mapping):
        return str(item["name"]), item["content"]
    return str(item.name), item.content


def _content(content: Any) -> bytes | None:
    """An upload's content as bytes (bytes, bytearray, memoryview), or ``None``.

    Anything else is refused *before* converting: ``bytes(10**12)`` would try
    to make a terabyte of zeros. A content larger than a record may be is
    cut one byte past the limit (it is then skipped as too large).
    """
    try:
        view = memoryview(content)
    except TypeError:
        return None
    with view:
        return bytes(view.cast("B")[: MAX_RECORD_BYTES + 1])


def iter_sources(source: Any) -> Iterator[tuple[str, bytes] | Skipped]:
    """The files of ``source`` one at a time: ``(name, bytes)``, or :class:`Skipped` with a reason.

    ``source``: a folder (every file under it), one file, a list of paths, a
    FileUpload widget or its value, or a list of ``(name, bytes)`` pairs.
    Files are read one by one as the caller asks for them, so reading a
    class holds one file at a time. Raises ``FileNotFoundError`` or
    ``TypeError`` at once when ``source`` itself is wrong.
    """
    if hasattr(source, "value") and hasattr(source, "accept"):  # a FileUpload widget
        source = source.value
    uploads = _upload_items(source)
    if uploads is not None:
        return _from_uploads(uploads)
    if isinstance(source, str | Path):
        path = Path(source)
        if path.is_dir():
            files = list(_walk(path))  # names only: the contents are read one by one
            if not files:
                raise FileNotFoundError(f"the folder {printable_name(str(path))!r} holds no files")
            return (
                _read_path("/".join(parts), file)
                if problem is None
                else Skipped(printable_name("/".join(parts)), problem)
                for parts, file, problem in files
            )
        if not path.exists() and not path.is_symlink():
            raise FileNotFoundError(
                f"no file or folder {printable_name(str(path))!r}: give a folder of records, "
                "a list of files, or the files of an upload"
            )
        return iter([_read_path(path.name, path)])
    if isinstance(source, Iterable) and not isinstance(source, bytes | bytearray | Mapping):
        return _from_items(source)
    raise TypeError(
        f"load_class reads a folder, a file, a list of files or an upload's files, "
        f"got {excerpt(source)}"
    )


def _read_path(name: str, path: Path) -> tuple[str, bytes] | Skipped:
    name = printable_name(name)
    problem = _file_problem(path)
    if problem is not None:
        return Skipped(name, problem)
    try:
        with open(path, "rb") as handle:
            return name, handle.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        return Skipped(name, f"cannot read it: {error.strerror or error}")


def _uploaded(name: str, content: Any) -> tuple[str, bytes] | Skipped:
    data = _content(content)
    if data is None:
        return Skipped(
            printable_name(name), f"its content is not bytes (got {type(content).__name__})"
        )
    return printable_name(name), data


def _from_uploads(uploads: list[tuple[str, Any]]) -> Iterator[tuple[str, bytes] | Skipped]:
    for name, content in uploads:
        yield _uploaded(name, content)


def _from_items(items: Iterable[Any]) -> Iterator[tuple[str, bytes] | Skipped]:
    for item in items:
        if isinstance(item, str | Path):
            yield _read_path(Path(item).name, Path(item))
        elif isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str):
            yield _uploaded(item[0], item[1])
        elif _is_upload(item):
            yield _uploaded(*_upload(item))
        else:
            yield Skipped(excerpt(item, 60), "not a file name or an uploaded file")


def read_sources(source: Any) -> tuple[list[tuple[str, bytes]], list[Skipped]]:
    """Every file of ``source`` as ``(name, bytes)``, and those that could not be read.

    All in memory at once: :func:`iter_sources` gives them one at a time
    (what :func:`load_class` uses).
    """
    read: list[tuple[str, bytes]] = []
    skipped: list[Skipped] = []
    for item in iter_sources(source):
        if isinstance(item, Skipped):
            skipped.append(item)
        else:
            read.append(item)
    return read, skipped


def read_game(name: str, data: bytes) -> tuple[GameResult | None, Record | None, str]:
    """One file as a counted game, or ``(None, None, reason)`` when it cannot be used."""
    from prohis_nb.classroom.counts import count_game_seats

    if len(data) > MAX_RECORD_BYTES:
        return None, None, f"larger than a record may be ({MAX_RECORD_BYTES:,} bytes)"
    try:
        text = without_bom(data).decode("utf-8")  # Notepad's byte-order mark is no problem
    except UnicodeDecodeError:
        return None, None, "not a text file (not UTF-8): not a game record"
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return None, None, "not JSON: not a game record"
    try:
        record = Record.loads(text)
    except (ProhisNbError, ValueError, TypeError, RecursionError) as error:
        return None, None, f"not a game record: {_one_line(error)}"
    counted = students_actions(record)
    try:
        counts, seat_counts, final = count_game_seats(record, counted)
    except (ProhisNbError, ValueError, TypeError, KeyError, RecursionError) as error:
        return None, None, f"cannot be replayed: {_one_line(error)}"
    result = GameResult(
        name=name,
        game=record.game,
        players=final.players,
        ended=final.ended,
        counts=counts,
        scores=tuple(final.scores()),
        students=students_of(record.extra.get("students"), final.players),
        seat_counts=tuple(seat_counts),
        rules=final.rules,
        bot_actions=0 if counted is None else counted.count(False),
    )
    return result, record, ""


def students_actions(record: Record) -> list[bool] | None:
    """Which actions of a live class's record a student took, or None for any other record.

    A record of :mod:`prohis_nb.live` says who took each action
    (``extra["live"]["actors"]``, one per action: ``student``, ``bot``,
    ``standin``, ``finish``; docs/live.md). The class's rates are the
    students' decisions: only ``student`` actions are counted. A record
    whose actors list is not a list of such words is counted whole (it is
    then not a live record this package wrote).
    """
    live = record.extra.get("live")
    actors = live.get("actors") if isinstance(live, dict) else None
    if not isinstance(actors, list) or not all(isinstance(a, str) for a in actors):
        return None
    return [actor == "student" for actor in actors]


def students_of(value: Any, players: int) -> tuple[str, ...] | None:
    """A record's optional ``students`` list (who sat in each seat), or None if unusable.

    Usable: one non-empty name per seat, in seat order (docs/records.md). A
    record without it, or with anything else, counts its decisions by game.
    """
    if not isinstance(value, list) or len(value) != players:
        return None
    if not all(isinstance(name, str) and name.strip() for name in value):
        return None
    return tuple(name.strip() for name in value)


def read_games(source: Any) -> tuple[list[GameResult], list[Skipped]]:
    """Every usable game of ``source`` (in file order), and every file skipped with its reason."""
    games: list[GameResult] = []
    skipped: list[Skipped] = []
    seen: dict[bytes, str] = {}  # a digest of each game counted: a whole record is never kept
    for item in iter_sources(source):
        if isinstance(item, Skipped):
            skipped.append(item)
            continue
        name, data = item
        result, record, reason = read_game(name, data)
        del data, item  # one file at a time: its bytes go before the next is read
        if result is None or record is None:
            skipped.append(Skipped(name, reason))
            continue
        canonical = json.dumps(record.to_json(), sort_keys=True).encode("utf-8", "surrogatepass")
        key = hashlib.sha256(canonical).digest()
        if key in seen:
            skipped.append(Skipped(name, f"the same game as {seen[key]} (counted once)"))
            continue
        seen[key] = name
        games.append(result)
    return games, skipped
