"""Compose a declaration: a multiset of items, sent only as one of the legal actions.

A Smuggle declaration has 496 legal actions (every multiset of 0-4 dutiable
items, plus the immunity claim): one button each would be unusable. The
:class:`ItemComposer` offers instead, for every kind that some legal action
names, a "−" and a "+" button and the count so far; below them the
declaration in words with its duty, a send button ("Declare"), a "Declare
nothing" button and "Clear".

The composer knows no rule. Everything comes from the legal actions it is
given:

* the kinds offered are the kinds the legal actions name;
* "+" is enabled only while the items so far plus one more are still part of
  some legal action (so a fifth item can never be added when at most four may
  be declared);
* the send button sends *the legal action whose items equal the composed
  multiset*, or nothing: an action outside the list cannot be sent.

The words and the duty come from the renderer
(``renderer.describe_items(act, items, view)``, which for Smuggle reads the
duty from ``Board.hand_duty``). The renderer says which acts are composed this
way in its ``item_acts`` (act -> the action's field holding the items).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import ipywidgets as widgets

from prohis_nb.widgets.counts import KindRows
from prohis_nb.widgets.render import Renderer
from prohis_nb.widgets.render.base import esc


def multiset_key(items: Sequence[str]) -> tuple[str, ...]:
    """One key per multiset, whatever the order of its items."""
    return tuple(sorted(items))


@lru_cache(maxsize=32)
def _reachable(keys: tuple[tuple[str, ...], ...]) -> frozenset[tuple[str, ...]]:
    """Every sub-multiset of the legal multisets ``keys`` (each written sorted)."""
    reachable: set[tuple[str, ...]] = set()
    for key in set(keys):
        subsets: set[tuple[str, ...]] = {()}
        for kind, count in Counter(key).items():
            subsets = {tuple(sorted(s + (kind,) * n)) for s in subsets for n in range(count + 1)}
        reachable |= subsets
    return frozenset(reachable)


class ItemComposer(widgets.VBox):
    """Build one legal action of ``act`` item by item (see the module docstring).

    ``actions``: the legal actions of ``act``; ``field``: the action field
    holding the items (``"items"``); ``view``: the actor's view data (for the
    duty's board); ``on_send(action)`` is called with the legal action sent.
    """

    def __init__(
        self,
        act: str,
        actions: Sequence[Any],
        field: str,
        view: Mapping[str, Any],
        renderer: Renderer,
        on_send: Callable[[Any], object],
    ) -> None:
        self.act = act
        self.field = field
        self.renderer = renderer
        self._on_send = on_send
        self.kinds: list[str] = []
        self._rows: KindRows | None = None
        self._grid = widgets.GridBox(
            [], layout=widgets.Layout(grid_template_columns="repeat(4, max-content)")
        )
        self.chosen = widgets.HTML()
        self.send_button = widgets.Button(
            description=renderer.send_labels.get(act, act.replace("_", " ").capitalize()),
            button_style="primary",
            layout=widgets.Layout(width="auto"),
        )
        self.send_button.on_click(lambda _b: self.send())
        self.empty_button = widgets.Button(
            tooltip=f"{act} with no items at all", layout=widgets.Layout(width="auto")
        )
        self.empty_button.on_click(lambda _b: self.send_empty())
        self.clear_button = widgets.Button(description="Clear", tooltip="start again")
        self.clear_button.on_click(lambda _b: self.clear())
        super().__init__(
            [
                self._grid,
                self.chosen,
                widgets.HBox([self.send_button, self.empty_button, self.clear_button]),
            ]
        )
        self.add_class(f"pnb-composer-{act}")
        self.reset(actions, view)

    def reset(self, actions: Sequence[Any], view: Mapping[str, Any]) -> None:
        """Offer ``actions`` (with ``view``'s data), nothing composed, reusing the widgets.

        The action panel keeps one composer per act and resets it at each
        decision: new widgets at every decision cost messages and views in the
        browser, and stayed registered in the kernel. The rows of "−"/"+"
        buttons are rebuilt only when the kinds offered change (the old ones
        are closed).
        """
        field, act = self.field, self.act
        self.view = view
        self.items: list[str] = []  # the items added so far, in the order added
        self._legal = {multiset_key(getattr(a, field)): a for a in actions}
        self._prefixes = _reachable(tuple(self._legal))
        kinds: dict[str, None] = {}  # the kinds named, in the order they first appear
        for action in actions:
            kinds.update(dict.fromkeys(getattr(action, field)))
        if self._rows is None or list(kinds) != self.kinds:
            old = self._rows
            self.kinds = list(kinds)
            self._rows = KindRows(
                self.kinds,
                act,
                self.renderer,
                self.add,
                self.remove,
                label_width="130px",
                verb="off",
            )
            self.plus_buttons, self.minus_buttons = self._rows.plus, self._rows.minus
            self.counts = self._rows.labels
            self._grid.children = tuple(self._rows.rows)
            if old is not None:
                old.close()
        empty = self._legal.get(())
        self.empty_button.description = (
            self.renderer.action_label(empty, view) if empty is not None else ""
        )
        self.empty_button.layout.display = "" if empty is not None else "none"
        self._update()

    # ------------------------------------------------------------ public

    @property
    def action(self) -> Any | None:
        """The legal action whose items are the items composed now, or ``None``."""
        return self._legal.get(multiset_key(self.items))

    def can_add(self, kind: str) -> bool:
        """Whether one more ``kind`` still leads to some legal action."""
        return multiset_key([*self.items, kind]) in self._prefixes

    def add(self, kind: str) -> bool:
        """Add one ``kind`` (refused, returning False, if no legal action has room for it)."""
        if not self.can_add(kind):
            return False
        self.items.append(kind)
        self._update()
        return True

    def remove(self, kind: str) -> bool:
        """Take one ``kind`` off (False if there is none)."""
        if kind not in self.items:
            return False
        del self.items[len(self.items) - 1 - self.items[::-1].index(kind)]
        self._update()
        return True

    def clear(self) -> None:
        """Take every item off."""
        self.items = []
        self._update()

    def send(self) -> bool:
        """Send the legal action the items make; nothing happens (False) if they make none."""
        action = self.action
        if action is None:
            return False
        self._on_send(action)
        return True

    def send_empty(self) -> bool:
        """Send the legal action with no items ("Declare nothing"), if there is one."""
        action = self._legal.get(())
        if action is None:
            return False
        self._on_send(action)
        return True

    # ------------------------------------------------------------ drawing

    def _update(self) -> None:
        counts = Counter(self.items)
        for kind in self.kinds:
            name = esc(self.renderer.card_name(kind))
            colour = self.renderer.card_colour(kind) or "#eee"
            self.counts[kind].value = (
                f"<span style='display:inline-block;width:10px;height:10px;background:{colour};"
                f"border:1px solid #000;margin-right:4px'></span>{name}: <b>{counts[kind]}</b>"
            )
            self.plus_buttons[kind].disabled = not self.can_add(kind)
            self.minus_buttons[kind].disabled = not counts[kind]
        action = self.action
        self.send_button.disabled = action is None or not self.items
        self.clear_button.disabled = not self.items
        describe = getattr(self.renderer, "describe_items", None)
        text = describe(self.act, self.items, self.view) if describe else ", ".join(self.items)
        words = esc(text or "nothing")
        if not self.items:
            self.chosen.value = (
                f"<span style='color:#555'>Add items with + (held or not). Now: {words}</span>"
            )
        else:
            self.chosen.value = f"<b>Your declaration:</b> {words}"
