"""RULES.md, Prohis, "Scoring": warehouse and hand values, shared wins.

Every total below is worked out by hand from the rulebook's table.
"""

from __future__ import annotations

from helpers.engine import act, stacked

from prohis_nb import ProhisRules

R3 = ProhisRules(players=3)


def everyone_passes(game):
    while not game.ended:
        act(game, game.to_act, "pass")
    return game


def test_warehouse_values():
    # seats 1 and 2 hold no controller card: nobody controls, both convoys are stored
    hand = ["legal", "illegal", "lieutenant", "captain", "inspector", "legal"]
    game = stacked(R3, [hand, ["legal"], ["legal"]])
    act(game, 0, "convoy", cards=["legal", "illegal", "lieutenant", "captain"])
    act(game, 1, "pass")
    act(game, 2, "pass")
    act(game, 0, "convoy", cards=["inspector", "legal"])
    everyone_passes(game)
    assert game.warehouse(0) == ["legal", "legal", "illegal", "lieutenant", "captain", "inspector"]
    # 2 x $1,000 + $4,000 + $3,000 + $4,000 + $5,000
    assert game.scores() == [18_000, 0, 0]
    assert game.winners() == [0]


def test_hand_values_and_illegal_goods_in_hand_cost_4000_each():
    hands = [
        ["legal", "illegal", "lieutenant", "captain", "inspector"],  # 0 - 4 + 1 + 2 + 3
        ["illegal", "illegal", "captain"],  # -4 - 4 + 2
        ["legal", "legal", "inspector"],  # 0 + 0 + 3
    ]
    game = everyone_passes(stacked(R3, hands))
    assert game.scores() == [2_000, -6_000, 3_000]
    assert game.winners() == [2]
    assert [game.view(s).score for s in range(3)] == [2_000, -6_000, 3_000]


def test_warehouse_and_hand_add_up():
    hands = [["illegal", "illegal", "captain"], ["legal"], ["legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["illegal", "illegal"])  # stored: $8,000; captain in hand $2,000
    everyone_passes(game)
    assert game.scores() == [10_000, 0, 0]


def test_equal_totals_share_the_win():
    hands = [["legal", "legal"], ["captain", "legal"], ["legal", "captain"]]
    game = everyone_passes(stacked(R3, hands))
    assert game.scores() == [0, 2_000, 2_000]
    assert game.winners() == [1, 2]
    assert game.omniscient_view().winners == (1, 2)


def test_everyone_level_everyone_wins():
    hands = [["legal"], ["legal"], ["legal", "legal"]]
    game = everyone_passes(stacked(R3, hands))
    assert game.winners() == [0, 1, 2]
