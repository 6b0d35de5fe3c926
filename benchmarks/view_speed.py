"""How much does a Prohis seat view cost? Prints microseconds per ``view(seat)``.

A bot looks at its view at almost every decision, so in a tournament of the
four Prohis bots the views were once nearly half of the time (issue 15). This
script plays seeded random four-player games and, at every position, asks every
seat for its view; only the views are timed (``time.perf_counter`` around
them), the play between them is not. Each game is looked at once before the
first action, so the one-off replay that switches the log on is not timed.
The figure is the best of the script's own repeats (the machine is shared).

    python benchmarks/view_speed.py [--games 50] [--repeats 5]

To compare two checkouts, run it with each one on ``PYTHONPATH``, one after
the other, a few times (interleaved).
"""

from __future__ import annotations

import argparse
import random
import time

from prohis_nb.prohis.game import ProhisGame


def time_views(games: int, players: int = 4) -> tuple[int, float]:
    """Play ``games`` seeded random games; return (views built, seconds spent in ``view``)."""
    rng = random.Random(7)
    clock = time.perf_counter
    views = 0
    spent = 0.0
    for seed in range(games):
        game = ProhisGame(players=players, seed=seed)
        game.view(0)  # the log is switched on here, once (not timed)
        while True:
            start = clock()
            for seat in range(players):
                game.view(seat)
            spent += clock() - start
            views += players
            if game.ended:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    return views, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    runs = [time_views(args.games) for _ in range(args.repeats)]
    views = runs[0][0]
    best = min(spent for _views, spent in runs)
    print(
        f"Prohis, 4 players, {args.games} random games: {views:,} views, "
        f"{best / views * 1e6:.1f} µs per view (best of {args.repeats})"
    )


if __name__ == "__main__":
    main()
