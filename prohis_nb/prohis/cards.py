"""Prohis cards: the five kinds, their values, and the deck for a player count.

Read this next to the rulebook's "Game contents", "Setup" and "Scoring":

* **Goods** are ``legal`` or ``illegal``.
* **Controller cards** come in three ranks: ``lieutenant`` (rank 1, turns 1
  card), ``captain`` (rank 2, turns 2 cards) and ``inspector`` (rank 3, turns 3
  cards).

Cards of one kind are interchangeable, so the engine stores a hand or a
warehouse as *counts by kind* (a list of five integers in the order of
:data:`KINDS`). At the edges (records, views, widgets) a card is the plain
string of its kind, exactly as in a game record: ``"legal"``, ``"captain"``...
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from operator import mul

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from collections.abc import Iterable


class Card(StrEnum):
    """A kind of Prohis card. ``Card.LEGAL == "legal"`` is true, so either may be used."""

    LEGAL = "legal"
    ILLEGAL = "illegal"
    LIEUTENANT = "lieutenant"
    CAPTAIN = "captain"
    INSPECTOR = "inspector"


#: The five kinds in the engine's fixed order; index ``i`` of a count vector is ``KINDS[i]``.
KINDS: tuple[str, ...] = ("legal", "illegal", "lieutenant", "captain", "inspector")
#: Position of each kind in a count vector.
KIND_INDEX: dict[str, int] = {kind: i for i, kind in enumerate(KINDS)}

LEGAL, ILLEGAL, LIEUTENANT, CAPTAIN, INSPECTOR = range(5)

#: Controller kinds and their rank (1, 2, 3). The rank is how many cards an inspection turns.
RANK: dict[str, int] = {"lieutenant": 1, "captain": 2, "inspector": 3}
CONTROLLER_KINDS: tuple[str, ...] = ("lieutenant", "captain", "inspector")

#: Dollars a card is worth at the end when it lies in the player's warehouse.
WAREHOUSE_VALUE: dict[str, int] = {
    "legal": 1_000,
    "illegal": 4_000,
    "lieutenant": 3_000,
    "captain": 4_000,
    "inspector": 5_000,
}

#: Dollars a card is worth at the end when it is still in the player's hand.
#: Legal goods are worth nothing and illegal goods cost $4,000.
HAND_VALUE: dict[str, int] = {
    "legal": 0,
    "illegal": -4_000,
    "lieutenant": 1_000,
    "captain": 2_000,
    "inspector": 3_000,
}

WAREHOUSE_VALUES: tuple[int, ...] = tuple(WAREHOUSE_VALUE[k] for k in KINDS)
HAND_VALUES: tuple[int, ...] = tuple(HAND_VALUE[k] for k in KINDS)

#: The full box (rulebook: 58 legal, 30 illegal, 8 lieutenants, 6 captains, 6 inspectors).
FULL_BOX: dict[str, int] = {
    "legal": 58,
    "illegal": 30,
    "lieutenant": 8,
    "captain": 6,
    "inspector": 6,
}
#: Removed with 3 or 4 players (unless the ``full_box`` variant is on).
SMALL_GAME_REMOVAL: dict[str, int] = {"legal": 18, "illegal": 10, "lieutenant": 2}


def standard_deck(players: int, full_box: bool = False) -> dict[str, int]:
    """The cards in play for ``players`` seats: counts by kind.

    Every player gets one captain and one inspector, the rest of those go back
    to the box; with 3 or 4 players 18 legal, 10 illegal and 2 lieutenants are
    removed too, unless ``full_box`` is set.

    >>> standard_deck(4)
    {'legal': 40, 'illegal': 20, 'lieutenant': 6, 'captain': 4, 'inspector': 4}
    """
    deck = {kind: FULL_BOX[kind] for kind in ("legal", "illegal", "lieutenant")}
    if players <= 4 and not full_box:
        for kind, removed in SMALL_GAME_REMOVAL.items():
            deck[kind] -= removed
    deck["captain"] = players
    deck["inspector"] = players
    return deck


@lru_cache(maxsize=8192)
def cards_tuple(counts: tuple[int, ...]) -> tuple[str, ...]:
    """Expand a count vector (as a tuple) into a tuple of kinds, in the fixed kind order.

    Cached: views expand the same few hands over and over.
    """
    cards: list[str] = []
    for kind, count in zip(KINDS, counts):
        cards.extend([kind] * count)
    return tuple(cards)


def counts_to_cards(counts: list[int] | tuple[int, ...]) -> list[str]:
    """Expand a count vector into a list of kinds, in the fixed kind order."""
    return list(cards_tuple(tuple(counts)))


def cards_to_counts(cards: Iterable[str]) -> list[int]:
    """Count a sequence of kinds into a count vector (raises ``KeyError`` on an unknown kind)."""
    counts = [0, 0, 0, 0, 0]
    for card in cards:
        counts[KIND_INDEX[card]] += 1
    return counts


def hand_value(counts: Iterable[int]) -> int:
    """End-of-game value of cards held in hand."""
    # (``map(mul, ...)`` runs no Python frame per kind: a view asks at every decision.)
    return sum(map(mul, counts, HAND_VALUES))


def warehouse_value(counts: Iterable[int]) -> int:
    """End-of-game value of cards stored in a warehouse."""
    return sum(map(mul, counts, WAREHOUSE_VALUES))
