"""The engine's speed shortcuts change nothing a seat can see or do (issue 15).

A new game keeps only the public bounds while it plays, and replays itself
with the log and every seat's bounds the first time someone looks (see
``prohis_nb/prohis/game.py``). These tests compare games looked at *at every
step* (nothing is ever skipped) with games looked at only later, copied, or
taken back: every seat's view and log must be the same. Small bribe
decisions are listed once for speed: they are checked against a brute-force
enumeration of the sub-multisets of the hand (RULES.md lets a smuggler offer
any of its cards), in the nested-loop order the record format relies on.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from helpers.engine import CI, act, stacked

from prohis_nb import IllegalActionError, ProhisGame, ProhisRules
from prohis_nb.cli import random_game
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import KINDS


def chronicled_from_the_start(rules: ProhisRules, seed: int) -> ProhisGame:
    """A game that keeps its log and every seat's bounds at every action, as the
    engine did before the shortcut (its internal switch, set before ``__init__``)."""
    game = object.__new__(ProhisGame)
    game._chronicle = True
    game.__init__(rules, seed=seed)
    return game


def everything_seen(game: ProhisGame) -> list:
    """Every seat's view and log, the teacher's log, the public and private bounds."""
    seats = range(game.players)
    return [
        [game.view(seat).to_json() for seat in seats],
        [game.log(seat) for seat in seats],
        game.log(None),
        [[list(counts) for counts in bounds] for bounds in game.known_hand],  # (copies:
        [[list(counts) for counts in bounds] for bounds in game.known_warehouse],  # they move on)
    ]


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_looked_at_only_at_the_end_shows_what_one_watched_all_along_shows(players, seed):
    rules = ProhisRules(players=players)
    watched = chronicled_from_the_start(rules, seed)
    rng = random.Random(seed)
    seen_along = []
    while not watched.ended:
        seen_along.append(everything_seen(watched))  # looked at before every action
        watched.apply(rng.choice(watched.legal_actions()))
    seen_along.append(everything_seen(watched))
    assert len(watched.log(None)) > len(watched.actions)  # a line per action, and more

    replayed = ProhisGame(rules, seed=seed)
    for step, action in enumerate(watched.actions):
        if step == len(watched.actions) // 2:  # looked at once, in the middle
            middle = ProhisGame(rules, seed=seed)
            for earlier in watched.actions[:step]:
                middle.apply(earlier)
            assert everything_seen(middle) == seen_along[step]
        replayed.apply(action)
    assert everything_seen(replayed) == seen_along[-1]


def test_copies_and_undo_of_a_game_never_looked_at_show_the_same_as_a_watched_game():
    rules = ProhisRules(players=4)
    played = random_game(ProhisGame, rules, seed=11)  # never looked at
    actions = played.actions
    watched = chronicled_from_the_start(rules, 11)
    for action in actions[:-1]:
        watched.apply(action)
    unseen = ProhisGame(rules, seed=11)
    for action in actions:
        unseen.apply(action)
    copy = unseen.copy()
    copy.undo()  # a copy, taken back one action, then looked at
    assert everything_seen(copy) == everything_seen(watched)
    watched.apply(actions[-1])
    assert everything_seen(unseen) == everything_seen(watched) == everything_seen(played)


def replayed_cold(rules: ProhisRules, seed: int, actions) -> ProhisGame:
    """The same game rebuilt from its actions, first looked at now (no kept log lines)."""
    game = ProhisGame(rules, seed=seed)
    for action in actions:
        game.apply(action)
    return game


@pytest.mark.parametrize("seed", [4, 5])
def test_kept_log_lines_follow_copies_and_undo_and_never_change_a_view_taken_earlier(seed):
    """Views keep each seat's phrased log between looks (issue 15): a copy that plays on
    differently, an undo, and the original looked at again must each show exactly what
    the same game rebuilt from its actions and looked at only once shows; and a view
    taken earlier must keep the log it had (views are frozen values)."""
    rules = ProhisRules(players=4)
    game = ProhisGame(rules, seed=seed)
    rng = random.Random(seed)
    taken_earlier = []
    while not game.ended:
        view = game.view(game.to_act)
        taken_earlier.append((view, view.to_json()))
        if rng.random() < 0.2:  # a copy, looked at, plays on its own way
            copy = game.copy()
            for _ in range(3):
                if copy.ended:
                    break
                copy.apply(rng.choice(copy.legal_actions()))
                everything_seen(copy)
            cold = replayed_cold(rules, seed, copy.actions)
            assert everything_seen(copy) == everything_seen(cold)
        game.apply(rng.choice(game.legal_actions()))
        if rng.random() < 0.1:
            everything_seen(game)
            game.undo()
            assert everything_seen(game) == everything_seen(
                replayed_cold(rules, seed, game.actions)
            )
            game.apply(rng.choice(game.legal_actions()))
    assert everything_seen(game) == everything_seen(replayed_cold(rules, seed, game.actions))
    for view, seen_then in taken_earlier:
        assert view.to_json() == seen_then


def test_a_decline_is_forced_by_public_bounds_kept_without_the_log():
    """The engine decides a forced step from the public bounds, log or no log."""
    rules = ProhisRules(players=4)
    for seed in range(40):
        fast = random_game(ProhisGame, rules, seed)
        watched = chronicled_from_the_start(rules, seed)
        for index, action in enumerate(fast.actions):
            assert watched.forced_after(index - 1) == fast.forced_after(index - 1)
            watched.apply(action)
        assert watched.record().to_json() == fast.record().to_json()


def brute_force_bribes(seat: int, hand: list[str]) -> list[Action]:
    """Every non-empty sub-multiset of ``hand``, legal goods most significant, as bribes."""
    counts = [hand.count(kind) for kind in KINDS]
    out = []
    for taken in product(*(range(c + 1) for c in counts)):
        if any(taken):
            cards = tuple(kind for kind, n in zip(KINDS, taken) for _ in range(n))
            out.append(Action(seat, "bribe", cards=cards))
    return out


R3 = ProhisRules(players=3)


@pytest.mark.parametrize(
    "extra",
    [
        ["illegal", "legal", "legal", "illegal"],  # 4 cards: a few bribes
        ["legal", "legal", "legal", "legal", "illegal", "illegal", "lieutenant"],  # 60 or so
    ],
)
def test_small_bribe_decisions_list_every_sub_multiset_in_order(extra):
    hand = CI + extra
    game = stacked(R3, [hand, CI + ["lieutenant"], CI])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    assert game.decision.kind == "bribe"
    left = list(hand)
    left.remove("illegal")
    left.remove("legal")
    legal = game.legal_actions()
    expected = [*brute_force_bribes(0, left), Action(0, "no_bribe")]
    assert list(legal) == expected
    assert [legal[i] for i in range(len(legal))] == expected
    assert [legal[i] for i in range(-len(legal), 0)] == expected
    with pytest.raises(IndexError, match="out of range"):
        legal[len(legal)]
    assert legal.to_json()[0]["count"] == len(expected) - 1  # still one compact family
    # The cards of a bribe in another order are the same bribe.
    reordered = Action(0, "bribe", cards=("captain", "illegal"))
    assert game.is_legal(reordered)
    game.apply(reordered)
    assert game.actions[-1].cards == ("illegal", "captain")


def test_a_bribe_of_cards_the_hand_lacks_is_still_refused_clearly():
    game = stacked(R3, [CI + ["illegal", "legal", "legal"], CI + ["lieutenant"], CI])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    before = game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply(Action(0, "bribe", cards=("illegal",)))
    assert game.legal_actions() == before and game.decision.kind == "bribe"
