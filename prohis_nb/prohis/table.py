"""A stacked Prohis table: a lesson's deal, read from a record's ``setup`` and written back.

docs/records.md, "setup": instead of a seed, a record may give the table itself:
``{"first": seat, "hands": [[kinds], ...], "row": [4 kinds or null],
"pile": [kinds, top card first], "public_hands": [[kinds], ...]}`` (the last
one optional: what every seat saw dealt into each hand). The cards must be
exactly the deck the rules call for. :func:`read_table` checks it and turns
it into the engine's counts, :func:`table_to_json` writes it back; a refusal
is a :class:`~prohis_nb.errors.RecordError` that says what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping

from prohis_nb.errors import RecordError, excerpt
from prohis_nb.prohis.cards import KIND_INDEX, KINDS, counts_to_cards
from prohis_nb.prohis.rules import ProhisRules

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from typing import Any

ROW_SLOTS = 4


def read_table(
    rules: ProhisRules, table: Any
) -> tuple[list[list[int]], list[int | None], list[int], int]:
    """Check a stacked table (docs/records.md): ``(hands, row, pile, first)`` as the engine
    holds them.

    Hands are counts by kind, the row kind indices (``None`` for an empty
    slot), the pile kind indices with its top card last.
    """
    if not isinstance(table, Mapping):
        raise RecordError(f"setup must be {{'seed': N}} or a stacked table, got {excerpt(table)}")
    if "first" not in table and "hands" not in table:
        raise RecordError(
            "setup must be {'seed': N} or a stacked table {'first': seat, 'hands': [...], "
            f"'row': [...], 'pile': [...]}} (see docs/records.md), got {excerpt(table)}"
        )
    unknown = set(table) - {"first", "hands", "row", "pile", "public_hands"}
    if unknown:
        raise RecordError(
            f"unknown key(s) {excerpt(sorted(map(str, unknown)))} in the stacked table; it has "
            "first, hands, row, pile and, optionally, public_hands"
        )
    n = rules.players
    first = table.get("first")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
        raise RecordError(f"setup.first must be a seat from 0 to {n - 1}, got {excerpt(first)}")
    hands_in = table.get("hands")
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise RecordError(f"setup.hands must be a list of {n} hands (one per seat)")
    hands = []
    for seat, hand_in in enumerate(hands_in):
        hands.append(count_kinds(hand_in, f"setup.hands[{seat}]"))
    row_in = table.get("row")
    if not isinstance(row_in, list) or len(row_in) != ROW_SLOTS:
        raise RecordError(
            f"setup.row must list the {ROW_SLOTS} face-up slots, got {excerpt(row_in)}"
        )
    row: list[int | None] = []
    for slot, card in enumerate(row_in):
        if card is None:
            row.append(None)
        elif isinstance(card, str) and card in KIND_INDEX:
            row.append(KIND_INDEX[card])
        else:
            raise RecordError(
                f"setup.row[{slot}]: unknown card {excerpt(card)}; kinds are {', '.join(KINDS)} "
                "(or null for an empty slot)"
            )
    pile_in = table.get("pile")
    if not isinstance(pile_in, list):
        raise RecordError("setup.pile must be a list of card kinds, top card first")
    pile_counts = count_kinds(pile_in, "setup.pile")
    if None in row and pile_in:
        raise RecordError(
            "setup.row has an empty slot while the pile still has cards: an empty slot is "
            "refilled at once from the pile"
        )
    total = [sum(h[k] for h in hands) + pile_counts[k] for k in range(5)]
    for card in row:
        if card is not None:
            total[card] += 1
    expected = rules.deck_counts()
    problems = []
    for k, kind in enumerate(KINDS):
        diff = total[k] - expected[kind]
        if diff:
            problems.append(
                f"{kind}: {total[k]} on the table, the deck has {expected[kind]} "
                f"({abs(diff)} too {'many' if diff > 0 else 'few'})"
            )
    if problems:
        raise RecordError(
            "the stacked table must hold exactly the deck the rules call for "
            f"({', '.join(f'{c} {k}' for k, c in expected.items())}); " + "; ".join(problems)
        )
    pile = [KIND_INDEX[c] for c in reversed(pile_in)]
    return hands, row, pile, first


def read_public_hands(table: Mapping[str, Any], hands: list[list[int]]) -> list[list[int]]:
    """``setup.public_hands`` (optional): the cards every seat saw go into each hand.

    A real deal hands each player its captain and inspector in the open
    (docs/rules.md, Setup), so everyone knows they are there; a stacked table can
    say so with ``"public_hands": [["captain", "inspector"], ...]`` (one list
    per seat, each a part of that seat's hand). Without the key nobody knows
    anything of another's hand. Returns counts by kind, one list per seat.
    """
    n = len(hands)
    if "public_hands" not in table:
        return [[0] * 5 for _ in range(n)]
    given = table["public_hands"]
    if not isinstance(given, list) or len(given) != n:
        raise RecordError(
            f"setup.public_hands must be a list of {n} lists (the cards everyone knows are in "
            f"each seat's hand), got {excerpt(given)}"
        )
    public = []
    for seat, cards in enumerate(given):
        counts = count_kinds(cards, f"setup.public_hands[{seat}]")
        extra = [KINDS[k] for k in range(5) if counts[k] > hands[seat][k]]
        if extra:
            raise RecordError(
                f"setup.public_hands[{seat}] names more {', '.join(extra)} than seat {seat}'s "
                f"hand holds ({counts_to_cards(hands[seat])}): public cards must be in that hand"
            )
        public.append(counts)
    return public


def count_kinds(cards: Any, where: str) -> list[int]:
    """``cards`` (a list of kinds) as counts by kind; ``where`` names it in a refusal."""
    if not isinstance(cards, list):
        raise RecordError(f"{where} must be a list of card kinds, got {excerpt(cards)}")
    counts = [0] * 5
    for i, card in enumerate(cards):
        if not isinstance(card, str) or card not in KIND_INDEX:
            raise RecordError(
                f"{where}[{i}]: unknown card {excerpt(card)}; kinds are {', '.join(KINDS)}"
            )
        counts[KIND_INDEX[card]] += 1
    return counts


def table_to_json(
    hands: list[list[int]], row: list[int | None], pile: list[int], first: int
) -> dict[str, Any]:
    """The table in the record's form (the pile top card first; ``pile`` holds it last)."""
    return {
        "first": first,
        "hands": [counts_to_cards(h) for h in hands],
        "row": [None if c is None else KINDS[c] for c in row],
        "pile": [KINDS[c] for c in reversed(pile)],
    }
