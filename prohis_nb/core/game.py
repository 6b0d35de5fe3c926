"""What every game of the family shares: seats, decisions, legal actions, undo, records.

A game of prohis_nb is a *state machine driven by decisions*. At every moment
exactly one seat has to decide something (``game.to_act``), the rules list
what it may do (``game.legal_actions()``), and ``game.apply(action)`` moves the
game on. This module holds the part of that machine that does not depend on
the rules of a particular game:

* checking that an action comes from the right seat and is legal, and refusing
  it with a clear message otherwise (the game is then left exactly as it was);
* *forced steps*: when a decision has a single possible outcome **and every
  seat can tell so from what it may know** (a controller who rejected a bribe
  must inspect; the last face-down card of an inspection must be turned), the
  engine takes it by itself, and it is not written to the record. A step forced
  only by hidden cards (an opponent who holds no controller card can only
  decline) stays that seat's decision: it is asked and recorded like any other,
  or skipping it would tell every seat what that hand holds (docs/records.md,
  "Actions"). A game says which of its decisions are publicly forced by
  answering :meth:`GameBase._forced_is_public`;
* the list of actions taken, ``undo()`` (exact, for analysts) and ``undo_for(seat)``
  (refused past anything that showed the seat something: the learner's),
  ``copy()`` and ``record()``, which move a game through its one explicit state
  value (``__getstate__``/``__setstate__``);
* the log of events, phrased for one seat by the game's own describer.

A concrete game (``prohis_nb.prohis.ProhisGame``, ``prohis_nb.smuggle.SmuggleGame``)
subclasses :class:`GameBase` and supplies only its rules: its start, its legal
actions, what an action does, what one seat may see, and how to phrase an event.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import namedtuple
from collections.abc import Mapping, Sequence

from prohis_nb.errors import (
    IllegalActionError,
    UnknownSeatError,
    WrongSeatError,
    excerpt,
)

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from typing import Any, ClassVar, Self

    from prohis_nb.core.record import Record


def _own(value: Any) -> Any:
    """``value``, or a copy of it one level deep if it is a list or a dict (state kept apart)."""
    if type(value) is list:
        return list(value)
    if type(value) is dict:
        return dict(value)
    return value


class Decision(namedtuple("Decision", "seat kind text")):
    """Who has to decide what, right now: ``Decision(seat, kind, text)``.

    ``seat`` (int) decides; ``kind`` is a short machine name (for Prohis:
    ``turn``, ``second_pick``, ``control``, ``bribe``, ``bribe_answer``,
    ``inspect_or_waive``, ``inspection``); ``text`` says the same in words.
    """

    __slots__ = ()


class Event(namedtuple("Event", "kind actor data")):
    """One thing that happened, with everything about it (secrets included).

    ``Event(kind, actor, data)``: ``actor`` is the seat that did it (``None``
    for the table), ``data`` its details: a mapping, or a small tuple whose
    fields the game's log module documents (Smuggle's, kept light for speed).
    Events never leave the engine
    as they are: a game's ``describe_event`` phrases an event for one observer
    and decides which parts that observer may read.
    """

    __slots__ = ()


class GameBase(ABC):
    """The shared half of a game: everything except the rules themselves.

    Subclasses set the class attributes and implement the abstract methods;
    users only ever call the public methods documented here.
    """

    #: Short name of the game, as in a record's ``game`` field.
    game_name: ClassVar[str] = ""
    #: The record format this game reads and writes.
    record_format: ClassVar[str] = ""
    #: The class of this game's rules value (it has ``from_json`` and ``to_json``).
    rules_type: ClassVar[Any]
    #: ``action_from_text(text, seat)``: an action typed by ``seat`` in a terminal
    #: (``"take pile"``, ``"declare wine,wine"``), or ``MalformedActionError``.
    action_from_text: ClassVar[Any]
    #: A few typed actions, shown as examples by the command line's ``play``.
    action_examples: ClassVar[tuple[str, ...]] = ()

    # Attributes every game keeps up to date (set by the subclass's __init__):
    players: int
    rules: Any
    setup: dict[str, Any]
    _actions: list[Any]
    # The forced steps taken after an action, by the action's index. Only the
    # actions that were followed by forced steps have an entry (a dict, not a
    # list with an empty entry per action: one write saved at every decision).
    _forced: dict[int, Sequence[Any]]
    _events: list[Event]
    _legal: Sequence[Any] | None
    _legal_set: Mapping[Any, Any] | None  # each legal action mapped to the engine's own instance
    # Each observer's phrased log, as (events phrased, lines): see ``_log_lines``.
    _log_cache: dict[int | None, tuple[int, tuple[str, ...]]]

    if TYPE_CHECKING:
        # Every game is built alike, from its rules (a value or its JSON) or from
        # players= and its variants as keywords, and a seed or a stacked table:
        # Game(players=4, seed=1). Records, tournaments and
        # prohis_nb.new_game rely on it; declared for the type checker only.
        def __init__(
            self,
            rules: Any = None,
            *,
            seed: int | None = None,
            table: Mapping[str, Any] | None = None,
            players: int | None = None,
            **variants: Any,
        ) -> None: ...

    # ------------------------------------------------------------ the rules' part

    @abstractmethod
    def _compute_legal(self) -> tuple[Sequence[Any], Any]:
        """The legal actions of the seat to act: a sequence, and a set or a mapping of them.

        A mapping maps each action to itself (the engine's canonical instance);
        a set is turned into such a dict. A game with too many actions to list
        returns a :class:`~prohis_nb.core.legal.LegalActions` and its ``lookup``.
        """

    @abstractmethod
    def _do(self, action: Any) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def _coerce_action(self, action: Any) -> Any:
        """Turn what the caller passed (an action, a mapping) into an action."""

    @abstractmethod
    def _explain_illegal(self, action: Any) -> str:
        """Say in words why a well-formed action is not legal now."""

    def _forced_is_public(self) -> bool:
        """True if every seat can tell, from what it may know, whether the decision is forced.

        "Forced" means a single legal action. The engine takes a decision by
        itself only when it has a single legal action *and* this answers True;
        otherwise the seat is asked, even with one option, so that skipping a
        step never tells the table a hidden card (an opponent is asked to
        control or decline whatever its hand).
        The answer itself must follow from public information only. When in
        doubt a game answers False: asking is always safe. This default asks
        every time.
        """
        return False

    def _allowed_summary(self) -> str:
        """The legal actions in a few words (games may group them more cleverly)."""
        return "; ".join(str(action) for action in self.legal_actions()[:12])

    #: Attributes that only remember answers: left out of a game's state, rebuilt on demand.
    _CACHES = frozenset({"_legal", "_legal_set", "_log_cache", "_undo_events"})

    def __getstate__(self) -> dict[str, Any]:
        """The whole game as plain values (rules, setup, its state value, its history).

        Each game says what its state is, as one explicit value (python-chess's
        ``_BoardState`` is the model): copies, pickles and undo move a game
        through this and :meth:`__setstate__`, and nothing outside the class
        sets its attributes. Caches are left out. This default takes every
        attribute of the instance (a list or a dict copied one level deep),
        enough for a small game whose attributes are plain values; Prohis and
        Smuggle give their own (``state()``: the position as a frozen value).
        """
        out: dict[str, Any] = {}
        for name, value in vars(self).items():
            if name not in self._CACHES:
                out[name] = _own(value)
        return out

    def __setstate__(self, data: Mapping[str, Any]) -> None:
        """Become the game ``data`` describes (what :meth:`__getstate__` gave)."""
        for name, value in data.items():
            setattr(self, name, _own(value))
        self._legal = self._legal_set = None
        self._log_cache = {}

    @abstractmethod
    def _fresh(self) -> GameBase:
        """A new game with the same rules and setup, before any action."""

    @property
    @abstractmethod
    def ended(self) -> bool:
        """True once the game is over."""

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that has to decide now, or ``None`` when the game is over."""

    @property
    @abstractmethod
    def decision(self) -> Decision | None:
        """The decision to take now, or ``None`` when the game is over."""

    @abstractmethod
    def describe_event(self, event: Event, observer: int | None) -> str:
        """Phrase one event for ``observer`` (a seat, or ``None`` for the teacher)."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know now (docs/rules.md, "Who knows what"): the game's view value."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Score of every seat as if the game ended now (final once it has)."""

    # ------------------------------------------------------------ shared machinery

    def _start(self) -> None:
        """Call at the end of a subclass's ``__init__``: resets the bookkeeping."""
        self._actions = []
        self._forced = {}
        self._log_cache = {}
        self._legal = None
        self._legal_set = None
        self._initial_forced = self._take_forced_steps()

    def legal_actions(self) -> Sequence[Any]:
        """Every action the seat to act may take now: complete, without duplicates.

        A sequence (``len``, ``[i]``, iteration, ``in``): usually a tuple; for a
        decision with very many choices (a Prohis bribe from a big hand) a
        :class:`~prohis_nb.core.legal.LegalActions` that decodes them on demand
        instead of listing them. Empty once the game has ended. Cached until
        the next ``apply``, so bots may call this at every step.
        """
        legal = self._legal
        if legal is None:
            if self.ended:
                self._legal, self._legal_set = (), {}
                return ()
            legal, lookup = self._compute_legal()
            # ``type() is dict`` first: the usual answer, and far cheaper to test
            # than ``isinstance`` against the ``Mapping`` ABC at every decision.
            if type(lookup) is not dict and not isinstance(lookup, Mapping):
                lookup = {action: action for action in lookup}  # a set: each action to itself
            self._legal, self._legal_set = legal, lookup
        return legal

    def is_legal(self, action: Any) -> bool:
        """True if ``action`` (an action or a mapping) may be applied now.

        Exactly when :meth:`apply` would take it: an action equal to a legal one
        (``True`` for seat 1, like ``apply``) is legal; anything malformed, of
        any type, is not.
        """
        self.legal_actions()
        try:
            if action in self._legal_set:  # type: ignore[operator]
                return True
        except TypeError:  # a mapping is not hashable: read it first
            pass
        try:
            action = self._coerce_action(action)
        except IllegalActionError:
            return False
        return action in self._legal_set  # type: ignore[operator]

    def apply(self, action: Any) -> None:
        """Take ``action`` for the seat to act, then any forced steps that follow.

        ``action`` is an action from :meth:`legal_actions` or a mapping in the
        record's form (``{"seat": 1, "act": "convoy", "cards": [...]}``; a missing
        ``seat`` means the seat to act). Raises :class:`~prohis_nb.errors.WrongSeatError`
        (saying whose decision it is, never that seat's legal actions: they could
        tell what it holds) or :class:`~prohis_nb.errors.IllegalActionError` (whose
        ``allowed`` lists the legal actions) and leaves the game untouched when the
        action is refused.
        """
        # The hot path of every game (a bot or a simulation calls it at each
        # decision): one dict lookup finds the action, no other check is needed.
        lookup = self._legal_set
        if self._legal is None:
            self.legal_actions()
            lookup = self._legal_set
        try:
            # The engine's own instance of the action: an equal action with fields
            # of another type (2.0 for 2, True for 1, a numpy integer) becomes the
            # canonical one, so records and the state only ever hold plain values.
            canonical = lookup.get(action)  # type: ignore[union-attr]
        except TypeError:  # a mapping is not hashable: read it first
            canonical = None
        if canonical is None:
            canonical = self._check_refused(action)
        self._do(canonical)
        self._legal = None
        self._actions.append(canonical)
        # The next decision's legal actions are listed now (a caller will ask for
        # them anyway): only a single one can make it a forced step.
        if len(self.legal_actions()) == 1:
            forced = self._take_forced_steps()
            if forced:
                self._forced[len(self._actions) - 1] = forced

    def _check_refused(self, action: Any) -> Any:
        """The slow path of ``apply``: read the action, and raise if it is refused.

        Returns the action in its canonical form when it turns out to be legal
        (a mapping, or a bribe whose cards were listed in another order).
        """
        if isinstance(action, Mapping) and "seat" not in action and self.to_act is not None:
            action = {**action, "seat": self.to_act}
        action = self._coerce_action(action)
        if self.ended:
            raise IllegalActionError(
                f"the game has ended: no action is allowed (got {excerpt(action.act)} from seat "
                f"{excerpt(action.seat)})"
            )
        legal = self.legal_actions()
        if action in self._legal_set:  # type: ignore[operator]
            return self._legal_set[action]  # type: ignore[index]
        if action.seat != self.to_act:
            at_table = isinstance(action.seat, int) and 0 <= action.seat < self.players
            who = (
                f"seat {action.seat} may not act now"
                if at_table
                else f"there is no seat {excerpt(action.seat)} at this table (seats 0 to "
                f"{self.players - 1})"
            )
            # Never the other seat's legal actions: they would tell the wrong seat
            # what that seat holds (a controller card, a hand's kinds).
            raise WrongSeatError(
                f"{who}: it is seat {self.to_act}'s decision ({self.decision.text})",  # type: ignore[union-attr]
            )
        raise IllegalActionError(self._explain_illegal(action), allowed=legal)

    def _take_forced_steps(self) -> Sequence[Any]:
        """Apply every publicly forced decision (one legal action, known to all); return them."""
        legal = self.legal_actions()
        if len(legal) != 1 or not self._forced_is_public():
            return ()  # nothing forced (the usual case): a shared empty tuple
        forced: list[Any] = []
        while len(legal) == 1 and self._forced_is_public():
            # (several choices, or none once the game is over, end the run; a step
            # forced by hidden cards only is the seat's to take: it is asked)
            self._do(legal[0])
            self._legal = None
            forced.append(legal[0])
            legal = self.legal_actions()
        return forced

    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions taken so far, as a record holds them (publicly forced steps left out)."""
        return tuple(self._actions)

    @property
    def forced_steps_taken(self) -> int:
        """How many forced steps the engine took after actions so far (the deal's left out)."""
        return sum(map(len, self._forced.values()))

    def forced_after(self, index: int) -> tuple[Any, ...]:
        """The forced steps the engine took after action ``index`` (-1: before any)."""
        if index == -1:
            return tuple(self._initial_forced)
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"an action's index is a whole number, got {excerpt(index)}")
        if not 0 <= index < len(self._actions):
            raise IndexError(
                f"no action {index}: {len(self._actions)} taken, indices -1 (before any) to "
                f"{len(self._actions) - 1}"
            )
        return tuple(self._forced.get(index, ()))

    def undo(self) -> Any:
        """Take back the last action (and the forced steps that followed it); return it.

        This is the **analyst's undo**: exact and deterministic. The game is
        rebuilt from its setup by replaying the remaining actions (a few
        milliseconds for a whole game), so the pile, the packs and every hidden
        card are exactly as they were: a card drawn and taken back is on top
        again. That is what an analyst exploring "what if" wants, and what a
        learner must not be given (look at the card, take the move back, choose
        again). Widgets use :meth:`undo_for`, which refuses a move that showed
        the seat something. Raises ``IllegalActionError`` if no action has been
        taken.
        """
        if not self._actions:
            raise IllegalActionError("nothing to undo: no action has been taken yet")
        last = self._actions[-1]
        rebuilt = self._fresh()
        for action in self._actions[:-1]:
            rebuilt.apply(action)
        self._become(rebuilt)
        return last

    def _become(self, other: GameBase) -> None:
        """Take the whole state of ``other`` (a game of the same kind), through its state value."""
        self.__setstate__(other.__getstate__())

    # The learner's undo (docs/teaching.md, "Taking a move back"): refused past any
    # step that showed the seat something, as Board Game Arena does ("this move
    # cannot be undone: it revealed hidden information"). Not a re-deal: a re-deal
    # would rewrite a record the learner already saw part of.

    def can_undo_for(self, seat: int) -> str | None:
        """Why ``seat`` may not take its last move back now, in plain words; ``None`` if it may.

        A seat may take back its own move only while nothing has followed it
        that told the seat something: the move must be the game's last action
        (no other seat has decided since: another seat's choice depends on cards
        this seat cannot see), and neither the move nor the steps the engine
        took after it may have shown the seat a card or a fact it did not know
        (a card drawn from the pile, a row card turned up, a convoy card turned
        over, a hand looked at or searched...). Each game says which of its
        events show something (:meth:`_event_shows`). Once the game is over
        nothing may be taken back: the result showed everyone how it went, and
        a class's records must count first answers, not hindsight.

        The answer depends only on what ``seat`` may know: who moved last, and
        which kinds of events followed (public), never on the hidden cards
        themselves. Two games that differ only in cards the seat may not see
        give the same answer, in the same words.
        """
        self.check_seat(seat)
        actions = self._actions
        if not any(action.seat == seat for action in actions):
            return "you have made no move to take back"
        if self.ended:  # the result showed every seat how it went (attack-24 F17)
            return (
                "the game is over: its result showed you how it went, so no move can be taken back"
            )
        last = actions[-1]
        if last.seat != seat:
            return (
                f"seat {last.seat} has decided since your last move, and a move can be taken "
                "back only before anyone else decides"
            )
        for event in self._events_of_last_action():
            shown = self._event_shows(event, seat)
            if shown:
                return f"this move cannot be undone: it showed you {shown}"
        return None

    def undo_for(self, seat: int) -> Any:
        """Take back ``seat``'s last move, if :meth:`can_undo_for` allows it; return the move.

        The learner-safe undo of the widgets: nothing that followed the move
        told the seat anything, so taking it back and choosing again gives the
        seat no advantage. Raises ``IllegalActionError`` saying why (and changes
        nothing) when the move may not be taken back.
        """
        reason = self.can_undo_for(seat)
        if reason is not None:
            raise IllegalActionError(f"seat {seat} cannot take its move back: {reason}")
        return self.undo()

    def _event_shows(self, event: Event, seat: int) -> str | None:
        """What ``event`` showed ``seat`` that it could not know before (a few words), or None.

        Games answer from the event's kind and public fields only (the card
        drawn is never read, only that a card was drawn), so that whether a
        move may be taken back tells nothing hidden. This default answers for
        every event that it showed something: an undo is then always refused,
        which is safe.
        """
        return "what happened"

    def _all_events(self) -> Sequence[Event]:
        """Every event so far (a game that keeps its log only on demand builds it first)."""
        return self._events

    def _events_of_last_action(self) -> Sequence[Event]:
        """The events of the last action and of the forced steps the engine took after it.

        Found by replaying the game without its last action and counting that
        game's events (kept until the game moves on: the Undo button asks at
        every redraw).
        """
        key = tuple(self._actions)
        cached = self.__dict__.get("_undo_events")
        if cached is not None and cached[0] == key:
            return cached[1]
        before = self._fresh()
        for action in self._actions[:-1]:
            before.apply(action)
        events = list(self._all_events()[len(before._all_events()) :])
        self.__dict__["_undo_events"] = (key, events)
        return events

    def copy(self) -> Self:
        """An independent copy of this game (cheap: its state value and its history)."""
        other = object.__new__(type(self))
        other.__setstate__(self.__getstate__())
        other._log_cache = dict(self._log_cache)  # (the lines are tuples: shared, not copied)
        other._legal = self._legal
        other._legal_set = self._legal_set
        return other

    def check_seat(self, seat: int) -> int:
        """Return ``seat`` if it is at this table, else raise ``UnknownSeatError``."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise UnknownSeatError(
                f"there is no seat {excerpt(seat)} at this table: seats are 0 to {self.players - 1}"
            )
        return seat

    def log(self, seat: int | None) -> list[str]:
        """What happened so far, phrased for ``seat`` (``None``: the teacher, who sees all).

        A seat's log says only what that seat may know: "You drew an illegal
        card from the pile." for the drawer, "Seat 2 drew a card from the pile."
        for everyone else.
        """
        if seat is not None:
            self.check_seat(seat)
        return list(self._log_lines(seat))

    def _log_lines(self, seat: int | None) -> tuple[str, ...]:
        """``seat``'s log as a tuple, phrased incrementally and kept (no check of ``seat``).

        Events are only ever appended (``undo`` and the chronicle's replay
        rebuild the game, cache included), so each observer's lines are phrased
        once and kept, together with how many events they cover. The lines are
        an immutable tuple: a view takes it as it is, and ``copy`` shares it, so
        a bot that looks at its view at every step pays no copy of the log when
        nothing new has happened, and one concatenation when something has.
        """
        events = self._events
        cached = self._log_cache.get(seat)
        if cached is not None and cached[0] == len(events):
            return cached[1]
        done, lines = cached if cached is not None else (0, ())
        new = []
        for event in events[done:]:
            line = self.describe_event(event, seat)
            if line:
                new.append(line)
        if new:
            lines = (*lines, *new)
        self._log_cache[seat] = (len(events), lines)
        return lines

    def winners(self) -> list[int]:
        """The seats with the highest score (several when they tie: a shared win)."""
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def record(self) -> Record:
        """This game as a :class:`~prohis_nb.core.record.Record` (PGN for prohis_nb)."""
        from prohis_nb.core.record import Record

        return Record(
            format=self.record_format,
            game=self.game_name,
            rules=self.rules.to_json(),
            setup=dict(self.setup),
            actions=[action.to_json() for action in self._actions],
        )
