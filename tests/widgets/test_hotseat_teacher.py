"""HotSeat's teacher's view: every card; while the game runs only a teacher's widget asks.

A learner's HotSeat (the default) shows no card from its "Teacher's view"
button while the game runs, and says why; a teacher's own (``teacher=True``,
made in code) asks the teacher's question first and shows every card after
"yes"; ``show_teacher_view(confirmed=True)`` does it from code on either.

What the teacher's view must show is checked against the hands as dealt (the
stacked table of the test), not against the engine's views.
"""

from __future__ import annotations

import random

from helpers.widgets import drawn_cards, face_up_kinds, stacked

from prohis_nb import ProhisRules
from prohis_nb.widgets import HotSeat

R3 = ProhisRules(players=3)
CI = ["captain", "inspector"]
HANDS = [["legal"] * 4 + CI, ["illegal", "illegal", "illegal", "legal", *CI], ["legal"] * 4 + CI]


def teacher_html(hot) -> str:
    """What the teacher's table holds now ("" if it was never made)."""
    return "" if hot.teacher_table is None else hot.teacher_table.board.value


def seat1_illegal_cards_on_screen(hot) -> int:
    """How many illegal cards of seat 1's hand are drawn anywhere in the widget."""
    html = hot.table.board.value + teacher_html(hot)
    return sum(1 for kind, seat, _part in drawn_cards(html) if kind == "illegal" and seat == 1)


def test_mid_game_a_learners_teacher_view_button_draws_nothing_and_says_why():
    hot = HotSeat(stacked(R3, HANDS), delay=0)
    hot.ready_button.click()  # seat 0 is at the screen
    hot.teacher_button.click()
    hot.teacher_confirm.click()  # no "Yes" is offered; pressed anyway, it does nothing
    assert not hot.teacher_view_shown and hot.teacher_table is None
    assert "opens when the game is over" in hot.message.value
    assert "hot.show_teacher_view(confirmed=True)" in hot.message.value
    assert hot.teacher_confirm.layout.display == "none" and not hot.question.pending
    assert seat1_illegal_cards_on_screen(hot) == 0 and hot.shown == 0


def test_mid_game_a_teachers_teacher_view_asks_first_and_draws_nothing_until_confirmed():
    hot = HotSeat(stacked(R3, HANDS), delay=0, teacher=True)
    hot.ready_button.click()  # seat 0 is at the screen
    hot.teacher_button.click()
    assert not hot.teacher_view_shown
    assert hot.teacher_table is None  # never made: no hidden card was sent to the page
    assert "illegal" not in face_up_kinds(hot.table.html + teacher_html(hot))
    assert hot.teacher_confirm.layout.display == "" and "every hand" in hot.teacher_warning.value
    hot.teacher_cancel.click()
    assert hot.teacher_confirm.layout.display == "none" and hot.teacher_warning.value == ""
    assert not hot.teacher_view_shown and seat1_illegal_cards_on_screen(hot) == 0
    assert hot.shown == 0  # cancelling changes nothing for the player


def test_confirmed_the_teacher_view_shows_every_hand_and_covers_the_player():
    hot = HotSeat(stacked(R3, HANDS), delay=0, teacher=True)
    hot.ready_button.click()
    hot.teacher_button.click()
    hot.teacher_confirm.click()
    assert hot.teacher_view_shown
    assert seat1_illegal_cards_on_screen(hot) == 3  # seat 1's hand as dealt
    assert "data-viewer='teacher'" in hot.teacher_table.html
    assert hot.shown is None and hot.table.board.value == "" and not hot.panel.children
    assert not hot.act({"seat": 0, "act": "pass"})  # the player confirms again first
    hot.teacher_button.click()  # hide it
    assert not hot.teacher_view_shown and teacher_html(hot) == ""
    hot.ready_button.click()
    assert hot.shown == 0 and seat1_illegal_cards_on_screen(hot) == 0


def test_the_next_player_confirming_takes_the_teacher_view_off_the_screen():
    hot = HotSeat(stacked(R3, HANDS), delay=0)
    assert hot.show_teacher_view(confirmed=True)
    hot.ready_button.click()
    assert not hot.teacher_view_shown and seat1_illegal_cards_on_screen(hot) == 0


def test_after_the_game_the_teacher_view_needs_no_confirmation():
    hot = HotSeat(players=3, seed=9, delay=0)
    rng = random.Random(9)
    while not hot.game.ended:
        hot.reveal()
        hot.act(rng.choice(hot.game.legal_actions()))
    hot.teacher_button.click()
    assert hot.teacher_view_shown and hot.teacher_confirm.layout.display == "none"
    assert "Teacher" in hot.teacher_table.html


def test_after_the_end_nothing_is_taken_back_and_every_card_stays_shown():
    hot = HotSeat(players=3, seed=9, delay=0)
    rng = random.Random(9)
    while not hot.game.ended:
        hot.reveal()
        hot.act(rng.choice(hot.game.legal_actions()))
    assert hot.show_teacher_view()
    assert hot.undo_button.disabled and not hot.undo() and hot.game.ended
    assert hot.teacher_view_shown  # the final scores and every card were shown: no going back
