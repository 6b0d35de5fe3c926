"""Bots for the customs stage game: the equilibrium of lesson 11's declaration game.

The stage game *is* the declaration game of :mod:`prohis_nb.analysis.signalling`
(a fresh hand of 4 from the 54-card pack, any declaration or the immunity
claim, the Officer's accept or search; the same money, and a test checks the
engine's payments against the analysis's). :class:`EquilibriumCustomsBot`
plays its solved equilibrium:

* declaring, it draws a declaration from its hand's equilibrium mix
  (:meth:`~prohis_nb.analysis.signalling.DeclarationEquilibrium.choices`);
* as Officer, it searches (challenges) what it heard at that declaration's
  equilibrium rate.

The solution ships for the default board; another board is solved once (10
to 30 seconds). The game has many equilibria: this is the solver's one
(:mod:`prohis_nb.analysis.signalling`). ``"random"`` plays it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from prohis_nb.bots.base import Bot
from prohis_nb.customs.rules import CustomsRules
from prohis_nb.extras import require
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE


def equilibrium(view: Any) -> Any:
    """The solved declaration game of the board ``view``'s rules name (cached by the analysis)."""
    require("the customs equilibrium (its bot and coach)", *EquilibriumCustomsBot.needs)
    from prohis_nb.analysis.signalling import declaration_equilibrium

    return declaration_equilibrium(CustomsRules.from_json(view.rules).board)


def goods_of(hand: Sequence[str]) -> tuple[str, ...]:
    """The dutiable items of ``hand`` in the board's order (the complete truth about it)."""
    return tuple(sorted((card for card in hand if card in DUTIABLE), key=DUTIABLE.index))


class EquilibriumCustomsBot(Bot):
    """Plays the declaration game's equilibrium, as declarer or as Officer."""

    default_name = "equilibrium"
    games = ("customs",)
    needs = ("numpy", "scipy")  # the declaration game's linear program

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        from prohis_nb.analysis.signalling import IMMUNITY

        solved = equilibrium(view)
        if view.decision.kind == "declare":
            mix = solved.choices(goods_of(view.hand), DIPLOMATIC_BAG in view.hand)
            chosen = self.rng.choices(list(mix), list(mix.values()))[0]
            if chosen == IMMUNITY:
                return next(a for a in legal_actions if a.act == "immunity")
            wanted = tuple(sorted(chosen, key=DUTIABLE.index))
            return next(a for a in legal_actions if a.act == "declare" and a.items == wanted)
        heard = IMMUNITY if view.immunity else (view.declared or ())
        check = self.rng.random() < solved.search_rate(heard)
        return next(a for a in legal_actions if (a.act != "accept") == check)


#: The customs game's own bots, by name (its registry entry names this mapping).
BOTS: dict[str, Any] = {"equilibrium": EquilibriumCustomsBot}
