"""Buttons for one seat's decision, built from the legal actions and nothing else.

:class:`ActionPanel` groups the legal actions by act. Most acts get one button
per action ("Take row slot 2 (illegal)", "Control with captain", "Turn the
3rd card"). Acts whose cards are picked from the hand (the renderer's
``card_acts``) get a *composer*. Where order matters (a Prohis convoy) it is
a :class:`CardComposer`: one button per card in hand that some legal action
can use, the cards picked so far, a "Clear" button and a send button that is
enabled only when the picked cards make a legal action; a card button is
enabled only while some legal action can still be reached with it. Where it
does not (a bribe: any set of the hand's cards, billions from a big hand) it
is a :class:`~prohis_nb.widgets.counts.CountComposer`: "+" and "−" per kind,
never a list of every set. Acts built as a multiset of items (the
renderer's ``item_acts``: a Smuggle declaration, 495 legal multisets) get an
:class:`~prohis_nb.widgets.declare.ItemComposer` instead: "+" and "−" per
kind, the declaration in words with its duty, and a send button that sends
the legal action with exactly those items. No rule lives here: the
legal-action list says everything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from prohis_nb.core.legal import group_by_act
from prohis_nb.widgets.closing import close_tree
from prohis_nb.widgets.counts import CountComposer
from prohis_nb.widgets.declare import ItemComposer
from prohis_nb.widgets.large import fit
from prohis_nb.widgets.render import Renderer
from prohis_nb.widgets.render.base import ACT_NOUNS


class CardComposer(widgets.VBox):
    """Pick cards from the hand, one at a time, to build one legal action of ``act``.

    ``ordered``: the picks keep their order (a convoy) or form a set (a bribe).
    ``on_send(action)`` is called with the legal action the picks make.
    """

    def __init__(
        self,
        act: str,
        actions: Sequence[Any],
        hand: Sequence[str],
        renderer: Renderer,
        ordered: bool,
        on_send: Callable[[Any], object],
    ) -> None:
        self.act = act
        self.ordered = ordered
        self.renderer = renderer
        self._on_send = on_send
        #: One button per card offered; kept from one decision to the next (:meth:`reset`).
        self.card_buttons: list[widgets.Button] = []
        self._pool: list[widgets.Button] = []
        self.cards_box = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.chosen = widgets.HTML()
        self.clear_button = widgets.Button(description="Clear", tooltip="start the pick again")
        self.clear_button.on_click(lambda _b: self.clear())
        self.send_button = widgets.Button(
            description=renderer.send_labels.get(act, act.replace("_", " ").capitalize()),
            button_style="primary",
        )
        self.send_button.on_click(lambda _b: self.send())
        super().__init__(
            [self.cards_box, self.chosen, widgets.HBox([self.send_button, self.clear_button])]
        )
        self.add_class(f"pnb-composer-{act}")
        self.reset(actions, hand)

    def reset(self, actions: Sequence[Any], hand: Sequence[str]) -> None:
        """Offer ``actions`` from ``hand``, nothing picked, reusing this composer's buttons.

        Play shows a new decision this way: changing a few buttons is one small
        message to the browser, where new buttons were a message and a view each.
        """
        self.actions = actions
        # A button for each card some legal action can use: a convoy holds at
        # most 4 cards, so a hand of 300 legal goods shows 4 of them, not 300.
        most: Counter[str] = Counter()
        for action in actions:
            for kind, count in Counter(action.cards).items():
                most[kind] = max(most[kind], count)
        seen: Counter[str] = Counter()
        self.hand = []
        for kind in hand:
            seen[kind] += 1
            if seen[kind] <= most[kind]:
                self.hand.append(kind)
        self.picked: list[int] = []  # indices into the hand, in the order picked
        if self.ordered:
            self._legal = {tuple(a.cards): a for a in actions}
        else:
            self._legal = {tuple(sorted(a.cards)): a for a in actions}
        self._prefixes = self._reachable(actions)
        renderer, act = self.renderer, self.act
        for index in range(len(self._pool), len(self.hand)):
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.on_click(lambda _b, i=index: self.pick(i))
            self._pool.append(button)
        self.card_buttons = self._pool[: len(self.hand)]
        for kind, button in zip(self.hand, self.card_buttons, strict=True):
            button.description = renderer.card_name(kind)
            button.tooltip = f"add your {renderer.card_name(kind)} to the {ACT_NOUNS.get(act, act)}"
            colour = renderer.card_colour(kind)
            button.style.button_color = colour or None
            button.style.text_color = (
                None if not colour else "#000" if kind != "captain" else "#fff"
            )
        if tuple(self.cards_box.children) != tuple(self.card_buttons):
            self.cards_box.children = tuple(self.card_buttons)
        self._update()

    def _reachable(self, actions: Sequence[Any]) -> set[tuple[str, ...]]:
        """Every partial pick from which a legal action can still be completed."""
        reachable: set[tuple[str, ...]] = set()
        for action in actions:
            cards = tuple(action.cards) if self.ordered else tuple(sorted(action.cards))
            if self.ordered:
                for n in range(len(cards) + 1):
                    reachable.add(cards[:n])
            else:  # every sub-multiset, written sorted
                reachable.update(_sub_multisets(cards))
        return reachable

    def _key(self, kinds: Sequence[str]) -> tuple[str, ...]:
        return tuple(kinds) if self.ordered else tuple(sorted(kinds))

    @property
    def cards(self) -> list[str]:
        """The kinds picked so far, in the order picked."""
        return [self.hand[i] for i in self.picked]

    @property
    def action(self) -> Any | None:
        """The legal action the picks make now, or ``None``."""
        return self._legal.get(self._key(self.cards))

    def pick(self, index: int) -> None:
        """Add the hand's card ``index`` (ignored if it cannot lead to a legal action)."""
        if index in self.picked or not 0 <= index < len(self.hand):
            return
        if self._key([*self.cards, self.hand[index]]) not in self._prefixes:
            return
        self.picked.append(index)
        self._update()

    def clear(self) -> None:
        """Put every picked card back."""
        self.picked = []
        self._update()

    def send(self) -> None:
        """Send the action the picks make (nothing happens if they make none)."""
        action = self.action
        if action is not None:
            self._on_send(action)

    def _update(self) -> None:
        cards = self.cards
        for index, button in enumerate(self.card_buttons):
            button.disabled = index in self.picked or (
                self._key([*cards, self.hand[index]]) not in self._prefixes
            )
        self.send_button.disabled = self.action is None
        self.clear_button.disabled = not self.picked
        if cards:
            pictures = "".join(self.renderer.card(k, small=True) for k in cards)
            order = " (in this order)" if self.ordered else ""
            self.chosen.value = (
                f"<div class='pnb-cards' style='display:flex;gap:3px;align-items:center'>"
                f"Picked{order}: {pictures}</div>"
            )
        else:
            self.chosen.value = "<span style='color:#555'>Pick cards from your hand.</span>"


def _sub_multisets(cards: tuple[str, ...]) -> set[tuple[str, ...]]:
    counts = Counter(cards)
    subsets: set[tuple[str, ...]] = {()}
    for kind, count in counts.items():
        subsets = {tuple(sorted(s + (kind,) * n)) for s in subsets for n in range(count + 1)}
    return subsets


class ActionPanel(widgets.VBox):
    """The decision of one seat as buttons (see the module docstring).

    ``on_action(action)`` is called with the chosen legal action. Call
    :meth:`show` with the seat's view data and legal actions at each decision,
    or :meth:`hide` when the seat has nothing to decide.
    """

    def __init__(self, renderer: Renderer, on_action: Callable[[Any], object]) -> None:
        self.renderer = renderer
        self._on_action = on_action
        self.buttons: dict[Any, widgets.Button] = {}
        self.composers: dict[str, CardComposer | CountComposer | ItemComposer] = {}
        # Widgets kept from one decision to the next: a new widget is a message to
        # the browser and a view to build there, which made a move in Play take a
        # quarter of a second; changing a kept widget is one small update.
        self._pool: list[widgets.Button] = []  # every action button made (see _slot)
        self._slots: list[tuple[widgets.VBox, widgets.HTML, widgets.HBox, list]] = []
        # One composer of each kind per act, reset at each decision (never left
        # registered in the kernel once off the page: see prohis_nb.widgets.closing).
        self._card_composers: dict[tuple[str, bool], CardComposer] = {}
        self._count_composers: dict[str, CountComposer] = {}
        self._item_composers: dict[str, ItemComposer] = {}
        super().__init__([])
        self.add_class("pnb-actions")

    def hide(self) -> None:
        """Offer nothing."""
        self.buttons, self.composers = {}, {}
        for button in self._pool:
            button.pnb_action = None  # a late click on a hidden button does nothing
        self.children = ()

    def discard(self) -> None:
        """Close every widget this panel made and start afresh: nothing of the last seat is kept.

        A hidden panel keeps its widgets for the next decision (speed), and a
        kept widget still holds what it said: "Control with captain", a convoy
        composer's buttons in the hand's order ("add your illegal goods to the
        convoy"). Off the page, they stay alive in the kernel, in the browser's
        widget manager and in a notebook's saved widget state. HotSeat calls
        this when the curtain falls, so the next person at the screen can find
        nothing of the previous seat's hand anywhere; the next :meth:`show`
        builds new widgets.
        """
        self.hide()
        composers: list[Any] = [
            *self._card_composers.values(),
            *self._count_composers.values(),
            *self._item_composers.values(),
        ]
        # (a card composer keeps more buttons than it shows: its whole pool is closed)
        pools = [getattr(composer, "_pool", []) for composer in composers]
        close_tree(self._pool, [slot[:3] for slot in self._slots], composers, pools)
        self._pool, self._slots = [], []
        self._card_composers, self._count_composers, self._item_composers = {}, {}, {}

    def _new_button(self) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.pnb_action = None
        button.on_click(self._clicked)
        self._pool.append(button)
        return button

    def _clicked(self, button: widgets.Button) -> None:
        if button.pnb_action is not None:
            self._on_action(button.pnb_action)

    def _slot(self, index: int) -> tuple[widgets.VBox, widgets.HTML, widgets.HBox, list]:
        """The kept box of the ``index``-th heading: its title, composers, a row of buttons.

        Boxes and buttons belong to *places* on screen (the first heading, its
        first button...), not to acts: the next decision writes its words into
        the same widgets, so the browser keeps their elements. A button the
        learner just pressed keeps the keyboard focus that way; when it was
        replaced, JupyterLab moved the focus to the cell and then to the new
        button, restyling the whole notebook twice (about 20 ms per move).
        """
        while len(self._slots) <= index:
            title = widgets.HTML()
            row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
            self._slots.append((widgets.VBox([title]), title, row, []))
        return self._slots[index]

    def show(self, view: Mapping[str, Any], legal: Sequence[Any]) -> None:
        """Offer exactly ``legal`` (the seat's legal actions), drawn with ``view``'s data."""
        fit(self)  # large print (or not) for the buttons
        self.buttons, self.composers = {}, {}
        sections: dict[str, tuple[list[Any], list[Any]]] = {}  # heading -> composers, actions
        card_acts = self.renderer.card_acts
        item_acts = self.renderer.item_acts
        for act, actions in group_by_act(legal).items():
            heading = self.renderer.act_heading(act)
            composers, plain = sections.setdefault(heading, ([], []))
            composer: CardComposer | CountComposer | ItemComposer | None = None
            if act in item_acts and hasattr(actions[0], item_acts[act]):
                composer = self._item_composers.get(act)
                if composer is None or composer.field != item_acts[act]:
                    composer = self._item_composers[act] = ItemComposer(
                        act, actions, item_acts[act], view, self.renderer, self._on_action
                    )
                else:
                    composer.reset(actions, view)
            elif act in card_acts and not card_acts[act] and hasattr(actions[0], "cards"):
                composer = self._count_composers.get(act)
                if composer is None:
                    composer = self._count_composers[act] = CountComposer(
                        act, actions, view.get("hand", ()), self.renderer, self._on_action
                    )
                else:
                    composer.reset(actions, view.get("hand", ()))
            elif act in card_acts and hasattr(actions[0], "cards"):
                key = (act, bool(card_acts[act]))
                composer = self._card_composers.get(key)
                if composer is None:
                    composer = self._card_composers[key] = CardComposer(
                        act,
                        actions,
                        view.get("hand", ()),
                        self.renderer,
                        card_acts[act],
                        self._on_action,
                    )
                else:
                    composer.reset(actions, view.get("hand", ()))
            if composer is not None:
                self.composers[act] = composer
                composers.insert(0, composer)
            else:
                plain.extend(actions)
        shown: set[int] = set()
        children = []
        for index, (heading, (composers, actions)) in enumerate(sections.items()):
            box, title, row, buttons = self._slot(index)
            title.value = f"<b>{heading}</b>"
            while len(buttons) < len(actions):
                buttons.append(self._new_button())
            for button, action in zip(buttons, actions, strict=False):
                button.description = self.renderer.action_label(action, view)
                button.pnb_action = action
                self.buttons[action] = button
                shown.add(id(button))
            _set_children(row, buttons[: len(actions)])
            _set_children(box, [title, *composers, *([row] if actions else [])])
            children.append(box)
        for button in self._pool:
            if id(button) not in shown:
                button.pnb_action = None  # a late click on a button not shown does nothing
        _set_children(self, children)

    def button_for(self, **fields: Any) -> widgets.Button:
        """The button of the legal action with these fields (for tests and scripts)."""
        for action, button in self.buttons.items():
            if all(getattr(action, k) == v for k, v in fields.items()):
                return button
        raise KeyError(f"no button for an action with {fields}")


def _set_children(box: widgets.Box, children: Sequence[widgets.Widget]) -> None:
    """Give ``box`` these children, sending nothing to the browser when they are the same."""
    if tuple(box.children) != tuple(children):
        box.children = tuple(children)
