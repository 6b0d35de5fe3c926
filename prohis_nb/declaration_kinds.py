"""What kind of declaration each hand makes in Smuggle's signalling game: lesson 11's table.

Lesson 11 asks how the declarers of the signalling game
(:func:`prohis_nb.analysis.signalling.declaration_equilibrium`) lie: every
(hand type, declaration) pair is one **kind**
(:func:`prohis_nb.analysis.signalling_sets.declaration_kinds`): the
complete truth, hiding everything, under-declaring (naming cheaper goods
than those held), over-declaring, or claiming immunity with or without the
Diplomatic Bag. The game has many equilibria, so each kind's share of all
declarations is a *range*, its lowest and highest over every equilibrium
(:meth:`prohis_nb.analysis.signalling_sets.DeclarerSet.range_of`: two linear
programs a kind).

Those twelve linear programs take tens of seconds on a small machine, and
on the real board they never change, so the package ships their answers,
``declaration_kinds.json`` beside this module, and :func:`kind_ranges` reads
them back; another board is solved on demand. ``tests/test_declaration_kinds.py``
solves them again and checks what is stored;
``python -m prohis_nb.declaration_kinds`` writes the file again.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

#: The kinds, in the order the lesson prints them.
KINDS = (
    "the complete truth",
    "hides everything (declares nothing)",
    "under-declares (names cheaper goods)",
    "over-declares",
    "claims immunity with the Bag",
    "claims immunity without it",
)
STORED = Path(__file__).with_name("declaration_kinds.json")
FORMAT = "prohis-nb-declaration-kinds/1"

Bounds = tuple[float, float]


def kind_weights(eq: Any) -> dict[str, Any]:
    """For each kind, in the lesson's order, a type × declaration matrix: 1 where the pair is of
    that kind (:func:`prohis_nb.analysis.signalling_sets.declaration_kinds` defines the kinds).
    """
    from prohis_nb.analysis.signalling_sets import declaration_kinds

    by_kind = declaration_kinds(eq)
    return {kind: by_kind[kind] for kind in KINDS}


def solve_kind_ranges(board: Any = None) -> dict[str, Bounds]:
    """Each kind's lowest and highest share of all declarations, over every equilibrium.

    Solves two linear programs a kind (tens of seconds in all); kinds that
    no hand can make (a share of 0 in every equilibrium) are left out.
    """
    from prohis_nb.analysis.signalling_sets import declarer_set

    every = declarer_set(board)
    ranges = {}
    for kind, weights in kind_weights(every.equilibrium).items():
        if weights.any():
            ends = [round(float(end), 12) + 0.0 for end in every.range_of(weights)]
            ranges[kind] = (min(ends), max(ends))  # the solver's last digits, not a range
    return ranges


def write_kind_ranges(path: Path = STORED) -> Path:
    """Solve the real board's kind ranges and write them to ``path`` (the shipped file)."""
    from prohis_nb.analysis.signalling import declaration_equilibrium

    eq = declaration_equilibrium()
    data = {
        "format": FORMAT,
        "value": float(eq.value),  # which equilibrium set these belong to
        "ranges": {kind: list(bounds) for kind, bounds in solve_kind_ranges().items()},
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


@cache
def _stored() -> dict[str, Bounds]:
    from prohis_nb.analysis.signalling import declaration_equilibrium

    data = json.loads(STORED.read_text(encoding="utf-8"))
    value = float(declaration_equilibrium().value)
    if data.get("format") != FORMAT or abs(data.get("value", float("nan")) - value) > 1e-6:
        raise ValueError(
            f"{STORED.name} belongs to another solution of the declaration game: "
            "run `python -m prohis_nb.declaration_kinds` to write it again"
        )
    return {kind: (low, high) for kind, (low, high) in data["ranges"].items()}


def kind_ranges(board: Any = None) -> dict[str, Bounds]:
    """Each kind's share of all declarations over every equilibrium: stored for the real board.

    ``board``: another :class:`~prohis_nb.smuggle.board.Board` is solved
    (:func:`solve_kind_ranges`, tens of seconds).
    """
    from prohis_nb.smuggle.board import Board

    if board is None or board == Board():
        return dict(_stored())
    return solve_kind_ranges(board)


if __name__ == "__main__":
    print(f"wrote {write_kind_ranges()}")
