"""The answer key's numbers are the lessons' answers (docs/answer-key.md).

Each number the key gives is marked ``<span class="pnb-key" data-key="…">``;
here each is recomputed: by hand from the scoring table, by listing every
order of the cards, or by the same package call the lesson's check makes.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import pytest

SEAT_1_CARDS = ("captain", "inspector")  # lesson 4: seat 1 holds no lieutenant
KEY = Path(__file__).resolve().parents[2] / "docs" / "answer-key.md"


def keyed() -> dict[str, float]:
    text = KEY.read_text(encoding="utf-8")
    return {k: float(v) for k, v in re.findall(r'data-key="([\w-]+)">([\d.]+)<', text)}


def caught_by_listing(convoy: list[str], turned: int) -> Fraction:
    """Every order of the cards, the first ``turned`` looked at: caught if an illegal card
    comes before any controller card."""
    orders = list(permutations(range(len(convoy))))
    caught = 0
    for order in orders:
        for i in order[:turned]:
            if convoy[i] in ("illegal", "lieutenant"):
                caught += convoy[i] == "illegal"
                break
    return Fraction(caught, len(orders))


def expected() -> dict[str, float]:
    from prohis_nb.analysis import convoy_belief, hand_convoy_belief, indifference_bribe
    from prohis_nb.analysis.equilibrium import ConvoyGame
    from prohis_nb.analysis.equilibrium_sets import equilibrium_set
    from prohis_nb.analysis.smuggle import hand_game
    from prohis_nb.bots.beliefs import unseen_cards
    from prohis_nb.classroom import load_class
    from prohis_nb.widgets.lesson import dealt_game

    lesson2 = dealt_game([["legal"] * 3 + ["lieutenant"], ["illegal"] * 3 + ["legal"],
                          ["legal"] * 4])  # fmt: skip
    lesson2.apply({"seat": 0, "act": "pass"})
    lesson2.apply({"seat": 1, "act": "convoy", "cards": ["illegal", "illegal", "legal"]})
    unseen = unseen_cards(lesson2.view(2))
    lesson4 = dealt_game([["illegal", "illegal", "legal", "legal"], ["legal"] * 4,
                          ["legal", "legal", "illegal", "lieutenant"]])  # fmt: skip
    lesson4.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "legal", "legal"]})
    lesson4.apply({"seat": 1, "act": "control", "card": "captain"})
    lesson4.apply({"seat": 2, "act": "decline"})
    belief = convoy_belief(unseen_cards(lesson4.view(1)), 3)
    # lesson 4's second model (the coach's): seat 0's hand at the deal is its captain, its
    # inspector and 4 cards from what seat 1 could not place then; the convoy, 3 of those 6
    at_the_deal = lesson4.record().replay(0).view(1)
    hand = hand_convoy_belief({"captain": 1, "inspector": 1}, 4, unseen_cards(at_the_deal), 3)
    control = {card: max(indifference_bribe(hand, card), Fraction(2000)) for card in SEAT_1_CARDS}
    game = ConvoyGame(card="captain", size=3, illegal=1, bribe=("legal",), p_dirty=0.5)
    inspector = ConvoyGame(card="inspector", size=3, illegal=1, bribe=("legal",), p_dirty=0.5)
    pretend = load_class(KEY.parents[1] / "notebooks" / "class_records").totals("prohis")
    share = Fraction(pretend["convoys_dirty"] + pretend["convoys_bait"], pretend["convoys"])
    p_class = Fraction(round(share * 100), 100)  # the class's share, to the percent
    return {
        # lesson 1, by hand from the scoring table (docs/rules.md)
        "l1-ex1": 2 * 1000 + 4000 + 3000 + (-4000) + 2000,
        "l1-ex2": 2,
        "l2-ex1": sum(unseen.values()),
        "l2-ex1-illegal": unseen["illegal"],
        "l3-ex1": float(caught_by_listing(["illegal", "legal", "legal", "legal"], 3)),
        "l3-ex2": float(caught_by_listing(["illegal", "lieutenant", "legal", "legal"], 3)),
        "l4-ex2": round(float(indifference_bribe(belief, "inspector"))),
        "l4-ex3": round(float(max(control.values()) - control["inspector"])),
        "l5-ex1": 4000 / (4000 + 12000),
        # lesson 6: the bait at a 60% chance of a dirty hand, from the exact set, and by hand:
        # the dirty share of convoys, 0.6 × (1 − b), stays at the regime change 5/12
        "l6-ex1": round(float(equilibrium_set(replace(game, p_dirty=0.6)).bait_range[0]), 4),
        "l7-ex1": round(float(equilibrium_set(inspector).inspect_range[1]), 4),
        # lesson 9: the pretend class's bribe rate, its two counts divided here; in every
        # equilibrium of its convoy game (the class's own chance of a dirty hand) every hand
        # offers the bribe, so the share without one is 0
        "l9-ex1": round(pretend["bribes"] / pretend["bribe_chances"], 4),
        "l9-ex1-unbribed": float(
            1 - equilibrium_set(replace(game, p_dirty=p_class)).bribe_rate_range[0]
        ),
        "l10-ex1": float(hand_game(["camera", "camera", "luggage", "luggage"]).search_rate),
        # lesson 11: one bottle of wine in the 2 × 2 game, d / (f + C) from the board by hand
        "l11-ex1": 25 / (50 + 200),
    }


def test_every_keyed_number_is_the_lessons_answer():
    shown, wanted = keyed(), expected()
    assert set(shown) == set(wanted)
    wrong = {k: (shown[k], wanted[k]) for k in wanted if shown[k] != pytest.approx(wanted[k])}
    assert not wrong, f"update docs/answer-key.md: {wrong}"


def test_lesson_6_and_11_keys_agree_with_the_working_on_paper():
    from prohis_nb.analysis.equilibrium import ConvoyGame
    from prohis_nb.analysis.equilibrium_sets import regime_boundaries
    from prohis_nb.analysis.signalling import declaration_equilibrium

    shown = keyed()
    # lesson 6: the dirty share of convoys, 0.6 × (1 − b), stays at the regime change
    (boundary,) = regime_boundaries(ConvoyGame(card="captain", size=3, illegal=1, p_dirty=0.5))
    assert boundary == Fraction(5, 12)
    assert shown["l6-ex1"] == pytest.approx(float(1 - boundary / Fraction(3, 5)), abs=1e-4)
    # lesson 11: the game the Officer hears searches one bottle of wine more than the 2 × 2 game
    assert declaration_equilibrium().search_rate(["wine"]) > shown["l11-ex1"]
