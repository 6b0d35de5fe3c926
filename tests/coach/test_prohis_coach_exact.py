"""The Prohis coach's numbers equal brute force over every hidden deal, played by the engine.

Small stacked tables (a custom deck of 13-15 cards) leave few cards the
deciding seat cannot see. Every distinct way of dealing them into the hidden
places is listed (with its weight in labelled orders), each is played through
the engine, and what a choice is worth is the seat's change of score read
from the engine; an inspection turns every face-down card with equal chance.
The coach must give exactly (``Fraction``) the weighted averages, and the
analysis modules' own exact values (``indifference_bribe``,
``controller_values``, ``inspection_values``, ``catch_probability``).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from helpers.prohis_coach import distinct_deals, inspection_expectation, play, split, table_game

from prohis_nb.analysis.odds import catch_probability
from prohis_nb.analysis.values import (
    controller_values,
    convoy_belief,
    indifference_bribe,
    inspection_values,
)
from prohis_nb.bots.beliefs import unseen_cards
from prohis_nb.bots.ev_bot import controller_outlook
from prohis_nb.coach import advise, judge
from prohis_nb.prohis import ProhisRules
from prohis_nb.prohis.cards import HAND_VALUE, KINDS, WAREHOUSE_VALUE
from prohis_nb.text import money
from prohis_nb.widgets.lesson import stacked_game

# ---------------------------------------------------------------- the controller's side

#: Seat 0 (the coached seat) holds a legal card, a captain and an inspector;
#: the row shows 3 more; 7 cards are hidden from it: seat 1's convoy (3) and
#: the card it keeps, seat 2's hand (2), the pile (1).
RULES = ProhisRules(
    players=3, deck={"legal": 5, "illegal": 2, "lieutenant": 1, "captain": 3, "inspector": 3}
)
OWN = ["legal", "captain", "inspector"]
ROW = ["legal", "legal", "lieutenant", "captain"]
HIDDEN = ["legal", "legal", "illegal", "illegal", "captain", "inspector", "inspector"]
PLACES = {"convoy": 3, "kept": 1, "seat 2": 2, "pile": 1}


def _deal_game(order):
    convoy, kept, seat2, pile = split(order, list(PLACES.values()))
    game = table_game(RULES, [OWN, convoy + kept, seat2], ROW, pile, first=1)
    return (
        play(game, {"act": "convoy", "cards": convoy}, {"act": "decline"}),
        convoy,
        kept,
        seat2,
        pile,
    )


def test_the_hidden_cards_are_what_the_table_says():
    deck = RULES.deck_counts()
    assert Counter(OWN) + Counter(ROW) + Counter(HIDDEN) == Counter(
        {k: n for k, n in deck.items() if n}
    )


@pytest.fixture(scope="module")
def deals():
    """Every hidden deal: (weight, the game at seat 0's control decision, its places)."""
    out = []
    for order, weight in distinct_deals(HIDDEN):
        game, convoy, kept, seat2, pile = _deal_game(order)
        out.append((weight, game, {"convoy": convoy, "kept": kept, "seat 2": seat2, "pile": pile}))
    return out


def _same_view(games, seat=0):
    views = {repr(sorted(g.view(seat).to_json().items())) for g in games}
    assert len(views) == 1, "the deals must look the same to the seat"
    return games[0].view(seat)


def _average(deals, value_of):
    total = sum(w for w, _g, _p in deals)
    return sum(w * Fraction(value_of(g, p)) for w, g, p in deals) / total


def test_beliefs_equal_the_share_of_each_kind_over_every_deal(deals):
    view = _same_view([g for _w, g, _p in deals])
    beliefs = {b.place: b for b in advise(view).beliefs}
    for place, name in (
        ("seat 1's convoy (face down)", "convoy"),
        ("seat 1's hand", "kept"),
        ("seat 2's hand", "seat 2"),
        ("the pile", "pile"),
    ):
        expected = {
            kind: _average(deals, lambda g, p, k=kind, n=name: Fraction(p[n].count(k), len(p[n])))
            for kind in KINDS
        }
        expected = {k: v for k, v in expected.items() if v}
        assert beliefs[place].kinds == expected, place
        assert beliefs[place].size == PLACES[name]
    assert set(beliefs) == {
        "seat 1's convoy (face down)",
        "seat 1's hand",
        "seat 2's hand",
        "the pile",
    }


def _after_control(game, card, then):
    """Seat 0 controls with ``card``, seat 1 offers nothing, seat 0 answers ``then``."""
    branch = game.copy()
    baseline = branch.scores()[0]  # the controller card still in hand
    play(branch, {"act": "control", "card": card}, {"act": "no_bribe"}, {"act": then})
    return inspection_expectation(branch, 0, baseline)


@pytest.mark.parametrize("card", ["captain", "inspector"])
def test_control_inspect_and_waive_equal_brute_force_through_the_engine(deals, card):
    view = _same_view([g for _w, g, _p in deals])
    inspect = _average(deals, lambda g, p: _after_control(g, card, "inspect"))
    waive = _average(deals, lambda g, p: _after_control(g, card, "waive"))
    assert waive == WAREHOUSE_VALUE[card] - HAND_VALUE[card]
    control = next(c for c in advise(view).choices if c.label == f"control with your {card}")
    assert control.details["inspect_value"] == inspect
    assert control.details["waive_value"] == waive
    assert control.details["exact_value"] == max(inspect, waive)
    assert control.value == float(max(inspect, waive))
    # ... and the analysis modules' exact values, from the seat's unseen cards
    belief = convoy_belief(unseen_cards(view), 3)
    assert indifference_bribe(belief, card) == inspect
    assert controller_values(belief, card)["inspect"] == inspect
    assert controller_outlook(view, card)["inspect"] == pytest.approx(float(inspect))
    # the catch chance: P(an illegal card is turned), over every deal and every order of turning
    caught = _average(
        deals,
        lambda g, p: catch_probability(
            3,
            p["convoy"].count("illegal"),
            3 - p["convoy"].count("illegal") - p["convoy"].count("legal"),
            card,
        ),
    )
    assert control.details["catch_chance"] == caught


def test_inspect_or_waive_and_the_verdicts(deals):
    games = []
    for _w, game, _p in deals:
        games.append(play(game.copy(), {"act": "control", "card": "captain"}, {"act": "no_bribe"}))
    view = _same_view(games)
    inspect = _average(deals, lambda g, p: _after_control(g, "captain", "inspect"))
    advice = advise(view)
    values = {c.label: c.details["exact_value"] for c in advice.choices}
    assert values == {"inspect": inspect, "waive": 2_000}
    best = max(values, key=values.get)
    assert [c.label for c in advice.best] == [best]
    worse = next(a for a in view.legal_actions if a.act != best)
    verdict = judge(view, worse)
    assert Fraction(verdict.loss).limit_denominator(10**9) == abs(inspect - 2_000)
    assert not verdict.best and money(abs(inspect - 2_000)) in verdict.text
    assert judge(view, next(a for a in view.legal_actions if a.act == best)).best


def test_the_rest_of_an_inspection_after_a_legal_card_equals_brute_force(deals):
    """Seat 0 inspects with its captain and turns card 0: the deals where it was legal."""
    rest = []
    for weight, game, places in deals:
        if places["convoy"][0] != "legal":
            continue
        branch = game.copy()
        baseline = branch.scores()[0]
        play(branch, {"act": "control", "card": "captain"}, {"act": "no_bribe"})
        play(branch, {"act": "inspect"}, {"act": "turn", "position": 0})
        rest.append((weight, branch, baseline))
    view = _same_view([b for _w, b, _s in rest])
    assert view.decision.kind == "inspection"
    total = sum(w for w, _b, _s in rest)
    expected = sum(w * inspection_expectation(b, 0, s) for w, b, s in rest) / total
    advice = advise(view)
    assert [c.action.position for c in advice.choices] == [1, 2]
    assert all(c.best and c.details["exact_value"] == expected for c in advice.choices)


def test_accept_or_reject_equals_brute_force(deals):
    """Seat 1 offers its kept card as a bribe; seat 0 answers (rejecting obliges it to inspect)."""
    by_bribe: dict[str, list] = {}
    for weight, game, places in deals:
        branch = game.copy()
        baseline = branch.scores()[0]
        play(
            branch,
            {"act": "control", "card": "inspector"},
            {"act": "bribe", "cards": places["kept"]},
        )
        by_bribe.setdefault(places["kept"][0], []).append((weight, branch, baseline))
    for kept, group in by_bribe.items():
        view = _same_view([b for _w, b, _s in group])
        total = sum(w for w, _b, _s in group)
        rejected = Fraction(0)
        for weight, branch, baseline in group:
            after = play(branch.copy(), {"act": "reject"})
            rejected += weight * inspection_expectation(after, 0, baseline)
        rejected /= total
        accepted = {(play(b.copy(), {"act": "accept"}).scores()[0] - s) for _w, b, s in group}
        values = {c.action.act: c.details["exact_value"] for c in advise(view).choices}
        assert values == {"accept": accepted.pop(), "reject": rejected}, kept
        assert values["accept"] == WAREHOUSE_VALUE[kept]  # the played card comes back


# ---------------------------------------------------------------- the smuggler's side


def _smuggler_game():
    """Seat 0 sends (illegal, legal, legal); seat 1 controls with its captain; seat 2 declines."""
    hands = [
        ["illegal", "legal", "legal", "legal", "illegal", "lieutenant", "captain", "inspector"],
        ["legal", "legal", "captain", "inspector"],
        ["legal", "illegal", "captain", "inspector"],
    ]
    game = stacked_game(hands, ["legal", "legal", "illegal", "legal"], first=0)
    baseline = game.scores()[0]
    play(
        game,
        {"act": "convoy", "cards": ["illegal", "legal", "legal"]},
        {"act": "control", "card": "captain"},
        {"act": "decline"},
    )
    return game, baseline


def _smuggler_outcome(game, baseline, choice):
    """What the choice brings the smuggler, by the engine, the controller following the model."""
    branch = game.copy()
    branch.apply(choice.action)
    if choice.action.act == "no_bribe":
        play(branch, {"act": "inspect" if choice.details["controller_inspects"] else "waive"})
    else:
        play(branch, {"act": "accept" if choice.details["accepted"] else "reject"})
    return inspection_expectation(branch, 0, baseline)


def test_bribe_values_equal_the_engine_and_the_break_even_bribe():
    game, baseline = _smuggler_game()
    view = game.view(0)
    advice = advise(view)
    # The controller cannot place anything but the row and its captain on the table.
    pool = Counter(game.rules.deck_counts()) - Counter(view.row) - Counter(["captain"])
    b_star = indifference_bribe(convoy_belief(dict(pool), 3), "captain")
    sizes = [c.details["size"] for c in advice.choices]
    assert sizes == [1, 2, 3, 4, 5, 0]  # one group per bribe size, then no bribe
    for choice in advice.choices:
        assert choice.details["break_even_bribe"] == b_star
        assert choice.details["exact_value"] == _smuggler_outcome(game, baseline, choice), (
            choice.label
        )
        if choice.action.act == "bribe":
            worth = sum(WAREHOUSE_VALUE[c] for c in choice.action.cards)
            assert choice.details["accepted"] == (worth >= b_star)
    inspected, _ = inspection_values(["illegal", "legal", "legal"], "captain")
    no_bribe = advice.choices[-1]
    assert no_bribe.details["exact_value"] == (inspected if b_star > 2_000 else 2_000 + 8_000)


def test_a_bribe_below_the_break_even_is_judged_in_dollars_short():
    game, _baseline = _smuggler_game()
    view = game.view(0)
    b_star = advise(view).choices[0].details["break_even_bribe"]
    short = next(a for a in view.legal_actions if a.act == "bribe" and a.cards == ("legal",))
    assert b_star > 1_000  # a legal card is not enough here
    verdict = judge(view, short)
    assert f"this bribe was {money(b_star - 1_000)} below what the controller needed to accept" in (
        verdict.text.lower()
    )
    best = max(c.details["exact_value"] for c in advise(view).choices)
    ours = next(c for c in advise(view).choices if c.details["size"] == 1)
    assert ours.details["cards"] != ("legal",)  # the best one-card bribe is another card
    assert verdict.loss == pytest.approx(
        float(best - inspection_values(["illegal", "legal", "legal"], "captain")[0])
    )


# ---------------------------------------------------------------- the active player's turn


TURN_RULES = ProhisRules(
    players=3, deck={"legal": 5, "illegal": 3, "lieutenant": 2, "captain": 3, "inspector": 3}
)
TURN_ROW = ["legal", "legal", "illegal", "lieutenant"]
TURN_HIDDEN = ["legal", "legal", "illegal", "lieutenant"]  # seats 1 and 2's goods, the pile (2)


def _turn_games():
    """Dealt as the rules deal (captains and inspectors in the open); seat 0 to play."""
    out = []
    for order, weight in distinct_deals(TURN_HIDDEN):
        one, two, pile = split(order, [1, 1, 2])
        dealt = ["captain", "inspector"]
        hands = [["illegal", "legal", *dealt], one + dealt, two + dealt]
        game = table_game(TURN_RULES, hands, TURN_ROW, pile, first=0, public_hands=[dealt] * 3)
        out.append((weight, game, {"seat 1": one + dealt, "seat 2": two + dealt, "pile": pile}))
    return out


def test_beliefs_mix_the_cards_dealt_in_the_open_with_the_hidden_ones():
    games = _turn_games()
    view = _same_view([g for _w, g, _p in games])
    beliefs = {b.place: b.kinds for b in advise(view).beliefs}
    assert set(beliefs) == {"seat 1's hand", "seat 2's hand", "the pile"}
    for place, name in (
        ("seat 1's hand", "seat 1"),
        ("seat 2's hand", "seat 2"),
        ("the pile", "pile"),
    ):
        expected = {
            kind: _average(games, lambda g, p, k=kind, n=name: Fraction(p[n].count(k), len(p[n])))
            for kind in KINDS
        }
        assert beliefs[place] == {k: v for k, v in expected.items() if v}, place
    assert beliefs["seat 1's hand"]["captain"] == Fraction(1, 3)  # 1 of its 3 cards, known


def _public_b_star(card: str, size: int = 2) -> Fraction:
    """The controller's b* for a convoy of ``size`` from seat 0's hand, as everyone reckons it.

    Listed card by card: everyone knows seat 0 holds its captain and inspector (dealt in the
    open) and 2 more of the 6 cards nobody saw but their holders (seat 1's and 2's goods, the
    pile and seat 0's 2); every ordered choice of those 2 is alike, then every pair of its 4
    cards, then every order of turning (as many as the rank).
    """
    unseen = Counter(TURN_RULES.deck_counts()) - Counter(TURN_ROW)
    unseen -= Counter(["captain", "inspector"] * 3)
    cards = list(unseen.elements())
    rank = {"lieutenant": 1, "captain": 2, "inspector": 3}[card]
    total, count = Fraction(0), 0
    for a, b in permutations(range(len(cards)), 2):
        hand = [cards[a], cards[b], "captain", "inspector"]
        for picked in permutations(range(4), size):
            convoy = [hand[i] for i in picked]
            caught = False
            for turned in convoy[:rank]:
                if turned == "illegal":
                    caught = True
                    break
                if turned != "legal":
                    break
            gain = sum(WAREHOUSE_VALUE[c] for c in convoy) + WAREHOUSE_VALUE[card]
            total += gain - HAND_VALUE[card] if caught else -HAND_VALUE[card]
            count += 1
    return total / count


def test_a_turn_values_each_card_by_what_it_can_become():
    """The turn's model (docs/coach.md), worked out here from the engine and by listing."""
    games = _turn_games()
    view = _same_view([g for _w, g, _p in games])
    advice = advise(view)
    # The inspector every opponent was dealt in the open inspects a 2-card convoy from seat
    # 0's hand only if that beats the $2,000 of waiving; an inspector turns both cards.
    b_star = {size: _public_b_star("inspector", size) for size in (2, 3, 4)}
    q = Fraction(1) if b_star[2] > 2_000 else Fraction(0)
    future = {"legal": Fraction(1_000), "illegal": (1 - q) * 4_000}
    future.update({k: Fraction(HAND_VALUE[k]) for k in ("lieutenant", "captain", "inspector")})
    for choice in advice.choices:
        action = choice.action
        if action.act == "take" and action.source == "row":
            assert choice.details["exact_value"] == future[TURN_ROW[action.slot]], choice.label
        elif action.act == "take":  # the pile's top card, over every hidden deal
            value = _average(games, lambda g, p: future[p["pile"][0]])
            assert choice.details["exact_value"] == value
        elif action.act == "convoy":
            cards = list(choice.details["cards"])
            assert choice.details["break_even_bribe"] == b_star[len(cards)]
            # what the engine does to seat 0's score now, the inspector inspecting or not,
            # against keeping the same cards to ship later
            branch = games[0][1].copy()
            baseline = branch.scores()[0]
            then = "inspect" if b_star[len(cards)] > 2_000 else "waive"
            play(
                branch,
                {"act": "convoy", "cards": cards},
                {"act": "control", "card": "inspector"},
                {"act": "decline"},
            )
            if branch.decision.kind == "bribe":  # (a hand emptied by the convoy offers none)
                play(branch, {"act": "no_bribe"})
            play(branch, {"act": then})
            now = inspection_expectation(branch, 0, baseline)
            later = sum(future[c] - HAND_VALUE[c] for c in cards)
            assert choice.details["exact_value"] == now - later, choice.label
        else:
            assert action.act == "pass" and choice.details["exact_value"] == 0
    # The illegal good of the row is rankable: the best draw when the inspector would waive.
    assert q == 0
    draws = [c for c in advice.choices if c.action.act == "take"]
    top = max(draws, key=lambda c: c.details["exact_value"])
    assert top.label == "take the illegal from the row (slot 2)" and top.details["best_in_group"]
    assert [c for c in advice.choices if c.details["best_in_group"]] == [
        c
        for c in advice.choices
        if c.details["exact_value"]
        == max(
            d.details["exact_value"]
            for d in advice.choices
            if (d.action.act == "take") == (c.action.act == "take")
            and (d.action.act == "convoy") == (c.action.act == "convoy")
        )
    ]
    # Draws and convoys are not ranked against each other while a later turn remains.
    assert not advice.best and "No move is marked best" in advice.why
    worse = next(c for c in draws if c.details["card"] == "legal" if "card" in c.details)
    verdict = judge(view, worse.action)
    assert verdict.loss == pytest.approx(float(top.details["exact_value"] - 1_000))


def test_on_the_last_turn_a_card_is_worth_its_hand_value_and_the_turn_is_ranked():
    """A table dealt with an empty pile and a short row is in its final round: seat 0's turn is
    its last, so a card drawn stays in hand (docs/rules.md, "The end of the game")."""
    dealt = ["captain", "inspector"]
    rules = ProhisRules(
        players=3, deck={"legal": 5, "illegal": 3, "lieutenant": 2, "captain": 3, "inspector": 3}
    )
    hands = [
        ["illegal", "legal", *dealt],
        ["legal", "lieutenant", "illegal", *dealt],
        ["legal", "lieutenant", *dealt],
    ]
    row = ["legal", "legal", "illegal", None]
    game = table_game(rules, hands, row, [], first=0, public_hands=[dealt] * 3)
    view = game.view(0)
    advice = advise(view)
    assert view.final_round
    for choice in advice.choices:
        if choice.action.act == "take":
            before = game.copy()
            score = before.scores()[0]
            before.apply(choice.action)
            assert choice.details["exact_value"] == before.scores()[0] - score, choice.label
    best = max(c.details["exact_value"] for c in advice.choices)
    assert advice.best and all(c.best == (c.details["exact_value"] == best) for c in advice.choices)


def test_after_a_rejected_bribe_offering_nothing_means_an_inspection():
    """With two bribe rounds, seat 1 turned down one legal card: the smuggler offers again.

    Few illegal cards are left in the deck, so the controller's break-even bribe is below
    the $2,000 of waiving: offered nothing at first it would waive, but not after a rejection.
    """
    hands = [
        ["illegal", "legal", "legal", "legal", "illegal", "lieutenant", "captain", "inspector"],
        ["legal", "legal", "captain", "inspector"],
        ["legal", "illegal", "captain", "inspector"],
    ]
    deck = {"legal": 40, "illegal": 4, "lieutenant": 6, "captain": 3, "inspector": 3}
    rules = ProhisRules(players=3, bribe_rounds=2, deck=deck)
    game = stacked_game(hands, ["legal", "legal", "illegal", "legal"], first=0, rules=rules)
    baseline = game.scores()[0]
    play(
        game,
        {"act": "convoy", "cards": ["illegal", "legal", "legal"]},
        {"act": "control", "card": "captain"},
        {"act": "decline"},
        {"act": "bribe", "cards": ["legal"]},
        {"act": "reject"},
    )
    view = game.view(0)
    assert view.decision.kind == "bribe"
    advice = advise(view)
    nothing = advice.choices[-1]
    assert nothing.label == "no more bribes (inspection)"
    assert nothing.details["break_even_bribe"] < 2_000  # waiving would pay it more...
    assert nothing.details["controller_inspects"] is True  # ... but a rejection obliges it
    after = game.copy()
    after.apply(nothing.action)  # the engine takes the inspection owed by itself
    assert after.decision.kind == "inspection"
    assert nothing.details["exact_value"] == inspection_expectation(after, 0, baseline)
    for choice in advice.choices[:-1]:
        assert choice.action.cards != ("legal",)  # turned down already: not offered again
        assert choice.details["exact_value"] == _smuggler_outcome(game, baseline, choice)
    verdict = judge(view, {"act": "bribe", "cards": ["illegal"]})
    ours = next(c for c in advice.choices if c.action.cards == ("illegal",))
    best = max(c.details["exact_value"] for c in advice.choices)
    assert verdict.loss == pytest.approx(float(best - ours.details["exact_value"]))


@pytest.mark.parametrize("card", ["lieutenant", "captain", "inspector"])
@pytest.mark.parametrize("legal", [3, 7])
def test_the_break_even_bribe_is_the_convoy_games_value_of_inspecting(card, legal):
    """The equilibrium module's convoy game prices an inspection the same way.

    With one illegal card among the unseen ones and a 2-card convoy, the convoy is
    either honest (2 legal) or dirty (1 illegal, 1 legal) with probability 2/(legal + 1):
    exactly the convoy game's two loads, so its controller's payoff for inspecting,
    averaged over the loads, is the coach's break-even bribe.
    """
    from prohis_nb.analysis.convoy_ev import break_even_bribe
    from prohis_nb.analysis.equilibrium import ConvoyGame

    p_dirty = Fraction(2, legal + 1)
    game = ConvoyGame(card=card, size=2, illegal=1, p_dirty=p_dirty, zero_sum=False)
    plan = ("reject", "inspect")  # no bribe offered: the controller inspects
    inspect = p_dirty * Fraction(game.outcome("dirty", "no bribe", plan)[1]) + (
        1 - p_dirty
    ) * Fraction(game.outcome("honest", "no bribe", plan)[1])
    assert break_even_bribe((legal, 1, 0, 0, 0), 2, card) == inspect
