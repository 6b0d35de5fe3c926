"""Property tests: random legal play, 3-6 players, random variants (hypothesis).

Like OpenSpiel's ``random_sim_test``: play random legal games and check the
invariants at every step — every card accounted for, knowledge never beyond
the truth, the game ends, the record replays to the same state, undo and copy
agree, scores recount, refused actions change nothing, and a seat's view does
not move when cards it may not see are changed.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prohis_nb import IllegalActionError, ProhisGame, ProhisRules, Record
from prohis_nb.prohis.cards import HAND_VALUE, KINDS, WAREHOUSE_VALUE

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)

rules_strategy = st.builds(
    ProhisRules,
    players=st.integers(3, 6),
    pass_is_final=st.booleans(),
    waiver_keeps_card=st.booleans(),
    bribe_rounds=st.integers(1, 3),
    full_box=st.booleans(),
)


def state(game) -> str:
    return json.dumps(game.omniscient_view().to_json())


def play(game, rng, checks=None, max_steps=4000):
    """Random legal play to the end, calling ``checks(game)`` after every action."""
    steps = 0
    while not game.ended:
        legal = game.legal_actions()
        # draws and passes more often than convoys, so that games last
        quiet = [a for a in legal if a.act != "convoy"]
        game.apply(rng.choice(quiet if quiet and rng.random() < 0.6 else legal))
        steps += 1
        assert steps < max_steps, "the game did not end"
        if checks:
            checks(game)
    return game


def check_cards_and_knowledge(game):
    assert game.card_counts() == game.rules.deck_counts()
    for observer in range(game.players + 1):
        for seat in range(game.players):
            hand = game.hands[seat]
            known = game.known_hand[observer][seat]
            assert all(k <= h for k, h in zip(known, hand))
            known = game.known_warehouse[observer][seat]
            assert all(k <= w for k, w in zip(known, game.warehouses[seat]))


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6))
def test_random_play_accounts_for_every_card_and_ends(rules, seed):
    game = ProhisGame(rules, seed=seed)
    play(game, random.Random(seed), check_cards_and_knowledge)
    assert game.ended and game.to_act is None and game.legal_actions() == ()


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6), cut=st.floats(0, 1))
def test_the_record_replays_to_the_same_state_at_any_point(rules, seed, cut):
    game = play(ProhisGame(rules, seed=seed), random.Random(seed))
    text = game.record().dumps()
    assert state(Record.loads(text).replay()) == state(game)
    upto = int(cut * len(game.actions))
    partial = Record.loads(text).replay(upto)
    again = ProhisGame(rules, seed=seed)
    for action in game.actions[:upto]:
        again.apply(action)
    assert state(partial) == state(again)


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6))
def test_undo_and_copy_agree_with_replay(rules, seed):
    rng = random.Random(seed)
    game = ProhisGame(rules, seed=seed)
    for _ in range(rng.randint(1, 60)):
        if game.ended:
            break
        game.apply(rng.choice(game.legal_actions()))
    before = state(game)
    branch = game.copy()
    if not branch.ended:
        branch.apply(rng.choice(branch.legal_actions()))
    assert state(game) == before  # the copy is independent
    if game.actions:
        last = game.undo()
        game.apply(last)
        assert state(game) == before


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6))
def test_scores_match_a_recount_from_the_final_state(rules, seed):
    game = play(ProhisGame(rules, seed=seed), random.Random(seed))
    for seat in range(rules.players):
        recount = sum(WAREHOUSE_VALUE[c] for c in game.warehouse(seat))
        recount += sum(HAND_VALUE[c] for c in game.hand(seat))
        assert game.scores()[seat] == recount
    best = max(game.scores())
    assert game.winners() == [s for s, v in enumerate(game.scores()) if v == best]


def perturbed(action, rng):
    """A nearby action that may or may not be legal."""
    data = action.to_json()
    choice = rng.randrange(5)
    if choice == 0:
        data["seat"] = (data["seat"] + 1) % 6
    elif choice == 1 and "cards" in data:
        data["cards"] = data["cards"] + [rng.choice(KINDS)]
    elif choice == 2 and "position" in data:
        data["position"] += rng.choice([-1, 1, 4])
    elif choice == 3 and "slot" in data:
        data["slot"] = rng.randrange(4)
    else:
        data["act"] = rng.choice(["take", "pass", "stop", "turn", "accept", "waive", "decline"])
        data.pop("cards", None)
        data.pop("card", None)
        if data["act"] == "take":
            data["from"] = "pile"
            data.pop("slot", None)
        if data["act"] == "turn":
            data["position"] = 0
    return data


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6))
def test_legal_actions_apply_and_others_are_refused_untouched(rules, seed):
    rng = random.Random(seed)
    game = ProhisGame(rules, seed=seed)
    while not game.ended:
        legal = game.legal_actions()
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        candidate = perturbed(rng.choice(legal), rng)
        expected_legal = game.is_legal(candidate)
        before, count = state(game), len(game.actions)
        probe = game.copy()
        try:
            probe.apply(candidate)
            assert expected_legal
        except IllegalActionError:
            assert not expected_legal
            probe_state = state(probe)
            assert probe_state == before and len(probe.actions) == count
        game.apply(rng.choice(legal))


def hidden_swap_pair(rules, seed, rng):
    """Two stacked games equal but for two cards deep in the pile nobody has seen.

    Returns the games after the same random actions, stopped before either
    swapped card could have been drawn or turned up.
    """
    base = ProhisGame(rules, seed=seed)
    view = base.omniscient_view()
    table = {
        "first": base.to_act,
        "hands": [list(h) for h in view.hands],
        "row": list(view.row),
        "pile": list(view.pile),  # top card first
    }
    pile = table["pile"]
    kinds = {}
    for index in range(len(pile) - 1, len(pile) // 2, -1):
        kinds.setdefault(pile[index], index)
    if len(kinds) < 2:
        return None
    i, j = list(kinds.values())[:2]
    swapped = dict(table, pile=list(pile))
    swapped["pile"][i], swapped["pile"][j] = swapped["pile"][j], swapped["pile"][i]
    a = ProhisGame(rules, table=table)
    b = ProhisGame(rules, table=swapped)
    safe_depth = min(i, j)  # the swapped cards lie this deep in the pile, or deeper
    while not a.ended:
        if len(pile) - len(a.pile) + 1 >= safe_depth:  # the next card may be a swapped one
            break
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    return a, b


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6))
def test_a_seats_view_is_unchanged_when_unseen_cards_change(rules, seed):
    pair = hidden_swap_pair(rules, seed, random.Random(seed))
    if pair is None:
        return
    a, b = pair
    for seat in range(rules.players):
        assert json.dumps(a.view(seat).to_json()) == json.dumps(b.view(seat).to_json())
    assert state(a) != state(b)  # the teacher sees the difference


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6), observer=st.integers(0, 5))
def test_a_view_never_says_more_than_the_seats_own_story(rules, seed, observer):
    """Change one other seat's unseen starting card: wherever the observer's log is
    unchanged, its whole view is unchanged too."""
    rng = random.Random(seed)
    observer %= rules.players
    other = (observer + 1) % rules.players
    base = ProhisGame(rules, seed=seed).omniscient_view()
    hands = [list(h) for h in base.hands]
    pile = list(base.pile)
    goods = [k for k in ("legal", "illegal", "lieutenant") if k in hands[other]]
    swaps = [k for k in ("legal", "illegal", "lieutenant") if k in pile and k not in goods[:1]]
    if not goods or not swaps:
        return
    give, take = goods[0], swaps[0]
    deep = len(pile) - 1 - pile[::-1].index(take)
    hands2 = [list(h) for h in hands]
    hands2[other].remove(give)
    hands2[other].append(take)
    pile2 = list(pile)
    pile2[deep] = give
    first = ProhisGame(rules, seed=seed).to_act
    a = ProhisGame(
        rules, table={"first": first, "hands": hands, "row": list(base.row), "pile": pile}
    )
    b = ProhisGame(
        rules, table={"first": first, "hands": hands2, "row": list(base.row), "pile": pile2}
    )
    while not a.ended:
        if a.log(observer) == b.log(observer):
            assert json.dumps(a.view(observer).to_json()) == json.dumps(b.view(observer).to_json())
        action = rng.choice(a.legal_actions())
        if not b.is_legal(action):
            break
        a.apply(action)
        b.apply(action)
