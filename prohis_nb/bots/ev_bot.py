"""ExpectedValueBot: controls, inspects, accepts and bribes by expected value.

Every controller decision is weighed with :mod:`prohis_nb.analysis`, from a
belief built out of the bot's own view alone:

* **belief** — the face-down convoy cards are a random draw from the cards
  this seat cannot place (:func:`prohis_nb.bots.beliefs.unseen_cards`): the
  hypergeometric :func:`~prohis_nb.analysis.convoy_belief`;
* **inspect or waive** — the larger of
  :func:`~prohis_nb.analysis.controller_values`' ``inspect`` and ``waive``;
* **accept or reject a bribe** — accept when the bribe's warehouse value is
  at least the value of inspecting (the indifference bribe
  :func:`~prohis_nb.analysis.indifference_bribe`), since a rejection obliges
  it to inspect;
* **control or decline** — a card is worth spending when the better of
  inspecting and waiving is expected to gain at least ``control_gain``
  dollars; it plays the lowest-rank such card;
* **bribe** (as smuggler, knowing its convoy) — it estimates the controller's
  indifference bribe (the controller's belief: its own unseen cards plus its
  convoy and the unknown part of its hand), assumes the controller accepts a
  bribe worth at least that and inspects an unbribed convoy when inspecting
  beats waiving, and offers the bribe with the best
  :func:`~prohis_nb.analysis.smuggler_values` if it beats offering nothing.

Payoffs are changes of the bot's own final score. The rest of its play
(drawing, which convoy to form, baiting) is BluffBot's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product
from typing import Any

from prohis_nb.analysis import ending_payoff, smuggler_values
from prohis_nb.analysis.payoffs import warehouse_value
from prohis_nb.analysis.values import inspect_value
from prohis_nb.bots.beliefs import unseen_cards
from prohis_nb.bots.prohis_bots import BluffBot
from prohis_nb.bots.prohis_habits import act_named
from prohis_nb.core.legal import group_by_act
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import CONTROLLER_KINDS, KINDS
from prohis_nb.prohis.views import SeatView


@lru_cache(maxsize=4096)
def _values(pool: tuple[int, ...], n: int, card: str, waiver_keeps_card: bool) -> dict[str, float]:
    """The controller's expected ``inspect`` and ``waive`` values (cached: pure maths).

    :func:`~prohis_nb.analysis.values.inspect_value` is the exact
    ``controller_values(convoy_belief(pool, n), card)["inspect"]``, computed
    without a ``Fraction`` per convoy make-up (the bot asks it at every
    controller decision); the float of that exact number, so the choices are
    the same as with the slow sum.
    """
    inspect = inspect_value(pool, n, card)
    waive = ending_payoff("waived", [], card, waiver_keeps_card=waiver_keeps_card).controller
    return {"inspect": float(inspect), "waive": float(waive)}


# The same bribes come back at every bribe decision (every sub-multiset of a
# small hand): their payoffs, pure table look-ups, are cached.


@lru_cache(maxsize=8192)
def _worth(cards: tuple[str, ...]) -> int:
    """``warehouse_value(cards)``: what a bribe is worth to the controller."""
    return warehouse_value(cards)


@lru_cache(maxsize=8192)
def _accepted_payoff(convoy: tuple[str, ...], card: str, bribe: tuple[str, ...]) -> int:
    """The smuggler's payoff when the controller accepts ``bribe``."""
    return ending_payoff("accepted", convoy, card, bribe).smuggler


def controller_outlook(
    view: SeatView, card: str, pool: Counter[str] | None = None
) -> dict[str, float]:
    """A controller's ``inspect``/``waive`` values for ``card`` on the convoy in ``view``.

    ``pool``: the cards the convoy's hidden cards are drawn from (default: the
    cards this seat cannot place, and the hidden cards are the face-down ones).
    With a ``pool`` given, every convoy card counts as hidden (the smuggler's
    estimate of what its controller believes).
    """
    convoy = view.convoy
    assert convoy is not None
    if pool is None:
        pool = Counter(unseen_cards(view))
        hidden = sum(card is None for card in convoy.cards)
    else:
        hidden = len(convoy.cards)
    key = tuple(max(0, pool.get(kind, 0)) for kind in KINDS)
    return _values(key, hidden, card, view.rules.waiver_keeps_card)


class ExpectedValueBot(BluffBot):
    """Weighs each controller decision and each bribe by expected value (see the module doc).

    ``control_gain`` (default $3,000): the least expected gain worth spending a
    controller card on — more than the $2,000 a waive always earns, because a
    card spent now cannot control a richer convoy later. ``bait``, ``carry``
    and ``convoy_at`` shape its convoys as for :class:`BluffBot`.
    """

    default_name = "ev"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        name: str | None = None,
        bait: float = 0.25,
        carry: int = 2,
        convoy_at: int = 3,
        control_gain: int = 3_000,
    ) -> None:
        super().__init__(seed, name=name, bait=bait, carry=carry, convoy_at=convoy_at)
        if isinstance(control_gain, bool) or not isinstance(control_gain, int | float):
            raise ValueError(f"control_gain is a number of dollars, got {control_gain!r}")
        self.control_gain = control_gain

    def parameters(self) -> dict[str, Any]:
        return {
            "bait": self.bait,
            "carry": self.carry,
            "convoy_at": self.convoy_at,
            "control_gain": self.control_gain,
        }

    # ------------------------------------------------------------ as controller

    def on_control(self, view: SeatView, legal: Sequence[Action]) -> Action:
        pool = Counter(unseen_cards(view))
        for kind in CONTROLLER_KINDS:  # lowest rank first
            action = next((a for a in legal if a.act == "control" and a.card == kind), None)
            if action is None:
                continue
            values = controller_outlook(view, kind, pool)
            if max(values["inspect"], values["waive"]) >= self.control_gain:
                return action
        return next(a for a in legal if a.act == "decline")

    def on_inspect_or_waive(self, view: SeatView, legal: Sequence[Action]) -> Action:
        values = controller_outlook(view, view.convoy.controller_card)  # type: ignore[union-attr,arg-type]
        act = "inspect" if values["inspect"] > values["waive"] else "waive"
        return next(a for a in legal if a.act == act)

    def on_bribe_answer(self, view: SeatView, legal: Sequence[Action]) -> Action:
        convoy = view.convoy
        assert convoy is not None and convoy.bribe is not None
        values = controller_outlook(view, convoy.controller_card)  # type: ignore[arg-type]
        act = "accept" if warehouse_value(convoy.bribe) >= values["inspect"] else "reject"
        return next(a for a in legal if a.act == act)

    # ------------------------------------------------------------ as smuggler

    def on_bribe(self, view: SeatView, legal: Sequence[Action]) -> Action:
        convoy = view.convoy
        assert convoy is not None and convoy.controller_card is not None
        cards = tuple(card for card in convoy.cards if card is not None)
        card = convoy.controller_card
        guess = self.controller_view_of_convoy(view)
        threshold = guess["inspect"]  # the controller's indifference bribe, as estimated
        inspects = 1 if guess["inspect"] > guess["waive"] else 0
        rejected = convoy.rejected_bribes or ()
        floor = max((warehouse_value(b) for b in rejected), default=None)
        best, best_paid = None, None
        for action in _bribes_to_weigh(legal):
            worth = _worth(action.cards)
            if worth < threshold:
                continue
            if floor is not None and worth <= floor:
                continue  # the controller turned down as much already
            paid = _accepted_payoff(cards, card, action.cards)
            if best_paid is None or paid > best_paid:
                best, best_paid = action, paid
        if best is not None:
            values = smuggler_values(cards, card, best.cards, 1, inspects)
            if values["offer"] > values["none"]:
                return best
        return act_named(legal, "no_bribe")

    def controller_view_of_convoy(self, view: SeatView) -> dict[str, float]:
        """The controller's inspect/waive values as this smuggler estimates them.

        The controller cannot place this seat's convoy, nor the part of its hand
        not known to all, so those join the cards this seat cannot place.
        """
        convoy = view.convoy
        assert convoy is not None
        pool = Counter(unseen_cards(view))
        pool.update(card for card in convoy.cards if card is not None)
        pool.update(Counter(view.hand) - Counter(view.seats[view.seat].known_to_all))
        return controller_outlook(view, convoy.controller_card, pool)  # type: ignore[arg-type]


#: The EV bot weighs every bribe when there are at most this many; beyond
#: (a stacked hand of hundreds of cards allows billions), it weighs those with
#: at most :data:`WEIGHED_PER_KIND` cards of each kind: at most 5**5 of them.
WEIGH_ALL_UP_TO = 4096
WEIGHED_PER_KIND = 4


def _bribes_to_weigh(legal: Sequence[Action]) -> Iterator[Action]:
    """The legal bribes the bot weighs: all of them, or a bounded part of a huge family."""
    bribes = group_by_act(legal).get("bribe", ())
    if len(bribes) <= WEIGH_ALL_UP_TO or not hasattr(bribes, "action_for"):
        yield from bribes
        return
    kinds = list(bribes.up_to.items())  # type: ignore[attr-defined]
    for counts in product(*(range(min(n, WEIGHED_PER_KIND) + 1) for _kind, n in kinds)):
        cards = [kind for (kind, _n), count in zip(kinds, counts) for _ in range(count)]
        action = bribes.action_for(cards)
        if action is not None:  # None: empty, or already rejected
            yield action
