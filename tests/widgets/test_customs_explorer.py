"""The customs explorer shows the Smuggle maths' numbers and redraws on every change."""

from fractions import Fraction

import pytest

pytest.importorskip("nashpy")

from prohis_nb.analysis.smuggle import (
    break_even_search_rate,
    declaration_value,
    hand_game,
)
from prohis_nb.smuggle.board import Board
from prohis_nb.widgets import CustomsExplorer


def test_the_numbers_are_the_analysis_numbers():
    explorer = CustomsExplorer(item="watch", count=1, search=0.2)
    hand = ["watch", "luggage", "luggage", "luggage"]
    assert explorer.settings()["hand"] == hand
    game = hand_game(hand)
    assert explorer.values["search_rate"] == game.search_rate == Fraction(3, 10)
    assert explorer.values["lying_rate"] == game.lying_rate
    assert explorer.values["truth"] == declaration_value(hand, ["watch"], 0.2)
    assert explorer.values["lie"] == declaration_value(hand, [], 0.2)
    assert explorer.values["break_even"] == break_even_search_rate(hand)
    assert explorer.png.startswith(b"\x89PNG")


def test_a_keener_officer_makes_the_truth_pay():
    explorer = CustomsExplorer(item="crown", count=1, search=0.1)
    assert explorer.values["best"] == "lie"
    assert any("lying pays more" in s for s in explorer.sentences)
    first = explorer.png
    explorer.search.value = 0.9
    assert explorer.values["best"] == "truth"
    assert any("declaring the truth pays more" in s for s in explorer.sentences)
    assert explorer.png != first


def test_informers_move_the_break_even_rate_down():
    explorer = CustomsExplorer(item="camera", count=2, search=0.2)
    alone = explorer.values["break_even"]
    explorer.inform.value = 0.2
    assert explorer.values["break_even"] < alone
    assert any("informed on 20%" in s for s in explorer.sentences)


def test_the_explorer_shows_the_2x2_flaw_and_the_game_the_officer_hears():
    from prohis_nb.analysis.signalling import declaration_equilibrium

    explorer = CustomsExplorer(item="watch", count=1, search=0.2)
    values = explorer.values
    # at the 2 x 2 lying rate "nothing" is worth searching and the true "1 watch" is not
    assert values["gain_searching_nothing"] > 500 and values["gain_searching_truth"] == -200
    assert any("$526" in s and "no best response" in s for s in explorer.sentences)
    eq = declaration_equilibrium()
    assert values["heard_search_rate"] == eq.search_rate(["watch"])
    assert values["heard_choices"] == eq.choices(["watch"])
    first = explorer.png
    explorer.picture.value = "heard"
    assert explorer.png != first and explorer.png.startswith(b"\x89PNG")
    assert explorer.sentences[-2].startswith("In the game the rules describe the Officer searches")


def test_a_declaration_nobody_makes_is_described_as_such():
    explorer = CustomsExplorer(item="crown", count=1, search=0.2, picture="heard")
    low, high = explorer.values["heard_range"]
    assert not explorer.values["heard_made"] and 0 < low <= high < 1
    assert any("nobody declares 1 Crown" in s for s in explorer.sentences)
    assert all("Crown" not in str(d) for d in explorer.values["heard_choices"])


def test_a_custom_board_is_used():
    board = Board(compensation=50)
    explorer = CustomsExplorer(item="wine", board=board)
    assert explorer.values["search_rate"] == Fraction(25, 50 + 50)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"item": "luggage"}, "item must be one of"),
        ({"count": 5}, "1 to 4"),
        ({"search": 1.5}, "search is a rate"),
        ({"inform": -0.1}, "inform is a rate"),
        ({"picture": "3d"}, "picture must be"),
    ],
)
def test_wrong_input_is_refused_with_what_is_allowed(kwargs, match):
    with pytest.raises(ValueError, match=match):
        CustomsExplorer(**kwargs)
