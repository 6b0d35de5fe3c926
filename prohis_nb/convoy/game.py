"""One convoy of Prohis, two seats: the "convoy" stage game (docs/convoy-rules.md).

A class plays it in 30-second rounds; it is lesson 6's convoy game, played
for real. Each step is a rule of the full game (docs/rules.md), cited:

1. **Chance** deals the smuggler (seat 0) a dirty hand, with probability
   ``p_dirty``, or an honest one (:meth:`ConvoyRules.hand
   <prohis_nb.convoy.rules.ConvoyRules.hand>`). Only the smuggler sees it.
2. The **smuggler** forms its convoy ("Form a convoy"): an honest one of
   ``size`` legal cards or, from a dirty hand, a dirty one holding
   ``illegal`` illegal cards. Chance shuffles it face down: which card lies
   where tells nobody anything, as lesson 3's odds assume.
3. The controller (seat 1) has already played its card ``card``, the rank
   that wins the control ("1. Who controls"; the stage starts there).
4. The **smuggler** offers a bribe from its hand (one of the menu's bribes its
   hand holds) or none ("2. The bribe").
5. The **controller** accepts or rejects the bribe; a rejection obliges it
   to inspect ("2. The bribe"). Offered none, it inspects or waives ("3. No
   bribe: inspect or waive").
6. An **inspection** turns the face-down cards one by one, up to the card's
   rank, and stops at the first illegal card: the convoy is confiscated;
   otherwise it passes ("4. The inspection").

The **scores** are the changes of final score this convoy makes, by Prohis's
scoring table ("Scoring"), as :mod:`prohis_nb.analysis.payoffs` tabulates
them; ``payoffs="race"`` counts each side's gain minus the other's,
``payoffs="own"`` each side's own gain (:func:`ending_scores`).

>>> game = ConvoyStageGame(seed=1)
>>> game.to_act, game.decision.kind
(0, 'convoy')
>>> game.apply({"act": "convoy", "cards": ["legal", "legal", "legal"]})
>>> game.apply({"act": "no_bribe"}); game.apply({"act": "waive"})
>>> game.ended, game.scores()
(True, [1000, -1000])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from prohis_nb.convoy.actions import Action, parse, parse_for_seat
from prohis_nb.convoy.log import describe
from prohis_nb.convoy.rules import CONTROLLER, SMUGGLER, ConvoyRules
from prohis_nb.convoy.views import seat_view, table_view
from prohis_nb.core.deal import shuffle
from prohis_nb.core.game import Event
from prohis_nb.core.stage import ENDED, StageGame
from prohis_nb.errors import RecordError, excerpt
from prohis_nb.prohis.cards import HAND_VALUE, WAREHOUSE_VALUE

#: The decisions, in the order they come (``decision.kind``; Prohis's names).
PHASES = ("convoy", "bribe", "bribe_answer", "inspect_or_waive")
#: The four ways the stage ends (Prohis's "uncontrolled" cannot happen: the card is played).
ENDINGS = ("accepted", "waived", "passed", "confiscated")

#: Who takes each decision, and the decision in words.
DECISIONS = {
    "convoy": (SMUGGLER, "the smuggler (seat 0) forms its convoy"),
    "bribe": (SMUGGLER, "the smuggler (seat 0) offers a bribe or none"),
    "bribe_answer": (CONTROLLER, "the controller (seat 1) accepts or rejects the bribe"),
    "inspect_or_waive": (CONTROLLER, "the controller (seat 1) inspects or waives"),
}


def ending_gains(
    rules: ConvoyRules, ending: str, convoy: tuple[str, ...], bribe: tuple[str, ...] = ()
) -> tuple[int, int]:
    """``(smuggler, controller)``: the dollars of final score each side gains by ``ending``.

    Measured against the cards staying where they were (Prohis's scoring
    table, ``W`` in a warehouse and ``H`` in a hand), as
    :mod:`prohis_nb.analysis.payoffs` tabulates them:

    * accepted: ``Σ(W − H)`` of the convoy ``− ΣH`` of the bribe; ``ΣW`` of the bribe;
    * waived: ``Σ(W − H)`` of the convoy; ``W − H`` of the card (0 when the
      ``waiver_keeps_card`` variant sends it back to hand);
    * passed: ``Σ(W − H)`` of the convoy ``+ H`` of the card; ``− H`` of the card
      (it goes to the smuggler's hand);
    * confiscated: ``− ΣH`` of the convoy; ``ΣW`` of the convoy ``+ W − H`` of the card.
    """
    card = rules.card
    stored = sum(WAREHOUSE_VALUE[c] - HAND_VALUE[c] for c in convoy)
    if ending == "accepted":
        return stored - sum(HAND_VALUE[c] for c in bribe), sum(WAREHOUSE_VALUE[c] for c in bribe)
    if ending == "waived":
        kept = 0 if rules.waiver_keeps_card else WAREHOUSE_VALUE[card] - HAND_VALUE[card]
        return stored, kept
    if ending == "passed":
        return stored + HAND_VALUE[card], -HAND_VALUE[card]
    if ending == "confiscated":
        taken = sum(WAREHOUSE_VALUE[c] for c in convoy) + WAREHOUSE_VALUE[card] - HAND_VALUE[card]
        return -sum(HAND_VALUE[c] for c in convoy), taken
    raise ValueError(f"unknown ending {ending!r}; the endings are {', '.join(ENDINGS)}")


def ending_scores(
    rules: ConvoyRules, ending: str, convoy: tuple[str, ...], bribe: tuple[str, ...] = ()
) -> tuple[int, int]:
    """The two seats' scores: ``race``, each gain minus the other's; ``own``, each gain."""
    smuggler, controller = ending_gains(rules, ending, convoy, bribe)
    if rules.payoffs == "race":
        return smuggler - controller, controller - smuggler
    return smuggler, controller


class ConvoyStageGame(StageGame):
    """One convoy, smuggler (seat 0) against controller (seat 1): see the module docstring.

    ``ConvoyStageGame(seed=1)``, ``ConvoyStageGame(payoffs="own", seed=1)`` or
    ``ConvoyStageGame(rules, table={"hand": "dirty", "order": [2, 0, 1]})``: a
    stacked table names the hand and the face-down order (``order[i]`` is the
    convoy card, in the engine's kind order, lying at place ``i``). What every
    stage game shares (the seed, undo, the views...) is :class:`StageGame`'s.
    """

    game_name = "convoy"
    record_format = "convoy-record/1"
    rules_type = ConvoyRules
    variant_names = ("card", "size", "illegal", "bribes", "p_dirty", "waiver_keeps_card", "payoffs")
    action_type = Action
    parse_action = staticmethod(parse)
    action_from_text = staticmethod(parse_for_seat)
    action_examples = (
        "convoy legal,legal,legal",
        "convoy legal,legal,illegal",
        "bribe legal",
        "no_bribe",
        "accept",
        "reject",
        "inspect",
        "waive",
    )
    decisions = DECISIONS
    seat_view = staticmethod(seat_view)
    table_view = staticmethod(table_view)
    describe = staticmethod(describe)

    # The state: the deal, then what the seats did (None until they do it).
    dirty: bool
    order: tuple[int, ...]
    hand: tuple[str, ...]
    convoy: tuple[str, ...] | None
    bribe: tuple[str, ...] | None
    answer: str | None
    turned: tuple[str, ...]
    ending: str | None
    _scores: tuple[int, int]

    # ------------------------------------------------------------ the deal

    def _deal(self, rng: random.Random) -> None:
        """Chance: a dirty hand with probability ``p_dirty``, then the face-down order."""
        p = self.rules.p_dirty
        self.dirty = rng.randrange(p.denominator) < p.numerator  # exactly p_dirty
        order = list(range(self.rules.size))
        shuffle(rng, order)
        self.order = tuple(order)

    def _stack(self, table: Any) -> dict[str, Any]:
        self.dirty, self.order = _read_table(table, self.rules.size)
        return {"hand": "dirty" if self.dirty else "honest", "order": list(self.order)}

    def _begin(self) -> None:
        self.hand = self.rules.hand(self.dirty)
        self.phase = "convoy"
        self.convoy = None
        self.bribe = None
        self.answer = None
        self.turned = ()
        self.ending = None
        self._scores = (0, 0)
        self._events.append(Event("deal", None, (self.dirty, self.hand)))

    # ------------------------------------------------------------ the rules

    def _compute_legal(self) -> tuple[tuple[Action, ...], dict[Action, Action]]:
        phase, rules = self.phase, self.rules
        if phase == "convoy":
            loads = [rules.convoy(False)] + ([rules.convoy(True)] if self.dirty else [])
            legal = tuple(Action(SMUGGLER, "convoy", load) for load in loads)
        elif phase == "bribe":
            left = Counter(self.hand)
            left.subtract(self.convoy or ())
            offers = [b for b in rules.bribes if not Counter(b) - left]  # the hand holds it
            legal = (*(Action(SMUGGLER, "bribe", b) for b in offers), Action(SMUGGLER, "no_bribe"))
        elif phase == "bribe_answer":
            legal = (Action(CONTROLLER, "accept"), Action(CONTROLLER, "reject"))
        elif phase == "inspect_or_waive":
            legal = (Action(CONTROLLER, "inspect"), Action(CONTROLLER, "waive"))
        else:
            legal = ()
        return legal, {action: action for action in legal}

    def _forced_is_public(self) -> bool:
        """The smuggler's decisions depend on its hidden hand: it is always asked.

        An honest hand has a single convoy, and may hold none of the menu's
        bribes; skipping those steps would tell the controller the hand.
        """
        return self.phase not in ("convoy", "bribe")

    def _do(self, action: Action) -> None:
        seat, act, cards = action
        events = self._events
        if act == "convoy":
            self.convoy = cards
            events.append(Event("convoy", seat, cards))
            self.phase = "bribe"
        elif act == "bribe":
            self.bribe = cards
            events.append(Event("bribe", seat, cards))
            self.phase = "bribe_answer"
        elif act == "no_bribe":
            events.append(Event("no_bribe", seat, None))
            self.phase = "inspect_or_waive"
        else:
            self.answer = act
            events.append(Event(act, seat, None))
            if act == "accept":
                self._end("accepted")
            elif act == "waive":
                self._end("waived")
            else:  # reject or inspect: the inspection
                self._inspect()

    def _inspect(self) -> None:
        """Turn the face-down cards one by one, up to the rank; stop at an illegal card."""
        convoy = self.convoy or ()
        for position in range(min(self.rules.rank, len(convoy))):
            card = convoy[self.order[position]]
            self.turned += (card,)
            self._events.append(Event("turn", CONTROLLER, (position, card)))
            if card == "illegal":
                self._end("confiscated")
                return
        self._end("passed")

    def _end(self, ending: str) -> None:
        self.ending, self.phase = ending, ENDED
        self._scores = ending_scores(self.rules, ending, self.convoy or (), self.bribe or ())
        self._events.append(Event("end", None, (ending, self._scores)))

    def _explain_illegal(self, action: Action) -> str:
        phase = self.phase
        if phase == "convoy" and action.act == "convoy":
            return (
                f"a convoy of {', '.join(action.cards)} is not allowed: the convoy is "
                f"{self.rules.size} legal cards, or a dirty one from a dirty hand"
            )
        if phase == "bribe" and action.act == "bribe":
            return (
                f"a bribe of {', '.join(action.cards)} is not allowed: the bribes are those of "
                f"the menu that the hand holds ({self._allowed_summary()})"
            )
        words = DECISIONS[phase][1]
        return f"{action} is not allowed now ({words}); allowed: {self._allowed_summary()}"

    def scores(self) -> list[int]:
        """Each seat's score from this convoy (``[0, 0]`` until it ends)."""
        return list(self._scores)


def _read_table(table: Any, size: int) -> tuple[bool, tuple[int, ...]]:
    """Check a stacked table: ``{"hand": "dirty" or "honest", "order": a permutation}``."""
    if not isinstance(table, Mapping) or set(table) != {"hand", "order"}:
        raise RecordError(
            "setup must be {'seed': N} or {'hand': 'dirty' or 'honest', 'order': [...]}, "
            f"got {excerpt(table)}"
        )
    hand, order = table["hand"], table["order"]
    if hand not in ("dirty", "honest"):
        raise RecordError(f"setup.hand is 'dirty' or 'honest', got {excerpt(hand)}")
    if (
        not isinstance(order, list | tuple)
        or any(isinstance(i, bool) or not isinstance(i, int) for i in order)
        or sorted(order) != list(range(size))
    ):
        raise RecordError(
            f"setup.order is the face-down order, each of 0 to {size - 1} once, "
            f"got {excerpt(order)}"
        )
    return hand == "dirty", tuple(order)


__all__ = ["ConvoyStageGame", "ending_gains", "ending_scores"]
