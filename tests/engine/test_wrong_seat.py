"""A seat acting out of turn learns whose turn it is, never that seat's choices (attack-24 F5).

The error is what a class server would echo to the wrong seat's socket. The
acting seat's legal actions would tell it the hidden hand (a convoy: whether
it is dirty; Prohis: how many ways to form a convoy). Checked for every
registered game at every step of random games, and on twins that differ only
in the acting seat's hidden cards: the same words.
"""

from __future__ import annotations

import random

import pytest

import prohis_nb
from prohis_nb.core.registry import specs
from prohis_nb.errors import WrongSeatError

GAMES = sorted(spec.name for spec in specs())


def wrong_seat_error(game, seat):
    legal = game.legal_actions()
    attempt = {**legal[0].to_json(), "seat": seat}
    before = game.record().dumps()
    with pytest.raises(WrongSeatError) as caught:
        game.apply(attempt)
    assert game.record().dumps() == before  # nothing changed
    return caught.value


@pytest.mark.parametrize("name", GAMES)
def test_the_error_names_the_turn_and_the_decision_only(name):
    for seed in range(3):
        game = prohis_nb.new_game(name, seed=seed)
        rng = random.Random(seed)
        while not game.ended:
            acting = game.to_act
            for seat in range(game.players):
                if seat == acting:
                    continue
                error = wrong_seat_error(game, seat)
                # Whose turn and the decision (public), and nothing else.
                assert str(error) == (
                    f"seat {seat} may not act now: it is seat {acting}'s decision "
                    f"({game.decision.text})"
                )
                assert not getattr(error, "allowed", ())
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(
    ("name", "tables"),
    [
        ("convoy", [{"hand": "dirty", "order": [0, 1, 2]}, {"hand": "honest", "order": [0, 1, 2]}]),
        ("customs", [{"hand": ["wine"] * 4}, {"hand": ["crown", "watch", "wine", "camera"]}]),
    ],
)
def test_twins_get_the_same_words(name, tables):
    games = [prohis_nb.new_game(name, table=table) for table in tables]
    seat = 1 - games[0].to_act
    assert len({game.record().dumps() for game in games}) == 2  # the hidden cards differ ...
    assert len({str(wrong_seat_error(game, seat)) for game in games}) == 1  # ... the words not
    if name == "convoy":  # (and so do the smuggler's choices: a dirty hand may send more)
        assert len({repr(game.legal_actions()) for game in games}) == 2
