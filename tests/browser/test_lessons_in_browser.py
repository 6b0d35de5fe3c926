"""The lessons in a real browser: JupyterLab + Chromium, Run All, then click the widgets.

What a learner does, checked end to end: the widgets appear, the step buttons
and the seat selector redraw the table, hidden cards never reach the page of
a seat that may not see them, and playing a seat works. Screenshots go to
``test-artifacts/``. The time from a click to the updated page is printed.
"""

from __future__ import annotations

import time

import pytest
from helpers.browser import ARTIFACTS, run_all_cells
from playwright.sync_api import expect

from prohis_nb.bots import make_bot, play_game

pytestmark = pytest.mark.browser


def kinds(locator) -> list[str]:
    """The data-kind of every card under ``locator``, in page order."""
    return locator.locator(".pnb-card").evaluate_all("cards => cards.map(c => c.dataset.kind)")


def timed(action, expectation) -> float:
    """Milliseconds from ``action()`` (a click) until ``expectation()`` holds in the page."""
    started = time.perf_counter()
    action()
    expectation()
    return (time.perf_counter() - started) * 1000


def test_lesson_2_seat_selector_and_stepper(page, lab):
    seconds = run_all_cells(page, lab, "02_who_knows_what.ipynb")
    print(f"\nlesson 2: Run All took {seconds:.1f} s")

    # --- the table: seat 1 smuggles three illegal goods that seats 0 and 2 cannot see
    table = page.locator(".pnb-table-widget").first
    board = table.locator(".pnb-table")
    expect(board).to_have_attribute("data-viewer", "0")
    assert "illegal" not in kinds(table)
    assert kinds(table.locator(".pnb-convoy-cards")) == ["hidden"] * 3
    table.screenshot(path=ARTIFACTS / "lesson02-table-seat0.png")

    picker = table.locator("select")
    ms = timed(
        lambda: picker.select_option(label="Seat 1"),
        lambda: expect(board).to_have_attribute("data-viewer", "1"),
    )
    print(f"seat selector: click to updated table {ms:.0f} ms")
    assert kinds(table.locator(".pnb-convoy-cards")) == ["illegal", "illegal", "legal"]
    assert kinds(table.locator(".pnb-seat[data-seat='1'] .pnb-hand")) == [
        "illegal",
        "captain",
        "inspector",
    ]
    table.screenshot(path=ARTIFACTS / "lesson02-table-seat1.png")

    picker.select_option(label="Seat 2")
    expect(board).to_have_attribute("data-viewer", "2")
    assert "illegal" not in kinds(table)
    assert kinds(table.locator(".pnb-seat[data-seat='1'] .pnb-hand")) == ["hidden"] * 3

    picker.select_option(label="Teacher: every card")
    expect(board).to_have_attribute("data-viewer", "teacher")
    expect(table.locator(".pnb-teacher")).to_be_visible()
    assert kinds(table).count("illegal") >= 3
    table.screenshot(path=ARTIFACTS / "lesson02-table-teacher.png")

    # --- the stepper over a full bot game (the lesson's code, replayed here to know the truth)
    bots = [make_bot(n, seed=s) for s, n in enumerate(["honest", "bluff", "random", "honest"])]
    truth = play_game("prohis", bots, seed=4).record()
    end = len(truth.actions)
    stepper = page.locator(".pnb-stepper").first
    stepper_board = stepper.locator(".pnb-table")
    expect(stepper_board).to_contain_text(f"after 20 of {end} decisions")

    def shows(position: int, seat: int) -> None:
        expect(stepper_board).to_contain_text(f"after {position} of {end} decisions")
        expect(stepper_board).to_have_attribute("data-viewer", str(seat))
        view = truth.replay(position).view(seat)
        for info in view.seats:
            hand = kinds(stepper.locator(f".pnb-seat[data-seat='{info.seat}'] .pnb-hand"))
            if info.seat == seat:
                assert hand == list(view.hand)
            else:  # face up only what this seat knows; the rest face down
                assert sorted(k for k in hand if k != "hidden") == sorted(info.known_in_hand)
                assert len(hand) == info.hand_size

    forward = stepper.get_by_role("button", name="Forward")
    times = []
    for position in range(21, 26):
        times.append(
            timed(
                forward.click,
                lambda p=position: expect(stepper_board).to_contain_text(
                    f"after {p} of {end} decisions"
                ),
            )
        )
        shows(position, 0)
    print("step button: click to updated table " + ", ".join(f"{t:.0f}" for t in times) + " ms")
    print(f"step button: median {sorted(times)[len(times) // 2]:.0f} ms (target < 250 ms)")
    stepper.screenshot(path=ARTIFACTS / "lesson02-stepper-seat0.png")

    stepper.get_by_role("button", name="Back").click()
    shows(24, 0)
    stepper.locator("select").select_option(label="Seat 2")
    shows(24, 2)
    stepper.get_by_role("button", name="Last").click()
    shows(end, 2)
    expect(stepper_board).to_contain_text("The game is over")
    expect(stepper.get_by_role("button", name="Forward")).to_be_disabled()
    stepper.get_by_role("button", name="First").click()
    shows(0, 2)
    stepper.screenshot(path=ARTIFACTS / "lesson02-stepper-seat2.png")


def test_lesson_1_play_a_seat(page, lab):
    seconds = run_all_cells(page, lab, "01_the_game_and_a_first_round.ipynb")
    print(f"\nlesson 1: Run All took {seconds:.1f} s")

    # --- the first table is the fresh deal, whatever the cells below played (item 12)
    import prohis_nb

    fresh = prohis_nb.Game(players=4, seed=13)
    first = page.locator(".pnb-table-widget").first
    for seat in (1, 2):
        first.locator("select").select_option(label=f"Seat {seat}")
        expect(first.locator(".pnb-table")).to_have_attribute("data-viewer", str(seat))
        hand = kinds(first.locator(f".pnb-seat[data-seat='{seat}'] .pnb-hand"))
        assert hand == list(fresh.view(seat).hand), (seat, hand)
        assert first.locator(".pnb-log li").count() == len(fresh.view(seat).log)
    expect(page.locator(".pnb-stepper").first).to_be_visible()
    play = page.locator(".pnb-play").first
    expect(play).to_contain_text("Your decision")
    expect(play.locator(".pnb-table")).to_have_attribute("data-viewer", "0")
    assert play.locator("select").count() == 0 or not play.locator("select").first.is_visible()
    play.screenshot(path=ARTIFACTS / "lesson01-play-before.png")
    log = play.locator(".pnb-log li")
    before = log.count()
    buttons = play.locator(".pnb-actions button:not([disabled])")
    label = buttons.first.inner_text()
    buttons.first.click()
    # The bots answer one move at a time; then it is seat 0's decision again (or the end).
    expect(log).not_to_have_count(before, timeout=30_000)
    again = play.get_by_text("Your decision").or_(play.get_by_text("The game is over"))
    expect(again.first).to_be_visible(timeout=60_000)
    if not play.get_by_text("The game is over").count():
        expect(play.locator(".pnb-actions button").first).to_be_visible()
    print(f"play: clicked {label!r}; the log grew from {before} to {log.count()} lines")
    play.screenshot(path=ARTIFACTS / "lesson01-play-after.png")


def test_lesson_4_explorer_redraws_when_a_slider_moves(page, lab):
    seconds = run_all_cells(page, lab, "04_bribe_or_inspect.ipynb")
    print(f"\nlesson 4: Run All took {seconds:.1f} s")
    explorer = page.locator(".pnb-explorer").first
    explain = explorer.locator(".pnb-explain")
    expect(explain).to_contain_text("The bribe on offer (1 legal good) is worth $1,000")
    picture = explorer.locator("svg.pnb-chart")
    expect(picture).to_be_visible()
    expect(picture).to_contain_text("the bribe on offer ($1,000)")
    before = picture.inner_html()
    assert picture.locator("polyline").count() >= 3  # the diagonal and the flat lines
    box = picture.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 150  # really drawn, not squashed
    explorer.screenshot(path=ARTIFACTS / "lesson04-explorer-before.png")
    # The "Bribe: legal goods" slider, moved one step with the keyboard.
    handle = explorer.locator(".widget-slider", has_text="Bribe: legal goods").locator(
        ".noUi-handle"
    )
    handle.focus()
    ms = timed(
        lambda: page.keyboard.press("ArrowRight"),
        lambda: expect(explain).to_contain_text(
            "The bribe on offer (2 legal goods) is worth $2,000"
        ),
    )
    print(f"explorer: key press to redrawn explanation {ms:.0f} ms")
    expect(picture).to_contain_text("the bribe on offer ($2,000)")
    assert picture.inner_html() != before
    explorer.screenshot(path=ARTIFACTS / "lesson04-explorer-after.png")


def test_lesson_10_smuggle_table_and_declaring(page, lab):
    seconds = run_all_cells(page, lab, "10_declaring_to_customs.ipynb")
    print(f"\nlesson 10: Run All took {seconds:.1f} s")

    # --- the table: seat 1 sees its hand; the Officer (seat 0) sees only backs
    table = page.locator(".pnb-table-widget").first
    board = table.locator(".pnb-table")
    expect(board).to_have_attribute("data-viewer", "1")
    assert kinds(table.locator(".pnb-hand")) == ["watch", "wine", "luggage", "luggage"]
    table.locator("select").select_option(label="Seat 0")
    expect(board).to_have_attribute("data-viewer", "0")
    assert kinds(table.locator(".pnb-hand")) == ["hidden"] * 4
    assert "watch" not in kinds(table) and "wine" not in kinds(table)
    table.screenshot(path=ARTIFACTS / "lesson10-table-officer.png")

    # --- play: seat 1 composes a declaration item by item and sends it
    play = page.locator(".pnb-play").first
    expect(play).to_contain_text("Your decision")
    composer = play.locator(".pnb-composer-declare")
    composer.locator("button[title='add one Wine to the declaration']").click()
    composer.get_by_role("button", name="Declare", exact=True).click()
    log = play.locator(".pnb-log li")
    expect(log.filter(has_text="You declared wine")).to_have_count(1, timeout=30_000)
    play.screenshot(path=ARTIFACTS / "lesson10-play.png")


def test_lesson_11_customs_explorer_redraws(page, lab):
    seconds = run_all_cells(page, lab, "11_the_signalling_game.ipynb")
    print(f"\nlesson 11: Run All took {seconds:.1f} s")

    # --- the customs explorer redraws when the search-rate slider moves
    explorer = page.locator(".pnb-customs-explorer").first
    explain = explorer.locator(".pnb-explain")
    expect(explain).to_contain_text("Searched 20% of the time")
    picture = explorer.locator("svg.pnb-chart")
    expect(picture).to_contain_text("the Officer searches 20%")
    before = picture.inner_html()
    handle = explorer.locator(".widget-slider", has_text="Officer's search rate").locator(
        ".noUi-handle"
    )
    handle.focus()
    ms = timed(
        lambda: page.keyboard.press("ArrowRight"),
        lambda: expect(explain).to_contain_text("Searched 21% of the time"),
    )
    print(f"customs explorer: key press to redrawn explanation {ms:.0f} ms")
    expect(picture).to_contain_text("the Officer searches 21%")
    assert picture.inner_html() != before
    explorer.screenshot(path=ARTIFACTS / "lesson11-explorer.png")
