"""The rules of one Smuggle game as a frozen, validated value.

``SmuggleRules`` holds the player count and the board (duties, fines, money).
It is written into a record as ``{"players": N, "variants": {...}}``; the only
variant is ``board`` (the board's JSON), written only when it differs from the
default board.

>>> SmuggleRules(players=4).to_json()
{'players': 4, 'variants': {}}
>>> SmuggleRules(players=3).total_money()
6000
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from prohis_nb.core.rules_json import read_variants
from prohis_nb.errors import RulesError, excerpt
from prohis_nb.smuggle.board import Board

MIN_PLAYERS = 3
MAX_PLAYERS = 6
_DEFAULT_BOARD = Board()


@dataclass(frozen=True)
class SmuggleRules:
    """Player count (3-6) and board of a Smuggle game."""

    players: int = 4
    board: Board = field(default_factory=Board)

    def __post_init__(self) -> None:
        p = self.players
        if isinstance(p, bool) or not isinstance(p, int) or not MIN_PLAYERS <= p <= MAX_PLAYERS:
            raise RulesError(
                f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, got "
                f"{excerpt(p)}"
            )
        if isinstance(self.board, Mapping):  # a board's JSON (its record form)
            object.__setattr__(self, "board", Board.from_json(self.board))
        if not isinstance(self.board, Board):
            raise RulesError(
                f"board must be a Board or its JSON (an object), got {excerpt(self.board)}"
            )

    def __reduce__(self) -> tuple:
        """Pickled as its record form (a board holds read-only mappings, which do not pickle)."""
        return (SmuggleRules.from_json, (self.to_json(),))

    def total_money(self) -> int:
        """All the money in the game: players x starting money.

        The bank divides this total evenly; with a per-player starting amount
        there is never a remainder, so no money is out of the game.
        """
        return self.players * self.board.start_money

    def starting_money(self) -> tuple[int, ...]:
        """Each seat's share of ``total_money()`` (equal shares, remainder out of the game)."""
        share = self.total_money() // self.players
        return (share,) * self.players

    def variants(self) -> dict:
        """The settings that differ from the defaults, by record name."""
        # Whether the board is the default is kept (speed: every seat view
        # writes the rules as JSON); the dict itself is new at every call.
        try:
            default = self.__dict__["_default_board"]
        except KeyError:
            default = self.board == _DEFAULT_BOARD
            object.__setattr__(self, "_default_board", default)
        return {} if default else {"board": self.board.to_json()}

    def to_json(self) -> dict:
        """``{"players": N, "variants": {...}}`` as written into a record."""
        return {"players": self.players, "variants": self.variants()}

    @classmethod
    def from_json(cls, data: Any) -> SmuggleRules:
        """Read a record's ``rules`` object; raises ``RulesError`` saying what is wrong."""
        variants = read_variants(data, " (a Smuggle board goes in variants.board)")
        extra = set(variants) - {"board"}
        if extra:
            raise RulesError(
                f"unknown Smuggle variant(s) {excerpt(sorted(map(str, extra)))}; allowed: ['board']"
            )
        board = Board.from_json(variants["board"]) if "board" in variants else Board()
        return cls(players=data["players"], board=board)
