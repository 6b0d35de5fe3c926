"""Small games played at random, for the tests that compare what a seat knows with brute force."""

from __future__ import annotations

import random
from collections import Counter

from helpers.brute_knowledge import SmuggleBruteForce
from prohis_nb.prohis import from_deal
from prohis_nb.smuggle.board import PACK_COUNTS
from prohis_nb.smuggle.game import SmuggleGame

CI = ["captain", "inspector"]


def small_prohis(seed: int, **variants):
    """Three seats, each dealt a captain and an inspector in the open and 2 goods face down."""
    rng = random.Random(seed)
    stock = ["legal"] * 5 + ["illegal"] * 4 + ["lieutenant"] * 2
    rng.shuffle(stock)
    hands = [[*CI, *stock[2 * s : 2 * s + 2]] for s in range(3)]
    row, pile = stock[6:10], stock[10:]
    extra = rng.choice(["legal", "illegal", "lieutenant"])
    pile.append(extra)
    game = from_deal(hands, row, pile, first=seed % 3, public_hands=[CI] * 3)
    if variants:
        rules = game.rules.replace(**variants)
        game = from_deal(hands, row, pile, first=seed % 3, public_hands=[CI] * 3, rules=rules)
    return game


#: How often each act is chosen, against 1 for the others: convoys, bribes and rejections
#: happen often, and the small pile lasts.
WEIGHTS = {"pass": 0.05, "take": 0.4, "no_bribe": 0.4, "accept": 0.5}


def choose(rng: random.Random, legal):
    """A random legal action, each act about equally likely (see WEIGHTS)."""
    acts = sorted({a.act for a in legal})
    weights = [WEIGHTS.get(act, 1.0) for act in acts]
    act = rng.choices(acts, weights)[0]
    return rng.choice([a for a in legal if a.act == act])


class SmuggleFeed:
    """Feeds a SmuggleBruteForce for ``seat``, from the real game's actions and the truth."""

    def __init__(self, game: SmuggleGame, seat: int) -> None:
        self.seat = seat
        self.brute = SmuggleBruteForce(seat, Counter(PACK_COUNTS))
        table = game.omniscient_view()
        self._fresh(table)

    def _fresh(self, table) -> None:
        seat = self.seat
        if table.ended or table.holder is None:
            return
        hand = table.hands[table.holder]
        self.brute.fresh_hand(tuple(hand) if table.holder == seat else None)

    def step(self, before, action, after) -> None:
        brute, seat = self.brute, self.seat
        new_round = after.round != before.round or after.ended != before.ended
        kind = before.decision.kind
        if action.act in ("search", "inform", "challenge"):
            brute.shown_hand(tuple(before.hands[before.holder]), discarded=True)
            if not new_round:
                self._fresh(after)
        elif action.act == "accept" and kind == "receiver":
            if not new_round and action.seat == seat:
                brute.shown_hand(tuple(after.hands[seat]), discarded=False)
        elif action.act == "discard":
            brute.discard(action.card if action.seat == seat else None)
            held = Counter(before.hands[action.seat]) - Counter([action.card])
            (drawn,) = (Counter(after.hands[action.seat]) - held).elements()
            brute.draw_one(drawn if action.seat == seat else None)
        if new_round:
            brute.end_round()
            if not after.ended:
                self.brute = SmuggleBruteForce(seat, Counter(PACK_COUNTS))
                self._fresh(after)
