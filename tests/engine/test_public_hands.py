"""A stacked table's ``public_hands`` and the end of a game, checked against RULES.md.

RULES.md, Setup: each player gets 1 captain and 1 inspector in hand (in front
of everyone), then 4 goods or lieutenants. So at the start of a real game
every seat knows each other hand holds a captain and an inspector; a stacked
table says so with ``setup.public_hands`` (docs/records.md). RULES.md,
Scoring: the highest total wins; the totals are announced at the end.
"""

import pytest

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.bots import make_bot, play_game
from prohis_nb.errors import RecordError
from prohis_nb.widgets.lesson import dealt_game, stacked_game

CI = ["captain", "inspector"]
GOODS = [["illegal", "illegal", "legal", "legal"], ["legal"] * 4, ["legal", "illegal"] * 2]
W = {"legal": 1000, "illegal": 4000, "lieutenant": 3000, "captain": 4000, "inspector": 5000}
H = {"legal": 0, "illegal": -4000, "lieutenant": 1000, "captain": 2000, "inspector": 3000}


def test_at_a_dealt_table_every_seat_knows_the_others_captain_and_inspector():
    game = dealt_game(GOODS)
    for viewer in range(3):
        for info in game.view(viewer).seats:
            if info.seat != viewer:
                assert sorted(info.known_in_hand) == CI
                assert sorted(info.known_to_all) == CI


def test_a_dealt_table_knows_what_a_seeded_deal_knows():
    seeded = ProhisGame(players=3, seed=5)
    dealt = dealt_game(GOODS)
    for viewer in range(3):
        assert [i.known_in_hand for i in seeded.view(viewer).seats if i.seat != viewer] == [
            i.known_in_hand for i in dealt.view(viewer).seats if i.seat != viewer
        ]


def test_without_public_hands_a_stacked_table_knows_nothing_of_other_hands():
    game = stacked_game([goods + CI for goods in GOODS])
    assert all(not info.known_in_hand for info in game.view(0).seats[1:])


def test_the_face_down_goods_stay_hidden():
    other = [GOODS[0], GOODS[1], ["legal"] * 4]  # seat 2's face-down goods differ
    one, two = dealt_game(GOODS), dealt_game(other)
    for seat in (0, 1):
        assert one.view(seat) == two.view(seat)
    assert one.view(2) != two.view(2)


def test_a_convoy_may_hold_the_public_cards_so_they_are_no_longer_known_in_hand():
    game = dealt_game(GOODS)
    game.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "legal", "legal"]})
    # 6 cards, 3 left face down: any of them may have been the captain or the inspector
    assert game.view(1).seats[0].known_in_hand == ()
    assert sorted(game.view(1).seats[2].known_in_hand) == CI


def test_public_hands_are_written_in_the_record_and_replayed():
    game = dealt_game(GOODS)
    game.apply({"seat": 0, "act": "pass"})
    data = game.record().to_json()
    assert data["setup"]["public_hands"] == [CI, CI, CI]
    again = game.record().replay()
    assert all(again.view(s) == game.view(s) for s in range(3))


def test_a_stacked_table_without_public_hands_writes_none():
    game = stacked_game([goods + CI for goods in GOODS])
    assert "public_hands" not in game.record().to_json()["setup"]


def table_with(public):
    table = dict(dealt_game(GOODS).setup)
    table["public_hands"] = public
    return table


@pytest.mark.parametrize(
    ("public", "words"),
    [
        ([CI, CI], "list of 3 lists"),
        ("captain", "list of 3 lists"),
        ([CI, CI, ["joker"]], "unknown card 'joker'"),
        ([CI, CI, ["captain", "captain"]], "more captain than seat 2's hand holds"),
        ([CI, ["illegal"], CI], "more illegal than seat 1's hand holds"),
    ],
)
def test_bad_public_hands_are_refused_saying_what_is_wrong(public, words):
    with pytest.raises(RecordError, match=words):
        ProhisGame(ProhisRules(players=3), table=table_with(public))


def test_at_the_end_every_seat_hears_the_final_scores_and_the_winners():
    bots = [make_bot("honest", seed=s) for s in range(3)]
    game = play_game("prohis", bots, seed=11)
    teacher = game.omniscient_view()
    # RULES.md, Scoring, from the cards themselves
    totals = [
        sum(W[c] for c in warehouse) + sum(H[c] for c in hand)
        for hand, warehouse in zip(teacher.hands, teacher.warehouses)
    ]
    best = max(totals)
    for seat in range(3):
        view = game.view(seat)
        assert view.final_scores == tuple(totals)
        assert view.winners == tuple(s for s, t in enumerate(totals) if t == best)
        assert view.to_json()["final_scores"] == totals
        assert "The game is over. Scores:" in view.log[-1]
        # the cards behind the totals stay as private as they were
        assert all(
            len(info.known_in_hand) <= info.hand_size for info in view.seats if info.seat != seat
        )


def test_before_the_end_no_final_scores_are_shown():
    view = dealt_game(GOODS).view(0)
    assert view.final_scores is None and view.winners is None
