"""``Play(humans=[...])`` with another person's seat: never its allowed moves on this screen.

attack-22b F3: in ``Play(seat=0, humans=[0, 2])`` a move refused for seat 2
printed the engine's words on seat 0's screen, "allowed: control with
lieutenant ...", telling seat 0 what seat 2 holds. Play shows one seat's
screen: another person's decision is waited for, the status points to
HotSeat, and a refusal for that seat says nothing its cards decide.
"""

from __future__ import annotations

import html

import pytest

from prohis_nb.errors import ProhisNbError
from prohis_nb.prohis.game import from_deal
from prohis_nb.widgets import HotSeat, Play

OPEN = ["captain", "inspector"]


def twins():
    """Two deals that differ only in seat 1's and seat 2's hidden cards; seat 2 plays first."""
    seat0 = ["legal", "legal", "illegal", *OPEN]
    games = []
    for seat1, seat2 in ((["legal", "lieutenant"], ["legal", "legal"]),
                         (["legal", "legal"], ["legal", "lieutenant"])):  # fmt: skip
        games.append(
            from_deal(
                [seat0, seat1 + OPEN, seat2 + OPEN],
                row=["legal"] * 4,
                pile=["illegal", "legal"],
                first=2,
                public_hands=[OPEN] * 3,
            )
        )
    one, two = games
    assert one.view(0) == two.view(0)  # seat 0 cannot tell them apart
    return one, two


#: A move seat 2 may not make: it holds no illegal goods in either twin.
REFUSED = {"seat": 2, "act": "convoy", "cards": ["illegal", "illegal"]}


def engine_words(game) -> str:
    with pytest.raises(ProhisNbError) as refused:
        game.copy().apply(REFUSED)
    return str(refused.value)


def test_the_engines_refusal_would_tell_seat_2s_hand():
    one, two = twins()
    assert engine_words(one) != engine_words(two)  # so showing it on seat 0's screen leaks


def test_a_refusal_for_another_persons_seat_is_the_same_whatever_it_holds():
    shown = []
    for game in twins():
        play = Play(game, seat=0, humans=[0, 2], opponents="random", delay=0)
        assert game.to_act == 2 and not play.act(REFUSED)
        message = html.unescape(play.message.value)
        assert engine_words(game) not in message and "ways" not in message
        shown.append((message, play.status.value, play.table.html))
    assert shown[0] == shown[1]
    assert "seat 2's decision" in shown[0][0]


def test_another_persons_decision_points_to_hot_seat():
    play = Play(twins()[0], seat=0, humans=[0, 2], opponents="random", delay=0)
    assert "Waiting for seat 2" in play.status.value and "HotSeat" in play.status.value


def test_at_the_screen_seats_own_decision_the_refusal_explains_its_own_moves():
    one, _ = twins()
    hot = HotSeat(one, humans=[0, 1, 2], delay=0)
    hot.reveal()  # seat 2 is at the screen: the engine's words are about its own cards
    assert not hot.act(REFUSED)
    assert engine_words(one) in html.unescape(hot.message.value)
