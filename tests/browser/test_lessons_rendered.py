"""Every lesson as JupyterLab renders it in Chromium after Run All: what a teacher would see.

Each lesson is opened in a private JupyterLab, run with Run All, and the page
is measured once (:mod:`helpers.pagechecks`); the tests below read those facts:

* no dollar amount typeset as maths: MathJax output only where a Markdown
  cell writes a formula on purpose (``$$ … $$``), none in any output;
* no control of the project's widgets cut off, no box of theirs scrolling
  sideways;
* the words of every SVG chart inside the drawing, none overlapping;
* every figure (matplotlib PNG or SVG chart) with a text alternative that
  says what it shows;
* axe-core (WCAG 2.1 A and AA) finds nothing in the project's widgets.

Typesetting is asynchronous, so a last cell is added to the lesson's copy
(never to the repository's file) that shows a formula on purpose; once that
one is typeset, the page's typesetting is done, and the check has shown it
can see typeset maths.
"""

from __future__ import annotations

import json

import pytest
from helpers.browser import ARTIFACTS, NOTEBOOKS, run_all_cells
from helpers.pagechecks import axe_violations, chart_words, clipped, figures, unintended_maths

pytestmark = pytest.mark.browser

LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
SENTINEL = "pnb-sentinel"
SENTINEL_CELL = {
    "cell_type": "code",
    "execution_count": None,
    "metadata": {},
    "outputs": [],
    "source": (
        "from IPython.display import Markdown\n"
        f"Markdown('<span class=\"{SENTINEL}\">A formula on purpose: $x^2$</span>')"
    ),
}


def add_sentinel(path) -> int:
    """Append the formula-on-purpose cell to the copy at ``path``; return its index."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["cells"].append(SENTINEL_CELL)
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return len(notebook["cells"]) - 1


@pytest.fixture(scope="module")
def lesson_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(120_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(scope="module")
def rendered(lab, lesson_page):
    """The facts measured on each lesson's page, measured once per lesson when first asked."""
    cache: dict[str, dict] = {}

    def measure(name: str) -> dict:
        if name not in cache:
            page = lesson_page
            sentinel = add_sentinel(lab.root / name)
            seconds = run_all_cells(page, lab, name, timeout_ms=300_000)
            # the formula on purpose, typeset: the page's typesetting has caught up
            page.locator(f".{SENTINEL} mjx-container").first.wait_for(state="attached")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=ARTIFACTS / f"rendered-{name}.png", full_page=True)
            cache[name] = {
                "seconds": seconds,
                "maths": [c for c in unintended_maths(page) if c["cell"] != sentinel],
                "clipped": clipped(page),
                "charts": chart_words(page),
                "figures": figures(page),
                "axe": axe_violations(page),
            }
            print(f"\n{name}: Run All {seconds:.1f} s")
        return cache[name]

    return measure


@pytest.mark.parametrize("name", LESSONS)
def test_no_dollar_amount_is_typeset_as_maths(rendered, name):
    maths = rendered(name)["maths"]
    assert not maths, f"{name}: maths typeset where no formula was meant:\n" + "\n".join(
        f"cell {c['cell']}: {c['text']!r}" for c in maths
    )


@pytest.mark.parametrize("name", LESSONS)
def test_no_control_is_cut_off_or_scrolls_sideways(rendered, name):
    found = rendered(name)["clipped"]
    assert not found, f"{name}:\n" + "\n".join(
        f"{f['what']}: {f['text']!r} needs {f['need']} px, has {f['has']} px ({f['cls']})"
        for f in found
    )


@pytest.mark.parametrize("name", LESSONS)
def test_chart_words_stay_inside_and_apart(rendered, name):
    bad = [c for c in rendered(name)["charts"] if c["outside"] or c["overlaps"]]
    assert not bad, f"{name}: " + json.dumps(bad, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("name", LESSONS)
def test_every_figure_says_what_it_shows(rendered, name):
    shown = rendered(name)["figures"]
    assert all(f["complete"] for f in shown), f"{name}: a picture did not load"
    missing = [f for f in shown if len(f["alt"]) < 20]
    assert not missing, f"{name}: figures without a text alternative: {missing}"


@pytest.mark.parametrize("name", LESSONS)
def test_axe_finds_nothing_in_the_widgets(rendered, name):
    result = rendered(name)["axe"]
    lines = [f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:5])
             for v in result["violations"]]  # fmt: skip
    assert not lines, f"{name}: axe-core, WCAG 2.1 AA:\n" + "\n".join(lines)


def test_every_lesson_is_rendered():
    """The checks above run on every lesson of notebooks/: 01 to 12 at least (new ones too)."""
    numbers = {name[:2] for name in LESSONS}
    assert {f"{n:02d}" for n in range(1, 13)} <= numbers, sorted(numbers)
