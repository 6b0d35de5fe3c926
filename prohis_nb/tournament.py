"""Tournaments: many seeded games among bots, with a summary you can trust.

>>> result = run_tournament(["random", "bluff"], players=4, games=4, seed=1,
...                         workers=1, progress=False)
>>> [g.lineup for g in result.games[:2]]
[('random', 'bluff', 'random', 'bluff'), ('bluff', 'random', 'bluff', 'random')]
>>> sorted(result.by_bot)
['bluff', 'random']

**Seating.** With ``rotate=True`` (the default) the games come in groups that
share one deal (same seed, so the same cards in the same places): with ``m``
bot specs, game ``i`` plays deal ``i // m`` with seat ``s`` taken by
``bots[(s + i) % m]``. Over a group every bot sits in every seat equally
often, on the same cards, so seat advantages and the luck of the deal cancel
(as in duplicate bridge). A number of games that is a multiple of ``m`` keeps
the balance exact. With ``rotate=False`` every game has its own deal and seat
``s`` is always ``bots[s % m]``.

**Seeds.** Game ``i``'s deal seed and its bots' seeds are derived only from the
tournament ``seed`` and ``i`` (:func:`derive_seed`), and results are sorted by
game index, so the results do not depend on the executor, the number of
workers or the order in which games finish.

**Summary.** For every bot (pooled over all seats it took) and every seat:
the mean score, the win rate (a win shared by ``k`` seats counts ``1/k`` to
each), and 95% confidence intervals ``mean ± t·SE`` (Student's t on deals − 1
degrees of freedom) (clipped to [0, 1] for
win rates). The games of one deal
are not independent (same cards), so the standard error treats *deals* as the
independent units (a cluster-robust standard error): with ``x_j`` the values
(scores, or win shares) of all ``N`` appearances, ``x̄`` their mean, and
``S_d``, ``n_d`` the sum and count of the appearances in deal ``d`` (``D``
deals), ``SE² = D/(D-1) · Σ_d (S_d - n_d·x̄)² / N²``. With one appearance per
deal this is the familiar ``s/√N``. It is a large-sample interval: trust it
with a few dozen deals or more.

**Comparing two bots.** Overlapping intervals do not mean "no real
difference": each interval carries the luck of the deals, which two bots
playing the same deals share. :func:`paired_difference` compares them deal by
deal instead: for each deal ``d`` where both played, ``x_d`` = (first bot's
mean score in that deal) − (second's), then the mean of the ``x_d`` and its
95% interval ``mean ± t·s/√D``
(t on ``D − 1`` degrees of freedom) (``s`` the standard deviation of the
``x_d``, ``D`` deals). The shared luck cancels in each ``x_d``, so the interval
is usually much narrower; when it excludes 0 the difference is real (at the
95% level).

**Parallelism.** Games are played in chunks on a ``concurrent.futures``
executor: by default a ``ProcessPoolExecutor`` with ``workers`` processes
(``workers=1``: in this process, no pool). Pass ``executor=`` to use another,
e.g. a Dask cluster's ``client.get_executor(pure=False)``, or
``backend="dask"`` (:mod:`prohis_nb.scale.dask_backend`, docs/tournaments.md).

**At scale.** ``sink="folder"`` streams the games to Parquet files, one row
per game and seat, instead of keeping them (:mod:`prohis_nb.scale.sink`):
each chunk sends back only running sums (:mod:`prohis_nb.tournament_stats`),
from which the summary and the paired comparisons come out exactly as they
would from the games in memory.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import hashlib
import io
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field, replace
from itertools import islice
from pathlib import Path
from typing import Any

from prohis_nb.bots import BotSpec, make_bot, spec_label
from prohis_nb.bots.runner import new_game, play_game
from prohis_nb.errors import ProhisNbError, SaveError, excerpt
from prohis_nb.extras import require as require_libraries
from prohis_nb.tournament_stats import (
    Z95,
    PairedDifference,
    Stats,
    TournamentSums,
    cluster_mean_ci,
    summarise,
)

__all__ = [
    "Z95", "GameResult", "PairedDifference", "Stats", "TournamentPlan", "TournamentResult",
    "TournamentSums", "cluster_mean_ci", "derive_seed", "make_plan", "paired_difference",
    "play_chunk", "run_tournament", "score_breakdown", "summarise", "write_results",
]  # fmt: skip


def derive_seed(*parts: Any) -> int:
    """A seed in ``[0, 2**63)`` from any printable parts, the same on every machine.

    >>> derive_seed(0, "deal", 0)
    7737525645057822191
    """
    text = "/".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


# ---------------------------------------------------------------- what one game gives


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament: who sat where, the scores, and the record."""

    index: int
    deal: int
    seed: int
    lineup: tuple[str, ...]  # the bot label at each seat
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    record: dict[str, Any] | None  # the game record as JSON data (docs/records.md), if kept

    def win_shares(self) -> tuple[float, ...]:
        """Each seat's share of the win: ``1/k`` for each of ``k`` tied winners, else 0."""
        share = 1 / len(self.winners)
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.scores)))


@dataclass(frozen=True)
class TournamentPlan:
    """Everything needed to play game ``i`` of a tournament anywhere (picklable)."""

    game: str
    rules: dict[str, Any]
    bots: tuple[BotSpec, ...]
    seed: int
    rotate: bool = True
    keep_records: bool = True

    @property
    def group(self) -> int:
        """Games per deal: the number of bot specs when seats rotate, else 1."""
        return len(self.bots) if self.rotate else 1

    def seating(self, index: int) -> list[BotSpec]:
        """The bot spec at each seat of game ``index``."""
        players = self.rules["players"]
        shift = index % len(self.bots) if self.rotate else 0
        return [self.bots[(seat + shift) % len(self.bots)] for seat in range(players)]

    def play(self, index: int) -> GameResult:
        """Play game ``index``: deal from the derived seed, bots seeded from the index."""
        result, game = self.play_game(index)
        if not self.keep_records:
            return result
        return replace(result, record=game.record().to_json())

    def play_game(self, index: int) -> tuple[GameResult, Any]:
        """Game ``index`` played: its result (without the record) and the finished game."""
        deal = index // self.group
        seed = derive_seed(self.seed, "deal", deal)
        specs = self.seating(index)
        bots = [
            make_bot(spec, derive_seed(self.seed, "bot", index, seat), self.game)
            for seat, spec in enumerate(specs)
        ]
        game = play_game(new_game(self.game, seed, self.rules), bots)
        result = GameResult(
            index=index,
            deal=deal,
            seed=seed,
            lineup=tuple(bot.name for bot in bots),
            scores=tuple(game.scores()),
            winners=tuple(game.winners()),
            decisions=len(game.actions),
            record=None,
        )
        return result, game


def play_chunk(plan: TournamentPlan, start: int, stop: int) -> list[GameResult]:
    """Play games ``start`` to ``stop - 1`` of ``plan`` (what each worker runs)."""
    return [plan.play(index) for index in range(start, stop)]


# ---------------------------------------------------------------- statistics


def paired_difference(games: Sequence[GameResult], first: str, second: str) -> PairedDifference:
    """Compare two bots on the deals they both played (see the module docstring).

    Each deal gives one difference: ``first``'s mean score in the deal minus
    ``second``'s (listed in ``per_deal``). Needs at least two such deals.
    """
    paired = TournamentSums.from_games(games).paired(first, second)
    by_deal: dict[int, tuple[list[int], list[int]]] = {}
    for result in games:
        for label, score in zip(result.lineup, result.scores, strict=True):
            if label in (first, second):
                by_deal.setdefault(result.deal, ([], []))[label == second].append(score)
    diffs = tuple(
        math.fsum(a) / len(a) - math.fsum(b) / len(b)
        for _, (a, b) in sorted(by_deal.items())
        if a and b
    )
    return replace(paired, per_deal=diffs)


# ---------------------------------------------------------------- the tournament


#: The columns of :meth:`TournamentResult.rows` and its CSV.
CSV_COLUMNS = (
    "group", "label", "appearances", "mean_score", "score_ci_low", "score_ci_high",
    "win_rate", "win_ci_low", "win_ci_high",
)  # fmt: skip


@dataclass
class TournamentResult:
    """The games (sorted by index) and their summary by bot and by seat.

    A tournament streamed to a ``sink`` folder holds no games (``games`` is
    empty): their rows are in the folder's Parquet files, and the summary
    comes from the running ``sums`` (:class:`TournamentSums`). So does one
    streamed to an ``out`` folder: its records are the folder's files.
    """

    plan: TournamentPlan
    games: list[GameResult]
    by_bot: dict[str, Stats] = field(default_factory=dict)
    by_seat: list[Stats] = field(default_factory=list)
    seconds: float = 0.0
    sums: TournamentSums | None = field(default=None, repr=False)
    sink: Path | None = None
    out: Path | None = None
    #: Where results went that could not go where asked (a name taken meanwhile...), or None.
    saved_elsewhere: str | None = None

    def __post_init__(self) -> None:
        if self.sums is None and self.games:
            self.sums = TournamentSums.from_games(self.games)
        if not self.by_bot and self.sums is not None and self.sums.games:
            self.by_bot, self.by_seat = self.sums.stats()

    @property
    def played(self) -> int:
        """How many games were played (also when they were streamed to a sink)."""
        return self.sums.games if self.sums is not None else len(self.games)

    def replay(self, index: int) -> Any:
        """Game ``index`` replayed from its record (needs ``keep_records=True``).

        A tournament streamed to a sink (or to an ``out`` folder) keeps no
        records: its game ``index`` is played again from the same seeds, which
        gives the same game.
        """
        from prohis_nb.core.record import Record

        if self.sink is not None or self.out is not None:
            if not 0 <= index < self.played:
                raise IndexError(f"game {index} is not among the {self.played} games played")
            return self.plan.play_game(index)[1]
        record = self.games[index].record
        if record is None:
            raise ValueError("this tournament did not keep records (keep_records=False)")
        return Record.from_json(record).replay()

    def compare(self, first: str, second: str) -> PairedDifference:
        """``first``'s mean score minus ``second``'s, paired deal by deal."""
        if self.games or self.sums is None:
            return paired_difference(self.games, first, second)
        return self.sums.paired(first, second)

    def comparisons(self) -> list[PairedDifference]:
        """The best bot (highest mean score) against each other bot, paired deal by deal."""
        ranked = sorted(self.by_bot.values(), key=lambda s: -s.mean_score)
        return [self.compare(ranked[0].label, other.label) for other in ranked[1:]]

    def table(self, timing: bool = False) -> str:
        """The summary as a plain-text table (``timing``: add how long the games took)."""
        plan = self.plan
        games = self.played
        lines = [
            f"{plan.game}, {plan.rules['players']} players, {games} games, seed {plan.seed}"
            + (f", seats rotated over deals of {plan.group} games" if plan.rotate else ""),
            "",
            f"{'bot':<24} {'seats':>6} {'mean score':>11} {'95% CI':>21} {'win rate':>9} "
            f"{'95% CI':>15}",
        ]
        for stats in sorted(self.by_bot.values(), key=lambda s: -s.mean_score):
            lines.append(_row(stats))
        lines.append("")
        lines.append(f"{'seat':<24} {'games':>6}")
        for stats in self.by_seat:
            lines.append(_row(stats))
        if timing and self.seconds:
            lines.append("")
            lines.append(f"time: {self.seconds:.2f} s ({games / self.seconds:,.0f} games/s)")
        return "\n".join(lines)

    def rows(self) -> list[list[Any]]:
        """The summary as a table: a header, then one row per bot (best first) and per seat.

        Columns: ``group`` ("bot" or "seat"), ``label``, ``appearances``,
        ``mean_score`` and its 95% interval, ``win_rate`` (0 to 1) and its
        interval: the numbers of :meth:`table`, unrounded, for a spreadsheet.
        """
        rows: list[list[Any]] = [list(CSV_COLUMNS)]
        ranked = sorted(self.by_bot.values(), key=lambda s: -s.mean_score)
        for group, stats_list in (("bot", ranked), ("seat", self.by_seat)):
            for stats in stats_list:
                rows.append(
                    [
                        group, stats.label, stats.appearances,
                        stats.mean_score, *stats.score_ci,
                        stats.win_rate, *stats.win_ci,
                    ]
                )  # fmt: skip
        return rows

    def to_csv(self) -> str:
        """:meth:`rows` as CSV text (what :meth:`download_link` offers)."""
        buffer = io.StringIO()
        csv.writer(buffer).writerows(self.rows())
        return buffer.getvalue()

    def download_link(self, filename: str = "tournament.csv") -> str:
        """HTML for a link that saves :meth:`to_csv` in the browser (works on Binder).

        Show it in a notebook with ``IPython.display.HTML(result.download_link())``.
        """
        from prohis_nb.widgets.downloads import csv_link

        return csv_link(self.to_csv(), filename, f"Download {filename} (results table)")

    def to_json(self, records: bool = False) -> dict[str, Any]:
        """Plain JSON data: the plan, the summary and every game (records if asked)."""
        return {
            "game": self.plan.game,
            "rules": self.plan.rules,
            "bots": [spec_label(spec) for spec in self.plan.bots],
            "seed": self.plan.seed,
            "rotate": self.plan.rotate,
            "games_played": self.played,
            "sink": None if self.sink is None else str(self.sink),
            "by_bot": {label: asdict(stats) for label, stats in self.by_bot.items()},
            "by_seat": [asdict(stats) for stats in self.by_seat],
            "games": [
                {k: v for k, v in asdict(result).items() if records or k != "record"}
                for result in self.games
            ],
        }


def score_breakdown(result: TournamentResult) -> dict[str, dict[str, float]]:
    """Prohis: where each bot's mean final score comes from, card kind by card kind.

    Replays every game from its record and averages, over each bot's
    appearances, the dollars its cards are worth at the end: ``"stored
    <kind>"`` (its warehouse) and ``"in hand <kind>"`` (its hand, e.g. −$4,000
    for each illegal card), valued by the scoring table, plus ``"stored cards"``
    and ``"illegal cards in hand"`` (counts). The dollars add up to the mean
    score.
    """
    from prohis_nb.prohis.cards import HAND_VALUE, KINDS, WAREHOUSE_VALUE

    if result.plan.game != "prohis":
        raise ValueError(f"a score breakdown is for Prohis tournaments, not {result.plan.game!r}")
    if result.sink is not None:
        raise ValueError(
            "a score breakdown replays every game's record; a tournament streamed to a sink "
            "keeps none (its Parquet rows hold the scores)"
        )
    totals: dict[str, dict[str, float]] = {}
    appearances: dict[str, int] = {}
    for index, summary in enumerate(result.games):
        game = result.replay(index)
        for seat, label in enumerate(summary.lineup):
            row = totals.setdefault(label, {})
            appearances[label] = appearances.get(label, 0) + 1
            stored, hand = game.warehouse(seat), game.hand(seat)
            for kind in KINDS:
                row[f"stored {kind}"] = row.get(f"stored {kind}", 0) + (
                    stored.count(kind) * WAREHOUSE_VALUE[kind]
                )
                row[f"in hand {kind}"] = row.get(f"in hand {kind}", 0) + (
                    hand.count(kind) * HAND_VALUE[kind]
                )
            row["stored cards"] = row.get("stored cards", 0) + len(stored)
            row["illegal cards in hand"] = row.get("illegal cards in hand", 0) + hand.count(
                "illegal"
            )
    return {
        label: {key: value / appearances[label] for key, value in row.items()}
        for label, row in sorted(totals.items())
    }


def _row(stats: Stats) -> str:
    low, high = stats.score_ci
    wlow, whigh = stats.win_ci
    return (
        f"{stats.label:<24} {stats.appearances:>6} {stats.mean_score:>11,.0f} "
        f"{f'[{low:,.0f}, {high:,.0f}]':>21} {stats.win_rate:>9.1%} "
        f"{f'[{wlow:.1%}, {whigh:.1%}]':>15}"
    )


def _check_how_to_run(games: Any, backend: Any, executor: Executor | None, chunk_size: Any) -> None:
    """Refuse, before any game is played, a count of games, backend or chunk size that cannot be."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number ≥ 1, got {games!r}")
    if backend not in ("processes", "dask"):
        raise ValueError(f"backend must be 'processes' or 'dask', got {excerpt(backend)}")
    if backend == "dask" and executor is not None:
        raise ValueError("give either executor= or backend='dask', not both")
    if chunk_size is not None and (
        isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1
    ):
        raise ValueError(f"chunk_size must be a whole number ≥ 1, got {excerpt(chunk_size)}")


def run_tournament(
    bots: Sequence[BotSpec],
    *,
    game: str = "prohis",
    players: int | None = None,
    rules: Any = None,
    games: int = 100,
    seed: int = 0,
    rotate: bool = True,
    workers: int | None = None,
    executor: Executor | None = None,
    backend: str = "processes",
    chunk_size: int | None = None,
    progress: bool = True,
    keep_records: bool = True,
    sink: str | os.PathLike[str] | None = None,
    overwrite: bool = False,
    counts: bool = True,
    out: str | os.PathLike[str] | None = None,
) -> TournamentResult:
    """Play ``games`` games among ``bots`` (specs, see :mod:`prohis_nb.bots`); summarise them.

    ``rules`` (the game's rules value or its JSON form) overrides ``players``.
    ``workers``: processes for the default pool (default: the usable cores;
    1 plays in this process). ``executor``: any ``concurrent.futures.Executor``
    to use instead, e.g. a Dask client's ``client.get_executor(pure=False)``
    (it is not shut down). ``backend="dask"``: the running Dask client's
    executor, or else a temporary ``LocalCluster`` of ``workers`` processes
    (:mod:`prohis_nb.scale.dask_backend`). ``chunk_size``: games per task.
    ``progress``: a ``tqdm`` bar. ``keep_records=False`` drops the game
    records (faster, less memory).

    ``sink``: a folder to stream the games to instead of keeping them: each
    chunk writes a Parquet part with one row per game and seat and returns
    only running sums (:mod:`prohis_nb.scale.sink`); the result then holds no
    games but the same summary and comparisons, to the last digit. A folder
    with a previous run is refused unless ``overwrite=True``. Chunks then
    hold whole deals (``chunk_size`` is rounded up to a multiple of the games
    per deal). ``counts=False`` leaves out the decision-count columns (a
    second pass over every game: with random bots it takes several times as
    long as playing). The sink and Dask need the ``scale`` extra.

    ``out``: a folder to stream the records to (``game-00000.json``...) as
    the games finish, then ``summary.json`` (what :func:`write_results`
    writes, for a tournament kept in memory): memory stays at a few chunks
    however many games. The folder is made and checked before the first
    game (existing results are refused unless ``overwrite=True``); a file
    whose name is taken meanwhile, or whose folder fails, is saved under a
    free name and the result's ``saved_elsewhere`` says where.
    """
    if sink is not None and out is not None:
        raise ValueError("give either sink= (Parquet rows) or out= (records), not both")
    if sink is not None:
        keep_records = False  # the rows go to the sink; the records are never kept
    if out is not None:
        keep_records = True  # streamed to the folder, never kept
    plan = make_plan(
        bots,
        game=game,
        players=players,
        rules=rules,
        seed=seed,
        rotate=rotate,
        keep_records=keep_records,
    )
    _check_how_to_run(games, backend, executor, chunk_size)
    in_flight = 4 * workers if workers is not None else None
    if workers is None:
        workers = (
            len(os.sched_getaffinity(0))
            if hasattr(os, "sched_getaffinity")
            else (os.cpu_count() or 1)
        )
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    task: Callable[..., Any] = play_chunk
    extra: tuple[Any, ...] = ()
    size = chunk_size or _chunk(games, workers)
    folder = None
    records: RecordStream | None = None
    if sink is not None:
        from prohis_nb.scale.sink import play_chunk_to_sink, prepare_sink, require_pyarrow

        require_pyarrow()
        size = math.ceil(size / plan.group) * plan.group  # whole deals only
        folder = prepare_sink(sink, overwrite, games=games, chunk_size=size)
        task, extra = play_chunk_to_sink, (games, str(folder), counts)
    elif out is not None:
        # Records weigh: small chunks (whole deals, for the sums), few in flight.
        size = math.ceil(min(size, RECORDS_PER_CHUNK) / plan.group) * plan.group
        in_flight = 4 * workers
        records = RecordStream(prepare_out(out, games, overwrite), games, overwrite)
    elif executor is None and workers == 1 and backend == "processes":
        size = 1  # in this process: the bar moves game by game
    bar = _progress_bar(games, plan, progress)
    start = time.perf_counter()
    results: list[GameResult] = []
    sums = TournamentSums(players=plan.rules["players"])
    close: Callable[[], None] | None = None
    try:
        if executor is None and backend == "dask":
            from prohis_nb.scale.dask_backend import dask_executor

            executor, close = dask_executor(workers)
        chunks = ((first, min(first + size, games)) for first in range(0, games, size))
        if executor is None and workers == 1:
            outputs: Iterable[Any] = (task(plan, a, b, *extra) for a, b in chunks)
        elif executor is None:
            pool = ProcessPoolExecutor(max_workers=workers)
            close = lambda: pool.shutdown(wait=True, cancel_futures=True)  # noqa: E731
            outputs = _stream(pool, task, plan, chunks, extra, in_flight or 4 * workers)
        else:
            outputs = _stream(executor, task, plan, chunks, extra, in_flight or 256)
        for output in outputs:
            if records is not None:
                sums.merge(records.add(output))
                bar(len(output))
            elif folder is None:
                results.extend(output)
                bar(len(output))
            else:
                sums.merge(output)
                bar(output.games)
    finally:
        bar(0, close=True)
        if close is not None:
            close()
    seconds = time.perf_counter() - start
    if records is not None:
        result = TournamentResult(plan, [], seconds=seconds, sums=sums, out=records.folder)
        records.finish(result)
        result.saved_elsewhere = records.saver.report()
        return result
    if folder is None:
        results.sort(key=lambda result: result.index)
        return TournamentResult(plan, results, seconds=seconds)
    from prohis_nb.scale.sink import write_summary

    result = TournamentResult(plan, [], seconds=seconds, sums=sums, sink=folder)
    write_summary(result)
    return result


#: Games per chunk at most when the records are streamed to an ``out`` folder.
RECORDS_PER_CHUNK = 20


def make_plan(
    bots: Sequence[BotSpec],
    *,
    game: str = "prohis",
    players: int | None = None,
    rules: Any = None,
    seed: int = 0,
    rotate: bool = True,
    keep_records: bool = True,
) -> TournamentPlan:
    """Check the tournament's settings and bots (building each bot once); return the plan."""
    from prohis_nb.core.registry import spec as game_spec

    cls = game_spec(game).game_class
    if rules is None:
        default = game_spec(game).default_players
        rules = cls.rules_type(players=default if players is None else players)
    elif not isinstance(rules, cls.rules_type):
        rules = cls.rules_type.from_json(rules)
    if not bots:
        raise ValueError("give at least one bot")
    if len(bots) > rules.players:
        raise ValueError(
            f"{len(bots)} bots for {rules.players} seats: give at most one bot per seat"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, got {seed!r}")
    for spec in bots:
        bot = make_bot(spec, 0, game)  # refuse a bad spec here, not in a worker
        # and a missing extra too: in a worker it would stop the whole pool
        require_libraries(f"the {bot.name!r} bot", *getattr(bot, "needs", ()))
    return TournamentPlan(game, rules.to_json(), tuple(bots), seed, rotate, keep_records)


def _chunk(games: int, workers: int) -> int:
    """Games per task: about 8 tasks per worker (for an even load), at most 250."""
    return max(1, min(250, math.ceil(games / (8 * workers))))


def _stream(
    executor: Executor,
    task: Callable[..., Any],
    plan: TournamentPlan,
    chunks: Iterator[tuple[int, int]],
    extra: tuple[Any, ...],
    in_flight: int,
) -> Iterator[Any]:
    """Run ``task(plan, start, stop, *extra)`` for every chunk; yield outputs as they finish.

    At most ``in_flight`` chunks are submitted at a time, so a long tournament
    never queues (or holds) more than that, whatever its number of games.
    """
    pending = {executor.submit(task, plan, a, b, *extra) for a, b in islice(chunks, in_flight)}
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
                for a, b in islice(chunks, 1):
                    pending.add(executor.submit(task, plan, a, b, *extra))
    finally:
        for future in pending:
            future.cancel()


def _progress_bar(total: int, plan: TournamentPlan, enabled: bool) -> Callable[..., None]:
    """A function ``bar(n, close=False)`` advancing a tqdm bar (or doing nothing)."""
    if not enabled:
        return lambda n, close=False: None
    from tqdm.auto import tqdm  # a dependency of the base install; a widget in Jupyter

    bar = tqdm(total=total, desc=f"{plan.game} tournament", unit="game")

    def advance(n: int, close: bool = False) -> None:
        if n:
            bar.update(n)
        if close:
            bar.close()

    return advance


# ---------------------------------------------------------------- command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``prohis-nb tournament``."""
    parser.description = (
        "Play seeded games among bots, seats rotated over shared deals, and print mean "
        "scores and win rates with 95% confidence intervals by bot and by seat."
    )
    from prohis_nb.arguments import MAX_GAMES, game_help, players_help, whole_number
    from prohis_nb.core.limits import MAX_SEED
    from prohis_nb.progress import add_progress_option

    parser.add_argument("--game", default="prohis", help=game_help())
    parser.add_argument("--players", type=whole_number(0, 99), default=None, help=players_help())
    parser.add_argument(
        "--games", type=whole_number(1, MAX_GAMES), default=100, help="how many games (100)"
    )
    parser.add_argument(
        "--seed", type=whole_number(0, MAX_SEED), default=0, help="the tournament's seed (0)"
    )
    parser.add_argument(
        "--bots",
        default=None,
        help="comma-separated bot specs, at most one per seat, e.g. "
        "random,honest,bluff:bait=0.5:bribe=2 (default: the game's registered bots, "
        "as many as there are seats; for prohis: bluff,ev,honest,random)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="turn a rules variant on, e.g. --variant bribe_rounds=3",
    )
    parser.add_argument(
        "--workers",
        type=whole_number(1, 256),
        default=None,
        help="processes (default: every core; 1: no pool)",
    )
    parser.add_argument(
        "--no-rotate", action="store_true", help="fixed seats, a new deal for every game"
    )
    parser.add_argument("--out", type=Path, help="write summary.json and every game's record here")
    parser.add_argument(
        "--sink",
        metavar="FOLDER",
        help="stream every game to Parquet files here, one row per game and seat, plus "
        "_summary.json; keeps no records (needs the 'scale' extra)",
    )
    parser.add_argument(
        "--no-counts",
        action="store_true",
        help="--sink without the decision-count columns (faster)",
    )
    parser.add_argument(
        "--dask",
        metavar="SCHEDULER",
        help="play on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' for "
        "a LocalCluster of --workers processes (needs the 'scale' extra)",
    )
    parser.add_argument(
        "--force", action="store_true", help="replace a previous run in the --out or --sink folder"
    )
    add_progress_option(parser)  # --progress / --no-progress; default: a bar if stderr is a TTY


def run_from_args(args: argparse.Namespace) -> int:
    """Run ``prohis-nb tournament``; return the exit status."""
    from prohis_nb.core.limits import parse_json
    from prohis_nb.extras import raise_missing_extra
    from prohis_nb.progress import wants_progress

    variants: dict[str, Any] = {}
    for item in args.variant:
        name, sep, value = item.partition("=")
        try:
            variants[name] = parse_json(value, what=f"variant {excerpt(name)}") if sep else True
        except ProhisNbError as error:
            if "not valid JSON" not in str(error):
                print(f"prohis-nb tournament: {error}", file=sys.stderr)
                return 1
            variants[name] = value
    if args.out is not None and args.sink is not None:
        print(
            "prohis-nb tournament: --out keeps every record and --sink streams rows instead; "
            "choose one",
            file=sys.stderr,
        )
        return 1
    if args.out is not None:
        try:  # where the results go, checked (and the folder made) before any game
            prepare_out(args.out, args.games, args.force)
        except ProhisNbError as error:
            print(f"prohis-nb tournament: {error}", file=sys.stderr)
            return 1
    from prohis_nb.bots import bot_names
    from prohis_nb.core.registry import GAMES, available_games, game_class, spec, unknown_game

    if args.game not in GAMES:  # the one wording of every entry point (attack-24 F16)
        print(f"prohis-nb tournament: {unknown_game(args.game)}", file=sys.stderr)
        return 1
    if args.game not in available_games():
        print(
            f"prohis-nb tournament: the game {excerpt(args.game)} is not available here; "
            f"the games are {', '.join(available_games())}",
            file=sys.stderr,
        )
        return 1
    players = spec(args.game).default_players if args.players is None else args.players
    try:
        if args.bots is None:
            specs = bot_names(args.game, optional=False)[:players]
        else:
            specs = [spec for spec in args.bots.split(",") if spec.strip()]

        rules = game_class(args.game).rules_type.from_json(
            {"players": players, "variants": variants}
        )
        with _dask_client(args.dask, args.workers) as executor:
            result = run_tournament(
                specs,
                game=args.game,
                rules=rules,
                games=args.games,
                seed=args.seed,
                rotate=not args.no_rotate,
                workers=args.workers,
                executor=executor,
                progress=wants_progress(args),
                keep_records=False,  # --out streams the records to the folder instead
                sink=args.sink,
                overwrite=args.force,
                counts=not args.no_counts,
                out=args.out,
            )
    except ModuleNotFoundError as error:  # a bot's maths without its extra: name the extra
        raise_missing_extra(error, "prohis-nb tournament")  # main prints it in one line
        print(f"prohis-nb tournament: {error}", file=sys.stderr)
        return 1
    except (ProhisNbError, ValueError, ImportError) as error:
        print(f"prohis-nb tournament: {error}", file=sys.stderr)
        return 1
    print(result.table(timing=True))
    if result.sink is not None:
        print(f"{result.played} games streamed to {result.sink}/ (part-*.parquet, _summary.json)")
    if args.out is not None:
        print(f"summary and {result.played} records written to {args.out}/")
        if result.saved_elsewhere:
            print(f"prohis-nb tournament: {result.saved_elsewhere}", file=sys.stderr)
    return 0


@contextlib.contextmanager
def _dask_client(address: str | None, workers: int | None) -> Iterator[Executor | None]:
    """``--dask``: an executor on the scheduler at ``address`` (or a LocalCluster), then closed."""
    if address is None:
        yield None
        return
    from prohis_nb.scale import require

    distributed = require("distributed", "--dask")
    from prohis_nb.scale.dask_backend import drop_cancelled_race_logs

    drop_cancelled_race_logs()
    if address == "local":  # Ctrl-C reaches this process alone, which closes the cluster
        from prohis_nb.scale.dask_backend import local_cluster

        client, cluster = local_cluster(workers)
    else:
        cluster = None
        try:
            client = distributed.Client(address)  # waits distributed.comm.timeouts.connect
        except (OSError, ValueError) as error:
            raise ValueError(
                f"cannot reach the Dask scheduler {excerpt(address)}: {error}"
            ) from None
    try:
        yield client.get_executor(pure=False)
    finally:
        from prohis_nb.scale.dask_backend import close_quietly

        close_quietly(client, cluster)


def _record_name(index: int, games: int) -> str:
    """The file of game ``index`` of ``games`` (``game-00000.json``: names sort in game order)."""
    return f"game-{index:0{max(5, len(str(games - 1)))}d}.json"


_RESULT_FILE = re.compile(r"game-(\d{5,})\.json")
#: A game's line in summary.json: every field of GameResult but its record.
SUMMARY_FIELDS = ("index", "deal", "seed", "lineup", "scores", "winners", "decisions")


def prepare_out(folder: str | os.PathLike[str], games: int, overwrite: bool = False) -> Path:
    """Make the ``out`` folder and check that results may go there, before any game.

    One look at the folder (not one per game: a million names cost nothing
    to check): ``summary.json`` or a ``game-NNNNN.json`` that this
    tournament would write is refused (``SaveError``) unless ``overwrite``.
    """
    from prohis_nb.core.files import check_folder

    path = check_folder(folder, make=True)
    for entry in os.scandir(path):
        found = _RESULT_FILE.fullmatch(entry.name)
        ours = entry.name == "summary.json" or (
            found is not None
            and int(found.group(1)) < games
            and entry.name == _record_name(int(found.group(1)), games)
        )
        if ours and not overwrite:
            raise SaveError(
                f"{excerpt(str(path / entry.name))} already exists; choose another folder, or "
                "replace results written before (--force, overwrite=True)"
            )
    return path


class RecordStream:
    """An ``out`` folder filled as the games finish (see :func:`run_tournament`).

    :meth:`add` writes a chunk's records at once and keeps only each game's
    one-line summary, in game order, in a temporary file; :meth:`finish`
    writes ``summary.json`` from it. Every file goes through a
    :class:`~prohis_nb.core.files.ResultSaver`: a name taken meanwhile or a
    folder that fails moves the file under a free name, never loses it.
    """

    def __init__(self, folder: Path, games: int, overwrite: bool) -> None:
        import tempfile

        from prohis_nb.core.files import ResultSaver

        self.folder, self.games = folder, games
        self.saver = ResultSaver(overwrite)
        # the games, one per line (closed by finish; anonymous, so nothing is left behind)
        self.lines = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self.waiting: dict[int, list[str]] = {}  # chunks that finished before an earlier one
        self.next = 0

    def add(self, output: list[GameResult]) -> TournamentSums:
        """Write the records of one chunk (whole deals); return its sums."""
        from prohis_nb.core.record import ENVELOPE_KEYS, Record

        lines = []
        for result in output:
            if result.record is not None:  # the engine's own record: written as it is
                text = Record(**{key: result.record[key] for key in ENVELOPE_KEYS}).dumps()
                self.saver.save(self.folder / _record_name(result.index, self.games), text)
            summary = {name: getattr(result, name) for name in SUMMARY_FIELDS}
            lines.append(json.dumps(summary))
        sums = TournamentSums.from_games(output)
        if output:
            self.waiting[output[0].index] = lines
        while self.next in self.waiting:  # in game order, as soon as the order allows
            done = self.waiting.pop(self.next)
            self.lines.writelines(line + "\n" for line in done)
            self.next += len(done)
        return sums

    def finish(self, result: TournamentResult) -> Path:
        """Write ``summary.json`` (the summary, then every game in order); return where it went."""
        head = result.to_json()
        del head["games"]
        opening = json.dumps(head, indent=1)[:-2] + ',\n "games": [\n'

        def write(name: str) -> None:
            self.lines.seek(0)
            with open(name, "w", encoding="utf-8") as out:
                out.write(opening)
                for number, line in enumerate(self.lines):
                    out.write(("  " if number == 0 else ",\n  ") + line.rstrip("\n"))
                out.write("\n ]\n}\n")

        try:
            return self.saver.save(self.folder / "summary.json", write)
        finally:
            self.lines.close()


def write_results(result: TournamentResult, folder: Path, overwrite: bool = True) -> None:
    """Write ``summary.json`` and one record per game (``game-00000.json``...) into ``folder``.

    Each file is written atomically; with ``overwrite=False`` an existing file
    is refused (``SaveError``) rather than replaced.
    """
    from prohis_nb.core.files import write_text
    from prohis_nb.core.record import Record

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveError(
            f"cannot make the folder {excerpt(str(folder))}: {error.strerror}"
        ) from None
    write_text(folder / "summary.json", json.dumps(result.to_json(), indent=1) + "\n", overwrite)
    width = max(5, len(str(len(result.games) - 1)))
    for game in result.games:
        if game.record is not None:
            Record.from_json(game.record).save(
                folder / f"game-{game.index:0{width}d}.json", overwrite=overwrite
            )
