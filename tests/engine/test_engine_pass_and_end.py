"""RULES.md, Prohis, "Pass" and "End of the game": final round, everyone passing.

Small custom decks keep the pile short so the end comes within a few turns.
"""

from __future__ import annotations

import pytest
from helpers.engine import CI, act, acts, stacked, table_json

from prohis_nb import IllegalActionError, ProhisGame, ProhisRules

# 4 players; hands of captain, inspector, legal; a row of 4 legal; a pile of one illegal card.
SHORT = ProhisRules(players=4, deck={"legal": 8, "illegal": 1, "lieutenant": 0})


def short_game():
    game = stacked(SHORT, [CI + ["legal"]] * 4, ["legal"] * 4, ["illegal"])
    assert game.omniscient_view().pile == ("illegal",)
    return game


# ---------------------------------------------------------------- pass


def test_pass_is_always_allowed_on_a_turn():
    game = ProhisGame(players=4, seed=2)
    assert "pass" in acts(game) and {"take", "convoy"} <= acts(game)
    seat = game.to_act
    act(game, seat, "pass")
    assert game.to_act == (seat + 1) % 4 and game.decision.kind == "turn"


def test_pass_is_not_a_choice_in_the_middle_of_a_draw():
    game = short_game()
    act(game, 0, "take", from_="row", slot=0)
    assert "pass" not in acts(game)
    with pytest.raises(IllegalActionError):
        act(game, 0, "pass")


def test_a_player_with_nothing_else_legal_passes_by_itself():
    # the pile is empty and the row too: seat 0, holding one card, can do nothing but pass
    rules = ProhisRules(players=3, deck={"legal": 3, "illegal": 0, "lieutenant": 0})
    game = stacked(rules, [["legal"], CI * 2 + ["legal"], CI + ["legal"]], [None] * 4)
    assert [a.act for a in game.forced_after(-1)] == ["pass"]
    assert game.to_act == 1 and game.actions == ()
    assert "Seat 0 passed." in game.log(1)


# ---------------------------------------------------------------- the final round


def test_a_pile_pick_that_empties_the_pile_with_a_full_row_does_not_start_the_final_round():
    game = short_game()
    act(game, 0, "take", from_="pile")
    assert game.omniscient_view().pile == () and not game.view(0).final_round
    act(game, 0, "take", from_="row", slot=2)  # now the row is short: the final round begins
    assert game.view(1).final_round


def test_a_refill_that_empties_the_pile_does_not_start_the_final_round():
    game = short_game()
    act(game, 0, "take", from_="row", slot=0)  # the illegal card refills slot 0
    assert game.omniscient_view().row == ("illegal", "legal", "legal", "legal")
    assert not game.view(0).final_round


def test_final_round_every_other_player_one_more_turn_and_the_trigger_plays_last():
    game = short_game()
    act(game, 0, "take", from_="row", slot=0)
    act(game, 0, "stop")
    act(game, 1, "take", from_="row", slot=1)  # slot 1 stays empty: seat 1 triggers
    assert game.view(3).final_round
    assert game.omniscient_view().final_turns == (2, 3, 0, 1)
    act(game, 1, "take", from_="row", slot=2)  # seat 1 still finishes its own turn
    order = []
    while not game.ended:
        order.append(game.to_act)
        if "take" in acts(game):
            slot = next(a.slot for a in game.legal_actions() if a.act == "take")
            act(game, game.to_act, "take", from_="row", slot=slot)
            if not game.ended and game.decision.kind == "second_pick":
                act(game, game.to_act, "stop")
        else:
            act(game, game.to_act, "pass")
    assert order == [2, 3, 0, 1]


def test_the_game_ends_right_after_the_triggers_last_turn_even_without_passes_in_a_row():
    game = short_game()
    act(game, 0, "take", from_="row", slot=0)
    act(game, 0, "stop")
    act(game, 1, "take", from_="row", slot=1)
    act(game, 1, "stop")
    act(game, 2, "take", from_="row", slot=0)  # a draw: no run of passes
    act(game, 2, "stop")
    act(game, 3, "pass")
    act(game, 0, "pass")
    assert not game.ended and game.to_act == 1
    act(game, 1, "convoy", cards=["legal", "legal"])
    for seat in (2, 3, 0):
        act(game, seat, "decline")
    assert game.ended and game.to_act is None and game.decision is None
    assert game.warehouse(1) == ["legal", "legal"]


def test_final_round_triggered_by_the_second_pick():
    game = short_game()
    act(game, 0, "take", from_="pile")
    assert not game.view(0).final_round
    act(game, 0, "take", from_="row", slot=3)
    assert game.view(0).final_round
    assert game.to_act == 1 and game.omniscient_view().final_turns == (2, 3, 0)
    for seat in (1, 2, 3):
        act(game, seat, "pass")
    assert not game.ended and game.to_act == 0
    act(game, 0, "pass")
    assert game.ended


def test_a_table_dealt_with_an_empty_pile_and_a_short_row_gives_everyone_one_turn():
    # (an engine decision for stacked lesson tables: the seat before the first plays last)
    rules = ProhisRules(players=3, deck={"legal": 12, "illegal": 0, "lieutenant": 0})
    game = stacked(rules, [CI + ["legal"] * 3] * 3, ["legal", "legal", "legal", None], first=1)
    assert game.view(0).final_round
    assert game.omniscient_view().final_turns == (2, 0)
    act(game, 1, "take", from_="row", slot=0)
    act(game, 1, "stop")
    act(game, 2, "take", from_="row", slot=1)
    act(game, 2, "stop")
    assert not game.ended and game.to_act == 0
    act(game, 0, "take", from_="row", slot=2)
    assert game.ended


# ---------------------------------------------------------------- everyone passes


def test_every_player_passing_in_a_row_ends_the_game_at_once():
    game = ProhisGame(players=5, seed=4)
    for _ in range(4):
        act(game, game.to_act, "pass")
    assert not game.ended and game.view(0).passes_in_a_row == 4
    act(game, game.to_act, "pass")
    assert game.ended and game.legal_actions() == ()
    assert "Everyone passed: the game ends." in game.log(None)


def test_a_draw_between_passes_starts_the_count_again():
    game = ProhisGame(players=3, seed=4)
    first = game.to_act
    act(game, first, "pass")
    act(game, (first + 1) % 3, "pass")
    act(game, (first + 2) % 3, "take", from_="pile")
    act(game, (first + 2) % 3, "stop")
    assert game.view(0).passes_in_a_row == 0
    act(game, first, "pass")
    act(game, (first + 1) % 3, "pass")
    assert not game.ended
    act(game, (first + 2) % 3, "pass")
    assert game.ended


def test_a_convoy_between_passes_starts_the_count_again():
    rules = ProhisRules(players=3)
    game = stacked(rules, [CI + ["legal"], ["legal", "legal"], ["legal"]])
    act(game, 0, "pass")
    act(game, 1, "convoy", cards=["legal", "legal"])  # seats 2 and 0 decline (2 by force)
    act(game, 0, "decline")
    assert game.view(0).passes_in_a_row == 0
    act(game, 2, "pass")
    act(game, 0, "pass")
    assert not game.ended
    act(game, 1, "pass")
    assert game.ended


def test_no_action_after_the_end():
    game = ProhisGame(players=3, seed=4)
    for _ in range(3):
        act(game, game.to_act, "pass")
    before = table_json(game)
    with pytest.raises(IllegalActionError, match="the game has ended"):
        act(game, 0, "pass")
    assert table_json(game) == before
