"""How fast is the coach? It must keep up with a game: under 100 ms per decision.

Plays seeded random games (each act equally likely, then a random action of
that act) and, before every decision, times what a widget does: the coach's
advice for the deciding seat (``advise(view)``) and the verdict on the move
then taken (``judge(view, action)``). Prints the median and the worst
milliseconds per decision, overall and by kind of decision, for Prohis and,
when ``prohis_nb.coach.smuggle`` is present, for Smuggle. The first decision
of a process (imports, empty caches) is reported apart.

Two clocks: the wall clock (what a learner waits, but on a shared machine
other processes' load shows up in it) and this process's CPU time (what the
coach costs; the target is judged on it).

    python benchmarks/coach_speed.py [--games 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections import defaultdict

from prohis_nb.coach import advise, judge
from prohis_nb.core.legal import group_by_act

TARGET_MS = 100.0


def _choose(rng: random.Random, legal):
    """A random legal action: a random act first, then one of its actions (never listed)."""
    groups = group_by_act(legal)
    group = groups[rng.choice(sorted(groups))]
    return group[rng.randrange(len(group))]


def time_games(
    make_game, games: int, seed: int
) -> tuple[dict[str, list[tuple[float, float]]], float]:
    """(wall, CPU) milliseconds per decision by kind, and the very first decision's wall time."""
    times: dict[str, list[tuple[float, float]]] = defaultdict(list)
    first = None
    for index in range(games):
        game = make_game(seed + index)
        rng = random.Random(seed + index)
        while not game.ended:
            seat = game.to_act
            view = game.view(seat)
            action = _choose(rng, game.legal_actions())
            start, cpu = time.perf_counter(), time.process_time()
            advise(view)
            judge(view, action)
            elapsed = (time.perf_counter() - start) * 1000
            used = (time.process_time() - cpu) * 1000
            if first is None:
                first = elapsed
            else:
                times[view.decision.kind].append((elapsed, used))
            game.apply(action)
    return times, first or 0.0


def report(name: str, times: dict[str, list[tuple[float, float]]], first: float) -> bool:
    every = [t for kind in times.values() for t in kind]
    wall = [w for w, _c in every]
    cpu = [c for _w, c in every]
    print(
        f"{name}: {len(every):,} decisions; wall median {statistics.median(wall):.2f} ms, "
        f"worst {max(wall):.1f} ms; CPU median {statistics.median(cpu):.2f} ms, "
        f"worst {max(cpu):.1f} ms"
    )
    print(f"  first decision of the process (imports, empty caches): {first:.1f} ms wall")
    for kind, values in sorted(times.items()):
        w = [x for x, _y in values]
        c = [y for _x, y in values]
        print(
            f"  {kind:<18} {len(values):>6,}  wall median {statistics.median(w):6.2f} worst "
            f"{max(w):6.1f}  CPU median {statistics.median(c):6.2f} worst {max(c):6.1f} ms"
        )
    ok = max(cpu) < TARGET_MS
    print(f"  target: every decision under {TARGET_MS:.0f} ms of CPU: {'met' if ok else 'NOT met'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game kind")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    from prohis_nb.prohis import ProhisGame, ProhisRules

    def prohis(seed: int):
        return ProhisGame(ProhisRules(players=3 + seed % 4, bribe_rounds=1 + seed % 3), seed=seed)

    ok = report("Prohis", *time_games(prohis, args.games, args.seed))
    if importlib.util.find_spec("prohis_nb.coach.smuggle") is not None:
        from prohis_nb.smuggle.game import SmuggleGame
        from prohis_nb.smuggle.rules import SmuggleRules

        def smuggle(seed: int):
            return SmuggleGame(SmuggleRules(players=3 + seed % 4), seed=seed)

        ok &= report("Smuggle", *time_games(smuggle, args.games, args.seed))
    else:
        print("Smuggle: no coach yet (prohis_nb.coach.smuggle is missing)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
