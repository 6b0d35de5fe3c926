"""What each Smuggle seat knows of the hand and the discard pile, checked against the rules.

A seat's view says which cards it knows are in the current hand
(``known_in_hand``) and in this round's discard pile (``known_discards``).
The engine derives them from its events only when a view asks (issue 15), so
these tests compare the views with a model written from docs/smuggle-rules.md
("Who knows what"), fed only with the actions taken and the teacher's view of
the table before and after each of them (never the engine's events or log):

* a seat knows the cards it drew, and the whole hand it looked at as receiver;
* a searched hand is shown to everyone, then discarded;
* a receiver's face-down discard is known to it; a seat that knew cards of the
  hand knows one fewer of each kind afterwards (any may be the one that went);
* a new round (a fresh pack) forgets everything.

They also check that a view asked late equals the view asked at every step,
and that a copy's views do not leak into the original's.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

SEARCHES = ("search", "inform", "challenge")


class RulesModel:
    """Per seat, the cards it knows in the hand and in the discards, from the rules."""

    def __init__(self, game: SmuggleGame) -> None:
        self.players = game.players
        table = game.omniscient_view()
        self.hand = [Counter() for _ in range(self.players)]
        self.discards = [Counter() for _ in range(self.players)]
        self.hand[table.holder] = Counter(table.hands[table.holder])  # the first drawer

    def _new_round(self, table) -> None:
        self.hand = [Counter() for _ in range(self.players)]
        self.discards = [Counter() for _ in range(self.players)]
        if table.holder is not None and not table.ended:
            self.hand[table.holder] = Counter(table.hands[table.holder])

    def step(self, before, action, after) -> None:
        new_round = after.round != before.round
        if action.act in SEARCHES:
            shown = before.hands[before.holder]
            for seat in range(self.players):  # shown to all, then discarded
                self.discards[seat].update(shown)
                self.hand[seat] = Counter()
            if new_round:
                self._new_round(after)
            elif not after.ended:  # a fresh hand: only its drawer sees it
                self.hand[after.holder] = Counter(after.hands[after.holder])
        elif action.act == "accept" and before.decision.kind == "receiver":
            if new_round:  # the pack could not give the card to draw
                self._new_round(after)
            elif not after.ended:
                self.hand[action.seat] = Counter(after.hands[action.seat])  # it looks
        elif action.act == "discard":
            seat, card = action.seat, action.card
            for observer, known in enumerate(self.hand):
                if observer == seat:
                    known[card] -= 1
                    self.discards[seat][card] += 1
                else:  # one fewer of each kind it knew, at least
                    for kind in list(known):
                        known[kind] -= 1
                self.hand[observer] = +known
            held = Counter(before.hands[seat])
            held[card] -= 1
            drawn = Counter(after.hands[seat]) - held
            assert sum(drawn.values()) == 1
            self.hand[seat].update(drawn)
        # declare, immunity and the Officer's accept show no card to anyone


def check(game: SmuggleGame, model: RulesModel) -> None:
    for seat in range(game.players):
        view = game.view(seat)
        assert sorted(view.known_in_hand) == sorted(model.hand[seat].elements()), seat
        assert sorted(view.known_discards) == sorted(model.discards[seat].elements()), seat
        if view.hand is not None:  # the holder knows every card of the hand it sees
            assert sorted(view.known_in_hand) == sorted(view.hand)


@pytest.mark.parametrize("players,seed", [(3, 0), (4, 1), (5, 2), (6, 3), (4, 40), (3, 77)])
def test_views_know_what_the_rules_say_at_every_decision(players, seed):
    game = SmuggleGame(SmuggleRules(players=players), seed=seed)
    model = RulesModel(game)
    choice = random.Random(seed).choice
    check(game, model)
    while not game.ended:
        before = game.omniscient_view()
        action = choice(game.legal_actions())
        game.apply(action)
        model.step(before, action, game.omniscient_view())
        check(game, model)


def test_a_view_asked_late_equals_the_views_asked_at_every_step():
    watched = SmuggleGame(SmuggleRules(players=4), seed=12)
    late = SmuggleGame(SmuggleRules(players=4), seed=12)
    choice = random.Random(3).choice
    steps = 0
    while not watched.ended:
        views = [watched.view(seat) for seat in range(4)]
        if steps % 37 == 0:  # ask the other game now and then: whole rounds unread between
            assert [late.view(seat) for seat in range(4)] == views
        action = choice(watched.legal_actions())
        watched.apply(action)
        late.apply(action)
        steps += 1
    assert [late.view(seat) for seat in range(4)] == [watched.view(seat) for seat in range(4)]


def test_a_copy_played_on_leaves_the_original_views_alone():
    game = SmuggleGame(SmuggleRules(players=3), seed=5)
    choice = random.Random(5).choice
    for _ in range(20):
        game.apply(choice(game.legal_actions()))
    original = [game.view(seat) for seat in range(3)]
    copy = game.copy()
    for _ in range(15):
        copy.apply(choice(copy.legal_actions()))
    assert [copy.view(seat) for seat in range(3)] != original
    assert [game.view(seat) for seat in range(3)] == original
    unread = game.copy()  # copied before any view of the copy was asked
    assert [unread.view(seat) for seat in range(3)] == original
