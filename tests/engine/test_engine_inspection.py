"""RULES.md, Prohis, step 4 "Inspection": how many cards, who chooses, and what follows.

Three players: seat 0 smuggles, seat 1 controls, seat 2 looks on.
"""

from __future__ import annotations

import pytest
from helpers.engine import CI, act, stacked, table_json

from prohis_nb import IllegalActionError, ProhisRules

R3 = ProhisRules(players=3)


def inspecting(convoy, card="inspector", smuggler_extra=()):
    """Seat 0 forms ``convoy``; seat 1 controls with ``card``, no bribe, inspect."""
    hand = list(convoy) + list(smuggler_extra)
    game = stacked(R3, [hand, CI + ["lieutenant"], ["legal"]], first=0)
    act(game, 0, "convoy", cards=list(convoy))
    act(game, 1, "control", card=card)
    act(game, 2, "decline")  # seat 2 holds no controller card: asked all the same
    if game.decision.kind == "bribe":
        act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    return game


@pytest.mark.parametrize(("card", "rank"), [("lieutenant", 1), ("captain", 2), ("inspector", 3)])
def test_inspection_turns_as_many_cards_as_the_rank(card, rank):
    game = inspecting(["legal"] * 4, card=card, smuggler_extra=["illegal"])
    assert game.view(2).convoy.turn_limit == rank
    for position in range(rank):
        assert game.decision.kind == "inspection"
        act(game, 1, "turn", position=position)
    # only legal cards were turned: the convoy succeeded after exactly `rank` turns
    assert game.warehouse(0) == ["legal"] * 4
    assert game.decision.kind == "turn" and game.to_act == 1


def test_inspection_turns_every_card_of_a_smaller_convoy():
    game = inspecting(["legal", "legal"], card="inspector", smuggler_extra=["illegal"])
    assert game.view(2).convoy.turn_limit == 2
    act(game, 1, "turn", position=1)
    # the last face-down card is turned by the engine itself (a forced step)
    assert game.warehouse(0) == ["legal", "legal"]
    assert [a.act for a in game.forced_after(len(game.actions) - 1)] == ["turn"]


def test_the_controller_chooses_each_card_to_turn():
    game = inspecting(["legal", "illegal", "legal", "legal"], card="captain")
    assert {a.position for a in game.legal_actions()} == {0, 1, 2, 3}
    act(game, 1, "turn", position=2)
    assert {a.position for a in game.legal_actions()} == {0, 1, 3}
    with pytest.raises(IllegalActionError, match="already face up"):
        act(game, 1, "turn", position=2)
    with pytest.raises(IllegalActionError, match="not in the convoy"):
        act(game, 1, "turn", position=4)


def test_an_illegal_card_stops_the_inspection_and_the_controller_confiscates():
    game = inspecting(["legal", "illegal", "legal", "lieutenant"], card="inspector")
    act(game, 1, "turn", position=1)
    assert game.warehouse(1) == ["legal", "legal", "illegal", "lieutenant", "inspector"]
    assert game.hand(1) == ["lieutenant", "captain"]
    assert game.warehouse(0) == [] and game.hand(0) == []
    assert game.to_act == 1 and game.decision.kind == "turn"
    assert game.card_counts() == R3.deck_counts()


def test_a_controller_card_turned_stops_the_inspection_and_the_convoy_succeeds():
    game = inspecting(["captain", "illegal", "illegal"], card="inspector", smuggler_extra=["legal"])
    act(game, 1, "turn", position=0)
    # the illegal cards behind it were never turned: the convoy is safe
    assert game.warehouse(0) == ["illegal", "illegal", "captain"]
    assert game.hand(0) == ["legal", "inspector"]  # the played inspector joins the hand
    assert game.warehouse(1) == []
    assert game.to_act == 1


def test_only_legal_cards_turned_the_convoy_succeeds():
    game = inspecting(["legal", "illegal", "legal"], card="captain", smuggler_extra=["legal"])
    act(game, 1, "turn", position=0)
    act(game, 1, "turn", position=2)
    assert game.warehouse(0) == ["legal", "legal", "illegal"]


def test_success_gives_the_played_card_to_the_smugglers_hand():
    game = inspecting(["legal", "legal"], card="lieutenant", smuggler_extra=["illegal"])
    act(game, 1, "turn", position=0)
    assert game.hand(0) == ["illegal", "lieutenant"]
    assert game.hand(1) == ["captain", "inspector"]  # the controller lost its lieutenant


def test_turned_cards_are_public_the_others_stay_secret():
    game = inspecting(["legal", "illegal", "legal"], card="captain", smuggler_extra=["legal"])
    act(game, 1, "turn", position=0)
    assert game.view(2).convoy.cards == ("legal", None, None)
    assert game.view(1).convoy.cards == ("legal", None, None)
    assert game.view(0).convoy.cards == ("legal", "illegal", "legal")
    act(game, 1, "turn", position=2)
    # the convoy passed: only the two turned legal cards are known in seat 0's warehouse
    for observer in (1, 2):
        assert game.view(observer).seats[0].known_in_warehouse == ("legal", "legal")
    assert all("an illegal" not in line for line in game.log(2) + game.log(1))


def test_unturned_cards_of_a_confiscated_convoy_stay_secret_from_onlookers():
    game = inspecting(["lieutenant", "legal", "illegal"], card="inspector")
    act(game, 1, "turn", position=2)
    assert game.view(2).seats[1].known_in_warehouse == ("illegal", "inspector")
    # the controller knows its own warehouse, the smuggler knows what it lost
    everything = ("legal", "illegal", "lieutenant", "inspector")
    assert game.view(1).warehouse == everything
    assert game.view(0).seats[1].known_in_warehouse == everything
    assert game.view(2).convoy is None


def test_a_refused_turn_leaves_the_inspection_untouched():
    game = inspecting(["legal", "illegal"], card="captain", smuggler_extra=["legal"])
    before = table_json(game)
    with pytest.raises(IllegalActionError):
        act(game, 1, "turn", position=-1)
    with pytest.raises(IllegalActionError):
        act(game, 0, "turn", position=0)
    assert table_json(game) == before
