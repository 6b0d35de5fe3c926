"""Helpers for the engine tests: stacked tables that hold exactly the deck, and short acts.

``from helpers.engine import stacked, act`` (the one ``stacked()`` of the rule tests).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.core.record import take_left_out_steps
from prohis_nb.prohis.cards import KINDS

CI = ["captain", "inspector"]  # the pair every player starts with


def small_rules(
    players: int = 3,
    legal: int = 30,
    illegal: int = 12,
    lieutenant: int = 4,
    **variants: Any,
) -> ProhisRules:
    """Rules with a custom, smaller deck (one captain and one inspector per player)."""
    deck = {"legal": legal, "illegal": illegal, "lieutenant": lieutenant}
    return ProhisRules(players=players, deck=deck, **variants)


def complete_table(
    rules: ProhisRules,
    hands: Sequence[Sequence[str]],
    row: Sequence[str | None] | None = None,
    pile_top: Sequence[str] = (),
    first: int = 0,
    fill: bool = True,
) -> dict[str, Any]:
    """A stacked table (RECORD.md) from a partial one: the pile is completed with the rest.

    ``pile_top`` is the top of the pile, top card first; every card of the deck
    not placed elsewhere goes under it, legal cards first (so a test that draws
    past ``pile_top`` knows it meets legal cards). ``fill=False`` leaves the
    pile as given (the table must then already hold the whole deck).
    """
    row = ["legal", "legal", "legal", "legal"] if row is None else list(row)
    placed = Counter(c for hand in hands for c in hand)
    placed.update(c for c in row if c is not None)
    placed.update(pile_top)
    remaining = {}
    for kind in KINDS:
        left = rules.deck_counts()[kind] - placed[kind]
        assert left >= 0, f"the test places {placed[kind]} {kind}, the deck has fewer"
        remaining[kind] = left
    pile = list(pile_top)
    if fill:
        for kind in KINDS:
            pile += [kind] * remaining[kind]
    return {"first": first, "hands": [list(h) for h in hands], "row": row, "pile": pile}


def stacked(
    rules: ProhisRules,
    hands: Sequence[Sequence[str]],
    row: Sequence[str | None] | None = None,
    pile_top: Sequence[str] = (),
    first: int = 0,
    fill: bool = True,
) -> ProhisGame:
    """A game started from :func:`complete_table`."""
    return ProhisGame(rules, table=complete_table(rules, hands, row, pile_top, first, fill))


def act(game: ProhisGame, seat: int, name: str, **fields: Any) -> None:
    """Apply one action in the record's form; ``from_`` stands for ``from``.

    As a replay reads a record, a step forced only by hidden cards that the
    test leaves out (an opponent without a controller card must decline) is
    taken first: the engine asks it (RECORD.md, "Actions").
    """
    data: dict[str, Any] = {"seat": seat, "act": name}
    for key, value in fields.items():
        data["from" if key == "from_" else key] = value
    take_left_out_steps(game, data)
    game.apply(data)


def table_json(game: ProhisGame) -> str:
    """The omniscient state as canonical JSON text (for equality checks)."""
    return json.dumps(game.omniscient_view().to_json(), sort_keys=True)


def seat_json(game: ProhisGame, seat: int) -> str:
    """What ``seat`` may know, as canonical JSON text."""
    return json.dumps(game.view(seat).to_json(), sort_keys=True)


def acts(game: ProhisGame) -> set[str]:
    """The kinds of act the seat to act may take now."""
    return {a.act for a in game.legal_actions()}


def sorted_hand(game: ProhisGame, seat: int) -> list[str]:
    """The seat's hand in the fixed kind order (as ``game.hand`` gives it)."""
    return game.hand(seat)


def cards(*spec: str) -> list[str]:
    """Cards in the fixed kind order, e.g. ``cards('illegal', 'legal')`` -> legal, illegal."""
    return sorted(spec, key=KINDS.index)
