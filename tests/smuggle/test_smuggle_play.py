"""One test per Smuggle rule, on stacked packs (3 players: Officer 0, then seats 1 and 2)."""

import json

import pytest
from helpers.smuggle import act, declare, stacked_game

from prohis_nb.cli import main
from prohis_nb.errors import IllegalActionError, MalformedActionError, RecordError, WrongSeatError
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

LUG = "luggage"
BAG = "diplomatic_bag"


def test_player_left_of_officer_draws_four_and_declares():
    game = stacked_game(["wine", LUG, LUG, LUG])
    assert (game.officer, game.to_act, game.decision.kind) == (0, 1, "declare")
    assert game.view(1).hand == ("wine", LUG, LUG, LUG)
    assert game.view(2).hand is None and game.view(0).hand is None
    assert len(game.legal_actions()) == 496  # 495 declarations of 0-4 items + immunity


def test_accepted_declaration_pays_declared_duty_and_passes_hand():
    game = stacked_game(["wine", LUG, LUG, LUG])
    declare(game, "watch", "wine")  # a lie: the Officer does not know it
    act(game, "accept")
    assert game.money == [2175, 1825, 2000]
    assert (game.to_act, game.decision.kind, game.receiver) == (2, "receiver", 2)


def test_search_of_complete_truth_pays_duty_and_officer_pays_compensation():
    game = stacked_game(["wine", "wine", LUG, LUG, "cigars"])
    declare(game, "wine", "wine")
    act(game, "search")
    assert game.money == [2000 + 50 - 200, 2000 - 50 + 200, 2000]
    assert (game.to_act, game.decision.kind) == (2, "declare")
    assert game.view(2).hand[0] == "cigars"  # the next player drew 4 fresh cards


def test_search_of_a_lie_pays_fine_on_every_item_held():
    game = stacked_game(["watch", "cigars", LUG, LUG])
    declare(game, "cigars")
    act(game, "search")
    assert game.money == [2400, 1600, 2000]


def test_declaring_an_item_not_held_is_not_complete_truth():
    game = stacked_game(["wine", LUG, LUG, LUG])
    declare(game, "wine", "cigars")
    act(game, "search")
    assert game.money == [2050, 1950, 2000]


def test_receiver_who_accepts_discards_one_draws_one_and_declares():
    game = stacked_game(["wine", "cigars", LUG, LUG, "watch"])
    declare(game)
    act(game, "accept")
    assert game.view(2).hand is None  # not seen before accepting
    act(game, "accept")
    assert (game.to_act, game.decision.kind) == (2, "discard")
    assert {a.card for a in game.legal_actions()} == {"wine", "cigars", LUG}
    game.apply({"act": "discard", "card": "wine"})
    assert sorted(game.view(2).hand) == sorted(["cigars", LUG, LUG, "watch"])
    assert game.decision.kind == "declare"


def test_diplomatic_bag_is_the_forced_discard():
    game = stacked_game([BAG, "wine", LUG, LUG, "camera"])
    declare(game)
    act(game, "accept")
    act(game, "accept")
    # the discard of the Bag is forced, but only seat 2 has seen the hand: it is asked
    assert game.decision.kind == "discard" and game.to_act == 2
    assert [a.card for a in game.legal_actions()] == [BAG]
    assert game.forced_after(len(game.actions) - 1) == ()
    game.apply({"act": "discard", "card": BAG})
    assert game.decision.kind == "declare"
    assert BAG not in game.view(2).hand and "camera" in game.view(2).hand
    assert game.record().actions[-1] == {"seat": 2, "act": "discard", "card": BAG}


def test_informer_catching_a_lie_makes_passer_pay_fines_and_officer_pay_reward():
    game = stacked_game(["camera", LUG, LUG, LUG, "wine", LUG, LUG, LUG])
    declare(game)
    act(game, "accept")
    act(game, "inform")
    assert game.money == [2000 + 400 - 100, 1600, 2100]
    assert (game.to_act, game.decision.kind, game.view(2).hand) == (
        2,
        "declare",
        ("wine", LUG, LUG, LUG),
    )


def test_informer_wrong_about_complete_truth_pays_passer():
    game = stacked_game(["camera", LUG, LUG, LUG])
    declare(game, "camera")
    act(game, "accept")
    act(game, "inform")
    assert game.money == [2200, 2000 - 200 + 200, 1800]


def test_unchallenged_immunity_passes_on_without_duty():
    game = stacked_game(["necklace", LUG, LUG, LUG])
    act(game, "immunity")
    assert {a.act for a in game.legal_actions()} == {"accept", "challenge"}
    act(game, "accept")
    assert game.money == [2000, 2000, 2000]
    assert {a.act for a in game.legal_actions()} == {"accept", "challenge"}


def test_officer_challenging_true_immunity_pays_claimant():
    game = stacked_game([BAG, "crown", LUG, LUG])
    act(game, "immunity")
    act(game, "challenge")
    assert game.money == [1800, 2200, 2000]
    assert (game.to_act, game.decision.kind) == (2, "declare")


def test_false_immunity_pays_immunity_fine_plus_all_fines_to_officer():
    game = stacked_game(["wine", "crown", LUG, LUG])
    act(game, "immunity")
    act(game, "challenge")
    assert game.money == [2000 + 200 + 50 + 1000, 2000 - 1250, 2000]


def test_receiver_challenging_false_immunity_gets_informer_reward():
    game = stacked_game(["wine", LUG, LUG, LUG])
    act(game, "immunity")
    act(game, "accept")
    act(game, "challenge")
    assert game.money == [2000 + 250 - 100, 1750, 2100]
    assert (game.to_act, game.decision.kind) == (2, "declare")


def test_receiver_challenging_true_immunity_pays_claimant():
    game = stacked_game([BAG, LUG, LUG, LUG])
    act(game, "immunity")
    act(game, "accept")
    act(game, "challenge")
    assert game.money == [2000, 2200, 1800]


def test_round_ends_when_pack_cannot_fill_a_hand_and_officer_rotates():
    game = SmuggleGame(SmuggleRules(players=3), table={"packs": [list(PACK)] * 3})
    searches = 0
    while game.officer == 0:
        declare(game)
        act(game, "search")
        searches += 1
    assert searches == 13  # 13 hands of 4 from 54 cards; 2 left cannot fill a 14th
    assert "Round 1 ends (2 cards left in the pack)." in game.log(None)
    assert (game.officer, game.to_act) == (1, 2)


def test_each_player_is_officer_once_then_most_money_wins():
    game = SmuggleGame(SmuggleRules(players=4), seed=3)
    officers = []
    while not game.ended:
        if not officers or officers[-1] != game.officer:
            officers.append(game.officer)
        game.apply(game.legal_actions()[-1])  # challenge, search or inform; a discard
    assert officers == [0, 1, 2, 3]
    assert game.winners() == [s for s, m in enumerate(game.money) if m == max(game.money)]
    assert game.to_act is None and game.legal_actions() == ()


def test_refused_actions_leave_the_state_untouched():
    game = stacked_game(["wine", LUG, LUG, LUG])
    before = game.omniscient_view().to_json()
    with pytest.raises(WrongSeatError):
        game.apply({"seat": 2, "act": "declare", "items": []})
    with pytest.raises(IllegalActionError):
        act(game, "search")
    with pytest.raises(MalformedActionError, match="at most 4"):
        declare(game, "wine", "wine", "wine", "wine", "wine")
    with pytest.raises(MalformedActionError, match="cannot be declared"):
        declare(game, "luggage")
    assert game.omniscient_view().to_json() == before


def test_bad_stacked_table_refused():
    with pytest.raises(RecordError, match="packs"):
        SmuggleGame(SmuggleRules(players=3), table={"packs": [list(PACK)] * 2})
    with pytest.raises(RecordError, match="54 cards"):
        SmuggleGame(SmuggleRules(players=3), table={"packs": [list(PACK)[:-1]] * 3})


def test_undo_and_copy():
    game = stacked_game(["wine", LUG, LUG, LUG])
    before = game.omniscient_view().to_json()
    copy = game.copy()
    declare(game, "wine")
    act(game, "search")
    assert copy.omniscient_view().to_json() == before
    game.undo()
    game.undo()
    assert game.omniscient_view().to_json() == before


def test_cli_replay_prints_smuggle_json(tmp_path, capsys):
    game = SmuggleGame(SmuggleRules(players=3), seed=5)
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    path = tmp_path / "smuggle.json"
    game.record().save(path)
    assert main(["replay", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scores"] == game.scores()
    assert data["pile"] == game.view(0).pack_size
    assert data["to_act"] == game.to_act


def test_the_last_search_is_shown_to_every_seat_until_the_round_ends():
    game = stacked_game(["wine", "wine", "luggage", "luggage"])
    assert all(game.view(s).last_search is None for s in range(3))
    declare(game, "wine")
    act(game, "search")
    for seat in range(3):
        shown = game.view(seat).last_search
        assert shown.cards == ("wine", "wine", "luggage", "luggage")
        assert (shown.searcher, shown.holder, shown.how, shown.truth) == (0, 1, "officer", False)
        assert game.view(seat).to_json()["last_search"]["cards"] == list(shown.cards)
    assert game.omniscient_view().last_search == shown
    copy = game.copy()
    assert copy.view(2).last_search == shown
    while game.round == 0:  # play the round out: accept everything
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.act in ("accept", "discard")), legal[0]))
    assert game.ended or game.view(0).last_search is None
