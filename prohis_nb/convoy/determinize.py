"""A whole convoy drawn from what one seat knows (``determinize`` for the convoy stage game).

What a seat cannot see: the controller, the hand (dirty or honest), the
convoy's cards and their face-down order; the smuggler, the face-down order
only. A *determinization* fills those in so that the seat's view of the
sample is the view it was given.

The draw is exact, by enumeration (a convoy is small: 2 hands, 2 convoys,
at most 24 orders). Every complete table is weighed by how likely it is to
produce what the seat saw:

    P(hand) · σ(convoy | hand) · σ(offer | hand, convoy) · P(order)

with chance's true probabilities (``p_dirty``, every order alike) and, for
the smuggler's own choices, which the seat cannot see into, a smuggler who
chooses uniformly among its legal choices. What a bribe or its absence
suggests about a *strategic* smuggler is left out on purpose: that is the
bluffing a bot or the coach reasons about (:mod:`prohis_nb.convoy.coach`).
The tables whose view for the seat differs from the one given are dropped,
and one of the rest is drawn with these weights.

>>> from prohis_nb.convoy.game import ConvoyStageGame
>>> game = ConvoyStageGame(seed=4)
>>> game.apply(game.legal_actions()[0])
>>> sample = determinize_convoy(game.view(1), random.Random(0))
>>> sample.view(1) == game.view(1)
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations
from math import factorial, lcm

from prohis_nb.convoy.game import ConvoyStageGame
from prohis_nb.convoy.rules import ConvoyRules
from prohis_nb.convoy.views import SeatView
from prohis_nb.errors import ProhisNbError


def candidates(view: SeatView) -> list[tuple[Fraction, ConvoyStageGame]]:
    """Every complete table ``view.seat`` cannot tell from its own, with its weight (see above)."""
    if not isinstance(view, SeatView) or view.seat not in (0, 1):
        raise TypeError(
            f"determinize needs a seat's view (game.view(seat)), got {type(view).__name__}"
        )
    rules = ConvoyRules.from_json(view.rules)
    out: list[tuple[Fraction, ConvoyStageGame]] = []
    for dirty in (True, False):
        prior = rules.p_dirty if dirty else 1 - rules.p_dirty
        if prior == 0:
            continue
        for order in permutations(range(rules.size)):
            table = {"hand": "dirty" if dirty else "honest", "order": list(order)}
            start = ConvoyStageGame(rules, table=table)
            weight = prior / factorial(rules.size)
            for game, chances in _replays(start, view):
                if game.view(view.seat) == view:
                    out.append((weight * chances, game))
    return out


def _replays(game: ConvoyStageGame, view: SeatView) -> list[tuple[ConvoyStageGame, Fraction]]:
    """The public history of ``view`` replayed on ``game``, once per hidden convoy it allows.

    Each comes with the chance that a uniformly random smuggler made the
    choices the seat cannot see (1 for a step it saw).
    """
    if not view.face_down:  # no convoy yet
        return [(game, Fraction(1))]
    out = []
    convoys = game.legal_actions()
    for convoy in convoys:
        if view.convoy is not None and convoy.cards != view.convoy:
            continue
        trial = game.copy()
        trial.apply(convoy)
        chance = Fraction(1, len(convoys)) if view.convoy is None else Fraction(1)
        if view.offered is not None:
            offers = trial.legal_actions()
            if view.offered:
                wanted = [a for a in offers if a.act == "bribe" and a.cards == view.bribe]
            else:
                wanted = [a for a in offers if a.act == "no_bribe"]
            if not wanted:
                continue
            trial.apply(wanted[0])
            chance *= Fraction(1, len(offers)) if view.seat != 0 else 1
        if view.answer is not None:
            try:
                trial.apply({"act": view.answer, "seat": 1})
            except ProhisNbError:
                continue
        out.append((trial, chance))
    return out


def determinize_convoy(view: SeatView, rng: random.Random) -> ConvoyStageGame:
    """A complete game drawn among those ``view.seat`` cannot tell from its own (exact weights).

    Raises ``TypeError`` for anything but a seat's view, ``ValueError`` for a
    finished game or a view no table could show.
    """
    if isinstance(view, SeatView) and view.ended:
        raise ValueError("the convoy is over: nothing is left to determinize")
    found = candidates(view)
    if not found:
        raise ValueError(f"no table gives seat {view.seat} this view: not a view of a real table")
    scale = lcm(*(weight.denominator for weight, _ in found))
    weights = [int(weight * scale) for weight, _ in found]
    pick = rng.randrange(sum(weights))
    for weight, (_, game) in zip(weights, found):
        if pick < weight:
            return game
        pick -= weight
    raise AssertionError("unreachable")  # pragma: no cover


def posterior_dirty(view: SeatView) -> Fraction:
    """P(the hand is dirty | what ``view.seat`` saw), under the same model as the draw."""
    found = candidates(view)
    total = sum(weight for weight, _ in found)
    return sum((w for w, game in found if game.dirty), Fraction(0)) / total


__all__ = ["candidates", "determinize_convoy", "posterior_dirty"]
