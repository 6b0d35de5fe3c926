"""How fast is the coach? It must keep up with a game: under 100 ms per decision.

Plays seeded random games (each act equally likely, then a random action of
that act) and, before every decision, times what a widget does: the coach's
advice for the deciding seat (``advise(view)``) and the verdict on the move
then taken (``judge(view, action)``). Prints the median and the worst
milliseconds per decision, overall and by kind of decision, for Prohis and,
when ``prohis_nb.coach.smuggle`` is present, for Smuggle. The first decision
of a process (imports, empty caches) is reported apart.

Then the worst positions of ``benchmarks/worst_case.py`` (hands of hundreds
of cards, hundreds of millions of legal bribes): one advice and one verdict
each, from a fresh cache.

Two clocks: the wall clock (what a learner waits, but on a shared machine
other processes' load shows up in it) and this process's CPU time (what the
coach costs). Python's cyclic garbage collector now and then pauses whatever
code happens to be running to sweep every object of the process (the engine's,
the notebook's...); its pauses are measured apart (``gc.callbacks``) and the
target is judged on the coach's own CPU time, without them.

    python benchmarks/coach_speed.py [--games 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import statistics
import time
from collections import defaultdict

from prohis_nb.coach import advise, judge
from prohis_nb.core.legal import group_by_act

TARGET_MS = 100.0

#: CPU milliseconds spent in the garbage collector so far (kept by :func:`_collector`).
_COLLECTED = [0.0]
_STARTED = [0.0]


def _collector(phase: str, _info: dict) -> None:
    if phase == "start":
        _STARTED[0] = time.process_time()
    else:
        _COLLECTED[0] += (time.process_time() - _STARTED[0]) * 1000


gc.callbacks.append(_collector)


def _choose(rng: random.Random, legal):
    """A random legal action: a random act first, then one of its actions (never listed)."""
    groups = group_by_act(legal)
    group = groups[rng.choice(sorted(groups))]
    return group[rng.randrange(len(group))]


Timing = tuple[float, float, float]


def time_games(make_game, games: int, seed: int) -> tuple[dict[str, list[Timing]], float]:
    """(wall, CPU, collector) ms per decision by kind, and the first decision's wall time."""
    times: dict[str, list[Timing]] = defaultdict(list)
    first = None
    for index in range(games):
        game = make_game(seed + index)
        rng = random.Random(seed + index)
        while not game.ended:
            seat = game.to_act
            view = game.view(seat)
            action = _choose(rng, game.legal_actions())
            start, cpu, swept = time.perf_counter(), time.process_time(), _COLLECTED[0]
            advise(view)
            judge(view, action)
            elapsed = (time.perf_counter() - start) * 1000
            used = (time.process_time() - cpu) * 1000
            collector = _COLLECTED[0] - swept
            if first is None:
                first = elapsed
            else:
                times[view.decision.kind].append((elapsed, used - collector, collector))
            game.apply(action)
    return times, first or 0.0


def report(name: str, times: dict[str, list[Timing]], first: float) -> bool:
    every = [t for kind in times.values() for t in kind]
    wall = [w for w, _c, _g in every]
    cpu = [c for _w, c, _g in every]
    swept = [g for _w, _c, g in every]
    print(
        f"{name}: {len(every):,} decisions; wall median {statistics.median(wall):.2f} ms, "
        f"worst {max(wall):.1f} ms; coach's CPU median {statistics.median(cpu):.2f} ms, "
        f"worst {max(cpu):.1f} ms"
    )
    print(
        f"  garbage collector pauses inside decisions: {sum(g > 0 for g in swept):,}, "
        f"the longest {max(swept):.1f} ms of CPU"
    )
    print(f"  first decision of the process (imports, empty caches): {first:.1f} ms wall")
    for kind, values in sorted(times.items()):
        w = [x for x, _y, _z in values]
        c = [y for _x, y, _z in values]
        print(
            f"  {kind:<18} {len(values):>6,}  wall median {statistics.median(w):6.2f} worst "
            f"{max(w):6.1f}  CPU median {statistics.median(c):6.2f} worst {max(c):6.1f} ms"
        )
    ok = max(cpu) < TARGET_MS
    print(
        f"  target: every decision under {TARGET_MS:.0f} ms of the coach's CPU: "
        f"{'met' if ok else 'NOT met'}"
    )
    return ok


def worst_positions() -> bool:
    """The coach at the last position of each of ``worst_case.py``'s Prohis records."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from worst_case import standard_6p, thousand

    from prohis_nb.core.record import Record

    ok = True
    print("Big hands (benchmarks/worst_case.py), advice + verdict at the last position:")
    records = {
        "prohis-6p-standard": standard_6p(),
        "prohis-1000-rounds5": thousand(5, True),
        "prohis-1000-turn": thousand(1, False),
    }
    for name, data in records.items():
        game = Record.from_json(data).replay()
        view = game.view(game.to_act)
        legal = game.legal_actions()
        action = legal[len(legal) // 3]
        start, cpu = time.perf_counter(), time.process_time()
        advise(view)
        judge(view, action)
        wall = (time.perf_counter() - start) * 1000
        used = (time.process_time() - cpu) * 1000
        ok &= used < TARGET_MS
        print(
            f"  {name:<20} {view.decision.kind:<8} {len(legal):>13,} legal actions: "
            f"wall {wall:6.1f} ms, CPU {used:6.1f} ms"
        )
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
    ok &= worst_positions()
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
