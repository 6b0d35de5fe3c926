"""Everything a client shows one seat, gathered as plain text, to compare two games.

Non-interference tests build two games that differ only in cards a seat S may
not see, and check that S is shown the same thing by every door: its view,
the command line's ``replay --seat S`` (in-process, and through the real
script), the legal actions offered to S, and the HTML of the Table, Stepper,
Play and HotSeat widgets drawn for S.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from prohis_nb.cli import main
from prohis_nb.core.record import Record

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = [sys.executable, "-m", "prohis_nb"]


def cli_replay(record: Record, seat: int, upto: int, tmp: Path) -> str:
    """``prohis-nb replay FILE --seat S --upto N`` in-process: its stdout (and status, stderr)."""
    path = tmp / "record.json"
    path.write_text(record.dumps(), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["replay", str(path), "--seat", str(seat), "--upto", str(upto)])
    return f"{status}\n{out.getvalue()}\n{err.getvalue()}"


def cli_replay_subprocess(record: Record, seat: int, upto: int, tmp: Path) -> str:
    """The same through the real command line, as a user runs it (PYTHONPATH kept)."""
    path = tmp / "record.json"
    path.write_text(record.dumps(), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", str(ROOT))}
    done = subprocess.run(
        [*SCRIPT, "replay", str(path), "--seat", str(seat), "--upto", str(upto)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    return f"{done.returncode}\n{done.stdout}\n{done.stderr}"


def widget_text(widget: Any) -> str:
    """Every value, description, tooltip and disabled flag in a widget tree, in order."""
    parts: list[str] = []

    def walk(w: Any) -> None:
        layout = getattr(w, "layout", None)
        if layout is not None and getattr(layout, "display", None) == "none":
            parts.append("<hidden>")
            return
        for name in ("value", "description", "tooltip", "disabled", "options"):
            if hasattr(w, name) and not callable(getattr(w, name)):
                value = getattr(w, name)
                if name == "value" and isinstance(value, tuple | list):  # file uploads
                    value = len(value)
                parts.append(f"{name}={value!r}")
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget)
    return "\n".join(parts)


def legal_for(game: Any, seat: int) -> list[str] | None:
    """The legal actions offered to ``seat`` (None when it is not its decision)."""
    if game.ended or game.to_act != seat:
        return None
    return [json.dumps(a.to_json(), sort_keys=True) for a in game.legal_actions()]


def widgets_for(
    record: Record, game: Any, seat: int, upto: int, coach: bool = False
) -> dict[str, str]:
    """The Table, Stepper, Play and HotSeat widgets drawn for ``seat`` at this position.

    Then every other path of issue 22 (:func:`every_other_path`): each button
    pressed, each download asked for, each repr, the coach.
    """
    from prohis_nb.widgets import HotSeat, Play, Stepper, Table

    shown: dict[str, str] = {}
    shown["table"] = Table(game.copy(), seat).html
    stepper = Stepper(record, seat=seat, start=upto)
    shown["stepper"] = widget_text(stepper)
    humans = range(game.players)  # every seat a person: nobody moves by itself
    play = Play(game.copy(), seat=seat, humans=humans, delay=0)
    shown["play_table"] = play.table.html
    shown["play_status"] = play.status.value
    if game.to_act == seat:
        shown["play_panel"] = widget_text(play.panel)
    hot = HotSeat(game.copy(), humans=humans, delay=0)
    if game.to_act == seat:
        hot.reveal()  # S confirms it is at the screen
    shown["hotseat"] = widget_text(hot)  # else: the curtain, waiting for another seat
    shown.update(every_other_path(game, seat, coach=coach))
    return shown


def every_other_path(game: Any, seat: int, coach: bool = False) -> dict[str, str]:
    """What ``seat`` is shown by every button, download and repr a learner can reach here.

    A Play and a HotSeat drawn for ``seat`` (every seat a person, so nobody
    moves by itself) and a Stepper following the live game from ``seat``:
    each button is pressed in turn (Undo, Download, Save, the Teacher's view,
    another seat in the Stepper's selector) and the widget read after each;
    a running game's record is the teacher's, so each says why it gives
    nothing (a learner's widget has no "Yes": every button pressed until none
    is new, "Yes" included, is ``tests/properties/test_no_button_peeks.py``).
    Then the reprs a cell shows (the game, its record, its public table).
    ``coach``: the coach switched on too.
    """
    from prohis_nb.widgets import HotSeat, Play, Stepper

    shown: dict[str, str] = {}
    humans = range(game.players)
    play = Play(game.copy(), seat=seat, humans=humans, delay=0)
    if coach:
        play.coach_toggle.button.value = True
        shown["play coach"] = widget_text(play.coach_toggle)
    for name in ("download_button", "save_button", "undo_button"):
        getattr(play, name).click()
        shown[f"play after {name}"] = widget_text(play)
    shown["play repr"] = repr(play)
    hot = HotSeat(game.copy(), humans=humans, delay=0)
    if game.to_act == seat:
        hot.reveal()
    for name in ("download_button", "teacher_button", "save_button", "undo_button"):
        getattr(hot, name).click()
        shown[f"hotseat after {name}"] = widget_text(hot)
    if not game.ended:
        live = game.copy()
        stepper = Stepper(live, seat=seat)
        stepper.download_button.click()
        shown["stepper download"] = widget_text(stepper)
        other = (seat + 1) % game.players
        stepper.table.seat_picker.value = other  # another seat: refused, with why
        stepper.table.seat_picker.value = "teacher"
        shown["stepper other seats"] = widget_text(stepper)
        if coach:
            stepper.coach_toggle.button.value = True
            shown["stepper coach"] = widget_text(stepper.coach_toggle)
        # The reprs a notebook cell shows: the game, its record, its public table.
        shown["game repr"] = repr(game)
        shown["game html"] = game._repr_html_()
        shown["record repr"] = repr(game.record()) + game.record()._repr_html_()
        shown["public view"] = json.dumps(game.public_view().to_json(), sort_keys=True)
    return shown


def seat_outputs(
    record: Record, seat: int, upto: int, tmp: Path, widgets: bool = True
) -> dict[str, Any]:
    """What ``seat`` is shown after the first ``upto`` recorded actions, by every door."""
    game = record.replay(upto)
    shown: dict[str, Any] = {
        "view": json.dumps(game.view(seat).to_json(), sort_keys=True),
        "replay": cli_replay(record, seat, upto, tmp),
        "legal": legal_for(game, seat),
    }
    if widgets:
        shown.update(widgets_for(record, game, seat, upto))
    return shown
