"""How fast do tournaments run? Prints games per second with 1 and 2 workers.

The default is the issue's figure: a 10,000-game four-player tournament of
random bots (records kept, as a user gets them), once in this process
(``workers=1``) and once on a pool of 2 processes. Target (issue 5, on the
2-core CI machine): the 10,000 games in under a minute on 2 cores.

    python benchmarks/tournament_speed.py [--game prohis] [--games 10000] [--players 4]
        [--bots random] [--workers 1 2] [--no-records] [--profile]

Smuggle with its bots, for example:
``--game smuggle --games 1000 --bots random,honest,liar,ev``.

``--profile`` runs the one-worker tournament under pyinstrument and prints
where the time goes. Other benchmarks call :func:`tournament_throughput`.
"""

from __future__ import annotations

import argparse
import time

from prohis_nb.tournament import run_tournament

TARGET_SECONDS_ON_TWO_CORES = 60.0


def tournament_throughput(
    games: int = 10_000,
    players: int = 4,
    bots: tuple[str, ...] = ("random",),
    workers: int = 1,
    seed: int = 0,
    keep_records: bool = True,
    game: str = "prohis",
) -> dict[str, float]:
    """Run one tournament; return ``{"seconds", "games_per_second", "decisions_per_second"}``."""
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
    )
    seconds = time.perf_counter() - start
    decisions = sum(g.decisions for g in result.games)
    return {
        "seconds": seconds,
        "games_per_second": games / seconds,
        "decisions_per_second": decisions / seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="prohis", help="prohis or smuggle")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random", help="comma-separated bot specs")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--no-records", action="store_true", help="do not keep game records")
    parser.add_argument("--profile", action="store_true", help="profile the 1-worker run")
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))

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
        f"records {'dropped' if args.no_records else 'kept'}"
    )
    print(f"{'workers':>7} {'seconds':>8} {'games/s':>9} {'decisions/s':>12}")
    timings = {}
    for workers in args.workers:
        figures = tournament_throughput(
            args.games,
            args.players,
            bots,
            workers,
            keep_records=not args.no_records,
            game=args.game,
        )
        timings[workers] = figures["seconds"]
        print(
            f"{workers:>7} {figures['seconds']:>8.2f} {figures['games_per_second']:>9,.0f} "
            f"{figures['decisions_per_second']:>12,.0f}"
        )
    if 2 in timings and args.game == "prohis" and args.games == 10_000 and bots == ("random",):
        verdict = "ok" if timings[2] < TARGET_SECONDS_ON_TWO_CORES else "TOO SLOW"
        print(
            f"target: 10,000 games under {TARGET_SECONDS_ON_TWO_CORES:.0f} s on 2 cores: {verdict}"
        )


if __name__ == "__main__":
    main()
