"""Play's record and Undo keep every registered game's secrets (attack-24 F4, F17).

For each game, two **twin** games that differ only in cards the learner's
seat may not see (another seat's hand, the convoy's hand, the draw pack):

* mid-game, Download and Save record give nothing in a learner's widget, not
  even after the old "Yes": no link, no file, and every string of the widget
  tree is the same for both twins; the teacher's code call
  (``offer_download(confirmed=True)``) gives the full record, and after the
  end it is everyone's without a question;
* once the game is over, Undo is off, whoever moved last (the result showed
  every seat how it went: taking the answer back would turn any answer into
  the hindsight-best one in a class's records).
"""

from __future__ import annotations

import random
import re

import pytest
from helpers.game_twins import twins
from helpers.widgets import every_value

import prohis_nb
from prohis_nb.widgets import HotSeat, Play

LINK = re.compile(r"data:application/json;base64,")

GAMES = sorted(spec.name for spec in prohis_nb.core.registry.specs())


def at_the_learners_decision(name, widget_class=Play):
    one, two, seat, moves = twins(name)
    humans = list(range(one.players))
    plays = []
    for game in (one, two):
        if widget_class is HotSeat:  # every seat a person's; the curtain shows one at a time
            widget = HotSeat(game, humans=humans, delay=0)
        else:  # the learner's screen; the other seats' moves are given below
            widget = Play(game, seat=seat, humans=humans, delay=0)
        for move in moves:
            if isinstance(widget, HotSeat):
                widget.reveal()
            assert widget.act(move), widget.message.value
        if isinstance(widget, HotSeat):
            widget.reveal()
        plays.append(widget)
    assert one.to_act == two.to_act == seat and not one.ended
    assert one.view(seat).to_json() == two.view(seat).to_json()  # twins for this seat
    assert one.record().dumps() != two.record().dumps()  # ... that differ in hidden cards
    return plays


def test_every_registered_game_is_covered():
    assert set(GAMES) == {"prohis", "smuggle", "convoy", "customs"}


@pytest.mark.parametrize("widget_class", [Play, HotSeat])
@pytest.mark.parametrize("name", GAMES)
def test_mid_game_the_record_carries_nothing_hidden(name, widget_class, tmp_path):
    plays = at_the_learners_decision(name, widget_class)
    for index, play in enumerate(plays):
        target = tmp_path / f"g{index}.json"
        assert play.offer_download() == ""
        assert not play.save(target) and not target.exists()
        play.save_button.click()
        play.teacher_confirm.click()  # the old "Yes": no longer offered, and it does nothing
        play.download_button.click()
        play.teacher_confirm.click()
        assert "when the game is over" in play.message.value
        assert not LINK.search(every_value(play)) and not list(tmp_path.iterdir())
    assert every_value(plays[0]) == every_value(plays[1])
    # The teacher's call in code: the full record (every hand), as it was asked for.
    assert LINK.search(plays[0].offer_download(confirmed=True))
    assert LINK.search(plays[0].download.value)


@pytest.mark.parametrize("name", GAMES)
def test_after_the_end_the_record_is_everyones_and_undo_is_off(name, tmp_path):
    for seed in range(12):
        game = prohis_nb.new_game(name, seed=seed)
        rng = random.Random(seed)
        while not game.ended:
            game.apply(rng.choice(game.legal_actions()))
        last = game.actions[-1].seat
        game = game.record().replay(len(game.actions) - 1)
        play = Play(game, seat=last, humans=range(game.players), delay=0)
        play.act(game.legal_actions()[0] if False else game.record().replay().legal_actions()[0])
        break
    plays = []
    for seed in range(12):
        game = prohis_nb.new_game(name, seed=seed)
        rng = random.Random(seed)
        moves = []
        while not game.ended:
            moves.append(rng.choice(game.legal_actions()))
            game.apply(moves[-1])
        last = moves[-1].seat
        fresh = prohis_nb.new_game(name, seed=seed)
        play = Play(fresh, seat=last, humans=range(fresh.players), delay=0)
        for move in moves:
            assert play.act(move)
        assert play.game.ended
        reason = play.undo_refusal()
        assert reason is not None and "over" in reason
        assert play.undo_button.disabled and not play.undo() and play.game.ended
        assert len(play.game.actions) == len(moves)
        plays.append(play)
    play = plays[0]
    assert LINK.search(play.offer_download()) and not play.question.pending
    assert play.save(tmp_path / "over.json")
