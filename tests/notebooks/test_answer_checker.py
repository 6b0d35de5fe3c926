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


# ---------------------------------------------------------------- the slips of issue 23, item 10


@pytest.mark.parametrize("answer", [75, 75.0, np.int64(75)])
def test_a_percentage_for_a_share_says_a_share_between_0_and_1_is_wanted(answer):
    result = check(answer, 0.75, tolerance=0.01)
    assert result.correct is False
    assert "between 0 and 1" in repr(result) and "0.75" in repr(result)


@pytest.mark.parametrize("answer", ["75%", "75 %", " 75% "])
def test_a_percentage_written_with_its_sign_is_accepted(answer):
    assert check(answer, 0.75, tolerance=0.01).correct is True
    assert check(answer, 0.5, tolerance=0.01).correct is False


def test_a_share_above_one_that_is_no_percentage_of_the_answer_is_still_told_the_range():
    result = check(130, 0.75, tolerance=0.01)
    assert result.correct is False and "between 0 and 1" in repr(result)


def test_a_thousands_comma_is_explained_not_called_a_tuple():
    answer = 7, 000  # noqa: E231 - what a learner types
    result = check(answer, 7000)
    assert result.correct is False
    text = repr(result)
    assert "7000" in text and "comma" in text and "tuple" not in text
    assert "1234567" in repr(check((1, 234, 567), 1_234_567))  # 1,234,567


def test_text_answers_ignore_spaces_and_case():
    assert check("bluff(bait = 0.5)", "bluff(bait=0.5)").correct is True
    assert check(" Bluff( bait=0.5 ) ", "bluff(bait=0.5)").correct is True
    assert check("bluff(bait=0.25)", "bluff(bait=0.5)").correct is False


def test_where_a_set_is_asked_the_message_says_a_set_in_braces():
    text = repr(check(3, {1, 3}))
    assert "set" in text and "{0, 3}" in text and "[" not in text
    assert check([3, 1], {1, 3}).correct is True  # a list with the right seats is fine


@pytest.mark.parametrize("module", ["01_the_game_and_a_first_round", "02_who_knows_what"])
def test_exercises_the_issue_names_have_hints(module):
    from helpers.lessoncheck import NOTEBOOKS, read, source

    cells = read(NOTEBOOKS / f"{module}.ipynb")["cells"]
    name = {"01_the_game_and_a_first_round": "my_turns", "02_who_knows_what": "my_unseen"}[module]
    calls = []
    for text in (source(c) for c in cells):
        start = text.find(f"check({name}")
        if start >= 0:  # the call itself, up to its closing parenthesis
            depth, end = 0, start
            while True:
                depth += {"(": 1, ")": -1}.get(text[end], 0)
                if depth == 0 and text[end] == ")":
                    break
                end += 1
            calls.append(text[start : end + 1])
    assert calls and all("hint=" in call for call in calls), calls


def test_two_answers_in_one_cell_are_labelled():
    first = check(None, 2, label="Part 1")
    second = check(3, 2, label="Part 2")
    assert repr(first).startswith("Part 1: ") and repr(second).startswith("Part 2: ")
    assert "Part 2: " in second._repr_html_()
