"""The Prohis game: the rulebook as a state machine.

Read this module next to docs/rules.md. A turn is exactly one of:

* **draw** (``take``, then another ``take`` or ``stop``): 1 or 2 picks from
  the face-up row and the pile, never two from the pile, not allowed with 8 or
  more cards in hand; a row card taken is replaced at once from the pile;
* **convoy** (``convoy``): 2-4 cards face down, followed by the control round
  (each opponent clockwise from the smuggler's left plays a controller card or
  declines; highest rank wins, the first played wins a tie), the bribe
  (``bribe``/``no_bribe``, answered by ``accept``/``reject``), the choice to
  ``inspect`` or ``waive``, and the inspection itself (``turn``, card by card);
* **pass**.

Decisions are the *phases* below; ``to_act`` is always the seat that decides.
Cards of one kind are interchangeable, so hands and warehouses are counts by
kind (see :mod:`prohis_nb.prohis.cards`); the pile is a list whose *last*
element is the top card (so drawing is a cheap ``pop``).

What each seat knows about the others is kept as *lower bounds*: for every
observer and every other seat, "at least this many cards of each kind are in
that hand / that warehouse". They grow when cards move in the open (a row card
taken, a controller card won or taken back, a bribe seen) and shrink when cards
leave a hand face down (a convoy of 3 cards may have taken any 3 of them). Each
observer's bounds are updated only from what that observer saw, so a seat's
view can never reveal a hidden card. Index ``players`` holds what *everyone*
knows (the public bounds).

The log and the seats' own bounds are only needed when someone looks (a view,
a log, a bot), and keeping them at every action costs a simulation a good
share of its time. So a new game keeps only the public bounds (the engine
needs them to tell a forced step) and plays on; the first time a view, a log
or the bounds are asked for, the game replays its actions from its setup with
the *chronicle* on (:meth:`ProhisGame._chronicled`) and keeps it on from then
on. Both ways run the same code, so what a seat sees is the same.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from operator import attrgetter

from prohis_nb.core.caches import MemoTable
from prohis_nb.core.deal import shuffle
from prohis_nb.core.game import Decision, Event, GameBase, instance_state, set_instance_state
from prohis_nb.core.legal import LegalActions
from prohis_nb.core.limits import MAX_SEED
from prohis_nb.errors import RecordError, RulesError, excerpt
from prohis_nb.prohis.actions import Action, parse_action
from prohis_nb.prohis.bribes import Bribes
from prohis_nb.prohis.cards import (
    CAPTAIN,
    CONTROLLER_KINDS,
    ILLEGAL,
    INSPECTOR,
    KIND_INDEX,
    KINDS,
    LIEUTENANT,
    counts_to_cards,
    hand_value,
    warehouse_value,
)
from prohis_nb.prohis.log import describe, shown_to
from prohis_nb.prohis.rules import ProhisRules, check_deal

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)

if TYPE_CHECKING:
    from typing import Any

    from prohis_nb.prohis.views import PublicView, SeatView, TableView

# The phases: which kind of decision is pending.
TURN = "turn"  # the active player draws, forms a convoy or passes
SECOND_PICK = "second_pick"  # after one pick: another take, or stop
CONTROL = "control"  # an opponent plays a controller card or declines
BRIBE = "bribe"  # the smuggler offers a bribe or not
BRIBE_ANSWER = "bribe_answer"  # the controller accepts or rejects the bribe
INSPECT_OR_WAIVE = "inspect_or_waive"  # no bribe: the controller inspects or waives
INSPECTION = "inspection"  # the controller turns convoy cards over, one at a time
OVER = "over"
#: The phases whose single legal action may be forced by hidden cards only (see
#: ``ProhisGame._forced_is_public``); a constant set, not a tuple built per call.
_ASKED_EVEN_IF_SINGLE = frozenset((CONTROL, BRIBE))

HAND_LIMIT = 8  # no drawing with this many cards or more in hand
ROW_SLOTS = 4


def rank_of(kind_index: int) -> int:
    """Rank of a controller card by its kind index: lieutenant 1, captain 2, inspector 3."""
    return kind_index - LIEUTENANT + 1


class ProhisGame(GameBase):
    """One game of Prohis, from the deal to the final score.

    >>> game = ProhisGame(players=4, seed=7)
    >>> game.to_act, game.decision.kind
    (2, 'turn')
    >>> game.apply(game.legal_actions()[0])  # doctest: +SKIP

    Build it from a seed (``seed=``: the engine shuffles with its own seeded
    generator) or from a stacked table (``table=``, as in a record's setup).
    Then repeat: look at ``legal_actions()``, ``apply()`` one. ``view(seat)``
    shows what one seat may know, ``record()`` writes the game down.
    """

    # Speed: a game has about 40 attributes, more than the 30 CPython (3.11-3.13)
    # keeps in the fast per-class layout of a plain instance; past that every
    # ``self.x`` becomes a dictionary lookup. Named slots are read straight from
    # their place: about 10% more decisions per second in random play. The
    # instance keeps a ``__dict__`` (from GameBase) for anything else; undo,
    # copies and pickles see both through ``core.game.instance_state``.
    __slots__ = (
        "_actions",
        "_bounds_before_offer",
        "_events",
        "_forced",
        "_initial_forced",
        "_known_hand",
        "_known_warehouse",
        "_legal",
        "_legal_set",
        "_log_cache",
        "_observers",
        "_to_act",
        "active",
        "bribe",
        "control_pos",
        "control_queue",
        "controller",
        "controller_card",
        "controls",
        "convoy",
        "convoy_cards",
        "final_queue",
        "final_round",
        "first_pick",
        "hands",
        "offers",
        "out",
        "over",
        "passes",
        "phase",
        "pile",
        "players",
        "rejected",
        "row",
        "rules",
        "setup",
        "turn_limit",
        "turned",
        "turns_done",
        "warehouses",
    )

    game_name = "prohis"
    record_format = "prohis-record/1"
    rules_type = ProhisRules
    #: Reads an action typed in a terminal (``take row 2``, ``convoy illegal legal``...).
    action_from_text = staticmethod(parse_action)
    action_examples = (
        "take row 2",
        "take pile",
        "convoy illegal legal captain",
        "control inspector",
        "bribe legal",
        "turn 1",
        "pass",
    )
    #: Whether every event and every seat's bounds are kept at each action (the
    #: *chronicle*), or only the public bounds (see the module docstring). A game
    #: built without ``__init__`` (determinize, a pickled state) keeps them all.
    _chronicle = True
    #: The observers whose bounds are kept up to date: all (``range(players + 1)``)
    #: with the chronicle on, else only the public one (``(players,)``).
    _observers: Sequence[int]

    def __init__(
        self,
        rules: ProhisRules | Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        table: Mapping[str, Any] | None = None,
        players: int | None = None,
        **variants: Any,
    ) -> None:
        if rules is None:
            rules = ProhisRules(players=4 if players is None else players, **variants)
        elif isinstance(rules, Mapping):
            rules = ProhisRules.from_json(rules)
        elif players is not None or variants:
            raise RulesError("give either a rules value or players=/variants, not both")
        if not isinstance(rules, ProhisRules):
            raise RulesError(f"rules must be a ProhisRules value, got {excerpt(rules)}")
        self.rules = rules
        self.players = n = rules.players
        # A new game plays without the chronicle; the replay that builds it
        # (_chronicled) switches it on before calling __init__.
        self.__dict__.setdefault("_chronicle", False)
        self._observers = range(n + 1) if self._chronicle else (n,)
        if seed is not None and table is not None:
            raise RecordError("a game starts from a seed or from a stacked table, not both")
        if table is None:
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)  # then recorded in setup
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
                raise RecordError(
                    f"setup.seed must be a whole number from 0 to {MAX_SEED:,}, got {excerpt(seed)}"
                )
            self.setup = {"seed": seed}
            hands, row, pile, first = _deal(rules, seed)
            everyone_knows = [0, 0, 0, 1, 1]  # each hand starts with a captain and an inspector
        else:
            hands, row, pile, first = _read_table(rules, table)
            public = _read_public_hands(table, hands)
            self.setup = _table_to_json(hands, row, pile, first)
            if any(map(any, public)):
                self.setup["public_hands"] = [counts_to_cards(c) for c in public]
            everyone_knows = [0, 0, 0, 0, 0]  # only what setup.public_hands says (below)

        self.hands: list[list[int]] = hands
        self.warehouses: list[list[int]] = [[0] * 5 for _ in range(n)]
        self.row: list[int | None] = row
        self.pile: list[int] = pile  # top card last
        self.active = first
        self.phase = TURN
        self._to_act: int | None = first
        self.first_pick: str | None = None
        # The convoy being resolved.
        self.convoy: list[int] = []
        self.convoy_cards: tuple[str, ...] = ()
        self.turned: list[bool] = []
        self.turns_done = 0
        self.turn_limit = 0
        self.control_queue: tuple[int, ...] = ()
        self.control_pos = 0
        self.controls: list[tuple[int, int]] = []
        self.controller: int | None = None
        self.controller_card: int | None = None
        self.bribe: list[int] | None = None
        self.offers = 0
        self.rejected: list[tuple[int, ...]] = []
        self._bounds_before_offer: list[list[int]] = []
        # The end of the game.
        self.final_round = False
        self.final_queue: list[int] = []
        self.passes = 0
        self.out = [False] * n
        self.over = False
        # Knowledge lower bounds: [observer][seat] -> counts; observer n is "everyone".
        self._known_hand = [[list(everyone_knows) for _ in range(n)] for _ in range(n + 1)]
        if table is not None:  # what the table says everyone saw dealt (setup.public_hands)
            self._known_hand = [[list(counts) for counts in public] for _ in range(n + 1)]
        self._known_warehouse = [[[0] * 5 for _ in range(n)] for _ in range(n + 1)]
        self._events: list[Event] = [Event("start", first, {"first": first})]
        if not self.pile and None in self.row:
            # Only a stacked table can start like this: the seat before the first
            # player "caused" it, so every player gets exactly one turn.
            self._trigger_final_round((first - 1) % n)
        self._start()

    # ------------------------------------------------------------ state queries

    # Read at every decision: a property over ``attrgetter`` runs no Python frame.
    #: True once the game is over.
    ended = property(attrgetter("over"))
    #: The seat that has to decide now, or ``None`` when the game is over.
    to_act = property(attrgetter("_to_act"))

    @property
    def smuggler(self) -> int | None:
        """The seat whose convoy is being resolved, or ``None`` outside a convoy."""
        return self.active if self.phase not in (TURN, SECOND_PICK, OVER) else None

    @property
    def decision(self) -> Decision | None:
        if self.over:
            return None
        seat = self._to_act
        assert seat is not None
        phase = self.phase
        smuggler = self.active
        if phase == TURN:
            text = f"seat {seat} draws, forms a convoy or passes"
        elif phase == SECOND_PICK:
            text = f"seat {seat} takes a second card or stops"
        elif phase == CONTROL:
            text = f"seat {seat} controls seat {smuggler}'s convoy or declines"
        elif phase == BRIBE:
            text = (
                f"seat {smuggler} offers seat {self.controller} a bribe or not"
                if not self.rejected
                else f"seat {smuggler} offers another bribe or stops offering"
            )
        elif phase == BRIBE_ANSWER:
            text = f"seat {seat} accepts or rejects seat {smuggler}'s bribe"
        elif phase == INSPECT_OR_WAIVE:
            text = f"seat {seat} inspects seat {smuggler}'s convoy or waives"
            if self.rejected:
                text = f"seat {seat} must inspect seat {smuggler}'s convoy"
        else:
            text = (
                f"seat {seat} turns over a card of seat {smuggler}'s convoy "
                f"({self.turns_done} of at most {self.turn_limit} turned)"
            )
        return Decision(seat, phase, text)

    def scores(self) -> list[int]:
        """Warehouse value plus hand value of every seat (docs/rules.md, Scoring)."""
        return [
            warehouse_value(self.warehouses[s]) + hand_value(self.hands[s])
            for s in range(self.players)
        ]

    def hand(self, seat: int) -> list[str]:
        """The cards in ``seat``'s hand (the truth: for the teacher and tests, not bots)."""
        return counts_to_cards(self.hands[self.check_seat(seat)])

    def warehouse(self, seat: int) -> list[str]:
        """The cards in ``seat``'s warehouse (the truth)."""
        return counts_to_cards(self.warehouses[self.check_seat(seat)])

    def card_counts(self) -> dict[str, int]:
        """Every card in play, wherever it lies, counted by kind (for checks)."""
        total = [0] * 5
        places = [*self.hands, *self.warehouses]
        if self.bribe is not None:
            places.append(self.bribe)
        for counts in places:
            for k in range(5):
                total[k] += counts[k]
        for k in [*self.pile, *self.convoy, *(c for c in self.row if c is not None)]:
            total[k] += 1
        for _seat, k in self.controls:
            total[k] += 1
        if self.controller_card is not None and not self.controls:
            total[self.controller_card] += 1
        return dict(zip(KINDS, total))

    # ------------------------------------------------------------ views

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now, and nothing else (a :class:`SeatView`)."""
        from prohis_nb.prohis.views import seat_view

        self.check_seat(seat)
        self._chronicled()
        return seat_view(self, seat)

    def omniscient_view(self) -> TableView:
        """Everything, hidden cards included: the teacher's view (a :class:`TableView`)."""
        from prohis_nb.prohis.views import table_view

        self._chronicled()
        return table_view(self)

    def log(self, seat: int | None) -> list[str]:
        if seat is not None:
            self.check_seat(seat)
        self._chronicled()
        return super().log(seat)

    log.__doc__ = GameBase.log.__doc__

    @property
    def known_hand(self) -> list[list[list[int]]]:
        """``known_hand[observer][seat]``: what ``observer`` knows is in ``seat``'s hand.

        Lower bounds, counts by kind; observer ``players`` is everyone (see the
        module docstring). The engine's own lists: read them, do not change them.
        """
        self._chronicled()
        return self._known_hand

    @property
    def known_warehouse(self) -> list[list[list[int]]]:
        """``known_warehouse[observer][seat]``: what ``observer`` knows is in that warehouse."""
        self._chronicled()
        return self._known_warehouse

    def _chronicled(self) -> None:
        """Switch the chronicle on: replay the actions with every event and bound kept.

        A new game plays without the log and the seats' own bounds (see the
        module docstring). The first time they are needed, the game is
        replayed from its setup with them on, and takes the replay's state (as
        ``undo`` does). Afterwards every action keeps them, so a bot that looks
        at its view at every step pays this once, at the start.
        """
        if self._chronicle:
            return
        rebuilt = object.__new__(ProhisGame)
        rebuilt._chronicle = True  # (read by __init__)
        if "seed" in self.setup:
            rebuilt.__init__(self.rules, seed=self.setup["seed"])  # type: ignore[misc]
        else:
            rebuilt.__init__(self.rules, table=self.setup)  # type: ignore[misc]
        for action in self._actions:
            rebuilt.apply(action)
        set_instance_state(self, instance_state(rebuilt))

    # Called for every event and every observer as the logs grow: the phrasing
    # function itself, not a method that imports it at each call.
    describe_event = staticmethod(describe)
    # What an event showed a seat (the learner's undo, ``GameBase.can_undo_for``).
    _event_shows = staticmethod(shown_to)

    def _all_events(self) -> list[Event]:
        self._chronicled()  # the events are kept only with the chronicle on
        return self._events

    def public_view(self) -> PublicView:
        """What every seat may know, and no hand (a :class:`~prohis_nb.prohis.views.PublicView`)."""
        from prohis_nb.prohis.views import public_view

        self._chronicled()
        return public_view(self)

    def _repr_html_(self) -> str:
        # ``game`` alone in a cell: the public table, never every hand (docs/teaching.md).
        return self.public_view()._repr_html_()

    def __repr__(self) -> str:
        state = "over" if self.over else f"{self.phase}, seat {self._to_act} to act"
        # The seed rebuilds every hand: shown once the game is over, not before.
        if "seed" not in self.setup:
            setup = "a stacked table"
        elif self.over:
            setup = f"seed {self.setup['seed']}"
        else:
            setup = "a seed (shown once the game is over)"
        return (
            f"<ProhisGame {self.players} players, {len(self._actions)} actions, {state}, "
            f"dealt from {setup}>"
        )

    # ------------------------------------------------------------ copying

    def _fresh(self) -> ProhisGame:
        if "seed" in self.setup:
            return ProhisGame(self.rules, seed=self.setup["seed"])
        return ProhisGame(self.rules, table=self.setup)

    def _copy_state(self, other: GameBase) -> None:
        assert isinstance(other, ProhisGame)
        already = instance_state(other)
        for name, value in instance_state(self).items():
            if name not in already:
                setattr(other, name, value)
        other.hands = [list(h) for h in self.hands]
        other.warehouses = [list(w) for w in self.warehouses]
        other.row = list(self.row)
        other.pile = list(self.pile)
        other.convoy = list(self.convoy)
        other.turned = list(self.turned)
        other.controls = list(self.controls)
        other.bribe = None if self.bribe is None else list(self.bribe)
        other.rejected = list(self.rejected)
        other.final_queue = list(self.final_queue)
        other.out = list(self.out)
        other._known_hand = [[list(c) for c in obs] for obs in self._known_hand]
        other._known_warehouse = [[list(c) for c in obs] for obs in self._known_warehouse]

    # ------------------------------------------------------------ the hot path

    def legal_actions(self) -> Sequence[Action]:
        # (GameBase.legal_actions, shortened: ``apply`` always leaves the next
        # decision's actions listed, so a simulation only ever reads the cache.)
        legal = self._legal
        if legal is None:
            legal, self._legal_set = self._compute_legal()
            self._legal = legal
        return legal

    legal_actions.__doc__ = GameBase.legal_actions.__doc__

    def apply(self, action: Any) -> None:
        # GameBase.apply, written out for Prohis: the same checks, the same
        # errors, the same forced steps, with fewer Python calls per decision
        # (a simulation spends most of its time here). An action that came
        # from legal_actions() is found by one dict lookup; anything else
        # goes through GameBase._check_refused, which explains a refusal.
        lookup = self._legal_set
        if self._legal is None:
            self.legal_actions()
            lookup = self._legal_set
        try:
            canonical = lookup.get(action)  # type: ignore[union-attr]
        except TypeError:  # a mapping is not hashable: read it first
            canonical = None
        if canonical is None:
            canonical = self._check_refused(action)
        _HANDLERS[canonical.act](self, canonical)
        actions = self._actions
        actions.append(canonical)
        legal, self._legal_set = self._compute_legal()
        self._legal = legal
        # A single legal action may be a forced step (the engine takes it).
        if len(legal) == 1 and self._forced_is_public():
            forced = []
            while True:  # (while the decision has one action, known to all to be forced)
                only = legal[0]
                _HANDLERS[only.act](self, only)
                forced.append(only)
                legal, self._legal_set = self._compute_legal()
                self._legal = legal
                if len(legal) != 1 or not self._forced_is_public():
                    break
            self._forced[len(actions) - 1] = forced

    apply.__doc__ = GameBase.apply.__doc__

    # ------------------------------------------------------------ legal actions

    def _compute_legal(self) -> tuple[Sequence[Action], Mapping[Action, Action]]:
        """The legal actions of the seat to act, and each mapped to itself (core's hook).

        Every answer comes from a small cache keyed by the few facts it depends
        on (see "legal-action tables" below), so this costs a few lookups.
        The phases are tested from the most frequent one (a control is asked
        of every opponent at each convoy).
        """
        phase = self.phase
        seat = self._to_act
        if phase == CONTROL:
            # (a table lookup: which of the three controller kinds the hand holds;
            # conditional expressions cost less than adding up comparisons)
            hand = self.hands[seat]  # type: ignore[index]
            return _CONTROL_ACTIONS[seat][  # type: ignore[index]
                (1 if hand[LIEUTENANT] else 0)
                + (2 if hand[CAPTAIN] else 0)
                + (4 if hand[INSPECTOR] else 0)
            ]
        if phase == TURN:
            # (the keys of _convoy_key and _row_mask, inlined for their usual values:
            # five named counts add and compare faster than sum(), max() and tuple())
            hand = self.hands[seat]  # type: ignore[index]
            legal_, illegal, lieutenant, captain, inspector = hand
            size = legal_ + illegal + lieutenant + captain + inspector
            key: tuple[int, ...]
            if legal_ <= 4 and illegal <= 4 and lieutenant <= 4 and captain <= 4 and inspector <= 4:
                key = (legal_, illegal, lieutenant, captain, inspector)
            else:
                key = _convoy_key(hand)
            if size >= HAND_LIMIT:  # no drawing: convoys and pass only
                return _turn_actions(seat, key, _NO_ROW, False)
            row = self.row
            if self.pile and None not in row:  # the usual turn: a full row and a pile left
                # (a plain dict by hand: half the cost of the lru_cache call below)
                turns = _FULL_ROW_TURNS_BY_SEAT[seat]  # type: ignore[index]
                legal = turns.get(key)
                if legal is None:
                    _FULL_ROW_TURNS.make_room(turns)
                    legal = turns[key] = _turn_actions(seat, key, _FULL_ROW, True)
                return legal
            mask = _FULL_ROW if None not in row else _row_mask(row)
            return _turn_actions(seat, key, mask, bool(self.pile))
        if phase == SECOND_PICK:
            pile_ok = self.first_pick == "row" and bool(self.pile)
            row = self.row
            mask = _FULL_ROW if None not in row else _row_mask(row)
            return _second_pick_actions(seat, mask, pile_ok)
        if phase == BRIBE:
            return _bribe_actions(seat, tuple(self.hands[seat]), tuple(self.rejected))  # type: ignore[index]
        if phase == BRIBE_ANSWER:
            return _simple_actions(seat, ("accept", "reject"))
        if phase == INSPECT_OR_WAIVE:
            if self.rejected:  # a rejected bribe obliges the controller to inspect
                return _simple_actions(seat, ("inspect",))
            return _simple_actions(seat, ("inspect", "waive"))
        if phase == INSPECTION:
            return _turn_card_actions(seat, tuple(self.turned))
        return (), {}  # the game is over

    def _forced_is_public(self) -> bool:
        """Whether the pending decision is forced follows from public facts (core's hook).

        Publicly forced: a turn with nothing to do but pass (hand size, row and
        pile size are public), a second pick, the ``inspect`` owed after a
        rejected bribe, the last ``turn`` of an inspection (turned positions are
        public). Forced only by the hand: an opponent with no controller card
        can only decline, a smuggler whose offers are exhausted can only stop
        offering. Those are asked, unless the hand is known to everyone (empty,
        or every card in it publicly known), or a smuggler holds one card (one
        possible offer, whatever its kind).
        """
        if self.phase not in _ASKED_EVEN_IF_SINGLE:
            return True
        seat = self._to_act
        assert seat is not None
        size = sum(self.hands[seat])
        if size == 0 or sum(self._known_hand[self.players][seat]) >= size:
            return True
        return self.phase == BRIBE and size == 1

    def _coerce_action(self, action: Any) -> Action:
        # An Action built by hand is checked like a record's action (a slot of 7,
        # a "joker", a convoy given as a list are refused, not crashed on).
        return Action.from_json(action)

    def _explain_illegal(self, action: Action) -> str:
        from prohis_nb.prohis.explain import explain_illegal

        return explain_illegal(self, action)

    def _allowed_summary(self) -> str:
        from prohis_nb.prohis.explain import allowed_summary

        return allowed_summary(self)

    # ------------------------------------------------------------ carrying out actions

    def _do(self, action: Action) -> None:
        _HANDLERS[action.act](self, action)

    def _event(self, kind: str, actor: int | None, **data: Any) -> None:
        """Write an event to the log (only with the chronicle on: see the module docstring).

        Callers test ``self._chronicle`` first, so that a game played without
        the log builds no event data at all (a simulation's speed).
        """
        # A plain tuple is an Event's shape; the NamedTuple costs more to build.
        if self._chronicle:
            self._events.append((kind, actor, data))  # type: ignore[arg-type]

    def _do_take(self, action: Action) -> None:
        seat = action.seat
        if action.source == "row":
            slot = action.slot
            assert slot is not None
            kind = self.row[slot]
            assert kind is not None
            refill = self.pile.pop() if self.pile else None
            self.row[slot] = refill
            known = self._known_hand
            for observer in self._observers:  # everyone saw the card go into that hand
                known[observer][seat][kind] += 1
            if self._chronicle:  # (_event, inlined: the most frequent action)
                refill_kind = None if refill is None else KINDS[refill]
                data = {"slot": slot, "card": KINDS[kind], "refill": refill_kind}
                self._events.append(("take_row", seat, data))  # type: ignore[arg-type]
        else:
            kind = self.pile.pop()
            if self._chronicle:  # (_event, inlined; a plain tuple is an Event's shape)
                self._events.append(("take_pile", seat, {"card": KINDS[kind]}))  # type: ignore[arg-type]
        self.hands[seat][kind] += 1
        if not self.final_round and not self.pile and None in self.row:
            self._trigger_final_round(seat)
        if self.phase == TURN:
            self.passes = 0
            self.first_pick = action.source
            self.phase = SECOND_PICK
        else:
            self._end_turn()

    def _do_stop(self, action: Action) -> None:
        if self._chronicle:  # (a frequent event: no call without the log)
            self._event("stop", action.seat)
        self._end_turn()

    def _do_pass(self, action: Action) -> None:
        seat = action.seat
        if self.rules.pass_is_final:
            self.out[seat] = True
            if self._chronicle:
                self._event("pass", seat, out=True)
            if all(self.out):
                if self._chronicle:
                    self._event("all_passed", None)
                self._finish()
                return
        else:
            self.passes += 1
            if self._chronicle:
                self._event("pass", seat, out=False)
            if self.passes >= self.players:
                if self._chronicle:
                    self._event("all_passed", None)
                self._finish()
                return
        self._end_turn()

    def _do_convoy(self, action: Action) -> None:
        seat = action.seat
        hand = self.hands[seat]
        cards = list(_KIND_INDICES[action.cards])
        for kind in cards:
            hand[kind] -= 1
        size = len(cards)
        self.passes = 0
        self.convoy = cards
        self.convoy_cards = action.cards
        self.turned = [False] * size
        self._forget_face_down(seat, cards)
        if self._chronicle:  # (a frequent event: no call without the log)
            self._event("convoy", seat, cards=action.cards)
        n = self.players
        out = self.out
        if True in out:
            self.control_queue = tuple(
                (seat + i) % n for i in range(1, n) if not out[(seat + i) % n]
            )
        else:  # nobody out (the usual case): every opponent, clockwise, from a table
            self.control_queue = _OPPONENTS[n][seat]
        self.control_pos = 0
        self.controls = []
        if self.control_queue:  # the first opponent is asked (as _next_control)
            self.phase = CONTROL
            self._to_act = self.control_queue[0]
        else:
            self._next_control()

    def _do_control(self, action: Action) -> None:
        seat = action.seat
        kind = KIND_INDEX[action.card]
        self.hands[seat][kind] -= 1
        for observer in self._observers:  # it left the hand face up
            seen = self._known_hand[observer][seat]
            if seen[kind]:
                seen[kind] -= 1
        self.controls.append((seat, kind))
        if self._chronicle:  # (a frequent event: no call without the log)
            self._event("control", seat, card=action.card, smuggler=self.active)
        self.control_pos += 1
        self._next_control()

    def _do_decline(self, action: Action) -> None:
        # (_event, inlined; a plain tuple is an Event's shape)
        if self._chronicle:  # (_event, inlined; a plain tuple is an Event's shape)
            self._events.append(("decline", action.seat, {"smuggler": self.active}))  # type: ignore[arg-type]
        position = self.control_pos = self.control_pos + 1
        if position < len(self.control_queue):  # the next opponent is asked (as _next_control)
            self._to_act = self.control_queue[position]
        else:
            self._next_control()

    def _next_control(self) -> None:
        """Ask the next opponent, or settle who controls once all have answered."""
        if self.control_pos < len(self.control_queue):
            self.phase = CONTROL
            self._to_act = self.control_queue[self.control_pos]
            return
        smuggler = self.active
        if not self.controls:
            if self._chronicle:  # (a frequent event: no call without the log)
                self._event("no_control", smuggler, cards=self._convoy_cards())
            self._store_convoy(smuggler)
            self._end_turn()
            return
        # Highest rank wins; among equal ranks, the first played (max keeps the first).
        winner, card = max(self.controls, key=lambda played: played[1])
        for seat, kind in self.controls:
            if seat != winner:
                self.hands[seat][kind] += 1
                for observer in self._observers:
                    self._known_hand[observer][seat][kind] += 1
                if self._chronicle:
                    self._event("take_back", seat, card=KINDS[kind])
        self.controls = []
        self.controller = winner
        self.controller_card = card
        if self._chronicle:  # (a frequent event: no call without the log)
            self._event("controller", winner, card=KINDS[card], smuggler=smuggler)
        self.offers = 0
        self.rejected = []
        self.phase = BRIBE
        self._to_act = smuggler

    def _do_bribe(self, action: Action) -> None:
        seat = action.seat
        counts = [0] * 5
        for card in action.cards:
            counts[KIND_INDEX[card]] += 1
        hand = self.hands[seat]
        for k in range(5):
            hand[k] -= counts[k]
        # The offer leaves the hand: the two parties know which cards, the
        # others only how many. If it is rejected the same cards come back in
        # the open, and what everyone knew before is true again.
        known = self._known_hand
        self._bounds_before_offer = [list(known[o][seat]) for o in self._observers]
        size = sum(counts)
        controller = self.controller
        for observer in self._observers:
            seen = known[observer][seat]
            saw_it = observer in (controller, seat)
            for k in range(5):
                if seen[k]:
                    seen[k] = max(0, seen[k] - (counts[k] if saw_it else size))
        self.bribe = counts
        self.offers += 1
        if self._chronicle:
            self._event("bribe", seat, cards=action.cards, controller=self.controller)
        self.phase = BRIBE_ANSWER
        self._to_act = self.controller

    def _do_no_bribe(self, action: Action) -> None:
        if self._chronicle:
            self._event("no_bribe", action.seat, after_rejection=bool(self.rejected))
        # After a rejected bribe "inspect" is the only choice left: a forced step.
        self.phase = INSPECT_OR_WAIVE
        self._to_act = self.controller

    def _do_accept(self, action: Action) -> None:
        controller, smuggler = action.seat, self.active
        bribe = self.bribe
        assert bribe is not None and self.controller_card is not None
        warehouse = self.warehouses[controller]
        for k in range(5):
            warehouse[k] += bribe[k]
        # (the bounds on the smuggler's hand already dropped when the bribe was offered)
        if self._chronicle:  # (only the smuggler saw them go)
            for k in range(5):
                self._known_warehouse[smuggler][controller][k] += bribe[k]
        self._return_controller_card(controller)
        if self._chronicle:
            self._event(
                "accept",
                controller,
                cards=tuple(counts_to_cards(bribe)),
                smuggler=smuggler,
                card=KINDS[self.controller_card],
            )
        self.bribe = None
        self._store_convoy(smuggler)
        self._end_turn()

    def _do_reject(self, action: Action) -> None:
        controller, smuggler = action.seat, self.active
        bribe = self.bribe
        assert bribe is not None
        hand = self.hands[smuggler]
        known = self._known_hand
        for observer, before in zip(self._observers, self._bounds_before_offer):
            known[observer][smuggler] = list(before)
        seen = known[controller][smuggler]  # (a stale list without the chronicle: harmless)
        for k in range(5):
            hand[k] += bribe[k]
            if bribe[k] > seen[k]:  # the controller now knows these are in that hand
                seen[k] = bribe[k]
        self.rejected.append(tuple(bribe))
        self.bribe = None
        more = self.offers < self.rules.bribe_rounds
        if self._chronicle:
            self._event(
                "reject",
                controller,
                cards=tuple(counts_to_cards(bribe)),
                smuggler=smuggler,
                more_offers=more,
            )
        if more:
            self.phase = BRIBE
            self._to_act = smuggler
        else:  # the controller must inspect: a forced "inspect" follows
            self.phase = INSPECT_OR_WAIVE
            self._to_act = controller

    def _do_inspect(self, action: Action) -> None:
        if self._chronicle:
            self._event("inspect", action.seat, smuggler=self.active, must=bool(self.rejected))
        self._start_inspection()

    def _do_waive(self, action: Action) -> None:
        controller, smuggler = action.seat, self.active
        card = self.controller_card
        assert card is not None
        keeps = self.rules.waiver_keeps_card
        if keeps:
            self._return_controller_card(controller)
        else:
            self.warehouses[controller][card] += 1
            for observer in self._observers:
                self._known_warehouse[observer][controller][card] += 1
        if self._chronicle:
            self._event("waive", controller, smuggler=smuggler, card=KINDS[card], keeps=keeps)
        self._store_convoy(smuggler)
        self._end_turn()

    def _start_inspection(self) -> None:
        assert self.controller_card is not None
        self.phase = INSPECTION
        self._to_act = self.controller
        self.turns_done = 0
        self.turn_limit = min(rank_of(self.controller_card), len(self.convoy))

    def _do_turn(self, action: Action) -> None:
        position = action.position
        assert position is not None
        self.turned[position] = True
        self.turns_done += 1
        kind = self.convoy[position]
        if self._chronicle:
            self._event("turn", action.seat, position=position, card=KINDS[kind])
        if kind == ILLEGAL:
            self._confiscate()
        elif kind >= LIEUTENANT or self.turns_done == self.turn_limit:
            self._convoy_passes(stopped_by_controller=kind >= LIEUTENANT)

    def _confiscate(self) -> None:
        """An illegal card was turned: the convoy and the played card go to the controller."""
        controller, smuggler = self.controller, self.active
        card = self.controller_card
        assert controller is not None and card is not None
        warehouse = self.warehouses[controller]
        for kind in self.convoy:
            warehouse[kind] += 1
        warehouse[card] += 1
        for observer in self._observers:
            seen = self._known_warehouse[observer][controller]
            seen[card] += 1
            for kind, turned in zip(self.convoy, self.turned):
                if turned or observer == smuggler:
                    seen[kind] += 1
        if self._chronicle:
            self._event(
                "confiscate",
                controller,
                smuggler=smuggler,
                cards=self._convoy_cards(),
                turned=tuple(self.turned),
                card=KINDS[card],
            )
        self._end_turn()

    def _convoy_passes(self, stopped_by_controller: bool) -> None:
        """The inspection found nothing: convoy stored, played card to the smuggler's hand."""
        controller, smuggler = self.controller, self.active
        card = self.controller_card
        assert controller is not None and card is not None
        self.hands[smuggler][card] += 1
        for observer in self._observers:
            self._known_hand[observer][smuggler][card] += 1
        if self._chronicle:
            self._event(
                "success",
                smuggler,
                controller=controller,
                card=KINDS[card],
                stopped_by_controller=stopped_by_controller,
            )
        self._store_convoy(smuggler)
        self._end_turn()

    # ------------------------------------------------------------ helpers

    def _convoy_cards(self) -> tuple[str, ...]:
        return self.convoy_cards

    def _store_convoy(self, smuggler: int) -> None:
        """The convoy goes to the smuggler's warehouse; only turned cards are known to all."""
        warehouse = self.warehouses[smuggler]
        for kind in self.convoy:
            warehouse[kind] += 1
        if any(self.turned):
            for observer in self._observers:
                seen = self._known_warehouse[observer][smuggler]
                for kind, turned in zip(self.convoy, self.turned):
                    if turned:
                        seen[kind] += 1
        if self._chronicle:  # (a frequent event: no call without the log)
            self._event("stored", smuggler, cards=self._convoy_cards(), turned=tuple(self.turned))

    def _return_controller_card(self, controller: int) -> None:
        card = self.controller_card
        assert card is not None
        self.hands[controller][card] += 1
        for observer in self._observers:
            self._known_hand[observer][controller][card] += 1

    def _forget_face_down(self, seat: int, cards: list[int]) -> None:
        """``cards`` left ``seat``'s hand face down: others' bounds drop by that many.

        The seat itself knows which cards went, so its own bounds drop exactly.
        """
        size = len(cards)
        # Each bound ``c`` drops to ``max(0, c - gone)``. This runs at every convoy
        # for every observer, so it is written for the usual cases: a few cards
        # for the seat itself, and nothing left known for the others.
        for observer in self._observers:
            seen = self._known_hand[observer][seat]
            if observer == seat:
                for kind in cards:  # one less of each card that went (never below 0)
                    if seen[kind]:
                        seen[kind] -= 1
            elif max(seen) <= size:  # no bound above the convoy's size: all drop to 0
                seen[:] = _NOTHING
            else:
                seen[:] = [c - size if c > size else 0 for c in seen]

    def _trigger_final_round(self, trigger: int) -> None:
        n = self.players
        self.final_round = True
        self.final_queue = [(trigger + i) % n for i in range(1, n + 1)]
        if self.final_queue and self.final_queue[0] == self.active and self.phase == TURN:
            # Triggered by the setup: the first player's turn is already under way.
            self.final_queue.pop(0)
        if self._chronicle:
            self._event("final_round", trigger, last=trigger)

    def _end_turn(self) -> None:
        """Clear the convoy and hand the turn on (or end the game)."""
        self.phase = TURN
        self.first_pick = None
        if self.convoy_cards:  # after a draw or a pass there is no convoy to clear
            self._clear_convoy()
        n = self.players
        if not self.final_round and True not in self.out:  # the usual case: the next seat
            self.active = self._to_act = (self.active + 1) % n
            return
        if self.final_round:
            while self.final_queue:
                seat = self.final_queue.pop(0)
                if not self.out[seat]:
                    self.active = seat
                    self._to_act = seat
                    return
            self._finish()
            return
        for i in range(1, n + 1):
            seat = (self.active + i) % n
            if not self.out[seat]:
                self.active = seat
                self._to_act = seat
                return
        self._finish()

    def _clear_convoy(self) -> None:
        self.convoy = []
        self.convoy_cards = ()
        self.turned = []
        self.controller = None
        self.controller_card = None
        self.bribe = None
        self.offers = 0
        self.rejected = []
        self.control_queue = ()

    def _finish(self) -> None:
        self.phase = OVER
        self.over = True
        self._to_act = None
        if self._chronicle:
            self._event("end", None, scores=tuple(self.scores()))


_HANDLERS = {
    "take": ProhisGame._do_take,
    "stop": ProhisGame._do_stop,
    "pass": ProhisGame._do_pass,
    "convoy": ProhisGame._do_convoy,
    "control": ProhisGame._do_control,
    "decline": ProhisGame._do_decline,
    "bribe": ProhisGame._do_bribe,
    "no_bribe": ProhisGame._do_no_bribe,
    "accept": ProhisGame._do_accept,
    "reject": ProhisGame._do_reject,
    "inspect": ProhisGame._do_inspect,
    "waive": ProhisGame._do_waive,
    "turn": ProhisGame._do_turn,
}


# ---------------------------------------------------------------- setup


def from_deal(
    hands: Sequence[Sequence[str]],
    row: Sequence[str | None],
    pile: Sequence[str],
    first: int = 0,
    *,
    rules: ProhisRules | None = None,
    public_hands: list[list[str]] | None = None,
) -> ProhisGame:
    """A game that starts from an explicit deal, with the facts everyone saw dealt.

    ``hands[i]``: seat ``i``'s starting hand; ``row``: the 4 face-up slots
    (``None`` for an empty slot, only once the pile is empty); ``pile``: the
    draw pile, **top card first**; ``first``: the seat that plays first.
    ``public_hands[i]``: the cards of ``hands[i]`` that every seat saw go into
    it (a real deal hands out each captain and inspector in the open: pass
    ``[["captain", "inspector"]] * players`` for that); by default nobody
    knows anything of another hand.

    ``rules`` default to the rules for ``len(hands)`` players **with the deck
    you dealt** (a custom deck: the cards in the hands, the row and the pile);
    give rules to play with the rulebook's deck, and the deal must then hold
    exactly that deck. Bad input raises ``RecordError`` or ``RulesError``
    saying what is wrong. This is the engine's stacked setup (docs/records.md), so
    the game's record replays it exactly.

    >>> game = from_deal(
    ...     [["illegal", "legal", "captain", "inspector"], ["legal", "captain", "inspector"],
    ...      ["lieutenant", "captain", "inspector"]],
    ...     row=["legal"] * 4, pile=["illegal", "legal"])
    >>> game.hand(0), game.to_act, game.rules.deck_counts()["legal"]
    (['legal', 'illegal', 'captain', 'inspector'], 0, 7)
    """
    if not isinstance(hands, list | tuple) or not all(isinstance(h, list | tuple) for h in hands):
        raise RecordError(
            f"hands must be a list of hands (lists of card kinds), got {excerpt(hands)}"
        )
    if rules is None:
        dealt: dict[str, int] = dict.fromkeys(KINDS, 0)
        for card in [*(c for hand in hands for c in hand), *row, *pile]:
            if card is not None:
                if not isinstance(card, str) or card not in KIND_INDEX:
                    raise RecordError(f"unknown card {excerpt(card)}; kinds are {', '.join(KINDS)}")
                dealt[card] += 1
        rules = ProhisRules(players=len(hands), deck=dealt)
    table: dict[str, Any] = {
        "first": first,
        "hands": [list(hand) for hand in hands],
        "row": list(row),
        "pile": list(pile),
    }
    if public_hands is not None:
        table["public_hands"] = [list(cards) for cards in public_hands]
    return ProhisGame(rules, table=table)


def _deal(rules: ProhisRules, seed: int):
    """Shuffle and deal with the engine's own seeded generator (docs/rules.md, Setup).

    The goods and lieutenants are shuffled; seat 0 gets the first 4, seat 1 the
    next 4, and so on; the next 4 make the row (slot 0 first); the rest is the
    pile, top first. Then the same generator picks the first player.
    """
    rng = random.Random(seed)
    stock = list(_stock_to_shuffle(rules))
    shuffle(rng, stock)  # the same as rng.shuffle(stock), faster (core.deal)
    n = rules.players
    hands = []
    for seat in range(n):
        hand = [0, 0, 0, 1, 1]  # a captain and an inspector
        for kind in stock[4 * seat : 4 * seat + 4]:
            hand[kind] += 1
        hands.append(hand)
    row: list[int | None] = list(stock[4 * n : 4 * n + 4])
    pile_top_first = stock[4 * n + 4 :]
    first = rng.randrange(n)
    return hands, row, pile_top_first[::-1], first


#: The unshuffled stock of each deck, by (players, full_box, deck): see _stock_to_shuffle.
_STOCKS = MemoTable(__name__, "_STOCKS", parts=1, maxsize=64)
_STOCK_BY_DECK = _STOCKS.parts[0]


def _stock_to_shuffle(rules: ProhisRules) -> tuple[int, ...]:
    """The goods and lieutenants, as kind indices in kind order, ready to shuffle.

    The same for every game of the same deck, so worked out (and checked by
    ``check_deal``) once per deck: a simulation deals thousands of games.
    """
    key = (rules.players, rules.full_box, rules.deck)  # all that decides the deck
    stock = _STOCK_BY_DECK.get(key)
    if stock is None:
        check_deal(rules)  # (raises for a deck too small: then nothing is stored)
        deck = rules.deck_counts()
        _STOCKS.make_room(_STOCK_BY_DECK)
        stock = _STOCK_BY_DECK[key] = (
            (KIND_INDEX["legal"],) * deck["legal"]
            + (KIND_INDEX["illegal"],) * deck["illegal"]
            + (KIND_INDEX["lieutenant"],) * deck["lieutenant"]
        )
    return stock


def _read_table(rules: ProhisRules, table: Any):
    """Check a stacked table (docs/records.md) and turn it into engine state."""
    if not isinstance(table, Mapping):
        raise RecordError(f"setup must be {{'seed': N}} or a stacked table, got {excerpt(table)}")
    if "first" not in table and "hands" not in table:
        raise RecordError(
            "setup must be {'seed': N} or a stacked table {'first': seat, 'hands': [...], "
            f"'row': [...], 'pile': [...]}} (see docs/records.md), got {excerpt(table)}"
        )
    unknown = set(table) - {"first", "hands", "row", "pile", "public_hands"}
    if unknown:
        raise RecordError(
            f"unknown key(s) {excerpt(sorted(map(str, unknown)))} in the stacked table; it has "
            "first, hands, row, pile and, optionally, public_hands"
        )
    n = rules.players
    first = table.get("first")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
        raise RecordError(f"setup.first must be a seat from 0 to {n - 1}, got {excerpt(first)}")
    hands_in = table.get("hands")
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise RecordError(f"setup.hands must be a list of {n} hands (one per seat)")
    hands = []
    for seat, hand_in in enumerate(hands_in):
        hands.append(_count_kinds(hand_in, f"setup.hands[{seat}]"))
    row_in = table.get("row")
    if not isinstance(row_in, list) or len(row_in) != ROW_SLOTS:
        raise RecordError(
            f"setup.row must list the {ROW_SLOTS} face-up slots, got {excerpt(row_in)}"
        )
    row: list[int | None] = []
    for slot, card in enumerate(row_in):
        if card is None:
            row.append(None)
        elif isinstance(card, str) and card in KIND_INDEX:
            row.append(KIND_INDEX[card])
        else:
            raise RecordError(
                f"setup.row[{slot}]: unknown card {excerpt(card)}; kinds are {', '.join(KINDS)} "
                "(or null for an empty slot)"
            )
    pile_in = table.get("pile")
    if not isinstance(pile_in, list):
        raise RecordError("setup.pile must be a list of card kinds, top card first")
    pile_counts = _count_kinds(pile_in, "setup.pile")
    if None in row and pile_in:
        raise RecordError(
            "setup.row has an empty slot while the pile still has cards: an empty slot is "
            "refilled at once from the pile"
        )
    total = [sum(h[k] for h in hands) + pile_counts[k] for k in range(5)]
    for card in row:
        if card is not None:
            total[card] += 1
    expected = rules.deck_counts()
    problems = []
    for k, kind in enumerate(KINDS):
        diff = total[k] - expected[kind]
        if diff:
            problems.append(
                f"{kind}: {total[k]} on the table, the deck has {expected[kind]} "
                f"({abs(diff)} too {'many' if diff > 0 else 'few'})"
            )
    if problems:
        raise RecordError(
            "the stacked table must hold exactly the deck the rules call for "
            f"({', '.join(f'{c} {k}' for k, c in expected.items())}); " + "; ".join(problems)
        )
    pile = [KIND_INDEX[c] for c in reversed(pile_in)]
    return hands, row, pile, first


def _read_public_hands(table: Mapping[str, Any], hands: list[list[int]]) -> list[list[int]]:
    """``setup.public_hands`` (optional): the cards every seat saw go into each hand.

    A real deal hands each player its captain and inspector in the open
    (docs/rules.md, Setup), so everyone knows they are there; a stacked table can
    say so with ``"public_hands": [["captain", "inspector"], ...]`` (one list
    per seat, each a part of that seat's hand). Without the key nobody knows
    anything of another's hand. Returns counts by kind, one list per seat.
    """
    n = len(hands)
    if "public_hands" not in table:
        return [[0] * 5 for _ in range(n)]
    given = table["public_hands"]
    if not isinstance(given, list) or len(given) != n:
        raise RecordError(
            f"setup.public_hands must be a list of {n} lists (the cards everyone knows are in "
            f"each seat's hand), got {excerpt(given)}"
        )
    public = []
    for seat, cards in enumerate(given):
        counts = _count_kinds(cards, f"setup.public_hands[{seat}]")
        extra = [KINDS[k] for k in range(5) if counts[k] > hands[seat][k]]
        if extra:
            raise RecordError(
                f"setup.public_hands[{seat}] names more {', '.join(extra)} than seat {seat}'s "
                f"hand holds ({counts_to_cards(hands[seat])}): public cards must be in that hand"
            )
        public.append(counts)
    return public


def _count_kinds(cards: Any, where: str) -> list[int]:
    if not isinstance(cards, list):
        raise RecordError(f"{where} must be a list of card kinds, got {excerpt(cards)}")
    counts = [0] * 5
    for i, card in enumerate(cards):
        if not isinstance(card, str) or card not in KIND_INDEX:
            raise RecordError(
                f"{where}[{i}]: unknown card {excerpt(card)}; kinds are {', '.join(KINDS)}"
            )
        counts[KIND_INDEX[card]] += 1
    return counts


def _table_to_json(hands, row, pile, first) -> dict[str, Any]:
    return {
        "first": first,
        "hands": [counts_to_cards(h) for h in hands],
        "row": [None if c is None else KINDS[c] for c in row],
        "pile": [KINDS[c] for c in reversed(pile)],
    }


# ---------------------------------------------------------------- legal-action tables
# Legal actions depend on a handful of small facts (a seat, a hand as counts,
# which row slots hold a card), so each list is built once and cached: bots
# call legal_actions() at every step, and this keeps it cheap.

_Legal = tuple[tuple[Action, ...], dict[Action, Action]]

_NOTHING = (0,) * 5  # counts by kind of no card
#: _OPPONENTS[n][seat]: the other seats clockwise from seat's left (the control order).
_OPPONENTS = {n: [tuple((s + i) % n for i in range(1, n)) for s in range(n)] for n in range(3, 7)}


class _KindIndices(dict):  # (at most 775 keys: the distinct convoys of 2-4 cards)
    """Card kinds -> kind indices, computed once per distinct tuple (convoys recur)."""

    def __missing__(self, cards: tuple[str, ...]) -> tuple[int, ...]:
        kinds = self[cards] = tuple(KIND_INDEX[card] for card in cards)
        return kinds


_KIND_INDICES = _KindIndices()
_FULL_ROW = (True,) * ROW_SLOTS
_NO_ROW = (False,) * ROW_SLOTS


def _convoy_key(hand: list[int]) -> tuple[int, ...]:
    """The hand as far as convoys can tell: counts capped at 4 (a convoy has at most 4 cards).

    Hands that differ only beyond 4 cards of a kind allow the same turn actions,
    so they share one cache entry: fewer lists built (the cache fills in a few
    games instead of hundreds).
    """
    if max(hand) <= 4:
        return tuple(hand)
    return tuple([count if count <= 4 else 4 for count in hand])


def _row_mask(row: list[int | None]) -> tuple[bool, ...]:
    """Which row slots hold a card (a cache key of the legal actions)."""
    # The row stays full until the pile runs out: a constant then, no tuple to build.
    if None not in row:
        return _FULL_ROW
    return tuple([card is not None for card in row])  # (a list first: faster than a generator)


def _with_set(actions: list[Action]) -> _Legal:
    """The actions as a tuple, and as a dict mapping each to itself (the canonical instance)."""
    return tuple(actions), {action: action for action in actions}


@lru_cache(maxsize=8192)
def _convoy_cards(hand: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """The cards of every distinct ordered convoy of 2 to 4 cards ``hand`` can make.

    In a fixed order (depth first, kinds in their order: every seat's list of
    turn actions, and so a seeded random choice among them, depends on it).
    The same for every seat, so computed once per hand (``hand`` may be capped
    at 4 cards of a kind, :func:`_convoy_key`).
    """
    out: list[tuple[str, ...]] = []
    counts = list(hand)

    def extend(prefix: list[str]) -> None:
        if len(prefix) >= 2:
            out.append(tuple(prefix))
        if len(prefix) == 4:
            return
        for k in range(5):
            if counts[k]:
                counts[k] -= 1
                prefix.append(KINDS[k])
                extend(prefix)
                prefix.pop()
                counts[k] += 1

    extend([])
    return tuple(out)


class _ConvoyActions(dict):  # (at most 775 keys per seat: the distinct convoys of 2-4 cards)
    """Convoy cards -> one seat's convoy ``Action``, built once per distinct convoy."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, cards: tuple[str, ...]) -> Action:
        action = self[cards] = Action(self.seat, "convoy", cards=cards)
        return action


#: _CONVOY_ACTIONS[seat][cards]: that seat's convoy action (shared by all its lists).
_CONVOY_ACTIONS = [_ConvoyActions(seat) for seat in range(max(_OPPONENTS))]


@lru_cache(maxsize=65536)
def _convoys(seat: int, hand: tuple[int, ...]) -> _Legal:
    """Every distinct ordered convoy of 2 to 4 cards that ``hand`` can make, as ``seat``'s actions.

    ``hand`` may be capped at 4 cards of a kind (:func:`_convoy_key`): the result is the same.
    """
    # A cache miss here happens a few times per game (a new hand): it only
    # gathers actions already built (speed shaped this, with _convoy_cards).
    return _with_set(list(map(_CONVOY_ACTIONS[seat].__getitem__, _convoy_cards(hand))))


#: The actions of a turn with a full row and a pile left, one dict per seat, by
#: hand as _convoy_key gives it: the lookup of most turns (_compute_legal).
_FULL_ROW_TURNS = MemoTable(__name__, "_FULL_ROW_TURNS", parts=max(_OPPONENTS), maxsize=4096)
_FULL_ROW_TURNS_BY_SEAT = _FULL_ROW_TURNS.parts


@lru_cache(maxsize=65536)
def _turn_actions(
    seat: int, hand: tuple[int, ...], row_mask: tuple[bool, ...], pile_ok: bool
) -> _Legal:
    """The actions of a turn; ``hand`` may be capped at 4 of a kind (:func:`_convoy_key`)."""
    actions = _takes(seat, row_mask, pile_ok)
    pass_ = _PASS[seat]
    if sum(hand) < 2:
        actions.append(pass_)
        return _with_set(actions)
    # The convoys (often hundreds) come with their own cached mapping, copied
    # whole: a cache miss here (a new row or pile state) stays cheap.
    convoys, lookup = _convoys(seat, hand)
    lookup = {**lookup, pass_: pass_}
    for action in actions:
        lookup[action] = action
    return (*actions, *convoys, pass_), lookup


@lru_cache(maxsize=4096)
def _second_pick_actions(seat: int, row_mask: tuple[bool, ...], pile_ok: bool) -> _Legal:
    return _with_set([*_takes(seat, row_mask, pile_ok), Action(seat, "stop")])


#: _TAKE_ROW[seat][slot], _TAKE_PILE[seat], _PASS[seat]: built once (a turn's
#: actions are listed again at every new hand: a cache miss stays cheap).
_TAKE_ROW = [
    [Action(seat, "take", source="row", slot=slot) for slot in range(ROW_SLOTS)]
    for seat in range(max(_OPPONENTS))
]
_TAKE_PILE = [Action(seat, "take", source="pile") for seat in range(max(_OPPONENTS))]
_PASS = [Action(seat, "pass") for seat in range(max(_OPPONENTS))]


def _takes(seat: int, row_mask: tuple[bool, ...], pile_ok: bool) -> list[Action]:
    """The draws ``seat`` may make: each row slot that holds a card, then the pile."""
    takes = [action for action, full in zip(_TAKE_ROW[seat], row_mask) if full]
    if pile_ok:
        takes.append(_TAKE_PILE[seat])
    return takes


def _control_actions(seat: int, lieutenant: bool, captain: bool, inspector: bool) -> _Legal:
    actions = [
        Action(seat, "control", card=kind)
        for kind, held in zip(CONTROLLER_KINDS, (lieutenant, captain, inspector))
        if held
    ]
    actions.append(Action(seat, "decline"))
    return _with_set(actions)


#: _CONTROL_ACTIONS[seat][held]: a control's actions, ``held`` saying which controller
#: kinds the hand holds (1 lieutenant + 2 captain + 4 inspector). A control is the
#: most frequent decision, so its answers are a table built once (6 seats x 8 entries).
_CONTROL_ACTIONS = [
    [_control_actions(seat, bool(held & 1), bool(held & 2), bool(held & 4)) for held in range(8)]
    for seat in range(max(_OPPONENTS))
]


@lru_cache(maxsize=4096)
def _bribe_actions(
    seat: int, hand: tuple[int, ...], rejected: tuple[tuple[int, ...], ...]
) -> tuple[LegalActions, Mapping[Action, Action]]:
    """Every bribe ``hand`` allows (but the ``rejected`` ones), then ``no_bribe``; and their lookup.

    The bribes are a :class:`~prohis_nb.prohis.bribes.Bribes` family: a hand
    of hundreds of cards allows billions of them, so they are decoded on
    demand, never listed. A usual hand's few dozen bribes are listed by the
    family, and the lookup is then a plain dict of them (``apply`` finds an
    offer by one dict probe instead of a call through the family: speed).
    """
    bribes, no_bribe = Bribes(seat, hand, rejected), Action(seat, "no_bribe")
    legal = LegalActions([bribes, (no_bribe,)])
    listed = bribes.listed()
    if listed is None:
        return legal, legal.lookup
    lookup = {action: action for action in listed}
    lookup[no_bribe] = no_bribe
    return legal, lookup


@lru_cache(maxsize=1024)
def _simple_actions(seat: int, acts: tuple[str, ...]) -> _Legal:
    return _with_set([Action(seat, act) for act in acts])


@lru_cache(maxsize=4096)
def _turn_card_actions(seat: int, turned: tuple[bool, ...]) -> _Legal:
    return _with_set(
        [Action(seat, "turn", position=p) for p, done in enumerate(turned) if not done]
    )
