"""What the coach says at one decision: the shapes shared by both games.

The coach reads one seat's view (nothing else) and answers three questions:

* **What can this seat believe?** A :class:`Belief` for every hidden place
  it can think about (an opponent's hand, a face-down convoy, the pile, a
  passed hand...): the exact probability of each card kind there.
* **What is each choice worth?** A :class:`Choice` for every legal choice,
  with its expected value under a stated model, and which one is best.
* **How good was the move taken?** A :class:`Verdict` on a move, in words
  and in money lost against the best choice.

The games fill these in (``prohis_nb.coach.prohis``, ``prohis_nb.coach.smuggle``);
widgets only render them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Belief:
    """What a seat can believe about one hidden place.

    ``place`` names it for a reader ("seat 2's hand", "the convoy", "the pile");
    ``size`` is how many cards are there (when the seat knows it);
    ``kinds`` maps every card kind that may be there to the exact probability
    that one given card of that place is of that kind (they sum to 1).
    """

    place: str
    size: int | None
    kinds: dict[str, Fraction]


@dataclass(frozen=True)
class Choice:
    """One legal choice (or a group of them) and what it is worth.

    ``action`` is an engine action, or ``None`` for a group (such as "any bribe
    of $3,000 or more") that ``label`` describes; ``value`` is the expected
    change of the seat's money under ``model`` (a short sentence naming the
    assumptions); ``best`` marks the highest value (ties all marked).
    ``details`` carries the numbers behind the value (a catch chance, a
    break-even bribe...) for a widget or a test to show.
    """

    label: str
    value: float
    action: Any = None
    best: bool = False
    model: str = ""
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Advice:
    """The coach's whole answer for one seat at one state.

    ``deciding`` says whether this seat has a decision now (when it has not,
    ``choices`` is empty and ``why`` says whose turn it is); ``why`` is one
    sentence in plain words saying why the best choice is best.
    """

    game: str
    seat: int
    deciding: bool
    beliefs: tuple[Belief, ...]
    choices: tuple[Choice, ...]
    why: str

    @property
    def best(self) -> tuple[Choice, ...]:
        """The choices marked best (empty when the seat has no decision)."""
        return tuple(choice for choice in self.choices if choice.best)


@dataclass(frozen=True)
class Verdict:
    """The coach's judgement of a move actually taken.

    ``loss`` is how much expected money the move gave up against the best
    choice (0 for a best move); ``text`` says it in one plain sentence, e.g.
    "this bribe was $800 below what the controller needed to accept".
    ``index`` is the action's position in a record (``None`` when the move was
    judged on its own, outside a record).
    """

    seat: int
    action: Any
    loss: float
    text: str
    best: bool
    index: int | None = None
