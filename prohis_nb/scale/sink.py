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
half-written part. A folder holding a previous run is refused unless
``overwrite=True`` (``--force``), which deletes that run's parts first.

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


def prepare_sink(folder: Any, overwrite: bool = False) -> Path:
    """Check and make the sink ``folder``; return it as an absolute path.

    Raises ``SaveError`` (nothing played, nothing deleted) when ``folder`` is
    not a usable folder name, is a file, cannot be made or written, or holds a
    previous run and ``overwrite`` is false. With ``overwrite`` the previous
    run's parts and summary are deleted (other files are left alone).
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
    previous = sorted(path.glob(PART_GLOB)) + [p for p in [path / SUMMARY] if p.exists()]
    if previous and not overwrite:
        raise SaveError(
            f"the sink folder {excerpt(name)} holds a previous run ({len(previous)} files, "
            f"e.g. {previous[0].name}); choose another folder, or overwrite it "
            "(overwrite=True, --force)"
        )
    for old in previous:
        try:
            old.unlink()
        except OSError as error:
            raise SaveError(f"cannot delete {excerpt(str(old))}: {error.strerror}") from None
    return path.resolve()


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
