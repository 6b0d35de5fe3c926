"""Prohis bots with plain, readable strategies: HonestBot and BluffBot.

Both answer each kind of decision (``view.decision.kind``) with a short rule
written in :class:`ProhisBot`'s ``on_<kind>`` methods. They choose only among
the legal actions; the card values they weigh come from the scoring table.
docs/bots.md explains each strategy in words.

>>> from prohis_nb.bots.runner import play_game
>>> bots = [HonestBot(seed=1), BluffBot(seed=2), HonestBot(seed=3), BluffBot(seed=4)]
>>> play_game("prohis", bots, seed=7).ended
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from prohis_nb.bots.base import Bot, reads_view, view_free
from prohis_nb.bots.prohis_habits import (
    act_named,
    cheapest,
    end_is_near,
    lowest_control,
    pick_bribe,
    pick_convoy,
    pick_draw,
    random_turn,
    warehouse_worth,
)
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.views import SeatView

#: The order in which a bribing bot gives cards away: cheapest to lose first.
#: Legal goods are worth $0 in hand; an illegal card given away even removes
#: -$4,000 from the hand, but it is kept for smuggling when legal goods suffice.
BRIBE_ORDER = ("legal", "illegal", "lieutenant", "captain", "inspector")


def _probability(name: str, value: float) -> float:
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} is a probability from 0 to 1, got {value!r}")
    return float(value)


def _count(name: str, value: int, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} is a whole number from {low} to {high}, got {value!r}")
    return value


class ProhisBot(Bot):
    """A Prohis bot that answers each decision kind with its own method.

    ``choose`` calls ``on_<kind>(view, legal_actions)`` for the pending
    decision's kind (``turn``, ``second_pick``, ``control``, ``bribe``,
    ``bribe_answer``, ``inspect_or_waive``, ``inspection``). The controller's
    habits are shared: control convoys of at least ``control_at`` cards with
    the lowest-rank card held; when no bribe is offered, inspect with
    probability ``inspect``; turn face-down cards at random.

    An ``on_<kind>`` method marked :func:`~prohis_nb.bots.base.view_free`
    reads nothing of its view (it receives a ``DecisionOnly``), and neither
    does a forced step: the runner then builds no view (:meth:`needs_view`).
    """

    games = ("prohis",)
    control_at: int = 3
    inspect: float = 0.5

    def needs_view(self, decision: Any, legal_actions: Sequence[Action]) -> bool:
        if len(legal_actions) == 1:  # choose returns it without looking
            return False
        return reads_view(getattr(self, f"on_{decision.kind}"))

    def choose(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        decision = view.decision
        assert decision is not None and decision.seat == view.seat
        if len(legal_actions) == 1:  # forced by this seat's own cards: nothing to weigh
            return legal_actions[0]
        return getattr(self, f"on_{decision.kind}")(view, legal_actions)

    def on_turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def on_second_pick(self, view: SeatView, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def on_bribe(self, view: SeatView, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def on_bribe_answer(self, view: SeatView, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def on_control(self, view: SeatView, legal: Sequence[Action]) -> Action:
        convoy = view.convoy
        assert convoy is not None
        if len(convoy.cards) >= self.control_at:
            action = lowest_control(legal)
            if action is not None:
                return action
        return act_named(legal, "decline")

    @view_free
    def on_inspect_or_waive(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return act_named(legal, "inspect" if self.rng.random() < self.inspect else "waive")

    @view_free
    def on_inspection(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return random_turn(legal, self.rng)

    @staticmethod
    def _can_draw(legal: Sequence[Action]) -> bool:
        return any(a.act == "take" for a in legal)


class HonestBot(ProhisBot):
    """Never carries illegal goods, never offers a bribe, never takes one.

    *As smuggler*: ships its legal goods (up to 4) once it holds ``convoy_at``
    of them, or sooner when it cannot draw or the end is near (pile empty or
    final round; then lieutenants go along too). It draws lieutenants and
    legal goods from the row, never illegal goods, and from the pile only if
    ``pile`` is true (a pile card may be illegal, and an honest player can
    never get rid of one: -$4,000 at the end). An honest convoy has nothing to
    hide, so it offers no bribe: an inspection can only hand it the
    controller's card.

    *As controller*: incorruptible. It rejects every bribe (which forces an
    inspection) and otherwise inspects with probability ``inspect``.
    """

    default_name = "honest"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        name: str | None = None,
        convoy_at: int = 3,
        pile: bool = False,
        control_at: int = 3,
        inspect: float = 0.5,
    ) -> None:
        super().__init__(seed, name=name)
        self.convoy_at = _count("convoy_at", convoy_at, 2, 4)
        self.pile = bool(pile)
        self.control_at = _count("control_at", control_at, 2, 5)
        self.inspect = _probability("inspect", inspect)

    def parameters(self) -> dict[str, Any]:
        return {
            "convoy_at": self.convoy_at,
            "pile": self.pile,
            "control_at": self.control_at,
            "inspect": self.inspect,
        }

    def _cargo(self, view: SeatView) -> list[str]:
        hand = Counter(view.hand)
        kinds = ("legal", "lieutenant") if end_is_near(view) else ("legal",)
        return cheapest(hand, kinds, 4)

    def on_turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        cargo = self._cargo(view)
        ready = len(cargo) >= self.convoy_at or end_is_near(view) or not self._can_draw(legal)
        if len(cargo) >= 2 and ready:
            action = pick_convoy(legal, cargo, self.rng)
            if action is not None:
                return action
        draw = pick_draw(view, legal, ("lieutenant", "legal"), self.pile)
        if draw is not None:
            return draw
        if len(cargo) >= 2:
            action = pick_convoy(legal, cargo, self.rng)
            if action is not None:
                return action
        return act_named(legal, "pass")

    def on_second_pick(self, view: SeatView, legal: Sequence[Action]) -> Action:
        draw = pick_draw(view, legal, ("lieutenant", "legal"), self.pile)
        return draw if draw is not None else act_named(legal, "stop")

    @view_free
    def on_bribe(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return act_named(legal, "no_bribe")

    @view_free
    def on_bribe_answer(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return act_named(legal, "reject")


class BluffBot(ProhisBot):
    """Smuggles illegal goods among legal ones, sometimes baits with an honest convoy.

    *As smuggler*: once it holds ``convoy_at`` goods (legal and illegal), or
    cannot draw, or the end is near, it forms a convoy. If it holds illegal
    goods, with probability ``bait`` the convoy is honest anyway (legal goods
    only: an inspection then wins it the controller's card, and controllers
    learn that its convoys are sometimes clean); otherwise it carries up to
    ``carry`` illegal cards (every one it can, up to 4, when the end is near)
    filled up to 4 cards with legal goods. It draws illegal goods first from
    the row (worth $8,000 more once stored), then lieutenants, then legal
    goods, else the pile.

    *Bribes*: when a controller steps in, it offers ``bribe`` cards (0: never),
    the cheapest to lose first (:data:`BRIBE_ORDER`), once: always with a
    convoy that hides illegal goods, and with probability ``bribe_honest``
    with an honest one. With ``bribe_honest=1`` (the default) every convoy
    comes with the same offer, so the offer says nothing about the cargo and
    baiting works: that is how the convoy game's equilibrium bribes (every
    hand offers it, lesson 6). With ``bribe_honest=0`` only a dirty convoy
    bribes, so the bribe gives it away: a controller who rejects every bribe
    (and inspects) and waives every unbribed convoy exploits it, and baiting
    then only helps the controller (:mod:`prohis_nb.bots.exploitability`).

    *As controller*: controls convoys of at least ``control_at`` cards, accepts
    a bribe worth at least ``accept_at`` dollars in its warehouse (waiving
    would earn its card's $2,000, so that is the default), otherwise rejects
    it; with no bribe it inspects with probability ``inspect``.
    """

    default_name = "bluff"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        name: str | None = None,
        bait: float = 0.25,
        carry: int = 2,
        bribe: int = 1,
        bribe_honest: float = 1.0,
        convoy_at: int = 3,
        control_at: int = 3,
        inspect: float = 0.5,
        accept_at: int = 2_000,
    ) -> None:
        super().__init__(seed, name=name)
        self.bait = _probability("bait", bait)
        self.carry = _count("carry", carry, 1, 4)
        self.bribe = _count("bribe", bribe, 0, 8)
        self.bribe_honest = _probability("bribe_honest", bribe_honest)
        self.convoy_at = _count("convoy_at", convoy_at, 2, 4)
        self.control_at = _count("control_at", control_at, 2, 5)
        self.inspect = _probability("inspect", inspect)
        if isinstance(accept_at, bool) or not isinstance(accept_at, int):
            raise ValueError(f"accept_at is a whole number of dollars, got {accept_at!r}")
        self.accept_at = accept_at

    def parameters(self) -> dict[str, Any]:
        return {
            "bait": self.bait,
            "carry": self.carry,
            "bribe": self.bribe,
            "bribe_honest": self.bribe_honest,
            "convoy_at": self.convoy_at,
            "control_at": self.control_at,
            "inspect": self.inspect,
            "accept_at": self.accept_at,
        }

    def _cargo(self, view: SeatView) -> list[str]:
        """The convoy it would form now (its one random draw: bait or not)."""
        hand = Counter(view.hand)
        near = end_is_near(view)
        extra = ("lieutenant",) if near else ()
        if hand["illegal"] and (near or self.rng.random() >= self.bait):
            carry = 4 if near else self.carry
            cargo = ["illegal"] * min(hand["illegal"], carry)
            rest = hand - Counter(cargo)
            cargo += cheapest(rest, ("legal", "illegal", *extra), 4 - len(cargo))
            if len(cargo) < 2:
                cargo += cheapest(rest - Counter(cargo), ("lieutenant",), 2 - len(cargo))
            return cargo
        return cheapest(hand, ("legal", *extra), 4)

    def on_turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        hand = Counter(view.hand)
        goods = hand["legal"] + hand["illegal"]
        ready = goods >= self.convoy_at or end_is_near(view) or not self._can_draw(legal)
        if ready:
            cargo = self._cargo(view)
            if len(cargo) >= 2:
                action = pick_convoy(legal, cargo, self.rng)
                if action is not None:
                    return action
        draw = pick_draw(view, legal, ("illegal", "lieutenant", "legal"), pile=True)
        if draw is not None:
            return draw
        cargo = self._cargo(view)
        if len(cargo) >= 2:
            action = pick_convoy(legal, cargo, self.rng)
            if action is not None:
                return action
        return act_named(legal, "pass")

    def on_second_pick(self, view: SeatView, legal: Sequence[Action]) -> Action:
        draw = pick_draw(view, legal, ("illegal", "lieutenant", "legal"), pile=True)
        return draw if draw is not None else act_named(legal, "stop")

    def on_bribe(self, view: SeatView, legal: Sequence[Action]) -> Action:
        convoy = view.convoy
        assert convoy is not None
        hides = "illegal" in convoy.cards
        if self.bribe and convoy.offers == 0 and (hides or self.rng.random() < self.bribe_honest):
            cards = cheapest(Counter(view.hand), BRIBE_ORDER, self.bribe)
            action = pick_bribe(legal, cards) if cards else None
            if action is not None:
                return action
        return act_named(legal, "no_bribe")

    def on_bribe_answer(self, view: SeatView, legal: Sequence[Action]) -> Action:
        convoy = view.convoy
        assert convoy is not None and convoy.bribe is not None
        worth = warehouse_worth(convoy.bribe)
        return act_named(legal, "accept" if worth >= self.accept_at else "reject")


#: Prohis's bots by name, as its registry entry names them (``prohis_nb.prohis.spec``);
#: the EV bot is imported only when asked for.
BOTS: dict[str, Any] = {
    "honest": HonestBot,
    "bluff": BluffBot,
    "ev": "prohis_nb.bots.ev_bot:ExpectedValueBot",
}
