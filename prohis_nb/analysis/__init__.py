"""The bluffing maths: the numbers every lesson shows, computed exactly.

One module per question, like nashpy's façade over its algorithms:

* :mod:`~prohis_nb.analysis.odds` — how likely an inspection catches a convoy;
* :mod:`~prohis_nb.analysis.payoffs` — what each ending is worth to each side;
* :mod:`~prohis_nb.analysis.values` — beliefs, expected values, the indifference bribe;
* :mod:`~prohis_nb.analysis.equilibrium` — the convoy game solved, and classic references;
* :mod:`~prohis_nb.analysis.history` — every seat's score over a recorded game (both games).

Derivations with worked examples: ``docs/bluffing-math.md``.
"""

from typing import Any

from prohis_nb.analysis.history import score_history
from prohis_nb.analysis.odds import (
    catch_probability,
    catch_probability_by_enumeration,
    catch_table,
    ending_distribution,
)
from prohis_nb.analysis.payoffs import ENDINGS, Payoff, ending_payoff
from prohis_nb.analysis.values import (
    controller_values,
    convoy_belief,
    hand_convoy_belief,
    indifference_bribe,
    inspection_values,
    smuggler_values,
)

__all__ = [
    "ENDINGS",
    "Payoff",
    "catch_probability",
    "catch_probability_by_enumeration",
    "catch_table",
    "controller_values",
    "convoy_belief",
    "ending_distribution",
    "ending_payoff",
    "hand_convoy_belief",
    "indifference_bribe",
    "inspection_values",
    "score_history",
    "smuggler_values",
]


def __getattr__(name: str) -> Any:  # the equilibrium needs numpy, nashpy: imported on first use
    if name in (
        "ConvoyGame",
        "ConvoyEquilibrium",
        "solve_convoy_game",
        "mixed_2x2",
        "inspection_game",
        "kuhn_poker_value",
        "kuhn_poker_matrix",
    ):
        from prohis_nb.analysis import equilibrium

        return getattr(equilibrium, name)
    raise AttributeError(f"module 'prohis_nb.analysis' has no attribute {name!r}")
