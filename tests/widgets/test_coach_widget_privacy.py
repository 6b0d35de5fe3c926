"""The coach in HotSeat and Stepper shows one seat only what that seat may know.

Independent check (RULES.md, "Who knows what"): two tables that differ only
in cards a seat may not see (another seat's face-down goods, a face-down
convoy, the order of the pack) must give that seat the very same coach, HTML
for HTML. And the coach is drawn only for the seat behind the curtain, only
on its turn, and is gone from the page when the curtain falls.
"""

from __future__ import annotations

import random

import pytest
from helpers.coach_widgets import IMPLEMENTATIONS, prohis_twins, smuggle_twins, use_coach

import prohis_nb.coach as coach_api
import prohis_nb.widgets as w
from prohis_nb.bots import make_bot, play_game
from prohis_nb.widgets import HotSeat, Stepper
from prohis_nb.widgets.coach import coach_html
from prohis_nb.widgets.lesson import dealt_game


@pytest.fixture(params=IMPLEMENTATIONS)
def coach_impl(request, monkeypatch):
    """The test runs with the real coach, then with the stand-in."""
    return use_coach(request.param, monkeypatch)


@pytest.fixture(autouse=True)
def coach_allowed_again():
    before = w.allow_coach(True)
    yield
    w.allow_coach(before)


def hot_with_coach(game) -> HotSeat:
    hot = HotSeat(game, delay=0)
    hot.coach_toggle.button.value = True
    return hot


def coach_shown(hot: HotSeat) -> str:
    """The coach's HTML on the page ('' when none), and a check that it is visible iff drawn."""
    html = hot.coach_toggle.coach.html
    if html:
        assert hot.coach_toggle.layout.display != "none"
    return html


# ---------------------------------------------------------------- twins


def test_prohis_twins_give_the_seat_to_act_the_same_coach(coach_impl):
    a, b = (hot_with_coach(game) for game in prohis_twins())
    assert coach_shown(a) == coach_shown(b) == ""  # behind the curtain: nothing
    a.reveal()
    b.reveal()
    assert a.shown == b.shown == 0
    assert coach_shown(a) and coach_shown(a) == coach_shown(b)
    assert a.coach_toggle.coach.advice.seat == 0


def test_a_face_down_convoy_and_other_hands_do_not_reach_the_controllers_coach(coach_impl):
    # Seat 0 sends a dirty convoy in one game, a clean one in the other; seat 2's hand
    # differs too. Seat 1 (controlling) may see neither (RULES.md), so its coach is the same.
    a = dealt_game([["illegal", "illegal", "legal", "legal"], ["legal"] * 4, ["legal"] * 4])
    b = dealt_game(
        [["illegal", "legal", "legal", "legal"], ["legal"] * 4, ["illegal"] + ["legal"] * 3]
    )
    a.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "legal"]})
    b.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    assert a.view(1).to_json() == b.view(1).to_json()  # the premise: seat 1 cannot tell
    hot_a, hot_b = hot_with_coach(a), hot_with_coach(b)
    for hot in (hot_a, hot_b):
        assert hot.game.to_act == 1 and coach_shown(hot) == ""
        hot.reveal()
    assert coach_shown(hot_a) and coach_shown(hot_a) == coach_shown(hot_b)


def test_smuggle_twins_give_the_declarer_and_the_officer_the_same_coach(coach_impl):
    a, b = (hot_with_coach(game) for game in smuggle_twins())
    for hot in (a, b):
        assert hot.game.to_act == 1
        hot.reveal()
    assert coach_shown(a) and coach_shown(a) == coach_shown(b)  # the rest of the pack: hidden
    for hot in (a, b):
        assert hot.act({"seat": 1, "act": "declare", "items": []})
        assert hot.game.to_act == 0 and coach_shown(hot) == ""  # the curtain fell
        hot.reveal()
    assert coach_shown(a) and coach_shown(a) == coach_shown(b)


def test_the_officer_cannot_learn_the_hand_it_hears_declared(coach_impl):
    from prohis_nb.widgets.lesson import stacked_smuggle_game

    honest = stacked_smuggle_game(["luggage"] * 4)
    lying = stacked_smuggle_game(["crown", "luggage", "luggage", "luggage"])
    coaches = []
    for game in (honest, lying):
        game.apply({"seat": 1, "act": "declare", "items": []})
        hot = hot_with_coach(game)
        hot.reveal()
        assert hot.shown == 0
        coaches.append(coach_shown(hot))
    assert coaches[0] and coaches[0] == coaches[1]


# ---------------------------------------------------------------- the curtain


def test_the_hotseat_coach_is_only_ever_the_shown_seats_and_leaves_with_the_curtain(coach_impl):
    hot = hot_with_coach(
        dealt_game(
            [
                ["illegal", "legal", "legal", "legal"],
                ["legal"] * 4,
                ["legal", "illegal", "legal", "legal"],
            ]
        )
    )
    rng = random.Random(3)
    turns = 0
    while not hot.game.ended and turns < 25:
        seat = hot.game.to_act
        if hot.shown is None:  # a new person's turn: the curtain is up
            assert coach_shown(hot) == ""
            assert hot.coach_toggle.layout.display == "none"  # not even the toggle
            hot.reveal()
        assert hot.shown == seat
        coach = hot.coach_toggle.coach
        assert coach.advice is not None and coach.advice.seat == seat
        assert coach.advice == coach_api.advise(hot.game.view(seat))
        html = coach_shown(hot)
        assert html == coach_html(coach.advice, coach.verdict, f"Your last move (seat {seat})")
        for other in set(range(hot.game.players)) - {seat}:
            assert f"Coach for seat {other}" not in html
        assert hot.act(rng.choice(list(hot.game.legal_actions())[:40]))
        turns += 1
    assert turns >= 10


def test_the_teachers_view_takes_the_coach_off_the_page(coach_impl):
    hot = hot_with_coach(prohis_twins()[0])
    hot.reveal()
    assert coach_shown(hot)
    assert hot.show_teacher_view(confirmed=True)
    assert coach_shown(hot) == "" and hot.coach_toggle.layout.display == "none"


def test_pressing_the_toggle_behind_the_curtain_draws_nothing(coach_impl):
    hot = HotSeat(prohis_twins()[0], delay=0)
    hot.coach_toggle.button.value = True  # pressed from code: the toggle is hidden
    assert coach_shown(hot) == ""
    hot.reveal()
    assert coach_shown(hot)


def test_at_the_final_reveal_no_seat_has_a_coach(coach_impl):
    hot = HotSeat(players=3, seed=4, delay=0, opponents="random", humans=[0])
    hot.coach_toggle.button.value = True
    rng = random.Random(4)
    while not hot.game.ended:
        hot.reveal()
        hot.act(rng.choice(list(hot.game.legal_actions())[:40]))
    assert coach_shown(hot) == "" and hot.coach_toggle.layout.display == "none"


# ---------------------------------------------------------------- the stepper


def test_the_stepper_coaches_the_seat_viewed_with_the_verdict_on_its_recorded_move(coach_impl):
    bots = [make_bot(name, seed=s) for s, name in enumerate(["honest", "bluff", "random"])]
    record = play_game("prohis", bots, seed=4).record()
    stepper = Stepper(record, seat=1)
    stepper.coach_toggle.button.value = True
    judged = 0
    for position in range(0, min(len(record.actions), 45)):
        stepper.seek(position)
        game = record.replay(position)
        coach = stepper.coach_toggle.coach
        assert coach.advice == coach_api.advise(game.view(1))
        after = game.copy()
        after.apply(record.actions[position])
        move = after.actions[-1]
        if game.to_act == 1 and move.seat == 1:
            assert coach.verdict == coach_api.judge(game.view(1), move)
            assert "The move seat 1 took here" in coach.html
            judged += 1
        else:
            assert coach.verdict is None and "took here" not in coach.html
    assert judged >= 3
    stepper.table.show_seat(2)  # the seat selector: the coach follows
    assert stepper.coach_toggle.coach.advice.seat == 2
    stepper.table.show_seat("teacher")
    coach = stepper.coach_toggle.coach
    assert coach.html == "" and "choose a seat" in coach.message.value


def test_the_stepper_with_the_toggle_off_computes_nothing(monkeypatch):
    def refuse(view):
        raise AssertionError("the coach was asked while switched off")

    monkeypatch.setattr(coach_api, "advise", refuse)
    stepper = Stepper(dealt_game([["legal"] * 4] * 3))
    stepper.last()
    stepper.first()
    assert stepper.coach_toggle.coach.html == ""
