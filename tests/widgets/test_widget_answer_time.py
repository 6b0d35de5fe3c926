"""Play and HotSeat show a bot's move at a pace its hidden hand cannot change (docs/teaching.md).

No timing and no sleeping: the widgets are given a test's clock
(:class:`~prohis_nb.bots.pacing.FakeClock`) and the convoy's bot "thinks"
for a fake time that depends on its hidden hand (long with a dirty hand,
short with an honest one). Twin games that differ only in that hand must
put the learner's decision on screen at the same fake time; without the
pace they would not (checked too, so the twins really differ).
"""

from __future__ import annotations

from typing import Any

import pytest

from prohis_nb import ConvoyRules, ConvoyStageGame
from prohis_nb.bots.pacing import FakeClock, Pace
from prohis_nb.widgets import HotSeat, Play

pytest.importorskip("nashpy")

from prohis_nb.convoy.bots import EquilibriumConvoyBot, behaviour

#: The methods the tests wrap, as they are (a second wrapping must not wrap the first).
CHOOSE = EquilibriumConvoyBot.choose
PRESENT = {Play: Play._present, HotSeat: HotSeat._present}
DELAY = 0.8
#: Fake seconds the bot thinks, by its hand: both within the pace.
THINK = {True: 0.6, False: 0.01}


def learner_sees(widget: type, dirty: bool, pace_seconds: float, monkeypatch: Any) -> list[Any]:
    """(fake time, actions so far) at each screen the learner (seat 1, the controller) gets."""
    rules = ConvoyRules()
    behaviour(rules)  # solved beforehand: only the fake thinking below differs
    clock = FakeClock()
    choose = CHOOSE

    def thinking(bot: Any, view: Any, legal: Any) -> Any:
        clock.advance(THINK[bool(view.dirty)])
        return choose(bot, view, legal)

    monkeypatch.setattr(EquilibriumConvoyBot, "choose", thinking)
    screens: list[Any] = []
    present = PRESENT[widget]

    def presenting(self: Any) -> None:
        screens.append((round(clock.now(), 9), len(self.game.actions)))
        present(self)

    monkeypatch.setattr(widget, "_present", presenting)
    game = ConvoyStageGame(
        rules, table={"hand": "dirty" if dirty else "honest", "order": list(range(rules.size))}
    )
    pace = Pace(pace_seconds, clock=clock.now, sleep=clock.sleep)
    if widget is HotSeat:
        seen = HotSeat(game, humans=[1], delay=DELAY, pace=pace)
        seen.reveal()
    else:
        seen = Play(game, seat=1, delay=DELAY, pace=pace)
    assert seen.game.to_act == 1 and not seen.game.ended
    assert pace.moves == len(seen.game.actions) == 2 and pace.late == 0  # convoy, bribe
    return screens


@pytest.mark.parametrize("widget", [Play, HotSeat])
def test_twin_hands_reach_the_learner_at_the_same_time(widget, monkeypatch):
    clean = learner_sees(widget, False, DELAY, monkeypatch)
    dirty = learner_sees(widget, True, DELAY, monkeypatch)
    assert clean == dirty
    assert clean[0] == (2 * DELAY, 2)  # two bot moves, two beats


@pytest.mark.parametrize("widget", [Play, HotSeat])
def test_without_a_pace_the_twins_would_tell(widget, monkeypatch):
    """The check above can fail: unpaced, the dirty hand's screen comes later."""
    clean = learner_sees(widget, False, 0, monkeypatch)
    dirty = learner_sees(widget, True, 0, monkeypatch)
    assert clean[0][0] < dirty[0][0]


def test_every_bot_move_after_a_learners_move_is_paced(monkeypatch):
    """After the learner acts, each bot move waits for the pace; none is shown before it."""
    from prohis_nb.customs.game import CustomsStageGame

    clock = FakeClock()
    pace = Pace(DELAY, clock=clock.now, sleep=clock.sleep)
    waits: list[int] = []
    wait = pace.wait
    game = CustomsStageGame(seed=3)

    def counted() -> None:
        waits.append(len(game.actions))
        wait()

    pace.wait = counted  # type: ignore[method-assign]
    seat = game.to_act  # the learner declares first; the bot is the Officer
    play = Play(game, seat=seat, opponents="random", delay=DELAY, pace=pace)
    before = len(waits)
    assert before == 0 and play.game.to_act == seat
    play.act(play.game.legal_actions()[0])
    bot_moves = len(play.game.actions) - 1
    assert bot_moves >= 1 and len(waits) - before == bot_moves
    assert waits[before:] == list(range(2, 2 + bot_moves))  # each after its move is chosen


@pytest.mark.parametrize("delay", [-1, "fast", True, float("nan")])
def test_a_bad_delay_is_refused_with_what_is_allowed(delay):
    from prohis_nb.errors import RulesError

    with pytest.raises(RulesError, match="delay is a number of seconds, 0 or more"):
        Play(seat=0, delay=delay)
