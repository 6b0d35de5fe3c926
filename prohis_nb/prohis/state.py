"""The Prohis position as one value: what copies, pickles, undo and ``determinize`` move.

A game of Prohis is a *position* (where every card is, whose decision it is,
the convoy being resolved) and a *history* (the actions taken and what
happened). :class:`ProhisState` is the position, frozen: a
:class:`~prohis_nb.prohis.game.ProhisGame` gives its own with ``state()`` and
is rebuilt from one with ``ProhisGame.from_state``, in the manner of
python-chess's ``_BoardState``. Nothing outside the game class sets the
game's attributes: everything that moves a whole game (a copy, pickling,
undo, a table drawn by :mod:`~prohis_nb.prohis.determinize`, the OpenSpiel
adapter) goes through this value.

Cards of one kind are interchangeable, so hands and warehouses are counts by
kind (in the order of :data:`~prohis_nb.prohis.cards.KINDS`); the pile and
the convoy are kind indices, the pile's top card last.

:class:`ProhisTable` lists what the views (:mod:`~prohis_nb.prohis.views`)
and the refusals (:mod:`~prohis_nb.prohis.explain`) read of a game, so that
they need not import the game module (the game imports them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prohis_nb.core.game import Decision
    from prohis_nb.prohis.actions import Action
    from prohis_nb.prohis.rules import ProhisRules

Counts = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ProhisState:
    """Everything the rules need to play on from one moment (the position, not its history)."""

    hands: tuple[Counts, ...]  #: each seat's hand, counts by kind
    warehouses: tuple[Counts, ...]  #: each seat's warehouse, counts by kind
    row: tuple[int | None, ...]  #: the 4 face-up slots (kind index, or None once empty)
    pile: tuple[int, ...]  #: the draw pile, kind indices, top card last
    active: int  #: the seat whose turn it is (the smuggler during a convoy)
    phase: str  #: the decision pending (prohis.game's phases: turn, control... or over)
    to_act: int | None  #: the seat that decides now
    first_pick: str | None  #: during a draw: "row" or "pile"
    convoy: tuple[int, ...]  #: the convoy being resolved, kind indices in order
    convoy_cards: tuple[str, ...]  #: the same as kind names (the convoy action's cards)
    turned: tuple[bool, ...]  #: which convoy positions are face up
    turns_done: int  #: cards turned in this inspection
    turn_limit: int  #: the most it may turn (the played card's rank, or fewer cards)
    control_queue: tuple[int, ...]  #: the opponents asked to control, in order
    control_pos: int  #: how many of them have answered
    controls: tuple[tuple[int, int], ...]  #: (seat, kind) of the controller cards played
    controller: int | None  #: the seat that won the control
    controller_card: int | None  #: the kind it played
    bribe: Counts | None  #: a bribe on the table, counts by kind
    offers: int  #: bribes offered for this convoy
    rejected: tuple[Counts, ...]  #: the offers rejected, in order
    final_round: bool  #: the final round has begun
    final_queue: tuple[int, ...]  #: the seats still to play in it, in order
    passes: int  #: passes in a row
    out: tuple[bool, ...]  #: who is out (the pass_is_final variant)
    over: bool  #: the game has ended
    #: What everyone knows is in each hand (lower bounds, counts by kind): the
    #: engine takes a forced step only when everyone can tell it is forced.
    public_hands: tuple[Counts, ...]
    #: Those bounds on the smuggler's hand before a pending bribe left it (a
    #: rejection makes them true again); None without a bribe on the table.
    public_before_offer: Counts | None


class ProhisTable(Protocol):
    """What the views and the refusals read of a Prohis game (a :class:`ProhisGame`)."""

    players: int
    rules: ProhisRules
    hands: list[list[int]]
    warehouses: list[list[int]]
    row: list[int | None]
    pile: list[int]
    active: int
    phase: str
    first_pick: str | None
    convoy: list[int]
    turned: list[bool]
    turns_done: int
    turn_limit: int
    controls: list[tuple[int, int]]
    controller: int | None
    controller_card: int | None
    bribe: list[int] | None
    offers: int
    rejected: list[tuple[int, ...]]
    final_round: bool
    final_queue: list[int]
    passes: int
    out: list[bool]
    over: bool

    @property
    def ended(self) -> bool: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def decision(self) -> Decision | None: ...

    @property
    def smuggler(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]: ...
