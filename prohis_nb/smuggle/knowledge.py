"""What each seat knows of the current hand and of the discard pile, read from the events.

docs/smuggle-rules.md, "Who knows what": a seat knows the cards it drew, the hand it looked
at as receiver, every searched hand, and its own face-down discards. A seat
that passed a hand on knows, after each face-down discard by the receiver,
one fewer of each kind it knew (any of them may be the card that went).
Everything a seat knew of a hand goes to its known discards when the hand is
thrown away after a search; a new round forgets everything.

Speed shaped this module: random play and tournaments apply many actions for
each view they ask for, so the engine does not keep this bookkeeping at every
step. It only appends its events; :class:`Knowledge` reads the events it has
not read yet when a view asks (``game.known_hand``, ``game.known_discards``),
so each event is read once per game however often the views are asked.

>>> from prohis_nb.smuggle.game import SmuggleGame, SmuggleRules
>>> game = SmuggleGame(SmuggleRules(players=3), seed=1)
>>> sum(game.known_hand[1].values()), sum(game.known_hand[0].values())
(4, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

#: The kinds of events that change what a seat knows of the cards.
_ABOUT_CARDS = frozenset({"draw", "look", "discard", "search", "round"})


class Knowledge:
    """Per seat: the cards it knows are in the current hand, and in the discard pile.

    ``hand[seat]`` and ``discards[seat]`` are ``Counter``s of kinds, up to date
    with the first ``done`` events of the game (see :meth:`catch_up`).
    """

    __slots__ = ("hand", "discards", "done")

    def __init__(self, players: int, done: int = 0) -> None:
        self.hand: list[Counter] = [Counter() for _ in range(players)]
        self.discards: list[Counter] = [Counter() for _ in range(players)]
        self.done = done

    def copy(self) -> Knowledge:
        other = Knowledge(0, self.done)
        other.hand = [Counter(known) for known in self.hand]
        other.discards = [Counter(known) for known in self.discards]
        return other

    def catch_up(self, events: Sequence[Any], round_start: int = 0) -> None:
        """Read the events appended since the last call (their shapes: ``smuggle.log``).

        ``round_start``: the index of the current round's ``round`` event. A new
        round forgets everything, so the events of earlier rounds not read yet
        are skipped: a view asked late in a long game reads one round at most.
        """
        hand, discards = self.hand, self.discards
        start = max(self.done, round_start)
        # Speed shaped the bookkeeping below (issue 15: it runs for every view
        # in a tournament): the Counters are emptied and updated in place
        # rather than replaced, and a kind is dropped when its count reaches 0;
        # the events that tell nothing about cards (most) are skipped at once.
        for kind, actor, data in events[start:]:
            if kind not in _ABOUT_CARDS:
                continue
            if kind == "draw":
                hand[actor].update(data)
            elif kind == "look":  # the receiver accepted and looked: it knows all of it
                hand[actor] = Counter(data)
            elif kind == "discard":
                self._forget_discard(actor, data)
            elif kind == "search":
                # Shown to everyone, then thrown away as a new hand is drawn:
                # every seat knows these cards are in the discard pile.
                shown = data.cards
                for known in discards:
                    known.update(shown)
                for known in hand:
                    known.clear()
            elif kind == "round":  # a fresh pack, an empty discard pile
                for known in hand:
                    known.clear()
                for known in discards:
                    known.clear()
        self.done = len(events)

    def _forget_discard(self, seat: int, card: str) -> None:
        """``seat`` discarded ``card`` face down: only ``seat`` knows which card went.

        Another seat that knew some cards of the hand (it passed the hand on)
        knows one fewer of each kind for sure: any of them may be the one.
        """
        for observer, known in enumerate(self.hand):
            if observer == seat:
                _take_one(known, card)
                self.discards[seat][card] += 1
            elif known:
                for kind in list(known):
                    _take_one(known, kind)


def _take_one(known: Counter, kind: str) -> None:
    """One fewer ``kind`` in ``known``; the kind goes when none is left (kept counts are > 0)."""
    left = known[kind] - 1
    if left > 0:
        known[kind] = left
    else:
        known.pop(kind, None)
