"""In Chromium: once the hot-seat curtain falls, nothing of the last hand is in the page or file.

Issue 22: the convoy composer's card buttons were taken off the page but
never closed, so the browser's widget manager (and a notebook saved with its
widget state) still held the previous seat's hand, and *Download* handed out
the whole record while the curtain was down. Checked here in JupyterLab:

* before the move, seat 0's hand is on its screen and in the saved widget
  state (a check of the check);
* after seat 0 sends a convoy and the curtain falls: no card button, no card
  and no word of seat 0's hand in the output area, and none in the widget
  state JupyterLab saves into the notebook;
* *Download* behind the curtain gives no link and says why (a record holds
  every hand until the game is over); no "Yes" button appears to press
  (attack-22c F7: a "Yes" in the learner's widget is pressed by the learner).
"""

from __future__ import annotations

import json
import random

import pytest
from helpers.browser import LabServer, run_all_cells
from playwright.sync_api import expect

from prohis_nb import ProhisRules

pytestmark = pytest.mark.browser

NOTEBOOK = "scratch_hotseat_secrets.ipynb"
HAND = ["illegal", "illegal", "legal", "legal", "captain", "inspector"]
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def table() -> dict:
    """Seat 0 holds two illegal goods; the row is legal goods only; the rest is the pile."""
    rules = ProhisRules(players=3)
    hands = [
        HAND,
        ["legal"] * 4 + ["captain", "inspector"],
        ["legal"] * 4 + ["captain", "inspector"],
    ]
    row = ["legal"] * 4
    left = dict(rules.deck_counts())
    for card in [c for hand in hands for c in hand] + row:
        left[card] -= 1
    pile = [kind for kind, count in left.items() for _ in range(count)]
    random.Random(2).shuffle(pile)
    return {"first": 0, "hands": hands, "row": row, "pile": pile}


SOURCE = (
    "from prohis_nb import ProhisGame, ProhisRules\n"
    "from prohis_nb.widgets import HotSeat\n"
    f"TABLE = {json.dumps(table())}\n"
    "HotSeat(ProhisGame(ProhisRules(players=3), table=TABLE), delay=0, coach=False)"
)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab that saves the widgets' state into the notebook (as a teacher may set it)."""
    from helpers import browser as browserhelpers

    overrides = {
        **browserhelpers.SETTINGS_OVERRIDES,
        "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},
    }
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(browserhelpers, "SETTINGS_OVERRIDES", overrides)
        server = LabServer(tmp_path_factory.mktemp("lab"))
        try:
            server.start()
            yield server
        finally:
            server.stop()


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


def saved_widget_state(page, lab) -> str:
    """Save the notebook in JupyterLab and return the widget state written into the file."""
    page.evaluate("async () => await window.jupyterapp.commands.execute('docmanager:save')")
    saved = json.loads((lab.root / NOTEBOOK).read_text())
    state = saved["metadata"]["widgets"][WIDGET_STATE]["state"]
    assert state, "JupyterLab saved no widget state"
    return json.dumps(state)


def output_html(page) -> str:
    return page.locator(".jp-OutputArea").first.inner_html()


def test_the_curtain_leaves_nothing_of_the_hand_in_the_page_or_the_saved_state(page, lab):
    write_notebook(lab.root)
    run_all_cells(page, lab, NOTEBOOK)
    hot = page.locator(".pnb-play").first
    hot.locator(".pnb-curtain button").click()  # "I am seat 0: show my cards"
    composer = hot.locator(".pnb-composer-convoy")
    expect(composer.get_by_role("button", name="illegal goods").first).to_be_visible()
    # The check of the check: the hand on screen is in the page and in the saved state.
    assert "illegal goods" in output_html(page)
    assert "add your illegal goods to the convoy" in saved_widget_state(page, lab)

    legal = composer.get_by_role("button", name="legal goods", exact=True)
    legal.nth(0).click()
    expect(legal.nth(0)).to_be_disabled()  # picked
    legal.nth(1).click()
    composer.get_by_role("button", name="Send convoy").click()
    expect(hot.locator(".pnb-curtain")).to_contain_text("Seat 1's turn")

    html = output_html(page)
    assert "illegal" not in html, "a word of seat 0's hand is still in the page"
    assert hot.locator(".pnb-card").count() == 0
    state = saved_widget_state(page, lab)
    assert "I am seat 1: show my cards" in state  # the state of the page as it is now
    assert "illegal" not in state, "seat 0's hand is still in the saved widget state"

    hot.locator("button[title='Get the record as a file']").click()  # "Download"
    note = hot.locator(".pnb-not-yet")
    expect(note).to_contain_text("A record holds every hand")
    expect(note).to_contain_text("when the game is over")
    assert page.locator("a.pnb-download").count() == 0
    assert hot.get_by_role("button", name="Yes", exact=False).count() == 0  # none visible
    assert "every hand" not in hot.locator(".pnb-teacher-question").inner_text()
