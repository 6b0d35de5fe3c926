"""What one seat may see of the customs stage game, and the teacher's view of everything.

Every field of a :class:`SeatView` comes from
:func:`~prohis_nb.customs.knowledge.knowledge` (docs/customs-rules.md, "Who
knows what"). The view's ``rules`` carry the board, so a renderer or a bot
reads duties and fines from the view alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from prohis_nb.core.game import Decision
from prohis_nb.core.stage_views import (
    StageSeatView,
    StageTableView,
    seat_view_fields,
    table_view_fields,
)
from prohis_nb.customs.knowledge import knowledge

ROLES = ("officer", "declarer")


@dataclass(frozen=True)
class SeatView(StageSeatView):
    """One seat's view (``seat`` is -1 for an onlooker); ``None`` marks what it does not know."""

    seat: int
    players: int
    rules: dict
    ended: bool
    to_act: int | None
    decision: Decision | None
    #: The declarer's 4 cards: its own; everyone's once searched.
    hand: tuple[str, ...] | None
    hand_size: int
    declared: tuple[str, ...] | None
    immunity: bool
    answer: str | None
    shown: tuple[str, ...] | None
    truth: bool | None
    #: Money gained or lost so far by each seat (payments are public).
    money: tuple[int, ...]
    legal_actions: tuple
    log: tuple[str, ...]
    final_scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None

    game = "customs"
    roles = ROLES  # role: "officer", "declarer" or "onlooker"
    heading = "One declaration"
    officer = 0
    holder = 1


@dataclass(frozen=True)
class TableView(StageTableView):
    """The teacher's view: the hand included. Never give it to a bot."""

    players: int
    rules: dict
    ended: bool
    to_act: int | None
    decision: Decision | None
    hand: tuple[str, ...]
    declared: tuple[str, ...] | None
    immunity: bool
    answer: str | None
    truth: bool | None
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    legal_actions: tuple
    log: tuple[str, ...]

    game = "customs"
    heading = "One declaration"


def seat_view(game: Any, seat: int) -> SeatView:
    """``seat``'s view of ``game`` (0 Officer, 1 declarer, ``PUBLIC`` an onlooker).

    ``game`` is a :class:`~prohis_nb.customs.game.CustomsStageGame` (not imported
    here: the game imports its views).
    """
    known = knowledge(game._events, seat)
    return SeatView(
        **seat_view_fields(game, seat, final_scores=known.money),
        hand=known.hand,
        hand_size=4,
        declared=known.declared,
        immunity=known.immunity,
        answer=known.answer,
        shown=known.shown,
        truth=known.truth,
        money=known.money,
    )


def table_view(game: Any) -> TableView:
    """Everything about ``game``, for the teacher."""
    return TableView(
        **table_view_fields(game),
        hand=game.hand,
        declared=game.declared,
        immunity=game.immunity,
        answer=game.answer,
        truth=game.truth,
    )


__all__ = ["SeatView", "TableView", "seat_view", "table_view"]
