"""Milton Bradley's Smuggle as a state machine on the shared core.

Each player is Customs Officer for one round, clockwise from seat 0. In a
round the player left of the Officer draws 4 cards and declares them (or claims
Diplomatic Immunity); the Officer accepts or searches; an accepted hand passes
face down to the next player who is not the Officer, who accepts it (looks,
discards one, draws one, declares) or turns Informer. The round ends when the
pack holds fewer cards than the next step needs; after the last round the most
money wins. docs/smuggle-rules.md gives every decision taken here.

>>> game = SmuggleGame(SmuggleRules(players=3), seed=1)
>>> game.decision.kind, game.to_act
('declare', 1)
>>> game.apply({"act": "declare", "items": []}); game.decision.kind
'officer'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from prohis_nb.core.deal import shuffle
from prohis_nb.core.game import Decision, Event, GameBase
from prohis_nb.core.limits import game_seed
from prohis_nb.errors import MalformedActionError, RecordError, RulesError, excerpt
from prohis_nb.smuggle.actions import Action, parse, parse_for_seat
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE, PACK_COUNTS
from prohis_nb.smuggle.knowledge import LowerBounds, SmuggleKnowledge, observe
from prohis_nb.smuggle.legal import ANSWERS, DECLARE_CACHE, declare_actions, discard_actions
from prohis_nb.smuggle.log import describe, phrasings
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.smuggle.state import SearchShown, SmuggleState
from prohis_nb.smuggle.views import (
    PublicView,
    SeatView,
    TableView,
    public_view,
    seat_view,
    table_view,
)

#: The 54 cards in a fixed order (the order a shuffle starts from).
PACK: tuple[str, ...] = tuple(kind for kind, n in PACK_COUNTS.items() for _ in range(n))
HAND_SIZE = 4


def dutiable_counts(cards: Any) -> Counter:
    """Counts of the dutiable items among ``cards`` (luggage and the Bag left out)."""
    return Counter(card for card in cards if card in DUTIABLE)


#: A number that tells multisets of dutiable items apart: one base-5 digit per
#: kind, counting its cards (luggage and the Bag count 0). A hand holds 4
#: cards and a declaration at most 4 items, so no digit reaches 5 and two
#: multisets have the same signature only if they are equal. Speed shaped
#: this: a search compares the hand with the declaration by adding a few
#: numbers, without sorting or building Counters.
_SIGNATURE = {kind: 5**i for i, kind in enumerate(DUTIABLE)}
_SIGNATURE.update({kind: 0 for kind in PACK_COUNTS if kind not in _SIGNATURE})


def _signature(cards: Any) -> int:
    """The :data:`_SIGNATURE` of a hand or a declaration (at most 4 cards or items)."""
    return sum(map(_SIGNATURE.__getitem__, cards))


_new_search = tuple.__new__  # builds a SearchShown without NamedTuple's Python-level __new__


class _Amounts:
    """The board's amounts as plain dicts and ints, read at every payment.

    ``board.hand_duty`` and ``board.hand_fines`` take counts by kind; the
    engine pays on a declaration or a hand of at most 4 cards, many times per
    game, so it sums the cards directly (non-dutiable cards are fined 0).
    """

    __slots__ = ("_duty", "_fine", "compensation", "informer_reward", "immunity_fine")

    def __init__(self, board: Any) -> None:
        self._duty = dict(board.duty)
        self._fine = {kind: board.fine.get(kind, 0) for kind in PACK_COUNTS}
        self.compensation = board.compensation
        self.informer_reward = board.informer_reward
        self.immunity_fine = board.immunity_fine

    def duty(self, items: Any) -> int:
        """Duty on a declaration (``board.hand_duty`` of its items)."""
        return sum(map(self._duty.__getitem__, items))

    def fines(self, cards: Any) -> int:
        """Fines on every dutiable card of a hand (``board.hand_fines`` of its counts)."""
        return sum(map(self._fine.__getitem__, cards))


@lru_cache(maxsize=1024)
def _decision(seat: int, phase: str, holder: int | None, immunity: bool) -> Decision:
    """The pending decision, phrased (kept: a view and the runner ask at every step; speed)."""
    if phase == "declare":
        text = f"seat {seat} declares its 4 cards or claims Diplomatic Immunity"
    elif phase == "officer":
        what = "challenges the immunity claim" if immunity else "searches the hand"
        text = f"the Officer (seat {seat}) accepts seat {holder}'s declaration or {what}"
    elif phase == "receiver":
        what = "challenges the immunity claim" if immunity else "turns Informer"
        text = f"seat {seat} accepts the hand passed by seat {holder} or {what}"
    else:
        text = f"seat {seat} discards one card, then draws one"
    return Decision(seat, phase, text)


class SmuggleGame(GameBase):
    """One game of Smuggle: build it from a seed or from a stacked table.

    ``SmuggleGame(players=4, seed=1)``, or ``SmuggleGame(rules, seed=1)`` with a
    :class:`SmuggleRules` (or its JSON); the variant ``board`` may be a keyword.
    ``seed``: one ``random.Random(seed)`` shuffles the pack for every round.
    ``table``: ``{"packs": [[54 kinds, top card first], ...]}``, one pack order
    per round (as many as players).
    """

    game_name = "smuggle"
    record_format = "smuggle-record/1"
    rules_type = SmuggleRules
    action_from_text = staticmethod(parse_for_seat)
    action_examples = (
        "declare wine,wine",
        "declare nothing",
        "immunity",
        "accept",
        "search",
        "inform",
        "challenge",
        "discard luggage",
    )

    def __init__(
        self,
        rules: SmuggleRules | Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        table: Mapping[str, Any] | None = None,
        players: int | None = None,
        **variants: Any,
    ) -> None:
        # The keyword constructor every game class shares: SmuggleGame(players=4, seed=1).
        if rules is None:
            unknown = sorted(set(variants) - {"board"})
            if unknown:
                raise RulesError(
                    f"unknown Smuggle variant(s) {excerpt(unknown)}; allowed: ['board']"
                )
            rules = SmuggleRules(players=4 if players is None else players, **variants)
        elif isinstance(rules, Mapping):
            rules = SmuggleRules.from_json(rules)
        elif players is not None or variants:
            raise RulesError("give either a rules value or players=/variants, not both")
        if not isinstance(rules, SmuggleRules):
            raise RecordError(f"rules must be SmuggleRules, got {excerpt(rules)}")
        if seed is not None and table is not None:
            raise RecordError("a game starts from a seed or from a stacked table, not both")
        self.rules = rules
        self.players = rules.players
        if table is None:
            seed = game_seed(seed)  # none given: a fresh one, from all 2**63
            self.setup = {"seed": seed}
            rng = random.Random(seed)
            packs = []
            for _ in range(self.players):
                pack = list(PACK)
                shuffle(rng, pack)  # the same as rng.shuffle(pack), faster (core.deal)
                packs.append(tuple(pack))
            self._packs = tuple(packs)
        else:
            self._packs = _read_table(table, self.players)
            self.setup = {"packs": [list(p) for p in self._packs]}
        self.money = list(rules.starting_money())
        self.round = 0
        self.officer = 0
        self.pack: list[str] = []  # top card last
        self.discards: list[str] = []
        self.hand: list[str] = []
        self.holder: int | None = None
        self.receiver: int | None = None
        self.declared: tuple[str, ...] | None = None
        self.immunity = False
        self.phase = "declare"
        self.last_search: SearchShown | None = None
        self._events: list[Event] = []
        # What each seat knows is read from the events when a view asks for it
        # (smuggle.knowledge), not kept at every step.
        self._priors: dict[int | None, tuple] = {}
        # Every event phrased for its actor and for the other seats (see _log_lines).
        self._phrasings: list[tuple[int | None, str, str]] = []
        self._amounts = _Amounts(rules.board)
        self._start_round()
        self._start()

    def _start(self) -> None:
        self._observed: dict[int | None, tuple[int, tuple]] = {}
        self._bounds: dict[int | None, tuple[int, LowerBounds]] = {}
        super()._start()

    # ------------------------------------------------------------ flow
    #
    # Speed shaped this part (issue 15): an action only moves cards and money
    # and appends its events as plain tuples (their shapes: smuggle.log); the
    # log lines and what each seat knows are derived from the events when
    # someone asks, never during random play or a tournament.

    def _next_player(self, seat: int) -> int:
        """The next seat clockwise that is not the Officer."""
        seat = (seat + 1) % self.players
        if seat == self.officer:
            seat = (seat + 1) % self.players
        return seat

    def _start_round(self) -> None:
        self.officer = self.round % self.players
        self.pack = list(reversed(self._packs[self.round]))
        self.discards = []
        self.hand = []
        self.last_search = None
        self._events.append(("round", None, (self.round, self.officer)))  # type: ignore[arg-type]
        self._fresh_hand(self._next_player(self.officer))

    def _fresh_hand(self, seat: int) -> None:
        """``seat`` draws 4 fresh cards and must declare (or the round ends)."""
        self.discards += self.hand
        self.holder, self.receiver = seat, None
        self.declared, self.immunity = None, False
        pack = self.pack
        if len(pack) < HAND_SIZE:
            self.hand = []
            self._end_round()
            return
        # The top 4 cards, top card first (the pack keeps its top card last).
        hand = pack[: -HAND_SIZE - 1 : -1]
        del pack[-HAND_SIZE:]
        self.hand = hand
        self._events.append(("draw", seat, tuple(hand)))  # type: ignore[arg-type]
        self.phase = "declare"

    def _end_round(self) -> None:
        self.discards += self.hand
        self.hand = []
        self.holder = self.receiver = None
        self.declared, self.immunity = None, False
        self._events.append(("round_end", None, (self.round, len(self.pack))))  # type: ignore[arg-type]
        self.round += 1
        if self.round == self.players:
            self.phase = "ended"
            end = (tuple(self.money), tuple(self.winners()))
            self._events.append(("end", None, end))  # type: ignore[arg-type]
        else:
            self._start_round()

    def _pay(self, payer: int, payee: int, amount: int, why: str) -> None:
        if amount:
            self.money[payer] -= amount
            self.money[payee] += amount
            self._events.append(("pay", payer, (payee, amount, why)))  # type: ignore[arg-type]

    def _search(self, searcher: int, how: str) -> tuple[bool, bool]:
        """Show the hand to everyone; return (complete truth, holds the Bag)."""
        cards = tuple(self.hand)
        truth = not self.immunity and _signature(cards) == _signature(self.declared or ())
        holder = self.holder
        assert holder is not None  # a search is of the hand someone holds
        shown = _new_search(SearchShown, (searcher, holder, cards, how, truth))
        self.last_search = shown
        self._events.append(("search", searcher, shown))  # type: ignore[arg-type]
        return truth, DIPLOMATIC_BAG in cards

    # ------------------------------------------------------------ what each seat knows

    def _observations(self, observer: int | None) -> tuple:
        """``observer``'s observations so far (smuggle.knowledge.observe), kept and extended."""
        events = self._events
        done, seen = self._observed.get(observer, (0, ()))
        if done == 0:
            seen = self._priors.get(observer, ())
        if done < len(events):
            new = [o for e in events[done:] if (o := observe(e, observer)) is not None]
            if new:
                seen = (*seen, *new)
            self._observed[observer] = (len(events), seen)
        return seen

    def _lower_bounds(self, observer: int | None) -> LowerBounds:
        """``observer``'s lower bounds, read from its observations (kept and extended)."""
        observations = self._observations(observer)
        done, bounds = self._bounds.get(observer, (0, None))
        if bounds is None:
            bounds = LowerBounds(observer)
        for observation in observations[done:]:
            bounds.read(observation)
        self._bounds[observer] = (len(observations), bounds)
        return bounds

    def knowledge(self, seat: int | None) -> SmuggleKnowledge:
        """What ``seat`` (``None``: everyone) knows of this round's cards, exactly."""
        if seat is not None:
            self.check_seat(seat)
        return SmuggleKnowledge(seat, self.players, self._observations(seat))

    @property
    def known_hand(self) -> list[Counter]:
        """Per seat, the cards it knows are in the current hand (a lower bound)."""
        return [self._lower_bounds(seat).hand for seat in range(self.players)]

    @property
    def known_discards(self) -> list[Counter]:
        """Per seat, the cards it knows are in this round's discard pile."""
        return [self._lower_bounds(seat).discards for seat in range(self.players)]

    # ------------------------------------------------------------ the rules' part

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to act may take now (see ``GameBase.legal_actions``).

        The same answer as the shared machinery's, written for speed (issue 15:
        it runs twice per decision): Smuggle's lists are always shared tuples
        with a dict, and ``_compute_legal`` answers ``()`` once the game is over.
        """
        legal = self._legal
        if legal is None:
            legal, self._legal_set = self._compute_legal()
            self._legal = legal
        return legal  # type: ignore[return-value]

    def _compute_legal(self) -> tuple[tuple[Action, ...], dict[Action, Action]]:
        phase = self.phase
        if phase == "declare":
            # (built at a seat's first declaration, then shared by every game)
            return DECLARE_CACHE.get(self.holder) or declare_actions(self.holder)  # type: ignore
        # The lists are cached and shared, not built at every decision.
        if phase == "officer":
            return ANSWERS[self.officer, "challenge" if self.immunity else "search"]
        if phase == "receiver":
            return ANSWERS[self.receiver, "challenge" if self.immunity else "inform"]  # type: ignore[index]
        if phase == "ended":
            return (), {}
        # discard
        kinds = (DIPLOMATIC_BAG,) if DIPLOMATIC_BAG in self.hand else tuple(sorted(set(self.hand)))
        return discard_actions(self.holder, kinds)

    def _forced_is_public(self) -> bool:
        """Whether the pending decision is forced follows from public facts (core's hook).

        Only the discard after accepting a passed hand can have a single
        option (the Diplomatic Bag must go; a hand of one kind), and only its
        receiver has seen that hand: the discard is always asked, so that the
        Officer cannot tell the hand held the Bag from the engine skipping it.
        """
        return self.phase != "discard"

    def _do(self, action: Action) -> None:
        seat, act, items, card = action  # one unpacking: cheaper than four field reads
        holder = self.holder  # the seat holding the hand (None only once the game is over)
        assert holder is not None
        events = self._events
        if act == "declare":
            self.declared, self.immunity = items, False
            events.append(("declare", seat, items))  # type: ignore[arg-type]
            self.phase = "officer"
        elif act == "accept" and self.phase == "officer":
            events.append(("accept", seat, "officer"))  # type: ignore[arg-type]
            if not self.immunity:
                self._pay(holder, seat, self._amounts.duty(self.declared), "duty")
            receiver = self._next_player(holder)
            self.receiver = receiver
            events.append(("pass", holder, receiver))  # type: ignore[arg-type]
            self.phase = "receiver"
        elif act == "search":
            amounts = self._amounts
            truth, _ = self._search(seat, "officer")
            if truth:
                self._pay(holder, seat, amounts.duty(self.declared), "duty")
                self._pay(seat, holder, amounts.compensation, "compensation")
            else:
                self._pay(holder, seat, amounts.fines(self.hand), "fines")
            self._fresh_hand(self._next_player(holder))
        elif act == "accept":  # the receiver takes the passed hand
            events.append(("accept", seat, "receiver"))  # type: ignore[arg-type]
            self.holder, self.receiver = seat, None
            self.declared, self.immunity = None, False
            if not self.pack:  # the step needs one card to draw
                self._end_round()
                return
            events.append(("look", seat, tuple(self.hand)))  # type: ignore[arg-type]
            self.phase = "discard"
        elif act == "discard":
            self.hand.remove(card)
            self.discards.append(card)
            events.append(("discard", seat, card))  # type: ignore[arg-type]
            drawn = self.pack.pop()
            self.hand.append(drawn)
            events.append(("draw", seat, (drawn,)))  # type: ignore[arg-type]
            self.phase = "declare"
        elif act == "immunity":
            self.declared, self.immunity = (), True
            events.append(("immunity", seat, None))  # type: ignore[arg-type]
            self.phase = "officer"
        elif act == "challenge":
            amounts = self._amounts
            _, has_bag = self._search(seat, "challenge")
            if has_bag:
                self._pay(seat, holder, amounts.immunity_fine, "immunity upheld")
            else:
                fines = amounts.immunity_fine + amounts.fines(self.hand)
                self._pay(holder, self.officer, fines, "false immunity")
                if seat != self.officer:
                    self._pay(self.officer, seat, amounts.informer_reward, "informer reward")
            self._fresh_hand(self._next_player(holder))
        elif act == "inform":
            amounts = self._amounts
            passer = holder
            truth, _ = self._search(seat, "informer")
            if truth:
                self._pay(seat, passer, amounts.compensation, "informer was wrong")
            else:
                self._pay(passer, self.officer, amounts.fines(self.hand), "fines")
                self._pay(self.officer, seat, amounts.informer_reward, "informer reward")
            self._fresh_hand(seat)
        else:  # pragma: no cover - _compute_legal never offers anything else
            raise AssertionError(f"unexpected action {excerpt(action)}")

    def _coerce_action(self, action: Any) -> Action:
        if isinstance(action, str):
            return parse(action)
        if isinstance(action, Action):
            return Action.checked(action)
        if isinstance(action, tuple):
            raise MalformedActionError(
                f"an action is a smuggle Action or a mapping, got {excerpt(action)}"
            )
        return Action.from_json(action)

    def _explain_illegal(self, action: Action) -> str:
        phase = self.phase
        if phase == "declare":
            return (
                f"{action.act} is not allowed now: seat {self.holder} must declare 0-4 dutiable "
                f"items or claim immunity"
            )
        if phase == "discard":
            if action.act == "discard" and DIPLOMATIC_BAG in self.hand:
                return "the Diplomatic Bag must be the card discarded"
            return (
                f"{action} is not allowed now: seat {self.holder} must discard one of "
                f"{', '.join(sorted(set(self.hand)))}"
            )
        return f"{action} is not allowed now; allowed: {self._allowed_summary()}"

    # ------------------------------------------------------------ the state value

    def state(self) -> SmuggleState:
        """The position as one frozen value (see :mod:`prohis_nb.smuggle.state`)."""
        return SmuggleState(
            packs=self._packs,
            money=tuple(self.money),
            round=self.round,
            officer=self.officer,
            phase=self.phase,
            pack=tuple(self.pack),
            discards=tuple(self.discards),
            hand=tuple(self.hand),
            holder=self.holder,
            receiver=self.receiver,
            declared=self.declared,
            immunity=self.immunity,
            last_search=self.last_search,
        )

    def _set_state(self, state: SmuggleState) -> None:
        self._packs = state.packs
        self.money = list(state.money)
        self.round, self.officer, self.phase = state.round, state.officer, state.phase
        self.pack, self.discards, self.hand = (
            list(state.pack),
            list(state.discards),
            list(state.hand),
        )
        self.holder, self.receiver = state.holder, state.receiver
        self.declared, self.immunity = state.declared, state.immunity
        self.last_search = state.last_search

    def __getstate__(self) -> dict[str, Any]:
        """The whole game as plain values: rules, setup, the position, the history."""
        return {
            "rules": self.rules,
            "setup": self.setup,
            "state": self.state(),
            "actions": list(self._actions),
            "forced": dict(self._forced),
            "initial_forced": tuple(self._initial_forced),
            "events": list(self._events),
            "priors": dict(self._priors),
        }

    def __setstate__(self, data: Mapping[str, Any]) -> None:
        self.rules = data["rules"]
        self.players = self.rules.players
        self.setup = data["setup"]
        self._set_state(data["state"])
        self._actions = list(data["actions"])
        self._forced = dict(data["forced"])
        self._initial_forced = tuple(data["initial_forced"])
        self._events = list(data["events"])
        self._priors = dict(data["priors"])
        self._phrasings = []
        self._amounts = _Amounts(self.rules.board)
        self._log_cache = {}
        self._legal = self._legal_set = None
        self._observed, self._bounds = {}, {}

    @classmethod
    def from_state(
        cls,
        rules: SmuggleRules,
        state: SmuggleState,
        *,
        setup: Mapping[str, Any],
        recalled: list[Event] | tuple[Event, ...] = (),
        priors: Mapping[int | None, tuple] | None = None,
    ) -> SmuggleGame:
        """A game at ``state`` with no past actions (a table drawn by ``determinize``).

        ``recalled``: events to start its log with; ``priors``: for an
        observer (a seat, ``None`` for everyone), the observations it starts
        from (its knowledge and lower bounds are read from them).
        """
        game = object.__new__(cls)
        game.__setstate__(
            {
                "rules": rules,
                "setup": dict(setup),
                "state": state,
                "actions": [],
                "forced": {},
                "initial_forced": (),
                "events": list(recalled),
                "priors": dict(priors or {}),
            }
        )
        game._initial_forced = tuple(game._take_forced_steps())
        return game

    def copy(self) -> SmuggleGame:
        """An independent copy (its state value and its history; caches shared where immutable)."""
        other = super().copy()
        other._observed = dict(self._observed)
        return other

    def _fresh(self) -> SmuggleGame:
        if "seed" in self.setup:
            return SmuggleGame(self.rules, seed=self.setup["seed"])
        return SmuggleGame(self.rules, table=self.setup)

    # ------------------------------------------------------------ state

    @property
    def ended(self) -> bool:
        return self.phase == "ended"

    @property
    def to_act(self) -> int | None:
        if self.phase == "ended":
            return None
        if self.phase == "officer":
            return self.officer
        if self.phase == "receiver":
            return self.receiver
        return self.holder

    @property
    def decision(self) -> Decision | None:
        seat = self.to_act
        if seat is None:
            return None
        return _decision(seat, self.phase, self.holder, self.immunity)

    def scores(self) -> list[int]:
        """Money by seat (it may be below zero)."""
        return list(self.money)

    def describe_event(self, event: Event, observer: int | None) -> str:
        return describe(event, observer)

    def _event_shows(self, event: Event, seat: int) -> str | None:
        # What an event showed a seat (the learner's undo, ``GameBase.can_undo_for``).
        from prohis_nb.smuggle.log import shown_to

        return shown_to(event, seat)

    def _log_lines(self, seat: int | None) -> tuple[str, ...]:
        """``seat``'s log as a tuple: the shared machinery's, with each event phrased twice at most.

        Speed shaped this (issue 15): in a tournament every seat reads its
        log, and the core phrased each event once per seat. An event reads the
        same to every seat but its actor (``smuggle.log.phrasings``), so the
        game keeps both lines of every event, phrased once, and a seat's new
        lines are picked from them. The lines are the same as ``describe``'s.
        The teacher's log (``None``) is phrased as before.
        """
        events = self._events
        cached = self._log_cache.get(seat)
        if seat is None or (cached is not None and cached[0] == len(events)):
            return super()._log_lines(seat)
        phrased = self.__dict__.get("_phrasings")
        if phrased is None:  # a game built without __init__ (determinized, unpickled)
            phrased = self._phrasings = []
        if len(phrased) < len(events):
            phrased += [(event[1], *phrasings(event)) for event in events[len(phrased) :]]
        done, lines = cached if cached is not None else (0, ())
        new = [mine if actor == seat else theirs for actor, mine, theirs in phrased[done:]]
        if "" in new:  # an event this seat does not hear of (another seat's look)
            new = [line for line in new if line]
        if new:
            lines = (*lines, *new)
        self._log_cache[seat] = (len(events), lines)
        return lines

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now (a frozen ``SeatView``)."""
        self.check_seat(seat)
        bounds = self._lower_bounds(seat)
        return seat_view(
            self, seat, self._log_lines(seat), self.knowledge(seat), bounds.hand, bounds.discards
        )

    def omniscient_view(self) -> TableView:
        """Everything, hidden cards included (a frozen ``TableView``): for teachers."""
        return table_view(self, self._log_lines(None))

    def public_view(self) -> PublicView:
        """What every seat may know, and no card of any hand (a frozen ``PublicView``)."""
        return public_view(self, self._log_lines(self.players))

    def _repr_html_(self) -> str:
        # ``game`` alone in a cell: the public table, never the hands (docs/teaching.md).
        return self.public_view()._repr_html_()

    def __repr__(self) -> str:
        # The seed rebuilds every pack: shown once the game is over, not before.
        if "seed" not in self.setup:
            setup = "stacked packs"
        elif self.ended:
            setup = f"seed {self.setup['seed']}"
        else:
            setup = "a seed (shown once the game is over)"
        return (
            f"<SmuggleGame players={self.players} round={self.round} phase={self.phase} "
            f"dealt from {setup}>"
        )


def from_deal(packs: list[list[str]], rules: SmuggleRules | None = None) -> SmuggleGame:
    """A game from an explicit deal: one pack order per round, **top card first**.

    Smuggle deals nothing in the open: everything a seat knows comes later
    (its own draws, searches, declarations), so the deal is just the order of
    each round's pack (``rules.players`` rounds, each pack the 54 cards of
    :data:`PACK`). ``rules`` default to ``SmuggleRules(players=len(packs))``.
    Bad input raises ``RecordError`` saying what is wrong.

    >>> game = from_deal([list(PACK)] * 3)
    >>> game.view(1).hand
    ('luggage', 'luggage', 'luggage', 'luggage')
    """
    if rules is None:
        if not isinstance(packs, list | tuple):
            raise RecordError(f"packs must be a list of pack orders, got {excerpt(packs)}")
        rules = SmuggleRules(players=len(packs))
    return SmuggleGame(rules, table={"packs": [list(pack) for pack in packs]})


def _read_table(table: Any, players: int) -> tuple[tuple[str, ...], ...]:
    """Check a stacked table: one full pack order (top card first) per round."""
    if not isinstance(table, Mapping) or set(table) != {"packs"}:
        raise RecordError(
            "setup must be {'seed': N} or {'packs': [...]} (one pack per round), "
            f"got {excerpt(table)}"
        )
    packs = table["packs"]
    if not isinstance(packs, (list, tuple)) or len(packs) != players:
        raise RecordError(
            f"setup.packs must list {players} pack orders (one per round), got {excerpt(packs)}"
        )
    want = Counter(PACK)
    out = []
    for i, pack in enumerate(packs):
        if (
            not isinstance(pack, (list, tuple))
            or not all(isinstance(card, str) for card in pack)
            or Counter(pack) != want
        ):
            raise RecordError(
                f"setup.packs[{i}] must hold the 54 cards exactly once each kind as counted: "
                f"{dict(PACK_COUNTS)}"
            )
        out.append(tuple(pack))
    return tuple(out)


__all__ = ["SmuggleGame", "SmuggleRules", "from_deal"]
