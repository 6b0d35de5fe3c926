"""Helpers for rule tests: stacked tables that always hold exactly the deck."""

from __future__ import annotations

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.core.record import take_left_out_steps
from prohis_nb.prohis.cards import KINDS


def stacked(
    rules: ProhisRules,
    hands: list[list[str]],
    row: list[str | None] | None = None,
    pile_top: list[str] | None = None,
    first: int = 0,
    fill_pile: bool = True,
) -> ProhisGame:
    """A game from a stacked table; the pile is ``pile_top`` then every remaining card.

    The remaining cards go under ``pile_top`` in the fixed kind order, so a test
    that draws deep knows what comes (legal cards first).
    """
    row = list(row) if row is not None else ["legal", "legal", "legal", "legal"]
    pile = list(pile_top or [])
    remaining = dict(rules.deck_counts())
    for card in [c for hand in hands for c in hand] + [c for c in row if c] + pile:
        remaining[card] -= 1
        assert remaining[card] >= 0, f"too many {card} cards in the test's table"
    if fill_pile:
        for kind in KINDS:
            pile += [kind] * remaining[kind]
    table = {"first": first, "hands": hands, "row": row, "pile": pile}
    return ProhisGame(rules, table=table)


def act(game: ProhisGame, seat: int, act_name: str, **fields) -> None:
    """Apply one action given in the record's form (``from_`` stands for ``from``).

    As a replay reads a record, a step forced only by hidden cards that the
    test leaves out (an opponent without a controller card must decline) is
    taken first: the engine asks it (RECORD.md, "Actions").
    """
    data = {"seat": seat, "act": act_name}
    for key, value in fields.items():
        data["from" if key == "from_" else key] = value
    take_left_out_steps(game, data)
    game.apply(data)
