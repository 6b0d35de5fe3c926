"""The Prohis game: the rulebook as a state machine, to read next to docs/rules.md.

The sections below follow docs/rules.md. **The deck and the deal** (``__init__``,
:func:`deal`). **Your turn: draw, convoy, or pass**: a draw is one or two
``take``\\ s (then ``stop`` after one), never two from the pile, not with 8 or
more cards in hand, a row card replaced at once from the pile; a convoy of 2
to 4 cards face down is followed by its four steps: **1. who controls** (each
opponent clockwise from the smuggler's left plays a controller card or
declines; the highest rank wins, the first played wins a tie), **2. the
bribe** (``bribe``/``no_bribe``, answered by ``accept``/``reject``),
**3. no bribe: inspect or waive**, **4. the inspection** (``turn``, card by
card); or ``pass``. **The end of the game**: the final round, everyone
passing. **Scoring**: :meth:`ProhisGame.scores`.

Decisions are the *phases* of :mod:`prohis_nb.prohis.state`; ``to_act`` is
always the seat that decides, and :meth:`ProhisGame._compute_legal` says what
it may do, from the tables of :mod:`prohis_nb.prohis.legal`. Cards of one kind
are interchangeable, so hands and warehouses are counts by kind (see
:mod:`prohis_nb.prohis.cards`); the pile is a list whose *last* element is the
top card (so drawing is a cheap ``pop``).

What the seats know is not kept here: the game writes down what happens as
*events* (every card in them), and :mod:`prohis_nb.prohis.knowledge` reads them
for one seat at a time. One fact the rules themselves need is kept: what
*everyone* knows is in each hand (``self._public``), because the engine takes
a step by itself only when every seat can tell it is forced (docs/rules.md,
"Steps the engine takes for you"). So the handlers below tell it, in one line,
when a card goes into a hand or leaves it for all to see.

The events (and so the log and every seat's knowledge) are only needed when
someone looks (a view, a log, a bot), and writing them at every action costs a
simulation a good share of its time. So a new game keeps no events and plays
on; the first time a view or a log is asked for, it replays its actions from
its setup with the *chronicle* on (:meth:`ProhisGame._chronicled`) and keeps it
on from then on. Both ways run the same code, so what a seat sees is the same.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import attrgetter

from prohis_nb.core.caches import MemoTable
from prohis_nb.core.deal import shuffle
from prohis_nb.core.game import Decision, Event, GameBase
from prohis_nb.core.limits import game_seed
from prohis_nb.errors import RecordError, RulesError, excerpt
from prohis_nb.prohis.actions import Action, parse_action
from prohis_nb.prohis.bounds import LowerBounds
from prohis_nb.prohis.cards import (
    CAPTAIN,
    ILLEGAL,
    INSPECTOR,
    KIND_INDEX,
    KINDS,
    LIEUTENANT,
    counts_to_cards,
    hand_value,
    warehouse_value,
)
from prohis_nb.prohis.legal import (
    CONTROL_ACTIONS,
    FULL_ROW,
    FULL_ROW_TURNS,
    FULL_ROW_TURNS_BY_SEAT,
    KIND_INDICES,
    NO_ROW,
    OPPONENTS,
    bribe_actions,
    convoy_key,
    row_mask,
    second_pick_actions,
    simple_actions,
    turn_actions,
    turn_card_actions,
)
from prohis_nb.prohis.log import describe, shown_to
from prohis_nb.prohis.rules import VARIANT_DEFAULTS, ProhisRules, check_deal
from prohis_nb.prohis.table import read_public_hands, read_table, table_to_json

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)

if TYPE_CHECKING:
    from typing import Any

    from prohis_nb.prohis.knowledge import ProhisKnowledge, _Checkpoints
    from prohis_nb.prohis.state import ProhisState
    from prohis_nb.prohis.views import PublicView, SeatView, TableView

# The views, the knowledge, the state value and the refusals' wording are
# imported where they are first needed, not with the game: a simulation never
# needs them, and ``import prohis_nb`` stays a few milliseconds (speed).

# The phases: which kind of decision is pending (docs/rules.md, "A turn").
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
    # their place: about 10% more decisions per second in random play. Copies,
    # pickles and undo move them through ``state()`` and ``__getstate__``.
    __slots__ = (
        # the position (ProhisState's fields)
        "hands",
        "warehouses",
        "row",
        "pile",
        "active",
        "phase",
        "_to_act",
        "first_pick",
        "convoy",
        "convoy_cards",
        "turned",
        "turns_done",
        "turn_limit",
        "control_queue",
        "control_pos",
        "controls",
        "controller",
        "controller_card",
        "bribe",
        "offers",
        "rejected",
        "final_round",
        "final_queue",
        "passes",
        "out",
        "over",
        "_public",
        # the game and its history
        "players",
        "rules",
        "setup",
        "_actions",
        "_forced",
        "_initial_forced",
        "_events",
        "_chronicle",
        "_priors",
        # caches (rebuilt when missing)
        "_legal",
        "_legal_set",
        "_log_cache",
        "_observed",
        "_checkpoints",
        "_bounds",
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

    # ------------------------------------------------------------ the deck and the deal

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
            allowed = (*VARIANT_DEFAULTS, "deck")
            unknown = sorted(map(str, set(variants) - set(allowed)))
            if unknown:
                raise RulesError(
                    f"unknown Prohis variant(s) {excerpt(unknown)}; allowed: {', '.join(allowed)}"
                )
            rules = ProhisRules(players=4 if players is None else players, **variants)
        elif isinstance(rules, Mapping):
            rules = ProhisRules.from_json(rules)
        elif players is not None or variants:
            raise RulesError("give either a rules value or players=/variants, not both")
        if not isinstance(rules, ProhisRules):
            raise RulesError(f"rules must be a ProhisRules value, got {excerpt(rules)}")
        if seed is not None and table is not None:
            raise RecordError("a game starts from a seed or from a stacked table, not both")
        n = rules.players
        if table is None:
            seed = game_seed(seed)  # none given: a fresh one, from all 2**63
            setup: dict[str, Any] = {"seed": seed}
            hands, row, pile, first = deal(rules, seed)
            public = [[0, 0, 0, 1, 1] for _ in range(n)]  # a captain and an inspector, in the open
        else:
            hands, row, pile, first = read_table(rules, table)
            public = read_public_hands(table, hands)
            setup = table_to_json(hands, row, pile, first)
            if any(map(any, public)):
                setup["public_hands"] = [counts_to_cards(c) for c in public]
        self.rules = rules
        self.players = n
        self.setup = setup
        self.hands: list[list[int]] = hands
        self.warehouses: list[list[int]] = [[0] * 5 for _ in range(n)]
        self.row: list[int | None] = row
        self.pile: list[int] = pile  # top card last
        self.active = first
        self.phase = TURN
        self._to_act: int | None = first
        self.first_pick: str | None = None
        self._clear_convoy()
        # The end of the game.
        self.final_round = False
        self.final_queue: list[int] = []
        self.passes = 0
        self.out = [False] * n
        self.over = False
        # What everyone knows is in each hand: what was dealt in the open.
        self._public = LowerBounds(None, n, public)
        # A new game plays without the chronicle; the replay that builds it
        # (_chronicled) switches it on before calling __init__.
        if not _chronicle_requested(self):
            self._chronicle = False
        self._priors: dict[int | None, tuple] = {}
        self._events: list[Event] = []
        if self._chronicle:
            self._events.append(_deal_event(rules, hands, row, pile, public))
            self._events.append(Event("start", first, {"first": first}))
        if not self.pile and None in self.row:
            # Only a stacked table can start like this: the seat before the first
            # player "caused" it, so every player gets exactly one turn.
            self._trigger_final_round((first - 1) % n)
        self._start()

    def _start(self) -> None:
        self._observed: dict[int | None, tuple[int, tuple]] = {}
        self._checkpoints: dict[int | None, _Checkpoints] = {}
        self._bounds: dict[int | None, tuple[int, LowerBounds]] = {}
        super()._start()

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

    # ------------------------------------------------------------ what each seat sees

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now, and nothing else (a :class:`SeatView`)."""
        from prohis_nb.prohis.views import seat_view

        self.check_seat(seat)
        self._chronicled()
        return seat_view(
            self,
            seat,
            self._log_lines(seat),
            self.knowledge(seat),
            self._lower_bounds(seat),
            self._lower_bounds(None),
        )

    def omniscient_view(self) -> TableView:
        """Everything, hidden cards included: the teacher's view (a :class:`TableView`)."""
        from prohis_nb.prohis.views import table_view

        self._chronicled()
        return table_view(self, self._log_lines(None), self._lower_bounds(None))

    def knowledge(self, seat: int | None) -> ProhisKnowledge:
        """What ``seat`` (``None``: everyone) knows of the cards, exactly (``prohis.knowledge``)."""
        from prohis_nb.prohis.knowledge import ProhisKnowledge, _Checkpoints

        if seat is not None:
            self.check_seat(seat)
        self._chronicled()
        boxes = self._checkpoints
        if seat not in boxes:
            boxes[seat] = _Checkpoints()
        return ProhisKnowledge(
            seat, self.players, self.rules.bribe_rounds, self._observations(seat), boxes[seat]
        )

    def _observations(self, observer: int | None) -> tuple:
        """``observer``'s observations so far (prohis.knowledge.observe), kept and extended."""
        from prohis_nb.prohis.knowledge import observe

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
            bounds = LowerBounds(observer, self.players, [[0] * 5] * self.players)
        for observation in observations[done:]:
            bounds.read(observation)
        self._bounds[observer] = (len(observations), bounds)
        return bounds

    def log(self, seat: int | None) -> list[str]:
        if seat is not None:
            self.check_seat(seat)
        self._chronicled()
        return super().log(seat)

    log.__doc__ = GameBase.log.__doc__

    @property
    def known_hand(self) -> list[list[list[int]]]:
        """``known_hand[observer][seat]``: what ``observer`` knows is in ``seat``'s hand.

        Lower bounds, counts by kind; observer ``players`` is everyone (see
        :class:`~prohis_nb.prohis.knowledge.LowerBounds`). Copies.
        """
        self._chronicled()
        observers = [*range(self.players), None]
        return [[list(c) for c in self._lower_bounds(o).hand] for o in observers]

    @property
    def known_warehouse(self) -> list[list[list[int]]]:
        """``known_warehouse[observer][seat]``: what ``observer`` knows is in that warehouse."""
        self._chronicled()
        observers = [*range(self.players), None]
        return [[list(c) for c in self._lower_bounds(o).warehouse] for o in observers]

    def _chronicled(self) -> None:
        """Switch the chronicle on: replay the actions with every event kept.

        A new game plays without events (see the module docstring). The first
        time they are needed, the game is replayed from its setup with them on,
        and takes the replay's state (as ``undo`` does). Afterwards every
        action keeps them, so a bot that looks at its view at every step pays
        this once, at the start.
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
        self._become(rebuilt)

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
        return public_view(self, self._log_lines(self.players), self._lower_bounds(None))

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

    # ------------------------------------------------------------ the state value

    def state(self) -> ProhisState:
        """The position as one frozen value (see :mod:`prohis_nb.prohis.state`)."""
        from prohis_nb.prohis.state import ProhisState

        public = self._public
        before = public.before_offer() if self.bribe is not None else None
        return ProhisState(
            hands=tuple(map(tuple, self.hands)),
            warehouses=tuple(map(tuple, self.warehouses)),
            row=tuple(self.row),
            pile=tuple(self.pile),
            active=self.active,
            phase=self.phase,
            to_act=self._to_act,
            first_pick=self.first_pick,
            convoy=tuple(self.convoy),
            convoy_cards=self.convoy_cards,
            turned=tuple(self.turned),
            turns_done=self.turns_done,
            turn_limit=self.turn_limit,
            control_queue=self.control_queue,
            control_pos=self.control_pos,
            controls=tuple(self.controls),
            controller=self.controller,
            controller_card=self.controller_card,
            bribe=None if self.bribe is None else tuple(self.bribe),
            offers=self.offers,
            rejected=tuple(self.rejected),
            final_round=self.final_round,
            final_queue=tuple(self.final_queue),
            passes=self.passes,
            out=tuple(self.out),
            over=self.over,
            public_hands=tuple(map(tuple, public.hand)),
            public_before_offer=None if before is None else tuple(before),
        )

    def _set_state(self, state: ProhisState) -> None:
        """Take the position ``state`` (lists of its own: the value stays frozen)."""
        n = self.players
        self.hands = [list(h) for h in state.hands]
        self.warehouses = [list(w) for w in state.warehouses]
        self.row = list(state.row)
        self.pile = list(state.pile)
        self.active = state.active
        self.phase = state.phase
        self._to_act = state.to_act
        self.first_pick = state.first_pick
        self.convoy = list(state.convoy)
        self.convoy_cards = state.convoy_cards
        self.turned = list(state.turned)
        self.turns_done = state.turns_done
        self.turn_limit = state.turn_limit
        self.control_queue = state.control_queue
        self.control_pos = state.control_pos
        self.controls = list(state.controls)
        self.controller = state.controller
        self.controller_card = state.controller_card
        self.bribe = None if state.bribe is None else list(state.bribe)
        self.offers = state.offers
        self.rejected = list(state.rejected)
        self.final_round = state.final_round
        self.final_queue = list(state.final_queue)
        self.passes = state.passes
        self.out = list(state.out)
        self.over = state.over
        self._public = LowerBounds(None, n, state.public_hands)
        if state.public_before_offer is not None:
            self._public.remember_before_offer(state.public_before_offer)

    def __getstate__(self) -> dict[str, Any]:
        """The whole game as plain values: rules, setup, the position, the history.

        What a pickle, a copy and undo move. Caches are left out (rebuilt on demand).
        """
        return {
            "rules": self.rules,
            "setup": self.setup,
            "state": self.state(),
            "actions": list(self._actions),
            "forced": dict(self._forced),
            "initial_forced": tuple(self._initial_forced),
            "events": list(self._events),
            "chronicle": self._chronicle,
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
        self._chronicle = data["chronicle"]
        self._priors = dict(data["priors"])
        self._log_cache = {}
        self._legal = self._legal_set = None
        self._observed, self._checkpoints, self._bounds = {}, {}, {}

    @classmethod
    def from_state(
        cls,
        rules: ProhisRules,
        state: ProhisState,
        *,
        setup: Mapping[str, Any],
        recalled: Sequence[Event] = (),
        priors: Mapping[int | None, tuple] | None = None,
    ) -> ProhisGame:
        """A game at ``state`` with no past actions (a table drawn by ``determinize``).

        ``recalled``: events to start its log with (a seat's log, carried
        over); ``priors``: for an observer (a seat, ``None`` for everyone), the
        observations it starts from (what it saw before: its knowledge and its
        lower bounds are read from them).
        The game plays on from ``state`` to the end; it has nothing to undo,
        and its ``record()`` does not replay.
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
                "chronicle": True,  # (no setup to replay from)
                "priors": dict(priors or {}),
            }
        )
        game._initial_forced = tuple(game._take_forced_steps())
        return game

    def _become(self, other: GameBase) -> None:
        assert isinstance(other, ProhisGame)
        self.__setstate__(other.__getstate__())

    def copy(self) -> ProhisGame:
        """An independent copy of this game (cheap: the state value and the history)."""
        other = object.__new__(ProhisGame)
        other.__setstate__(self.__getstate__())
        other._log_cache = dict(self._log_cache)  # (the lines are tuples: shared, not copied)
        other._observed = dict(self._observed)
        other._legal, other._legal_set = self._legal, self._legal_set
        return other

    def _fresh(self) -> ProhisGame:
        if "seed" in self.setup:
            return ProhisGame(self.rules, seed=self.setup["seed"])
        return ProhisGame(self.rules, table=self.setup)

    # ------------------------------------------------------------ the hot path

    def legal_actions(self) -> Sequence[Action]:
        # (GameBase.legal_actions, shortened: ``apply`` always leaves the next
        # decision's actions listed, so a simulation only ever reads the cache.)
        legal_ = self._legal
        if legal_ is None:
            legal_, self._legal_set = self._compute_legal()
            self._legal = legal_
        return legal_

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
        legal_, self._legal_set = self._compute_legal()
        self._legal = legal_
        # A single legal action may be a forced step (the engine takes it).
        if len(legal_) == 1 and self._forced_is_public():
            forced = []
            while True:  # (while the decision has one action, known to all to be forced)
                only = legal_[0]
                _HANDLERS[only.act](self, only)
                forced.append(only)
                legal_, self._legal_set = self._compute_legal()
                self._legal = legal_
                if len(legal_) != 1 or not self._forced_is_public():
                    break
            self._forced[len(actions) - 1] = forced

    apply.__doc__ = GameBase.apply.__doc__

    # ------------------------------------------------------------ what may be done now

    def _compute_legal(self) -> tuple[Sequence[Action], Mapping[Action, Action]]:
        """The legal actions of the seat to act, and each mapped to itself (core's hook).

        Every answer comes from a small table of :mod:`prohis_nb.prohis.legal`,
        keyed by the few facts it depends on, so this costs a few lookups. The
        phases are tested from the most frequent one (a control is asked of
        every opponent at each convoy).
        """
        phase = self.phase
        seat = self._to_act
        if phase == CONTROL:
            # One of the controller cards it holds, or decline. (A table lookup by
            # which of the three kinds the hand holds; conditional expressions cost
            # less than adding up comparisons.)
            hand = self.hands[seat]  # type: ignore[index]
            return CONTROL_ACTIONS[seat][  # type: ignore[index]
                (1 if hand[LIEUTENANT] else 0)
                + (2 if hand[CAPTAIN] else 0)
                + (4 if hand[INSPECTOR] else 0)
            ]
        if phase == TURN:
            # Draw (not with 8 or more cards), a convoy of 2-4 cards, or pass. (The
            # keys of convoy_key and row_mask, inlined for their usual values: five
            # named counts add and compare faster than sum(), max() and tuple().)
            hand = self.hands[seat]  # type: ignore[index]
            legal_, illegal, lieutenant, captain, inspector = hand
            size = legal_ + illegal + lieutenant + captain + inspector
            key: tuple[int, ...]
            if legal_ <= 4 and illegal <= 4 and lieutenant <= 4 and captain <= 4 and inspector <= 4:
                key = (legal_, illegal, lieutenant, captain, inspector)
            else:
                key = convoy_key(hand)
            if size >= HAND_LIMIT:  # no drawing: convoys and pass only
                return turn_actions(seat, key, NO_ROW, False)
            row = self.row
            if self.pile and None not in row:  # the usual turn: a full row and a pile left
                # (a plain dict by hand: half the cost of the lru_cache call below)
                turns = FULL_ROW_TURNS_BY_SEAT[seat]  # type: ignore[index]
                found = turns.get(key)
                if found is None:
                    FULL_ROW_TURNS.make_room(turns)
                    found = turns[key] = turn_actions(seat, key, FULL_ROW, True)
                return found
            mask = FULL_ROW if None not in row else row_mask(row)
            return turn_actions(seat, key, mask, bool(self.pile))
        if phase == SECOND_PICK:
            # Another take (never a second from the pile), or stop.
            pile_ok = self.first_pick == "row" and bool(self.pile)
            row = self.row
            mask = FULL_ROW if None not in row else row_mask(row)
            return second_pick_actions(seat, mask, pile_ok)
        if phase == BRIBE:
            # Any set of the smuggler's cards but those rejected, or no bribe.
            return bribe_actions(seat, tuple(self.hands[seat]), tuple(self.rejected))  # type: ignore[index]
        if phase == BRIBE_ANSWER:
            return simple_actions(seat, ("accept", "reject"))
        if phase == INSPECT_OR_WAIVE:
            if self.rejected:  # a rejected bribe obliges the controller to inspect
                return simple_actions(seat, ("inspect",))
            return simple_actions(seat, ("inspect", "waive"))
        if phase == INSPECTION:
            return turn_card_actions(seat, tuple(self.turned))
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
        if size == 0 or sum(self._public.hand[seat]) >= size:
            return True
        return self.phase == BRIBE and size == 1

    def _coerce_action(self, action: Any) -> Action:
        # An Action built by hand is checked like a record's action (a slot of 7,
        # a "joker", a convoy given as a list are refused, not crashed on).
        return Action.from_json(action)

    def _explain_illegal(self, action: Action) -> str:
        from prohis_nb.prohis.explain import explain_illegal  # (only a refusal needs it)

        return explain_illegal(self, action)

    def _allowed_summary(self) -> str:
        from prohis_nb.prohis.explain import allowed_summary

        return allowed_summary(self)

    def _do(self, action: Action) -> None:
        _HANDLERS[action.act](self, action)

    def _tell(self, kind: str, actor: int | None, **data: Any) -> None:
        """Write down what happened, every card in it (callers test ``self._chronicle`` first).

        A game played without the chronicle builds no event data at all (a
        simulation's speed); a plain tuple is an Event's shape, cheaper to build.
        """
        self._events.append((kind, actor, data))  # type: ignore[arg-type]

    # ------------------------------------------------------------ draw one or two cards

    def _do_take(self, action: Action) -> None:
        """Take the card of a row slot (refilled at once from the pile) or the pile's top card."""
        seat = action.seat
        if action.source == "row":
            slot = action.slot
            assert slot is not None
            kind = self.row[slot]
            assert kind is not None
            refill = self.pile.pop() if self.pile else None
            self.row[slot] = refill
            self._public.enters_hand(seat, kind)  # everyone saw it go into that hand
            if self._chronicle:
                refill_kind = None if refill is None else KINDS[refill]
                self._tell("take_row", seat, slot=slot, card=KINDS[kind], refill=refill_kind)
        else:
            kind = self.pile.pop()
            if self._chronicle:
                self._tell("take_pile", seat, card=KINDS[kind])
        self.hands[seat][kind] += 1
        if not self.final_round and not self.pile and None in self.row:
            self._trigger_final_round(seat)
        if self.phase == TURN:  # the first pick: a second may follow
            self.passes = 0
            self.first_pick = action.source
            self.phase = SECOND_PICK
        else:
            self._end_turn()

    def _do_stop(self, action: Action) -> None:
        """Stop after one card."""
        if self._chronicle:
            self._tell("stop", action.seat)
        self._end_turn()

    # ------------------------------------------------------------ form a convoy

    def _do_convoy(self, action: Action) -> None:
        """Put 2, 3 or 4 cards from hand face down, in the order the smuggler chose."""
        seat = action.seat
        hand = self.hands[seat]
        cards = list(KIND_INDICES[action.cards])
        for kind in cards:
            hand[kind] -= 1
        self.passes = 0
        self.convoy = cards
        self.convoy_cards = action.cards
        self.turned = [False] * len(cards)
        self._public.leaves_face_down(seat, len(cards))  # everyone saw how many went
        if self._chronicle:
            self._tell("convoy", seat, cards=action.cards)
        # 1. Who controls: each opponent in turn, clockwise from the smuggler's left.
        n = self.players
        out = self.out
        if True in out:
            self.control_queue = tuple(
                (seat + i) % n for i in range(1, n) if not out[(seat + i) % n]
            )
        else:  # nobody out (the usual case): every opponent, from a table
            self.control_queue = OPPONENTS[n][seat]
        self.control_pos = 0
        self.controls = []
        self._ask_next_opponent()

    def _do_control(self, action: Action) -> None:
        """Play one controller card face up to control the convoy."""
        seat = action.seat
        kind = KIND_INDEX[action.card]
        self.hands[seat][kind] -= 1
        self._public.leaves_face_up(seat, kind)
        self.controls.append((seat, kind))
        if self._chronicle:
            self._tell("control", seat, card=action.card, smuggler=self.active)
        self.control_pos += 1
        self._ask_next_opponent()

    def _do_decline(self, action: Action) -> None:
        """Decline to control."""
        if self._chronicle:
            self._tell("decline", action.seat, smuggler=self.active)
        self.control_pos += 1
        self._ask_next_opponent()

    def _ask_next_opponent(self) -> None:
        """Ask the next opponent to control, or settle who controls once all have answered."""
        position = self.control_pos
        queue = self.control_queue
        if position < len(queue):
            self.phase = CONTROL
            self._to_act = queue[position]
            return
        smuggler = self.active
        if not self.controls:  # nobody controls: the convoy goes into the smuggler's warehouse
            if self._chronicle:
                self._tell("no_control", smuggler, cards=self.convoy_cards)
            self._store_convoy(smuggler)
            self._end_turn()
            return
        # The highest rank wins; between equal ranks, the first played (max keeps the first).
        winner, card = max(self.controls, key=lambda played: played[1])
        for seat, kind in self.controls:  # the others take their cards back
            if seat != winner:
                self.hands[seat][kind] += 1
                self._public.enters_hand(seat, kind)
                if self._chronicle:
                    self._tell("take_back", seat, card=KINDS[kind])
        self.controls = []
        self.controller = winner
        self.controller_card = card
        if self._chronicle:
            self._tell("controller", winner, card=KINDS[card], smuggler=smuggler)
        # 2. The bribe: the smuggler may offer one.
        self.offers = 0
        self.rejected = []
        self.phase = BRIBE
        self._to_act = smuggler

    def _do_bribe(self, action: Action) -> None:
        """Offer the controller cards from hand: only the controller sees them, all see how many."""
        seat = action.seat
        counts = [0] * 5
        for card in action.cards:
            counts[KIND_INDEX[card]] += 1
        hand = self.hands[seat]
        for k in range(5):
            hand[k] -= counts[k]
        self._public.offered(seat, sum(counts))  # everyone saw how many
        self.bribe = counts
        self.offers += 1
        if self._chronicle:
            self._tell("bribe", seat, cards=action.cards, controller=self.controller)
        self.phase = BRIBE_ANSWER
        self._to_act = self.controller

    def _do_no_bribe(self, action: Action) -> None:
        """Offer no bribe (or none more): 3. the controller inspects or waives."""
        if self._chronicle:
            self._tell("no_bribe", action.seat, after_rejection=bool(self.rejected))
        # After a rejected bribe "inspect" is the only choice left: a forced step.
        self.phase = INSPECT_OR_WAIVE
        self._to_act = self.controller

    def _do_accept(self, action: Action) -> None:
        """Accept: the bribe into the controller's warehouse, the played card back to its hand,
        the convoy into the smuggler's warehouse."""
        controller, smuggler = action.seat, self.active
        bribe = self.bribe
        assert bribe is not None and self.controller_card is not None
        warehouse = self.warehouses[controller]
        for k in range(5):
            warehouse[k] += bribe[k]
        self._return_controller_card(controller)
        if self._chronicle:
            self._tell(
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
        """Reject: the bribe goes back to the smuggler's hand and the controller must inspect."""
        controller, smuggler = action.seat, self.active
        bribe = self.bribe
        assert bribe is not None
        hand = self.hands[smuggler]
        for k in range(5):
            hand[k] += bribe[k]
        self._public.rejected(smuggler, controller)
        self.rejected.append(tuple(bribe))
        self.bribe = None
        more = self.offers < self.rules.bribe_rounds  # (the bribe_rounds variant)
        if self._chronicle:
            self._tell(
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
        """Inspect: 4. the inspection begins."""
        if self._chronicle:
            self._tell("inspect", action.seat, smuggler=self.active, must=bool(self.rejected))
        assert self.controller_card is not None
        self.phase = INSPECTION
        self._to_act = self.controller
        self.turns_done = 0
        # Up to 1/2/3 cards by rank, all of them if the convoy is smaller.
        self.turn_limit = min(rank_of(self.controller_card), len(self.convoy))

    def _do_waive(self, action: Action) -> None:
        """Waive: the played card into the controller's warehouse, the convoy passes."""
        controller, smuggler = action.seat, self.active
        card = self.controller_card
        assert card is not None
        keeps = self.rules.waiver_keeps_card
        if keeps:  # (the waiver_keeps_card variant: back to hand instead)
            self._return_controller_card(controller)
        else:
            self.warehouses[controller][card] += 1
        if self._chronicle:
            self._tell("waive", controller, smuggler=smuggler, card=KINDS[card], keeps=keeps)
        self._store_convoy(smuggler)
        self._end_turn()

    def _do_turn(self, action: Action) -> None:
        """Turn over the face-down card the controller chose."""
        position = action.position
        assert position is not None
        self.turned[position] = True
        self.turns_done += 1
        kind = self.convoy[position]
        if self._chronicle:
            self._tell(
                "turn", action.seat, position=position, card=KINDS[kind], smuggler=self.active
            )
        if kind == ILLEGAL:  # illegal goods: stop, confiscate
            self._confiscate()
        elif kind >= LIEUTENANT or self.turns_done == self.turn_limit:
            # A controller card stops the inspection; only legal goods: the convoy passes.
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
        if self._chronicle:
            self._tell(
                "confiscate",
                controller,
                smuggler=smuggler,
                cards=self.convoy_cards,
                turned=tuple(self.turned),
                card=KINDS[card],
            )
        self._end_turn()

    def _convoy_passes(self, stopped_by_controller: bool) -> None:
        """The inspection found nothing: convoy stored, played card into the smuggler's hand."""
        controller, smuggler = self.controller, self.active
        card = self.controller_card
        assert controller is not None and card is not None
        self.hands[smuggler][card] += 1
        self._public.enters_hand(smuggler, card)
        if self._chronicle:
            self._tell(
                "success",
                smuggler,
                controller=controller,
                card=KINDS[card],
                stopped_by_controller=stopped_by_controller,
            )
        self._store_convoy(smuggler)
        self._end_turn()

    def _store_convoy(self, smuggler: int) -> None:
        """The convoy goes into the smuggler's warehouse."""
        warehouse = self.warehouses[smuggler]
        for kind in self.convoy:
            warehouse[kind] += 1
        if self._chronicle:
            self._tell("stored", smuggler, cards=self.convoy_cards, turned=tuple(self.turned))

    def _return_controller_card(self, controller: int) -> None:
        """The controller's played card goes back into its hand, for all to see."""
        card = self.controller_card
        assert card is not None
        self.hands[controller][card] += 1
        self._public.enters_hand(controller, card)

    # ------------------------------------------------------------ pass

    def _do_pass(self, action: Action) -> None:
        """Pass (always allowed on a turn)."""
        seat = action.seat
        if self.rules.pass_is_final:  # (the pass_is_final variant: out for good)
            self.out[seat] = True
            if self._chronicle:
                self._tell("pass", seat, out=True)
            everyone_passed = all(self.out)
        else:
            self.passes += 1
            if self._chronicle:
                self._tell("pass", seat, out=False)
            everyone_passed = self.passes >= self.players
        if everyone_passed:  # everyone passed: the game ends at once
            if self._chronicle:
                self._tell("all_passed", None)
            self._finish()
            return
        self._end_turn()

    # ------------------------------------------------------------ the end of the game

    def _trigger_final_round(self, trigger: int) -> None:
        """The pile is empty and the row short: every other player has one more turn, and
        ``trigger`` plays the very last."""
        n = self.players
        self.final_round = True
        self.final_queue = [(trigger + i) % n for i in range(1, n + 1)]
        if self.final_queue and self.final_queue[0] == self.active and self.phase == TURN:
            # Triggered by the setup: the first player's turn is already under way.
            self.final_queue.pop(0)
        if self._chronicle:
            self._tell("final_round", trigger, last=trigger)

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
        self.turns_done = 0
        self.turn_limit = 0
        self.control_queue = ()
        self.control_pos = 0
        self.controls = []
        self.controller = None
        self.controller_card = None
        self.bribe = None
        self.offers = 0
        self.rejected = []

    def _finish(self) -> None:
        self.phase = OVER
        self.over = True
        self._to_act = None
        if self._chronicle:
            self._tell("end", None, scores=tuple(self.scores()))


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


def _chronicle_requested(game: ProhisGame) -> bool:
    """True if the chronicle was switched on before ``__init__`` (the replay of _chronicled)."""
    try:
        return bool(game._chronicle)
    except AttributeError:
        return False


def _deal_event(
    rules: ProhisRules,
    hands: list[list[int]],
    row: list[int | None],
    pile: list[int],
    public: list[list[int]],
) -> Event:
    """What was dealt, every card in it: read by prohis.knowledge (the log says nothing of it).

    ``public``: the cards dealt in the open into each hand (outside the shuffle);
    ``pool``: the shuffled cards, counts by kind.
    """
    deck = rules.deck_counts()
    pool = [deck[kind] - sum(seat[k] for seat in public) for k, kind in enumerate(KINDS)]
    return Event(
        "deal",
        None,
        {
            "hands": tuple(tuple(hand) for hand in hands),
            "public": tuple(tuple(counts) for counts in public),
            "row": tuple(KINDS[card] for card in row if card is not None),
            "pile": len(pile),
            "pool": tuple(pool),
        },
    )


# ---------------------------------------------------------------- the deal


def deal(rules: ProhisRules, seed: int) -> tuple[list[list[int]], list[int | None], list[int], int]:
    """Shuffle and deal with the engine's own seeded generator (docs/rules.md, Setup).

    Everyone gets a captain and an inspector. The goods and lieutenants are
    shuffled; seat 0 gets the first 4, seat 1 the next 4, and so on; the next
    4 make the row (slot 0 first); the rest is the pile, top first. Then the
    same generator picks the first player. Returns ``(hands, row, pile,
    first)`` as the engine holds them (counts by kind; the pile top last).
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
