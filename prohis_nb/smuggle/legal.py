"""Smuggle's legal-action tables: every list of legal actions, built once and shared.

The rules that pick a table are in :meth:`prohis_nb.smuggle.game.SmuggleGame._compute_legal`:

* a declaration (docs/smuggle-rules.md, "A hand", 2): one of the 495
  multisets of 0-4 dutiable items, or the immunity claim (:func:`declare_actions`);
* the Officer's and the receiver's answer: ``accept`` or search, inform or
  challenge (:data:`ANSWERS`);
* the receiver's discard: one per kind in the hand, the Diplomatic Bag alone
  when it is there (:func:`discard_actions`).

Each answer is a pair: the actions in their fixed order, and a dict mapping
each to itself (the engine's canonical instance).
"""

from __future__ import annotations

from functools import lru_cache

from prohis_nb.smuggle.actions import DECLARATIONS, Action
from prohis_nb.smuggle.rules import MAX_PLAYERS

DECLARE_CACHE: dict[int, tuple[tuple[Action, ...], dict[Action, Action]]] = {}


def declare_actions(seat: int) -> tuple[tuple[Action, ...], dict[Action, Action]]:
    """The 495 declarations and the immunity claim of ``seat``, built once per seat."""
    legal = tuple(Action(seat, "declare", items=d) for d in DECLARATIONS)
    legal += (Action(seat, "immunity"),)
    DECLARE_CACHE[seat] = (legal, {a: a for a in legal})
    return DECLARE_CACHE[seat]


Legal = tuple[tuple[Action, ...], dict[Action, Action]]


def _answer_actions() -> dict[tuple[int, str], Legal]:
    """``accept`` or another answer (search, inform, challenge), for every seat: built once."""
    out: dict[tuple[int, str], Legal] = {}
    for seat in range(MAX_PLAYERS):
        for other in ("search", "inform", "challenge"):
            legal: tuple[Action, ...] = (Action(seat, "accept"), Action(seat, other))
            out[seat, other] = (legal, {a: a for a in legal})
    return out


#: The two-answer decisions of every seat (the Officer's and the receiver's).
ANSWERS = _answer_actions()


@lru_cache(maxsize=1024)
def discard_actions(
    seat: int, kinds: tuple[str, ...]
) -> tuple[tuple[Action, ...], dict[Action, Action]]:
    """One discard per kind in ``kinds``: built once, then shared."""
    legal = tuple(Action(seat, "discard", card=k) for k in kinds)
    return legal, {a: a for a in legal}
