"""A whole Prohis table drawn from what one seat knows: the seat's view, determinized.

A seat never sees the whole table: the pile, the other hands, face-down
convoy cards, other warehouses. Planning under that uncertainty
(Monte Carlo search, ISMCTS, a coach's "what could they hold?") needs
*samples*: complete tables, each one the seat could be sitting at, drawn
with the right probabilities. :func:`determinize_prohis` draws one.

**What the seat knows.** Exactly what its :class:`~prohis_nb.prohis.views.SeatView`
says (docs/rules.md, "Who knows what"): its own hand and warehouse; the row; the
size of every hidden place (the pile, each hand, each warehouse, the convoy,
a bribe); the cards it knows to be in another hand or warehouse
(``known_in_hand``, ``known_in_warehouse``: lower bounds, there may be more);
turned convoy cards, controller cards on the table, and as a party the
convoy or the bribe. Every other card is *unseen*::

    unseen = deck - (every card the seat has located)

and the hidden places hold exactly those cards: their sizes add up to the
number of unseen cards.

**The posterior.** The deck was shuffled uniformly, so, given only these
facts, every way of putting the unseen cards into the hidden places is
equally likely: shuffle the unseen cards and deal them into the hidden
places. Cards of one kind are interchangeable, so that is the same as
"every sequence of kinds over the hidden slots, in a fixed order of the
slots, equally likely" (a shuffled multiset gives every distinct sequence the
same probability), which is what the tests check by enumeration.

What this posterior leaves out, on purpose: what the other players' choices
suggest (a bribe hints at illegal goods: that is the bluffing the lessons
study, and a bot adds it on top), and what the seat's log says beyond its
view (a known card that went face down into a convoy with others is only
"one of those cards" in the log; the view forgets it, and so does the sample).

**The sample is a real game.** It has the same rules, phase, seat to act
and public facts, so it can be played on to the end (ISMCTS does exactly
that). Its view for the seat equals the view it was drawn from, log
included: the seat's log lines are carried over as "recalled" events. The
other seats' private memories are not in the seat's view, so in the sample
each other seat remembers only what everyone knows. A sample has no past
actions: ``undo()`` has nothing to take back, and ``record()`` does not
replay (its setup names the seat it was drawn for).
"""

from __future__ import annotations

import random
from collections import Counter

from prohis_nb.core.game import Event
from prohis_nb.prohis.cards import KIND_INDEX, KINDS, cards_to_counts
from prohis_nb.prohis.game import OVER, SECOND_PICK, ProhisGame
from prohis_nb.prohis.views import SeatView


def hidden_slots(view: SeatView) -> list[tuple[str, int]]:
    """Every hidden place of ``view.seat``'s table and how many cards it hides, in a fixed order.

    The pile (top card first), then for each other seat its hand and its
    warehouse (the cards beyond those the seat knows are there), then the
    face-down convoy cards (``("convoy", position)`` one by one), then a bribe
    the seat may not see. Places hiding no card are left out.
    """
    slots: list[tuple[str, int]] = [("pile", view.pile_size)]
    for info in view.seats:
        if info.seat != view.seat:
            slots.append((f"hand {info.seat}", info.hand_size - len(info.known_in_hand)))
            slots.append(
                (f"warehouse {info.seat}", info.warehouse_size - len(info.known_in_warehouse))
            )
    convoy = view.convoy
    if convoy is not None:
        slots += [(f"convoy {i}", 1) for i, card in enumerate(convoy.cards) if card is None]
        if convoy.bribe_size is not None and convoy.bribe is None:
            slots.append(("bribe", convoy.bribe_size))
    return [(name, size) for name, size in slots if size]


def located(view: SeatView) -> Counter[str]:
    """Every card ``view.seat`` knows the place of, counted by kind."""
    cards: Counter[str] = Counter(view.hand)
    cards.update(view.warehouse)
    cards.update(card for card in view.row if card is not None)
    convoy = view.convoy
    if convoy is not None:
        cards.update(card for card in convoy.cards if card is not None)
        cards.update(card for _seat, card in convoy.controls)
        if convoy.controller_card is not None:
            cards[convoy.controller_card] += 1
        if convoy.bribe is not None:
            cards.update(convoy.bribe)
    for info in view.seats:
        if info.seat != view.seat:
            cards.update(info.known_in_hand)
            cards.update(info.known_in_warehouse)
    return cards


def unseen(view: SeatView) -> list[str]:
    """The cards ``view.seat`` cannot place, one entry per card, in the fixed kind order.

    Raises ``ValueError`` if the view locates more cards of a kind than the
    deck holds, or if the hidden places do not hold exactly the unseen cards
    (a view that no game could show).
    """
    deck = view.rules.deck_counts()
    seen = located(view)
    short = {kind: seen[kind] - deck[kind] for kind in KINDS if seen[kind] > deck[kind]}
    if short:
        raise ValueError(
            f"seat {view.seat}'s view locates more cards than the deck holds: {short} too many"
        )
    cards = [kind for kind in KINDS for _ in range(deck[kind] - seen[kind])]
    places = sum(size for _name, size in hidden_slots(view))
    if places != len(cards):
        raise ValueError(
            f"seat {view.seat}'s view hides {places} cards but {len(cards)} are unseen: "
            "not a view of a real table"
        )
    return cards


def determinize_prohis(view: SeatView, rng: random.Random) -> ProhisGame:
    """A complete game drawn uniformly among those ``view.seat`` cannot tell from its own.

    ``rng`` (a ``random.Random``) is the only source of randomness: the same
    view and the same seed give the same sample. The sample's
    ``view(view.seat)`` equals ``view``; see the module docstring for the
    posterior and what the sample remembers.

    >>> from prohis_nb import Game
    >>> game = Game(players=4, seed=7)
    >>> sample = determinize_prohis(game.view(0), random.Random(1))
    >>> sample.view(0) == game.view(0), sample.hand(0) == game.hand(0)
    (True, True)
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"determinize_prohis needs a Prohis SeatView, got {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
    if view.ended:
        raise ValueError(
            "the game has ended: its final scores are public and nothing is left to play, "
            "so there is no table to draw"
        )
    cards = unseen(view)
    rng.shuffle(cards)  # every sequence of kinds over the hidden slots equally likely
    dealt: dict[str, list[str]] = {}
    for name, size in hidden_slots(view):
        dealt[name], cards = cards[:size], cards[size:]
    return _build(view, dealt, rng)


def _build(view: SeatView, dealt: dict[str, list[str]], rng: random.Random) -> ProhisGame:
    """Set up a game's state from the view and the hidden cards dealt to each place."""
    n, me = view.players, view.seat
    game = object.__new__(ProhisGame)
    game.rules, game.players = view.rules, n
    game.setup = {"determinized_for_seat": me}

    hands, warehouses = [], []
    for info in view.seats:
        if info.seat == me:
            hands.append(cards_to_counts(view.hand))
            warehouses.append(cards_to_counts(view.warehouse))
        else:
            hands.append(
                cards_to_counts([*info.known_in_hand, *dealt.get(f"hand {info.seat}", [])])
            )
            warehouses.append(
                cards_to_counts(
                    [*info.known_in_warehouse, *dealt.get(f"warehouse {info.seat}", [])]
                )
            )
    game.hands, game.warehouses = hands, warehouses
    game.row = [None if card is None else KIND_INDEX[card] for card in view.row]
    game.pile = [KIND_INDEX[card] for card in reversed(dealt.get("pile", []))]  # top card last

    decision = view.decision
    game.phase = decision.kind if decision is not None else OVER
    game._to_act = view.to_act
    convoy = view.convoy
    game.active = convoy.smuggler if convoy is not None else view.to_act
    game.first_pick = view.first_pick if game.phase == SECOND_PICK else None
    game.convoy, game.convoy_cards, game.turned = [], (), []
    game.turns_done = game.turn_limit = 0
    game.control_queue, game.control_pos, game.controls = (), 0, []
    game.controller = game.controller_card = None
    game.bribe, game.offers, game.rejected = None, 0, []
    game._bounds_before_offer = []
    public = [cards_to_counts(info.known_to_all) for info in view.seats]
    if convoy is not None:
        _build_convoy(game, view, dealt, rng)

    game.final_round = view.final_round
    game.final_queue = list(view.final_turns)
    game.passes = view.passes_in_a_row
    game.out = [info.out for info in view.seats]
    game.over = False
    # What each seat remembers: the viewer its own view's bounds, the others what all know.
    game._chronicle, game._observers = True, range(n + 1)  # (no setup to replay from)
    game._known_hand = [[list(counts) for counts in public] for _ in range(n + 1)]
    game._known_hand[me] = [
        list(public[s]) if s == me else cards_to_counts(info.known_in_hand)
        for s, info in enumerate(view.seats)
    ]
    game._known_warehouse = [[[0] * 5 for _ in range(n)] for _ in range(n + 1)]
    game._known_warehouse[me] = [
        [0] * 5 if s == me else cards_to_counts(info.known_in_warehouse)
        for s, info in enumerate(view.seats)
    ]
    if game.bribe is not None:  # what a rejection restores: the bounds before the offer
        smuggler, parties = game.active, (game.active, game.controller)
        game._bounds_before_offer = [
            [b + (g if o in parties else 0) for b, g in zip(bounds[smuggler], game.bribe)]
            for o, bounds in enumerate(game._known_hand)
        ]
    game._events = [Event("recalled", me, {"seat": me, "line": line}) for line in view.log]
    game._actions, game._forced = [], {}
    game._log_cache, game._legal, game._legal_set = {}, None, None
    game._initial_forced = game._take_forced_steps()
    return game


def _build_convoy(
    game: ProhisGame, view: SeatView, dealt: dict[str, list[str]], rng: random.Random
) -> None:
    """The convoy being resolved: its cards (hidden ones dealt), the control, the bribe."""
    convoy = view.convoy
    assert convoy is not None
    cards = [
        card if card is not None else dealt[f"convoy {i}"][0] for i, card in enumerate(convoy.cards)
    ]
    game.convoy = [KIND_INDEX[card] for card in cards]
    game.convoy_cards = tuple(cards)
    game.turned = list(convoy.turned)
    game.turns_done, game.turn_limit = convoy.turns_done, convoy.turn_limit
    n, smuggler = view.players, convoy.smuggler
    game.control_queue = tuple(
        (smuggler + i) % n for i in range(1, n) if not view.seats[(smuggler + i) % n].out
    )
    in_control = game.phase == "control" and view.to_act is not None
    game.control_pos = (
        game.control_queue.index(view.to_act)
        if in_control and view.to_act is not None
        else len(game.control_queue)
    )
    game.controls = [(seat, KIND_INDEX[card]) for seat, card in convoy.controls]
    game.controller = convoy.controller
    game.controller_card = (
        None if convoy.controller_card is None else KIND_INDEX[convoy.controller_card]
    )
    game.offers = convoy.offers
    if convoy.bribe_size is not None:
        bribe = convoy.bribe if convoy.bribe is not None else dealt["bribe"]
        game.bribe = cards_to_counts(bribe)
    if convoy.rejected_bribes is not None:  # a party to the bribe knows every rejected offer
        game.rejected = [tuple(cards_to_counts(r)) for r in convoy.rejected_bribes]
    else:
        rejected = convoy.offers - (convoy.bribe_size is not None)
        game.rejected = _some_rejected_offers(game, rejected, rng)


def _some_rejected_offers(game: ProhisGame, count: int, rng: random.Random) -> list[tuple]:
    """``count`` distinct offers the smuggler could have made and had rejected.

    Only the parties to a bribe know its cards, and the seat's view does not
    keep how many cards each rejected offer held (its log does). The rules
    need them only to refuse the same offer twice (``bribe_rounds`` above 1),
    so the sample takes distinct single cards, then pairs, from the
    smuggler's cards (its hand plus a pending offer, where rejected cards
    went back).
    """
    if not count:
        return []
    held = list(game.hands[game.active])
    if game.bribe is not None:
        held = [h + b for h, b in zip(held, game.bribe)]
    options: list[tuple[int, ...]] = []
    for k in range(5):
        if held[k]:
            options.append(tuple(int(i == k) for i in range(5)))
    for k in range(5):
        for j in range(k, 5):
            pair = [0] * 5
            pair[k] += 1
            pair[j] += 1
            if all(p <= h for p, h in zip(pair, held)):
                options.append(tuple(pair))
    rng.shuffle(options)
    return options[:count]
