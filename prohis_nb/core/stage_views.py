"""What the stage games' views share: the fields every view has, JSON and HTML.

A stage game (:mod:`prohis_nb.core.stage`) has two kinds of view, each a
frozen dataclass of its ``views`` module:

* a **seat's view** (``game.view(seat)``, or an onlooker's,
  ``game.public_view()``), every field read from the game's one model of what
  that seat knows (its ``knowledge`` module), ``None`` marking what it does
  not know;
* the **teacher's view** (``game.omniscient_view()``): every hidden card.

Each game's dataclass lists its own fields in its own order (a view's JSON
keeps that order); the fields every stage game has are filled by
:func:`seat_view_fields` and :func:`table_view_fields`, and the behaviour (the
seat's role, ``to_json``, the plain HTML table a notebook shows) comes from
:class:`StageSeatView` and :class:`StageTableView`, which the dataclasses
derive from.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, ClassVar

from prohis_nb.core.legal import legal_actions_json
from prohis_nb.core.stage import PUBLIC
from prohis_nb.core.view_html import decision_json, view_html


def _view_json(view: Any) -> dict[str, Any]:
    """A view dataclass as plain JSON data: its decision and legal actions written out."""
    data = asdict(view)
    data["decision"] = decision_json(view.decision)
    data["legal_actions"] = legal_actions_json(view.legal_actions)
    return data


class StageSeatView:
    """Base of a stage game's seat view (a frozen dataclass): its role, JSON and HTML."""

    #: The game's name, and the seats' roles (seat 0 first).
    game: ClassVar[str]
    roles: ClassVar[tuple[str, ...]]
    #: The view's heading in a notebook ("One convoy").
    heading: ClassVar[str]

    seat: int

    @property
    def role(self) -> str:
        """The seat's role (``roles[seat]``), or ``"onlooker"``."""
        return self.roles[self.seat] if self.seat in (0, 1) else "onlooker"

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (what ``prohis-nb replay --seat`` prints, what a renderer draws)."""
        return {"game": self.game, "role": self.role, **_view_json(self)}

    def _repr_html_(self) -> str:
        title = "Onlooker's view" if self.seat == PUBLIC else f"Seat {self.seat}'s view"
        return view_html(self.to_json(), f"{self.heading} · {title}: only what it may know")


class StageTableView:
    """Base of a stage game's teacher's view (a frozen dataclass): JSON and HTML."""

    game: ClassVar[str]
    heading: ClassVar[str]
    #: Marks the view that holds every hidden card.
    omniscient: ClassVar[bool] = True

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, every hidden card included."""
        return {"game": self.game, **_view_json(self)}

    def _repr_html_(self) -> str:
        return view_html(self.to_json(), f"{self.heading} · Teacher's view (every card)")


def one_seats_view(view: Any, seat_view_type: type, reader: str) -> Any:
    """``view`` if it is one seat's view (of ``seat_view_type``), else a ``TypeError``.

    For what may read a seat's view only (a coach, a bot): ``reader`` names it
    in the refusal ("the convoy coach"), which says what was given instead.
    """
    if isinstance(view, StageTableView):
        raise TypeError(f"{reader} reads one seat's view (game.view(seat)), not the teacher's view")
    if not isinstance(view, seat_view_type) or getattr(view, "seat", None) not in (0, 1):
        raise TypeError(
            f"{reader} reads one seat's view (game.view(seat)), not {type(view).__name__}"
        )
    return view


def seat_view_fields(game: Any, seat: int, final_scores: tuple[int, ...] | None) -> dict[str, Any]:
    """The fields every stage game's seat view has, for ``seat`` (or ``PUBLIC``).

    The legal actions are the seat's only when it is to act; ``final_scores``
    (what the seat knows of them) and the winners are announced once the game
    is over, ``None`` before.
    """
    ended = game.ended
    return {
        "seat": seat,
        "players": 2,
        "rules": game.rules.to_json(),
        "ended": ended,
        "to_act": game.to_act,
        "decision": game.decision,
        "legal_actions": tuple(game.legal_actions()) if seat == game.to_act else (),
        "log": game._log_lines(seat),
        "final_scores": final_scores if ended else None,
        "winners": tuple(game.winners()) if ended else None,
    }


def table_view_fields(game: Any) -> dict[str, Any]:
    """The fields every stage game's teacher's view has (the scores as they stand)."""
    return {
        "players": 2,
        "rules": game.rules.to_json(),
        "ended": game.ended,
        "to_act": game.to_act,
        "decision": game.decision,
        "scores": tuple(game.scores()),
        "winners": tuple(game.winners()),
        "legal_actions": tuple(game.legal_actions()),
        "log": game._log_lines(None),
    }


__all__ = [
    "StageSeatView",
    "StageTableView",
    "one_seats_view",
    "seat_view_fields",
    "table_view_fields",
]
