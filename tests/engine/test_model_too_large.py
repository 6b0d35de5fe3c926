"""Past its bound the exact model says so, in words, and never calls a real view forged.

With several bribe rounds, offers a seat did not see multiply what it must
keep apart (attack-22c F1, F3). One seat's part of the table holds at most
``MAX_STATES`` states; past it the knowledge raises ``ModelTooLarge``. These
tests lower the bound so that a small real game crosses it, then check every
client: the view is never refused as forged, the coach and ``determinize``
raise ``ModelTooLarge`` (a project error) with its message, and the coach panel
shows that message instead of breaking.
"""

from __future__ import annotations

import random

import pytest

import prohis_nb.core.knowledge as knowledge_module
from prohis_nb import Game
from prohis_nb.coach import advise
from prohis_nb.core.determinize import determinize
from prohis_nb.core.knowledge import ModelTooLarge
from prohis_nb.errors import ProhisNbError
from prohis_nb.prohis.rules import ProhisRules
from prohis_nb.prohis.views import check_view

SMALL_BOUND = 40


def _rejected_offers(rounds: int = 4):
    """Seat 0's offers of 2 cards rejected again and again, watched by seat 3 (4 players)."""
    game = Game(rules=ProhisRules(players=4, bribe_rounds=rounds), seed=3)
    smuggler = game.to_act
    while len(game.hand(smuggler)) < 8 or game.to_act != smuggler:
        legal = list(game.legal_actions())
        take = next((a for a in legal if a.act == "take"), None)
        game.apply(take or next(a for a in legal if a.act in ("stop", "pass")))
    game.apply({"seat": smuggler, "act": "convoy", "cards": game.hand(smuggler)[:2]})
    controller = game.to_act
    game.apply({"seat": controller, "act": "control", "card": "inspector"})
    while game.decision.kind == "control":
        game.apply({"seat": game.to_act, "act": "decline"})
    rng = random.Random(3)
    for offer in range(rounds):
        two = [a for a in game.legal_actions() if a.act == "bribe" and len(a.cards) == 2]
        game.apply(rng.choice(two))
        if offer < rounds - 1:
            game.apply({"seat": controller, "act": "reject"})
    onlooker = next(s for s in range(4) if s not in (smuggler, controller))
    return game, onlooker


@pytest.fixture
def small_bound(monkeypatch):
    monkeypatch.setattr(knowledge_module, "MAX_STATES", SMALL_BOUND)


def test_the_bound_is_a_project_error_and_a_model_error() -> None:
    assert issubclass(ModelTooLarge, ProhisNbError)
    assert issubclass(ModelTooLarge, knowledge_module.ModelError)


def test_a_real_game_past_the_bound_says_so(small_bound) -> None:
    game, onlooker = _rejected_offers()
    view = game.view(onlooker)
    with pytest.raises(ModelTooLarge, match="too many ways the cards could lie"):
        view.knowledge.model  # noqa: B018  (the fold is the point)


def test_a_real_view_past_the_bound_is_not_called_forged(small_bound) -> None:
    from prohis_nb.errors import ViewError

    game, onlooker = _rejected_offers()
    with pytest.raises(ModelTooLarge) as raised:
        check_view(game.view(onlooker))
    assert not isinstance(raised.value, ViewError)
    assert "not a view" not in str(raised.value)


def test_the_coach_and_determinize_say_the_bound_not_forgery(small_bound) -> None:
    game, onlooker = _rejected_offers()
    view = game.view(onlooker)
    with pytest.raises(ModelTooLarge):
        advise(view)
    with pytest.raises(ModelTooLarge):
        determinize(view, random.Random(0))


def test_the_coach_panel_shows_the_bound_in_words(small_bound) -> None:
    from prohis_nb.widgets.coach import Coach

    game, onlooker = _rejected_offers()
    panel = Coach(game.view(onlooker))
    assert "too many ways the cards could lie" in panel.message.value


def test_under_the_bound_the_same_game_is_answered() -> None:
    game, onlooker = _rejected_offers(rounds=2)
    knowledge = game.view(onlooker).knowledge
    assert knowledge.model.possibilities() <= knowledge_module.MAX_STATES
    assert sum(knowledge.expected("bribe").values()) == 2


def test_a_history_past_the_bound_is_refused_at_once_the_next_time(small_bound, monkeypatch):
    # attack-22d D2: the failure is remembered (every later history that starts with the
    # same observations is past the bound too), not folded again for seconds by every call
    import prohis_nb.prohis.knowledge as prohis_knowledge

    game, onlooker = _rejected_offers()
    with pytest.raises(ModelTooLarge):
        game.view(onlooker).knowledge.model  # noqa: B018
    steps = []
    real_step = prohis_knowledge._step
    monkeypatch.setattr(
        prohis_knowledge, "_step", lambda *args: steps.append(1) or real_step(*args)
    )
    with pytest.raises(ModelTooLarge, match="too many ways the cards could lie"):
        game.view(onlooker).knowledge.model  # noqa: B018
    with pytest.raises(ModelTooLarge):
        advise(game.view(onlooker))
    assert steps == []


def test_the_offers_work_is_bounded_before_it_is_done(monkeypatch) -> None:
    # a hand of hidden cards split by kind: refused before the splits are built
    from prohis_nb.core.knowledge import CardModel

    monkeypatch.setattr(knowledge_module, "MAX_STATES", 1000)
    kinds = ("a", "b", "c", "d", "e")
    model = CardModel.start(kinds, (200, 200, 200, 200, 200), [("hand", 1000, 0), ("bribe", 0, 0)])
    model = model.materialize("bribe").note("rejected 0", "bribe")
    real = knowledge_module.compositions

    def no_big_split(total: int, width: int):
        if total >= 100:  # the 1,000 slots' splits: about 4 * 10**10 of them
            raise AssertionError("the splits were built before the bound was checked")
        return real(total, width)

    monkeypatch.setattr(knowledge_module, "compositions", no_big_split)
    with pytest.raises(ModelTooLarge):
        model.offer_unlike_noted("hand", "bribe", 0, "rejected")
