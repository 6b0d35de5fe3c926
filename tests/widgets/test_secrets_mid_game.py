"""While a game runs, what carries hidden cards is the teacher's, and no learner's button gives it.

A record holds every hand (its setup rebuilds every card); another seat's
view holds that seat's hand; the teacher's view holds them all. In a
learner's Play, HotSeat and Stepper over a live game (the default), no
button gives any of them while the game runs, not even a second click: the
widget says why and how a teacher has it from code (attack-22c F7: the old
"Yes" was a button at the learner's own screen). A teacher's own widget,
made in code with ``teacher=True``, gives them after the teacher's question;
the code API (``save(..., confirmed=True)``, ``offer_download(confirmed=True)``,
``show_teacher_view(confirmed=True)``) gives them from any widget. Checked by
reading every value of the widget tree and decoding any link. Once the game
is over nothing is asked and the buttons work for everyone.
"""

from __future__ import annotations

import random
import re

import pytest
from helpers.widgets import every_value, face_up_kinds, stacked

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.errors import RulesError
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.widgets import HotSeat, Play, Stepper, Table
from prohis_nb.widgets.table import TEACHER

R3 = ProhisRules(players=3)
CI = ["captain", "inspector"]
HANDS = [["legal"] * 4 + CI, ["illegal", "illegal", "illegal", "legal", *CI], ["legal"] * 4 + CI]
LINK = re.compile(r"data:application/json;base64,")


def finish(widget, seed: int = 0) -> None:
    rng = random.Random(seed)
    game = widget.game
    while not game.ended:
        if isinstance(widget, HotSeat) and widget.shown is None:
            widget.reveal()
        widget.act(rng.choice(game.legal_actions()))


# ---------------------------------------------------------------- Play


@pytest.mark.parametrize("button", ["download_button", "save_button"])
def test_a_learners_play_gives_no_record_of_a_running_game_and_says_why(button, tmp_path):
    play = Play(stacked(R3, HANDS), seat=0, delay=0)
    play.save_name.value = str(tmp_path / "g.json")
    getattr(play, button).click()
    text = every_value(play)
    assert "A record holds every hand" in text and "when the game is over" in text
    assert "confirmed=True" in text and "teacher=True" in text  # the teacher's way: code
    assert not play.question.pending and play.teacher_confirm.layout.display == "none"
    play.teacher_confirm.click()  # the old "Yes", pressed anyway: nothing
    assert not LINK.search(every_value(play)) and not (tmp_path / "g.json").exists()


def test_the_code_api_still_gives_the_record_mid_game(tmp_path):
    play = Play(stacked(R3, HANDS), seat=0, delay=0)
    assert LINK.search(play.offer_download(confirmed=True))
    assert play.save(tmp_path / "g.json", confirmed=True)
    assert (tmp_path / "g.json").exists() and not play.game.ended


@pytest.mark.parametrize("button", ["download_button", "save_button"])
def test_a_teachers_play_asks_before_the_record_of_a_running_game(button, tmp_path):
    play = Play(stacked(R3, HANDS), seat=0, delay=0, teacher=True)
    play.save_name.value = str(tmp_path / "g.json")
    getattr(play, button).click()
    assert "every hand" in play.teacher_warning.value and play.question.pending
    assert not LINK.search(every_value(play)) and not (tmp_path / "g.json").exists()
    play.teacher_cancel.click()
    assert not play.question.pending and play.teacher_warning.value == ""
    play.teacher_confirm.click()  # a stray click once cancelled does nothing
    assert not LINK.search(every_value(play)) and not (tmp_path / "g.json").exists()
    getattr(play, button).click()
    play.teacher_confirm.click()
    assert LINK.search(play.download.value)
    assert (tmp_path / "g.json").exists() == (button == "save_button")


def test_teacher_is_true_or_false():
    with pytest.raises(RulesError, match="teacher is True or False"):
        Play(stacked(R3, HANDS), seat=0, delay=0, teacher="yes")
    with pytest.raises(TypeError, match="teacher is True or False"):
        Stepper(stacked(R3, HANDS), seat=0, teacher=1)


def test_a_move_withdraws_the_question():
    play = Play(stacked(R3, HANDS), seat=0, delay=0, teacher=True)
    play.download_button.click()
    play.act(play.game.legal_actions()[0])
    assert not play.question.pending
    play.teacher_confirm.click()
    assert play.download.value == ""


@pytest.mark.parametrize("teacher", [False, True])
def test_once_the_game_is_over_the_record_is_everyones(teacher, tmp_path):
    play = Play(seat=0, seed=3, opponents="random", delay=0, teacher=teacher)
    finish(play)
    play.download_button.click()
    assert not play.question.pending and LINK.search(play.download.value)
    play.save_name.value = str(tmp_path / "over.json")
    play.save_button.click()
    assert (tmp_path / "over.json").exists()


# ---------------------------------------------------------------- HotSeat


@pytest.mark.parametrize("button", ["download_button", "save_button", "teacher_button"])
def test_a_learners_hot_seat_gives_nothing_hidden_mid_game(button, tmp_path):
    hot = HotSeat(stacked(R3, HANDS), delay=0)
    hot.save_name.value = str(tmp_path / "g.json")
    getattr(hot, button).click()  # the curtain is down: nobody confirmed yet
    hot.teacher_confirm.click()
    hot.ready_button.click()  # seat 0 comes to the screen
    getattr(hot, button).click()
    assert "when the game is over" in hot.message.value and "teacher=True" in hot.message.value
    hot.teacher_confirm.click()
    assert hot.shown == 0 and not hot.teacher_view_shown and not hot.question.pending
    assert not LINK.search(every_value(hot)) and not (tmp_path / "g.json").exists()
    assert face_up_kinds(hot.table.html).count("illegal") == 0  # seat 1's cards nowhere


def test_the_teacher_shows_every_card_of_a_learners_hot_seat_from_code():
    hot = HotSeat(stacked(R3, HANDS), delay=0)
    hot.ready_button.click()
    assert hot.show_teacher_view(confirmed=True)
    assert hot.shown is None and hot.table.board.value == ""  # the player covered first
    assert face_up_kinds(hot.teacher_table.html).count("illegal") >= 3  # seat 1's too


def test_a_teachers_hot_seat_download_asks_and_then_covers_the_player():
    hot = HotSeat(stacked(R3, HANDS), delay=0, teacher=True)
    hot.download_button.click()  # the curtain is down: nobody confirmed yet
    assert hot.shown is None and hot.question.pending
    assert not LINK.search(every_value(hot))
    hot.ready_button.click()  # seat 0 comes to the screen: the question leaves
    assert hot.shown == 0 and not hot.question.pending
    hot.download_button.click()
    hot.teacher_confirm.click()
    assert hot.shown is None and hot.table.board.value == "" and not hot.panel.children
    assert LINK.search(hot.download.value)  # the teacher's, with the cards covered
    hot.ready_button.click()
    assert hot.download.value == "" and not LINK.search(every_value(hot))


def test_a_teachers_hot_seat_save_asks_first(tmp_path):
    hot = HotSeat(stacked(R3, HANDS), delay=0, teacher=True)
    assert not hot.save(tmp_path / "g.json") and not (tmp_path / "g.json").exists()
    assert "every hand" in hot.teacher_warning.value
    hot.teacher_confirm.click()
    assert (tmp_path / "g.json").exists() and hot.shown is None


def test_a_teachers_hot_seat_teacher_view_question_is_the_same_question():
    hot = HotSeat(stacked(R3, HANDS), delay=0, teacher=True)
    hot.ready_button.click()
    hot.teacher_button.click()
    assert hot.question.pending and "every hand" in hot.teacher_warning.value
    hot.download_button.click()  # another question replaces it: one answer, one thing shown
    hot.teacher_confirm.click()
    assert not hot.teacher_view_shown and LINK.search(hot.download.value)


# ---------------------------------------------------------------- the stepper over a live game


def test_a_learners_live_stepper_shows_no_other_seat_and_says_why():
    game = stacked(R3, HANDS)
    stepper = Stepper(game, seat=0)
    stepper.coach_toggle.button.value = True
    assert stepper.table.question is None  # no "Yes" to press
    for other in (1, 2, TEACHER):
        stepper.table.seat_picker.value = other
        assert stepper.table.seat == 0 and stepper.table.seat_picker.value == 0  # not switched
        assert "seat 0 only" in stepper.table.message.value
        assert "when the game is over" in stepper.table.message.value
        assert "illegal" not in face_up_kinds(stepper.table.html)
        advice = stepper.coach_toggle.coach.advice
        assert advice is None or advice.seat == 0
    stepper.download_button.click()
    assert "when the game is over" in stepper.message.value and stepper.download.value == ""


def test_a_teachers_live_stepper_asks_before_another_seat_or_the_teacher():
    game = stacked(R3, HANDS)
    stepper = Stepper(game, seat=0, teacher=True)
    stepper.coach_toggle.button.value = True
    stepper.table.seat_picker.value = 1
    assert stepper.table.seat == 0 and stepper.table.seat_picker.value == 0  # not switched
    assert "seat 1's hand" in stepper.table.question.warning.value
    assert "illegal" not in face_up_kinds(stepper.table.html)
    assert stepper.coach_toggle.coach.advice is None or stepper.coach_toggle.coach.advice.seat == 0
    stepper.table.question.yes.click()
    assert stepper.table.seat == 1 and face_up_kinds(stepper.table.html).count("illegal") == 3
    stepper.table.seat_picker.value = 0  # the seat shown first: no question
    assert stepper.table.seat == 0 and not stepper.table.question.pending
    stepper.table.seat_picker.value = TEACHER
    assert stepper.table.seat == 0 and "every hand" in stepper.table.question.warning.value
    stepper.table.question.cancel.click()
    assert stepper.table.seat == 0 and not stepper.table.question.pending


@pytest.mark.parametrize("teacher", [False, True])
def test_a_live_stepper_asks_nothing_once_the_game_is_over_or_over_a_record(teacher):
    game = ProhisGame(R3, seed=4)
    stepper = Stepper(game, seat=0, teacher=teacher)
    finish_game(game)
    stepper.table.seat_picker.value = TEACHER
    assert stepper.table.seat == TEACHER
    stepper.download_button.click()
    assert LINK.search(stepper.download.value)
    recorded = Stepper(game.record(), seat=0)
    recorded.table.seat_picker.value = 2
    assert recorded.table.seat == 2 and recorded.table.question is None


def test_a_stepper_started_from_the_teachers_chair_is_the_teachers():
    stepper = Stepper(stacked(R3, HANDS), seat="teacher")
    stepper.table.seat_picker.value = 1
    assert stepper.table.seat == 1


def test_a_table_without_a_guard_shows_what_its_code_asks():
    table = Table(stacked(R3, HANDS), seat=0)  # a lesson's table: the picker is the lesson
    table.seat_picker.value = 1
    assert table.seat == 1 and table.question is None


def test_a_live_smuggle_stepper_shows_not_the_holders_view():
    game = SmuggleGame(seed=3)
    holder = game.to_act
    other = (holder + 1) % game.players
    stepper = Stepper(game, seat=other)
    stepper.table.seat_picker.value = holder
    assert stepper.table.seat == other and "when the game is over" in stepper.table.message.value
    teachers = Stepper(game, seat=other, teacher=True)
    teachers.table.seat_picker.value = holder
    assert teachers.table.seat == other and teachers.table.question.pending


def finish_game(game) -> None:
    rng = random.Random(1)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))


def test_a_bot_refused_by_the_rules_is_reported_without_its_cards():
    from prohis_nb.bots import Bot

    class Smuggler(Bot):
        """Sends a convoy of three illegal goods, held or not."""

        uses_view = False

        def choose(self, view, legal_actions):
            seat = legal_actions[0].seat
            return {"seat": seat, "act": "convoy", "cards": ["illegal"] * 3}

    hands = [["legal"] * 4 + CI, ["illegal", "legal", "legal", "legal", *CI], ["legal"] * 4 + CI]
    game = stacked(R3, hands, first=1)
    play = Play(game, seat=0, opponents=Smuggler, delay=0)
    text = play.message.value
    assert "seat 1" in text and "do not allow" in text
    assert "holds" not in text and "allowed:" not in text and "illegal card" not in text


def test_a_hidden_seat_selector_changed_from_the_page_changes_nothing():
    """Play's and HotSeat's tables hide their selector; a value sent from the browser
    anyway (anyone can send a widget message from the page) shows no other seat."""
    hot = HotSeat(stacked(R3, HANDS), delay=0)
    hot.ready_button.click()
    hot.table.seat_picker.value = 1  # as if the page had sent it
    assert hot.table.seat == 0 and face_up_kinds(hot.table.html).count("illegal") == 0
    play = Play(stacked(R3, HANDS), seat=0, delay=0)
    play.table.seat_picker.value = 1
    assert play.table.seat == 0 and "illegal" not in face_up_kinds(play.table.html)
