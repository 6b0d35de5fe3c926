"""What every ending of one convoy is worth to the smuggler and to the controller.

Payoffs are **changes of final score in dollars**, measured against the cards
staying where they were: the convoy's cards in the smuggler's hand, the played
controller card in the controller's hand. They come straight from the scoring
table (:mod:`prohis_nb.prohis.cards`): a card is worth ``W`` in a warehouse and
``H`` in a hand, so moving it from a hand to a warehouse gains ``W - H``.

==================  =======================================  =====================================
ending              smuggler                                 controller
==================  =======================================  =====================================
uncontrolled        Σ (W − H) over the convoy                0
waived              Σ (W − H) over the convoy                W(card) − H(card), or 0 under
                                                             ``waiver_keeps_card``
accepted (bribe B)  Σ (W − H) over the convoy − Σ H(B)       Σ W(B)
passed (inspected)  Σ (W − H) over the convoy + H(card)      − H(card)
confiscated         − Σ H over the convoy                    Σ W over the convoy + W(card) − H(card)
==================  =======================================  =====================================

A surprise worth teaching: an illegal card in hand is worth −$4,000, so *any*
way of getting rid of it helps its owner — even losing it to a confiscation
(``- H = +4,000``), or paying it as a bribe.

Worked example: convoy (illegal, legal), inspected by a captain. Passed: the
smuggler gains (4,000 − (−4,000)) + (1,000 − 0) + 2,000 = $11,000 and the
controller loses $2,000. Confiscated: the smuggler gains +4,000 + 0 = $4,000
and the controller gains 4,000 + 1,000 + (4,000 − 2,000) = $7,000.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from prohis_nb.prohis.cards import HAND_VALUE, WAREHOUSE_VALUE

ENDINGS = ("uncontrolled", "waived", "accepted", "passed", "confiscated")


class Payoff(NamedTuple):
    """Dollars of final score gained (negative: lost) by each side."""

    smuggler: int
    controller: int


def to_warehouse_gain(cards: Iterable[str]) -> int:
    """What moving ``cards`` from a hand to the same player's warehouse adds: ``Σ (W - H)``."""
    return sum(WAREHOUSE_VALUE[c] - HAND_VALUE[c] for c in cards)


def hand_value(cards: Iterable[str]) -> int:
    """``Σ H``: what ``cards`` are worth in a hand (illegal ones count −4,000)."""
    return sum(HAND_VALUE[c] for c in cards)


def warehouse_value(cards: Iterable[str]) -> int:
    """``Σ W``: what ``cards`` are worth in a warehouse."""
    return sum(WAREHOUSE_VALUE[c] for c in cards)


def ending_payoff(
    ending: str,
    convoy: Iterable[str],
    card: str = "captain",
    bribe: Iterable[str] = (),
    waiver_keeps_card: bool = False,
) -> Payoff:
    """The payoff of one ending (see the table in the module docstring).

    ``convoy``: the convoy's cards; ``card``: the controller card played;
    ``bribe``: the bribe's cards (``accepted`` only).
    """
    convoy = list(convoy)
    passes = to_warehouse_gain(convoy)
    if ending == "uncontrolled":
        return Payoff(passes, 0)
    if ending == "waived":
        kept = 0 if waiver_keeps_card else WAREHOUSE_VALUE[card] - HAND_VALUE[card]
        return Payoff(passes, kept)
    if ending == "accepted":
        bribe = list(bribe)
        return Payoff(passes - hand_value(bribe), warehouse_value(bribe))
    if ending == "passed":
        return Payoff(passes + HAND_VALUE[card], -HAND_VALUE[card])
    if ending == "confiscated":
        taken = warehouse_value(convoy) + WAREHOUSE_VALUE[card] - HAND_VALUE[card]
        return Payoff(-hand_value(convoy), taken)
    raise ValueError(f"unknown ending {ending!r}; the endings are {', '.join(ENDINGS)}")
