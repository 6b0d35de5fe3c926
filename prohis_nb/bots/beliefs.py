"""What a seat can infer from its view alone: the cards it has not located.

Every card of the deck is somewhere. Some of those places a seat can see or
remember (its hand and warehouse, the row, turned convoy cards, controller
cards on the table, a bribe it gave or was offered, cards it saw go into
another hand or warehouse); the others are hidden from it (the pile, face-down
convoy cards, the rest of the other hands and warehouses, a bribe offered to someone else).
:func:`unseen_cards`
counts, kind by kind, the cards in the hidden places:

    unseen = deck - (every card this seat has located)

With no other information, a face-down convoy card is one of these, drawn
without replacement: that is the *uniform belief* a bot starts from (it
ignores what the smuggler's choices may reveal, which is where bluffing lives).

>>> from prohis_nb import Game
>>> game = Game(players=4, seed=7)
>>> unseen = unseen_cards(game.view(0))
>>> sum(unseen.values())  # 74 cards, minus own hand (6), the row (4) and the
58
>>> # captain and inspector everyone knows each other seat was dealt (6)
"""

from __future__ import annotations

from collections import Counter

from prohis_nb.prohis.cards import KINDS
from prohis_nb.prohis.views import SeatView


def located_cards(view: SeatView) -> Counter[str]:
    """Every card ``view.seat`` knows the place of, counted by kind.

    A bribe on the table has left the smuggler's hand (what others remember of
    that hand no longer counts it); the smuggler and the controller see it.
    """
    located: Counter[str] = Counter(view.hand)
    located.update(view.warehouse)
    located.update(card for card in view.row if card is not None)
    convoy = view.convoy
    if convoy is not None:
        located.update(card for card in convoy.cards if card is not None)
        located.update(card for _seat, card in convoy.controls)
        if convoy.controller_card is not None:
            located[convoy.controller_card] += 1
        if convoy.bribe is not None:
            located.update(convoy.bribe)
    for info in view.seats:
        if info.seat != view.seat:
            located.update(info.known_in_hand)
            located.update(info.known_in_warehouse)
    return located


def unseen_cards(view: SeatView) -> dict[str, int]:
    """The cards ``view.seat`` cannot place, by kind (every kind listed, zeros included).

    These are the cards that may be in the pile, face down in the convoy, or
    in the unknown part of the other hands and warehouses.
    """
    deck = view.rules.deck_counts()
    located = located_cards(view)
    unseen = {kind: deck[kind] - located[kind] for kind in KINDS}
    negative = {kind: count for kind, count in unseen.items() if count < 0}
    if negative:  # the view contradicts the deck: a bug in the engine's knowledge bounds
        raise ValueError(
            f"seat {view.seat} locates more cards than the deck holds: {negative} "
            f"(deck {deck}, located {dict(located)})"
        )
    return unseen


def hidden_places(view: SeatView) -> int:
    """How many cards lie where ``view.seat`` cannot see: equals ``sum(unseen_cards(view))``."""
    convoy = view.convoy
    count = view.pile_size
    for info in view.seats:
        if info.seat != view.seat:
            count += info.hand_size - len(info.known_in_hand)
            count += info.warehouse_size - len(info.known_in_warehouse)
    if convoy is not None:
        count += sum(card is None for card in convoy.cards)
        if convoy.bribe_size is not None and convoy.bribe is None:
            count += convoy.bribe_size  # a bribe this seat may not see
    return count
