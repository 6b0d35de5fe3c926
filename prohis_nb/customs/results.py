"""The class table of the customs stage game: what a class declared, beside lesson 11's theory.

:class:`CustomsCounter` counts one finished game's decisions; :func:`rates`
lists the rows and :func:`predictions` the theory (the declaration game of
:mod:`prohis_nb.analysis.signalling`, the same model the game plays). Like
every class count it reads the hand behind a declaration after the game,
which the Officer never saw unless it searched.

A declaration's *kind* is how many items it names, ``0_items`` to ``4_items``,
or ``immunity``: the keys are Smuggle's (:mod:`prohis_nb.classroom.counts`)
without the receiver's, so the two games' tables read alike.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from prohis_nb.smuggle.board import DIPLOMATIC_BAG

KINDS = ("0_items", "1_items", "2_items", "3_items", "4_items", "immunity")
KEYS: tuple[str, ...] = (
    "games",
    "declarations",
    "lies",
    *(f"declarations_{k}" for k in KINDS),
    *(f"lies_{k}" for k in KINDS),
    "officer_decisions",
    "searches",
    *(f"officer_decisions_{k}" for k in KINDS),
    *(f"searches_{k}" for k in KINDS),
    "searches_of_lies",
    "passed_hands",
    "passed_lies",
)
_WORDS = {
    "0_items": "declarations of nothing",
    "1_items": "declarations of 1 item",
    "2_items": "declarations of 2 items",
    "3_items": "declarations of 3 items",
    "4_items": "declarations of 4 items",
    "immunity": "immunity claims",
}


class CustomsCounter:
    """Counts one declaration and the Officer's answer, for the table and for each seat."""

    keys = KEYS

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.by_seat: defaultdict[int, Counter[str]] = defaultdict(Counter)
        self.kind = ""
        self.lie = False

    def _add(self, who: int, key: str) -> None:
        self.counts[key] += 1
        self.by_seat[who][key] += 1

    def before(self, game: Any, action: Any) -> None:
        """For a declaration: is it the complete truth about the hand behind it (omniscient)."""
        if action.act == "immunity":
            self.lie = DIPLOMATIC_BAG not in game.omniscient_view().hand
        elif action.act == "declare":
            held = Counter(
                c for c in game.omniscient_view().hand if c not in ("luggage", DIPLOMATIC_BAG)
            )
            self.lie = held != Counter(action.items)

    def count(self, action: Any, forced: bool) -> None:
        act, who = action.act, action.seat
        if act in ("declare", "immunity"):
            self.kind = "immunity" if act == "immunity" else f"{len(action.items)}_items"
            self._add(who, "declarations")
            self._add(who, f"declarations_{self.kind}")
            if self.lie:
                self._add(who, "lies")
                self._add(who, f"lies_{self.kind}")
            return
        self._add(who, "officer_decisions")
        self._add(who, f"officer_decisions_{self.kind}")
        if act == "accept":
            self._add(who, "passed_hands")
            if self.lie:
                self._add(who, "passed_lies")
        else:
            self._add(who, "searches")
            self._add(who, f"searches_{self.kind}")
            if self.lie:
                self._add(who, "searches_of_lies")


Rate = tuple[str, str, Callable[[dict[str, int]], int], Callable[[dict[str, int]], int]]


def rates() -> list[Rate]:
    """The rows of the class table: (name, what is counted, numerator, denominator)."""

    def key(name: str) -> Callable[[dict[str, int]], int]:
        return lambda c: c[name]

    out: list[Rate] = [
        (
            "lies all",
            "declarations that were not the complete truth",
            key("lies"),
            key("declarations"),
        )
    ]
    out += [
        (f"lies {k}", f"{w} that were false", key(f"lies_{k}"), key(f"declarations_{k}"))
        for k, w in _WORDS.items()
    ]
    out.append(
        (
            "searches all",
            "declarations the Officer searched (or challenged)",
            key("searches"),
            key("officer_decisions"),
        )
    )
    out += [
        (
            f"searches {k}",
            f"{w} searched by the Officer",
            key(f"searches_{k}"),
            key(f"officer_decisions_{k}"),
        )
        for k, w in _WORDS.items()
    ]
    out.append(
        (
            "passed lies",
            "hands the Officer let through that were false",
            key("passed_lies"),
            key("passed_hands"),
        )
    )
    return out


def predictions(totals: dict[str, int], rules: Any = None) -> dict[str, Any]:
    """The declaration game of the records' board beside each row (the stage game is that model).

    ``rules``: the records' :class:`~prohis_nb.customs.rules.CustomsRules` (the
    default board if None). Another board is solved first (10 to 30 seconds).
    """
    from prohis_nb.classroom.theory import declaration_predictions

    return declaration_predictions(rules.board if rules is not None else None)
