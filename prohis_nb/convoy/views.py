"""What one seat may see of the convoy stage game, and the teacher's view of everything.

Every field of a :class:`SeatView` comes from
:func:`~prohis_nb.convoy.knowledge.knowledge`, the one model of what a seat
knows (docs/convoy-rules.md, "Who knows what"): the smuggler sees its hand
and its convoy, the controller the convoy's size and the bribe, both every
answer and every card turned, and everyone the final scores. An onlooker's
view (``game.public_view()``, what a notebook shows for the game) holds only
what both seats see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from prohis_nb.convoy.knowledge import knowledge
from prohis_nb.core.game import Decision
from prohis_nb.core.stage_views import (
    StageSeatView,
    StageTableView,
    seat_view_fields,
    table_view_fields,
)

ROLES = ("smuggler", "controller")


@dataclass(frozen=True)
class SeatView(StageSeatView):
    """One seat's view (``seat`` is -1 for an onlooker); ``None`` marks what it does not know."""

    seat: int
    players: int
    rules: dict
    ended: bool
    to_act: int | None
    decision: Decision | None
    #: The controller card played (public, face up) and the convoy's size (public).
    card: str
    size: int
    #: The smuggler's hand and whether it is dirty: the smuggler's own only.
    hand: tuple[str, ...] | None
    dirty: bool | None
    #: The convoy's cards: the smuggler's own; the controller's once it confiscated them.
    convoy: tuple[str, ...] | None
    #: Each face-down place: the card once turned, else None (empty before the convoy).
    face_down: tuple[str | None, ...]
    #: Whether a bribe was offered, and its cards (both seats see them; an onlooker not).
    offered: bool | None
    bribe: tuple[str, ...] | None
    answer: str | None
    ending: str | None
    legal_actions: tuple
    log: tuple[str, ...]
    #: Every seat's final score and the winners, announced at the end (None before).
    final_scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None

    game = "convoy"
    roles = ROLES  # role: "smuggler", "controller" or "onlooker"
    heading = "One convoy"


@dataclass(frozen=True)
class TableView(StageTableView):
    """The teacher's view: the hand, the convoy, its face-down order. Never give it to a bot."""

    players: int
    rules: dict
    ended: bool
    to_act: int | None
    decision: Decision | None
    card: str
    size: int
    hand: tuple[str, ...]
    dirty: bool
    convoy: tuple[str, ...] | None
    face_down: tuple[str, ...] | None
    turned: tuple[str, ...]
    bribe: tuple[str, ...] | None
    answer: str | None
    ending: str | None
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    legal_actions: tuple
    log: tuple[str, ...]

    game = "convoy"
    heading = "One convoy"


def seat_view(game: Any, seat: int) -> SeatView:
    """``seat``'s view of ``game`` (0 smuggler, 1 controller, ``PUBLIC`` an onlooker).

    ``game`` is a :class:`~prohis_nb.convoy.game.ConvoyStageGame` (not imported
    here: the game imports its views).
    """
    known = knowledge(game._events, seat)
    return SeatView(
        **seat_view_fields(game, seat, final_scores=known.scores),
        card=game.rules.card,
        size=game.rules.size,
        hand=known.hand,
        dirty=known.dirty,
        convoy=known.convoy,
        face_down=known.face_down,
        offered=known.offered,
        bribe=known.bribe,
        answer=known.answer,
        ending=known.ending,
    )


def table_view(game: Any) -> TableView:
    """Everything about ``game``, for the teacher."""
    convoy = game.convoy
    return TableView(
        **table_view_fields(game),
        card=game.rules.card,
        size=game.rules.size,
        hand=game.hand,
        dirty=game.dirty,
        convoy=convoy,
        face_down=None if convoy is None else tuple(convoy[i] for i in game.order),
        turned=game.turned,
        bribe=game.bribe,
        answer=game.answer,
        ending=game.ending,
    )


__all__ = ["SeatView", "TableView", "seat_view", "table_view"]
