"""A tournament's games streamed to a folder of Parquet files, one row per game and seat.

``run_tournament(..., sink="runs/t1")`` (``prohis-nb tournament --sink runs/t1``)
plays the games in chunks; each chunk, wherever it runs, writes one part
``part-000000.parquet`` (named by its first game) and sends back only the
running sums of :class:`~prohis_nb.tournament_stats.TournamentSums`. The
client never holds a record or a row, and each worker empties the engine's
memo tables (:mod:`prohis_nb.core.caches`) after its chunk, so a million games
need no more memory than one chunk, and the confidence intervals are exactly those of the same
tournament kept in memory. At the end ``_summary.json`` (the plan and the
summary) joins the parts.

Each part is written to a temporary file first and moved into place in one
step (:func:`prohis_nb.core.files.write_atomically`): a reader never sees a
half-written part. Before its first game a run writes ``_prohis_nb_run.json``
(:data:`MANIFEST`): the files it will write (its parts, from the number of
games and the games per part, and ``_summary.json``). A folder holding a
previous run is refused unless ``overwrite=True`` (``--force``), which
deletes **only the files that run's manifest lists**: a Parquet file of
another tool (Spark's ``part-00000-<uuid>-c000.snappy.parquet``), a file of
your own, or a part of a run older than manifests is never deleted; if the
new run would write over one of them, it is refused before any game.

The columns (:data:`COLUMNS`, then one ``n_<key>`` column per count of
:func:`prohis_nb.classroom.counts.decision_counts` for this row's seat: the
counts the class tables and the coach use, e.g. ``n_convoys_bait``,
``n_bribes_accepted``, ``n_inspections_captain``; in Smuggle ``n_lies_0_items``,
``n_searches``... the same columns in every part of a game):

===================  ==========================================================
``game``             ``prohis`` or ``smuggle``
``tournament_seed``  the tournament's seed
``game_index``       the game's number in the tournament (0, 1, ...)
``deal``             its deal (games of one deal share their cards)
``seed``             the deal's seed (``Game(seed=...)`` deals it again)
``players``          seats at the table
``seat``             this row's seat
``bot``              the label of the bot in this seat (as in the summary)
``bot_spec``         its spec written out (name, class and parameters)
``seating``          the labels of the bots at every seat, seat 0 first
``score``            this seat's final score (dollars, or Smuggle's points)
``share``            its share of the win: ``1/k`` for ``k`` tied winners, else 0
``winner``           whether it is among the winners
``decisions``        decisions taken in the whole game
===================  ==========================================================

Workers write the parts themselves: on a cluster the folder must be one that
every worker can write (a shared file system).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prohis_nb.classroom import counts as classroom
from prohis_nb.core.caches import clear_engine_caches
from prohis_nb.errors import SaveError, excerpt
from prohis_nb.scale import require
from prohis_nb.tournament_stats import TournamentSums

#: The file names of a run in its folder.
PART_GLOB = "part-*.parquet"
SUMMARY = "_summary.json"  # "_": Parquet readers skip it when reading the folder
#: What a run records it writes, before it writes anything (see the module docstring).
MANIFEST = "_prohis_nb_run.json"
MANIFEST_FORMAT = "prohis-nb-sink-run/1"
_PART = re.compile(r"part-(\d{6,})\.parquet")

#: The fixed columns of a part, in order (see the module docstring).
COLUMNS = (
    "game", "tournament_seed", "game_index", "deal", "seed", "players", "seat", "bot",
    "bot_spec", "seating", "score", "share", "winner", "decisions",
)  # fmt: skip


def require_pyarrow() -> Any:
    """``pyarrow.parquet``, or an ``ImportError`` naming the ``scale`` extra."""
    require("pyarrow", "a tournament sink (Parquet files)")
    return require("pyarrow.parquet", "a tournament sink (Parquet files)")


# ---------------------------------------------------------------- the folder


def prepare_sink(folder: Any, overwrite: bool = False, games: int = 0, chunk_size: int = 0) -> Path:
    """Check and make the sink ``folder``, record what the run will write; return the folder.

    ``games`` and ``chunk_size`` (games per part) name the parts the run
    will write; they go into the folder's :data:`MANIFEST` before any game.
    Raises ``SaveError`` (nothing played, nothing deleted) when ``folder`` is
    not a usable folder name, is a file, cannot be made or written, holds a
    previous run and ``overwrite`` is false, or holds a file the run would
    write over that no previous run of ours recorded writing (another tool's,
    or yours: it is never touched). With ``overwrite`` the files the previous
    run's manifest lists are deleted, and only those.
    """
    if isinstance(folder, bytes) or not isinstance(folder, str | os.PathLike):
        raise SaveError(f"a sink is a folder name (text or a Path), got {excerpt(folder)}")
    path = Path(folder)
    name = str(folder)
    if not name.strip():
        raise SaveError("give the sink a folder name, e.g. runs/t1")
    try:
        if path.exists() and not path.is_dir():
            raise SaveError(f"the sink {excerpt(name)} is a file, not a folder")
        path.mkdir(parents=True, exist_ok=True)
    except SaveError:
        raise
    except (OSError, ValueError) as error:  # a NUL character, a file on the way, no rights...
        reason = getattr(error, "strerror", None) or str(error)
        raise SaveError(f"cannot make the sink folder {excerpt(name)}: {reason}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise SaveError(f"the sink folder {excerpt(name)} is not writable")
    previous = _previous_run(path)  # the names its manifest lists (None: no manifest)
    here = sorted(
        entry.name
        for entry in os.scandir(path)
        if entry.name in (SUMMARY, MANIFEST)
        or _PART.fullmatch(entry.name)
        or (entry.name.startswith("part-") and entry.name.endswith(".parquet"))
    )
    if here and not overwrite:
        raise SaveError(
            f"the sink folder {excerpt(name)} holds a previous run ({len(here)} files, "
            f"e.g. {here[0]}); choose another folder, or overwrite it (overwrite=True, "
            "--force: only the files a run of prohis_nb recorded writing are deleted)"
        )
    ours = previous or set()
    planned = _run_files(games, chunk_size)
    strangers = [n for n in here if n != MANIFEST and n not in ours and planned(n)]
    if strangers:
        raise SaveError(
            f"the sink folder {excerpt(name)} holds {strangers[0]}, which this run would "
            "write, but no run of prohis_nb recorded writing it (another tool's file, yours, "
            "or a run older than this version): it is left alone; move it or choose another "
            "folder"
        )
    for old in [n for n in here if n in ours] + ([MANIFEST] if previous is not None else []):
        try:
            (path / old).unlink(missing_ok=True)
        except OSError as error:
            raise SaveError(f"cannot delete {excerpt(str(path / old))}: {error.strerror}") from None
    _write_manifest(path, games, chunk_size)
    return path.resolve()


def _run_files(games: int, chunk_size: int) -> Callable[[str], bool]:
    """Whether a file name is one a run of ``games`` games in parts of ``chunk_size`` writes."""

    def written(name: str) -> bool:
        if name == SUMMARY:
            return True
        found = _PART.fullmatch(name)
        if found is None or chunk_size < 1:
            return False
        start = int(found.group(1))
        return start < games and start % chunk_size == 0 and name == part_name(start, games)

    return written


def _previous_run(path: Path) -> set[str] | None:
    """The files the previous run in ``path`` recorded writing (``None``: no manifest)."""
    from prohis_nb.core.limits import parse_json
    from prohis_nb.errors import RecordError

    manifest = path / MANIFEST
    if not manifest.exists() and not manifest.is_symlink():
        return None
    try:
        if not manifest.is_file():
            raise ValueError  # a folder, a pipe, a dangling link: not a manifest of ours
        with open(manifest, "rb") as handle:
            data = parse_json(handle.read(100_000), what=MANIFEST)
        games, chunk_size = data["games"], data["chunk_size"]
        if data["format"] != MANIFEST_FORMAT or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10**12
            for n in (games, chunk_size)
        ):
            raise ValueError
    except (OSError, RecordError, ValueError, TypeError, KeyError):
        raise SaveError(
            f"{excerpt(str(manifest))} cannot be read as the record of a run, so nothing in "
            "the folder is deleted; choose another folder"
        ) from None
    written = _run_files(games, chunk_size)
    return {entry.name for entry in os.scandir(path) if written(entry.name)}


def _write_manifest(path: Path, games: int, chunk_size: int) -> None:
    from prohis_nb.core.files import write_text

    data = {
        "format": MANIFEST_FORMAT,
        "games": games,
        "chunk_size": chunk_size,
        "files": f"{SUMMARY} and part-NNNNNN.parquet for every chunk_size-th game from 0",
    }
    write_text(path / MANIFEST, json.dumps(data, indent=1) + "\n", overwrite=False)


def part_name(start: int, games: int) -> str:
    """The part holding the chunk that starts at game ``start`` (names sort in game order)."""
    return f"part-{start:0{max(6, len(str(games - 1)))}d}.parquet"


# ---------------------------------------------------------------- decision counts


def counts_by_seat(game: Any) -> list[dict[str, int]]:
    """Every seat's decision counts of a finished game, from one pass over it.

    :func:`prohis_nb.classroom.counts.decision_counts_by_seat`: the same
    numbers as ``decision_counts(game.record(), seat)`` for each seat.
    """
    return classroom.decision_counts_by_seat(game)


# ---------------------------------------------------------------- one chunk


def play_chunk_to_sink(
    plan: Any, start: int, stop: int, games: int, folder: str, counts: bool = True
) -> TournamentSums:
    """Play games ``start`` to ``stop - 1`` of ``plan``, write their part, return their sums.

    What each worker runs. The chunk must hold whole deals (``start`` and
    ``stop`` multiples of ``plan.group``, or ``stop == games``). ``counts``:
    add the ``n_*`` decision-count columns (they cost a pass over each game).
    """
    pq = require_pyarrow()
    import pyarrow as pa

    sums = TournamentSums(players=plan.rules["players"])
    rows: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    counted: list[dict[str, int]] = []
    texts = {id(spec): _spec_text(spec) for spec in plan.bots}
    deal_games: list[Any] = []
    for index in range(start, stop):
        result, game = plan.play_game(index)
        if deal_games and deal_games[0].deal != result.deal:
            sums.add_deal(deal_games)
            deal_games = []
        deal_games.append(result)
        if counts:
            by_seat = counts_by_seat(game)
        shares = result.win_shares()
        specs = [texts[id(spec)] for spec in plan.seating(index)]
        for seat, (label, score) in enumerate(zip(result.lineup, result.scores, strict=True)):
            values = (
                plan.game, plan.seed, index, result.deal, result.seed, len(result.scores), seat,
                label, specs[seat], list(result.lineup), score,
                shares[seat], seat in result.winners, result.decisions,
            )  # fmt: skip
            for name, value in zip(COLUMNS, values, strict=True):
                rows[name].append(value)
            if counts:
                counted.append(by_seat[seat])
    if deal_games:
        sums.add_deal(deal_games)
    keys = [key for key in classroom.keys_of(plan.game) if key != "games"] if counts else []
    for key in keys:
        rows[f"n_{key}"] = [counts[key] for counts in counted]
    table = pa.Table.from_pydict(rows, schema=_schema(pa, keys, plan))
    target = Path(folder) / part_name(start, games)
    _write(target, lambda name: pq.write_table(table, name, compression="zstd"))
    # The engine's memo tables fill up over thousands of games; emptying them
    # here keeps a worker's memory at one chunk's worth however many it plays.
    clear_engine_caches()
    return sums


def _write(target: Path, write: Callable[[str], None]) -> None:
    from prohis_nb.core.files import write_atomically

    write_atomically(target, write, overwrite=False)


def _schema(pa: Any, keys: list[str], plan: Any) -> Any:
    types = {
        "game": pa.string(), "tournament_seed": pa.int64(), "game_index": pa.int64(),
        "deal": pa.int64(), "seed": pa.int64(), "players": pa.int8(), "seat": pa.int8(),
        "bot": pa.string(), "bot_spec": pa.string(), "seating": pa.list_(pa.string()),
        "score": pa.int64(), "share": pa.float64(), "winner": pa.bool_(),
        "decisions": pa.int32(),
    }  # fmt: skip
    fields = [pa.field(name, types[name]) for name in COLUMNS]
    fields += [pa.field(f"n_{key}", pa.int32()) for key in keys]
    return pa.schema(fields, metadata={"prohis_nb.plan": json.dumps(plan_json(plan))})


def plan_json(plan: Any) -> dict[str, Any]:
    """The plan as JSON data: game, rules, bots (written out), seed, rotate."""
    return {
        "game": plan.game,
        "rules": plan.rules,
        "bots": [_spec_text(spec) for spec in plan.bots],
        "seed": plan.seed,
        "rotate": plan.rotate,
    }


def _spec_text(spec: Any) -> str:
    """A bot spec written out: ``"bluff:bait=0.5"`` stays, a class becomes ``module.Class``."""
    if isinstance(spec, str):
        return spec
    who, kwargs = spec if isinstance(spec, tuple) else (spec, {})
    name = who if isinstance(who, str) else f"{who.__module__}.{who.__qualname__}"
    if not kwargs:
        return name
    return name + "".join(
        f":{key}={json.dumps(value, default=repr)}" for key, value in sorted(kwargs.items())
    )


def write_summary(result: Any) -> Path:
    """Write ``_summary.json`` (the plan, the summary, no games) beside the parts."""
    from prohis_nb.core.files import write_text

    data = result.to_json()
    data["bots"] = plan_json(result.plan)["bots"]
    del data["games"]
    return write_text(result.sink / SUMMARY, json.dumps(data, indent=1) + "\n", overwrite=False)
