"""The convoy coach advises and judges at every decision, whatever bribes the menu holds.

attack-24 F10: the coach priced an ending by replaying it on a table whose
hand was chosen by the *convoy* (an honest convoy: an honest hand), so a
dirty hand that baits with an honest convoy and offers its illegal goods
could not be replayed, and ``advise``/``judge`` failed for every menu with a
bribe holding illegal goods.

Here every menu of at most two bribes of one or two cards is played down
every path (both hands, every convoy, offer and answer); at each decision
both ``coach.advise`` and ``coach.judge`` (for every legal action) must
answer, and the values must be those computed here independently: the
expected score over every face-down order of *this* table (its real hand),
played by the engine, against the equilibrium rates the coach's model names.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, combinations_with_replacement, permutations

import pytest

from prohis_nb import ConvoyRules, ConvoyStageGame, coach

pytest.importorskip("nashpy")

from prohis_nb.convoy.bots import behaviour

KINDS = ("legal", "illegal", "lieutenant", "captain", "inspector")
BRIBES = [(k,) for k in KINDS] + list(combinations_with_replacement(KINDS, 2))
MENUS = [()] + [(b,) for b in BRIBES] + list(combinations(BRIBES, 2))


def expected(rules: ConvoyRules, hand: str, steps: list[dict], seat: int) -> Fraction:
    """``seat``'s expected score after ``steps`` on a table with ``hand``, over every order."""
    orders = list(permutations(range(rules.size)))
    total = Fraction(0)
    for order in orders:
        game = ConvoyStageGame(rules, table={"hand": hand, "order": list(order)})
        for step in steps:
            game.apply(step)
        assert game.ended
        total += Fraction(game.scores()[seat], len(orders))
    return total


def answers(rules: ConvoyRules, offer: tuple) -> dict[str, float]:
    plan = behaviour(rules)
    if offer:
        rate = plan.accept.get(tuple(sorted(offer)), 0.0)
        return {"accept": rate, "reject": 1 - rate}
    return {"inspect": plan.inspect, "waive": 1 - plan.inspect}


def offer_step(action) -> dict:
    return {"act": "bribe", "cards": list(action.cards)} if action.cards else {"act": "no_bribe"}


def smuggler_value(rules, hand, convoy_step, offer) -> float:
    step = {"act": "bribe", "cards": list(offer)} if offer else {"act": "no_bribe"}
    return sum(
        rate * float(expected(rules, hand, [convoy_step, step, {"act": answer}], 0))
        for answer, rate in answers(rules, offer).items()
    )


def belief_dirty_convoy(rules: ConvoyRules, offer: tuple) -> float:
    """Bayes over the equilibrium smuggler's rates; the prior for an offer never made."""
    plan = behaviour(rules)
    p = float(rules.p_dirty)
    key = tuple(sorted(offer))

    def rate(hand: str, load: str) -> float:
        value = plan.offers.get((hand, load), {}).get(key, 0.0)
        return 0.0 if value < 1e-9 else value  # the linear program's float noise (1e-16) is 0

    dirty = p * plan.dirty_convoy * rate("dirty", "dirty")
    honest = p * (1 - plan.dirty_convoy) * rate("dirty", "honest")
    honest += (1 - p) * rate("honest", "honest")
    return p if dirty + honest == 0 else dirty / (dirty + honest)


def honest_convoy_score(rules: ConvoyRules, offer: tuple, answer: str) -> float:
    """The controller's score behind an honest convoy: the same from every hand that can offer."""
    convoy = {"act": "convoy", "cards": list(rules.convoy(False))}
    scores = set()
    for hand in ("dirty", "honest"):
        game = ConvoyStageGame(rules, table={"hand": hand, "order": list(range(rules.size))})
        game.apply(convoy)
        if any(tuple(a.cards) == tuple(offer) for a in game.legal_actions()):
            step = {"act": "bribe", "cards": list(offer)} if offer else {"act": "no_bribe"}
            scores.add(expected(rules, hand, [convoy, step, {"act": answer}], 1))
    assert len(scores) == 1, scores  # the hand behind an honest convoy does not change the score
    return float(scores.pop())


def check_decision(rules: ConvoyRules, hand: str, game: ConvoyStageGame, steps: list[dict]):
    seat = game.to_act
    view = game.view(seat)
    advice = coach.advise(view)
    assert advice.deciding and len(advice.choices) == len(game.legal_actions())
    for choice in advice.choices:
        verdict = coach.judge(view, choice.action)
        assert verdict.best == choice.best
    by_action = {c.action: c.value for c in advice.choices}
    for action in game.legal_actions():
        if view.decision.kind == "convoy":
            convoy_step = {"act": "convoy", "cards": list(action.cards)}
            trial = ConvoyStageGame(rules, table={"hand": hand, "order": list(range(rules.size))})
            trial.apply(convoy_step)
            want = max(
                smuggler_value(rules, hand, convoy_step, o.cards) for o in trial.legal_actions()
            )
        elif view.decision.kind == "bribe":
            want = smuggler_value(rules, hand, steps[0], action.cards)
        else:
            offer_action = game.view(1).bribe or ()
            believed = belief_dirty_convoy(rules, offer_action)
            dirty_convoy = {"act": "convoy", "cards": list(rules.convoy(True))}
            offer = (
                {"act": "bribe", "cards": list(offer_action)}
                if offer_action
                else {"act": "no_bribe"}
            )
            dirty_score = float(
                expected(rules, "dirty", [dirty_convoy, offer, {"act": action.act}], 1)
            )
            honest_score = honest_convoy_score(rules, tuple(offer_action), action.act)
            want = believed * dirty_score + (1 - believed) * honest_score
        assert by_action[action] == pytest.approx(want, rel=1e-6, abs=1e-6), (
            rules,
            hand,
            steps,
            action,
        )


def walk(rules: ConvoyRules) -> int:
    """Check every decision of every path; returns how many decisions were checked."""
    checked = 0
    for hand in ("dirty", "honest"):
        root = ConvoyStageGame(rules, table={"hand": hand, "order": list(range(rules.size))})
        check_decision(rules, hand, root, [])
        checked += 1
        for convoy in root.legal_actions():
            convoy_step = {"act": "convoy", "cards": list(convoy.cards)}
            game = ConvoyStageGame(rules, table={"hand": hand, "order": list(range(rules.size))})
            game.apply(convoy_step)
            check_decision(rules, hand, game, [convoy_step])
            checked += 1
            for offer in game.legal_actions():
                answered = ConvoyStageGame(
                    rules, table={"hand": hand, "order": list(range(rules.size))}
                )
                answered.apply(convoy_step)
                answered.apply(offer_step(offer))
                check_decision(rules, hand, answered, [convoy_step, offer_step(offer)])
                checked += 1
    return checked


@pytest.mark.parametrize("payoffs", ["race", "own"])
def test_the_coach_answers_every_decision_of_every_menu(payoffs):
    illegal_menus = 0
    for bribes in MENUS:
        rules = ConvoyRules(bribes=bribes, payoffs=payoffs)
        assert walk(rules) >= 4
        illegal_menus += any("illegal" in b for b in bribes)
    # 6 of the 20 bribes hold illegal goods: 6 menus of one bribe, 190 - 91 of two
    assert illegal_menus == 6 + (190 - 91)


@pytest.mark.parametrize(
    "variants",
    [
        dict(card="lieutenant", size=2, illegal=2, bribes=(("illegal",),)),
        dict(card="inspector", size=4, illegal=1, bribes=(("legal",), ("illegal",))),
        dict(card="captain", size=3, illegal=2, bribes=(("illegal", "legal"),), p_dirty="1/3"),
    ],
)
def test_the_attack_menus_under_other_rules(variants):
    for payoffs in ("race", "own"):
        walk(ConvoyRules(payoffs=payoffs, **variants))
