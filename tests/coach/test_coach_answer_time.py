"""The coaches' caches are filled for every hand alike (Smuggle's passed hands, convoy scores).

Which hand types the coach is asked about depends on hands (a receiver's
passed hand, a discard). If the cache held only the types asked so far, a
later question about a type seen before would be answered faster, and in
``HotSeat`` one seat's coach would time another seat's hand
(docs/teaching.md, "Time"). Twin questions about two different hand types
must leave the cache in the same state, and give the values of the exact
per-type computation.
"""

from __future__ import annotations

import pytest

pytest.importorskip("scipy")

from prohis_nb.coach import smuggle as coach


def cache_after_asking(cards: list[str]) -> dict:
    board = coach._DEFAULT_BOARD
    coach._INHERITED.pop(board, None)
    coach.inherited_value(coach.hand_type(cards), board)
    return dict(coach._INHERITED[board])


def test_twin_questions_leave_the_same_cache():
    one = cache_after_asking(["cigars", "luggage", "luggage", "luggage"])
    other = cache_after_asking(["diplomatic_bag", "watch", "luggage", "luggage"])
    assert one == other
    assert set(one) == set(coach.solved(coach._DEFAULT_BOARD).values)  # every type


def test_the_filled_values_are_the_analysiss():
    """Each value filled at once is the analysis's own (``analysis.informer``), for a sample."""
    from prohis_nb.analysis.informer import inherited_value
    from prohis_nb.analysis.signalling import declaration_equilibrium

    table = cache_after_asking(["cigars", "luggage", "luggage", "luggage"])
    equilibrium = declaration_equilibrium()
    for t in list(table)[:: max(1, len(table) // 30)]:
        assert table[t] == pytest.approx(inherited_value(t, equilibrium)[0], abs=1e-6)


# ---------------------------------------------------------------- the convoy coach


@pytest.mark.parametrize("payoffs", ["race", "own"])
def test_the_convoy_coach_leaves_the_same_cache_for_a_clean_and_a_dirty_hand(payoffs):
    """A smuggler's coach, asked with twin hands, fills its score cache alike.

    Then the controller's coach finds every entry it needs already there:
    nothing it asks is computed because of the smuggler's hand.
    """
    pytest.importorskip("nashpy")
    from prohis_nb import ConvoyRules, ConvoyStageGame
    from prohis_nb.convoy import coach as convoy_coach

    rules = ConvoyRules(payoffs=payoffs, bribes=(("legal",), ("illegal",), ("legal", "legal")))
    states = {}
    for hand in ("honest", "dirty"):
        convoy_coach.expected_scores.cache_clear()
        convoy_coach.every_expected_score.cache_clear()
        game = ConvoyStageGame(rules, table={"hand": hand, "order": list(range(rules.size))})
        convoy_coach.advise(game.view(0))  # the smuggler's coach, at its convoy
        info = convoy_coach.expected_scores.cache_info()
        game.apply(game.legal_actions()[-1])  # a convoy
        game.apply(game.legal_actions()[-1])  # an offer
        convoy_coach.advise(game.view(1))  # the controller's coach
        after = convoy_coach.expected_scores.cache_info()
        states[hand] = (info.currsize, after.currsize, after.misses - info.misses)
    assert states["honest"] == states["dirty"]
    assert states["honest"][2] == 0  # the controller's coach computed nothing new
