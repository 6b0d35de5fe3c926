"""The class's results in a real browser: lesson 6's section run in JupyterLab, the CSV downloaded.

The cells of the section "What our class did" (taken from lesson 6 itself,
by their ids) are run with Run All in a notebook of their own next to the
lessons, so the example folder ``class_records`` is found as in the lesson.
Then, as a teacher would: the skipped files are listed, the class table shows
with the theory beside it, both figures are drawn, and clicking the download
link saves a CSV whose content is the table computed here, in this process.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from browserhelpers import ARTIFACTS, NOTEBOOKS, run_all_cells
from playwright.sync_api import expect

from prohis_nb.classroom import load_class

pytestmark = pytest.mark.browser

SECTION = "class_results_section.ipynb"


def section_notebook() -> dict:
    """Lesson 6's section as a notebook: its cells (ids ``cls*``) after the lesson's imports."""
    lesson = json.loads((NOTEBOOKS / "06_strategies_in_a_tournament.ipynb").read_text())
    cells = [c for c in lesson["cells"] if c["id"].startswith("cls")]
    assert len(cells) > 10, "the section 'What our class did' is missing from lesson 6"
    setup = {
        "cell_type": "code",
        "id": "setup",
        "metadata": {},
        "execution_count": None,
        "outputs": [],
        "source": ["from prohis_nb.widgets.lesson import check"],
    }
    return {**lesson, "cells": [setup, *cells]}


def test_the_class_table_shows_and_its_csv_downloads(page, lab):
    (lab.root / SECTION).write_text(json.dumps(section_notebook()))
    seconds = run_all_cells(page, lab, SECTION, timeout_ms=180_000)
    print(f"\nthe class results section: Run All took {seconds:.1f} s")

    skipped = page.locator(".pnb-skipped").first
    expect(skipped).to_contain_text("broken_save.json: not JSON")
    expect(skipped).to_contain_text("shopping_list.json: not a game record")

    expected = load_class(NOTEBOOKS / "class_records")
    table = expected.table()
    shown = page.locator("table.pnb-class-table").first
    expect(shown).to_be_visible()
    expect(shown.locator("tbody tr")).to_have_count(len(table))
    bait = shown.locator("tr", has_text="bluff by bait")
    expect(bait).to_contain_text(table["bait"].observed())
    expect(bait).to_contain_text(str(table["bait"].prediction))
    expect(bait).to_contain_text("convoy game")
    expect(shown.locator("tr", has_text="chances to control")).to_contain_text("no prediction")
    shown.screenshot(path=ARTIFACTS / "classroom-table.png")

    figures = page.locator(".jp-OutputArea-output img")
    assert figures.count() >= 2, "both plots of the class against the theory should be drawn"
    expect(figures.first).to_be_visible()

    link = page.locator("a.pnb-download", has_text="Download the class table (CSV)").first
    expect(link).to_be_visible()
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == "class_results.csv"
    text = Path(download.path()).read_bytes().decode("utf-8")
    assert text == expected.to_csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == len(table)
    inspection = next(r for r in rows if r["measure"] == "inspection")
    assert int(inspection["count"]) == table["inspection"].count
    assert int(inspection["out_of"]) == table["inspection"].out_of
