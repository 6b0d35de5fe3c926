"""What the stage games share: one decision or two, two seats, a deal from a seed or a table.

A *stage game* is one small piece of a full game, played on its own in a
30-second classroom round: one convoy of Prohis (:mod:`prohis_nb.convoy`),
one declaration of Smuggle (:mod:`prohis_nb.customs`). Each is a
:class:`~prohis_nb.core.game.GameBase` like the full games, and they are built
alike, so the plumbing lives here once and a stage game's module holds only
its rules:

* **its decisions**, in :attr:`StageGame.decisions`: for each ``phase``, the
  seat that decides and the decision in words. ``to_act``, ``decision`` and
  ``ended`` (the phase ``"ended"``) are read from it;
* **its deal**, in :meth:`StageGame._deal` (chance, from a seeded generator)
  or :meth:`StageGame._stack` (a stacked table, every hidden card given by
  hand), then **its start**, in :meth:`StageGame._begin` (the state before
  the first decision, and the first events);
* **its rules** proper: the legal actions (``_compute_legal``), what an action
  does (``_do``), why an action is refused (``_explain_illegal``) and
  **its payoffs** (``scores``).

This module does the rest, the same for every stage game: reading the rules
(a value, its JSON, or ``players=`` and keyword variants, each refused by name
when unknown), the seed or the stacked table (never both), a fresh deal when
neither is given, reading an action (typed text, an action, or a mapping in
the record's form), ``_fresh`` (what ``undo``, ``undo_for`` and
``can_undo_for`` replay from), the views and the log (through the game's own
view and log functions), and a ``repr`` that never shows the seed of a game
still in progress (it deals every hidden card: docs/teaching.md).

Records, copies and undo are :class:`~prohis_nb.core.game.GameBase`'s: a stage
game's state is its plain attributes, so the default state value serves.
Standard library only, like the whole engine.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from prohis_nb.core.game import Decision, Event, GameBase
from prohis_nb.core.limits import game_seed
from prohis_nb.errors import MalformedActionError, RecordError, RulesError, excerpt

#: The observer that is neither seat: an onlooker, who knows only what both seats see.
PUBLIC = -1
#: The phase of a stage game that is over.
ENDED = "ended"


class StageGame(GameBase):
    """A two-seat stage game: the shared plumbing (see the module docstring).

    A subclass sets the class attributes below (and ``game_name``,
    ``record_format``, ``rules_type``, ``action_from_text`` of
    :class:`~prohis_nb.core.game.GameBase`) and implements the deal, the start
    and the rules. Users call only the public methods of ``GameBase`` and the
    views.
    """

    #: Each decision of the game, by phase: ``(the seat that takes it, the decision in words)``.
    decisions: ClassVar[Mapping[str, tuple[int, str]]]
    #: The keyword variants ``Game(**variants)`` accepts (anything else is refused by name).
    variant_names: ClassVar[tuple[str, ...]]
    #: The game's action class (it has ``checked`` and ``from_json``).
    action_type: ClassVar[Any]
    # The game's functions, each set with ``staticmethod`` (typed ``Any``, as
    # ``action_from_text``: the type checker would read a callable as a method):
    #: ``parse_action(text)``: an action typed as text, or ``MalformedActionError``.
    parse_action: ClassVar[Any]
    #: ``seat_view(game, seat)`` (its ``views`` module): what ``seat``, or
    #: :data:`PUBLIC`, may know; ``table_view(game)``: the teacher's view of everything.
    seat_view: ClassVar[Any]
    table_view: ClassVar[Any]
    #: ``describe(event, observer)`` (its ``log`` module): one event in words for ``observer``.
    describe: ClassVar[Any]

    #: The current phase: a key of :attr:`decisions`, or ``"ended"``.
    phase: str

    def __init__(
        self,
        rules: Any = None,
        *,
        seed: int | None = None,
        table: Mapping[str, Any] | None = None,
        players: int | None = None,
        **variants: Any,
    ) -> None:
        """A new game from its rules and a seed or a stacked table (see the subclass)."""
        rules = self._read_rules(rules, players, variants)
        if seed is not None and table is not None:
            raise RecordError("a game starts from a seed or from a stacked table, not both")
        self.rules = rules
        self.players = 2
        if table is None:
            seed = game_seed(seed)  # none given: a fresh one, from all 2**63
            self.setup: dict[str, Any] = {"seed": seed}
            self._deal(random.Random(seed))
        else:
            self.setup = self._stack(table)
        self._events: list[Event] = []
        self._begin()
        self._start()

    def _read_rules(self, rules: Any, players: int | None, variants: Mapping[str, Any]) -> Any:
        """The rules from what the caller gave: a value, its JSON, or players= and variants."""
        rules_type = self.rules_type
        if rules is None:
            unknown = sorted(set(variants) - set(self.variant_names))
            if unknown:
                raise RulesError(
                    f"unknown {self.game_name} variant(s) {excerpt(unknown)}; "
                    f"allowed: {list(self.variant_names)}"
                )
            rules = rules_type(players=2 if players is None else players, **variants)
        elif isinstance(rules, Mapping):
            rules = rules_type.from_json(rules)
        elif players is not None or variants:
            raise RulesError("give either a rules value or players=/variants, not both")
        if not isinstance(rules, rules_type):
            raise RecordError(f"rules must be {rules_type.__name__}, got {excerpt(rules)}")
        return rules

    # ------------------------------------------------------------ the game's part

    @abstractmethod
    def _deal(self, rng: random.Random) -> None:
        """Deal the hidden cards with ``rng``, a generator seeded with the setup's seed."""

    @abstractmethod
    def _stack(self, table: Any) -> dict[str, Any]:
        """Check a stacked table and deal it; return the record's ``setup`` for it."""

    @abstractmethod
    def _begin(self) -> None:
        """Set the state before the first decision (its phase) and append the deal's events."""

    def _check_act(self, action: Any) -> Any:
        """``action``, or ``MalformedActionError`` if its act is not one of this game's.

        Called on every action read from the caller; this default accepts
        whatever the action class accepted.
        """
        return action

    # ------------------------------------------------------------ shared plumbing

    def _coerce_action(self, action: Any) -> Any:
        """Typed text, an action of the game, or a mapping in the record's form: an action."""
        action_type = self.action_type
        if isinstance(action, str):
            action = self.parse_action(action)
        elif isinstance(action, action_type):
            action = action_type.checked(action)
        elif isinstance(action, tuple):
            raise MalformedActionError(
                f"an action is a {self.game_name} Action or a mapping, got {excerpt(action)}"
            )
        else:
            action = action_type.from_json(action)
        return self._check_act(action)

    def _fresh(self) -> StageGame:
        """The same deal before any action: from the seed, or the stacked table again."""
        if "seed" in self.setup:
            return type(self)(self.rules, seed=self.setup["seed"])
        return type(self)(self.rules, table=self.setup)

    @property
    def ended(self) -> bool:
        """True once the game is over."""
        return self.phase == ENDED

    @property
    def to_act(self) -> int | None:
        """The seat that decides now (``None`` once the game is over)."""
        decision = self.decisions.get(self.phase)
        return None if decision is None else decision[0]

    @property
    def decision(self) -> Decision | None:
        """The decision to take now, with its words (``None`` once the game is over)."""
        decision = self.decisions.get(self.phase)
        if decision is None:
            return None
        seat, text = decision
        return Decision(seat, self.phase, text)

    def describe_event(self, event: Event, observer: int | None) -> str:
        """One event in words for ``observer``, by the game's log."""
        return type(self).describe(event, observer)

    def view(self, seat: int) -> Any:
        """What ``seat`` may know now: a frozen ``SeatView`` of the game's views module."""
        return type(self).seat_view(self, self.check_seat(seat))

    def public_view(self) -> Any:
        """What an onlooker may know: only what both seats see."""
        return type(self).seat_view(self, PUBLIC)

    def omniscient_view(self) -> Any:
        """Everything, every hidden card included: for teachers (never give it to a bot)."""
        return type(self).table_view(self)

    def _repr_html_(self) -> str:
        """The public table (what both seats see): never a hidden card."""
        return str(self.public_view()._repr_html_())

    def __repr__(self) -> str:
        state = "over" if self.ended else f"{self.phase}, seat {self.to_act} to act"
        # The seed deals every hidden card: shown once the game is over (docs/teaching.md).
        if "seed" not in self.setup:
            setup = "stacked"
        elif self.ended:
            setup = f"seed {self.setup['seed']}"
        else:
            setup = "a seed (shown once the game is over)"
        return f"<{type(self).__name__} {state}, dealt from {setup}>"


__all__ = ["ENDED", "PUBLIC", "StageGame"]
