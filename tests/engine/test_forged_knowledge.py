"""A view whose knowledge no game could give is refused with a ViewError, before any work.

attack-22b F2: a forged deal claiming a pile of a million cards (its sizes
agreeing with each other) kept ``determinize`` busy for minutes, counting
exactly over cards the rules' deck does not hold. F6: a history that does
not start with the deal gave a bare ``AssertionError``; a second deal, or an
observation of no known kind, was accepted and sampled from.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import prohis_nb.prohis.knowledge as knowledge_module
from prohis_nb import Game
from prohis_nb.coach import advise
from prohis_nb.core.determinize import determinize
from prohis_nb.core.knowledge import ModelError
from prohis_nb.errors import ViewError
from prohis_nb.prohis.cards import KINDS
from prohis_nb.prohis.knowledge import ProhisKnowledge


def seat_view(seed: int = 4, moves: int = 0):
    game = Game(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(list(game.legal_actions())))
    return game.view(game.to_act)


def with_observations(view, observations: tuple, **changes):
    known = view.knowledge
    forged = ProhisKnowledge(known.observer, known.players, known.bribe_rounds, observations)
    return dataclasses.replace(view, knowledge=forged, **changes)


def refused_everywhere(view) -> list[str]:
    """The messages of determinize and the coach (each must refuse with a ViewError)."""
    messages = []
    for use in (lambda: determinize(view, random.Random(0)), lambda: advise(view)):
        with pytest.raises(ViewError) as refused:
            use()
        messages.append(str(refused.value))
    return messages


@pytest.fixture
def no_folding(monkeypatch):
    """Fail the test if any observation is read into a model (the refusal comes first)."""

    def folded(*args, **kwargs):
        raise AssertionError("a model was folded from a forged deal")

    monkeypatch.setattr(knowledge_module, "_step", folded)


@pytest.mark.parametrize("claimed_pile", [60, 10**6])
def test_a_deal_bigger_than_the_rules_deck_is_refused_before_any_counting(no_folding, claimed_pile):
    view = seat_view()
    deal = view.knowledge.observations[0]
    _kind, sizes, public, row, pile, pool, own = deal
    extra = claimed_pile - pile  # more legal goods in the pool, all of them in the pile
    bigger = (pool[0] + extra, *pool[1:])
    forged = with_observations(
        view, (("deal", sizes, public, row, claimed_pile, bigger, own),), pile_size=claimed_pile
    )
    for message in refused_everywhere(forged):
        assert "not the rules' deck" in message
        assert f"{view.rules.deck_counts()['legal']} legal" in message  # what is allowed


def test_a_deal_whose_places_do_not_hold_the_deck_is_refused(no_folding):
    view = seat_view()
    _kind, sizes, public, row, pile, pool, own = view.knowledge.observations[0]
    forged = with_observations(
        view, (("deal", sizes, public, row, pile + 5, pool, own),), pile_size=pile + 5
    )
    for message in refused_everywhere(forged):
        assert "the rules' deck holds" in message


def test_a_deal_whose_own_hand_is_not_the_seats_is_refused(no_folding):
    view = seat_view()
    _kind, sizes, public, row, pile, pool, own = view.knowledge.observations[0]
    no_captain = tuple(0 if kind == "captain" else n for kind, n in zip(KINDS, own))
    forged = with_observations(view, (("deal", sizes, public, row, pile, pool, no_captain),))
    for message in refused_everywhere(forged):
        assert "own hand" in message


def test_a_history_that_does_not_start_with_the_deal_is_a_view_error():
    view = seat_view(moves=6)
    observations = view.knowledge.observations
    joker = (("joker", *observations[0][1:]), *observations[1:])
    for message in refused_everywhere(with_observations(view, joker)):
        assert "must start with the deal" in message
    for message in refused_everywhere(with_observations(view, ())):
        assert "must start with the deal" in message


def test_a_second_deal_is_refused():
    view = seat_view(moves=6)
    observations = view.knowledge.observations
    twice = (observations[0], observations[0], *observations[1:])
    for message in refused_everywhere(with_observations(view, twice)):
        assert "second deal" in message


@pytest.mark.parametrize("stranger", [("joker", 1, 2), ["take_pile", 1, None], 5])
def test_an_observation_of_no_known_kind_is_refused(stranger):
    view = seat_view(moves=6)
    observations = (*view.knowledge.observations, stranger)
    for message in refused_everywhere(with_observations(view, observations)):
        assert "observation" in message


def test_the_knowledge_itself_says_what_is_wrong_without_assert():
    """Read directly (not through check_view), the knowledge raises ModelError, also under -O."""
    view = seat_view(moves=6)
    known = view.knowledge
    observations = known.observations
    assert len(observations) > 1  # the deal and what followed
    cases = {
        "the deal comes first": observations[1:] + observations[:1],
        "second deal": (observations[0], *observations),
        "unknown kind": (*observations, ("joker", 1, 2)),
    }
    for words, history in cases.items():
        forged = ProhisKnowledge(known.observer, known.players, known.bribe_rounds, history)
        with pytest.raises(ModelError, match=words):
            forged.model  # noqa: B018 (reading it folds the history)


def test_the_engines_own_views_still_pass():
    for seed in range(6):
        view = seat_view(seed, moves=25)
        assert determinize(view, random.Random(seed)).view(view.seat) == view
        assert advise(view) is not None
