"""Lesson 5's text: dollars escaped in Markdown, one money format, no typed results.

JupyterLab reads ``$...$`` in a Markdown cell as LaTeX, so every dollar sign
there must be escaped (``\\$4,000``); code cells write money with
``prohis_nb.text.money`` (``−$4,000``), never ``$-4,000`` or ``{x:,.0f}``.
"""

import json
import re
from pathlib import Path

LESSON = Path(__file__).parents[1] / "notebooks" / "05_bluffing_in_equilibrium.ipynb"


def _cells(kind: str) -> list[str]:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == kind]


def test_every_dollar_sign_in_markdown_is_escaped():
    for text in _cells("markdown"):
        assert not re.search(r"(?<!\\)\$", text), text


def test_code_writes_money_one_way():
    for text in _cells("code"):
        assert "$-" not in text and ",.0f}" not in text and ":+," not in text, text


def test_the_lesson_is_stored_without_outputs():
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    assert all(not c.get("outputs") for c in cells if c["cell_type"] == "code")
