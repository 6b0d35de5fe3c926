"""The Smuggle lessons (10 to 12, the old lesson 7) read as prose: no typeset dollars, no
typed results, no benchmark lines.

JupyterLab reads ``$`` as the start of LaTeX, so an unescaped ``$200`` turns
a paragraph into run-together italics. Formulas are written between ``$$``
(or ``$...$`` holding no dollar amount).
"""

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = [
    NOTEBOOKS / name
    for name in (
        "10_declaring_to_customs.ipynb",
        "11_the_signalling_game.ipynb",
        "12_the_informer_and_the_coach.ipynb",
    )
]


def cells(kind):
    for lesson in LESSONS:
        yield from lesson_cells(lesson, kind)


def lesson_cells(lesson, kind):
    notebook = json.loads(lesson.read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] == kind:
            source = cell["source"]
            yield "".join(source) if isinstance(source, list) else source


def test_dollar_amounts_in_markdown_are_escaped():
    for text in cells("markdown"):
        without_display = re.sub(r"\$\$.*?\$\$", "", text, flags=re.S)
        unescaped = re.findall(r"(?<!\\)\$\s*[0-9−-]", without_display)
        assert not unescaped, f"unescaped dollar amount in: {text[:80]!r}"
        # what is left between single dollars must be balanced (real LaTeX, not money)
        assert len(re.findall(r"(?<!\\)\$", without_display)) % 2 == 0, text[:80]


def test_markdown_states_no_derived_percentages_or_amounts():
    # every result the lesson states is printed by a code cell; prose refers to it
    for text in cells("markdown"):
        prose = re.sub(r"\$\$.*?\$\$", "", text, flags=re.S)
        assert not re.search(r"\d+(\.\d+)? ?%", prose), prose[:80]
        assert not re.search(r"\\\$\d", prose), prose[:80]


def test_no_benchmark_timing_in_the_lesson():
    for text in cells("code"):
        assert not re.search(r"time\.(perf_counter|time)\(|timeit|seconds", text), text[:80]


def test_money_is_written_by_the_text_helpers():
    for text in cells("code"):
        assert not re.search(r"\$\{", text), "format money with prohis_nb.text.money"
        assert ":+" not in text, "signed amounts go through money(), not a format spec"
