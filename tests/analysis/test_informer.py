"""The Informer in one stage game with the declarer and the Officer, checked independently.

* what accepting a hand is worth: the receiver's discard (the engine's legal
  discards) and draw played through every one of the 50 cards left;
* the receiver's gain from informing at every declaration that reaches it,
  with the money the engine moves when it informs, below 0: never informing
  is a best response (and with it the declarer and the Officer play the
  two-player game, whose best responses ``test_signalling.py`` checks);
* so the passer-against-receiver game's "lie 67 %, inform 32 %" is not
  equilibrium play: no passed declaration is false anywhere near 2/3 of the time.
"""

from collections import Counter

import pytest

from prohis_nb.analysis.informer import informer_equilibrium, inherited_value
from prohis_nb.analysis.signalling import IMMUNITY, HandType, declaration_equilibrium
from prohis_nb.analysis.smuggle import InformerGame, informer_threshold
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules


@pytest.fixture(scope="module")
def eq():
    return declaration_equilibrium()


def cards_of(t):
    cards = list(t.goods) + ([DIPLOMATIC_BAG] if t.bag else [])
    return cards + ["luggage"] * (4 - len(cards))


def stacked(cards):
    rest = Counter(PACK)
    rest.subtract(cards)
    packs = [list(cards) + list(rest.elements())] + [list(PACK)] * 2
    return SmuggleGame(SmuggleRules(players=3), table={"packs": packs})


def engine_discards(cards):
    """The discards the engine offers seat 2 after it accepts ``cards``."""
    game = stacked(cards)
    game.apply({"seat": 1, "act": "declare", "items": []})
    game.apply({"seat": 0, "act": "accept"})
    game.apply({"seat": 2, "act": "accept"})
    if game.decision.kind == "discard":
        return {a.card for a in game.legal_actions()}
    return {game.discards[-1]}  # a single choice, which the engine played itself


def receiver_money(cards, declared):
    """Seat 2's money change when it informs on (or challenges) ``cards`` declared ``declared``."""
    game = stacked(cards)
    before = game.view(0).money[2]
    if declared == IMMUNITY:
        game.apply({"seat": 1, "act": "immunity"})
        game.apply({"seat": 0, "act": "accept"})
        game.apply({"seat": 2, "act": "challenge"})
    else:
        game.apply({"seat": 1, "act": "declare", "items": list(declared)})
        game.apply({"seat": 0, "act": "accept"})
        game.apply({"seat": 2, "act": "inform"})
    return game.view(0).money[2] - before


@pytest.mark.parametrize(
    "hand",
    [
        HandType((), False),
        HandType(("crown",), False),
        HandType(("camera", "camera", "camera"), False),
        HandType(("wine", "watch"), True),
        HandType(("cigars", "necklace", "necklace", "perfume"), False),
    ],
)
def test_accepting_a_hand_is_worth_the_best_discard_and_an_even_draw(eq, hand):
    value_of = dict(zip(eq.types, eq.values, strict=True))
    cards = cards_of(hand)
    left = list(PACK)
    for card in cards:
        left.remove(card)
    assert len(left) == 50
    values = {}
    for discard in engine_discards(cards):
        kept = list(cards)
        kept.remove(discard)
        total = 0.0
        for drawn in left:  # every physical card, equally likely
            new = [*kept, drawn]
            goods = tuple(sorted((c for c in new if c in DUTIABLE), key=DUTIABLE.index))
            total += value_of[HandType(goods, DIPLOMATIC_BAG in new)]
        values[discard] = total / len(left)
    value, discard = inherited_value(hand, eq)
    assert value == pytest.approx(max(values.values()))
    assert values[discard] == pytest.approx(max(values.values()))


def test_the_receiver_never_gains_by_informing(eq):
    fresh = eq.value
    inherited = {}
    worst = -float("inf")
    reached = 0
    for j in eq.used():
        d = eq.declarations[j]
        if eq.search[j] >= 1 - 1e-9:
            continue
        reached += 1
        weights = eq.probability * eq.strategy[:, j]
        gain = 0.0
        for i in weights.nonzero()[0]:
            t = eq.types[i]
            if t not in inherited:
                inherited[t] = inherited_value(t, eq)[0]
            cash = receiver_money(cards_of(t), d)  # the engine's payments
            gain += weights[i] / weights.sum() * (cash + fresh - inherited[t])
        worst = max(worst, gain)
    solved = informer_equilibrium()
    assert reached == len(solved.checks) > 100
    assert worst < 0
    assert solved.worst_gain == pytest.approx(worst)
    assert solved.never_informs


def test_no_passed_declaration_is_false_often_enough_to_inform_on():
    solved = informer_equilibrium()
    threshold = float(informer_threshold())
    assert solved.largest_false_share < threshold / 3
    assert all(c.money_gain < 0 for c in solved.checks)
    # the two-player passer-against-receiver game claims far more lying than anyone does
    old = InformerGame(duty=150, fine=300)
    assert float(old.lying_rate) > 3 * solved.largest_false_share


def test_with_a_small_compensation_dumping_a_heavy_hand_is_worth_informing():
    from prohis_nb.smuggle.board import Board

    solved = informer_equilibrium(Board(compensation=50))
    assert not solved.never_informs
    worst = solved.checks[0]
    assert worst.gain > 0 and worst.money_gain < 0  # the money alone still says "accept"


def test_over_every_equilibrium_the_receiver_still_never_gains_by_informing(eq):
    from prohis_nb.analysis.informer import best_informing_gain

    bound = best_informing_gain()
    solved = informer_equilibrium()
    # the solver's equilibrium is one of them: the bound is at least its worst gain
    assert bound.gain >= solved.worst_gain - 1e-6
    assert bound.gain < 0
    # the strategy where it is reached is a whole declarer strategy (one of the set's points)
    sigma = bound.strategy
    assert sigma.sum(axis=1) == pytest.approx(1.0)
    # the gain recomputed here with the engine's payments and Bayes over that strategy
    d = bound.declaration
    j = eq.declarations.index(d)
    weights = eq.probability * sigma[:, j]
    gain = sum(
        weights[i]
        / weights.sum()
        * (
            receiver_money(cards_of(eq.types[i]), d)
            + eq.value
            - inherited_value(eq.types[i], eq)[0]
        )
        for i in weights.nonzero()[0]
    )
    assert gain == pytest.approx(bound.gain, abs=1e-6)


def test_over_every_equilibrium_no_passed_declaration_is_false_often_enough(eq):
    from prohis_nb.analysis.informer import largest_false_share_anywhere
    from prohis_nb.analysis.signalling_sets import declarer_set

    every = declarer_set()
    anywhere = largest_false_share_anywhere()
    assert anywhere >= informer_equilibrium().largest_false_share - 1e-9
    assert anywhere < float(informer_threshold()) / 3
    # another equilibrium (the one making the fewest declarations): its false shares, by Bayes
    # here, stay below the bound
    _, sigma = every.fewest_made()
    for j, d in enumerate(eq.declarations):
        weights = eq.probability * sigma[:, j]
        if weights.sum() > 1e-9:
            lie = [(not t.bag) if d == IMMUNITY else t.goods != d for t in eq.types]
            assert float((weights * lie).sum() / weights.sum()) <= anywhere + 1e-6
    # every declaration some equilibrium makes is searched less than always: each reaches a
    # receiver, so the count that reaches one is the count made
    assert all(eq.search[eq.declarations.index(d)] < 1 - 1e-9 for d in every.made_somewhere())
