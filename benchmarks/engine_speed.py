"""How fast is the engine? Prints random-play throughput and import time.

For each game and player count: games per second and decisions per second of
uniformly random legal play on one core (the same loop as ``prohis-nb
simulate``), and the mean number of decisions per game; then the wall time of
``python -c "import prohis_nb"``. Each figure is the median of the script's own
repeats. Targets (issue 4, on the 2-core CI machine): at least 50,000 decisions
per second and 200 four-player Prohis games per second; import under 50 ms.

    python benchmarks/engine_speed.py [--repeats 5] [--games 200]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from prohis_nb.cli import random_game
from prohis_nb.games import available_games, game_class

TARGET_DECISIONS_PER_SECOND = 50_000
TARGET_PROHIS_4P_GAMES_PER_SECOND = 200
TARGET_IMPORT_MS = 50


def play_batch(name: str, players: int, games: int, first_seed: int) -> tuple[float, int]:
    """Play ``games`` random games; return (seconds, decisions)."""
    cls = game_class(name)
    rules = cls.rules_type(players=players)
    decisions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        game = random_game(cls, rules, seed)
        decisions += len(game.actions)
    return time.perf_counter() - start, decisions


def import_time_ms(repeats: int, compiled: bool) -> tuple[float, float]:
    """Median wall time (ms) of ``python -c "import prohis_nb"`` and of ``python -c pass``.

    ``compiled``: allow Python to use (and write) ``.pyc`` files, as an installed
    package does; without it every run compiles the sources again.
    """
    env = dict(os.environ)
    if compiled:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    subprocess.run([sys.executable, "-c", "import prohis_nb"], env=env, check=True)  # warm-up

    def wall(code: str) -> float:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], env=env, check=True)
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times)

    return wall("import prohis_nb"), wall("pass")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=200, help="games per repeat")
    args = parser.parse_args()

    print(f"Random legal play, one core, median of {args.repeats} repeats of {args.games} games")
    print(f"{'game':<8} {'players':>7} {'games/s':>9} {'decisions/s':>12} {'decisions/game':>15}")
    verdicts = []
    for name in available_games():
        for players in (3, 4, 6):
            rates, decision_rates, per_game = [], [], []
            for repeat in range(args.repeats):
                seconds, decisions = play_batch(name, players, args.games, repeat * args.games)
                rates.append(args.games / seconds)
                decision_rates.append(decisions / seconds)
                per_game.append(decisions / args.games)
            games_per_s = statistics.median(rates)
            decisions_per_s = statistics.median(decision_rates)
            print(
                f"{name:<8} {players:>7} {games_per_s:>9,.0f} {decisions_per_s:>12,.0f} "
                f"{statistics.mean(per_game):>15.1f}"
            )
            verdicts.append(
                (f"{name} {players}p decisions/s", decisions_per_s, TARGET_DECISIONS_PER_SECOND)
            )
            if name == "prohis" and players == 4:
                verdicts.append(
                    ("prohis 4p games/s", games_per_s, TARGET_PROHIS_4P_GAMES_PER_SECOND)
                )

    compiled_ms, bare_ms = import_time_ms(args.repeats * 2, compiled=True)
    source_ms, _ = import_time_ms(args.repeats * 2, compiled=False)
    print()
    print(
        f'python -c "import prohis_nb": {compiled_ms:.1f} ms wall '
        f"(bare interpreter {bare_ms:.1f} ms, so the import itself {compiled_ms - bare_ms:.1f} ms)"
    )
    print(f"  the same without .pyc files (PYTHONDONTWRITEBYTECODE=1): {source_ms:.1f} ms")
    print()
    print("Targets:")
    for label, value, target in verdicts:
        print(
            f"  {label:<28} {value:>10,.0f}  target >= {target:,}  "
            f"{'ok' if value >= target else 'MISSED'}"
        )
    print(
        f"  {'import (wall)':<28} {compiled_ms:>10.1f}  target <  {TARGET_IMPORT_MS} ms  "
        f"{'ok' if compiled_ms < TARGET_IMPORT_MS else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
