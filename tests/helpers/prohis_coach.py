"""Test-side machinery for the Prohis coach: small stacked tables, every hidden deal, the engine.

Independent of the coach's maths: a hidden deal is a list of card kinds put
into the places a seat cannot see (slots), every distinct deal is listed
with its multiplicity (the number of orderings of labelled cards giving it),
and what a choice is worth is read from the engine's own scores after
playing it out, never from a formula.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import factorial, prod

from prohis_nb.prohis import ProhisGame, ProhisRules


def distinct_deals(cards: list[str]) -> list[tuple[tuple[str, ...], int]]:
    """Every distinct order of ``cards`` with its weight: how many labelled orders give it.

    Dealing labelled cards at random makes every labelled order equally likely,
    so a distinct order of kinds has probability ``weight / n!``.
    """
    tally = Counter(cards)
    weight = prod(factorial(n) for n in tally.values())
    return [(order, weight) for order in sorted(set(permutations(cards)))]


def split(order: tuple[str, ...], sizes: list[int]) -> list[list[str]]:
    """Cut a deal into consecutive places of the given sizes."""
    out, start = [], 0
    for size in sizes:
        out.append(list(order[start : start + size]))
        start += size
    return out


def table_game(
    rules: ProhisRules,
    hands: list[list[str]],
    row: list[str],
    pile: list[str],
    first: int,
    public_hands: list[list[str]] | None = None,
) -> ProhisGame:
    table = {"first": first, "hands": hands, "row": row, "pile": pile}
    if public_hands is not None:
        table["public_hands"] = public_hands
    return ProhisGame(rules, table=table)


def play(game: ProhisGame, *actions: dict) -> ProhisGame:
    """Apply record-form actions (the seat to act is filled in) and return the game."""
    for action in actions:
        game.apply({"seat": game.to_act, **action})
    return game


def inspection_expectation(game: ProhisGame, seat: int, baseline: int) -> Fraction:
    """E[seat's score − baseline] once the inspection under way ends, by the engine.

    The controller turns a uniformly random face-down card each time (every
    legal ``turn`` equally likely); a convoy with no inspection pending is
    settled already.
    """
    decision = game.decision
    if game.ended or decision is None or decision.kind != "inspection":
        return Fraction(game.scores()[seat] - baseline)
    legal = game.legal_actions()
    total = Fraction(0)
    for action in legal:
        branch = game.copy()
        branch.apply(action)
        total += inspection_expectation(branch, seat, baseline)
    return total / len(legal)
