"""Every lesson has the shape of a lesson (issue 23, item 14): read from the notebook files.

* it opens with its **goals**;
* every exercise asks for a step **on paper first**, before any code;
* the learner's answer cell comes after the exercise, and the cell that checks
  it after that (the answer is never computed in the cells before);
* it ends with **What you saw**, a summary in a few points.
"""

from __future__ import annotations

import re

import pytest
from helpers.lessoncheck import LESSONS, read, source

#: Exercises whose pen-and-paper step is being rewritten elsewhere (lesson 4's coach exercise).
NOT_YET: set[tuple[str, str]] = set()


def exercises(cells: list[dict]) -> list[tuple[int, str]]:
    """(index, title) of every Markdown cell that sets an exercise."""
    found = []
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        match = re.search(r"^## (Exercise \d+)", source(cell), re.MULTILINE)
        if match:
            found.append((index, match.group(1)))
    return found


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_a_lesson_opens_with_its_goals_and_ends_with_what_you_saw(path):
    cells = read(path)["cells"]
    assert source(cells[0]).startswith("# Lesson ")
    assert "**Goals.**" in source(cells[0]) or "**Goals.**" in source(cells[1])
    assert source(cells[-1]).startswith("## What you saw")
    assert source(cells[-1]).count("\n* ") >= 2  # a summary in points


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_every_exercise_asks_for_a_step_on_paper_before_the_code(path):
    cells = read(path)["cells"]
    found = exercises(cells)
    assert found, "a lesson has at least one exercise"
    for index, title in found:
        if (path.name[:2], title) in NOT_YET:
            continue
        text = source(cells[index]).split(f"## {title}", 1)[1]
        assert "**On paper first.**" in text, f"{path.name}: {title} has no step on paper"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_the_answer_cell_comes_before_the_check(path):
    cells = read(path)["cells"]
    for index, title in exercises(cells):
        answer = cells[index + 1]
        assert answer["cell_type"] == "code", f"{path.name}: {title}"
        names = re.findall(r"^(my_\w+) = None", source(answer), re.MULTILINE)
        assert names, f"{path.name}: {title}: the learner's answer cell comes first"
        later = "\n".join(source(c) for c in cells[index + 2 : index + 5])
        for name in names:
            assert f"check({name}" in later, f"{path.name}: {title}: {name} is never checked"
