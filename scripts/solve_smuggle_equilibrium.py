"""Solve Smuggle's declaration game on the default board and store the solution as package data.

The coach and lesson 7 read the solution instead of solving the linear
program (10 to 30 seconds) on their first Smuggle question. Run this after a
change to the model (the hand types, the declarations, the default board or
the solver); ``--check`` solves again and fails if the stored file differs.

    python scripts/solve_smuggle_equilibrium.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from prohis_nb.analysis import signalling
from prohis_nb.smuggle.board import Board

TARGET = Path(signalling.__file__).with_name(signalling.STORED_SOLUTION)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the stored file differs")
    args = parser.parse_args(argv)
    eq = signalling.solve(signalling.hand_types(), signalling.ALL_DECLARATIONS, Board())
    text = json.dumps(signalling.solution_json(eq), indent=0) + "\n"
    if args.check:
        same = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET.name}: {'up to date' if same else 'differs from a fresh solve'}")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET} ({TARGET.stat().st_size:,} bytes), value {eq.value:.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
