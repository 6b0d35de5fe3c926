"""The lessons' answer checker: numbers of any numeric type, and a clear word on the wrong kind."""

from fractions import Fraction

import numpy as np
import pytest

from prohis_nb.widgets.lesson import check


@pytest.mark.parametrize(
    "answer",
    [2 / 3, Fraction(2, 3), np.float64(2 / 3), np.float32(2 / 3), np.array(2 / 3)[()]],
    ids=["float", "Fraction", "float64", "float32", "0-d array item"],
)
def test_a_number_of_any_numeric_type_is_accepted(answer):
    assert check(answer, Fraction(2, 3), tolerance=1e-6).correct is True
    assert check(answer, 2 / 3, tolerance=1e-6).correct is True
    assert check(answer, np.float64(2 / 3), tolerance=1e-6).correct is True


def test_numpy_integers_and_booleans_are_accepted():
    assert check(np.int64(3), 3).correct is True
    assert check(3, np.int64(3)).correct is True
    assert check(np.bool_(True), True).correct is True
    assert check(False, np.bool_(False)).correct is True
    assert check(np.int64(4), 3).correct is False


def test_text_for_a_number_is_told_it_is_text():
    result = check("2/3", 2 / 3, tolerance=1e-3)
    assert result.correct is False
    assert "text" in repr(result) and "without quotes" in repr(result)
    assert "text" in result._repr_html_()


@pytest.mark.parametrize(
    ("answer", "expected", "advice"),
    [("True", True, "True or False, without quotes"), (3, "honest", "in quotes")],
)
def test_other_wrong_kinds_are_told_how_to_write_the_answer(answer, expected, advice):
    result = check(answer, expected)
    assert result.correct is False and advice in repr(result)


def test_a_wrong_value_of_the_right_kind_is_just_not_it():
    result = check(0.5, 2 / 3, hint="Count again.")
    assert result.correct is False and result.problem is None
    assert repr(result) == "Not quite: 0.5 is not it. Count again."
    assert check(None, 1).correct is None and check(None, 1).problem is None
