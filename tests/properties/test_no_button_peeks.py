"""No button of a learner's widget gives a hidden card while the game runs, not even after "Yes".

attack-22c F7: the "teacher's question" was a second button in the learner's
own widget, so Download then "Yes, make the download link" gave a learner
alone with ``Play`` the record (its seed deals every hand); the same two
clicks worked for Save, HotSeat's "Teacher's view" and a live Stepper's
"View as". Issue 22's rule: every widget button gives identical output for
seat S in twin games that differ only in cards S may not see; assume every
learner presses every button.

So, for every registered game and each learner's widget (Play, HotSeat with
S at the screen, a Stepper over the running game from S), on twin games
(``helpers.game_twins``: equal for S, different in what S may not see):
starting from each press the widget offers, every button, toggle and
selector choice is pressed, then every one that appeared since (a "Yes", a
"Cancel", a "Replace it"), until none is new (``helpers.buttons``); every
live widget model is compared after each press (``helpers.livemodels``).
The twins must never differ, and no record link or file appears.

The check of the check: the same presses on a teacher's widget
(``teacher=True``, made in code) do reach the record, and the twins differ.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from helpers.buttons import first_presses, run
from helpers.game_twins import at_the_seats_decision

import prohis_nb
from prohis_nb.widgets import HotSeat, Play, Stepper

GAMES = sorted(spec.name for spec in prohis_nb.core.registry.specs())
WIDGETS = ["play", "hotseat", "stepper"]
LINK = re.compile(r"data:application/json;base64,")


def builder(kind: str, game, seat: int, save_to: Path, teacher: bool = False):
    """How to build the learner's widget ``kind`` for ``seat`` over a copy of ``game``."""
    humans = range(game.players)  # every seat a person: nobody moves by itself

    def build():
        live = game.copy()
        if kind == "play":
            widget = Play(live, seat=seat, humans=humans, delay=0, teacher=teacher)
        elif kind == "hotseat":
            widget = HotSeat(live, humans=humans, delay=0, teacher=teacher)
            widget.reveal()  # S is to act and comes to the screen
            assert widget.shown == seat
        else:
            return Stepper(live, seat=seat, teacher=teacher)
        widget.save_name.value = str(save_to / "saved.json")
        return widget

    return build


def compare(kind: str, name: str, tmp_path: Path, teacher: bool = False) -> list[str]:
    """Explore the twins' widgets from every first press; the first difference of each run."""
    one, two, seat = at_the_seats_decision(name)
    build_one = builder(kind, one, seat, tmp_path, teacher)
    build_two = builder(kind, two, seat, tmp_path, teacher)
    differences = []
    for first in [None, *first_presses(build_one)]:
        made, shots_one = run(build_one, None, first)
        _, shots_two = run(build_two, made, None)
        for step, (a, b) in enumerate(zip(shots_one, shots_two, strict=True)):
            if a != b:
                differences.append(f"after {made[:step]}")
                break
        text = json.dumps(shots_one) + json.dumps(shots_two)
        if LINK.search(text):
            differences.append(f"a record link after {made}")
    differences.extend(f"a file written: {path}" for path in os.listdir(tmp_path))
    return differences


@pytest.mark.parametrize("kind", WIDGETS)
@pytest.mark.parametrize("name", GAMES)
def test_every_button_of_a_learners_widget_gives_twins_the_same(kind, name, tmp_path):
    assert compare(kind, name, tmp_path) == []


@pytest.mark.parametrize("kind", WIDGETS)
def test_the_check_catches_a_teachers_widget(kind, tmp_path):
    """A teacher's widget (made in code) gives the record after its "Yes": the twins differ."""
    assert compare(kind, "prohis", tmp_path, teacher=True) != []


def test_every_registered_game_is_explored():
    assert set(GAMES) == {"prohis", "smuggle", "convoy", "customs"}
