"""Lessons 5 to 7 (the old lesson 5, split in three): dollars escaped, one money format.

JupyterLab reads ``$...$`` in a Markdown cell as LaTeX, so every dollar sign
there must be escaped (``\\$4,000``); code cells write money with
``prohis_nb.text.money`` (``−$4,000``), never ``$-4,000`` or ``{x:,.0f}``.
"""

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).parents[1] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("0[5-7]_*.ipynb"))


def _cells(lesson: Path, kind: str) -> list[str]:
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == kind]


def test_the_three_lessons_are_there():
    assert len(LESSONS) == 3


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_every_dollar_sign_in_markdown_is_escaped(lesson):
    for text in _cells(lesson, "markdown"):
        assert not re.search(r"(?<!\\)\$", text), text


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_code_writes_money_one_way(lesson):
    for text in _cells(lesson, "code"):
        assert "$-" not in text and ",.0f}" not in text and ":+," not in text, text


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_the_lesson_is_stored_without_outputs(lesson):
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    assert all(not c.get("outputs") for c in cells if c["cell_type"] == "code")
