"""RULES.md, Prohis, "Components and setup": the deck, the deal, the first player.

Seeded deals are checked through the omniscient view; stacked tables are
played exactly as written (RECORD.md).
"""

from __future__ import annotations

import random

import pytest
from helpers.engine import CI, complete_table, stacked, table_json

from prohis_nb import ProhisGame, ProhisRules, RulesError

REDUCED = {"legal": 40, "illegal": 20, "lieutenant": 6}
FULL = {"legal": 58, "illegal": 30, "lieutenant": 8}


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_remove_18_legal_10_illegal_2_lieutenants(players):
    deck = ProhisRules(players=players).deck_counts()
    assert deck == {**REDUCED, "captain": players, "inspector": players}
    game = ProhisGame(players=players, seed=3)
    assert game.card_counts() == deck


@pytest.mark.parametrize("players", [5, 6])
def test_five_or_six_players_use_every_good_and_lieutenant(players):
    deck = ProhisRules(players=players).deck_counts()
    assert deck == {**FULL, "captain": players, "inspector": players}
    assert ProhisGame(players=players, seed=3).card_counts() == deck


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_full_box_variant_uses_the_whole_box_whatever_the_count(players):
    deck = ProhisRules(players=players, full_box=True).deck_counts()
    assert deck == {**FULL, "captain": players, "inspector": players}
    assert ProhisGame(players=players, full_box=True, seed=5).card_counts() == deck


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_unused_captains_and_inspectors_go_back_to_the_box(players):
    counts = ProhisGame(players=players, seed=11).card_counts()
    assert counts["captain"] == players and counts["inspector"] == players


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_each_player_gets_captain_inspector_and_four_dealt_cards(players, seed):
    game = ProhisGame(players=players, seed=seed)
    for seat in range(players):
        hand = game.hand(seat)
        assert len(hand) == 6
        # the 4 dealt cards are goods or lieutenants, never a captain or inspector
        assert hand.count("captain") == 1 and hand.count("inspector") == 1
    table = game.omniscient_view()
    assert len(table.row) == 4 and None not in table.row
    deck_size = sum(game.rules.deck_counts().values())
    assert len(table.pile) == deck_size - 6 * players - 4
    assert not any(game.warehouse(seat) for seat in range(players))


def test_same_seed_same_deal_same_game():
    one, two = ProhisGame(players=5, seed=42), ProhisGame(players=5, seed=42)
    assert table_json(one) == table_json(two)
    rng_one, rng_two = random.Random(9), random.Random(9)
    for _ in range(60):
        if one.ended:
            break
        one.apply(rng_one.choice(one.legal_actions()))
        two.apply(rng_two.choice(two.legal_actions()))
        assert table_json(one) == table_json(two)


def test_the_seed_shuffles_the_deal():
    deals = {table_json(ProhisGame(players=4, seed=seed)) for seed in range(10)}
    assert len(deals) == 10


def test_the_first_player_is_chosen_at_random_with_the_seed():
    firsts = {ProhisGame(players=4, seed=seed).to_act for seed in range(60)}
    assert firsts == {0, 1, 2, 3}


def test_seeded_deal_makes_every_captain_and_inspector_public():
    game = ProhisGame(players=4, seed=8)
    for observer in range(4):
        for info in game.view(observer).seats:
            assert info.known_to_all == ("captain", "inspector")
            if info.seat != observer:
                assert info.known_in_hand == ("captain", "inspector")


def test_stacked_table_gives_no_initial_public_knowledge():
    rules = ProhisRules(players=3)
    game = stacked(rules, [CI + ["legal"] * 4, CI + ["illegal"] * 4, CI + ["lieutenant"] * 4])
    for observer in range(3):
        for info in game.view(observer).seats:
            assert info.known_to_all == ()
            if info.seat != observer:
                assert info.known_in_hand == ()


def test_stacked_table_is_played_as_written():
    rules = ProhisRules(players=3)
    table = complete_table(
        rules,
        [CI + ["legal"], ["illegal", "illegal"], ["lieutenant"]],
        row=["illegal", "legal", "lieutenant", "legal"],
        pile_top=["inspector", "illegal"],
        first=2,
    )
    game = ProhisGame(rules, table=table)
    view = game.omniscient_view()
    assert game.to_act == 2 and game.decision.kind == "turn"
    assert [list(h) for h in view.hands] == [
        ["legal", "captain", "inspector"],
        ["illegal", "illegal"],
        ["lieutenant"],
    ]
    assert list(view.row) == ["illegal", "legal", "lieutenant", "legal"]
    assert list(view.pile) == table["pile"]  # top card first, as written
    assert game.card_counts() == rules.deck_counts()


def test_play_goes_clockwise_from_seat_i_to_seat_i_plus_1():
    game = ProhisGame(players=5, seed=1)
    first = game.to_act
    seen = []
    for _ in range(5):
        seen.append(game.to_act)
        game.apply({"seat": game.to_act, "act": "pass"})
    assert seen == [(first + i) % 5 for i in range(5)]


def test_a_deck_too_small_to_deal_is_refused():
    with pytest.raises(RulesError, match="at least 16"):
        ProhisGame(ProhisRules(players=3, deck={"legal": 10, "illegal": 2}), seed=1)
