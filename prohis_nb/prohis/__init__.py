"""Prohis: smuggling convoys past controllers, with bribes (the engine's rules).

Modules, in the order of the rulebook: :mod:`~prohis_nb.prohis.cards` (the
cards and their values), :mod:`~prohis_nb.prohis.rules` (player count and
variants), :mod:`~prohis_nb.prohis.actions` (the decisions), :mod:`~prohis_nb.prohis.game`
(the turn structure), :mod:`~prohis_nb.prohis.views` (who knows what) and
:mod:`~prohis_nb.prohis.log` (the story told to one seat).
"""

from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import Card
from prohis_nb.prohis.game import ProhisGame, from_deal
from prohis_nb.prohis.rules import ProhisRules

__all__ = ["Action", "Card", "ProhisGame", "ProhisRules", "from_deal"]
