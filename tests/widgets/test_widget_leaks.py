"""The game widgets leave no widget behind in the kernel, however long the game.

Every ipywidget stays registered in the kernel (and modelled in the browser)
until ``close()`` is called on it; a widget the game widget merely drops is
leaked: the registry grows with every decision. The check here is independent
of how the widgets are built: after each decision, every widget the kernel
still registers that was made since the game widget was built must still be
*held* by the game widget (reachable from it through its attributes, children
and callbacks). A widget held by nobody but the registry is a leak. A second
check shows the same decision again and counts the registered widgets: the
count must not move (nothing is rebuilt for a decision already on screen).
"""

from __future__ import annotations

import random
import types

import ipywidgets
import pytest
from helpers.smuggle_widgets import click_something as click_smuggle
from helpers.widgets import click_something as click_prohis

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.cli import random_game
from prohis_nb.widgets import HotSeat, Play, Stepper
from prohis_nb.widgets.closing import close_tree


def registered() -> dict[str, ipywidgets.Widget]:
    """Every widget the kernel still registers, by model id (ipywidgets 7 and 8)."""
    from ipywidgets.widgets import widget as module

    instances = getattr(module, "_instances", None)
    if instances is None:  # ipywidgets 7
        instances = ipywidgets.Widget.widgets
    return dict(instances)


def held_by(root: object) -> set[str]:
    """The model ids of every widget reachable from ``root``.

    Walks attributes of the widgets' own objects (this package's, ipywidgets',
    traitlets'), containers, bound methods and the closures of callbacks.
    """
    held: set[str] = set()
    stack, seen = [root], set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, ipywidgets.Widget) and item.comm is not None:
            held.add(item.model_id)
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif isinstance(item, types.MethodType):
            stack.append(item.__self__)
        elif isinstance(item, types.FunctionType):
            stack.extend(c.cell_contents for c in item.__closure__ or () if _filled(c))
        elif type(item).__module__.startswith(("prohis_nb.widgets", "ipywidgets", "traitlets")):
            stack.extend(getattr(item, "__dict__", {}).values())
    return held


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - an empty cell raises
    except ValueError:
        return False
    return True


def leaked(root: object, before: set[str]) -> list[str]:
    """Widgets made since ``before`` that the kernel registers but ``root`` does not hold."""
    held = held_by(root)
    return sorted(
        f"{type(w).__name__} {w.model_id}"
        for model_id, w in registered().items()
        if model_id not in before and model_id not in held
    )


def play_through(widget: Play, click, seed: int) -> int:
    """Play ``widget``'s game to the end, checking for leaks after every decision."""
    before = set(registered()) - held_by(widget)
    rng = random.Random(seed)
    decisions = 0
    while not widget.game.ended:
        if isinstance(widget, HotSeat) and widget.shown is None:
            widget.reveal()
        click(widget, rng)
        decisions += 1
        assert leaked(widget, before) == [], f"after decision {decisions}"
        if not widget.game.ended and (not isinstance(widget, HotSeat) or widget.shown):
            count = len(registered())
            widget._present()  # the same decision drawn again (as after an undo, a redraw)
            assert len(registered()) == count, f"decision {decisions} drawn again"
    return decisions


@pytest.mark.parametrize(
    ("make", "click"),
    [
        (lambda: Play(seat=0, opponents="random", seed=1, delay=0, coach=False), click_prohis),
        (
            lambda: Play(
                game_name="smuggle", seat=0, opponents="random", seed=1, delay=0, coach=False
            ),
            click_smuggle,
        ),
        (lambda: HotSeat(players=3, seed=2, delay=0, coach=False), click_prohis),
        (
            lambda: HotSeat(game_name="smuggle", players=3, seed=2, delay=0, coach=False),
            click_smuggle,
        ),
    ],
    ids=["prohis-play", "smuggle-play", "prohis-hotseat", "smuggle-hotseat"],
)
def test_a_whole_game_leaves_no_widget_behind(make, click):
    widget = make()
    assert play_through(widget, click, seed=5) > 20


def test_undo_and_the_teachers_view_leave_no_widget_behind():
    widget = HotSeat(players=3, seed=4, delay=0, coach=False)
    before = set(registered()) - held_by(widget)
    rng = random.Random(4)
    for _ in range(12):
        if widget.shown is None:
            widget.reveal()
        click_prohis(widget, rng)
        widget.show_teacher_view(confirmed=True)
        widget.hide_teacher_view()
        if rng.random() < 0.3:
            widget.undo()
        assert leaked(widget, before) == []


def test_stepping_to_and_fro_leaves_no_widget_behind_and_builds_nothing_twice():
    record = random_game(ProhisGame, ProhisRules(players=4), seed=3).record()
    stepper = Stepper(record, seat=0)
    stepper.coach_toggle.button.value = True
    before = set(registered()) - held_by(stepper)
    counts = []
    for _ in range(2):
        for _ in range(30):
            stepper.forward()
        stepper.table.show_seat("teacher")
        for _ in range(30):
            stepper.back()
        stepper.table.show_seat(1)
        stepper.slider.value = 17
        assert leaked(stepper, before) == []
        counts.append(len(registered()))
    assert counts[0] == counts[1]


def test_the_leak_check_sees_a_dropped_widget():
    """The check itself: a widget made and dropped without close() is reported, closed is not."""
    play = Play(seat=0, opponents="random", seed=1, delay=0, coach=False)
    before = set(registered()) - held_by(play)
    dropped = ipywidgets.HBox([ipywidgets.Button(description="lost")])
    name = f"HBox {dropped.model_id}"
    del dropped
    assert name in leaked(play, before)
    for model_id, widget in registered().items():
        if model_id not in before and f"HBox {model_id}" == name:
            close_tree(widget)
    assert leaked(play, before) == []
