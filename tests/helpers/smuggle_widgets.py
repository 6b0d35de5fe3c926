"""Helpers for the Smuggle widget tests: positions of games, scripted bots, reading cards back."""

from __future__ import annotations

import random
from collections import Counter
from html.parser import HTMLParser

from prohis_nb.bots import Bot
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

#: The parts of a Smuggle table a card can sit in.
PARTS = ("pnb-hand", "pnb-pack", "pnb-discards", "pnb-search")


def packs_with(top: list[str], players: int, deep: dict[int, str] | None = None) -> list:
    """One pack order per round: round 1 starts with ``top``; ``deep`` puts kinds at positions.

    The other cards follow in the fixed order of ``PACK``; every later round
    uses the fixed order.
    """
    rest = Counter(PACK)
    rest.subtract(top)
    first = list(top) + list(rest.elements())
    for position, kind in (deep or {}).items():
        swap = first.index(kind, len(top))
        first[position], first[swap] = first[swap], first[position]
    return [first] + [list(PACK) for _ in range(players - 1)]


def stacked(top: list[str], players: int = 3, **options) -> SmuggleGame:
    """A game whose first hand (seat 1's) is the first four cards of ``top``."""
    packs = options.pop("packs", None) or packs_with(top, players, options.pop("deep", None))
    return SmuggleGame(SmuggleRules(players=players, **options), table={"packs": packs})


def choose_by_act(legal, rng: random.Random):
    """A random legal action, each act equally likely (so claims and challenges happen)."""
    act = rng.choice(sorted({a.act for a in legal}))
    return rng.choice([a for a in legal if a.act == act])


def random_positions(players: int, seed: int, every: int = 5) -> list[SmuggleGame]:
    """Copies of one random game every ``every`` decisions, from the deal to the end."""
    game = SmuggleGame(SmuggleRules(players=players), seed=seed)
    rng = random.Random(seed)
    positions = [game.copy()]
    while not game.ended:
        game.apply(choose_by_act(game.legal_actions(), rng))
        if len(game.actions) % every == 0 or game.ended:
            positions.append(game.copy())
    return positions


class Accepts(Bot):
    """A scripted opponent: declares nothing, accepts everything, discards the first offered."""

    games = ("smuggle",)
    uses_view = False

    def choose(self, view, legal_actions):
        for action in legal_actions:
            if action.act == "declare" and not action.items:
                return action
            if action.act == "accept":
                return action
        return legal_actions[0]


class CardReader(HTMLParser):
    """Collects every card picture drawn: (data-kind, the seat box it is in, the part)."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[tuple[str, int | None, str]] = []
        self._stack: list[tuple[str, int | None, str]] = []

    def handle_starttag(self, tag, attrs, closed=False):
        attrs = dict(attrs)
        seat = self._stack[-1][1] if self._stack else None
        part = self._stack[-1][2] if self._stack else ""
        if "data-seat" in attrs:
            seat = int(attrs["data-seat"])
        classes = (attrs.get("class") or "").split()
        part = next((name for name in PARTS if name in classes), part)
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


def face_up(html: str) -> Counter:
    """The kinds of the face-up cards drawn, counted."""
    return Counter(kind for kind, _seat, _part in drawn_cards(html) if kind != "hidden")


def offered(play) -> set:
    """Every action the panel offers: its buttons and whatever its composers can send."""
    actions = set(play.panel.buttons)
    for composer in play.panel.composers.values():
        actions |= set(composer._legal.values())
    return actions


def click_something(play, rng: random.Random) -> None:
    """Take a random offered action as a learner would: a button, or a composed declaration."""
    composer = play.panel.composers.get("declare")
    if composer is not None and rng.random() < 0.7:
        if rng.random() < 0.2:
            composer.empty_button.click()
            return
        for _ in range(rng.randint(1, 6)):  # sometimes more than may be declared
            composer.plus_buttons[rng.choice(composer.kinds)].click()
        if rng.random() < 0.3 and composer.items:
            composer.minus_buttons[composer.items[0]].click()
        if not composer.send_button.disabled:
            composer.send_button.click()
            return
    rng.choice(list(play.panel.buttons.values())).click()
