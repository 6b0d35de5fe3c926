"""The Smuggle board: duties, fines and money amounts as a frozen, validated value.

The rulebook fixes only a few values (wine fine $50, cigars fine $100, watch
fine $300, Crown duty $500 and fine $1,000); the rest of the default table is
docs/smuggle-rules.md's assumption: fine = 2 x duty, rising in the board's order.

>>> Board().duty["watch"], Board().fine["watch"]
(150, 300)
>>> Board().hand_fines({"wine": 2, "crown": 1})
1100
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from prohis_nb.core.limits import MAX_AMOUNT
from prohis_nb.errors import RulesError, excerpt

#: The dutiable kinds in the board's order (the Crown last).
DUTIABLE: tuple[str, ...] = (
    "wine",
    "cigars",
    "brandy",
    "perfume",
    "watch",
    "camera",
    "necklace",
    "crown",
)
#: Cards that carry no duty.
LUGGAGE = "luggage"
DIPLOMATIC_BAG = "diplomatic_bag"

#: The 54-card pack, counts by kind.
PACK_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        LUGGAGE: 24,
        DIPLOMATIC_BAG: 1,
        "crown": 1,
        **{kind: 4 for kind in DUTIABLE if kind != "crown"},
    }
)

#: docs/smuggle-rules.md's default duty table; the fine is twice the duty.
DEFAULT_DUTY: Mapping[str, int] = MappingProxyType(
    {
        "wine": 25,
        "cigars": 50,
        "brandy": 75,
        "perfume": 100,
        "watch": 150,
        "camera": 200,
        "necklace": 250,
        "crown": 500,
    }
)
DEFAULT_FINE: Mapping[str, int] = MappingProxyType({k: 2 * v for k, v in DEFAULT_DUTY.items()})


def _table(name: str, values: Mapping[str, int]) -> Mapping[str, int]:
    if (
        not isinstance(values, Mapping)
        or set(map(str, values)) != set(DUTIABLE)
        or len(values) != len(DUTIABLE)
    ):
        raise RulesError(
            f"{name} must give an amount for exactly {list(DUTIABLE)}, got {excerpt(values)}"
        )
    for kind in DUTIABLE:
        _amount(f"{name}[{kind!r}]", values[kind])
    return MappingProxyType({kind: values[kind] for kind in DUTIABLE})


def _amount(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AMOUNT:
        raise RulesError(
            f"{name} must be a whole number of dollars from 0 to {MAX_AMOUNT:,}, "
            f"got {excerpt(value)}"
        )
    return value


@dataclass(frozen=True)
class Board:
    """Duties, fines and the fixed money amounts of one Smuggle game.

    Every amount is a whole number of dollars from 0 to ``MAX_AMOUNT``
    ($1,000,000: money never grows past what a record can hold); a duty or fine table
    must name exactly the eight dutiable kinds (``DUTIABLE``).
    """

    duty: Mapping[str, int] = field(default_factory=lambda: DEFAULT_DUTY)
    fine: Mapping[str, int] = field(default_factory=lambda: DEFAULT_FINE)
    start_money: int = 2000
    compensation: int = 200
    informer_reward: int = 100
    immunity_fine: int = 200

    def __post_init__(self) -> None:
        object.__setattr__(self, "duty", _table("duty", self.duty))
        object.__setattr__(self, "fine", _table("fine", self.fine))
        for name in ("start_money", "compensation", "informer_reward", "immunity_fine"):
            _amount(name, getattr(self, name))

    def __hash__(self) -> int:
        return hash(self._key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._key() == other._key()

    def _key(self) -> tuple:
        # Built once: every view compares its board with the default (speed).
        try:
            return self.__dict__["_cached_key"]
        except KeyError:
            key = (
                tuple(self.duty.items()),
                tuple(self.fine.items()),
                self.start_money,
                self.compensation,
                self.informer_reward,
                self.immunity_fine,
            )
            object.__setattr__(self, "_cached_key", key)
            return key

    def __reduce__(self) -> tuple:
        """Pickled (and deep-copied) as its JSON: its read-only tables cannot be pickled."""
        return (Board.from_json, (self.to_json(),))

    def hand_duty(self, counts: Mapping[str, int]) -> int:
        """Duty on a declaration or hand given as counts by kind (non-dutiable kinds cost 0)."""
        return sum(self.duty.get(kind, 0) * n for kind, n in counts.items())

    def hand_fines(self, counts: Mapping[str, int]) -> int:
        """Fines on every dutiable item in ``counts`` (non-dutiable kinds cost 0)."""
        return sum(self.fine.get(kind, 0) * n for kind, n in counts.items())

    def to_json(self) -> dict:
        """The board as plain JSON data (read back by ``Board.from_json``)."""
        return {
            "duty": dict(self.duty),
            "fine": dict(self.fine),
            "start_money": self.start_money,
            "compensation": self.compensation,
            "informer_reward": self.informer_reward,
            "immunity_fine": self.immunity_fine,
        }

    @classmethod
    def from_json(cls, data: object) -> Board:
        """Read ``to_json`` output; raises ``RulesError`` saying what is wrong."""
        if not isinstance(data, Mapping):
            raise RulesError(f"board must be an object, got {excerpt(data)}")
        allowed = set(cls().to_json())
        unknown = set(data) - allowed
        if unknown:
            raise RulesError(
                f"unknown board field(s) {excerpt(sorted(map(str, unknown)))}; fields: "
                f"{sorted(allowed)}"
            )
        return cls(**data)
