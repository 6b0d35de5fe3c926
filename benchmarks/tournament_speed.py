"""How fast do tournaments run? Games per second with 1 and 2 workers, with and without a sink.

``--four-bots`` prints the figure of issue 15: a tournament of each game's
four bots (Prohis random, honest, bluff, ev; Smuggle random, honest, liar,
ev), 1,000 games without records, on 1 and 2 workers, the median of
``--repeats`` runs (3). Target (issue 15, on the 2-core machine): at least
200 games/s on 2 workers for each game.

    python benchmarks/tournament_speed.py --four-bots [--games 1000] [--repeats 3]
        [--workers 1 2]

The default is the issue's figure: a 10,000-game four-player tournament of
random bots (records kept, as a user gets them), once in this process
(``workers=1``) and once on a pool of 2 processes. Target (issue 5, on the
2-core CI machine): the 10,000 games in under a minute on 2 cores.

    python benchmarks/tournament_speed.py [--game prohis] [--games 10000] [--players 4]
        [--bots random] [--workers 1 2] [--no-records] [--profile]
        [--sink] [--no-counts]
    python benchmarks/tournament_speed.py --memory 1000000 [--workers 1 2] [--no-counts]
        [--chunk-size 250] [--folder runs/million]

Smuggle with its bots, for example:
``--game smuggle --games 1000 --bots random,honest,liar,ev``.

``--sink`` adds, for each number of workers, the same tournament streamed to
Parquet files in a temporary folder (the ``scale`` extra), with the decision
counts unless ``--no-counts``.

``--memory N`` writes N random games to Parquet and measures the peak memory
of the client (the process's peak resident size, ``ru_maxrss``, and with
``--tracemalloc`` the peak of its Python allocations) and of the worker
processes (the largest ``ru_maxrss`` among them), each size in a fresh
process: first one chunk, then N/100, N/10 and N games. A sink keeps no game
in the client, so the peaks must not grow with N beyond one chunk's worth.
The engine's own bounded memo tables of legal-action lists (``lru_cache``,
:mod:`prohis_nb.core.caches`; the ``cache`` column: entries left in the
client when it plays) would fill up over hundreds of thousands of games; the
sink empties them after every chunk, so they hold one chunk's worth at most.
A million games take a while (1,000 s at 1,000 games/s); the table also
prints the extrapolated time for a million.

``--profile`` runs the one-worker tournament under pyinstrument and prints
where the time goes. Other benchmarks call :func:`tournament_throughput`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from prohis_nb.tournament import run_tournament

TARGET_SECONDS_ON_TWO_CORES = 60.0
#: Issue 15: a tournament of each game's four bots, in games per second on 2 workers.
FOUR_BOTS_TARGET = 200.0
FOUR_BOTS = {
    "prohis": ("random", "honest", "bluff", "ev"),
    "smuggle": ("random", "honest", "liar", "ev"),
}


def tournament_throughput(
    games: int = 10_000,
    players: int = 4,
    bots: tuple[str, ...] = ("random",),
    workers: int = 1,
    seed: int = 0,
    keep_records: bool = True,
    game: str = "prohis",
    sink: str | None = None,
    counts: bool = True,
    chunk_size: int | None = None,
) -> dict[str, float]:
    """Run one tournament; return ``{"seconds", "games_per_second", "decisions_per_second"}``.

    With ``sink`` (a folder, replaced) the games are streamed to Parquet and
    ``decisions_per_second`` is ``nan`` (the client never sees the games).
    """
    start = time.perf_counter()
    result = run_tournament(
        list(bots),
        game=game,
        players=players,
        games=games,
        seed=seed,
        workers=workers,
        progress=False,
        keep_records=keep_records,
        sink=sink,
        overwrite=True,
        counts=counts,
        chunk_size=chunk_size,
    )
    seconds = time.perf_counter() - start
    decisions = sum(g.decisions for g in result.games) if sink is None else float("nan")
    return {
        "seconds": seconds,
        "games_per_second": games / seconds,
        "decisions_per_second": decisions / seconds,
    }


# ---------------------------------------------------------------- memory


def measure_memory(
    games: int, workers: int, counts: bool, chunk: int, folder: str, traced: bool
) -> dict:
    """One sink run, in this (fresh) process: time and peak memory of client and workers.

    ``traced``: also follow the client's Python allocations with ``tracemalloc``
    (it slows Python down several times: the games/s are then not comparable).
    """
    import resource
    import tracemalloc

    if traced:
        tracemalloc.start()
    figures = tournament_throughput(
        games, workers=workers, keep_records=False, sink=folder, counts=counts, chunk_size=chunk
    )
    peak = tracemalloc.get_traced_memory()[1] if traced else float("nan")
    cache_entries = _engine_cache_entries()
    cache_bytes = _clear_engine_caches() if traced else float("nan")
    tracemalloc.stop()
    kib = 1024  # ru_maxrss is in KiB on Linux
    return {
        "games": games,
        "workers": workers,
        "seconds": figures["seconds"],
        "engine_cache_entries": cache_entries,
        "engine_cache_bytes": cache_bytes,
        "client_traced_peak": peak,
        "client_maxrss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * kib,
        "workers_maxrss": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * kib,
        "parquet_bytes": sum(p.stat().st_size for p in Path(folder).glob("part-*.parquet")),
    }


def _engine_cache_entries() -> int:
    """Entries in the engine's bounded memo tables (``lru_cache``) in this process."""
    from prohis_nb.core.caches import engine_cache_entries

    return engine_cache_entries()


def _clear_engine_caches() -> int:
    """Empty the engine's memo tables; return the traced bytes that freed (tracemalloc running)."""
    import gc
    import tracemalloc

    from prohis_nb.core.caches import clear_engine_caches

    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    clear_engine_caches()
    gc.collect()
    return before - tracemalloc.get_traced_memory()[0]


def memory_table(
    total: int, workers: list[int], counts: bool, chunk: int, folder: str, traced: bool
) -> None:
    """Print the memory figures for one chunk, total/100, total/10 and total games."""
    sizes = sorted({chunk, *(total // d for d in (100, 10, 1) if total // d >= chunk)})
    print(
        f"Parquet sink, random 4-player Prohis, chunks of {chunk} games, decision counts "
        f"{'on' if counts else 'off'}; each row a fresh process (MiB)"
    )
    print(
        f"{'workers':>7} {'games':>9} {'seconds':>8} {'games/s':>8} {'client traced':>13} "
        f"{'client RSS':>10} {'worker RSS':>10} {'Parquet':>8} {'1M games in':>11} "
        f"{'cache':>7}" + (f" {'cache MiB':>9}" if traced else "")
    )
    mib = 2**20
    for count in workers:
        for games in sizes:
            command = [
                sys.executable, __file__, "--memory-run", str(games), "--workers", str(count),
                "--chunk-size", str(chunk), "--folder", folder,
                *(["--no-counts"] if not counts else []),
                *(["--tracemalloc"] if traced else []),
            ]  # fmt: skip
            out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
            f = json.loads(out.strip().splitlines()[-1])
            rate = f["games"] / f["seconds"]
            workers_rss = f"{f['workers_maxrss'] / mib:>10.0f}" if count > 1 else f"{'-':>10}"
            caches = f.get("engine_cache_bytes", float("nan")) / mib
            print(
                f"{count:>7} {games:>9,} {f['seconds']:>8.1f} {rate:>8,.0f} "
                f"{f['client_traced_peak'] / mib:>13.1f} {f['client_maxrss'] / mib:>10.0f} "
                f"{workers_rss} {f['parquet_bytes'] / mib:>8.1f} "
                f"{1_000_000 / rate / 60:>7.0f} min {f['engine_cache_entries']:>7,}"
                + (f" {caches:>9.1f}" if traced else ""),
                flush=True,
            )


# ---------------------------------------------------------------- the four bots


def four_bots_table(games: int, workers: list[int], repeats: int) -> None:
    """Print each game's four-bot tournament: median games/s per number of workers."""
    import statistics

    print(
        f"four-bot tournaments: {games:,} games, 4 players, no records, "
        f"median of {repeats} run{'s' if repeats > 1 else ''}"
    )
    print(f"{'game':<8} {'bots':<26} {'workers':>7} {'games/s':>8} {'runs':>20} {'target':>14}")
    for game, bots in FOUR_BOTS.items():
        for count in workers:
            rates = [
                tournament_throughput(games, 4, bots, count, keep_records=False, game=game)[
                    "games_per_second"
                ]
                for _ in range(repeats)
            ]
            median = statistics.median(rates)
            verdict = ""
            if count == 2:
                ok = "ok" if median >= FOUR_BOTS_TARGET else "TOO SLOW"
                verdict = f"{FOUR_BOTS_TARGET:.0f}/s: {ok}"
            runs = " ".join(f"{rate:.0f}" for rate in rates)
            print(
                f"{game:<8} {','.join(bots):<26} {count:>7} {median:>8,.0f} {runs:>20} "
                f"{verdict:>14}",
                flush=True,
            )


# ---------------------------------------------------------------- command line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="prohis", help="prohis or smuggle")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random", help="comma-separated bot specs")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--no-records", action="store_true", help="do not keep game records")
    parser.add_argument("--profile", action="store_true", help="profile the 1-worker run")
    parser.add_argument(
        "--four-bots",
        action="store_true",
        help="issue 15's figure: each game's four bots, 1,000 games (or --games), 200/s target",
    )
    parser.add_argument("--repeats", type=int, default=3, help="--four-bots: runs per figure")
    parser.add_argument("--sink", action="store_true", help="also stream to Parquet")
    parser.add_argument("--no-counts", action="store_true", help="sink without decision counts")
    parser.add_argument("--memory", type=int, metavar="N", help="peak memory writing N games")
    parser.add_argument("--memory-run", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--chunk-size", type=int, default=250, help="games per chunk (250)")
    parser.add_argument("--folder", help="the sink folder (default: a temporary one)")
    parser.add_argument(
        "--tracemalloc", action="store_true", help="--memory: trace the client's allocations"
    )
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    counts = not args.no_counts

    if args.four_bots:
        games = args.games if args.games != parser.get_default("games") else 1_000
        four_bots_table(games, args.workers, args.repeats)
        return
    if args.memory_run:
        figures = measure_memory(
            args.memory_run, args.workers[0], counts, args.chunk_size, args.folder, args.tracemalloc
        )
        print(json.dumps(figures))
        return
    if args.memory:
        with tempfile.TemporaryDirectory(prefix="prohis-sink-") as scratch:
            folder = args.folder or str(Path(scratch) / "run")
            memory_table(
                args.memory, args.workers, counts, args.chunk_size, folder, args.tracemalloc
            )
        return

    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler()
        profiler.start()
        tournament_throughput(
            args.games, args.players, bots, 1, keep_records=not args.no_records, game=args.game
        )
        profiler.stop()
        print(profiler.output_text(unicode=True, color=False))
        return

    print(
        f"{args.game}: {args.games:,} games, {args.players} players, bots {', '.join(bots)}, "
        f"records {'dropped' if args.no_records else 'kept'} in memory"
        + (f"; sink: Parquet, decision counts {'on' if counts else 'off'}" if args.sink else "")
    )
    print(f"{'workers':>7} {'sink':>7} {'seconds':>8} {'games/s':>9} {'decisions/s':>12}")
    timings = {}
    with tempfile.TemporaryDirectory(prefix="prohis-sink-") as scratch:
        for workers in args.workers:
            for sink in [None, str(Path(scratch) / "run")] if args.sink else [None]:
                figures = tournament_throughput(
                    args.games,
                    args.players,
                    bots,
                    workers,
                    keep_records=not args.no_records,
                    game=args.game,
                    sink=sink,
                    counts=counts,
                )
                if sink is None:
                    timings[workers] = figures["seconds"]
                decisions = figures["decisions_per_second"]
                print(
                    f"{workers:>7} {'Parquet' if sink else '-':>7} {figures['seconds']:>8.2f} "
                    f"{figures['games_per_second']:>9,.0f} "
                    + (f"{decisions:>12,.0f}" if sink is None else f"{'-':>12}"),
                    flush=True,
                )
    if 2 in timings and args.game == "prohis" and args.games == 10_000 and bots == ("random",):
        verdict = "ok" if timings[2] < TARGET_SECONDS_ON_TWO_CORES else "TOO SLOW"
        print(
            f"target: 10,000 games under {TARGET_SECONDS_ON_TWO_CORES:.0f} s on 2 cores: {verdict}"
        )


if __name__ == "__main__":
    main()
