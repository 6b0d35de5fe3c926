"""Large print in a real browser: Chromium computes larger text and cards, and normal stays normal.

A plain page (no JupyterLab needed) holds the same table drawn in normal and
in large print, and a button carrying ipywidgets' classes inside a
``pnb-large`` box; the sizes are the ones Chromium lays out.
"""

from __future__ import annotations

import pytest

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.presenting import large_print
from prohis_nb.widgets.render import render_table, renderer_for

pytestmark = pytest.mark.browser

MEASURE = """() => [...document.querySelectorAll('.pnb-table')].map(t => ({
    text: parseFloat(getComputedStyle(t).fontSize),
    card: t.querySelector('.pnb-card svg').getBoundingClientRect().width,
    log: parseFloat(getComputedStyle(t.querySelector('.pnb-log')).fontSize),
    heading: parseFloat(getComputedStyle(t.querySelector('.pnb-logbox h4')).fontSize),
}))"""


def test_large_print_is_larger_on_screen(page):
    game = ProhisGame(ProhisRules(players=4), seed=7)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    renderer = renderer_for("prohis")
    normal = render_table(game.view(0).to_json(), renderer, 0)
    before = large_print(True)
    try:
        large = render_table(game.view(0).to_json(), renderer, 0)
    finally:
        large_print(before)
    button = "<button class='jupyter-button widget-button'>Send convoy</button>"
    page.set_content(
        f"<html><body>{normal}{button}<div class='pnb-large'>{button}</div>{large}</body></html>"
    )
    small, big = page.evaluate(MEASURE)
    print(f"\nnormal print: {small}\nlarge print:  {big}")
    for key in ("text", "card", "log", "heading"):
        assert big[key] >= 1.4 * small[key], key
    buttons = page.evaluate(
        "() => [...document.querySelectorAll('button')].map(b => "
        "parseFloat(getComputedStyle(b).fontSize))"
    )
    assert buttons[1] == 20 and buttons[0] < 20
