"""Helpers for the coach widget's tests: a stand-in coach, twin tables, reading the HTML.

The widget only draws what :func:`prohis_nb.coach.advise` answers, so most
tests run twice: with the real coach, and with :func:`fake_advise`, a
stand-in that reads nothing but the view it is given (its answer is the
seat's own hand and the legal actions, with made-up values). With the
stand-in, a test checks the widget's plumbing alone: which view it hands to
the coach, when it draws, what it clears.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser
from itertools import islice
from typing import Any

import pytest

import prohis_nb.coach as coach_api
from prohis_nb.coach.advice import Advice, Belief, Choice, Verdict
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.widgets.lesson import dealt_game


def fake_advise(view: Any) -> Advice:
    """A stand-in coach: the seat's own cards as a "belief", the first legal actions as choices."""
    own = tuple(view.hand or ())
    kinds = {kind: Fraction(own.count(kind), len(own)) for kind in dict.fromkeys(own)}
    beliefs = (Belief(f"seat {view.seat}'s own hand", len(own), kinds),) if own else ()
    deciding = view.to_act == view.seat and not view.ended
    legal = list(islice(view.legal_actions, 4)) if deciding else []
    choices = tuple(
        Choice(
            label=f"choice {i}: {action.act}",
            value=1000 * i - 1500,
            action=action,
            best=i == len(legal) - 1,
            model="a stand-in model for tests",
            details={"catch_chance": Fraction(1, 3), "break_even_bribe": 1500},
        )
        for i, action in enumerate(legal)
    )
    why = "the stand-in prefers the last choice" if deciding else "not this seat's turn"
    return Advice(view.__module__.split(".")[1], view.seat, deciding, beliefs, choices, why)


def fake_judge(view: Any, action: Any) -> Verdict:
    """A stand-in verdict: the action in words, never the best."""
    return Verdict(view.seat, action, 250.0, f"the stand-in judged {action.act}", False)


#: The two coaches a test runs with (see :func:`use_coach`).
IMPLEMENTATIONS = ["real", "stand-in"]


def use_coach(which: str, monkeypatch: Any) -> str:
    """Make ``prohis_nb.coach`` answer with the real coach or the stand-in (for one test).

    The real one is skipped, with the reason, while its game modules are missing.
    """
    if which == "stand-in":
        monkeypatch.setattr(coach_api, "advise", fake_advise)
        monkeypatch.setattr(coach_api, "judge", fake_judge)
        return which
    game = dealt_game([["legal"] * 4] * 3)
    try:
        coach_api.advise(game.view(0))
    except (ImportError, NotImplementedError) as error:  # the game modules are not merged yet
        pytest.skip(f"the real coach is not here yet: {error}")
    return which


# ---------------------------------------------------------------- twin tables


def prohis_twins() -> tuple[Any, Any]:
    """Two Prohis tables seat 0 cannot tell apart: seats 1 and 2 hold the illegal card in turn.

    Every count is the same (hands, pile), only which face-down hand holds the
    illegal good differs: by RULES.md "Who knows what", seat 0 sees its own
    hand, the row and sizes, never another hand's face-down goods.
    """
    illegal = ["illegal", "legal", "legal", "legal"]
    mine = ["illegal", "illegal", "legal", "legal"]
    a = dealt_game([mine, illegal, ["legal"] * 4])
    b = dealt_game([mine, ["legal"] * 4, illegal])
    return a, b


def smuggle_twins() -> tuple[Any, Any]:
    """Two Smuggle tables seat 1 cannot tell apart: the next player's four cards differ.

    Seat 1 draws the first four cards of the pack and declares first; what
    seat 2 will draw (the rest of the pack) is hidden from everyone (RULES.md).
    """
    from collections import Counter

    top = ["watch", "wine", "luggage", "luggage"]
    rest = Counter(PACK)
    rest.subtract(top)
    order = list(rest.elements())
    other = order[::-1]  # the same cards, another order: seat 2 draws other goods
    assert order[:4] != other[:4]
    rules = SmuggleRules(players=3)
    packs_a = [top + order] + [list(PACK)] * 2
    packs_b = [top + other] + [list(PACK)] * 2
    return (
        SmuggleGame(rules, table={"packs": packs_a}),
        SmuggleGame(rules, table={"packs": packs_b}),
    )


# ---------------------------------------------------------------- reading the HTML


class _Text(HTMLParser):
    """The visible text of some HTML (styles left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag == "style":
            self._skip += 1

    def handle_endtag(self, tag):
        if tag == "style":
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def text_of(html: str) -> str:
    """The words a reader sees in ``html``, spaces squeezed."""
    reader = _Text()
    reader.feed(html)
    return re.sub(r"\s+", " ", " ".join(reader.parts)).strip()


def best_rows(html: str) -> list[str]:
    """The text of every row marked best in a coach's choices table."""
    rows = re.findall(r"<tr class='pnb-best'>(.*?)</tr>", html, re.S)
    return [text_of(row) for row in rows]
