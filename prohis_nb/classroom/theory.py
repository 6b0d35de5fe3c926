"""What the theory predicts for each rate of the class table, and from which model.

Nothing is computed here from scratch: every prediction is read off a solved
model of :mod:`prohis_nb.analysis`, and each says which model and which
parameters it used, because a model is a simplification and a prediction
only means something next to its assumptions.

**Prohis: the convoy game** (:mod:`prohis_nb.analysis.equilibrium`, every
equilibrium in exact fractions by :mod:`prohis_nb.analysis.equilibrium_sets`).
Two players, one convoy: a Captain already played, a 3-card convoy with one
illegal card when dirty, a single possible bribe of one legal card, relative
score. The chance of a dirty hand is taken from the class itself: the share
of its convoys sent from a hand that held illegal goods. Where the game has
many equilibria the prediction is the range they span. It predicts the bait
rate, the share of dirty convoys, the bribe rate, the acceptance rate and
the inspection rate of an unbribed convoy; it says nothing about whether to
control at all (the card is already played), the rank played, bribe sizes
(its bribe is fixed) or how often a search catches something.

**Smuggle: the declaration game** (:mod:`prohis_nb.analysis.signalling`):
the declarer holds a fresh 4-card hand, the Officer hears the declaration.
A kind's lying rate is the equilibrium share of false hands among the
declarations of that kind, weighted by how often each is made; its search
rate likewise. The class's declarers also hold inherited hands (passed on,
one card swapped), which the model leaves out. **Informing**
(:mod:`prohis_nb.analysis.informer`): in the three-player stage game the
receiver never informs (when ``never_informs`` holds for the board).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from prohis_nb.text import percent


@dataclass(frozen=True)
class Prediction:
    """A predicted rate (``low`` to ``high``; equal for a single value), its model and a note.

    ``low is None``: no prediction; ``note`` says why.
    """

    low: float | None
    high: float | None
    model: str
    note: str = ""

    @property
    def applies(self) -> bool:
        return self.low is not None

    def __str__(self) -> str:
        if self.low is None or self.high is None:
            return "no prediction"
        if abs(self.high - self.low) < 5e-4:
            return percent(self.low)
        return f"{percent(self.low)} to {percent(self.high)}"


def none(reason: str) -> Prediction:
    """No prediction, and why."""
    return Prediction(None, None, "", reason)


# ------------------------------------------------------------ Prohis


def convoy_predictions(p_dirty: float | None) -> dict[str, Prediction]:
    """The convoy game's predictions by row name, for a chance ``p_dirty`` of a dirty hand."""
    if p_dirty is None:
        reason = "no convoys in the class: the chance of a dirty hand is unknown"
        return {
            name: none(reason)
            for name in ("bait", "dirty convoys", "bribe offered", "bribe accepted", "inspection")
        }
    from prohis_nb.analysis.equilibrium import ConvoyGame
    from prohis_nb.analysis.equilibrium import exact_probability as exact
    from prohis_nb.analysis.equilibrium_sets import equilibrium_set

    # to the percent: the solver reads a float as it prints (0.77 → 77/100), exactly
    p = round(p_dirty, 2)
    every = equilibrium_set(
        ConvoyGame(card="captain", size=3, illegal=1, bribe=("legal",), p_dirty=p)
    )
    model = (
        "convoy game (every equilibrium, in exact fractions): a captain, 3-card convoy, "
        f"1 illegal card, "
        f"a bribe of 1 legal card, P(dirty hand) = {percent(p)} as in the class"
    )
    bait = every.bait_range
    never = every.offers_never_made

    def rng(bounds: tuple[Fraction, Fraction], note: str = "") -> Prediction:
        return Prediction(float(bounds[0]), float(bounds[1]), model, note)

    untested = "never tested in equilibrium: any rate in this range keeps it one"
    return {
        "bait": rng(bait),
        "dirty convoys": rng((exact(p) * (1 - bait[1]), exact(p) * (1 - bait[0]))),
        "bribe offered": rng(every.bribe_rate_range),
        "bribe accepted": rng(every.accept_ranges["bribe"], untested if "bribe" in never else ""),
        "inspection": rng(every.inspect_range, untested if "no bribe" in never else ""),
    }


# ------------------------------------------------------------ Smuggle


def _kind(declaration: Any) -> str:
    from prohis_nb.analysis.signalling import IMMUNITY

    return "immunity" if declaration == IMMUNITY else f"{len(declaration)}_items"


def declaration_predictions(board: Any = None) -> dict[str, Prediction]:
    """The declaration and informer games' predictions, by table row name (a few seconds, cached).

    Row names: ``lies <k>`` and ``searches <k>`` for every declaration kind
    ``k`` (and ``all``), ``passed lies`` and ``informing``.
    """
    import numpy as np

    from prohis_nb.analysis.informer import informer_equilibrium
    from prohis_nb.classroom.counts import DECLARATION_KINDS
    from prohis_nb.smuggle.board import Board

    informer = informer_equilibrium(board or Board())
    eq = informer.declarations
    model = (
        "declaration game (solved by linear programming): a fresh 4-card hand, the Officer hears it"
    )
    truthful = np.array(
        [
            [(t.bag if d == "immunity" else (t.goods == d)) for d in eq.declarations]
            for t in eq.types
        ]
    )
    mass = eq.probability[:, None] * eq.strategy  # P(type t declares d)
    usage = mass.sum(axis=0)
    false = (mass * ~truthful).sum(axis=0)
    kinds = np.array([_kind(d) for d in eq.declarations])
    out: dict[str, Prediction] = {}
    for k in (*DECLARATION_KINDS, "all"):
        chosen = np.ones(len(kinds), bool) if k == "all" else kinds == k
        used = usage[chosen].sum()
        if used <= 1e-12:
            reason = "nobody makes such a declaration in equilibrium"
            out[f"lies {k}"] = out[f"searches {k}"] = none(reason)
            continue
        lie = float(false[chosen].sum() / used)
        search = float((usage[chosen] * eq.search[chosen]).sum() / used)
        out[f"lies {k}"] = Prediction(lie, lie, model)
        out[f"searches {k}"] = Prediction(search, search, model)
    passed = usage * (1 - eq.search)
    share = float((false * (1 - eq.search)).sum() / passed.sum())
    out["passed lies"] = Prediction(share, share, model)
    if informer.never_informs:
        out["informing"] = Prediction(
            0.0,
            0.0,
            "informer stage game: declarer, Officer and receiver",
            "informing never pays in equilibrium",
        )
    else:
        out["informing"] = none("for this board the informer game's candidate fails")
    return out
