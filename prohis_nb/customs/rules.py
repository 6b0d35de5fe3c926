"""The rules of one declaration (the "customs" stage game) as a frozen, validated value.

Two players, always: the Customs Officer (seat 0) and the player who draws a
fresh hand and declares it (seat 1), as in Smuggle's first round. The board
(duties, fines, the $200 compensation, the immunity fine) is Smuggle's
:class:`~prohis_nb.smuggle.board.Board`, and a record writes it as Smuggle
does: ``{"players": 2, "variants": {}}``, or ``{"board": {...}}`` for a board
that differs from the default.

>>> CustomsRules().to_json()
{'players': 2, 'variants': {}}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from prohis_nb.core.rules_json import read_variants
from prohis_nb.errors import RulesError, excerpt
from prohis_nb.smuggle.board import Board

#: The two seats.
OFFICER, DECLARER = 0, 1


@dataclass(frozen=True)
class CustomsRules:
    """Two players and the board of one declaration."""

    players: int = 2
    board: Board = field(default_factory=Board)

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players != 2:
            raise RulesError(
                f"the customs stage game has exactly 2 players (an Officer and a declarer), "
                f"got {excerpt(self.players)}"
            )
        if isinstance(self.board, Mapping):  # a board's JSON (its record form)
            object.__setattr__(self, "board", Board.from_json(self.board))
        if not isinstance(self.board, Board):
            raise RulesError(
                f"board must be a Board or its JSON (an object), got {excerpt(self.board)}"
            )

    def variants(self) -> dict[str, Any]:
        """``{}`` for the default board, else ``{"board": its JSON}``."""
        return {} if self.board == Board() else {"board": self.board.to_json()}

    def __deepcopy__(self, memo: dict) -> CustomsRules:
        return self  # frozen: a copy of a game (an OpenSpiel clone) shares its rules

    def to_json(self) -> dict[str, Any]:
        """``{"players": 2, "variants": {...}}`` as written into a record."""
        return {"players": self.players, "variants": self.variants()}

    @classmethod
    def from_json(cls, data: Any) -> CustomsRules:
        """Read a record's ``rules`` object; raises ``RulesError`` saying what is wrong."""
        variants = read_variants(data, " (a board goes in variants.board)")
        extra = sorted(set(map(str, variants)) - {"board"})
        if extra:
            raise RulesError(f"unknown customs variant(s) {excerpt(extra)}; allowed: ['board']")
        board = Board.from_json(variants["board"]) if "board" in variants else Board()
        return cls(players=data["players"], board=board)
