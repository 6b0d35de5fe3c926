"""Helpers for widget tests: stacked tables and reading the drawn HTML back."""

from __future__ import annotations

import random
from html.parser import HTMLParser

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.prohis.cards import KINDS


def stacked(
    rules: ProhisRules,
    hands: list[list[str]],
    row: list[str] | None = None,
    first: int = 0,
) -> ProhisGame:
    """A game from a stacked table; the pile holds the rest of the deck, legal cards on top."""
    row = list(row) if row is not None else ["legal"] * 4
    remaining = dict(rules.deck_counts())
    for card in [c for hand in hands for c in hand] + row:
        remaining[card] -= 1
        assert remaining[card] >= 0, f"too many {card} cards in the test's table"
    pile = [kind for kind in KINDS for _ in range(remaining[kind])]
    return ProhisGame(rules, table={"first": first, "hands": hands, "row": row, "pile": pile})


def random_positions(players: int, seed: int, every: int = 7) -> list[ProhisGame]:
    """Copies of one random game every ``every`` decisions, from the deal to the end."""
    game = ProhisGame(ProhisRules(players=players), seed=seed)
    rng = random.Random(seed)
    positions = [game.copy()]
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
        if len(game.actions) % every == 0 or game.ended:
            positions.append(game.copy())
    return positions


class CardReader(HTMLParser):
    """Collects every drawn card: (kind, seat box it sits in, or None, css path marker)."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[tuple[str, int | None, str]] = []
        self._stack: list[tuple[str, int | None, str]] = []  # (tag, seat, part)

    def handle_starttag(self, tag, attrs, closed=False):
        attrs = dict(attrs)
        seat = self._stack[-1][1] if self._stack else None
        part = self._stack[-1][2] if self._stack else ""
        if "data-seat" in attrs:
            seat = int(attrs["data-seat"])
        classes = (attrs.get("class") or "").split()
        for name in ("pnb-hand", "pnb-warehouse", "pnb-convoy-cards", "pnb-row", "pnb-pile"):
            if name in classes:
                part = name
        if "pnb-card" in classes:
            self.cards.append((attrs.get("data-kind"), seat, part))
        if not closed and tag not in ("br", "img", "input", "meta", "hr"):
            self._stack.append((tag, seat, part))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs, closed=True)

    def handle_endtag(self, tag):
        while self._stack:
            if self._stack.pop()[0] == tag:
                break


def drawn_cards(html: str) -> list[tuple[str, int | None, str]]:
    """Every card picture in ``html`` as (data-kind, seat, part)."""
    reader = CardReader()
    reader.feed(html)
    return reader.cards


def face_up_kinds(html: str) -> list[str]:
    """The kinds of every face-up card drawn (face-down cards are 'hidden')."""
    return [kind for kind, _seat, _part in drawn_cards(html) if kind != "hidden"]


def offered(play) -> set:
    """Every action the panel offers: its buttons and whatever its composers can send."""
    actions = set(play.panel.buttons)
    for composer in play.panel.composers.values():
        # Composers built on a (possibly lazy) group of actions name it ``actions``.
        sendable = composer.actions if hasattr(composer, "actions") else composer._legal.values()
        actions |= set(sendable)
    return actions


def click_something(play, rng: random.Random) -> None:
    """Take a random offered action the way a learner would: a button or a composed pick."""
    composers = list(play.panel.composers.values())
    if composers and rng.random() < 0.5:
        composer = rng.choice(composers)
        order = list(range(len(composer.hand)))
        rng.shuffle(order)
        for index in order:
            composer.pick(index)
            if composer.action is not None and rng.random() < 0.4:
                break
        if composer.action is not None:
            composer.send_button.click()
            return
    rng.choice(list(play.panel.buttons.values())).click()


def empty_pile_table(first_hand=("legal", "legal", "illegal", "captain", "inspector")) -> dict:
    """A 3-player table whose pile is empty: a row card taken shows nothing new (no refill).

    Seat 0 plays first with a small hand; the rest of the deck is in the
    other two hands.
    """
    cards = [
        kind for kind, count in ProhisRules(players=3).deck_counts().items() for _ in range(count)
    ]
    row = ["legal", "illegal", "legal", "lieutenant"]
    for card in [*row, *first_hand]:
        cards.remove(card)
    half = len(cards) // 2
    return {"first": 0, "hands": [list(first_hand), cards[:half], cards[half:]], "row": row,
            "pile": []}  # fmt: skip


def every_value(widget) -> str:
    """Every value, description and tooltip in a widget tree (shown or not)."""
    parts = []
    stack = [widget]
    while stack:
        item = stack.pop()
        for name in ("value", "description", "tooltip"):
            value = getattr(item, name, None)
            if isinstance(value, str):
                parts.append(value)
        stack.extend(getattr(item, "children", ()))
    return "\n".join(parts)
