"""The analysis' finer tools, each against an independent computation.

Card-by-card inspection endings against listing orderings, a menu of bribes
against best-response checks, the textbook inspection game's closed form
against nashpy, and Kuhn poker's sequence form against its normal form.
"""

from fractions import Fraction

import numpy as np
import pytest
from helpers.convoys import CASES  # every convoy of 1-4 cards, every rank

from prohis_nb.analysis.equilibrium import (
    ConvoyGame,
    inspection_game,
    inspection_game_equilibrium,
    kuhn_poker_value,
    solve_convoy_game,
)
from prohis_nb.analysis.odds import (
    InspectionEnd,
    catch_probability,
    inspection_endings,
    inspection_endings_by_enumeration,
)
from prohis_nb.analysis.payoffs import Ending, all_payoffs, ending_payoff


@pytest.mark.parametrize(("n", "k", "c", "r"), CASES)
def test_card_by_card_endings_equal_listing_every_ordering(n, k, c, r):
    endings = inspection_endings(n, k, c, r)
    assert endings == inspection_endings_by_enumeration(n, k, c, r)
    assert sum(endings.values()) == 1
    caught = sum(p for end, p in endings.items() if not end.passes)
    assert caught == catch_probability(n, k, c, r)


def test_an_inspection_end_refuses_what_cannot_happen():
    with pytest.raises(ValueError, match="outcome"):
        InspectionEnd("lost", 1)
    with pytest.raises(ValueError, match="1 to 3"):
        InspectionEnd("caught", 4)
    assert str(InspectionEnd("clean", 1)) == "clean after 1 legal card"


def test_all_payoffs_lists_every_ending_as_ending_payoff_does():
    convoy = ["illegal", "legal", "legal"]
    table = all_payoffs(convoy, "inspector", bribe=["legal"])
    assert set(table) == set(Ending)
    for ending, payoff in table.items():
        assert payoff == ending_payoff(ending, convoy, "inspector", ["legal"])


def test_unknown_card_kinds_are_named_in_the_error():
    with pytest.raises(ValueError, match="unknown card kind"):
        ending_payoff("waived", ["legal", "gold"], "captain")
    with pytest.raises(ValueError, match="controller card played"):
        ending_payoff("waived", ["legal"], "legal")


@pytest.mark.parametrize(
    "game",
    [
        ConvoyGame(bribes=(("legal",), ("legal", "legal"))),
        ConvoyGame(card="inspector", size=4, illegal=2, bribes=(("legal",), ("illegal",))),
        ConvoyGame(card="lieutenant", size=2, bribes=(), p_dirty=0.4),
    ],
)
def test_a_menu_of_bribes_has_an_equilibrium_without_profitable_deviation(game):
    a, b = game.payoff_matrices()
    rows, columns = game.smuggler_strategies(), game.controller_plans()
    assert a.shape == (len(rows), len(columns))
    menu = len(game.menu)
    honest_menu = sum("illegal" not in cards for cards in game.menu)
    assert len(rows) == 2 * (1 + menu) * (1 + honest_menu)
    assert len(columns) == 2 ** (menu + 1)
    eq = solve_convoy_game(game)
    s, c = eq.smuggler, eq.controller
    assert (a @ c).max() <= s @ a @ c + 1e-6
    assert (s @ b).max() <= s @ b @ c + 1e-6
    assert sum(eq.offer_rates.values()) == pytest.approx(1)


def test_a_bribe_menu_refuses_repeats_and_unknown_cards():
    with pytest.raises(ValueError, match="must differ"):
        ConvoyGame(bribes=(("legal",), ("legal",)))
    with pytest.raises(ValueError, match="cards of the kinds"):
        ConvoyGame(bribes=(("gold",),))
    with pytest.raises(ValueError, match="tuple of card kinds"):
        ConvoyGame(bribe="legal")


@pytest.mark.parametrize(
    ("gain", "fine", "cost", "loss"), [(3, 5, 1, 2), (1, 1, 1, 1), (10, 2, 3, 7)]
)
def test_the_inspection_game_closed_form_equals_nashpy(gain, fine, cost, loss):
    import nashpy

    inspectee, inspector = inspection_game(gain, fine, cost, loss)
    cheat, inspect = inspection_game_equilibrium(gain, fine, cost, loss)
    (rows, columns), *more = nashpy.Game(
        np.array(inspectee), np.array(inspector)
    ).support_enumeration()
    assert not more
    assert rows[1] == pytest.approx(float(cheat)) and columns[0] == pytest.approx(float(inspect))
    assert isinstance(cheat, Fraction)


def test_kuhn_poker_sequence_form_agrees_with_the_normal_form():
    assert kuhn_poker_value("sequence") == pytest.approx(-1 / 18, abs=1e-9)
    assert kuhn_poker_value("sequence") == pytest.approx(kuhn_poker_value("normal"), abs=1e-9)
    with pytest.raises(ValueError, match="normal"):
        kuhn_poker_value("extensive")
