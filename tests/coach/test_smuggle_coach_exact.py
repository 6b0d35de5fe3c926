"""The Smuggle coach's numbers against brute force, exact fractions and the analysis.

Every game here is stacked card by card, so the test knows what each seat has
seen. Beliefs are checked by enumerating the hidden cards one by one (every
4-card hand of the unseen cards; every discard slot and every draw); values
against :mod:`prohis_nb.analysis.smuggle` (exact ``Fraction`` equality) and
against the tests' own arithmetic with RULES.md's board typed in again.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from helpers.smuggle_coach import (
    COMPENSATION,
    DUTY,
    FINE,
    IMMUNITY_FINE,
    REWARD,
    hypergeometric,
    stacked,
    unseen,
)

from prohis_nb.analysis import smuggle as maths
from prohis_nb.analysis.informer import inherited_value
from prohis_nb.analysis.signalling import (
    ALL_DECLARATIONS,
    IMMUNITY,
    declaration_equilibrium,
    hand_types,
)
from prohis_nb.coach import advise, judge
from prohis_nb.errors import MalformedActionError
from prohis_nb.smuggle.actions import Action
from prohis_nb.text import money

GOODS = ("wine", "cigars", "brandy", "perfume", "watch", "camera", "necklace", "crown")


@pytest.fixture(scope="module")
def eq():
    return declaration_equilibrium()


def belief(advice, place_start: str) -> dict:
    found = [b for b in advice.beliefs if b.place.startswith(place_start)]
    assert len(found) == 1, [b.place for b in advice.beliefs]
    return found[0]


def kinds_of(weights: Counter) -> dict[str, Fraction]:
    total = sum(weights.values())
    return {k: Fraction(n, total) for k, n in weights.items() if n}


def fines(goods) -> int:
    return sum(FINE[g] for g in goods)


def duty(goods) -> int:
    return sum(DUTY[g] for g in goods)


# ---------------------------------------------------------------- beliefs, by brute force


H1 = ["wine", "watch", "luggage", "luggage"]


def test_after_a_search_the_officer_believes_what_counting_every_possible_hand_gives():
    h2 = ["cigars", "luggage", "crown", "luggage"]
    game = stacked(3, H1 + h2)
    game.apply({"act": "declare", "items": []})
    game.apply({"act": "search"})  # H1 shown and discarded; seat 2 draws h2
    advice = advise(game.view(0))
    rest = unseen(H1)  # the 50 cards the Officer has not seen
    in_hand, in_pack = Counter(), Counter()
    for hand in combinations(range(len(rest)), 4):
        for i in hand:
            in_hand[rest[i]] += 1
        left = Counter(rest)
        left.subtract(rest[i] for i in hand)
        for kind, n in left.items():
            in_pack[kind] += n
    assert belief(advice, "seat 2's hand").kinds == kinds_of(in_hand)
    assert belief(advice, "seat 2's hand").size == 4
    assert belief(advice, "the pack").kinds == kinds_of(in_pack)
    assert belief(advice, "the pack").size == 46
    assert not [b for b in advice.beliefs if b.place == "the discards"]  # all shown: not hidden
    for b in advice.beliefs:
        assert sum(b.kinds.values()) == 1


def _slots_and_draws(hand: list[str], pool: list[str]):
    """The model's (discarded card, drawn card, weight) for another seat's discard and draw.

    Each card of the hand is discarded with the same chance (the Bag if it is
    there), then one of ``pool``'s cards is drawn, each alike.
    """
    slots = [c for c in hand if c == "diplomatic_bag"] or list(hand)
    for slot in slots:
        for drawn in pool:
            yield slot, drawn, Fraction(1, len(slots) * len(pool))


def test_the_passer_tracks_its_hand_through_the_receivers_discard_and_draw():
    game = stacked(3, H1 + ["necklace"])
    for action in ({"act": "declare", "items": ["wine", "watch"]}, {"act": "accept"}):
        game.apply(action)
    game.apply({"act": "accept"})  # seat 2 takes the hand
    game.apply({"act": "discard", "card": "watch"})  # and draws the necklace
    rest = unseen(H1)
    hand, discard, pack = Counter(), Counter(), Counter()
    for slot, drawn, p in _slots_and_draws(H1, rest):
        kept = list(H1)
        kept.remove(slot)
        for card in [*kept, drawn]:
            hand[card] += p / 4
        discard[slot] += p
        left = list(rest)
        left.remove(drawn)
        for card in left:
            pack[card] += p / len(left)
    advice = advise(game.view(1))
    assert belief(advice, "seat 2's hand").kinds == {k: v for k, v in hand.items() if v}
    assert belief(advice, "the discards").kinds == {k: v for k, v in discard.items() if v}
    assert belief(advice, "the pack").kinds == {k: v for k, v in pack.items() if v}


def test_looking_at_a_hand_again_updates_which_card_was_discarded_by_bayes():
    """Seat 2 discards a luggage and draws a luggage: seat 1 gets back the hand it passed and
    cannot tell which card went; Bayes weighs every slot by the draws that give this hand."""
    game = stacked(3, H1 + ["luggage"])
    for action in (
        {"act": "declare", "items": ["wine", "watch"]},
        {"act": "accept"},
        {"act": "accept"},
        {"act": "discard", "card": "luggage"},
        {"act": "declare", "items": []},
        {"act": "accept"},  # the Officer; the hand passes to seat 1
    ):
        game.apply(action)
    before = advise(game.view(1))
    assert before.deciding and game.view(1).decision.kind == "receiver"
    game.apply({"act": "accept"})  # seat 1 looks: the same four cards as it passed
    rest = unseen(H1)
    discard, pack = Counter(), Counter()
    total = Fraction(0)
    for slot, drawn, p in _slots_and_draws(H1, rest):
        kept = list(H1)
        kept.remove(slot)
        if sorted([*kept, drawn]) != sorted(H1):
            continue  # this discard and draw would not give the hand seat 1 sees
        total += p
        discard[slot] += p
        left = list(rest)
        left.remove(drawn)
        for card in left:
            pack[card] += p / len(left)
    advice = advise(game.view(1))
    assert belief(advice, "the discards").kinds == {k: v / total for k, v in discard.items()}
    assert belief(advice, "the discards").kinds == {
        "wine": Fraction(3, 50),
        "watch": Fraction(3, 50),
        "luggage": Fraction(44, 50),
    }
    assert belief(advice, "the pack").kinds == {k: v / total for k, v in pack.items() if v}


def test_the_seats_own_draw_is_evidence_about_a_face_down_discard():
    """Seat 2 discards a card of seat 1's hand face down and draws the same kind; the search
    shows seat 1's four cards again. Seat 1 then draws 2 wines: that makes "the wine went"
    less likely (fewer wines were left to draw). Bayes over every slot, draw and hand."""
    fresh = ["wine", "wine", "luggage", "cigars"]
    game = stacked(3, [*H1, "luggage", *fresh])
    for action in (
        {"act": "declare", "items": ["wine", "watch"]},
        {"act": "accept"},
        {"act": "accept"},
        {"act": "discard", "card": "luggage"},  # and draws a luggage
        {"act": "declare", "items": []},
        {"act": "search"},  # shows wine, watch, luggage, luggage; seat 1 draws `fresh`
    ):
        game.apply(action)
    rest = unseen(H1)
    weights = Counter()
    for slot, drawn, p in _slots_and_draws(H1, rest):
        kept = list(H1)
        kept.remove(slot)
        if sorted([*kept, drawn]) != sorted(H1):
            continue  # the search would have shown other cards
        pool = unseen(H1, [slot])  # what seat 1 has not seen: all but the shown hand and slot
        weights[slot] += p * hypergeometric(pool, fresh)
    total = sum(weights.values())
    slot = {k: v / total for k, v in weights.items()}
    want = {k: (H1.count(k) + slot.get(k, 0)) / 5 for k in set(H1)}
    got = belief(advise(game.view(1)), "the discards").kinds
    assert got == want
    assert got["wine"] < Fraction(1, 5) + Fraction(3, 50) / 5  # less than before the draw


def test_a_known_bag_is_the_card_the_receiver_discards():
    hand = ["wine", "diplomatic_bag", "luggage", "luggage"]
    game = stacked(3, [*hand, "camera"])
    for action in ({"act": "immunity"}, {"act": "accept"}, {"act": "accept"}):
        game.apply(action)
    game.apply({"act": "discard", "card": "diplomatic_bag"})
    advice = advise(game.view(1))
    assert belief(advice, "the discards").kinds == {"diplomatic_bag": 1}
    rest = unseen(hand)
    expected = Counter({"wine": Fraction(1, 4), "luggage": Fraction(2, 4)})
    for card in rest:
        expected[card] += Fraction(1, 4 * len(rest))
    assert belief(advice, "seat 2's hand").kinds == dict(expected)


# ---------------------------------------------------------------- declaring


def _declare_state():
    """Seat 1 declares with watch, perfume, luggage, camera; the Officer (seat 0) has
    accepted, searched, accepted; seat 2 (seat 1's receiver) informed once."""
    h1 = ["wine", "luggage", "luggage", "luggage"]
    h2 = ["cigars", "luggage", "luggage", "luggage"]
    h3 = ["watch", "perfume", "luggage", "luggage"]
    game = stacked(4, h1 + h2 + h3 + ["camera"])
    for action in (
        {"act": "declare", "items": []},  # seat 1 hides its wine
        {"act": "accept"},  # Officer: accept (1)
        {"act": "inform"},  # seat 2 informs: found false
        {"act": "declare", "items": ["cigars"]},  # seat 2's fresh hand, the truth
        {"act": "search"},  # Officer: search (2)
        {"act": "declare", "items": ["watch"]},  # seat 3 hides the perfume
        {"act": "accept"},  # Officer: accept (3)
        {"act": "accept"},  # seat 1 takes seat 3's hand
        {"act": "discard", "card": "luggage"},  # and draws the camera
    ):
        game.apply(action)
    view = game.view(1)
    assert view.decision.kind == "declare"
    assert sorted(view.hand) == sorted(["watch", "perfume", "luggage", "camera"])
    return view


def test_each_listed_declaration_is_worth_the_analysis_value_at_both_rates(eq):
    view = _declare_state()
    advice = advise(view)
    hand = list(view.hand)
    search, inform = Fraction(1, 3), Fraction(1, 1)  # counted from the moves above
    seen = set()
    for choice in advice.choices:
        d = choice.details["declaration"]
        if choice.action is None:
            continue
        seen.add(d)
        s = eq.search_rate(d)
        if d == IMMUNITY:
            want = maths.immunity_value(hand, s)
            assert choice.details["observed_rate"] is None  # no claim seen yet
            assert choice.details["observed_value"] is None
        else:
            want = maths.declaration_value(hand, d, s, 0)
            observed = maths.declaration_value(hand, d, search, inform)
            assert choice.details["observed_rate"] == search
            assert choice.details["observed_value"] == observed
            # the tests' own arithmetic: checked by the Officer or by the Informer
            checked = search + (1 - search) * inform
            held = ("watch", "perfume", "camera")
            if tuple(d) == tuple(sorted(held, key=GOODS.index)):
                assert observed == -duty(held) + checked * COMPENSATION
            else:
                assert observed == -(1 - search) * duty(d) - checked * fines(held)
        assert choice.details["equilibrium_value"] == want
        assert choice.value == float(want)
    truth = ("perfume", "watch", "camera")
    assert {truth, (), IMMUNITY} <= seen
    assert advice.choices[0].label.endswith("(the complete truth)")
    # the group holds every other declaration; its value is the best of them
    group = [c for c in advice.choices if c.action is None]
    assert len(group) == 1
    others = [d for d in ALL_DECLARATIONS if d not in seen]
    assert group[0].details["count"] == len(others)
    best_other = max(
        float(
            maths.immunity_value(hand, eq.search_rate(d))
            if d == IMMUNITY
            else maths.declaration_value(hand, d, eq.search_rate(d), 0)
        )
        for d in others
    )
    assert group[0].value == pytest.approx(best_other, abs=1e-9)
    top = max(c.value for c in advice.choices)
    assert all(c.best == (abs(c.value - top) <= 0.01) for c in advice.choices)
    assert advice.why.endswith(".") and "$" in advice.why


def test_judging_a_declaration_gives_the_loss_against_the_best(eq):
    view = _declare_state()
    advice = advise(view)
    best = advice.best[0]
    verdict = judge(view, best.action)
    assert verdict.best and verdict.loss == 0
    worst = min((c for c in advice.choices if c.action is not None), key=lambda c: c.value)
    verdict = judge(view, worst.action)
    assert not verdict.best
    assert verdict.loss == pytest.approx(best.value - worst.value)
    assert money(worst.value) in verdict.text and money(best.value - worst.value) in verdict.text
    # a declaration inside the "any other" group: priced by the analysis too
    odd = ("necklace", "necklace", "necklace", "crown")
    verdict = judge(view, Action(1, "declare", items=odd))
    value = float(maths.declaration_value(view.hand, odd, eq.search_rate(odd), 0))
    assert verdict.loss == pytest.approx(best.value - value)
    assert judge(view, "declare necklace,necklace,necklace,crown") == verdict


# ---------------------------------------------------------------- the Officer and the receiver


def _first_claim(items, hand=H1):
    game = stacked(3, list(hand))
    if items == IMMUNITY:
        game.apply({"act": "immunity"})
    else:
        game.apply({"act": "declare", "items": list(items)})
    return game


@pytest.mark.parametrize("heard", [(), ("watch",), IMMUNITY])
def test_the_officer_weighs_the_solved_games_declarers(eq, heard):
    """At the round's first claim the Officer has seen nothing: its posterior is the
    analysis's ``declared_by`` and the values are sums the test does itself."""
    advice = advise(_first_claim(heard).view(0))
    accept, check = advice.choices
    posterior = eq.declared_by(heard)
    if heard == IMMUNITY:
        want = sum(
            p * (-IMMUNITY_FINE if t.bag else IMMUNITY_FINE + fines(t.goods))
            for t, p in posterior.items()
        )
        assert accept.value == 0 and check.label == "challenge the claim"
    else:
        want = sum(
            p * (fines(t.goods) if t.goods != heard else duty(heard) - COMPENSATION)
            for t, p in posterior.items()
        )
        assert accept.value == duty(heard) and check.label == "search the hand"
    assert check.value == pytest.approx(want, abs=1e-6)
    assert check.details["p_false"] == pytest.approx(eq.false_share(heard), abs=1e-9)
    assert check.details["equilibrium_rate"] == eq.search_rate(heard)


@pytest.mark.parametrize("heard", [(), ("watch",), ("camera",), ("wine", "wine"), IMMUNITY])
@pytest.mark.parametrize("seat", [0, 2])
def test_a_declared_hand_is_believed_given_its_declaration(eq, heard, seat):
    """The Officer (seat 0) and the receiver (seat 2) at the round's first claim: the hand's
    cards are the solved declarer's posterior ``declared_by`` (a type is its goods, the Bag if
    it holds it, luggage for the rest), not the pack's shares; and they agree with the panel's
    P(false)."""
    game = _first_claim(heard)
    if seat == 2:
        game.apply({"act": "accept"})  # the Officer lets the hand through
    view = game.view(seat)
    advice = advise(view)
    assert view.decision.kind == ("officer" if seat == 0 else "receiver")
    hand = belief(advice, "seat 1's hand" if seat == 0 else "the hand seat 1 passed")
    assert hand.place.endswith(", given its declaration") and hand.size == 4
    posterior = eq.declared_by(heard)
    want: Counter = Counter()
    for t, p in posterior.items():
        cards = list(t.goods) + (["diplomatic_bag"] if t.bag else [])
        cards += ["luggage"] * (4 - len(cards))
        for card in cards:
            want[card] += p / 4
    assert set(hand.kinds) == {k for k, v in want.items() if v > 1e-12}
    for kind, p in want.items():
        assert float(hand.kinds.get(kind, 0)) == pytest.approx(p, abs=1e-9), kind
    assert sum(hand.kinds.values()) == 1
    p_false = advice.choices[0].details["p_false"]
    if heard == IMMUNITY:  # a true claim holds the Bag, and only one
        assert float(hand.kinds["diplomatic_bag"]) * 4 == pytest.approx(1 - p_false, abs=1e-9)
    else:  # a true hand holds exactly the goods declared
        for good, n in Counter(heard).items():
            assert float(hand.kinds[good]) >= (1 - p_false) * n / 4 - 1e-9
    # the pack is not conditioned: nobody has seen a card, so it has the whole pack's shares
    rest = unseen()
    assert belief(advice, "the pack").kinds == kinds_of(Counter(rest))


def test_a_declaration_nobody_makes_is_read_by_the_card_count_alone():
    advice = advise(_first_claim(("crown",)).view(0))
    check = advice.choices[1]
    assert check.details["informative"] is False
    prior = hand_types()  # the analysis's fresh-hand types
    want = sum(
        p * (fines(t.goods) if t.goods != ("crown",) else DUTY["crown"] - COMPENSATION)
        for t, p in prior.items()
    )
    assert check.value == pytest.approx(want, abs=1e-6)


@pytest.mark.parametrize("heard", [(), ("wine",)])
def test_the_receiver_weighs_money_now_and_the_hand_it_ends_with(eq, heard):
    game = _first_claim(heard)
    game.apply({"act": "accept"})
    advice = advise(game.view(2))
    accept, inform = advice.choices
    posterior = eq.declared_by(heard)
    p_false = eq.false_share(heard)
    assert inform.details["p_false"] == pytest.approx(p_false, abs=1e-9)
    money_now = p_false * REWARD - (1 - p_false) * COMPENSATION
    assert inform.value == pytest.approx(money_now + eq.value, abs=1e-6)
    kept = sum(p * inherited_value(t, eq)[0] for t, p in posterior.items())
    assert accept.value == pytest.approx(kept, abs=1e-6)
    assert accept.best  # with the default board the receiver never informs


def test_the_discard_is_priced_by_every_card_that_can_be_drawn(eq):
    game = _first_claim(("wine",))
    game.apply({"act": "accept"})
    game.apply({"act": "accept"})  # seat 2 takes H1 and sees it
    view = game.view(2)
    advice = advise(view)
    rest = unseen(H1)
    assert {c.details["card"] for c in advice.choices} == {"wine", "watch", "luggage"}
    for choice in advice.choices:
        kept = list(H1)
        kept.remove(choice.details["card"])
        want = 0.0
        for drawn in rest:  # each of the 50 unseen cards, one by one
            cards = [*kept, drawn]
            goods = sorted((c for c in cards if c in GOODS), key=GOODS.index)
            want += eq.hand_value(goods, "diplomatic_bag" in cards) / len(rest)
        assert choice.value == pytest.approx(want, abs=1e-9)


# ---------------------------------------------------------------- no decision, bad input


def test_a_seat_without_a_decision_gets_beliefs_and_whose_turn_it_is():
    game = _first_claim(())
    advice = advise(game.view(2))
    assert not advice.deciding and advice.choices == () and advice.best == ()
    assert "Seat 0 decides" in advice.why
    assert belief(advice, "seat 1's hand").size == 4


def test_bad_input_gets_a_clear_error():
    game = _first_claim(())
    view = game.view(0)
    with pytest.raises(TypeError, match="view"):
        advise(game)
    with pytest.raises(TypeError, match="view"):
        judge({"seat": 0}, "accept")
    with pytest.raises(ValueError, match="not a legal action for seat 0.*accept, search"):
        judge(view, "inform")
    with pytest.raises(ValueError, match="no decision"):
        judge(game.view(1), "accept")
    with pytest.raises(MalformedActionError):
        judge(view, 42)
    with pytest.raises(MalformedActionError):
        judge(view, "declare unicorns")
    assert advise(view) == advise(game.view(0))  # nothing was changed
