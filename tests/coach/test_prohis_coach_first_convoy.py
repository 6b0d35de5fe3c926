"""The coach's break-even bribes and best controller card equal an enumeration, on full decks.

Forty seeded games (3 to 6 players) are played at random up to the first
convoy; at every control decision of that convoy, the deciding seat S's
break-even bribe ``b*`` for each controller card it holds, and the card the
coach marks best, are checked against this file's own count. The count uses
only the rules (docs/rules.md) and what S saw, never the engine's knowledge
model nor the coach's maths:

* **The deal.** The goods and lieutenants are shuffled uniformly; every seat
  gets its captain and inspector in the open and 4 cards face down; 4 cards
  are turned up as the row. S knows its own 4 cards, every row card (refills
  included), the cards it drew from the pile, and which row cards each seat
  took. The cards it has not seen (the *pool*) fill the hidden places (the
  other hands' face-down cards, the pile) uniformly: a seat's hidden cards are
  a draw without replacement from the pool, so a composition ``x`` of them has
  weight ``Π_k C(pool_k, x_k)``, and several seats' together ``Π_k
  C(pool_k, x_k) · C(pool_k − x_k, y_k) · …`` (the seats not involved are
  summed out, which leaves exactly these weights).
* **The convoy** of ``c`` cards is a blind pick from the smuggler's hand: every
  set of ``c`` of its physical cards alike, so a make-up ``m`` has weight
  ``Π_k C(hand_k, m_k)``. A controller card ``k`` played by an earlier seat is
  one of the cards of kind ``k`` of its hand: weight ``hand_k``. Declining
  tells nothing.
* **The inspection** turns the face-down cards in a random order (every order
  of the physical cards alike), as many as the card's rank: an illegal card
  confiscates the convoy and the played card (the controller gains the
  convoy's and its card's warehouse value less its card's hand value), a
  controller card stops it and the convoy passes (the controller loses its
  card's hand value), legal cards only: the convoy passes.

``b* = E[value of inspecting]``; controlling with a card is worth
``max(b*, waive)`` (waiving: the card's warehouse value less its hand value)
when no card of equal or higher rank is on the table, $0 otherwise; declining
$0 (the coach's control model, docs/coach.md).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import comb

import pytest

from prohis_nb import Game
from prohis_nb.coach import advise

GOODS = ("legal", "illegal", "lieutenant")
CONTROLLERS = ("lieutenant", "captain", "inspector")
RANK = {"lieutenant": 1, "captain": 2, "inspector": 3}
WAREHOUSE = {"legal": 1000, "illegal": 4000, "lieutenant": 3000, "captain": 4000, "inspector": 5000}
HAND = {"legal": 0, "illegal": -4000, "lieutenant": 1000, "captain": 2000, "inspector": 3000}
GAMES = [(3 + seed % 4, seed) for seed in range(40)]


def _deck(players: int) -> Counter:
    """The shuffled cards (docs/rules.md, "The deck and the deal")."""
    if players <= 4:
        return Counter({"legal": 40, "illegal": 20, "lieutenant": 6})
    return Counter({"legal": 58, "illegal": 30, "lieutenant": 8})


def _random_move(game, rng: random.Random):
    """A random legal move, the kind of move first (so that draws come before convoys)."""
    legal = list(game.legal_actions())
    by_act: dict[str, list] = {}
    for action in legal:
        by_act.setdefault(action.act, []).append(action)
    act = rng.choice(sorted(by_act))
    return rng.choice(by_act[act])


def _played(players: int, seed: int):
    """Play to the end of the first convoy's control round, noting what each seat saw.

    Yields ``(seat, view, facts)`` at every control decision, ``facts`` being
    what the enumeration needs, read from the table as the seat saw it.
    """
    game = Game(players=players, seed=seed)
    rng = random.Random(seed)
    truth = game.omniscient_view()
    dealt = [Counter(hand) - Counter(["captain", "inspector"]) for hand in truth.hands]
    seen_by_all = Counter(truth.row)  # the row, refills included
    drawn = [Counter() for _ in range(players)]  # pile cards drawn (seen by the drawer)
    hidden = [4] * players  # face-down cards of each hand
    known = [Counter(["captain", "inspector"]) for _ in range(players)]  # known to all
    convoy = None  # (smuggler, size)
    controls: list[tuple[int, str]] = []
    while not game.ended:
        decision = game.decision
        if convoy is not None and decision.kind != "control":
            return
        if decision.kind == "control":
            seat = game.to_act
            facts = {
                "pool": _deck(players) - dealt[seat] - seen_by_all - drawn[seat],
                "hidden": list(hidden),
                "known": [Counter(k) for k in known],
                "convoy": convoy,
                "controls": list(controls),
                "hand": Counter(truth.hands[seat]),
            }
            yield seat, game.view(seat), facts
        action = _random_move(game, rng)
        before = game.omniscient_view()
        game.apply(action)
        truth = game.omniscient_view()
        if action.act == "take" and action.source == "row":
            known[action.seat][before.row[action.slot]] += 1
            refill = truth.row[action.slot]
            if refill is not None:
                seen_by_all[refill] += 1
        elif action.act == "take":
            drawn[action.seat] += Counter(truth.hands[action.seat]) - Counter(
                before.hands[action.seat]
            )
            hidden[action.seat] += 1
        elif action.act == "convoy":
            convoy = (action.seat, len(action.cards))
        elif action.act == "control":
            controls.append((action.seat, action.card))
            known[action.seat][action.card] -= 1  # it is on the table now, face up


def _hidden_splits(pool: Counter, sizes: list[int]):
    """Every composition of the hidden cards of several seats, with its weight."""
    if not sizes:
        yield [], 1
        return
    first, rest = sizes[0], sizes[1:]
    for legal in range(min(pool["legal"], first) + 1):
        for illegal in range(min(pool["illegal"], first - legal) + 1):
            lieutenant = first - legal - illegal
            if lieutenant > pool["lieutenant"]:
                continue
            part = Counter({"legal": legal, "illegal": illegal, "lieutenant": lieutenant})
            ways = 1
            for kind in GOODS:
                ways *= comb(pool[kind], part[kind])
            for others, weight in _hidden_splits(pool - part, rest):
                yield [part, *others], ways * weight


def _subsets(hand: Counter, size: int):
    """Every make-up of ``size`` cards taken from ``hand``, with its number of physical sets."""
    kinds = sorted(k for k in hand if hand[k] > 0)

    def walk(i: int, left: int):
        if left == 0:
            yield Counter(), 1
            return
        if i == len(kinds):
            return
        kind = kinds[i]
        for n in range(min(hand[kind], left), -1, -1):
            for rest, ways in walk(i + 1, left - n):
                yield rest + Counter({kind: n}), ways * comb(hand[kind], n)

    yield from walk(0, size)


def convoy_belief(facts: dict) -> dict[tuple, Fraction]:
    """P(the convoy's make-up), as a sorted tuple of cards, by counting (module docstring)."""
    smuggler, size = facts["convoy"]
    # A seat that played a captain or an inspector held exactly the one it was dealt in the
    # open (none is shuffled): its weight is 1 whatever its hidden cards, which sum out. A
    # lieutenant played weighs by the lieutenants of the hand: that seat is counted jointly.
    involved = [smuggler] + [seat for seat, card in facts["controls"] if card in GOODS]
    sizes = [facts["hidden"][seat] for seat in involved]
    out: Counter = Counter()
    for parts, weight in _hidden_splits(facts["pool"], sizes):
        hidden = dict(zip(involved, parts))
        for seat, card in facts["controls"]:
            if seat not in hidden:
                assert facts["pool"][card] == 0 and facts["known"][seat][card] == 0
                continue
            # the card played was one of the hand's cards of its kind (it is on the table now)
            weight *= facts["known"][seat][card] + 1 + hidden[seat][card]
        hands = {smuggler: facts["known"][smuggler] + hidden[smuggler]}
        if not weight:
            continue
        for made, ways in _subsets(hands[smuggler], size):
            out[tuple(sorted(made.elements()))] += weight * ways
    total = sum(out.values())
    return {key: Fraction(value, total) for key, value in out.items()}


def inspecting(convoy: tuple[str, ...], card: str) -> Fraction:
    """The controller's expected gain from inspecting this convoy, over every order of turning."""
    total, orders = Fraction(0), 0
    for order in permutations(convoy):
        orders += 1
        caught = False
        for turned in order[: RANK[card]]:
            if turned == "illegal":
                caught = True
                break
            if turned in CONTROLLERS:
                break
        if caught:
            total += sum(WAREHOUSE[c] for c in convoy) + WAREHOUSE[card] - HAND[card]
        else:
            total -= HAND[card]
    return total / orders


def _decisions():
    out = []
    for players, seed in GAMES:
        for seat, view, facts in _played(players, seed):
            out.append((players, seed, seat, view, facts))
    return out


@pytest.fixture(scope="module")
def decisions():
    return _decisions()


def test_enough_first_convoy_decisions_are_checked(decisions):
    assert len(decisions) >= 80
    assert {players for players, *_ in decisions} == {3, 4, 5, 6}
    # some decisions come after an earlier seat played a card, some after draws from the pile
    assert any(facts["controls"] for *_, facts in decisions)
    assert any(sum(facts["hidden"]) > 4 * len(facts["hidden"]) for *_, facts in decisions)


def test_break_even_bribes_and_the_best_card_equal_the_enumeration(decisions):
    for players, seed, seat, view, facts in decisions:
        where = f"{players} players, seed {seed}, seat {seat}"
        belief = convoy_belief(facts)
        played = max((RANK[card] for _s, card in facts["controls"]), default=0)
        advice = advise(view)
        values = {}
        for choice in advice.choices:
            if choice.action.act == "decline":
                values["decline"] = choice.details["exact_value"]
                continue
            card = choice.action.card
            if RANK[card] <= played:
                expected = Fraction(0)
            else:
                b_star = sum(p * inspecting(made, card) for made, p in belief.items())
                assert choice.details["break_even_bribe"] == b_star, (where, card)
                expected = max(b_star, Fraction(WAREHOUSE[card] - HAND[card]))
            assert choice.details["exact_value"] == expected, (where, card)
            values[card] = expected
        assert values["decline"] == 0
        # every controller card S holds is a choice, and the best marked are the argmax
        assert set(values) - {"decline"} == {k for k in CONTROLLERS if facts["hand"][k]}
        top = max(values.values())
        marked = {c.action.card if c.action.act == "control" else "decline" for c in advice.best}
        assert marked == {k for k, v in values.items() if v == top}, where
