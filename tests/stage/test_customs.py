"""The customs stage game, rule by rule (docs/customs-rules.md), with stacked hands.

The money is checked against Smuggle's rules written out here and against
:func:`prohis_nb.analysis.signalling.payoffs` (the declaration game the
lessons solve), for every kind of hand, so the engine and the analysis
cannot drift apart. What a seat sees is checked with twin hands.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from prohis_nb import CustomsRules, CustomsStageGame, RulesError
from prohis_nb.customs.determinize import determinize_customs
from prohis_nb.errors import IllegalActionError, MalformedActionError, RecordError
from prohis_nb.smuggle.board import Board

WATCH_HAND = ["watch", "luggage", "luggage", "luggage"]


def stacked(hand: list[str], **variants) -> CustomsStageGame:
    return CustomsStageGame(CustomsRules(**variants), table={"hand": hand})


def play(game: CustomsStageGame, *steps: dict) -> CustomsStageGame:
    for step in steps:
        game.apply(step)
    return game


def test_a_fresh_hand_is_the_top_4_cards_of_a_shuffled_pack():
    counts = Counter(card for seed in range(600) for card in CustomsStageGame(seed=seed).hand)
    assert abs(counts["luggage"] / 2400 - 24 / 54) < 0.03
    assert abs(counts["wine"] / 2400 - 4 / 54) < 0.02
    assert all(len(CustomsStageGame(seed=seed).hand) == 4 for seed in range(50))


def test_the_declarer_declares_or_claims_immunity_then_the_officer_answers():
    game = stacked(WATCH_HAND)
    assert game.to_act == 1 and game.decision.kind == "declare"
    assert len(game.legal_actions()) == 496  # 495 declarations and the immunity claim
    game.apply({"act": "declare", "items": ["wine", "wine", "crown"]})  # items not held: allowed
    assert game.to_act == 0 and [a.act for a in game.legal_actions()] == ["accept", "search"]
    claim = play(stacked(WATCH_HAND), {"act": "immunity"})
    assert [a.act for a in claim.legal_actions()] == ["accept", "challenge"]
    with pytest.raises(MalformedActionError, match="the customs acts are"):
        claim.apply({"act": "inform"})
    with pytest.raises(IllegalActionError):
        play(stacked(WATCH_HAND)).apply({"act": "declare", "items": ["wine"] * 5})


@pytest.mark.parametrize(
    ("hand", "steps", "officer"),
    [
        # accepted: the duty on what was declared ($150 for a watch)
        (WATCH_HAND, ({"act": "declare", "items": ["watch"]}, {"act": "accept"}), 150),
        (WATCH_HAND, ({"act": "declare", "items": []}, {"act": "accept"}), 0),
        # searched, the complete truth: the duty, and $200 compensation back
        (WATCH_HAND, ({"act": "declare", "items": ["watch"]}, {"act": "search"}), 150 - 200),
        # searched, a lie: the fine on every dutiable item held ($300 for a watch)
        (WATCH_HAND, ({"act": "declare", "items": []}, {"act": "search"}), 300),
        (WATCH_HAND, ({"act": "declare", "items": ["watch", "wine"]}, {"act": "search"}), 300),
        # immunity accepted: nothing; challenged with the Bag: $200 to the claimant
        (WATCH_HAND, ({"act": "immunity"}, {"act": "accept"}), 0),
        (
            ["diplomatic_bag", "watch", "luggage", "luggage"],
            ({"act": "immunity"}, {"act": "challenge"}),
            -200,
        ),
        # challenged without the Bag: $200 and every fine
        (WATCH_HAND, ({"act": "immunity"}, {"act": "challenge"}), 200 + 300),
    ],
)
def test_the_money_of_every_answer(hand, steps, officer):
    game = play(stacked(hand), *steps)
    assert game.ended and game.scores() == [officer, -officer]
    assert game.view(0).final_scores == game.view(1).final_scores == (officer, -officer)


def test_a_custom_board_is_used_and_written_into_the_record():
    board = Board(compensation=50)
    game = play(stacked(WATCH_HAND, board=board), {"act": "declare", "items": ["watch"]})
    game.apply({"act": "search"})
    assert game.scores() == [150 - 50, -(150 - 50)]
    assert CustomsRules.from_json(game.record().to_json()["rules"]).board == board


def test_the_engine_pays_what_the_declaration_game_of_the_lessons_says():
    """Every kind of hand, against the analysis's accepted (A) and searched (B) money."""
    pytest.importorskip("numpy")
    from prohis_nb.analysis.signalling import ALL_DECLARATIONS, IMMUNITY, hand_types, payoffs

    types = list(hand_types())
    declarations = list(ALL_DECLARATIONS)
    accepted, searched = payoffs(types, declarations)
    rng = random.Random(3)
    columns = [declarations.index(()), declarations.index(IMMUNITY)]
    columns += rng.sample(range(len(declarations)), 12)
    for i, kind in enumerate(types):
        hand = [*kind.goods, *(["diplomatic_bag"] if kind.bag else [])]
        hand += ["luggage"] * (4 - len(hand))
        truth = [declarations.index(tuple(kind.goods))] if len(kind.goods) <= 4 else []
        for j in {*columns, *truth}:
            declaration = declarations[j]
            step = (
                {"act": "immunity"}
                if declaration == IMMUNITY
                else {"act": "declare", "items": list(declaration)}
            )
            answer = "challenge" if declaration == IMMUNITY else "search"
            for how, expected in (("accept", accepted[i, j]), (answer, searched[i, j])):
                game = play(stacked(hand), step, {"act": how})
                assert game.scores()[1] == expected, (kind, declaration, how)


@pytest.mark.parametrize("answer", ["accept"])
def test_the_officer_cannot_tell_two_hands_behind_the_same_declaration(answer):
    honest, liar = stacked(["wine", "luggage", "luggage", "luggage"]), stacked(WATCH_HAND)
    for step in (None, {"act": "declare", "items": ["wine"]}, {"act": answer}):
        if step is not None:
            honest.apply(step)
            liar.apply(step)
        assert honest.view(0).to_json() == liar.view(0).to_json()
        assert honest.public_view() == liar.public_view()
        assert honest._repr_html_() == liar._repr_html_()
    assert honest.view(1).hand != liar.view(1).hand


def test_a_search_shows_the_hand_to_everyone():
    game = play(stacked(WATCH_HAND), {"act": "declare", "items": []})
    assert game.view(0).hand is None and game.view(1).hand is not None
    game.apply({"act": "search"})
    for view in (game.view(0), game.view(1), game.public_view()):
        assert sorted(view.shown) == sorted(WATCH_HAND) and view.truth is False


def test_determinize_deals_the_unseen_hand_afresh():
    game = play(stacked(WATCH_HAND), {"act": "declare", "items": ["watch"]})
    rng = random.Random(2)
    samples = [determinize_customs(game.view(0), rng) for _ in range(1500)]
    assert all(sample.view(0) == game.view(0) for sample in samples[:40])
    cards = Counter(card for sample in samples for card in sample.hand)
    assert abs(cards["luggage"] / 6000 - 24 / 54) < 0.03  # the deal's odds, the claim ignored
    mine = determinize_customs(game.view(1), rng)
    assert sorted(mine.hand) == sorted(WATCH_HAND)


def test_bad_rules_and_tables_are_refused():
    with pytest.raises(RulesError, match="exactly 2 players"):
        CustomsStageGame(players=4, seed=1)
    with pytest.raises(RecordError, match="more crown than the pack has"):
        stacked(["crown", "crown", "luggage", "luggage"])
    with pytest.raises(RecordError, match="4 card kinds"):
        stacked(["luggage"] * 3)


def test_the_command_line_replays_a_declaration_for_one_seat(tmp_path, capsys):
    import json

    from prohis_nb.cli import main

    game = play(stacked(WATCH_HAND), {"act": "declare", "items": []}, {"act": "accept"})
    path = game.record().save(tmp_path / "customs.json")
    assert main(["replay", str(path), "--seat", "0"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["hand"] is None and shown["declared"] == []
    assert main(["simulate", "--game", "customs", "--games", "10"]) == 0
