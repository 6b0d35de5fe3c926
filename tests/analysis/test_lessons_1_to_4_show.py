"""Lessons 1-4 executed, and what they show checked: numbers against brute force, prose rules.

Each lesson runs top to bottom in a fresh kernel (nbclient). Lesson 4's
numbers are read from its outputs and compared with the brute force of
``test_beliefs_brute_force`` (every convoy of labelled cards listed). The
text rules of STYLE.md: dollar signs escaped in Markdown, money written one
way (``−$4,000``, never ``$-4,000`` or ``-$150``), no dollar amount typed
into a Markdown cell (every number in prose is computed by the lesson).
"""

import html
import json
import os
import re
from pathlib import Path

import pytest
from helpers import beliefs_brute_force as brute
from helpers.lessonkernel import notebook_client  # tests/notebooks, on pytest's pythonpath

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("0[1-4]_*.ipynb"))


def markdown_cells(path):
    return [
        "".join(c["source"])
        for c in json.loads(path.read_text())["cells"]
        if c["cell_type"] == "markdown"
    ]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_no_dollar_amount_is_typed_into_markdown(path):
    for text in markdown_cells(path):
        assert not re.search(r"(?<!\\)\$", text), f"unescaped $ in {path.name}: {text[:80]!r}"
        assert not re.search(r"\\\$\s*[\d,]+", text), (
            f"a typed amount in {path.name}: {text[:80]!r}"
        )


def run(path):
    notebook = nbformat.read(path, as_version=4)
    env_path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = f"{ROOT}{os.pathsep}{env_path}" if env_path else str(ROOT)
    client = notebook_client(notebook, timeout=300, kernel_name="python3")
    client.execute(cwd=str(path.parent))
    return notebook


def shown_text(notebook):
    pieces = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                pieces.append(output["text"])
            for kind in ("text/markdown", "text/plain", "text/html"):
                if kind in output.get("data", {}):
                    pieces.append(output["data"][kind])
            markdown = output.get("data", {}).get("text/markdown")
            if markdown:  # as a reader reads it: money's <span>s and &#36; signs undone
                pieces.append(html.unescape(re.sub(r"</?span[^>]*>", "", markdown)))
    return "\n".join(pieces)


@pytest.fixture(scope="module")
def lesson_4_text():
    return shown_text(run(ROOT / "notebooks" / "04_bribe_or_inspect.ipynb"))


def written(amount):
    return f"${round(amount):,}"


def test_lesson_4_shows_the_brute_force_b_star_for_each_card(lesson_4_text):
    pool = brute.pool_from_the_rules()
    captain = brute.brute_force_b_star(pool, 3, "captain")
    inspector = brute.brute_force_b_star(pool, 3, "inspector")
    assert f"indifference bribe b* = {written(captain)}" in lesson_4_text
    escaped = lesson_4_text.replace("\\$", "$")
    assert f"{written(inspector)} with the inspector (higher)" in escaped


def test_lesson_4_shows_the_hand_model_by_listing(lesson_4_text):
    hand = brute.hand_model_b_star_by_listing("captain")
    assert f"to **{written(hand)}**" in lesson_4_text.replace("\\$", "$")


def test_lesson_4_shows_the_two_card_inspector_below_the_captain(lesson_4_text):
    two = {
        c: brute.brute_force_b_star(brute.pool_from_the_rules(), 2, c)
        for c in ("captain", "inspector")
    }
    text = lesson_4_text.replace("\\$", "$")
    assert f"b\\* = {written(two['captain'])} with the captain, {written(two['inspector'])}" in text
    assert two["inspector"] < two["captain"]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_money_is_written_one_way_in_what_the_lesson_shows(path):
    text = shown_text(run(path))
    assert not re.search(r"\$-\d|-\$\d", text), "money written as $-4,000 or -$4,000"
