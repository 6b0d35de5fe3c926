"""No blow-up: the bribes of any hand are offered without being listed (issue 11).

A bribe is any non-empty set of the smuggler's cards, other than the offers
already rejected. The checks here are independent of the engine's code:

* on small hands, the legal bribes equal a brute-force enumeration of every
  subset of the hand's *cards* (``itertools.combinations`` over positions,
  deduplicated), minus the rejected offers, in length, membership and content;
* on a hand of 970 cards (a custom deck of under 1,000), the number of legal actions equals the
  product formula of RULES.md's "any cards of the hand", computed here, and
  random indices decode to distinct bribes that the hand holds;
* the seat's view stays small, and the command line replays such a record.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections import Counter
from itertools import combinations

from helpers.big_hands import HUGE, KINDS, ORDER, REJECTED, at_bribe, huge_game
from hypothesis import given, settings
from hypothesis import strategies as st

from prohis_nb import Action, Record
from prohis_nb.errors import IllegalActionError


def brute_force_bribes(hand: Counter, rejected=()) -> set[tuple[str, ...]]:
    """Every non-empty subset of the hand's cards, as kinds in the fixed order, minus rejected."""
    cards = [k for k in KINDS for _ in range(hand[k])]
    subsets = {
        tuple(sorted((cards[i] for i in chosen), key=ORDER.__getitem__))
        for size in range(1, len(cards) + 1)
        for chosen in combinations(range(len(cards)), size)
    }
    return subsets - {tuple(sorted(r, key=ORDER.__getitem__)) for r in rejected}


small_hands = st.fixed_dictionaries({k: st.integers(0, 3) for k in KINDS}).map(Counter)


@settings(max_examples=60, deadline=None)
@given(hand=small_hands, data=st.data())
def test_the_bribes_of_a_small_hand_are_exactly_every_subset_but_the_rejected(hand, data):
    every = sorted(brute_force_bribes(hand))
    rejected = data.draw(st.lists(st.sampled_from(every), unique=True, max_size=4)) if every else []
    game = at_bribe(hand, rejected, bribe_rounds=5)
    expected = brute_force_bribes(hand, rejected)
    if not expected:  # nothing left to offer: "no_bribe" was the only choice
        assert game.decision.kind != "bribe" or list(game.legal_actions()) == [
            Action(0, "no_bribe")
        ]
        return
    assert game.decision.kind == "bribe" and game.to_act == 0
    legal = game.legal_actions()
    bribes = [a.cards for a in legal if a.act == "bribe"]
    assert len(bribes) == len(set(bribes)) == len(expected)
    assert set(bribes) == expected
    assert len(legal) == len(expected) + 1 and legal[-1] == Action(0, "no_bribe")
    assert [legal[i] for i in range(len(legal))] == list(legal)  # indexing agrees with iteration
    for cards in expected:
        assert Action(0, "bribe", cards=cards) in legal
    for offer in rejected:  # refused again, by membership and by the engine
        action = Action(0, "bribe", cards=tuple(sorted(offer, key=ORDER.__getitem__)))
        assert action not in legal and not game.is_legal(action)
    for kind in KINDS:  # one card more than the hand holds
        too_many = tuple(sorted([kind] * (hand[kind] + 1), key=ORDER.__getitem__))
        assert Action(0, "bribe", cards=too_many) not in legal
    cards = sorted(expected)[0]
    assert Action(1, "bribe", cards=cards) not in legal  # another seat
    assert Action(0, "convoy", cards=cards) not in legal  # another act
    assert game.is_legal({"seat": 0, "act": "bribe", "cards": list(reversed(cards))})


def test_a_rejected_offer_keeps_the_order_of_the_others():
    hand = Counter({"legal": 2, "illegal": 1})
    game = at_bribe(hand, [["legal"]], bribe_rounds=2)
    cards = [a.cards for a in game.legal_actions()[:-1]]
    # the nested loop over counts, legal goods the slowest digit: (0,1) (1,1) (2,0) (2,1)
    assert cards == [
        ("illegal",),
        ("legal", "illegal"),
        ("legal", "legal"),
        ("legal", "legal", "illegal"),
    ]


# ---------------------------------------------------------------- a hand of almost 1,000 cards


def test_a_huge_hand_offers_the_product_of_its_counts_without_listing_them():
    game = huge_game()
    legal = game.legal_actions()
    product = math.prod(HUGE[k] + 1 for k in KINDS)  # every subset, the empty one included
    assert len(legal) == product - 1 - len(REJECTED) + 1  # no empty bribe, no rejected, no_bribe
    rng = random.Random(11)
    seen = set()
    for index in rng.sample(range(len(legal) - 1), 300):
        action = legal[index]
        assert action.act == "bribe" and action.seat == 0
        counts = Counter(action.cards)
        assert action.cards and not counts - HUGE  # inside the hand
        assert list(action.cards) == sorted(action.cards, key=ORDER.__getitem__)
        assert sorted(action.cards) not in [sorted(r) for r in REJECTED]
        assert action in legal and game.is_legal(action)
        seen.add(action.cards)
    assert len(seen) == 300  # distinct indices give distinct bribes
    assert legal[-1] == Action(0, "no_bribe") and legal[len(legal) - 1] == legal[-1]
    for offer in REJECTED:
        action = Action(0, "bribe", cards=tuple(sorted(offer, key=ORDER.__getitem__)))
        assert action not in legal and not game.is_legal(action)


def test_a_huge_bribe_is_applied_and_recorded():
    game = huge_game()
    legal = game.legal_actions()
    action = legal[len(legal) // 2]
    game.apply({"seat": 0, "act": "bribe", "cards": list(reversed(action.cards))})  # any order
    assert game.actions[-1] == action and game.decision.kind == "bribe_answer"
    again = Record.from_json(game.record().to_json()).replay()
    assert again.actions == game.actions


def test_a_refusal_at_a_huge_bribe_decision_says_how_many_ways_in_a_short_message():
    game = huge_game()
    try:
        game.apply({"seat": 0, "act": "bribe", "cards": ["legal"] * 321})
    except IllegalActionError as error:
        message = str(error)
    else:
        raise AssertionError("a bribe of 321 legal goods from 320 was accepted")
    assert "holds 320 legal" in message
    assert f"{len(game.legal_actions()) - 1:,} ways" in message
    assert len(message) < 1000


def test_the_view_of_a_huge_hand_describes_the_bribes_in_a_few_bytes():
    game = huge_game()
    data = game.view(0).to_json()
    entries = data["legal_actions"]
    assert len(json.dumps(entries).encode()) < 600
    assert entries[-1] == {"seat": 0, "act": "no_bribe"}
    (family,) = entries[:-1]
    assert family["act"] == "bribe" and family["seat"] == 0
    assert family["up_to"] == {k: HUGE[k] for k in KINDS}  # the seat's own hand
    assert sorted(sorted(Counter(e).elements()) for e in family["except"]) == sorted(
        sorted(r) for r in REJECTED
    )
    assert family["count"] == math.prod(HUGE[k] + 1 for k in KINDS) - 1 - len(REJECTED)
    for seat in range(1, 6):  # the others are not deciding: no legal actions at all
        assert game.view(seat).to_json()["legal_actions"] == []
    # the teacher's view prints the same compact entry
    assert game.omniscient_view().to_json()["legal_actions"] == entries


def test_the_view_json_of_a_small_bribe_decision_has_the_same_form():
    game = at_bribe(Counter({"legal": 1}), bribe_rounds=1)
    entries = game.view(0).to_json()["legal_actions"]
    assert entries == [
        {"seat": 0, "act": "bribe", "up_to": {"legal": 1}, "except": [], "count": 1},
        {"seat": 0, "act": "no_bribe"},
    ]


def test_the_command_line_replays_a_huge_bribe_decision(tmp_path):
    path = tmp_path / "huge.json"
    huge_game().record().save(path)
    for seat in (0, 1):
        done = subprocess.run(
            [sys.executable, "-m", "prohis_nb", "replay", str(path), "--seat", str(seat)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        data = json.loads(done.stdout)
        assert data["decision"]["kind"] == "bribe"
        assert len(done.stdout) < 400_000  # hand, bounds and rejected offers: no list of bribes
        if seat == 0:
            assert data["legal_actions"][0]["count"] == len(huge_game().legal_actions()) - 1


def test_bots_choose_at_a_huge_bribe_decision():
    from prohis_nb.bots import make_bot

    game = huge_game()
    view, legal = game.view(0), game.legal_actions()
    for spec in ("random", "honest", "bluff", "ev"):
        action = make_bot(spec, seed=3, game="prohis").choose(view, legal)
        assert game.is_legal(action), spec


def test_smuggle_decisions_stay_small_at_every_step():
    from prohis_nb.cli import random_game
    from prohis_nb.smuggle.game import SmuggleGame
    from prohis_nb.smuggle.rules import SmuggleRules

    for players in (3, 6):
        game = random_game(SmuggleGame, SmuggleRules(players=players), seed=players)
        replayed = Record.from_json(game.record().to_json())
        for upto in range(0, len(game.actions), 5):
            position = replayed.replay(upto)
            assert len(position.legal_actions()) <= 496  # 495 declarations and immunity


def test_two_games_at_the_same_bribe_decision_give_equal_legal_actions_and_views():
    first, second = huge_game(), huge_game()
    from prohis_nb.prohis.legal import bribe_actions

    bribe_actions.cache_clear()  # not the same object: equal by value
    second._legal = None
    assert first.legal_actions() is not second.legal_actions()
    assert first.legal_actions() == second.legal_actions()
    assert hash(first.legal_actions()) == hash(second.legal_actions())
    assert first.view(0) == second.view(0)
    other = at_bribe(HUGE, REJECTED[:2], bribe_rounds=5, players=6)
    assert other.legal_actions() != first.legal_actions()  # one rejected offer fewer


def test_a_bribe_family_with_no_member_left_is_not_offered():
    """Every possible offer rejected: the smuggler is offered only ``no_bribe``, as one act."""
    from prohis_nb.core.legal import LegalActions, group_by_act, legal_actions_json
    from prohis_nb.prohis.actions import Action
    from prohis_nb.prohis.bribes import Bribes

    legal = LegalActions([Bribes(0, (2, 0, 0, 0, 0), ((1, 0, 0, 0, 0), (2, 0, 0, 0, 0))),
                          (Action(0, "no_bribe"),)])  # fmt: skip
    assert list(legal) == [Action(0, "no_bribe")]
    assert list(group_by_act(legal)) == ["no_bribe"]
    assert legal_actions_json(legal) == [{"seat": 0, "act": "no_bribe"}]
