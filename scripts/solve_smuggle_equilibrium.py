"""Solve Smuggle's declaration game on the default board and store the solution as package data.

The coach and lesson 7 read the solution instead of solving the linear
program (10 to 30 seconds) on their first Smuggle question. Two files are
written beside :mod:`prohis_nb.analysis.signalling`:

* ``smuggle_equilibrium.json``: one equilibrium (search rates and the
  declarer's mixed declarations);
* ``smuggle_equilibrium_set.json``: what *every* equilibrium shares and how
  far they differ (:mod:`prohis_nb.analysis.signalling_sets`: the
  declarations made, each one's share of lies, the featured hands' mixes),
  and the value of the game without the immunity claim. A few minutes.

Run this after a change to the model (the hand types, the declarations, the
default board or the solver); ``--check`` solves again and fails if a stored
file differs.

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


def _text(data: dict) -> str:
    return json.dumps(data, indent=0) + "\n"


def _same(path: Path, text: str) -> bool:
    return path.exists() and path.read_text(encoding="utf-8") == text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a stored file differs")
    args = parser.parse_args(argv)
    eq = signalling.solve(signalling.hand_types(), signalling.ALL_DECLARATIONS, Board())
    text = _text(signalling.solution_json(eq))
    if args.check and not _same(TARGET, text):
        print(f"{TARGET.name}: differs from a fresh solve")
        return 1
    if not args.check:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {TARGET} ({TARGET.stat().st_size:,} bytes), value {eq.value:.6f}")
    # the set of every equilibrium, from the stored one (the file just written, read back)
    stored = signalling.from_solution_json(json.loads(text))
    every = signalling_sets.DeclarerSet.of(stored)
    data = signalling_sets.summary_json(every)
    summary = _text(data)
    if args.check:
        same = _same(SUMMARY, summary)
        print(f"{TARGET.name}: up to date; {SUMMARY.name}: {'up to date' if same else 'differs'}")
        return 0 if same else 1
    SUMMARY.write_text(summary, encoding="utf-8")
    low, high = data["made_range"]
    print(f"wrote {SUMMARY} ({SUMMARY.stat().st_size:,} bytes): {low} to {high} declarations made")
    return 0


if __name__ == "__main__":
    sys.exit(main())
