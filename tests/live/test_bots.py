"""The bots that fill seats: a bot that cannot play stops the class before it starts,
and a bot that fails in play is recorded as what actually played (``random``)."""

from __future__ import annotations

from typing import Any

import pytest

from prohis_nb.errors import RulesError
from prohis_nb.extras import MissingExtraError
from prohis_nb.live.config import default_config
from prohis_nb.live.games import LiveGame

from .conftest import Pupil


class BrokenBot:
    name = "broken"

    def __init__(self, error: Exception) -> None:
        self.error = error

    def choose(self, view: Any, legal: Any) -> Any:
        raise self.error


def test_a_class_whose_bot_needs_a_missing_library_does_not_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    missing = MissingExtraError(
        "prohis_nb.analysis.equilibrium needs numpy, which comes with the 'analysis' extra",
        name="numpy",
        extra="analysis",
    )
    monkeypatch.setattr(LiveGame, "make_bot", lambda self, spec, seed: BrokenBot(missing))
    with pytest.raises(RulesError) as refused:
        default_config("convoy", rounds=1)
    assert "cannot play" in str(refused.value) and "analysis" in str(refused.value)


def test_a_bot_that_fails_in_play_is_recorded_as_random(
    class_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = class_server("convoy", rounds=1, seats=2)
    monkeypatch.setattr(
        LiveGame, "make_bot", lambda self, spec, seed: BrokenBot(RuntimeError("no maths"))
    )
    pupil = Pupil(session.url, session.room, "Ada").join().open()
    pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    session.end_round("bots")  # bots play every seat, Ada's included, at once
    pupil.until(lambda m: m["type"] in ("ended", "waiting") and m.get("reason") != "lobby")
    record = session.records()[0]
    actors = record.extra["live"]["actors"]
    assert actors and set(actors) == {"random"}, actors
    assert record.replay().ended
