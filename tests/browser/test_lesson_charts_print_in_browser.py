"""The lessons' SVG charts in Chromium, in normal and in large print: every word inside, apart.

The charts lessons 3, 4, 7, 8, 9 and 10 draw as SVG (:mod:`prohis_nb.widgets.charts`)
are put on a plain page at the width of a notebook's output, and at a
narrow one; :func:`pagechecks.chart_words` measures what Chromium laid out:
no title, row description, tick label or legend entry outside the drawing
or on another word (a long row description at large print included).
"""

from __future__ import annotations

import pytest
from helpers.browser import ARTIFACTS, NOTEBOOKS
from helpers.pagechecks import chart_words

from prohis_nb.presenting import large_print

pytestmark = pytest.mark.browser


def drawings() -> dict[str, str]:
    from prohis_nb.classroom import load_class
    from prohis_nb.lesson_tournament import lesson_tournament
    from prohis_nb.widgets import charts

    result = lesson_tournament()
    classes = load_class(NOTEBOOKS / "class_records")
    unseen = {"legal": 32, "illegal": 20, "lieutenant": 6, "captain": 1, "inspector": 1}
    return {
        "heat map": charts.catch_heatmap(4, "inspector"),
        "bribe or inspect": charts.bribe_or_inspect(unseen, 3, "captain", 12_000).svg(),
        "declare or lie": charts.declare_or_lie(["watch", "wine"], 0, None, 0.2).svg("lower left"),
        "customs rates": charts.customs_rates(),
        "equilibria": charts.equilibrium_vs(
            "p_dirty", [k / 20 for k in range(1, 20)], card="captain", size=3, illegal=1
        ).svg("upper right"),
        "tournament": charts.tournament_scores(result),
        "paired": charts.paired_differences(result.comparisons()),
        "class, prohis": charts.class_vs_theory(classes.table("prohis")),
        "class, smuggle": charts.class_vs_theory(classes.table("smuggle")),
    }


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large print"])
def test_every_word_of_every_lesson_chart_is_inside_and_apart(page, large):
    before = large_print(large)
    try:
        drawn = drawings()
    finally:
        large_print(before)
    for width in (900, 480):
        page.set_viewport_size({"width": width + 40, "height": 900})
        boxes = "".join(f"<div style='width:{width}px'>{svg}</div>" for svg in drawn.values())
        page.set_content(f"<html><body>{boxes}</body></html>")
        measured = chart_words(page)
        assert len(measured) == len(drawn)
        bad = {
            name: (m["outside"], m["overlaps"])
            for name, m in zip(drawn, measured, strict=True)
            if m["outside"] or m["overlaps"]
        }
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / f"lesson-charts-{width}-{large}.png", full_page=True)
        assert not bad, f"at {width} px, large print {large}: {bad}"
