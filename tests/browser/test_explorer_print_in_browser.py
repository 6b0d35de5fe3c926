"""The explorers in Chromium, in normal and in large print, at ordinary and extreme settings.

What Chromium lays out is measured as the large-print test measures the
table (:mod:`helpers.pagechecks`): no slider label, button, readout or picker cut
off ("Cards in the c…", "Downlo…"), no box scrolling sideways, and every
word of each SVG chart inside the drawing and apart from the others (tick
labels such as "$8,000$10,000$12,000", the y label on the ticks, a b* label
off the plot). Each explorer sits in its own cell of a scratch notebook; the
large-print ones are built after ``large_print(True)``.
"""

from __future__ import annotations

import json

import pytest
from helpers.browser import ARTIFACTS, run_all_cells
from helpers.pagechecks import chart_words, clipped

pytestmark = pytest.mark.browser

NOTEBOOK = "scratch_explorer_print.ipynb"
EXTREME = "unseen={'legal': 60, 'illegal': 30, 'lieutenant': 8, 'captain': 6, 'inspector': 6}"
CELLS = [
    "from prohis_nb.widgets import Explorer, large_print\n"
    "from prohis_nb.widgets.customs import CustomsExplorer\n"
    "Explorer(card='captain', convoy_size=3, illegal=1, bribe_legal=1)",
    "CustomsExplorer(item='watch', count=2, search=0.2)",
    "CustomsExplorer(item='crown', count=1, search=0.1, picture='heard')",
    # extremes: the biggest convoy and bribe, every unseen card; nothing unseen but legal goods
    f"Explorer({EXTREME})",
    "Explorer(card='lieutenant', convoy_size=2, illegal=0, bribe_legal=0, unseen={'legal': 2})",
    "CustomsExplorer(item='necklace', count=4, search=1.0, inform=1.0)",
    "large_print(True)\nExplorer(card='captain', convoy_size=3, illegal=1, bribe_legal=1)",
    "CustomsExplorer(item='watch', count=2, search=0.2)",
    "CustomsExplorer(item='crown', count=1, search=0.1, picture='heard')",
    f"Explorer({EXTREME})",
    "Explorer(card='lieutenant', convoy_size=2, illegal=0, bribe_legal=0, unseen={'legal': 2})",
    "CustomsExplorer(item='necklace', count=4, search=1.0, inform=1.0)",
]


def write_notebook(folder) -> None:
    cells = [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": s}
        for s in CELLS
    ]
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    notebook = {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4,
                "nbformat_minor": 5}  # fmt: skip
    (folder / NOTEBOOK).write_text(json.dumps(notebook))


@pytest.fixture
def tall_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(120_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_explorers_fit_in_normal_and_large_print(tall_page, lab):
    page = tall_page
    write_notebook(lab.root)
    run_all_cells(page, lab, NOTEBOOK, timeout_ms=300_000)
    explorers = page.locator(".pnb-explorer, .pnb-customs-explorer")
    assert explorers.count() == 12
    large = page.locator(".pnb-explorer.pnb-large, .pnb-customs-explorer.pnb-large")
    assert large.count() == 6  # the last six, built in large print
    ARTIFACTS.mkdir(exist_ok=True)
    for i in (0, 3, 6, 9):
        explorers.nth(i).scroll_into_view_if_needed()
        explorers.nth(i).screenshot(path=ARTIFACTS / f"explorer-print-{i}.png")
    cut = clipped(page)
    assert not cut, "\n".join(
        f"{c['what']}: {c['text']!r} needs {c['need']} px, has {c['has']} px" for c in cut
    )
    charts = chart_words(page)
    assert len(charts) == 12
    bad = [c for c in charts if c["outside"] or c["overlaps"]]
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)
    # the large-print words really are larger on screen than the normal ones
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.pnb-explorer .widget-slider .widget-label')]
            .map(l => parseFloat(getComputedStyle(l).fontSize))"""
    )
    assert max(sizes) >= 1.4 * min(sizes)
