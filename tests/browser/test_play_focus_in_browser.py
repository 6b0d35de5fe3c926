"""In Chromium: the button a learner presses in Play keeps its element and the focus.

The action panel writes each decision into the same widgets, place by place
(``ActionPanel._slot``), so the browser keeps their elements. Checked here
in the page itself: after a move, the button element pressed is still in the
page and still has the keyboard focus, even when the decision shown at its
place is a different one (another heading), which a panel keyed by act
replaced (the focus fell back to the page, and JupyterLab restyled the whole
notebook twice to move it: about 20 ms of every move, see
``benchmarks/browser_speed.py``).
"""

from __future__ import annotations

import json

import pytest
from helpers.browser import run_all_cells

pytestmark = pytest.mark.browser

NOTEBOOK = "scratch_play_focus.ipynb"
SOURCE = (
    "from prohis_nb.widgets import Play\n"
    "Play(seat=0, opponents='random', seed=7, delay=0, coach=False)"
)

#: Marks the first enabled button of a heading's row (not a composer's) and
#: returns that heading's words, or None when no such button is offered.
MARK = """
() => {
  const panel = document.querySelector('.pnb-play .pnb-actions');
  const marked = document.querySelectorAll('[data-pnb-pressed]');
  marked.forEach(b => b.removeAttribute('data-pnb-pressed'));
  const rows = ':scope > .widget-vbox > .widget-hbox';
  const button = panel.querySelector(`${rows} > button:not([disabled])`);
  if (!button) return null;
  button.setAttribute('data-pnb-pressed', '1');
  window.pnbPressed = button;
  return button.closest('.widget-vbox').querySelector(':scope > .widget-html').textContent;
}
"""

#: Arms a promise that resolves once the kernel went busy and idle again.
ARM = """
() => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  window.pnbMoved = new Promise(resolve => {
    let busy = false;
    const seen = (_k, status) => {
      if (status === 'busy') busy = true;
      if (status === 'idle' && busy) { k.statusChanged.disconnect(seen); resolve(); }
    };
    k.statusChanged.connect(seen);
  });
}
"""

#: After the move: is the pressed element still in the page, focused, and under which heading?
AFTER = """
async () => {
  await window.pnbMoved;
  for (let i = 0; i < 3; i++) await new Promise(r => requestAnimationFrame(() => r()));
  const el = window.pnbPressed;
  const box = el.isConnected ? el.closest('.widget-vbox') : null;
  return {
    connected: el.isConnected,
    focused: document.activeElement === el,
    heading: box ? box.querySelector(':scope > .widget-html').textContent : null,
    visible: el.isConnected && el.offsetParent !== null,
  };
}
"""


def write_notebook(folder) -> None:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    notebook = {
        "cells": [{**cell, "source": SOURCE}],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / NOTEBOOK).write_text(json.dumps(notebook))


def test_the_pressed_button_keeps_its_element_and_the_focus(page, lab):
    write_notebook(lab.root)
    run_all_cells(page, lab, NOTEBOOK)
    play = page.locator(".pnb-play").first
    moves = kept_across_a_new_decision = 0
    while moves < 15:
        heading = page.evaluate(MARK)
        if heading is None:
            break  # the game ended, or only composers are offered
        page.evaluate(ARM)
        play.locator("[data-pnb-pressed]").click()
        after = page.evaluate(AFTER)
        moves += 1
        if after["visible"]:
            assert after["focused"], f"move {moves}: the pressed button lost the focus"
        if after["heading"] is not None and after["heading"] != heading and after["focused"]:
            kept_across_a_new_decision += 1
    assert moves >= 5
    assert kept_across_a_new_decision >= 1, "no move kept the pressed button for a new decision"


#: Waits until the move armed by ARM is done and the page has drawn it.
SETTLED = """
async () => {
  await window.pnbMoved;
  for (let i = 0; i < 3; i++) await new Promise(r => requestAnimationFrame(() => r()));
}
"""

#: Where the keyboard focus is: inside the Play widget (and what), or elsewhere.
WHERE = """
() => {
  const el = document.activeElement;
  const inside = !!(el && el.closest && el.closest('.pnb-play'));
  return {inside, tag: el ? el.tagName : null, text: el ? (el.textContent || '').trim() : ''};
}
"""


def test_a_learner_at_the_keyboard_keeps_the_focus_move_after_move(page, lab):
    """Twelve moves with Enter alone: the focus never falls out of the game to the page."""
    write_notebook(lab.root)
    run_all_cells(page, lab, NOTEBOOK)
    play = page.locator(".pnb-play").first
    play.locator(".pnb-actions button:not([disabled])").first.focus()
    lost = []
    for move in range(12):
        where = page.evaluate(WHERE)
        assert where["inside"], f"before move {move + 1}: the focus is on {where}"
        if where["tag"] != "BUTTON":
            break  # the game ended (nothing left to press)
        page.evaluate(ARM)
        page.keyboard.press("Enter")
        page.evaluate(SETTLED)
        where = page.evaluate(WHERE)
        if not where["inside"]:
            lost.append((move + 1, where))
    assert not lost, f"the focus fell out of the game after moves {lost}"
