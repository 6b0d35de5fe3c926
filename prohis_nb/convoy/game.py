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
from prohis_nb.convoy.rules import CONTROLLER, SMUGGLER, ConvoyRules
from prohis_nb.core.deal import shuffle
from prohis_nb.core.game import Decision, Event, GameBase
from prohis_nb.core.limits import MAX_SEED, fresh_seed
from prohis_nb.errors import MalformedActionError, RecordError, RulesError, excerpt
from prohis_nb.prohis.cards import HAND_VALUE, WAREHOUSE_VALUE

#: The decisions, in the order they come (``decision.kind``; Prohis's names).
PHASES = ("convoy", "bribe", "bribe_answer", "inspect_or_waive")
#: The four ways the stage ends (Prohis's "uncontrolled" cannot happen: the card is played).
ENDINGS = ("accepted", "waived", "passed", "confiscated")

_TEXT = {
    "convoy": "the smuggler (seat 0) forms its convoy",
    "bribe": "the smuggler (seat 0) offers a bribe or none",
    "bribe_answer": "the controller (seat 1) accepts or rejects the bribe",
    "inspect_or_waive": "the controller (seat 1) inspects or waives",
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


class ConvoyStageGame(GameBase):
    """One convoy, smuggler (seat 0) against controller (seat 1): see the module docstring.

    ``ConvoyStageGame(seed=1)``, ``ConvoyStageGame(payoffs="own", seed=1)`` or
    ``ConvoyStageGame(rules, table={"hand": "dirty", "order": [2, 0, 1]})``: a
    stacked table names the hand and the face-down order (``order[i]`` is the
    convoy card, in the engine's kind order, lying at place ``i``).
    """

    game_name = "convoy"
    record_format = "convoy-record/1"
    rules_type = ConvoyRules
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

    def __init__(
        self,
        rules: ConvoyRules | Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        table: Mapping[str, Any] | None = None,
        players: int | None = None,
        **variants: Any,
    ) -> None:
        if rules is None:
            rules = ConvoyRules(players=2 if players is None else players, **_known(variants))
        elif isinstance(rules, Mapping):
            rules = ConvoyRules.from_json(rules)
        elif players is not None or variants:
            raise RulesError("give either a rules value or players=/variants, not both")
        if not isinstance(rules, ConvoyRules):
            raise RecordError(f"rules must be ConvoyRules, got {excerpt(rules)}")
        if seed is not None and table is not None:
            raise RecordError("a game starts from a seed or from a stacked table, not both")
        self.rules = rules
        self.players = 2
        if table is None:
            if seed is None:
                seed = fresh_seed()
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
                raise RecordError(
                    f"setup.seed must be a whole number from 0 to {MAX_SEED:,}, got {excerpt(seed)}"
                )
            self.setup: dict[str, Any] = {"seed": seed}
            rng = random.Random(seed)
            p = rules.p_dirty
            self.dirty = rng.randrange(p.denominator) < p.numerator  # exactly p_dirty
            order = list(range(rules.size))
            shuffle(rng, order)
            self.order = tuple(order)
        else:
            self.dirty, self.order = _read_table(table, rules.size)
            self.setup = {"hand": "dirty" if self.dirty else "honest", "order": list(self.order)}
        self.hand = rules.hand(self.dirty)
        self.phase = "convoy"
        self.convoy: tuple[str, ...] | None = None
        self.bribe: tuple[str, ...] | None = None
        self.answer: str | None = None
        self.turned: tuple[str, ...] = ()
        self.ending: str | None = None
        self._scores = (0, 0)
        self._events: list[Event] = [Event("deal", None, (self.dirty, self.hand))]
        self._start()

    # ------------------------------------------------------------ the rules' part

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
        self.ending, self.phase = ending, "ended"
        self._scores = ending_scores(self.rules, ending, self.convoy or (), self.bribe or ())
        self._events.append(Event("end", None, (ending, self._scores)))

    def _coerce_action(self, action: Any) -> Action:
        if isinstance(action, str):
            return parse(action)
        if isinstance(action, Action):
            return Action.checked(action)
        if isinstance(action, tuple):
            raise MalformedActionError(
                f"an action is a convoy Action or a mapping, got {excerpt(action)}"
            )
        return Action.from_json(action)

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
        return f"{action} is not allowed now ({_TEXT[phase]}); allowed: {self._allowed_summary()}"

    def _copy_state(self, other: GameBase) -> None:
        assert isinstance(other, ConvoyStageGame)
        for name in ("dirty", "order", "hand", "phase", "convoy", "bribe", "answer", "turned"):
            setattr(other, name, getattr(self, name))
        other.ending, other._scores = self.ending, self._scores

    def _fresh(self) -> ConvoyStageGame:
        if "seed" in self.setup:
            return ConvoyStageGame(self.rules, seed=self.setup["seed"])
        return ConvoyStageGame(self.rules, table=self.setup)

    # ------------------------------------------------------------ state

    @property
    def ended(self) -> bool:
        return self.phase == "ended"

    @property
    def to_act(self) -> int | None:
        if self.phase == "ended":
            return None
        return SMUGGLER if self.phase in ("convoy", "bribe") else CONTROLLER

    @property
    def decision(self) -> Decision | None:
        seat = self.to_act
        if seat is None:
            return None
        return Decision(seat, self.phase, _TEXT[self.phase])

    def scores(self) -> list[int]:
        """Each seat's score from this convoy (``[0, 0]`` until it ends)."""
        return list(self._scores)

    def describe_event(self, event: Event, observer: int | None) -> str:
        from prohis_nb.convoy.log import describe

        return describe(event, observer)

    def view(self, seat: int) -> Any:
        """What ``seat`` may know now (a frozen :class:`~prohis_nb.convoy.views.SeatView`)."""
        from prohis_nb.convoy.views import seat_view

        return seat_view(self, self.check_seat(seat))

    def public_view(self) -> Any:
        """What an onlooker may know: only what both seats see (no hand, no convoy)."""
        from prohis_nb.convoy.log import PUBLIC
        from prohis_nb.convoy.views import seat_view

        return seat_view(self, PUBLIC)

    def omniscient_view(self) -> Any:
        """Everything, the hand and the face-down order included: for teachers."""
        from prohis_nb.convoy.views import table_view

        return table_view(self)

    def _repr_html_(self) -> str:
        """The public table (what both seats see): never a hidden card."""
        return self.public_view()._repr_html_()

    def __repr__(self) -> str:
        state = "over" if self.ended else f"{self.phase}, seat {self.to_act} to act"
        # The seed deals every hidden card: shown once the game is over (docs/teaching.md).
        if "seed" not in self.setup:
            setup = "stacked"
        elif self.ended:
            setup = f"seed {self.setup['seed']}"
        else:
            setup = "a seed (shown once the game is over)"
        return f"<ConvoyStageGame {state}, dealt from {setup}>"


def _known(variants: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword variants, refused by name when unknown (not a bare TypeError)."""
    allowed = ("card", "size", "illegal", "bribes", "p_dirty", "waiver_keeps_card", "payoffs")
    unknown = sorted(set(variants) - set(allowed))
    if unknown:
        raise RulesError(f"unknown convoy variant(s) {excerpt(unknown)}; allowed: {list(allowed)}")
    return dict(variants)


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
