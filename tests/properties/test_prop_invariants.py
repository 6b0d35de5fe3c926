"""Properties of random legal play, 3-6 players, any variants, seeded or stacked starts.

Like OpenSpiel's ``random_sim_test``: every card accounted for at every step,
knowledge never beyond the truth, the game always ends, scores recount,
legal actions are unique and accepted, anything else is refused and changes
nothing.
"""

from __future__ import annotations

import random

from helpers.properties import (
    SETTINGS,
    canonical,
    cases,
    contains,
    max_steps,
    play,
    random_action,
    seat_json,
    table_json,
)
from hypothesis import given

from prohis_nb import Action, IllegalActionError, WrongSeatError
from prohis_nb.prohis.cards import HAND_VALUE, WAREHOUSE_VALUE


def check_cards_and_knowledge(game):
    assert game.card_counts() == game.rules.deck_counts()
    table = game.omniscient_view()
    for info in table.seats:  # public knowledge
        assert contains(table.hands[info.seat], info.known_to_all)
        assert contains(table.warehouses[info.seat], info.known_in_warehouse)
    for observer in range(game.players):
        view = game.view(observer)
        assert view.hand == table.hands[observer]
        assert view.warehouse == table.warehouses[observer]
        for info in view.seats:
            assert info.hand_size == len(table.hands[info.seat])
            assert info.warehouse_size == len(table.warehouses[info.seat])
            assert contains(table.hands[info.seat], info.known_in_hand)
            assert contains(table.hands[info.seat], info.known_to_all)
            assert contains(table.warehouses[info.seat], info.known_in_warehouse)
            if info.seat == observer:
                assert info.known_in_hand == view.hand
                assert info.known_in_warehouse == view.warehouse


@SETTINGS
@given(case=cases)
def test_every_card_is_accounted_for_and_knowledge_never_exceeds_the_truth(case):
    game = case.new_game()
    check_cards_and_knowledge(game)
    play(game, case, check_cards_and_knowledge)
    assert game.ended and game.to_act is None and game.decision is None
    assert game.legal_actions() == ()


@SETTINGS
@given(case=cases)
def test_the_game_always_ends_within_the_bound(case):
    game = case.new_game()
    taken = play(game, case)
    assert game.ended
    assert len(game.actions) == len(taken) <= max_steps(game.rules)


@SETTINGS
@given(case=cases)
def test_scores_match_a_recount_of_the_final_table(case):
    game = case.new_game()
    play(game, case)
    table = game.omniscient_view()
    recount = [
        sum(WAREHOUSE_VALUE[card] for card in table.warehouses[seat])
        + sum(HAND_VALUE[card] for card in table.hands[seat])
        for seat in range(game.players)
    ]
    assert game.scores() == recount == list(table.scores)
    best = max(recount)
    assert game.winners() == [seat for seat in range(game.players) if recount[seat] == best]
    for seat in range(game.players):
        assert game.view(seat).score == recount[seat]


@SETTINGS
@given(case=cases)
def test_legal_actions_are_unique_and_each_is_accepted(case):
    game = case.new_game()
    rng = random.Random(case.seed ^ 0x5EED)

    def check(game):
        legal = game.legal_actions()
        assert len(legal) == len(set(legal))
        assert all(a.seat == game.to_act for a in legal)
        if game.ended or rng.random() > 0.08:
            return
        for action in legal:
            assert game.is_legal(action)
            other = game.copy()
            other.apply(action)
            assert other.actions[-1] == action
            # a legal action in the record's JSON form is accepted the same way
            again = game.copy()
            again.apply(action.to_json())
            assert table_json(again) == table_json(other)

    check(game)
    play(game, case, check)


@SETTINGS
@given(case=cases)
def test_actions_that_are_not_legal_are_refused_and_change_nothing(case):
    game = case.new_game()
    rng = random.Random(case.seed ^ 0xBAD)
    refused = 0

    def check(game):
        nonlocal refused
        if game.ended or rng.random() > 0.2:
            return
        legal = set(game.legal_actions())
        before = table_json(game), game.actions
        views = [seat_json(game, s) for s in range(game.players)]
        for _ in range(15):
            action = random_action(rng, game.players)
            if canonical(action) in legal:
                assert game.is_legal(action)
                continue
            assert not game.is_legal(action)
            try:
                game.apply(action)
            except WrongSeatError as error:
                # a seat out of turn is never told the seat to act's legal actions
                assert error.allowed == () and action.seat != game.to_act
                refused += 1
            except IllegalActionError as error:
                assert set(error.allowed) == legal
                refused += 1
            else:
                raise AssertionError(f"{action} was accepted but is not legal")
            assert (table_json(game), game.actions) == before
        assert [seat_json(game, s) for s in range(game.players)] == views

    check(game)
    play(game, case, check)
    # after the end every action is refused
    action = Action(0, "pass")
    before = table_json(game)
    try:
        game.apply(action)
    except IllegalActionError:
        pass
    else:
        raise AssertionError("an action after the end was accepted")
    assert table_json(game) == before
