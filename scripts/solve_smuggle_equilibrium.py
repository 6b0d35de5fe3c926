"""Solve Smuggle's declaration game on the default board and store the solution as package data.

The coach and lesson 7 read the solution instead of solving the linear
program (10 to 30 seconds) on their first Smuggle question. Two files are
written beside :mod:`prohis_nb.analysis.signalling`:

* ``smuggle_equilibrium.json``: one equilibrium (search rates and the
  declarer's mixed declarations);
* ``smuggle_equilibrium_set.json``: what *every* equilibrium shares and how
  far they differ (:mod:`prohis_nb.analysis.signalling_sets`: the
  declarations made, each one's share of lies, the featured hands' mixes,
  the share of each kind of declaration: truth, under-declaring...), and the
  value of the game without the immunity claim. A few minutes;
* ``smuggle_equilibrium_certificates.json``: proofs of those numbers that the
  tests check without solving (where each bound is reached, and the linear
  program's dual values that show no equilibrium goes further).

Run this after a change to the model (the hand types, the declarations, the
default board or the solver). ``--check`` solves everything again, writes
nothing, and fails if a stored number differs from the fresh one by more than
1e-6 (the slow test ``tests/analysis/test_signalling_sets.py -m slow`` runs it).

    python scripts/solve_smuggle_equilibrium.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from prohis_nb.analysis import signalling, signalling_sets
from prohis_nb.smuggle.board import Board

TARGET = Path(signalling.__file__).with_name(signalling.STORED_SOLUTION)
SUMMARY = Path(signalling.__file__).with_name(signalling_sets.STORED_SUMMARY)
CERTIFICATES = Path(signalling.__file__).with_name(signalling_sets.STORED_CERTIFICATES)


def _text(data: dict) -> str:
    return json.dumps(data, indent=0) + "\n"


def _compact(data: dict) -> str:
    """One strategy row per line: the certificates are long lists of short rows."""
    return json.dumps(data, separators=(",", ":")).replace("],[", "],\n[") + "\n"


def check() -> list[str]:
    """Solve everything again; where the stored files differ (empty: up to date)."""
    problems = []
    eq = signalling.solve(signalling.hand_types(), signalling.ALL_DECLARATIONS, Board())
    stored = signalling.load_stored_solution()
    if stored is None:
        return [f"{TARGET.name}: missing or for another model"]
    if abs(stored.value - eq.value) > 1e-6:
        problems.append(f"{TARGET.name}: value {stored.value} stored, {eq.value} now")
    summary = signalling_sets.load_stored_summary(stored)
    if summary is None:
        return [*problems, f"{SUMMARY.name}: missing or for another model"]
    fresh = json.loads(
        json.dumps(signalling_sets.summary_json(signalling_sets.DeclarerSet.of(stored)))
    )
    problems += signalling_sets.compare_with_fresh(summary, fresh)
    if signalling_sets.load_certificates() is None:
        problems.append(f"{CERTIFICATES.name}: missing or for another model")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="solve again, fail if stored differs")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for line in problems:
            print(line)
        print("the stored files are up to date" if not problems else "run without --check")
        return 1 if problems else 0
    eq = signalling.solve(signalling.hand_types(), signalling.ALL_DECLARATIONS, Board())
    text = _text(signalling.solution_json(eq))
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET} ({TARGET.stat().st_size:,} bytes), value {eq.value:.6f}")
    # the set of every equilibrium, from the stored one (the file just written, read back)
    stored = signalling.from_solution_json(json.loads(text))
    every = signalling_sets.DeclarerSet.of(stored)
    data = signalling_sets.summary_json(every)
    SUMMARY.write_text(_text(data), encoding="utf-8")
    low, high = data["made_range"]
    print(f"wrote {SUMMARY} ({SUMMARY.stat().st_size:,} bytes): {low} to {high} declarations made")
    CERTIFICATES.write_text(_compact(signalling_sets.certificates_json(every)), encoding="utf-8")
    print(f"wrote {CERTIFICATES} ({CERTIFICATES.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
