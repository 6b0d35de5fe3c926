"""The class's results in a real browser: lesson 9 run in JupyterLab, the CSV downloaded.

The cells of the class section (taken from lesson 9 itself,
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
from helpers.browser import ARTIFACTS, NOTEBOOKS, run_all_cells
from playwright.sync_api import expect

from prohis_nb.classroom import load_class

pytestmark = pytest.mark.browser

SECTION = "class_results_section.ipynb"


def section_notebook() -> dict:
    """Lesson 9's class section as a notebook: its cells (ids ``cls*``) after an import."""
    lesson = json.loads((NOTEBOOKS / "09_the_class_against_the_theory.ipynb").read_text())
    cells = [c for c in lesson["cells"] if c["id"].startswith("cls")]
    assert len(cells) > 10, "the class section is missing from lesson 9"
    setup = {
        "cell_type": "code",
        "id": "setup",
        "metadata": {},
        "execution_count": None,
        "outputs": [],
        "source": [
            "from prohis_nb.widgets import charts\n",
            "from prohis_nb.widgets.lesson import check, show_chart",
        ],
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

    figures = page.locator(".jp-OutputArea-output svg.pnb-chart")  # drawn as SVG
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


def test_lesson_9_an_uploaded_class_reaches_the_table_plots_csv_and_exercise_1(page, lab):
    """Upload two games of each kind, run the cells below: everything shows the upload.

    The number of games is counted from the files uploaded; the rates the page
    shows are read back from the CSV link, the plot's text alternative and
    exercise 1's answer, and must all be the uploaded class's (computed here
    from the same files), not the pretend class's.
    """
    import base64
    import re

    from prohis_nb.text import percent

    name = "09_the_class_against_the_theory.ipynb"
    run_all_cells(page, lab, name, timeout_ms=300_000)
    folder = NOTEBOOKS / "class_records"
    files = [folder / game / f"round1_table{t}.json" for game in ("prohis", "smuggle")
             for t in (1, 2)]  # fmt: skip
    with page.expect_file_chooser() as chooser:
        page.locator(".widget-upload", has_text="Records").click()
    chooser.value.set_files([str(f) for f in files])
    expect(page.locator(".widget-upload", has_text="Records")).to_contain_text("4")  # "Records (4)"
    index = page.evaluate(
        """() => window.jupyterapp.shell.currentWidget.content.widgets.findIndex(
            c => c.model.sharedModel.getSource().startsWith('results = load_class(upload)'))"""
    )
    assert index > 0
    page.evaluate(
        """async (i) => {
            const panel = window.jupyterapp.shell.currentWidget;
            panel.content.activeCellIndex = i;
            await window.jupyterapp.commands.execute('notebook:run-all-below');
        }""",
        index,
    )
    expected = load_class([(f.name, f.read_bytes()) for f in files])
    inspection = expected.table()["inspection"]
    summary = page.locator(".jp-Cell").nth(index).locator(".jp-OutputArea-output")
    expect(summary).to_contain_text("Prohis, 2 games")
    expect(summary).to_contain_text("Smuggle, 2 games")
    # the CSV link carries the uploaded class's table
    href = page.locator("a[download='class_results.csv']").first.get_attribute("href")
    rows = list(csv.DictReader(io.StringIO(base64.b64decode(href.split(",", 1)[1]).decode())))
    row = next(r for r in rows if r["game"] == "prohis" and r["measure"] == "inspection")
    assert (int(row["count"]), int(row["out_of"])) == (inspection.count, inspection.out_of)
    # the Prohis plot describes the uploaded class's inspection rate
    alts = page.locator("svg[aria-label*='what our class did']").evaluate_all(
        "svgs => svgs.map(s => s.getAttribute('aria-label'))"
    )
    assert any(
        f"convoys offered no bribe that were inspected: {percent(inspection.rate)}" in a
        for a in alts
    ), alts
    # exercise 1's answer is the uploaded class's bribe rate
    offered = expected.table()["bribe offered"]
    answers = page.locator("details code").evaluate_all("codes => codes.map(c => c.textContent)")
    assert f"{offered.rate:.4g}" in answers, answers
    assert re.search(r"\d", " ".join(answers))
