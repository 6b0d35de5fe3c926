"""What one seat may see of the customs stage game, and the teacher's view of everything.

Every field of a :class:`SeatView` comes from
:func:`~prohis_nb.customs.knowledge.knowledge` (docs/customs-rules.md, "Who
knows what"). The view's ``rules`` carry the board, so a renderer or a bot
reads duties and fines from the view alone.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from prohis_nb.core.game import Decision
from prohis_nb.core.legal import legal_actions_json
from prohis_nb.core.view_html import decision_json, view_html
from prohis_nb.customs.knowledge import knowledge
from prohis_nb.customs.log import PUBLIC

ROLES = ("officer", "declarer")


@dataclass(frozen=True)
class SeatView:
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
    officer = 0
    holder = 1

    @property
    def role(self) -> str:
        """``"officer"``, ``"declarer"`` or ``"onlooker"``."""
        return ROLES[self.seat] if self.seat in (0, 1) else "onlooker"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["decision"] = decision_json(self.decision)
        data["legal_actions"] = legal_actions_json(self.legal_actions)
        return {"game": self.game, "role": self.role, **data}

    def _repr_html_(self) -> str:
        title = "Onlooker's view" if self.seat == PUBLIC else f"Seat {self.seat}'s view"
        return view_html(self.to_json(), f"One declaration · {title}: only what it may know")


@dataclass(frozen=True)
class TableView:
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
    omniscient = True

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["decision"] = decision_json(self.decision)
        data["legal_actions"] = legal_actions_json(self.legal_actions)
        return {"game": self.game, **data}

    def _repr_html_(self) -> str:
        return view_html(self.to_json(), "One declaration · Teacher's view (every card)")


def seat_view(game: Any, seat: int) -> SeatView:
    """``seat``'s view of ``game`` (0 Officer, 1 declarer, ``PUBLIC`` an onlooker).

    ``game`` is a :class:`~prohis_nb.customs.game.CustomsStageGame` (not imported
    here: the game imports its views).
    """
    known = knowledge(game._events, seat)
    ended = game.ended
    return SeatView(
        seat=seat,
        players=2,
        rules=game.rules.to_json(),
        ended=ended,
        to_act=game.to_act,
        decision=game.decision,
        hand=known.hand,
        hand_size=4,
        declared=known.declared,
        immunity=known.immunity,
        answer=known.answer,
        shown=known.shown,
        truth=known.truth,
        money=known.money,
        legal_actions=tuple(game.legal_actions()) if seat == game.to_act else (),
        log=game._log_lines(seat),
        final_scores=known.money if ended else None,
        winners=tuple(game.winners()) if ended else None,
    )


def table_view(game: Any) -> TableView:
    """Everything about ``game``, for the teacher."""
    return TableView(
        players=2,
        rules=game.rules.to_json(),
        ended=game.ended,
        to_act=game.to_act,
        decision=game.decision,
        hand=game.hand,
        declared=game.declared,
        immunity=game.immunity,
        answer=game.answer,
        truth=game.truth,
        scores=tuple(game.scores()),
        winners=tuple(game.winners()),
        legal_actions=tuple(game.legal_actions()),
        log=game._log_lines(None),
    )


__all__ = ["SeatView", "TableView", "seat_view", "table_view"]
