"""How fast is the engine? Prints random-play throughput and import time.

For each game and player count: games per second and decisions per second of
uniformly random legal play on one core (the same loop as ``prohis-nb
simulate``), and the mean number of decisions per game; then the wall time of
``python -c "import prohis_nb"``. Each figure is the median of the script's own
repeats. Targets (issue 15, on the 2-core CI machine): at least 250,000
decisions per second at four players for Prohis and Smuggle, and, when
OpenSpiel is installed, at least parity (ratio >= 1) with its C++ card games
go_fish and crazy_eights at four players; 200 four-player Prohis games per
second; import under 50 ms.

    python benchmarks/engine_speed.py [--repeats 5] [--games 200] [--no-openspiel]

When open-spiel is installed (the ``openspiel`` extra), the same loop then
plays three of OpenSpiel's card games in the same process - go_fish and
crazy_eights (C++) and python_liars_poker (pure Python), at four players - and
prints how our four-player engines compare. Our engines are timed again in
that part, each repeat right next to OpenSpiel's (interleaved), so that the
ratios compare figures taken in the same minute even on a loaded machine.
The loop is the same for every
system: ask for the legal actions, pick one uniformly with ``random.Random``,
apply it; OpenSpiel's chance nodes (the deal) are sampled from their own
outcome probabilities and not counted as decisions (our engines deal inside
the constructor, which is timed).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

from prohis_nb.cli import random_game
from prohis_nb.games import available_games, game_class, spec

TARGET_DECISIONS_PER_SECOND = 250_000  # at four players (issue 15)
TARGET_PROHIS_4P_GAMES_PER_SECOND = 200
#: OpenSpiel's C++ card games our four-player engines should match (ratio >= 1).
TARGET_PARITY_WITH = ("go_fish", "crazy_eights")
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


OPENSPIEL_GAMES = ("go_fish", "crazy_eights", "python_liars_poker")


def play_openspiel_batch(name: str, players: int, games: int, first_seed: int) -> tuple[float, int]:
    """Play ``games`` random games of an OpenSpiel game; return (seconds, decisions)."""
    import pyspiel  # the openspiel extra
    from open_spiel.python import games as _python_games  # noqa: F401  registers python_*

    game = pyspiel.load_game(name, {"players": players})
    decisions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(f"random-player:{seed}")
        choice = rng.choice
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [action for action, _ in outcomes]
                weights = [probability for _, probability in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
    return time.perf_counter() - start, decisions


def openspiel_available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


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
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel comparison")
    args = parser.parse_args()

    print(f"Random legal play, one core, median of {args.repeats} repeats of {args.games} games")
    print(f"{'game':<8} {'players':>7} {'games/s':>9} {'decisions/s':>12} {'decisions/game':>15}")
    verdicts = []
    four_player: dict[str, float] = {}
    for name in available_games():
        for players in (3, 4, 6):
            if players not in spec(name).players:  # a two-seat stage game: not a full game
                continue
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
            if players == 4:
                four_player[name] = decisions_per_s
                verdicts.append(
                    (f"{name} 4p decisions/s", decisions_per_s, TARGET_DECISIONS_PER_SECOND)
                )
            if name == "prohis" and players == 4:
                verdicts.append(
                    ("prohis 4p games/s", games_per_s, TARGET_PROHIS_4P_GAMES_PER_SECOND)
                )

    ratio_verdicts: list[tuple[str, float]] = []
    if not args.no_openspiel:
        ratio_verdicts = compare_with_openspiel(args, list(four_player))

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
    for label, ratio in ratio_verdicts:
        print(f"  {label:<28} {ratio:>10.2f}  target >= 1  {'ok' if ratio >= 1 else 'MISSED'}")
    print(
        f"  {'import (wall)':<28} {compiled_ms:>10.1f}  target <  {TARGET_IMPORT_MS} ms  "
        f"{'ok' if compiled_ms < TARGET_IMPORT_MS else 'MISSED'}"
    )


def compare_with_openspiel(args: argparse.Namespace, ours: list[str]) -> list[tuple[str, float]]:
    """The same loop over OpenSpiel's card games, and our four-player engines' ratios to them.

    Each repeat plays our engines and OpenSpiel's games one right after the
    other (interleaved), so that a change of load on a shared machine hits
    both sides of a ratio alike. Returns the parity verdicts (label, ratio).
    """
    print()
    if not openspiel_available():
        print(
            "OpenSpiel comparison skipped: open-spiel is not installed (pip install '.[openspiel]')"
        )
        return []
    print(
        f"OpenSpiel, the same loop, 4 players, median of {args.repeats} repeats "
        f"of {args.games} games, interleaved with ours"
    )
    rates: dict[str, list[float]] = {name: [] for name in (*ours, *OPENSPIEL_GAMES)}
    for repeat in range(args.repeats):
        first = repeat * args.games
        for name in ours:
            seconds, decisions = play_batch(name, 4, args.games, first)
            rates[name].append(decisions / seconds)
        for name in OPENSPIEL_GAMES:
            seconds, decisions = play_openspiel_batch(name, 4, args.games, first)
            rates[name].append(decisions / seconds)
    median = {name: statistics.median(values) for name, values in rates.items()}
    print(f"{'game':<20} {'decisions/s':>12}   " + "   ".join(f"{name} 4p / it" for name in ours))
    for name in ours:
        print(f"{name + ' (ours)':<20} {median[name]:>12,.0f}")
    verdicts = []
    for name in OPENSPIEL_GAMES:
        theirs = median[name]
        ratios = "   ".join(f"{median[game] / theirs:>{len(game) + 9}.2f}" for game in ours)
        print(f"{name:<20} {theirs:>12,.0f}   {ratios}")
        if name in TARGET_PARITY_WITH:
            verdicts.extend((f"{game} 4p / {name}", median[game] / theirs) for game in ours)
    return verdicts


if __name__ == "__main__":
    main()
