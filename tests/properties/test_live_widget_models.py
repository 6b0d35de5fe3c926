"""Every live widget model of a hot-seat screen depends only on what the person at it may know.

Issue 22, section 4: after the curtain fell, the convoy composer's buttons of
the seat that had just played were taken off the page but never closed, so
their models ("illegal goods", "add your illegal goods to the convoy", in
hand order) stayed alive in the kernel, in the browser's widget manager and
in a notebook's saved widget state. Here the check reads the kernel's
registry of live models itself (``livemodels.snapshot``: every model made
since the widget was built, reachable or not, with its whole state), which
is also exactly what a notebook saves as its widget state:

* twins that differ only in the hand of the seat that just played give equal
  models once the curtain has fallen (a convoy, a bribe, a Smuggle discard);
* random twins (stacked tables or packs that differ in cards, played alike)
  give equal models at every step where the seat next at the screen may not
  tell them apart (``knowledge_model.Trace``, written from the rules), both
  with the curtain down and once that seat confirmed it is at the screen;
* a check of the check: with the panel's widgets hidden instead of closed
  (the old way), the first twins are told apart.
"""

from __future__ import annotations

import random

import pytest
from helpers.knowledge_model import Trace
from helpers.livemodels import close_all_since, press, registered, snapshot
from helpers.twins import hidden_twin_packs, hidden_twin_table, smuggle_packs

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.widgets import HotSeat
from prohis_nb.widgets.closing import close_tree
from prohis_nb.widgets.controls import ActionPanel

R3 = ProhisRules(players=3)
CI = ["captain", "inspector"]


def prohis_twins(first_hand: list[str], other_first_hand: list[str]) -> tuple[dict, dict]:
    """Two 3-player tables that differ only in seat 0's hand (the difference is in the pile)."""
    hands = [first_hand, ["legal"] * 3 + CI, ["legal"] * 3 + CI]
    row = ["legal"] * 4
    left = dict(R3.deck_counts())
    for card in [c for hand in hands for c in hand] + row:
        left[card] -= 1
    pile = [kind for kind, count in left.items() for _ in range(count)]
    random.Random(0).shuffle(pile)
    one = {"first": 0, "hands": hands, "row": row, "pile": pile}
    two_pile = list(pile)
    for mine, other in zip(first_hand, other_first_hand, strict=True):
        if mine != other:  # the twin's seat 0 holds ``other``; ``mine`` goes deep in the pile
            index = two_pile.index(other, len(two_pile) // 2)
            two_pile[index] = mine
    two = {"first": 0, "hands": [other_first_hand, *hands[1:]], "row": row, "pile": two_pile}
    return one, two


def run(game, steps, compare_after: set[int], coach: bool = False) -> list[dict]:
    """Play ``steps`` (actions) on a HotSeat of ``game``; snapshot after the marked ones.

    ``coach``: each seat at the screen switches its coach on before it moves.
    """
    before = set(registered())
    hot = HotSeat(game, delay=0, coach=coach)
    shots = []
    try:
        for index, action in enumerate(steps):
            if hot.shown is None:
                hot.reveal()
                hot.coach_toggle.button.value = coach
            press(hot, action)
            if index in compare_after:
                assert hot.shown is None  # the curtain fell: nobody holds the screen
                shots.append(snapshot(hot, before))
    finally:
        close_tree(hot)
        close_all_since(before)
    return shots


CONVOY = [{"seat": 0, "act": "convoy", "cards": ["legal", "legal"]}]


@pytest.mark.parametrize(
    ("hands", "steps", "one_convoy"),
    [
        # a convoy of 2 from hands that differ: the composer held the hand's cards
        (
            (["illegal", "legal", "legal", *CI], ["legal", "legal", "legal", *CI]),
            [],
            ["illegal", "legal"],
        ),
        # a bribe: its composer held a row per kind of the hand
        (
            (["illegal", "illegal", "legal", "legal", "legal", *CI], ["legal"] * 5 + CI),
            [
                {"seat": 1, "act": "control", "card": "captain"},
                {"seat": 2, "act": "decline"},
                {"seat": 0, "act": "bribe", "cards": ["legal"]},
            ],
            ["legal", "legal"],
        ),
    ],
    ids=["convoy", "bribe"],
)
def test_twins_differing_in_the_hand_just_played_leave_equal_models(hands, steps, one_convoy):
    table_one, table_two = prohis_twins(*hands)
    one, two = ProhisGame(R3, table=table_one), ProhisGame(R3, table=table_two)
    actions_one = [{"seat": 0, "act": "convoy", "cards": one_convoy}, *steps]
    actions_two = [CONVOY[0], *steps]
    found = [[], []]
    for game, actions, out in ((one, actions_one, found[0]), (two, actions_two, found[1])):
        probe = game.copy()
        parsed = []
        for data in actions:
            action = probe._coerce_action(data)
            probe.apply(action)
            parsed.append(action)
        out.extend(run(game, parsed, {len(parsed) - 1}, coach=True))
    assert found[0] == found[1]
    assert found[0][0]["unreachable"] == []  # nothing left behind at all


def test_smuggle_twins_differing_in_the_passed_hand_leave_equal_models_after_the_discard():
    def packs(hand):
        rest = list(PACK)
        for card in hand:
            rest.remove(card)
        return [list(hand) + rest, list(PACK), list(PACK)]

    script = [
        {"act": "declare", "items": ["wine"]},  # seat 1 to Officer 0
        {"act": "accept"},  # the Officer lets it through: passed to seat 2
        {"act": "accept"},  # seat 2 accepts and looks
        {"act": "discard", "card": "luggage"},  # buttons named after the hand's kinds
        {"act": "declare", "items": []},  # seat 2 declares; the Officer's turn: the curtain
    ]
    shots = []
    for hand in (["luggage", "wine", "crown", "camera"], ["luggage", "wine", "cigars", "perfume"]):
        game = SmuggleGame(SmuggleRules(players=3), table={"packs": packs(hand)})
        probe, parsed = game.copy(), []
        for data in script:
            action = probe._coerce_action({**data, "seat": probe.to_act})
            probe.apply(action)
            parsed.append(action)
        shots.append(run(game, parsed, {len(parsed) - 1}))
    assert shots[0] == shots[1]


def test_the_check_tells_the_twins_apart_when_widgets_are_only_hidden(monkeypatch):
    """The old way (hidden, not closed) leaves seat 0's hand in the models: seen here."""
    monkeypatch.setattr(ActionPanel, "discard", ActionPanel.hide)
    table_one, table_two = prohis_twins(
        ["illegal", "legal", "legal", *CI], ["legal", "legal", "legal", *CI]
    )
    shots = []
    for table, cards in ((table_one, ["illegal", "legal"]), (table_two, ["legal", "legal"])):
        game = ProhisGame(R3, table=table)
        action = game._coerce_action({"seat": 0, "act": "convoy", "cards": cards})
        shots.append(run(game, [action], {0}))
    assert shots[0] != shots[1]


# ---------------------------------------------------------------- random twins


def choose(rng: random.Random, legal) -> object:
    acts = sorted({a.act for a in legal})
    weights = [0.2 if act == "pass" else 1.0 for act in acts]
    act = rng.choices(acts, weights)[0]
    return rng.choice([a for a in legal if a.act == act])


def twin_script(one, two, seed: int, max_steps: int) -> tuple[list, list[bool]]:
    """Random actions legal in both twins, and at each step whether the seat to act may
    tell the twins apart (its rules-based trace, ``knowledge_model.Trace``)."""
    rng = random.Random(seed)
    players = one.players
    traces = {s: (Trace(one, s), Trace(two, s)) for s in range(players)}
    actions, alike = [], []
    for _ in range(max_steps):
        if one.ended or one.to_act != two.to_act:
            break
        seat = one.to_act
        alike.append(traces[seat][0] == traces[seat][1])
        action = choose(rng, one.legal_actions())
        if not two.is_legal(action):
            alike.pop()
            break
        for s in range(players):
            traces[s][0].record_action(one, action)
            traces[s][1].record_action(two, action)
        one.apply(action)
        two.apply(action)
        for s in range(players):
            traces[s][0].record_state(one)
            traces[s][1].record_state(two)
        actions.append(action)
    return actions, alike


def run_script(game, actions, alike) -> list[dict]:
    """Snapshots before each compared step (curtain down) and once its seat is at the screen."""
    before = set(registered())
    hot = HotSeat(game, delay=0, coach=False)
    shots = []
    try:
        for index, action in enumerate(actions):
            if hot.shown is None and alike[index]:
                shots.append(snapshot(hot, before))
            if hot.shown is None:
                hot.reveal()
            if alike[index]:
                shots.append(snapshot(hot, before))
            press(hot, action)
    finally:
        close_tree(hot)
        close_all_since(before)
    return shots


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_prohis_twins_leave_equal_models_for_whoever_is_at_the_screen(seed):
    from helpers.twins import stacked_table

    rules = ProhisRules(players=3 + seed % 2, bribe_rounds=2)
    rng = random.Random(seed)
    table = stacked_table(rules, rng)
    twin = hidden_twin_table(table, rng.randrange(rules.players), rng)
    actions, alike = twin_script(
        ProhisGame(rules, table=table), ProhisGame(rules, table=twin), seed, 60
    )
    assert sum(alike) >= 5  # the test compares something
    one = run_script(ProhisGame(rules, table=table), actions, alike)
    two = run_script(ProhisGame(rules, table=twin), actions, alike)
    assert len(one) == len(two)
    for index, (a, b) in enumerate(zip(one, two, strict=True)):
        assert a == b, f"snapshot {index} differs"


@pytest.mark.parametrize("seed", [4, 6, 12])
def test_random_smuggle_twins_leave_equal_models_for_whoever_is_at_the_screen(seed):
    rng = random.Random(seed)
    packs = smuggle_packs(3, seed)
    twin = hidden_twin_packs(packs, rng)
    rules = SmuggleRules(players=3)
    actions, alike = twin_script(
        SmuggleGame(rules, table={"packs": packs}),
        SmuggleGame(rules, table={"packs": twin}),
        seed,
        40,
    )
    assert sum(alike) >= 3
    one = run_script(SmuggleGame(rules, table={"packs": packs}), actions, alike)
    two = run_script(SmuggleGame(rules, table={"packs": twin}), actions, alike)
    for index, (a, b) in enumerate(zip(one, two, strict=True)):
        assert a == b, f"snapshot {index} differs"
