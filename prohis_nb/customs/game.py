"""One declaration of Smuggle, two seats: the "customs" stage game (docs/customs-rules.md).

A class plays it in 30-second rounds; it is the declaration game of
:mod:`prohis_nb.analysis.signalling` played for real. Each step is a rule of
Smuggle (docs/smuggle-rules.md), cited:

1. **A fresh hand** ("A hand", 1): the declarer (seat 1, left of the Officer,
   seat 0) draws the top 4 cards of a freshly shuffled 54-card pack.
2. **The declaration** ("A hand", 2): any 0 to 4 dutiable items, held or not,
   or a claim of Diplomatic Immunity.
3. **The Officer** ("A hand", 3): accepts (the declarer pays the duty on what
   it declared; nothing for an immunity claim) or searches (challenges an
   immunity claim).
4. **The search** ("A hand", 4): the hand is shown. The complete truth: the
   declarer pays the declared duty and the Officer pays it $200
   compensation. Otherwise the declarer pays the fine on every dutiable item
   it holds. **A challenge** ("A hand", 6): holding the Bag, the claimant is
   paid the immunity fine; without it, it pays the immunity fine and every
   fine on its goods.

The hand is not passed on: there is no receiver in the stage game. The
scores are the money each seat gained or lost (every payment is between the
two: they add up to zero), the declarer's those of
:func:`prohis_nb.analysis.signalling.payoffs`.

>>> game = CustomsStageGame(seed=1)
>>> game.to_act, game.decision.kind
(1, 'declare')
>>> game.apply({"act": "declare", "items": []}); game.apply({"act": "accept"})
>>> game.ended, game.scores()
(True, [0, 0])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from prohis_nb.core.deal import shuffle
from prohis_nb.core.game import Event
from prohis_nb.core.stage import ENDED, StageGame
from prohis_nb.customs.log import describe
from prohis_nb.customs.rules import DECLARER, OFFICER, CustomsRules
from prohis_nb.customs.views import seat_view, table_view
from prohis_nb.errors import MalformedActionError, RecordError, excerpt
from prohis_nb.smuggle.actions import DECLARATIONS, Action, parse, parse_for_seat
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE, PACK_COUNTS

#: The 54 cards in a fixed order (the order a shuffle starts from), as Smuggle's pack.
PACK: tuple[str, ...] = tuple(kind for kind, n in PACK_COUNTS.items() for _ in range(n))
HAND_SIZE = 4
#: The acts of the stage game (Smuggle's, without the receiver's).
ACTS = ("declare", "immunity", "accept", "search", "challenge")

_DECLARE = tuple(Action(DECLARER, "declare", items=d) for d in DECLARATIONS) + (
    Action(DECLARER, "immunity"),
)
_ANSWER = {
    False: (Action(OFFICER, "accept"), Action(OFFICER, "search")),
    True: (Action(OFFICER, "accept"), Action(OFFICER, "challenge")),
}
#: Who takes each decision, and the decision in words.
DECISIONS = {
    "declare": (
        DECLARER,
        "the declarer (seat 1) declares its 4 cards or claims Diplomatic Immunity",
    ),
    "officer": (OFFICER, "the Officer (seat 0) accepts the declaration or searches the hand"),
}


def dutiable(cards: Any) -> Counter:
    """The dutiable items among ``cards``, by kind (luggage and the Bag left out)."""
    return Counter(card for card in cards if card in DUTIABLE)


class CustomsStageGame(StageGame):
    """One declaration, Officer (seat 0) against declarer (seat 1): see the module docstring.

    ``CustomsStageGame(seed=1)`` or ``CustomsStageGame(table={"hand": [...4 kinds]})``.
    What every stage game shares (the seed, undo, the views...) is :class:`StageGame`'s.
    """

    game_name = "customs"
    record_format = "customs-record/1"
    rules_type = CustomsRules
    variant_names = ("board",)
    action_type = Action
    parse_action = staticmethod(parse)
    action_from_text = staticmethod(parse_for_seat)
    action_examples = ("declare wine,wine", "declare nothing", "immunity", "accept", "search")
    decisions = DECISIONS
    seat_view = staticmethod(seat_view)
    table_view = staticmethod(table_view)
    describe = staticmethod(describe)

    # The state: the hand dealt, then what the seats did (None until they do it).
    hand: tuple[str, ...]
    declared: tuple[str, ...] | None
    immunity: bool
    answer: str | None
    shown: tuple[str, ...] | None
    truth: bool | None
    money: list[int]

    # ------------------------------------------------------------ the deal

    def _deal(self, rng: random.Random) -> None:
        """A fresh hand: the top 4 cards of the pack, shuffled as Smuggle shuffles a round's."""
        pack = list(PACK)
        shuffle(rng, pack)
        self.hand = tuple(pack[:HAND_SIZE])  # the top 4 cards, top card first

    def _stack(self, table: Any) -> dict[str, Any]:
        self.hand = _read_table(table)
        return {"hand": list(self.hand)}

    def _begin(self) -> None:
        self.phase = "declare"
        self.declared = None
        self.immunity = False
        self.answer = None
        self.shown = None
        self.truth = None
        self.money = [0, 0]
        self._events.append(Event("draw", DECLARER, self.hand))

    # ------------------------------------------------------------ the rules

    def _compute_legal(self) -> tuple[tuple[Action, ...], dict[Action, Action]]:
        if self.phase == "declare":
            legal: tuple[Action, ...] = _DECLARE
        elif self.phase == "officer":
            legal = _ANSWER[self.immunity]
        else:
            legal = ()
        return legal, {action: action for action in legal}

    def _do(self, action: Action) -> None:
        seat, act, items, _card = action
        board, events = self.rules.board, self._events
        if act == "declare":
            self.declared, self.phase = items, "officer"
            events.append(Event("declare", seat, items))
            return
        if act == "immunity":
            self.declared, self.immunity, self.phase = (), True, "officer"
            events.append(Event("immunity", seat, None))
            return
        self.answer = act
        if act == "accept":
            events.append(Event("accept", seat, None))
            if not self.immunity:
                self._pay(DECLARER, OFFICER, board.hand_duty(Counter(self.declared)), "duty")
        else:  # search or challenge: the hand is shown to all
            held = dutiable(self.hand)
            if act == "challenge":
                self.truth = DIPLOMATIC_BAG in self.hand
            else:
                self.truth = held == Counter(self.declared)
            self.shown = self.hand
            events.append(Event("search", seat, (self.hand, self.truth, act)))
            if act == "search" and self.truth:
                self._pay(DECLARER, OFFICER, board.hand_duty(held), "duty")
                self._pay(OFFICER, DECLARER, board.compensation, "compensation")
            elif act == "search":
                self._pay(DECLARER, OFFICER, board.hand_fines(held), "fines")
            elif self.truth:
                self._pay(OFFICER, DECLARER, board.immunity_fine, "immunity upheld")
            else:
                fines = board.immunity_fine + board.hand_fines(held)
                self._pay(DECLARER, OFFICER, fines, "false immunity")
        self.phase = ENDED
        events.append(Event("end", None, tuple(self.money)))

    def _pay(self, payer: int, payee: int, amount: int, why: str) -> None:
        if amount:
            self.money[payer] -= amount
            self.money[payee] += amount
            self._events.append(Event("pay", payer, (payee, amount, why)))

    def _check_act(self, action: Action) -> Action:
        """Smuggle's acts without the receiver's: the stage game has no receiver."""
        if action.act not in ACTS:
            raise MalformedActionError(
                f"unknown act {excerpt(action.act)}; the customs acts are {', '.join(ACTS)}"
            )
        return action

    def _explain_illegal(self, action: Action) -> str:
        if self.phase == "declare":
            return (
                f"{action.act} is not allowed now: seat 1 must declare 0-4 dutiable items or "
                "claim immunity"
            )
        return f"{action} is not allowed now; allowed: {self._allowed_summary()}"

    def scores(self) -> list[int]:
        """The money each seat gained or lost (it adds up to zero)."""
        return list(self.money)


def _read_table(table: Any) -> tuple[str, ...]:
    """Check a stacked table: ``{"hand": [4 card kinds that the pack holds]}``."""
    if not isinstance(table, Mapping) or set(table) != {"hand"}:
        raise RecordError(
            f"setup must be {{'seed': N}} or {{'hand': [4 cards]}}, got {excerpt(table)}"
        )
    hand = table["hand"]
    if (
        not isinstance(hand, list | tuple)
        or len(hand) != HAND_SIZE
        or not all(isinstance(card, str) and card in PACK_COUNTS for card in hand)
    ):
        raise RecordError(
            f"setup.hand is {HAND_SIZE} card kinds of the pack ({', '.join(PACK_COUNTS)}), "
            f"got {excerpt(hand)}"
        )
    over = [kind for kind, n in Counter(hand).items() if n > PACK_COUNTS[kind]]
    if over:
        raise RecordError(f"setup.hand holds more {', '.join(over)} than the pack has")
    return tuple(hand)


__all__ = ["PACK", "CustomsStageGame"]
