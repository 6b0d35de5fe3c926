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

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prohis_nb.core.limits import MAX_RECORD_BYTES
from prohis_nb.core.record import Record
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


def _folder_files(folder: Path) -> list[tuple[str, Path]]:
    """Every visible file under ``folder`` (checkpoints and hidden files left out), sorted."""
    files = []
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if path.is_file() and not any(part.startswith(".") for part in parts):
            files.append((path.relative_to(folder).as_posix(), path))
    return files


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


def read_sources(source: Any) -> tuple[list[tuple[str, bytes]], list[Skipped]]:
    """The files of ``source`` as ``(name, bytes)``, and those that could not be read.

    ``source``: a folder (every file under it), one file, a list of paths, a
    FileUpload widget or its value, or a list of ``(name, bytes)`` pairs.
    """
    read: list[tuple[str, bytes]] = []
    skipped: list[Skipped] = []

    def add_path(name: str, path: Path) -> None:
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_RECORD_BYTES + 1)
        except OSError as error:
            skipped.append(Skipped(name, f"cannot read it: {error.strerror or error}"))
            return
        read.append((name, data))

    if hasattr(source, "value") and hasattr(source, "accept"):  # a FileUpload widget
        source = source.value
    uploads = _upload_items(source)
    if uploads is not None:
        for name, content in uploads:
            try:
                read.append((name, bytes(content)))
            except (TypeError, ValueError):
                skipped.append(Skipped(name, f"its content is not bytes: {excerpt(content)}"))
        return read, skipped
    if isinstance(source, str | Path):
        path = Path(source)
        if path.is_dir():
            for name, file in _folder_files(path):
                add_path(name, file)
            if not read and not skipped:
                raise FileNotFoundError(f"the folder {str(path)!r} holds no files")
            return read, skipped
        if not path.exists():
            raise FileNotFoundError(
                f"no file or folder {str(path)!r}: give a folder of records, a list of files, "
                "or the files of an upload"
            )
        add_path(path.name, path)
        return read, skipped
    if isinstance(source, Iterable) and not isinstance(source, bytes | bytearray | Mapping):
        for item in source:
            if isinstance(item, str | Path):
                add_path(Path(item).name, Path(item))
            elif isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str):
                read.append((item[0], bytes(item[1])))
            elif _is_upload(item):
                name, content = _upload(item)
                read.append((name, bytes(content)))
            else:
                skipped.append(Skipped(excerpt(item, 60), "not a file name or an uploaded file"))
        return read, skipped
    raise TypeError(
        f"load_class reads a folder, a file, a list of files or an upload's files, "
        f"got {excerpt(source)}"
    )


def read_game(name: str, data: bytes) -> tuple[GameResult | None, Record | None, str]:
    """One file as a counted game, or ``(None, None, reason)`` when it cannot be used."""
    from prohis_nb.classroom.counts import count_game_seats

    if len(data) > MAX_RECORD_BYTES:
        return None, None, f"larger than a record may be ({MAX_RECORD_BYTES:,} bytes)"
    try:
        text = data.decode("utf-8")
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
    try:
        counts, seat_counts, final = count_game_seats(record)
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
    )
    return result, record, ""


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
    files, skipped = read_sources(source)
    games: list[GameResult] = []
    seen: dict[str, str] = {}
    for name, data in files:
        result, record, reason = read_game(name, data)
        if result is None or record is None:
            skipped.append(Skipped(name, reason))
            continue
        key = json.dumps(record.to_json(), sort_keys=True)
        if key in seen:
            skipped.append(Skipped(name, f"the same game as {seen[key]} (counted once)"))
            continue
        seen[key] = name
        games.append(result)
    return games, skipped
