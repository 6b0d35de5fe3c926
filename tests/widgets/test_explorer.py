"""The explorer redraws at once, with the analysis's numbers and the verdict in words."""

from fractions import Fraction

import pytest

pytest.importorskip("nashpy")

from prohis_nb.analysis import (
    catch_probability,
    controller_values,
    convoy_belief,
    indifference_bribe,
)
from prohis_nb.analysis.equilibrium import ConvoyGame, solve_convoy_game
from prohis_nb.widgets import Explorer

UNSEEN = {"legal": 30, "illegal": 15, "lieutenant": 4}


@pytest.fixture(scope="module")
def explorer():
    return Explorer(card="captain", convoy_size=3, illegal=1, unseen=UNSEEN)


def test_the_numbers_are_the_analysis_numbers(explorer):
    belief = convoy_belief(UNSEEN, 3)
    assert explorer.values["indifference_bribe"] == indifference_bribe(belief, "captain")
    assert explorer.values["inspect"] == controller_values(belief, "captain")["inspect"]
    assert explorer.values["catch"] == catch_probability(3, 1, 0, "captain")


def test_a_captain_catches_one_illegal_card_in_three_two_times_in_three(explorer):
    """Hand-worked: the captain turns 2 of 3 cards; it misses only if both are legal (1 in 3)."""
    assert explorer.values["catch"] == Fraction(2, 3)
    assert any("probability 67%" in s for s in explorer.sentences)


def test_a_bribe_above_the_indifference_point_should_be_accepted(explorer):
    b_star = float(explorer.values["indifference_bribe"])
    explorer.bribe_illegal.value = 0
    explorer.bribe_legal.value = 1
    assert b_star > 1_000 and not explorer.values["accepts"]
    assert any("should reject it" in s for s in explorer.sentences)
    before = explorer.png
    explorer.bribe_illegal.value = 1  # 1 legal + 1 illegal = $5,000 in a warehouse
    assert explorer.values["bribe_value"] == 5_000
    assert explorer.values["accepts"] == (b_star <= 5_000)
    assert explorer.png != before and explorer.png.startswith(b"\x89PNG")
    explorer.bribe_legal.value = 6
    explorer.bribe_illegal.value = 2
    assert explorer.values["accepts"]
    assert any("should accept it" in s for s in explorer.sentences)


def test_the_equilibrium_is_the_solved_convoy_game(explorer):
    eq = explorer.values["equilibrium"]
    expected = solve_convoy_game(
        ConvoyGame(
            card=explorer.card.value,
            size=explorer.size.value,
            illegal=max(1, explorer.illegal.value),
            bribe=tuple(explorer.values["bribe"]),
            p_dirty=float(explorer.values["p_dirty"]),
        )
    )
    assert eq.summary() == expected.summary()
    assert any(expected.summary() in s for s in explorer.sentences)


def test_a_smaller_convoy_keeps_its_contents_within_its_size(explorer):
    explorer.size.value = 4
    explorer.illegal.value = 3
    explorer.controllers.value = 1
    explorer.size.value = 2
    assert explorer.illegal.value + explorer.controllers.value <= 2
    assert explorer.values["convoy"].__len__() == 2
    assert explorer.message.value == ""


def test_every_controller_card_redraws_with_its_own_values(explorer):
    seen = {}
    for card in ("lieutenant", "captain", "inspector"):
        explorer.card.value = card
        seen[card] = explorer.values["indifference_bribe"]
        assert explorer.values["indifference_bribe"] == indifference_bribe(
            convoy_belief(explorer.settings()["unseen"], explorer.size.value), card
        )
    assert len(set(seen.values())) == 3


def test_a_belief_too_small_for_the_convoy_shows_only_a_message():
    """Nothing on screen may describe the previous setting (issue 12): no picture, no
    sentences, no numbers, until a setting can be computed again."""
    explorer = Explorer(convoy_size=3, unseen={"legal": 3, "illegal": 1, "lieutenant": 0})
    values = explorer.values
    assert explorer.png and explorer.sentences and explorer.image.value
    explorer.unseen_legal.value = 1  # two unseen cards for a three-card convoy
    assert "cannot draw a convoy of 3 cards from 2 unseen cards" in explorer.message.value
    assert explorer.values == {} and explorer.sentences == [] and explorer.png == b""
    assert explorer.image.value == "" and explorer.text.value == ""
    assert explorer.image.layout.display == "none" and explorer.drawn_chart is None
    explorer.unseen_legal.value = 5
    assert explorer.message.value == "" and explorer.values is not values
    assert explorer.png.startswith(b"\x89PNG") and explorer.sentences
    assert "<svg" in explorer.image.value and explorer.image.layout.display is None


def test_the_belief_keeps_every_kind_of_controller_card_apart():
    unseen = {"legal": 32, "illegal": 20, "lieutenant": 6, "captain": 1, "inspector": 1}
    explorer = Explorer(card="captain", convoy_size=3, unseen=unseen)
    assert explorer.settings()["unseen"] == unseen
    relabelled = {"legal": 32, "illegal": 20, "lieutenant": 8}
    assert explorer.values["indifference_bribe"] != indifference_bribe(
        convoy_belief(relabelled, 3), "captain"
    )
    assert any("1 captain, 1 inspector" in s for s in explorer.sentences)


def test_no_bribe_means_no_bribe_equilibrium_sentence():
    explorer = Explorer(bribe_legal=0, unseen=UNSEEN)
    assert "equilibrium" not in explorer.values
    assert not any("the bribe is" in s for s in explorer.sentences)
    assert any("No bribe is on offer" in s for s in explorer.sentences)
    explorer.bribe_legal.value = 2
    assert "equilibrium" in explorer.values


def test_when_inspecting_loses_money_there_is_no_negative_b_star_advice():
    explorer = Explorer(
        card="inspector", illegal=0, unseen={"legal": 20, "lieutenant": 2}, equilibrium=False
    )
    assert explorer.values["indifference_bribe"] < 0
    text = " ".join(explorer.sentences)
    assert "b* =" not in text and "accept whatever is offered" in text
    assert "$-" not in text and "-$" not in text and "\N{MINUS SIGN}$" in text


def test_words_not_variable_names_and_one_money_format():
    # the equilibrium's own summary is analysis.equilibrium's text, checked there
    explorer = Explorer(unseen=UNSEEN, equilibrium=False)
    for control in explorer.controls:
        assert "_" not in control.description and control.description[0].isupper()
    text = " ".join(explorer.sentences)
    assert "$-" not in text and "1 legal good)" in text
    assert "1 illegal good" in text  # singular
