"""How fast is the bluffing maths? An EV slider must feel instant.

Prints, each as the median of repeats: the time to compute the full exact
catch table (every convoy of 2-4 cards, every k, c and rank, from a cold
cache), the time to solve the convoy game, the time of one controller EV with
a hypergeometric belief, and tournament throughput (games per second) with 1
and 2 workers. Targets (issue 5): exact table and equilibrium under 100 ms
each; a 10,000-game four-player random tournament in under a minute on the
2-core CI machine.

    python benchmarks/analysis_speed.py [--repeats 7] [--tournament-games 10000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from prohis_nb.analysis import catch_table, controller_values, convoy_belief
from prohis_nb.analysis.equilibrium import ConvoyGame, solve_convoy_game
from prohis_nb.analysis.odds import catch_probability

sys.path.insert(0, str(Path(__file__).parent))
from tournament_speed import tournament_throughput

TARGET_MS = 100.0
TARGET_TOURNAMENT_SECONDS = 60.0


def median_ms(action, repeats: int, setup=None) -> float:
    times = []
    for _ in range(repeats):
        if setup:
            setup()
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


#: Own-money rule sets on which nashpy's Lemke-Howson cycled for ever (attack-24 F1, F9),
#: and the largest menu the rules allow (8 bribes: a 162 x 512 game).
HUNG_MENUS = (
    (("legal", "legal"), ("captain",)),
    (("legal",), ("legal", "legal")),
)
LARGEST_MENU = (
    ("legal",), ("illegal",), ("lieutenant",), ("captain",), ("inspector",),
    ("legal", "legal"), ("illegal", "legal"), ("captain", "legal"),
)  # fmt: skip


def own_money_solves(repeats: int) -> None:
    """Time the exact Lemke-Howson of the convoy game with each side's own money.

    Every own-money rule set of 2-4 cards with the menus that hung nashpy
    (the worst and the median of them), and the largest menu once.
    """
    from prohis_nb.convoy.bots import Behaviour
    from prohis_nb.convoy.rules import ConvoyRules

    times = []
    for card in ("lieutenant", "captain", "inspector"):
        for size in (2, 3, 4):
            for illegal in range(1, size + 1):
                for bribes in HUNG_MENUS:
                    for keeps in (False, True):
                        rules = ConvoyRules(
                            card=card, size=size, illegal=illegal, bribes=bribes,
                            waiver_keeps_card=keeps, payoffs="own",
                        )  # fmt: skip
                        times.append(median_ms(lambda r=rules: Behaviour(r), 1))
    print(
        f"own-money convoy solves with the menus that hung nashpy ({len(times)} rule sets): "
        f"median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms"
    )
    largest = ConvoyRules(card="captain", size=3, illegal=2, bribes=LARGEST_MENU, payoffs="own")
    start = time.perf_counter()
    Behaviour(largest)
    print(
        f"own-money convoy solve, largest menu (8 bribes, 162 x 512): "
        f"{time.perf_counter() - start:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--tournament-games", type=int, default=10_000)
    args = parser.parse_args()

    solve_convoy_game()  # import numpy and nashpy once, outside the timing
    table_ms = median_ms(catch_table, args.repeats, setup=catch_probability.cache_clear)
    game = ConvoyGame()
    solve_ms = median_ms(lambda: solve_convoy_game(game), args.repeats)
    unseen = {"legal": 30, "illegal": 15, "lieutenant": 4, "captain": 2, "inspector": 2}
    ev_ms = median_ms(
        lambda: controller_values(convoy_belief(unseen, 4), "inspector"),
        args.repeats,
        setup=catch_probability.cache_clear,
    )
    print(
        f"exact catch table (n <= 4, all k, c, r), cold cache: {table_ms:8.2f} ms "
        f"(target < {TARGET_MS:.0f} ms) {'ok' if table_ms < TARGET_MS else 'MISSED'}"
    )
    print(
        f"convoy game equilibrium (nashpy, 8 x 4):          {solve_ms:8.2f} ms "
        f"(target < {TARGET_MS:.0f} ms) {'ok' if solve_ms < TARGET_MS else 'MISSED'}"
    )
    print(f"one controller EV with a 4-card belief:           {ev_ms:8.2f} ms")
    own_money_solves(args.repeats)

    games = args.tournament_games
    for workers in (1, 2):
        figures = tournament_throughput(games=games, players=4, workers=workers)
        verdict = ""
        if workers == 2:
            ok = figures["seconds"] < TARGET_TOURNAMENT_SECONDS
            verdict = f" (target < {TARGET_TOURNAMENT_SECONDS:.0f} s) {'ok' if ok else 'MISSED'}"
        print(
            f"tournament, {games:,} random 4-player games, {workers} worker(s): "
            f"{figures['seconds']:.1f} s, {figures['games_per_second']:,.0f} games/s{verdict}"
        )


if __name__ == "__main__":
    main()
