"""Play a seat against bots, and hot-seat: only legal actions offered, only one seat shown."""

import random

import pytest
from helpers.widgets import click_something, face_up_kinds, offered, stacked

from prohis_nb import Action, ProhisGame, ProhisRules, Record, UnknownSeatError
from prohis_nb.bots import Bot
from prohis_nb.bots.pacing import FakeClock, Pace
from prohis_nb.widgets import TEACHER, HotSeat, Play

R3 = ProhisRules(players=3)
CI = ["captain", "inspector"]


def test_opponents_play_until_the_learner_has_to_decide():
    play = Play(seat=2, seed=3, delay=0)
    assert play.game.to_act == 2
    assert play.game.actions  # the bots before seat 2 have played
    assert "Your decision" in play.status.value


def test_the_learner_is_offered_exactly_the_legal_actions_until_the_end():
    play = Play(seat=0, opponents="random", seed=5, delay=0)
    rng = random.Random(5)
    decisions = 0
    while not play.game.ended:
        assert play.game.to_act == 0
        assert offered(play) == set(play.game.legal_actions())
        assert play.table.view.seat == 0
        click_something(play, rng)
        decisions += 1
    assert decisions > 5
    assert "The game is over" in play.status.value
    assert not play.panel.children and not play.act(play.game.legal_actions())


def test_a_convoy_is_sent_only_when_the_picked_cards_in_order_are_legal():
    game = stacked(
        R3,
        [["illegal", "legal", "legal", "lieutenant", *CI], ["legal"] * 4 + CI, ["legal"] * 4 + CI],
    )
    play = Play(game, seat=0, delay=0)
    convoy = play.panel.composers["convoy"]
    assert convoy.hand == ["legal", "legal", "illegal", "lieutenant", "captain", "inspector"]
    assert convoy.send_button.disabled
    convoy.card_buttons[2].click()  # illegal first
    assert convoy.send_button.disabled  # a convoy has at least 2 cards
    assert convoy.card_buttons[2].disabled  # a card is picked once
    convoy.card_buttons[0].click()  # then legal
    assert not convoy.send_button.disabled
    convoy.send_button.click()
    assert game.actions[0].act == "convoy"
    assert game.actions[0].cards == ("illegal", "legal")  # the order picked


def test_a_fifth_card_cannot_join_a_convoy_and_clear_starts_again():
    game = stacked(
        R3,
        [["illegal", "legal", "legal", "lieutenant", *CI], ["legal"] * 4 + CI, ["legal"] * 4 + CI],
    )
    play = Play(game, seat=0, delay=0)
    convoy = play.panel.composers["convoy"]
    for index in range(4):
        convoy.card_buttons[index].click()
    assert all(button.disabled for button in convoy.card_buttons)
    convoy.pick(4)
    assert convoy.cards == ["legal", "legal", "illegal", "lieutenant"]
    convoy.clear_button.click()
    assert convoy.cards == [] and not any(b.disabled for b in convoy.card_buttons)


class Controls(Bot):
    """A test bot that controls whenever it can and rejects every bribe."""

    def choose(self, view, legal_actions):
        for act in ("control", "reject", "inspect", "turn"):
            for action in legal_actions:
                if action.act == act:
                    return action
        return legal_actions[0]


def test_a_bribe_is_a_set_of_cards_whatever_order_they_are_picked_in():
    game = stacked(
        R3,
        [["legal"] * 4 + CI, ["illegal", "illegal", "legal", "legal", *CI], ["legal"] * 4 + CI],
        first=1,
    )
    play = Play(game, seat=1, opponents=Controls, delay=0)
    play.panel.composers["convoy"].pick(0)  # legal
    play.panel.composers["convoy"].pick(2)  # illegal
    play.panel.composers["convoy"].send()
    assert game.decision.kind == "bribe" and game.to_act == 1
    bribe = play.panel.composers["bribe"]
    assert bribe.hand == ["legal", "illegal", "captain", "inspector"]
    bribe.pick(1)  # illegal first, then legal
    bribe.pick(0)
    assert bribe.action.cards == ("legal", "illegal")  # a bribe is a set: the fixed kind order
    bribe.send_button.click()
    at = game.actions.index(Action(1, "bribe", cards=("legal", "illegal")))
    assert game.actions[at + 1].act == "reject"  # the bot answered at once


def test_the_learner_sees_only_their_own_seat():
    game = stacked(
        R3,
        [["legal"] * 4 + CI, ["illegal", "illegal", "illegal", "legal", *CI], ["legal"] * 4 + CI],
    )
    play = Play(game, seat=0, delay=0)
    assert TEACHER not in [v for _label, v in play.table.seat_picker.options]
    assert play.table.seat_picker.layout.display == "none"
    assert "illegal" not in face_up_kinds(play.table.html)
    assert not play.table.show_seat(TEACHER)


def test_a_finished_game_saves_a_record_that_replays_it(tmp_path):
    play = Play(seat=1, opponents=["random", "honest", "bluff"], seed=8, delay=0)
    rng = random.Random(8)
    while not play.game.ended:
        click_something(play, rng)
    path = tmp_path / "learner.json"
    play.save_name.value = str(path)
    play.save_button.click()
    assert "Saved" in play.message.value
    replayed = Record.load(path).replay()
    assert replayed.ended and replayed.scores() == play.game.scores()


def test_saving_to_a_bad_place_shows_a_message(tmp_path):
    play = Play(seat=0, seed=2, delay=0)
    assert not play.save(tmp_path / "no-such-folder" / "game.json", confirmed=True)
    assert "Cannot save" in play.message.value


def test_the_same_seed_gives_the_same_opponents_moves():
    first = Play(seat=3, seed=12, delay=0)
    second = Play(seat=3, seed=12, delay=0)
    assert first.game.actions == second.game.actions and first.game.actions


def test_an_unknown_seat_is_refused_with_the_seats_there_are():
    with pytest.raises(UnknownSeatError, match="seats are 0 to 3"):
        Play(seat=4, seed=1, delay=0)


def test_an_action_from_outside_the_legal_list_is_refused_and_changes_nothing():
    play = Play(seat=0, seed=4, delay=0)
    before = play.game.actions
    assert not play.act({"seat": 0, "act": "turn", "position": 3})
    assert "not allowed" in play.message.value
    assert play.game.actions == before


# ------------------------------------------------------------ hot-seat


def test_hot_seat_hides_every_card_until_the_next_player_confirms():
    game = stacked(
        R3,
        [["legal"] * 4 + CI, ["illegal", "illegal", "illegal", "legal", *CI], ["legal"] * 4 + CI],
    )
    hot = HotSeat(game, delay=0)
    assert hot.shown is None and hot.table.board.value == "" and not hot.panel.children
    assert "Seat 0's turn" in hot.curtain_text.value
    assert not hot.act({"seat": 0, "act": "pass"})  # nobody confirmed yet
    assert not game.actions
    hot.ready_button.click()
    assert hot.shown == 0 and hot.table.view.seat == 0
    assert "illegal" not in face_up_kinds(hot.table.html)
    hot.panel.button_for(act="pass").click()
    # Seat 1's turn: seat 0's cards vanish at once, seat 1's wait for confirmation.
    assert hot.shown is None and hot.table.board.value == ""
    assert "Seat 1's turn" in hot.curtain_text.value
    hot.ready_button.click()
    assert hot.table.view.seat == 1
    assert face_up_kinds(hot.table.html).count("illegal") == 3


def test_hot_seat_keeps_the_curtain_up_within_one_players_draw():
    hot = HotSeat(players=3, seed=6, delay=0)
    hot.ready_button.click()
    seat = hot.shown
    takes = [a for a in hot.game.legal_actions() if a.act == "take" and a.source == "row"]
    hot.act(takes[0])
    if hot.game.to_act == seat:  # a second pick by the same player: no curtain
        assert hot.shown == seat and hot.table.view.seat == seat and hot.panel.children


def test_hot_seat_with_bots_plays_them_behind_the_curtain():
    hot = HotSeat(players=4, humans=[0, 2], opponents="random", seed=4, delay=0)
    rng = random.Random(4)
    while not hot.game.ended:
        assert hot.game.to_act in (0, 2)
        hot.ready_button.click()
        assert hot.table.view.seat == hot.game.to_act
        assert offered(hot) == set(hot.game.legal_actions())
        click_something(hot, rng)
    assert "The game is over" in hot.status.value
    # The final reveal (deliberate change): the curtain is lifted, every card is shown.
    assert hot.table.seat == "teacher" and hot.curtain.layout.display == "none"
    assert "data-viewer='teacher'" in hot.table.board.value


def test_a_record_of_a_hot_seat_game_replays_it():
    hot = HotSeat(ProhisGame(R3, seed=10), delay=0)
    rng = random.Random(10)
    for _ in range(12):
        hot.ready_button.click()
        click_something(hot, rng)
    assert Record.loads(hot.game.record().dumps()).replay().actions == hot.game.actions


def test_bot_moves_are_shown_one_at_a_time_at_the_chosen_pace():
    """Each bot move is drawn ``delay`` after the one before (the clock is a test's clock)."""
    clock = FakeClock()
    pace = Pace(0.5, clock=clock.now, sleep=clock.sleep)
    play = Play(seat=0, opponents="random", seed=7, delay=0.5, pace=pace)
    shown = []
    draw = play._show_bot_move

    def show(seat):
        draw(seat)
        shown.append((clock.now(), play.status.value, len(play.game.actions)))
        assert not play.panel.children  # no buttons while the bots play

    play._show_bot_move = show
    before, start = len(play.game.actions), clock.now()
    pass_or_first = next(iter(play.panel.buttons))
    play.panel.buttons[pass_or_first].click()
    bot_moves = len(play.game.actions) - before - 1
    assert bot_moves >= 1 and len(shown) == bot_moves
    assert [n for _t, _status, n in shown] == list(range(before + 2, before + 2 + bot_moves))
    assert all("is playing" in status for _t, status, _n in shown)
    # the k-th move shows k beats after the learner's move (the random bots take no time)
    assert [t - start for t, _s, _n in shown] == pytest.approx(
        [0.5 * k for k in range(1, bot_moves + 1)]
    )


def test_the_bots_before_the_learners_first_decision_are_paced_too():
    """Nothing is on screen yet, but the cell's running time is seen: each bot move one beat."""
    clock = FakeClock()
    game = ProhisGame(ProhisRules(players=4), seed=1)
    seat = (game.to_act - 1) % 4  # the last to play: the bots move first
    play = Play(game, seat=seat, delay=2.0, pace=Pace(2.0, clock=clock.now, sleep=clock.sleep))
    assert play.game.to_act == seat
    bot_moves = sum(action.seat != seat for action in play.game.actions)
    assert bot_moves >= 1
    assert clock.slept == pytest.approx([2.0] * bot_moves)


def test_a_decision_forced_by_the_learners_own_cards_is_offered_as_its_only_action():
    # seat 1 holds no controller card: it may only decline, but only seat 1 knows,
    # so the engine asks it (RECORD.md) and the panel offers the one action
    game = stacked(R3, [["legal", "legal", *CI], ["legal"], ["legal", *CI]])
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    play = Play(game, seat=1, opponents="random", seed=1, delay=0)
    assert play.game.to_act == 1 and "Your decision" in play.status.value
    assert offered(play) == {Action(1, "decline")}
    play.panel.buttons[Action(1, "decline")].click()
    assert play.game.actions[1] == Action(1, "decline")
    assert play.game.to_act == 1 or play.game.ended  # the bots played on to seat 1's turn
