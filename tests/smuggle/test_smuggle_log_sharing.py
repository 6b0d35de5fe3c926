"""Each event phrased once for its actor and once for the others: the logs are unchanged.

``SmuggleGame._log_lines`` keeps every event's two lines (``smuggle.log.phrasings``)
and picks each seat's from them (issue 15's speed work). These tests compare
every seat's log, asked at random moments, with the plain phrasing of every
event for that seat (``describe(event, seat)``, empty lines left out), also
through copies, undo and a determinized game; and check on a hand-made event
that a seat's log names another seat's hidden cards by count only.
"""

from __future__ import annotations

import random

import pytest

from prohis_nb.smuggle.determinize import determinize_smuggle
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.log import describe, phrasings
from prohis_nb.smuggle.rules import SmuggleRules


def plain_log(game: SmuggleGame, seat: int | None) -> list[str]:
    """The log phrased event by event, with no cache at all."""
    return [line for event in game._events if (line := describe(event, seat))]


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (4, 1), (5, 2), (6, 3)])
def test_every_seats_log_is_the_plain_phrasing_whenever_it_is_asked(players, seed):
    rng = random.Random(seed)
    game = SmuggleGame(SmuggleRules(players=players), seed=seed)
    copies = []
    while not game.ended:
        for seat in range(players):
            if rng.random() < 0.3:
                assert game.log(seat) == plain_log(game, seat)
                assert game.view(seat).log == tuple(plain_log(game, seat))
        if rng.random() < 0.05:
            copies.append(game.copy())
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    for seat in [None, *range(players)]:
        assert game.log(seat) == plain_log(game, seat)
    for copy in copies:  # copies share the phrasings so far, then go their own way
        while not copy.ended:
            legal = copy.legal_actions()
            copy.apply(legal[rng.randrange(len(legal))])
        for seat in range(players):
            assert copy.log(seat) == plain_log(copy, seat)
    assert game.log(0) == plain_log(game, 0)  # the copies did not touch the original


def test_undo_and_a_determinized_game_phrase_their_own_events():
    game = SmuggleGame(SmuggleRules(players=4), seed=5)
    rng = random.Random(5)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        game.log(1)
    game.undo()
    for seat in range(4):
        assert game.log(seat) == plain_log(game, seat)
    view = game.view(2)
    sample = determinize_smuggle(view, random.Random(1))
    assert sample.log(2) == list(view.log)  # its recalled lines, as seat 2 saw them
    assert sample.log(0) == [] == plain_log(sample, 0)  # another seat's recollection is not heard
    legal = sample.legal_actions()
    sample.apply(legal[0])
    for seat in range(4):
        assert sample.log(seat) == plain_log(sample, seat)


def test_the_actor_alone_hears_its_cards():
    mine, theirs = phrasings(("draw", 1, ("wine", "diplomatic_bag")))
    assert mine == "You drew wine, diplomatic_bag."
    assert theirs == "Seat 1 drew 2 cards."  # the count only (RULES.md, "Who knows what")
    assert phrasings(("look", 2, ("wine",)))[1] == ""  # the others do not hear of a look
    assert phrasings(("discard", 2, "watch"))[1] == "Seat 2 discarded a card."
    public = ("round", None, (0, 3))
    assert phrasings(public) == (describe(public, 0), describe(public, 0))
