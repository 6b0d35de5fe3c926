"""Compose a set of cards from the hand kind by kind: a Prohis bribe, from any hand.

A bribe is any non-empty set of the smuggler's cards, so a hand of 20 cards
already allows thousands of bribes and a stacked hand of hundreds allows
billions (the engine decodes them on demand, see
:mod:`prohis_nb.prohis.bribes`). One button per card or per bribe would not
do. The :class:`CountComposer` offers instead, for every kind the legal
actions may hold, a "−" and a "+" button and the count so far; below them the
cards picked, a send button ("Offer bribe") and "Clear".

The composer knows no rule. Everything comes from the legal actions it is
given (``actions``, one act's group of ``game.legal_actions()``):

* the kinds offered and the most of each a pick may hold: the family's
  ``up_to`` when it is a lazy family, else counted from the actions listed;
* the send button is enabled only when the picked cards make a legal action
  (``actions.action_for(cards)``, the engine's own membership check; for a
  plain list, the action with exactly those cards), and sends that action.

It keeps the hand order interface of the card composer too: ``hand`` and
``pick(index)`` add the hand's card ``index``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from prohis_nb.widgets.closing import close_tree
from prohis_nb.widgets.render import Renderer
from prohis_nb.widgets.render.base import ACT_NOUNS, esc

#: At most this many card pictures show the pick; the rest are counted.
PICTURES_SHOWN = 12


def _key(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards))


class KindRows:
    """One row per kind: "−", a label, "+" (the rows of both kind-by-kind composers).

    ``add(kind)`` and ``remove(kind)`` are called by the buttons; the caller
    fills ``labels[kind]`` and enables the buttons. ``verb`` completes the
    "−" tooltip ("take one wine *off* the declare").
    """

    def __init__(
        self,
        kinds: Sequence[str],
        act: str,
        renderer: Renderer,
        add: Callable[[str], object],  # what they return is not used
        remove: Callable[[str], object],
        *,
        label_width: str,
        verb: str = "back from",
    ) -> None:
        self.plus: dict[str, widgets.Button] = {}
        self.minus: dict[str, widgets.Button] = {}
        self.labels: dict[str, widgets.HTML] = {}
        rows = []
        for kind in kinds:
            name = renderer.card_name(kind)
            minus = widgets.Button(
                description="−",
                tooltip=f"take one {name} {verb} the {ACT_NOUNS.get(act, act)}",
                layout=widgets.Layout(width="34px"),
            )
            plus = widgets.Button(
                description="+",
                tooltip=f"add one {name} to the {ACT_NOUNS.get(act, act)}",
                layout=widgets.Layout(width="34px"),
            )
            minus.on_click(lambda _b, k=kind: remove(k))
            plus.on_click(lambda _b, k=kind: add(k))
            label = widgets.HTML(layout=widgets.Layout(width=label_width))
            self.plus[kind], self.minus[kind], self.labels[kind] = plus, minus, label
            rows.append(widgets.HBox([minus, label, plus]))
        self.rows: list[widgets.HBox] = rows

    def close(self) -> None:
        """Close every row's widgets (the rows are replaced for good)."""
        close_tree(self.rows)


class CountComposer(widgets.VBox):
    """Build one legal action of ``act`` (a set of cards) kind by kind.

    ``actions``: the legal actions of ``act`` (a lazy family with ``up_to``
    and ``action_for``, or a plain sequence); ``hand``: the actor's hand (view
    data); ``on_send(action)`` is called with the legal action sent.
    """

    def __init__(
        self,
        act: str,
        actions: Sequence[Any],
        hand: Sequence[str],
        renderer: Renderer,
        on_send: Callable[[Any], object],
    ) -> None:
        self.act = act
        self.renderer = renderer
        self._on_send = on_send
        self.kinds: list[str] = []
        self._rows: KindRows | None = None
        self._rows_box = widgets.VBox([])
        self.chosen = widgets.HTML()
        self.send_button = widgets.Button(
            description=renderer.send_labels.get(act, act.replace("_", " ").capitalize()),
            button_style="primary",
            layout=widgets.Layout(width="auto"),
        )
        self.send_button.on_click(lambda _b: self.send())
        self.clear_button = widgets.Button(description="Clear", tooltip="start the pick again")
        self.clear_button.on_click(lambda _b: self.clear())
        super().__init__(
            [self._rows_box, self.chosen, widgets.HBox([self.send_button, self.clear_button])]
        )
        self.add_class(f"pnb-composer-{act}")
        self.reset(actions, hand)

    def reset(self, actions: Sequence[Any], hand: Sequence[str]) -> None:
        """Offer ``actions`` from ``hand``, nothing picked, reusing this composer's widgets.

        The action panel keeps one composer per act and resets it at each
        decision: new widgets at every decision cost messages and views in the
        browser, and stayed registered in the kernel. The rows of "−"/"+"
        buttons are rebuilt only when the kinds offered change (the old ones
        are closed).
        """
        self.actions = actions
        self.hand = list(hand)
        self.counts: Counter[str] = Counter()
        up_to: Mapping[str, int] | None = getattr(actions, "up_to", None)
        find: Callable[[list[str]], Any] | None = getattr(actions, "action_for", None)
        if up_to is None or find is None:  # a plain list: small, read it once
            listed = {_key(a.cards): a for a in actions}
            most: Counter[str] = Counter()
            for key in listed:
                for kind, count in Counter(key).items():
                    most[kind] = max(most[kind], count)
            up_to = dict(most)
            find = lambda cards: listed.get(_key(cards))  # noqa: E731
        self._find: Callable[[list[str]], Any] = find
        # The kinds in the hand's order (the fixed kind order), then any other.
        order = list(dict.fromkeys([*self.hand, *up_to]))
        self.limits = {kind: up_to[kind] for kind in order if up_to.get(kind)}
        kinds = list(self.limits)
        if self._rows is None or kinds != self.kinds:
            old = self._rows
            self.kinds = kinds
            self._rows = KindRows(
                kinds, self.act, self.renderer, self.add, self.remove, label_width="230px"
            )
            self.plus_buttons, self.minus_buttons = self._rows.plus, self._rows.minus
            self.count_labels = self._rows.labels
            self._rows_box.children = tuple(self._rows.rows)
            if old is not None:
                old.close()
        self._update()

    # ------------------------------------------------------------ public

    @property
    def cards(self) -> list[str]:
        """The cards picked so far, kind by kind (in the kinds' order)."""
        return [kind for kind in self.kinds for _ in range(self.counts[kind])]

    @property
    def action(self) -> Any | None:
        """The legal action the picked cards make now, or ``None``."""
        if not self.counts:
            return None
        return self._find(self.cards)

    def can_add(self, kind: str) -> bool:
        """Whether one more ``kind`` stays within what the legal actions may hold."""
        return self.counts[kind] < self.limits.get(kind, 0)

    def add(self, kind: str) -> bool:
        """Add one card of ``kind`` (False, and nothing changes, if no legal action has room)."""
        if not self.can_add(kind):
            return False
        self.counts[kind] += 1
        self._update()
        return True

    def remove(self, kind: str) -> bool:
        """Take one card of ``kind`` back (False if none is picked)."""
        if not self.counts[kind]:
            return False
        self.counts[kind] -= 1
        if not self.counts[kind]:
            del self.counts[kind]
        self._update()
        return True

    def pick(self, index: int) -> bool:
        """Add the hand's card ``index`` (as the card composer does); False if it cannot."""
        if not isinstance(index, int) or not 0 <= index < len(self.hand):
            return False
        return self.add(self.hand[index])

    def clear(self) -> None:
        """Put every picked card back."""
        self.counts = Counter()
        self._update()

    def send(self) -> bool:
        """Send the legal action the picks make; nothing happens (False) if they make none."""
        action = self.action
        if action is None:
            return False
        self._on_send(action)
        return True

    # ------------------------------------------------------------ drawing

    def _update(self) -> None:
        for kind in self.kinds:
            name = esc(self.renderer.card_name(kind))
            limit = self.limits[kind]
            self.count_labels[
                kind
            ].value = (
                f"{name}: <b>{self.counts[kind]}</b> <span style='color:#555'>of {limit}</span>"
            )
            self.plus_buttons[kind].disabled = not self.can_add(kind)
            self.minus_buttons[kind].disabled = not self.counts[kind]
        action = self.action
        self.send_button.disabled = action is None
        self.clear_button.disabled = not self.counts
        cards = self.cards
        if not cards:
            self.chosen.value = "<span style='color:#555'>Add cards with +.</span>"
            return
        pictures = "".join(self.renderer.card(k, small=True) for k in cards[:PICTURES_SHOWN])
        more = len(cards) - PICTURES_SHOWN
        extra = f" and {more} more" if more > 0 else ""
        verdict = "" if action is not None else " <i>(not a legal offer now)</i>"
        self.chosen.value = (
            f"<div class='pnb-cards' style='display:flex;gap:3px;align-items:center'>"
            f"Picked ({len(cards)}): {pictures}{esc(extra)}{verdict}</div>"
        )
