"""Every lesson, executed by a real kernel, shows a picture wherever a cell draws.

nbval runs the lessons but does not look at what they show. Here each lesson
is executed once by an IPython kernel (nbclient, as JupyterLab's *Run All* or
``jupyter nbconvert --execute`` would), with this checkout first on
``PYTHONPATH``; then every drawing cell is run a *second time* in the same
kernel, as a teacher re-running a plot cell would. Each run of each drawing
cell (see :func:`helpers.lessoncheck.draws`) must show an image: a PNG output, or an
explorer widget holding one. This is what caught figures vanishing after the
first one of a kernel (``plt.rc_context`` around the first figure switched the
inline backend's interactive mode off).

The same executed copy is checked for money written one way in what the
cells print and show (``−$4,000``, never ``$-4,000`` or ``-$150``).
"""

from __future__ import annotations

import copy
import os
import re
from pathlib import Path

import pytest
from helpers.lessoncheck import LESSONS, NOTEBOOKS, bad_money, draws, has_image, output_texts, widget_texts
from helpers.lessonkernel import notebook_client

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

ROOT = Path(__file__).resolve().parents[2]


def _execute(path: Path) -> tuple[dict, dict[int, list]]:
    """Run the lesson top to bottom, then each drawing cell again; (notebook, second outputs)."""
    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), saved) if p)
    try:  # the kernel inherits this process's environment: this checkout comes first
        return _run(nbformat.read(path, as_version=4))
    finally:
        if saved is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved


def _run(notebook) -> tuple[dict, dict[int, list]]:
    client = notebook_client(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    again: dict[int, list] = {}
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
        client.set_widgets_metadata()
        first = copy.deepcopy(notebook)
        for index, cell in enumerate(notebook.cells):
            if draws(cell):
                rerun = copy.deepcopy(cell)
                client.execute_cell(rerun, index)
                again[index] = rerun.outputs
        client.set_widgets_metadata()
        first.metadata["widgets_after_rerun"] = notebook.metadata.get("widgets", {})
    return first, again


@pytest.fixture(scope="module", params=LESSONS, ids=lambda p: p.stem)
def executed(request):
    return request.param, *_execute(request.param)


def test_every_drawing_cell_shows_a_picture_on_every_run(executed):
    path, notebook, again = executed
    drawing = [i for i, cell in enumerate(notebook.cells) if draws(cell)]
    after = {"metadata": {"widgets": notebook.metadata["widgets_after_rerun"]}}
    missing = [
        f"cell {i}, first run"
        for i in drawing
        if not has_image(notebook.cells[i].outputs, notebook)
    ]
    missing += [f"cell {i}, run again" for i in drawing if not has_image(again[i], after)]
    assert not missing, f"{path.name}: no picture shown by " + ", ".join(missing)


def test_money_in_what_the_lesson_shows_is_written_one_way(executed):
    path, notebook, _ = executed
    found = [
        f"cell {i}: …{hit}…"
        for i, cell in enumerate(notebook.cells)
        for text in output_texts(cell)
        for hit in bad_money(text)
    ]
    found += [f"a widget: …{hit}…" for text in widget_texts(notebook) for hit in bad_money(text)]
    assert not found, f"{path.name}: write money as −$4,000 (prohis_nb.text.money):\n" + "\n".join(
        found
    )


def test_the_detector_of_drawing_cells_reads_code_not_comments():
    def cell(code, tags=()):
        return {"cell_type": "code", "source": code, "metadata": {"tags": list(tags)}}

    assert draws(cell("fig, ax = plots.catch_heatmap(4)"))
    assert draws(cell("Explorer(card='captain')")) and draws(cell("CustomsExplorer()"))
    assert draws(cell("fig, ax = plt.subplots()")) and draws(cell("x = 1", tags=["draws"]))
    assert not draws(cell("colour = plots.PALETTE[3]  # plots.catch_heatmap()"))
    assert not draws(cell("plots.catch_heatmap()", tags=["no-image"]))
    assert not draws({"cell_type": "markdown", "source": "plots.catch_heatmap()"})


def test_the_picture_detector_sees_an_svg_chart_in_an_html_widget_and_nothing_else():
    from helpers.lessoncheck import has_image

    def notebook(value):
        state = {"m": {"model_name": "HTMLModel", "state": {"value": value}}}
        widgets = {"application/vnd.jupyter.widget-state+json": {"state": state}}
        return {"metadata": {"widgets": widgets}}

    shown = [{"data": {"application/vnd.jupyter.widget-view+json": {"model_id": "m"}}}]
    chart = '<svg class="pnb-chart"><polyline points="0,0 1,1"/></svg>'
    assert has_image(shown, notebook(chart))
    assert not has_image(shown, notebook("<svg></svg>"))  # an empty drawing
    assert not has_image(shown, notebook("<b>no picture</b>"))
    assert not has_image(shown, notebook(""))


#: What Python writes for its own values, never meant for a learner: a tuple or dict of
#: words, a dict by seat, a list of numbers, None, an empty tuple, a float's 16 digits, an
#: exponent, an object's default repr (issue 23, item 13).
PYTHON_REPR = re.compile(
    r"\(\d+(, \d+)+\)|\('[^']*', '|\{'[^']*': |\{\d+: '|\[\d+(, \d+)+\]|\bNone\b|\(\)"
    r"|\d\.\d{9,}|\de[+-]\d\d\b|<[\w.]+ (object )?at 0x"
)
RICH = {"text/html", "text/markdown", "image/png", "application/vnd.jupyter.widget-view+json"}


def test_the_lesson_prints_words_not_python(executed):
    path, notebook, _ = executed
    found = []
    for i, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            texts = ["".join(output["text"])] if "text" in output else []
            data = output.get("data", {})
            if "text/plain" in data and not RICH & set(data):  # what the page shows as text
                texts.append("".join(data["text/plain"]))
            found += [f"cell {i}: {m.group(0)!r}" for t in texts for m in PYTHON_REPR.finditer(t)]
    assert not found, f"{path.name} prints Python, not words:\n" + "\n".join(found)


def test_the_python_detector_catches_the_issues_examples_and_passes_words():
    bad = ["(None, None, None)", "()", "(2, 1, 0, 0, 0)", "0.6666666666666667", "differ by 0e+00",
           "hand: ('captain', 'inspector')", "{'legal': 32}", "seats: {0: 'honest'}",
           "<prohis_nb.widgets.lesson.HTML at 0x7f>"]  # fmt: skip
    good = ["caught in 2/3 of the cases (67%)", "seat 0: honest; seat 1: bluff(bait=0, carry=1)",
            "32 legal goods, 20 illegal goods", "the formula: 0.6667", "$4,237 (b*)"]  # fmt: skip
    assert all(PYTHON_REPR.search(text) for text in bad)
    assert not any(PYTHON_REPR.search(text) for text in good)
