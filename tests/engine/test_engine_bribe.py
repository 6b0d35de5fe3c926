"""RULES.md, Prohis, step 2 "Bribe" and step 3 "No bribe offered": accept, reject, waive.

Three players: seat 0 smuggles, seat 1 controls, seat 2 looks on.
"""

from __future__ import annotations

import pytest
from helpers.engine import CI, act, acts, stacked, table_json

from prohis_nb import IllegalActionError, ProhisRules

R3 = ProhisRules(players=3)


def controlled(card="captain", smuggler_hand=None, convoy=("illegal", "legal"), rules=R3):
    """Seat 0 forms ``convoy``; seat 1 controls with ``card``; seat 2 declines."""
    hand = smuggler_hand or CI + ["illegal", "legal", "legal", "illegal"]
    game = stacked(rules, [hand, CI + ["lieutenant"], CI])
    act(game, 0, "convoy", cards=list(convoy))
    act(game, 1, "control", card=card)
    act(game, 2, "decline")
    return game


def test_the_smuggler_may_offer_any_set_of_cards_from_hand_or_nothing():
    game = controlled()  # hand left: legal, illegal, captain, inspector
    assert game.decision.kind == "bribe" and game.to_act == 0
    bribes = {a.cards for a in game.legal_actions() if a.act == "bribe"}
    assert len(bribes) == 2**4 - 1
    assert ("legal", "illegal", "captain", "inspector") in bribes
    assert acts(game) == {"bribe", "no_bribe"}


def test_a_bribe_of_cards_not_in_hand_is_refused():
    game = controlled()
    before = table_json(game)
    with pytest.raises(IllegalActionError, match="holds 1 legal"):
        act(game, 0, "bribe", cards=["legal", "legal"])
    with pytest.raises(IllegalActionError, match="at least one card"):
        act(game, 0, "bribe", cards=[])
    assert table_json(game) == before


def test_only_the_controller_sees_the_bribe_everyone_sees_its_size():
    game = controlled()
    act(game, 0, "bribe", cards=["legal", "illegal"])
    assert game.view(1).convoy.bribe == ("legal", "illegal")
    assert game.view(0).convoy.bribe == ("legal", "illegal")
    assert game.view(2).convoy.bribe is None
    assert all(game.view(s).convoy.bribe_size == 2 for s in range(3))
    assert game.decision.kind == "bribe_answer" and game.to_act == 1
    assert acts(game) == {"accept", "reject"}


def test_accepted_bribe_goes_to_the_controllers_warehouse():
    game = controlled(card="captain")
    act(game, 0, "bribe", cards=["legal", "illegal"])
    act(game, 1, "accept")
    assert game.warehouse(1) == ["legal", "illegal"]  # the bribe
    assert game.hand(1) == ["lieutenant", "captain", "inspector"]  # the captain came back
    assert game.warehouse(0) == ["legal", "illegal"]  # the convoy passed
    assert game.hand(0) == ["captain", "inspector"]
    assert game.to_act == 1 and game.decision.kind == "turn"
    assert game.card_counts() == R3.deck_counts()


def test_rejected_bribe_returns_and_the_controller_must_inspect():
    game = controlled(card="captain")
    act(game, 0, "bribe", cards=["legal", "illegal"])
    act(game, 1, "reject")
    assert game.hand(0) == ["legal", "illegal", "captain", "inspector"]
    # no inspect-or-waive decision: the inspection has already begun
    assert game.decision.kind == "inspection" and game.to_act == 1
    assert acts(game) == {"turn"}
    # and the forced "inspect" is not written in the record
    assert [a.act for a in game.actions] == ["convoy", "control", "decline", "bribe", "reject"]
    assert [a.act for a in game.forced_after(len(game.actions) - 1)] == ["inspect"]
    assert any("inspect" in line for line in game.log(2)[-1:])


def test_rejected_bribe_then_inspection_plays_out():
    game = controlled(card="captain")
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    act(game, 1, "turn", position=0)  # the illegal card
    assert game.warehouse(1) == ["legal", "illegal", "captain"]
    assert game.hand(0) == ["legal", "illegal", "captain", "inspector"]


def test_no_bribe_lets_the_controller_inspect_or_waive():
    game = controlled()
    act(game, 0, "no_bribe")
    assert game.decision.kind == "inspect_or_waive" and game.to_act == 1
    assert acts(game) == {"inspect", "waive"}


def test_waiving_puts_the_played_card_in_the_controllers_warehouse_and_the_convoy_passes():
    game = controlled(card="inspector")
    act(game, 0, "no_bribe")
    act(game, 1, "waive")
    assert game.warehouse(1) == ["inspector"]
    assert game.hand(1) == ["lieutenant", "captain"]
    assert game.warehouse(0) == ["legal", "illegal"]
    assert game.to_act == 1 and game.decision.kind == "turn"


def test_inspect_starts_the_inspection():
    game = controlled(card="lieutenant")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    assert game.decision.kind == "inspection"
    assert game.view(2).convoy.turn_limit == 1


def test_only_one_bribe_by_default():
    game = controlled()
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    assert game.decision.kind == "inspection"
    with pytest.raises(IllegalActionError):
        act(game, 0, "bribe", cards=["illegal"])


def test_a_smuggler_with_an_empty_hand_offers_nothing_by_itself():
    game = controlled(smuggler_hand=["illegal", "legal"], card="captain")
    # the only choice was no_bribe: taken by the engine, not recorded
    assert game.decision.kind == "inspect_or_waive"
    assert [a.act for a in game.actions] == ["convoy", "control", "decline"]
    assert [a.act for a in game.forced_after(2)] == ["no_bribe"]
