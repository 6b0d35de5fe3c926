"""The coach widget draws the coach's numbers, refuses bad input, and can be switched off."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from helpers.coach_widgets import IMPLEMENTATIONS, best_rows, fake_advise, text_of, use_coach

import prohis_nb.widgets as w
from prohis_nb.coach.advice import Advice, Belief, Choice, Verdict
from prohis_nb.errors import RulesError
from prohis_nb.text import money, percent
from prohis_nb.widgets import Coach, HotSeat, Play, Stepper
from prohis_nb.widgets.coach import coach_html
from prohis_nb.widgets.lesson import dealt_game, stacked_smuggle_game

#: An answer written by hand: every number the widget must show is known here.
ADVICE = Advice(
    game="prohis",
    seat=1,
    deciding=True,
    beliefs=(
        Belief("the convoy", 3, {"illegal": Fraction(2, 7), "legal": Fraction(5, 7)}),
        Belief("seat 2's hand", 5, {"legal": Fraction(1, 2), "lieutenant": Fraction(1, 2)}),
    ),
    choices=(
        Choice("inspect with the captain", -4000, best=False, model="the smuggler picked blindly"),
        Choice(
            "waive",
            800.4,
            best=True,
            model="the smuggler picked blindly",
            details={
                "catch_chance": Fraction(91, 177),
                "break_even_bribe": Fraction(541000, 177),
                "card": "x",
            },
        ),
        Choice("accept the bribe", 0, best=False, model="the bribe is kept in the warehouse"),
    ),
    why="Waiving keeps the bribe and risks nothing from the hand.",
)


@pytest.fixture(params=IMPLEMENTATIONS)
def coach_impl(request, monkeypatch):
    """The test runs with the real coach, then with the stand-in."""
    return use_coach(request.param, monkeypatch)


@pytest.fixture(autouse=True)
def coach_allowed_again():
    """Every test starts and ends with the class-wide switch on."""
    before = w.allow_coach(True)
    yield
    w.allow_coach(before)


def row_of(html: str, label: str) -> str:
    """The text of the choices-table row whose label is ``label``."""
    start = html.index(f"<th scope='row'>{label}</th>")
    return text_of(html[start : html.index("</tr>", start)])


# ---------------------------------------------------------------- what is drawn


def test_every_choice_shows_its_value_written_as_money():
    html = coach_html(ADVICE)
    assert "−$4,000" in row_of(html, "inspect with the captain")  # a true minus sign
    assert "+$800" in row_of(html, "waive")
    assert "$0" in row_of(html, "accept the bribe") and "+$0" not in html
    for choice in ADVICE.choices:
        assert money(choice.value, sign=True) in row_of(html, choice.label)


def test_the_best_choice_is_marked_in_words_and_only_it():
    html = coach_html(ADVICE)
    assert best_rows(html) == [row_of(html, "waive")]
    assert "Best" in best_rows(html)[0]
    assert "Best" not in row_of(html, "inspect with the captain")


def test_the_numbers_behind_a_choice_are_written_as_percentages_and_money():
    row = row_of(coach_html(ADVICE), "waive")
    assert "catch chance 51%" in row and "break-even bribe $3,056" in row
    assert "x" not in row.split("break-even")[1]  # a detail the widget does not know: left out


def test_beliefs_show_every_kind_of_every_place_as_a_percentage():
    html = coach_html(ADVICE)
    text = text_of(html)
    assert "the convoy 3 cards" in text and "seat 2's hand 5 cards" in text
    assert percent(Fraction(2, 7)) == "29%"
    for place, belief in enumerate(ADVICE.beliefs):
        for kind in ("illegal", "legal", "lieutenant"):
            cell = re.search(f"data-place='{place}' data-kind='{kind}'>(.*?)</td>", html).group(1)
            p = belief.kinds.get(kind)
            assert text_of(cell) == (percent(p) if p is not None else "—")
    assert "title='2/7'" in html  # the exact fraction, in the bar's tooltip


def test_the_why_and_the_model_are_said_once_each():
    text = text_of(coach_html(ADVICE))
    assert text.count("Why: Waiving keeps the bribe") == 1
    assert text.count("Model: the smuggler picked blindly") == 1
    assert text.count("Model: the bribe is kept in the warehouse") == 1


def test_a_verdict_says_what_the_move_cost():
    costly = Verdict(1, None, 800, "this bribe was $800 below what the controller needed", False)
    text = text_of(coach_html(ADVICE, costly))
    assert "this bribe was $800 below" in text and "gave up $800 of expected money" in text
    good = Verdict(1, None, 0, "waiving was right", True)
    assert "The best choice." in text_of(coach_html(ADVICE, good))


def test_text_from_the_coach_is_escaped():
    advice = Advice("prohis", 0, False, (), (), "<script>alert(1)</script>")
    assert "<script>" not in coach_html(advice) and "&lt;script&gt;" in coach_html(advice)


def test_large_print_draws_the_coach_large():
    before = w.large_print(True)
    try:
        assert "pnb-coach pnb-large" in coach_html(ADVICE)
    finally:
        w.large_print(before)
    assert "pnb-coach pnb-large" not in coach_html(ADVICE)


def test_the_widget_draws_the_advice_of_the_view_it_is_given(coach_impl):
    import prohis_nb.coach as coach_api

    game = dealt_game([["illegal", "legal", "legal", "legal"], ["legal"] * 4, ["legal"] * 4])
    view = game.view(0)
    coach = Coach(view)
    advice = coach_api.advise(view)
    assert coach.advice == advice and coach.html == coach_html(advice)
    # a turn with a later turn left marks the best of each kind of move (docs/coach.md)
    marked = coach.advice.best or [c for c in advice.choices if c.details.get("best_in_group")]
    assert coach.advice.seat == 0 and marked
    assert not coach.message.value
    for choice in advice.choices:
        assert money(choice.value, sign=True) in row_of(coach.html, choice.label)


def test_a_smuggle_view_is_coached_too(coach_impl):
    import prohis_nb.coach as coach_api

    game = stacked_smuggle_game(["watch", "wine", "luggage", "luggage"])
    coach = Coach(game.view(1))
    assert coach.advice == coach_api.advise(game.view(1)) and coach.advice.choices
    assert coach.advice.game == "smuggle"


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("bad", ["seat 0", 3, {"seat": 0}, [1, 2]])
def test_anything_but_a_view_gets_a_message_not_a_traceback(bad):
    coach = Coach(bad)
    assert coach.html == "" and coach.advice is None
    assert "game.view(seat)" in coach.message.value and "pnb-error" in coach.message.value


def test_the_teachers_view_is_refused_by_name():
    game = dealt_game([["legal"] * 4] * 3)
    coach = Coach(game.omniscient_view())
    assert coach.html == "" and "the teacher's view" in text_of(coach.message.value)


def test_a_verdict_on_another_seats_move_is_refused(coach_impl):
    game = dealt_game([["legal"] * 4] * 3)
    other = Verdict(2, None, 0, "seat 2's secret reasons", True)
    coach = Coach(game.view(0), verdict=other)
    assert coach.html == "" and "seat 2's secret" not in coach.message.value
    assert "only told about its own moves" in coach.message.value
    assert "a verdict is what" in Coach(game.view(0), verdict="good move").message.value


def test_a_bad_input_after_a_good_one_leaves_nothing_of_the_first_on_the_page(coach_impl):
    game = dealt_game([["illegal", "legal", "legal", "legal"], ["legal"] * 4, ["legal"] * 4])
    coach = Coach(game.view(0))
    assert coach.html
    assert not coach.show("nonsense")
    assert coach.html == "" and coach.advice is None and coach.message.value


@pytest.mark.parametrize("bad", ["no", 0, None])
def test_the_switches_take_true_or_false(bad):
    with pytest.raises(RulesError, match="True or False"):
        w.allow_coach(bad)
    assert w.allow_coach(True) is True  # unchanged by the refused call
    with pytest.raises(RulesError, match="coach takes True or False"):
        Play(seed=1, delay=0, coach=bad)


# ---------------------------------------------------------------- the toggles and the switches


def test_the_toggle_is_off_at_first_and_on_opens_the_coach_of_the_learners_seat(coach_impl):
    play = Play(seat=1, seed=4, delay=0, opponents="random")
    toggle = play.coach_toggle
    assert toggle.layout.display != "none" and toggle.button.description == "Coach"
    assert toggle.button.value is False and toggle.coach.html == ""
    toggle.button.value = True
    assert toggle.coach.advice == fake_or_real(coach_impl)(play.game.view(1))
    toggle.button.value = False
    assert toggle.coach.html == ""


def fake_or_real(impl):
    import prohis_nb.coach as coach_api

    return fake_advise if impl == "stand-in" else coach_api.advise


def test_after_a_move_play_shows_the_verdict_on_the_learners_move(coach_impl):
    import prohis_nb.coach as coach_api

    play = Play(seat=0, seed=4, delay=0, opponents="honest")
    play.coach_toggle.button.value = True
    assert "Your last move" not in play.coach_toggle.coach.html  # no move yet
    before = play.game.view(0)
    taken = len(play.game.actions)  # the bots before seat 0 have played
    advice = play.coach_toggle.coach.advice
    marked = advice.best or [c for c in advice.choices if c.details.get("best_in_group")]
    action = marked[0].action
    if action is None:  # a group of choices: take any legal action
        action = play.game.legal_actions()[0]
    assert play.act(action)
    assert play.game.actions[taken].seat == 0
    verdict = coach_api.judge(before, play.game.actions[taken])
    html = play.coach_toggle.coach.html
    assert "Your last move (seat 0)" in html and text_of(verdict.text) in text_of(html)
    assert play.coach_toggle.coach.verdict == verdict
    if not play.game.ended:
        assert play.coach_toggle.coach.advice.seat == 0


def test_undo_takes_the_verdict_back_with_the_move(coach_impl):
    # An empty pile: a row card taken turns nothing up, so the move may be taken back.
    from helpers.widgets import empty_pile_table

    from prohis_nb import ProhisGame, ProhisRules

    R3 = ProhisRules(players=3)

    play = Play(ProhisGame(R3, table=empty_pile_table()), seat=0, delay=0, opponents="honest")
    play.coach_toggle.button.value = True
    assert play.act({"act": "take", "from": "row", "slot": 1})
    assert play.coach_toggle.coach.verdict is not None
    assert play.undo()
    coach = play.coach_toggle.coach
    assert coach.verdict is None and "Your last move" not in coach.html
    assert coach.advice == fake_or_real(coach_impl)(play.game.view(0))


def test_a_verdict_worth_less_than_half_a_dollar_reads_as_good_as_the_best():
    text = text_of(coach_html(ADVICE, Verdict(1, None, 0.3, "nearly the same", False)))
    assert "As good as the best choice." in text and "gave up" not in text


def test_coach_false_hides_the_toggle_for_one_widget():
    for widget in (
        Play(seed=2, delay=0, coach=False),
        HotSeat(players=3, seed=2, delay=0, coach=False),
        Stepper(dealt_game([["legal"] * 4] * 3), coach=False),
    ):
        toggle = widget.coach_toggle
        assert toggle.layout.display == "none"
        toggle.button.value = True  # even pressed from code, nothing is drawn
        assert toggle.coach.html == "" and not toggle.on


def test_allow_coach_false_hides_the_toggle_in_every_widget_from_the_next_draw(coach_impl):
    play = Play(seat=0, seed=5, delay=0, opponents="random")
    play.coach_toggle.button.value = True
    assert play.coach_toggle.coach.html
    w.allow_coach(False)
    fresh = Play(seat=0, seed=5, delay=0, opponents="random")
    assert fresh.coach_toggle.layout.display == "none"
    stepper = Stepper(dealt_game([["legal"] * 4] * 3))
    assert stepper.coach_toggle.layout.display == "none"
    play.act(play.game.legal_actions()[0])  # the next draw takes the coach away
    assert play.coach_toggle.layout.display == "none" and play.coach_toggle.coach.html == ""
    w.allow_coach(True)
    fresh.act(fresh.game.legal_actions()[0])
    assert fresh.coach_toggle.layout.display != "none"


def test_the_coach_is_exported_lazily():
    import prohis_nb.widgets.coach as module

    assert w.Coach is module.Coach and w.allow_coach is module.allow_coach
    assert "Coach" in w.__all__ and "allow_coach" in w.__all__


def test_the_real_coaches_numbers_behind_a_choice_are_shown(monkeypatch):
    """The names in DETAILS are the ones the game coaches fill in (a rename would hide them)."""
    use_coach("real", monkeypatch)
    game = dealt_game([["illegal", "illegal", "legal", "legal"], ["legal"] * 4, ["legal"] * 4])
    game.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "legal"]})
    coach = Coach(game.view(1))
    captain = next(c for c in coach.advice.choices if c.label == "control with your captain")
    row = row_of(coach.html, captain.label)
    assert f"catch chance {percent(captain.details['catch_chance'])}" in row
    assert f"break-even bribe {money(captain.details['break_even_bribe'])}" in row
    smuggle = stacked_smuggle_game(["watch", "wine", "luggage", "luggage"])
    coach = Coach(smuggle.view(1))
    truth = next(c for c in coach.advice.choices if c.details.get("truth"))
    row = row_of(coach.html, truth.label)
    assert f"searched {percent(truth.details['equilibrium_rate'])} in the solved game" in row
