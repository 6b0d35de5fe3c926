"""Every lesson's Markdown: no amount read as LaTeX, one way to write money (checked as text).

The checks themselves are tested first, on sentences whose rendering in
JupyterLab is known (``$4,000 ... $500`` turns into italic maths, and so does
``\\$4,000 ... \\$500``, seen in Chromium; one ``\\$4,000`` stays money; a ``$``
inside backticks is code).
"""

import pytest
from helpers.lessoncheck import LESSONS, bad_money, latex_dollars, read, source

from prohis_nb.text import money


def test_an_unescaped_amount_is_caught_and_an_escaped_one_is_not():
    assert latex_dollars("A fine costs $4,000, a bribe $500.")
    assert latex_dollars("pays $200")  # a lone $ is LaTeX's as soon as a second one follows
    assert latex_dollars(r"A fine costs \$4,000, a bribe \$500.")  # escaped, still a pair
    assert not latex_dollars("A fine costs \\$4,000.\n\nA bribe costs \\$500.")
    assert not latex_dollars("A fine costs 4,000 dollars, a bribe 500.")
    assert not latex_dollars("Write `$4,000` or ```\nprint('$500')\n```.")
    assert not latex_dollars(r"$$ s^* = \frac{d}{f + C}. $$ and $b^*$")


def test_money_with_a_hyphen_or_a_sign_after_the_dollar_is_caught():
    for wrong in ("costs $-4,000", "costs -$150", r"costs -\$150", "costs $−4,000"):
        assert bad_money(wrong), wrong
    for right in ("costs −$4,000", r"costs −\$4,000", "$100-$200 a card", money(-4000)):
        assert not bad_money(right), right
    assert money(-4000) == "−$4,000"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_amount_in_markdown_is_read_as_latex(path):
    found = [
        f"cell {i}: …{hit}…"
        for i, cell in enumerate(read(path)["cells"])
        if cell["cell_type"] == "markdown"
        for hit in latex_dollars(source(cell))
    ]
    assert not found, "escape these dollar signs as \\$:\n" + "\n".join(found)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_money_in_markdown_is_written_one_way(path):
    found = [
        f"cell {i}: …{hit}…"
        for i, cell in enumerate(read(path)["cells"])
        if cell["cell_type"] == "markdown"
        for hit in bad_money(source(cell))
    ]
    assert not found, "write money as −\\$4,000 (prohis_nb.text.money):\n" + "\n".join(found)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lessons_are_stored_without_outputs(path):
    cells = [c for c in read(path)["cells"] if c["cell_type"] == "code"]
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in cells)


# attack-23 F1: "lesson 5's model" for the convoy game (lesson 6), "lesson 5 met" the many
# equilibria (lesson 7).
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_reference_to_lesson_5_never_names_the_bribe_or_the_convoy_game(path):
    import re

    # lesson 5 is the 2 × 2 inspection game: no bribe, no carry, no convoy game
    found = [
        f"cell {i}: {sentence.strip()[:120]}"
        for i, cell in enumerate(read(path)["cells"])
        if cell["cell_type"] == "markdown"
        for sentence in re.split(r"(?<=[.!?;:])\s+|\n\n|\n(?=\s*[*-] )", source(cell))
        if re.search(r"\blesson 5\b", sentence, re.IGNORECASE)
        and re.search(r"bribe|convoy game|carry|many equilibria", sentence, re.IGNORECASE)
    ]
    assert not found, "lesson 5 has no bribe; the convoy game is lesson 6 (7):\n" + "\n".join(found)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_exercise_a_lesson_mentions_is_one_of_its_own(path):
    import re

    # attack-23 F3: lesson 9 sent the learner to an "exercise 3" it does not have
    cells = read(path)["cells"]
    headed = {
        int(n)
        for cell in cells
        if cell["cell_type"] == "markdown"
        for n in re.findall(r"^#+ .*?Exercises? (\d+)", source(cell), re.MULTILINE | re.IGNORECASE)
    }
    mentioned = {
        (i, int(n))
        for i, cell in enumerate(cells)
        # "lesson 7's exercise 2" is another lesson's: not counted here
        for n in re.findall(r"(?<!'s )\bexercises? (\d+)", source(cell), re.IGNORECASE)
    }
    missing = sorted((i, n) for i, n in mentioned if n not in headed)
    assert not missing, f"exercises {sorted(headed)} exist; mentioned: {missing}"


def test_lesson_9_describes_the_intervals_as_the_table_computes_them():
    # attack-23 F2: the lesson said "widened for games" after the table had moved to students
    from helpers.lessoncheck import NOTEBOOKS

    from prohis_nb.classroom import load_class

    unit = load_class(NOTEBOOKS / "class_records").table().unit
    (lesson,) = [p for p in LESSONS if p.stem.startswith("09_")]
    words = " ".join(source(c) for c in read(lesson)["cells"] if c["cell_type"] == "markdown")
    words = " ".join(words.split()).replace("*", "")
    assert unit == "student"
    assert f"clustered by {unit}" in words
    assert "widened for games" not in words
