"""Undo in Play and HotSeat: a move is taken back only while it has shown the seat nothing.

The rule (docs/teaching.md, "Taking a move back"): a seat may take back its
own last move only while no other seat has decided since and nothing that
followed showed it a card or a fact it did not know. Refused, the button is
disabled, a line says why, and pressing it changes nothing. Allowed, the game
after the undo is compared with a game that never made the move: one dealt
again from the same table with the same earlier actions applied (not the
widget's game, not the engine's undo). The statistical and twin-game checks
of the rule are in tests/properties/test_undo_learner.py.
"""

from __future__ import annotations

import random

import pytest
from helpers.widgets import empty_pile_table, stacked

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.widgets import HotSeat, Play

R3 = ProhisRules(players=3)


def never_made(table_or_seed, rules, actions, game_class=ProhisGame):
    """A fresh game from the same deal with only ``actions`` applied."""
    if isinstance(table_or_seed, dict):
        game = game_class(rules, table=table_or_seed)
    else:
        game = game_class(rules, seed=table_or_seed)
    for action in actions:
        game.apply(action)
    return game


def same_game(one, other) -> None:
    assert one.record().to_json() == other.record().to_json()
    assert one.omniscient_view().to_json() == other.omniscient_view().to_json()
    for seat in range(one.players):
        assert one.view(seat).to_json() == other.view(seat).to_json()
    assert one.legal_actions() == other.legal_actions()


def take_pile(widget) -> None:
    widget.panel.button_for(act="take", source="pile").click()


def test_a_card_drawn_from_the_pile_cannot_be_taken_back():
    hands = [["legal", "legal", "captain", "inspector"]] * 3
    play = Play(stacked(R3, hands), seat=0, opponents="random", delay=0)
    before = play.game.record().to_json()
    take_pile(play)
    assert play.game.to_act == 0  # the second pick: still the learner's decision
    drawn = play.game.record().to_json()
    assert play.undo_button.disabled
    assert "it showed you the card you drew from the pile" in play.undo_note.value
    play.undo_button.disabled = False  # a page that enables it anyway: the click is refused
    play.undo_button.click()
    assert not play.undo()
    assert play.game.record().to_json() == drawn != before  # nothing taken back
    assert "This move cannot be undone: it showed you the card you drew" in play.message.value
    assert play.undo_button.disabled  # drawn again as it was


def test_a_move_that_showed_nothing_is_taken_back_exactly():
    table = empty_pile_table()
    play = Play(ProhisGame(R3, table=table), seat=0, opponents="random", delay=0)
    assert play.undo_button.disabled and "no move to take back" in play.undo_note.value
    play.panel.button_for(act="take", source="row", slot=1).click()  # no card turns up
    assert play.game.to_act == 0 and play.can_undo()
    assert not play.undo_button.disabled and play.undo_note.value == ""
    play.undo_button.click()
    same_game(play.game, never_made(table, R3, []))
    assert "Your decision" in play.status.value and play.panel.children
    play.panel.button_for(act="take", source="row", slot=0).click()  # choose again
    assert play.game.actions[-1].slot == 0


def test_undo_is_refused_once_another_seat_has_decided():
    play = Play(ProhisGame(R3, table=empty_pile_table()), seat=0, opponents="random", delay=0)
    play.panel.button_for(act="pass").click()  # the bots play on until seat 0 decides again
    assert play.game.actions[-1].seat != 0
    assert play.undo_button.disabled
    assert "has decided since your last move" in play.undo_note.value
    before = play.game.actions
    assert not play.undo() and play.game.actions == before


@pytest.mark.parametrize(
    ("game_class", "rules", "seed"),
    [
        (ProhisGame, R3, 11),
        (ProhisGame, ProhisRules(players=4), 3),
        (SmuggleGame, SmuggleRules(), 5),
    ],
)
def test_every_undo_allowed_takes_back_exactly_one_own_move_and_every_refusal_changes_nothing(
    game_class, rules, seed
):
    play = Play(game_class(rules, seed=seed), seat=1, opponents="random", delay=0)
    rng = random.Random(seed)
    undone = refused = 0
    while not play.game.ended and len(play.game.actions) < 150:
        before = list(play.game.actions)
        play.act(rng.choice(play.game.legal_actions()))
        after = list(play.game.actions)
        assert play.undo_button.disabled == (not play.can_undo())
        if play.undo():
            undone += 1
            assert after[-1].seat == 1 and len(after) == len(before) + 1  # only its own move
            same_game(play.game, never_made(seed, rules, before, game_class))
            play.act(rng.choice(play.game.legal_actions()))
        else:
            refused += 1
            assert list(play.game.actions) == after
            assert play.undo_button.disabled and play.undo_note.value
    assert refused >= 5


def test_undo_clears_the_download_link_and_the_pending_replace(tmp_path):
    target = tmp_path / "a.json"
    target.write_text("a")
    play = Play(ProhisGame(R3, table=empty_pile_table()), seat=0, delay=0, teacher=True)
    play.panel.button_for(act="take", source="row", slot=1).click()
    play.save_name.value = str(target)
    play.save_button.click()
    play.teacher_confirm.click()  # a teacher's widget: the record holds every hand
    assert play.replace_button.layout.display == ""
    play.offer_download(confirmed=True)
    assert play.download.value
    play.undo_button.click()
    assert play.download.value == ""  # the link held the move taken back
    assert play.replace_button.layout.display == "none"
    assert target.read_text() == "a"


def test_a_finished_game_cannot_be_undone():
    play = Play(seat=0, seed=6, opponents="random", delay=0)
    rng = random.Random(6)
    while not play.game.ended:
        play.act(rng.choice(play.game.legal_actions()))
    assert play.undo_button.disabled and not play.undo() and play.game.ended


def test_a_passed_smuggle_hand_looked_at_cannot_be_taken_back():
    game = SmuggleGame(SmuggleRules(players=3), seed=4)
    play = Play(game, seat=2, humans=[0, 1, 2], delay=0)  # every seat here: nobody moves alone
    game.apply({"act": "declare", "items": ["wine"]})  # seat 1 declares to Officer 0
    game.apply({"act": "accept"})  # the Officer lets it through: the hand passes to seat 2
    play._present()
    assert game.to_act == 2 and game.decision.kind == "receiver"
    play.panel.button_for(act="accept").click()  # seat 2 accepts and looks at the hand
    assert game.to_act == 2 and game.decision.kind == "discard"
    assert play.undo_button.disabled and "the passed hand" in play.undo_note.value
    assert not play.undo() and game.decision.kind == "discard"


def test_hot_seat_only_the_seat_at_the_screen_undoes_its_own_move():
    hot = HotSeat(ProhisGame(R3, table=empty_pile_table()), delay=0)
    hot.ready_button.click()
    hot.panel.button_for(act="take", source="row", slot=1).click()
    assert hot.shown == 0 and not hot.undo_button.disabled  # it showed nothing: seat 0 may
    hot.panel.button_for(act="stop").click()  # the screen passes to seat 1
    assert hot.shown is None and hot.undo_button.disabled
    assert "the screen has passed on" in hot.undo_note.value
    assert not hot.undo() and hot.game.actions[-1].act == "stop"
    hot.ready_button.click()  # seat 1 is at the screen: seat 0's move is not seat 1's to undo
    assert hot.shown == 1 and hot.undo_button.disabled
    assert "seat 0 has decided since your last move" not in hot.undo_note.value
    assert not hot.undo() and hot.game.actions[-1].act == "stop"


def test_hot_seat_undo_keeps_the_seat_at_the_screen():
    table = empty_pile_table()
    hot = HotSeat(ProhisGame(R3, table=table), delay=0)
    hot.ready_button.click()
    hot.panel.button_for(act="take", source="row", slot=1).click()
    assert hot.undo()
    same_game(hot.game, never_made(table, R3, []))
    assert hot.shown == 0 and hot.table.view.seat == 0 and hot.panel.children


def test_the_teachers_view_takes_the_screen_and_undo_with_it():
    hot = HotSeat(ProhisGame(R3, table=empty_pile_table()), delay=0)
    hot.ready_button.click()
    hot.panel.button_for(act="take", source="row", slot=1).click()
    assert hot.show_teacher_view(confirmed=True)
    assert hot.shown is None and hot.undo_button.disabled and not hot.undo()
