"""The action panel keeps its widgets from one decision to the next, and shows only the new one.

Play re-labels the panel's buttons and resets its card composer at every
decision instead of building new widgets (see ActionPanel). These tests play
whole games and check, at every decision, that what is on screen is what a
freshly built panel would offer: each button's words and action, the
composer's cards (nothing picked), and that no widget of an earlier decision
still acts.
"""

from __future__ import annotations

import random

from helpers.widgets import click_something, offered

from prohis_nb.widgets import Play
from prohis_nb.widgets.controls import ActionPanel
from prohis_nb.widgets.render import renderer_for


def shown(panel: ActionPanel) -> list:
    """What the panel shows, widget by widget: headings, button words, composer cards."""
    out = []

    def walk(widget):
        if hasattr(widget, "hand") and hasattr(widget, "card_buttons"):  # a card composer
            out.append(("composer", widget.act, list(widget.hand), list(widget.picked)))
            out.append([(b.description, b.disabled) for b in widget.card_buttons])
            return
        if hasattr(widget, "children"):
            for child in widget.children:
                walk(child)
        elif hasattr(widget, "description") and hasattr(widget, "on_click"):
            out.append(("button", widget.description, widget.disabled))
        elif hasattr(widget, "value"):
            out.append(("text", widget.value))

    walk(panel)
    return out


def test_every_decision_shows_what_a_fresh_panel_shows():
    for seed in (1, 2):
        play = Play(seat=0, opponents="random", seed=seed, delay=0, coach=False)
        rng = random.Random(seed)
        decisions = 0
        while not play.game.ended:
            fresh = ActionPanel(renderer_for("prohis"), lambda _a: None)
            fresh.show(play.game.view(0).to_json(), play.game.legal_actions())
            assert shown(play.panel) == shown(fresh)
            assert offered(play) == set(play.game.legal_actions())
            for action, button in play.panel.buttons.items():
                assert button.pnb_action == action
            click_something(play, rng)
            decisions += 1
        assert decisions > 5


def test_a_button_of_an_earlier_decision_takes_no_action():
    play = Play(seat=0, opponents="random", seed=4, delay=0, coach=False)
    pool = list(play.panel._pool)
    rng = random.Random(4)
    while play.panel.buttons and not play.game.ended:
        click_something(play, rng)
        if len(play.panel.buttons) < len(pool):
            break
    spare = [b for b in play.panel._pool if b not in play.panel.buttons.values()]
    assert spare, "no decision with fewer buttons than an earlier one was reached"
    taken = len(play.game.actions)
    for button in spare:
        button.click()  # a button kept but not shown now
    assert len(play.game.actions) == taken


def test_the_composer_starts_each_decision_with_nothing_picked():
    play = Play(seat=0, opponents="random", seed=6, delay=0, coach=False)
    rng = random.Random(6)
    composers = set()
    for _ in range(60):
        if play.game.ended:
            break
        for composer in play.panel.composers.values():
            if hasattr(composer, "card_buttons"):
                composers.add(id(composer))
                assert composer.picked == []
                assert len(composer.card_buttons) == len(composer.hand)
                composer.pick(0)  # a pick left behind must not survive to the next decision
        click_something(play, rng)
    assert composers  # a convoy decision was met


def test_each_place_on_screen_keeps_its_widgets_from_one_decision_to_the_next():
    """The i-th heading's box and its j-th button are the same widgets at every decision.

    So the browser keeps their elements, and a button just pressed keeps the
    keyboard focus (a replaced one lost it, and JupyterLab restyled the whole
    notebook to move it). Only what they say changes.
    """
    for seed in (1, 2):
        play = Play(seat=0, opponents="random", seed=seed, delay=0, coach=False)
        rng = random.Random(seed)
        places: dict[tuple[int, int], object] = {}
        changed = 0
        while not play.game.ended:
            for i, box in enumerate(play.panel.children):
                assert places.setdefault((i, -1), box) is box
                row = box.children[-1]
                for j, button in enumerate(getattr(row, "children", ())):
                    if hasattr(button, "pnb_action"):
                        assert places.setdefault((i, j), button) is button
                        assert button.pnb_action in play.panel.buttons
            before = [b.description for b in play.panel.buttons.values()]
            click_something(play, rng)
            changed += before != [b.description for b in play.panel.buttons.values()]
        assert changed > 5  # the same widgets said different things
