"""A whole Smuggle table drawn from what one seat knows (the Prohis module's twin).

What a seat of Smuggle cannot see: the order of the pack, the hand it does
not hold, the cards others discarded face down, and the packs of the rounds
to come (each round is a fresh shuffle). What it knows, from its
:class:`~prohis_nb.smuggle.views.SeatView`: the sizes of the pack, the hand
and the discard pile; the cards it knows are in the current hand
(``known_in_hand``: all of it when it holds it) and in the discard pile
(``known_discards``: searched hands, its own discards). This round's unseen
cards are::

    unseen = the 54 cards - known_in_hand - known_discards

and they fill the pack, the rest of the hand and the rest of the discard
pile. Given these facts every way of dealing the unseen cards into those
places is equally likely (the pack was shuffled uniformly), so
:func:`determinize_smuggle` shuffles them and deals them out; the later
rounds get fresh shuffles. What the players' declarations suggest is left
out on purpose (that is the bluffing a bot reasons about).

``known_in_hand`` is a lower bound, as in Prohis: a seat that passed on a
hand of four known cards knows, after the receiver's face-down discard, "at
least one fewer of each kind", which is less than its log says ("all but
one of these four"). The sample is exact given the view, and forgets that.

The sample is a real game (it plays on to the end) whose view for the seat
equals the view it was drawn from, its log carried over as "recalled"
events; the other seats remember only what everyone saw.
"""

from __future__ import annotations

import random
from collections import Counter

from prohis_nb.core.game import Event
from prohis_nb.smuggle.game import PACK, SmuggleGame, _Amounts
from prohis_nb.smuggle.knowledge import Knowledge
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.smuggle.views import SeatView


def hidden_slots(view: SeatView) -> list[tuple[str, int]]:
    """The places hiding this round's cards from ``view.seat``: pack, hand, discards."""
    known_hand = view.hand if view.hand is not None else view.known_in_hand
    slots = [
        ("pack", view.pack_size),
        ("hand", view.hand_size - len(known_hand)),
        ("discards", view.discard_size - len(view.known_discards)),
    ]
    return [(name, size) for name, size in slots if size]


def unseen(view: SeatView) -> list[str]:
    """This round's cards ``view.seat`` cannot place, one entry per card, in the pack's order.

    Raises ``ValueError`` for a view no game could show.
    """
    known_hand = view.hand if view.hand is not None else view.known_in_hand
    left = Counter(PACK)
    left.subtract(known_hand)
    left.subtract(view.known_discards)
    if min(left.values()) < 0:
        raise ValueError(f"seat {view.seat}'s view places more cards than the pack holds")
    cards = [kind for kind in dict.fromkeys(PACK) for _ in range(left[kind])]
    places = sum(size for _name, size in hidden_slots(view))
    if places != len(cards):
        raise ValueError(
            f"seat {view.seat}'s view hides {places} cards but {len(cards)} are unseen: "
            "not a view of a real table"
        )
    return cards


def determinize_smuggle(view: SeatView, rng: random.Random) -> SmuggleGame:
    """A complete game drawn uniformly among those ``view.seat`` cannot tell from its own.

    >>> game = SmuggleGame(SmuggleRules(players=3), seed=1)
    >>> sample = determinize_smuggle(game.view(1), random.Random(0))
    >>> sample.view(1) == game.view(1)
    True
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"determinize_smuggle needs a Smuggle SeatView, got {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
    if view.ended:
        raise ValueError(
            "the game has ended: nothing is left to play, so there is no table to draw"
        )
    cards = unseen(view)
    rng.shuffle(cards)
    dealt: dict[str, list[str]] = {}
    for name, size in hidden_slots(view):
        dealt[name], cards = cards[:size], cards[size:]

    me = view.seat
    game = object.__new__(SmuggleGame)
    game.rules = SmuggleRules.from_json(view.rules)
    game.players = n = view.players
    game.setup = {"determinized_for_seat": me}
    packs = []
    for round_ in range(n):  # rounds to come: fresh shuffles; past ones are never read again
        pack = list(PACK)
        if round_ > view.round:
            rng.shuffle(pack)
        packs.append(tuple(pack))
    game._packs = tuple(packs)
    game.money = list(view.money)
    game.round, game.officer = view.round, view.officer
    game.pack = list(reversed(dealt.get("pack", [])))  # top card last
    known_hand = view.hand if view.hand is not None else view.known_in_hand
    game.hand = [*known_hand, *dealt.get("hand", [])]
    game.discards = [*view.known_discards, *dealt.get("discards", [])]
    game.holder, game.receiver = view.holder, view.receiver
    game.declared, game.immunity = view.declared, view.immunity
    decision = view.decision
    game.phase = decision.kind if decision is not None else "ended"
    game.last_search = view.last_search
    game._events = [Event("recalled", me, line) for line in view.log]
    # What the seats know, from the view's point of view (the events above are
    # lines of a log, not events that smuggle.knowledge could read again).
    knowledge = Knowledge(n, done=len(game._events))
    knowledge.hand[me] = Counter(view.known_in_hand)
    knowledge.discards[me] = Counter(view.known_discards)
    if view.hand is not None:  # the holder sees the hand: it knows every card of it
        knowledge.hand[me] = Counter(view.hand)
    if game.holder is not None and game.holder != me and game.phase != "ended":
        knowledge.hand[game.holder] = Counter(game.hand)  # the holder drew or looked at it
    game._knowledge = knowledge
    game._round_start = 0
    game._amounts = _Amounts(game.rules.board)
    game._actions, game._forced = [], {}
    game._log_cache, game._legal, game._legal_set = {}, None, None
    game._initial_forced = game._take_forced_steps()
    return game
