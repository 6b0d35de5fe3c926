"""The knowledge's speed-ups change no probability, Fraction for Fraction.

``CardModel.shortcuts`` turns on the exact shortcuts of the fold (a step that
changes no count keeps the answers already computed; see
``prohis_nb.core.knowledge``). Here every seat's knowledge of seeded 6-player
games (random play weighted towards take, bribe and accept, where the states
multiply: attack-22b F5) is folded twice, with the shortcuts and without, move
by move as the views share their folds; every answer the model gives is
compared exactly: ``expected()`` of every place and every part,
``notes()``, ``spread()``, ``distribution()`` of the small places, and the
exact law by which ``sample()`` draws each component's state. A future
reduction of the states (a merge of states that no question can tell apart)
must keep this test green.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from prohis_nb import Game
from prohis_nb.core.knowledge import CardModel
from prohis_nb.prohis.cards import KINDS
from prohis_nb.prohis.knowledge import ProhisKnowledge

WEIGHTS = {"take": 1.5, "bribe": 1.5, "accept": 1.5, "pass": 0.05}


def weighted_game(seed: int, actions: int, **variants: int) -> Game:
    game = Game(players=6, seed=seed, **variants)
    rng = random.Random(seed)
    while not game.ended and len(game.actions) < actions:
        legal = list(game.legal_actions())
        acts = sorted({action.act for action in legal})
        act = rng.choices(acts, [WEIGHTS.get(name, 1.0) for name in acts])[0]
        game.apply(rng.choice([action for action in legal if action.act == act]))
    return game


def sample_law(model: CardModel) -> list[dict]:
    """For each component, the exact chance that ``sample()`` draws each of its states.

    ``sample()`` draws the components' states with chance proportional to
    weight × the ways to deal the pool into the hidden slots; the rest of a
    sample (the pool dealt uniformly, places shuffled) depends on the states
    drawn only. Keyed by what a state says of the table (its places' contents
    and its notes) and the pool cards it pins down.
    """
    total = model._total()
    out = []
    for index, component in enumerate(model._components):
        law: dict = {}
        for (c, contents, notes), weight in component.states.items():
            key = (tuple(zip(component.places, contents)), notes, model.pool, c)
            law[key] = law.get(key, 0) + Fraction(weight * model._big_g(index, c), total)
        out.append({key: p for key, p in law.items() if p})
    return out


def answers(knowledge: ProhisKnowledge) -> dict:
    model = knowledge.model
    out: dict = {
        "places": knowledge.places(),
        "expected": {place: knowledge.expected(place) for place in knowledge.places()},
        "parts": {part: model.expected(part) for part in model.places},
        "notes": model.notes(),
        "spread": {kind: model.spread(kind) for kind in KINDS},
        "sample": sample_law(model),
    }
    small = [p for p in knowledge.places() if p.startswith(("hand", "convoy", "bribe"))]
    out["distribution"] = {place: knowledge.distribution(place) for place in small}
    return out


def followed(seed: int, actions: int, shortcuts: bool, monkeypatch, **variants: int) -> list:
    """Every seat's answers after every 15th move, the views sharing their folds."""
    monkeypatch.setattr(CardModel, "shortcuts", shortcuts)
    full = weighted_game(seed, actions, **variants)
    game = Game(players=6, seed=seed, **variants)
    out = []
    for index, action in enumerate(full.actions):
        game.apply(action)
        if index % 15 == 14 or index + 1 == len(full.actions):
            out.append([answers(game.view(seat).knowledge) for seat in range(6)])
    return out


@pytest.mark.parametrize(("seed", "rounds"), [(10, 1), (2, 1), (3, 2)])
def test_the_shortcuts_change_no_answer(seed, rounds, monkeypatch):
    """Also with several bribe rounds (rejected offers noted, a second offer narrowed)."""
    plain = followed(seed, 120, False, monkeypatch, bribe_rounds=rounds)
    quick = followed(seed, 120, True, monkeypatch, bribe_rounds=rounds)
    assert len(plain) == len(quick) > 5
    assert quick == plain


def test_a_knowledge_from_scratch_answers_as_one_followed_move_by_move(monkeypatch):
    """Folded move by move with the shortcuts (the views sharing their folds), or from the
    observations alone without them: the same answers."""
    monkeypatch.setattr(CardModel, "shortcuts", True)
    full = weighted_game(10, 150)
    game = Game(players=6, seed=10)
    for action in full.actions:
        game.apply(action)
        for seat in range(6):
            game.view(seat).knowledge.model  # noqa: B018 (folded now, move by move)
    followed_answers = [answers(game.view(seat).knowledge) for seat in range(6)]
    monkeypatch.setattr(CardModel, "shortcuts", False)
    for seat in range(6):
        known = game.view(seat).knowledge
        fresh = ProhisKnowledge(
            known.observer, known.players, known.bribe_rounds, known.observations
        )
        assert answers(fresh) == followed_answers[seat]
