"""The coach in a real browser: lesson 4 in JupyterLab + Chromium, the Coach button clicked.

What a learner does, checked end to end: Run All; the lesson's own coach shows
the best choice marked and a verdict; in the Play widget the Coach toggle is
off (no coach on the page), one click opens the coach of the learner's seat
(a best choice highlighted, money written as ``$4,000``), a move brings the
verdict on that move, and a second click takes the coach away. Screenshots
go to ``test-artifacts/``; the time from a click to the coach on the page is
printed.
"""

from __future__ import annotations

import re
import time

import pytest
from helpers.browser import ARTIFACTS, run_all_cells
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: Money as prohis_nb.text.money writes it: $4,000, −$4,000, +$800.
MONEY = re.compile(r"[+−]?\$\d{1,3}(,\d{3})*(?!\d)")


def test_lesson_4_coach_toggle_in_play(page, lab):
    seconds = run_all_cells(page, lab, "04_bribe_or_inspect.ipynb")
    print(f"\nlesson 4: Run All took {seconds:.1f} s")

    # --- the lesson's own coach: seat 1 deciding whether to control, then the verdict
    lesson_coach = page.locator(".pnb-coach-widget .pnb-coach").first
    expect(lesson_coach).to_contain_text("Coach for seat 1")
    expect(lesson_coach.locator("tr.pnb-best")).to_contain_text("Best")
    expect(page.locator(".pnb-verdict").first).to_contain_text("gave up")
    lesson_coach.screenshot(path=ARTIFACTS / "lesson04-coach.png")

    # --- the Play widget: the toggle is off, one click opens the coach of seat 0
    play = page.locator(".pnb-play").first
    expect(play).to_contain_text("Your decision")
    toggle = play.get_by_role("button", name="Coach")
    expect(toggle).to_be_visible()
    assert play.locator(".pnb-coach").count() == 0
    coach = play.locator(".pnb-coach")
    started = time.perf_counter()
    toggle.click()
    expect(coach).to_be_visible()
    ms = (time.perf_counter() - started) * 1000
    print(f"coach toggle: click to coach on the page {ms:.0f} ms")
    expect(coach).to_contain_text("Coach for seat 0")
    best = coach.locator("tr.pnb-best")
    expect(best.first).to_contain_text("Best")
    assert MONEY.search(best.first.inner_text()), best.first.inner_text()
    assert coach.locator(".pnb-belief").count() >= 1  # the belief overlay
    expect(coach.locator(".pnb-verdict")).to_have_count(0)  # no move of seat 0 yet
    play.screenshot(path=ARTIFACTS / "lesson04-play-coach-before.png")

    # --- a move: the bots answer, then the verdict on seat 0's move is on the page
    buttons = play.locator(".pnb-actions button:not([disabled])")
    label = buttons.first.inner_text()
    buttons.first.click()
    verdict = coach.locator(".pnb-verdict")
    expect(verdict).to_contain_text("Your last move (seat 0)", timeout=60_000)
    text = verdict.inner_text()
    assert "The best choice." in text or "gave up" in text or "As good as" in text, text
    print(f"play: clicked {label!r}; verdict: {text}")
    play.screenshot(path=ARTIFACTS / "lesson04-play-coach-after.png")

    # --- a second click takes the coach off the page
    toggle.click()
    expect(play.locator(".pnb-coach")).to_have_count(0)
