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

Consequences worth teaching, all straight from the table:

* an illegal card in hand is worth −$4,000, so *any* way of getting rid of it
  helps its owner *compared with keeping it to the end* — even losing it to a
  confiscation (``− H = +4,000``), or paying it as a bribe (the smuggler gains
  $4,000, the controller too). Against the convoy passing, or against sending
  the same card later in a convoy that gets through, being caught is a loss;
* a bribe of legal cards costs the smuggler nothing (``H = 0``) and is worth
  $1,000 a card to the controller: bribes are cheap to give;
* waiving is never a loss for the controller: its card scores ``W − H`` =
  +$2,000 in its own warehouse (0 under ``waiver_keeps_card``);
* a lost inspection costs the controller only ``H(card)`` (its card changes
  hands), while a confiscation also banks the card it played (``W − H``).

These are changes of *final score* from this convoy alone: the cards the
smuggler kept could have travelled later, the controller card could have
controlled again. Those continuation values are left out on purpose: they
depend on the rest of the game.

Worked example: convoy (illegal, legal), inspected by a captain. Passed: the
smuggler gains (4,000 − (−4,000)) + (1,000 − 0) + 2,000 = $11,000 and the
controller loses $2,000. Confiscated: the smuggler gains +4,000 + 0 = $4,000
and the controller gains 4,000 + 1,000 + (4,000 − 2,000) = $7,000.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from prohis_nb.prohis.cards import CONTROLLER_KINDS, HAND_VALUE, WAREHOUSE_VALUE


class Ending(StrEnum):
    """The five ways one convoy can end. ``Ending.PASSED == "passed"``: either may be used.

    * ``UNCONTROLLED`` — nobody played a controller card;
    * ``WAIVED`` — controlled, no bribe offered, the controller waived;
    * ``ACCEPTED`` — a bribe was offered and accepted;
    * ``PASSED`` — inspected and it got through (a controller card or only legal cards turned);
    * ``CONFISCATED`` — inspected and an illegal card was turned.
    """

    UNCONTROLLED = "uncontrolled"
    WAIVED = "waived"
    ACCEPTED = "accepted"
    PASSED = "passed"
    CONFISCATED = "confiscated"


#: The endings in the order above (plain strings compare equal to them).
ENDINGS: tuple[Ending, ...] = tuple(Ending)


class Payoff(NamedTuple):
    """Dollars of final score gained (negative: lost) by each side."""

    smuggler: int
    controller: int


def _kinds(cards: Iterable[str], what: str) -> list[str]:
    cards = [cards] if isinstance(cards, str) else list(cards)
    unknown = [c for c in cards if c not in WAREHOUSE_VALUE]
    if unknown:
        raise ValueError(
            f"{what} holds unknown card kind(s) {unknown}; the kinds are {list(WAREHOUSE_VALUE)}"
        )
    return cards


def to_warehouse_gain(cards: Iterable[str]) -> int:
    """What moving ``cards`` from a hand to the same player's warehouse adds: ``Σ (W - H)``."""
    return sum(WAREHOUSE_VALUE[c] - HAND_VALUE[c] for c in _kinds(cards, "the cards"))


def hand_value(cards: Iterable[str]) -> int:
    """``Σ H``: what ``cards`` are worth in a hand (illegal ones count −4,000)."""
    return sum(HAND_VALUE[c] for c in _kinds(cards, "the cards"))


def warehouse_value(cards: Iterable[str]) -> int:
    """``Σ W``: what ``cards`` are worth in a warehouse."""
    return sum(WAREHOUSE_VALUE[c] for c in _kinds(cards, "the cards"))


def ending_payoff(
    ending: Ending | str,
    convoy: Iterable[str],
    card: str = "captain",
    bribe: Iterable[str] = (),
    waiver_keeps_card: bool = False,
) -> Payoff:
    """The payoff ``(smuggler, controller)`` of one ending (the table in the module docstring).

    ``convoy``: the convoy's cards; ``card``: the controller card played;
    ``bribe``: the bribe's cards (``accepted`` only).

    >>> ending_payoff(Ending.CONFISCATED, ["illegal", "legal"], "captain")
    Payoff(smuggler=4000, controller=7000)
    """
    convoy = _kinds(convoy, "the convoy")
    if card not in CONTROLLER_KINDS:
        raise ValueError(f"card is the controller card played, one of {CONTROLLER_KINDS}")
    passes = to_warehouse_gain(convoy)
    if ending == "uncontrolled":
        return Payoff(passes, 0)
    if ending == "waived":
        kept = 0 if waiver_keeps_card else WAREHOUSE_VALUE[card] - HAND_VALUE[card]
        return Payoff(passes, kept)
    if ending == "accepted":
        bribe = _kinds(bribe, "the bribe")
        return Payoff(passes - hand_value(bribe), warehouse_value(bribe))
    if ending == "passed":
        return Payoff(passes + HAND_VALUE[card], -HAND_VALUE[card])
    if ending == "confiscated":
        taken = warehouse_value(convoy) + WAREHOUSE_VALUE[card] - HAND_VALUE[card]
        return Payoff(-hand_value(convoy), taken)
    raise ValueError(f"unknown ending {ending!r}; the endings are {', '.join(ENDINGS)}")


def all_payoffs(
    convoy: Iterable[str],
    card: str = "captain",
    bribe: Iterable[str] = (),
    waiver_keeps_card: bool = False,
) -> dict[Ending, Payoff]:
    """The payoff of every ending of one convoy, for a table in a lesson."""
    convoy = list(convoy)
    return {
        ending: ending_payoff(ending, convoy, card, bribe, waiver_keeps_card) for ending in ENDINGS
    }


# ---------------------------------------------------------------- whose payoff counts

#: The two payoff conventions of a convoy, by name (``docs/bluffing-math.md`` §5.2).
#:
#: * ``"race"``: each side counts its own gain *minus the other's* (two rivals
#:   racing for the win; the convoy game is then zero-sum);
#: * ``"own_money"``: each side counts its own gain only.
CONVENTIONS = ("race", "own_money")


def apply_convention(convention: str, smuggler: Any, controller: Any) -> tuple[Any, Any]:
    """``(smuggler, controller)`` gains as the ``convention`` counts them.

    >>> apply_convention("race", 11_000, -2_000), apply_convention("own_money", 11_000, -2_000)
    ((13000, -13000), (11000, -2000))
    """
    if convention == "race":
        return smuggler - controller, controller - smuggler
    if convention == "own_money":
        return smuggler, controller
    raise ValueError(
        f"convention is one of {', '.join(map(repr, CONVENTIONS))}, got {convention!r}"
    )


@dataclass(frozen=True)
class ConvoyPayoffs:
    """What one convoy's ending is worth to each side under one convention: call it.

    ``convoy_payoffs("race")(ending, convoy, card, bribe)`` is the ending's
    :class:`Payoff` (the table of the module docstring) counted the race's
    way; ``convoy_payoffs("own_money")`` the own-money way. Standard library
    only: a game engine may score with it.

    >>> race = convoy_payoffs("race")
    >>> race("passed", ["legal"] * 3, "captain")
    Payoff(smuggler=7000, controller=-7000)
    >>> convoy_payoffs("own_money")("passed", ["legal"] * 3, "captain")
    Payoff(smuggler=5000, controller=-2000)
    """

    convention: str
    waiver_keeps_card: bool = False

    def __post_init__(self) -> None:
        apply_convention(self.convention, 0, 0)  # checks the name

    def __call__(
        self,
        ending: Ending | str,
        convoy: Iterable[str],
        card: str = "captain",
        bribe: Iterable[str] = (),
    ) -> Payoff:
        money = ending_payoff(ending, convoy, card, bribe, self.waiver_keeps_card)
        return Payoff(*apply_convention(self.convention, money.smuggler, money.controller))

    @property
    def description(self) -> str:
        """The convention in one sentence, for a page or a record."""
        if self.convention == "race":
            return (
                "a race against one rival: each side counts its own gain minus the other's "
                "(zero-sum)"
            )
        return "each side counts its own money"


def convoy_payoffs(convention: str = "race", *, waiver_keeps_card: bool = False) -> ConvoyPayoffs:
    """The payoffs of a convoy's endings under ``convention`` (``"race"`` or ``"own_money"``).

    The one function a convoy game (lesson 5's model, the ``convoy`` stage
    game) scores with, under either convention; see :class:`ConvoyPayoffs`.
    """
    return ConvoyPayoffs(convention, waiver_keeps_card)
