"""The documentation site builds with no warning, and holds what it promises (`make docs`).

Sphinx runs as `make docs` runs it (warnings are errors), into a temporary
folder; then the pages are read back: the tutorial holds every lesson run
(outputs, widgets, figures with their text alternatives) with its launch
links, the rules sheets are one-page PDFs with the package's numbers, the API reference
documents the engine's classes from their docstrings, the schema page quotes
the shipped schemas, and every Markdown page of docs/ made it into the site.
"""

from __future__ import annotations

import html as html_module
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs")
    html = out / "html"
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q"]
        + ["-d", str(out / "doctrees"), str(DOCS), str(html)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=1500,  # the lessons run in the build (cached: only the first build)
    )
    assert result.returncode == 0, f"sphinx-build failed:\n{result.stderr[-5000:]}"
    # Sphinx's own warnings and errors ("page.md:12: WARNING: ..."); the lessons' kernels
    # write their own log lines to stderr ("[IPKernelApp] WARNING | ..."), not the build's
    said = [line for line in result.stderr.splitlines() if re.search(r"(WARNING|ERROR):", line)]
    assert not said, "\n".join(said)
    return html


def text_of(page: Path) -> str:
    """The visible text of an HTML page (tags dropped)."""
    return re.sub(r"<[^>]+>", " ", page.read_text("utf-8"))


def test_every_page_of_docs_is_in_the_site(site: Path):
    for page in DOCS.glob("*.md"):
        assert (site / f"{page.stem}.html").exists(), page.name
    index = (site / "index.html").read_text("utf-8")
    for page in DOCS.glob("*.md"):
        if page.stem != "index":
            assert f'href="{page.stem}.html"' in index, f"{page.name} is not in the contents"


def test_the_tutorial_is_every_lesson_run_with_launch_links(site: Path):
    lessons = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert len(lessons) >= 12
    with_widgets: list[str] = []
    for notebook in lessons:
        page = site / "lessons" / f"{notebook.stem}.html"
        assert page.exists(), notebook.name
        cells = json.loads(notebook.read_text("utf-8"))["cells"]
        title = "".join(cells[0]["source"]).splitlines()[0].lstrip("# ").strip()
        shown = " ".join(text_of(page).split())
        assert " ".join(title.split()[:4]) in shown, (notebook.name, title)
        html = page.read_text("utf-8")
        # executed during the build: outputs, and the widgets' state to draw them
        # (a lesson whose picture is a plain figure has no widget)
        assert "cell_output" in html, notebook.name
        if "application/vnd.jupyter.widget-view+json" in html:
            with_widgets.append(notebook.name)
            assert "application/vnd.jupyter.widget-state+json" in html, notebook.name
        assert f"urlpath=lab/tree/notebooks/{notebook.name}" in html  # Binder
        assert f"?path={notebook.name}" in html  # JupyterLite
        # JupyterLite downloads numpy and matplotlib for lessons 3 on: the page says so in words
        assert "so they need the network" in shown, notebook.name
    # the lessons built around a widget show it on the site (Play, the explorers, Stepper)
    assert {"01_the_game_and_a_first_round.ipynb", "04_bribe_or_inspect.ipynb"} <= set(
        with_widgets
    ), with_widgets
    drawn = (site / "lessons" / "04_bribe_or_inspect.html").read_text("utf-8")
    # lesson 4's bribe-or-inspect chart: an SVG named for screen readers, in the widget state
    assert "Bribe or inspect? (a 3-card convoy). The controller" in html_module.unescape(
        drawn.replace('\\"', '"')
    )
    guide = text_of(site / "lessons" / "README.html")
    assert "Teacher" in guide


def test_the_rules_sheets_are_one_printed_page_each_with_the_packages_numbers(site: Path):
    from prohis_nb.prohis.cards import HAND_VALUE, WAREHOUSE_VALUE
    from prohis_nb.smuggle.board import Board
    from prohis_nb.text import money

    for name in ("prohis", "smuggle"):
        pdf = (site / "sheets" / f"{name}-rules-sheet.pdf").read_bytes()
        assert pdf.startswith(b"%PDF")
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert pages == 1, f"{name}: {pages} pages"
        assert f"sheets/{name}-rules-sheet.pdf" in (site / f"sheet-{name}.html").read_text()
    prohis = " ".join(text_of(site / "sheet-prohis.html").split())
    for kind in WAREHOUSE_VALUE:
        assert f"{kind} {money(WAREHOUSE_VALUE[kind])} {money(HAND_VALUE[kind])}" in prohis
    smuggle = " ".join(text_of(site / "sheet-smuggle.html").split())
    board = Board()
    for kind in board.duty:
        assert f"{money(board.duty[kind])} {money(board.fine[kind])}" in smuggle


def test_the_api_reference_comes_from_the_docstrings(site: Path):
    from prohis_nb.core.game import GameBase
    from prohis_nb.core.record import Record

    page = site / "generated" / "prohis_nb.core.game.html"
    shown = " ".join(text_of(page).split())
    first_line = GameBase.legal_actions.__doc__.strip().splitlines()[0]
    assert first_line.split(":")[0] in shown
    assert 'id="prohis_nb.core.game.GameBase.apply"' in page.read_text("utf-8")
    record_page = site / "generated" / "prohis_nb.core.record.html"
    assert 'id="prohis_nb.core.record.Record.replay"' in record_page.read_text("utf-8")
    assert Record.__doc__.split(":")[0] in text_of(record_page)


def test_the_schema_page_quotes_the_shipped_schemas(site: Path):
    from prohis_nb.schemas import SCHEMA_FILES, record_schema

    page = (site / "record-schema.html").read_text("utf-8")
    for fmt, name in SCHEMA_FILES.items():
        assert record_schema(fmt)["$id"] in page
        assert (site / "_downloads").exists()
        assert any(p.name == name for p in (site / "_downloads").rglob("*.json")), name
