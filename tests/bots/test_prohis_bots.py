"""The Prohis bots keep their stated habits and play whole games at every table size."""

from __future__ import annotations

import pytest

from prohis_nb import ProhisRules
from prohis_nb.bots import BluffBot, HonestBot, make_bot, play_game
from prohis_nb.bots.base import Bot


def seat_actions(game, seat):
    return [a for a in game.actions if a.seat == seat]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_bot_plays_whole_games(players):
    names = ["random", "honest", "bluff", "ev"]
    lineup = [names[(players + i) % len(names)] for i in range(players)]
    for seed in range(2):
        bots = [make_bot(spec, f"{seed}:{i}") for i, spec in enumerate(lineup)]
        game = play_game("prohis", bots, seed=seed, rules=ProhisRules(players=players))
        assert game.ended and len(game.scores()) == players
        assert game.record().replay().scores() == game.scores()


def test_bots_play_under_every_variant():
    rules = ProhisRules(
        players=4, pass_is_final=True, waiver_keeps_card=True, bribe_rounds=3, full_box=True
    )
    bots = [make_bot(spec, i) for i, spec in enumerate(["ev", "bluff", "honest", "random"])]
    assert play_game("prohis", bots, seed=1, rules=rules).ended


def test_honest_bot_never_carries_illegal_goods_nor_bribes():
    convoys = 0
    for seed in range(6):
        bots = [
            HonestBot(seed, pile=bool(seed % 2)),
            BluffBot(seed + 1),
            make_bot("random", seed),
            HonestBot(seed + 3, convoy_at=2),
        ]
        game = play_game("prohis", bots, seed=seed)
        for seat in (0, 3):
            for action in seat_actions(game, seat):
                assert action.act not in ("bribe", "accept"), action
                if action.act == "convoy":
                    convoys += 1
                    assert "illegal" not in action.cards, action
    assert convoys >= 10  # the test saw honest convoys, not just passes


def test_honest_bot_takes_no_illegal_card_from_the_row():
    bots = [HonestBot(0), BluffBot(1), HonestBot(2), BluffBot(3)]
    game = play_game("prohis", bots, seed=21)
    replay = game.record().new_game()
    taken = []
    for action in game.actions:
        if action.act == "take" and action.source == "row" and action.seat in (0, 2):
            taken.append(replay.view(action.seat).row[action.slot])
        replay.apply(action)
    assert taken, "the honest seats never took from the row"
    assert "illegal" not in taken


def test_bluff_bot_without_bait_smuggles_and_with_full_bait_does_not_until_the_end():
    sly = [BluffBot(s, bait=0.0, convoy_at=2) for s in range(4)]
    game = play_game("prohis", sly, seed=2)
    carried = [a for a in game.actions if a.act == "convoy" and "illegal" in a.cards]
    assert carried

    bait = [BluffBot(s, bait=1.0) for s in range(4)]
    game = play_game("prohis", bait, seed=2)
    # With bait=1 a convoy is honest unless the end is near (empty pile or final round):
    # replay the game and look at the pile when each illegal convoy was formed.
    replay = game.record().new_game()
    for action in game.actions:
        if action.act == "convoy" and "illegal" in action.cards:
            view = replay.view(action.seat)
            assert view.pile_size == 0 or view.final_round, action
        replay.apply(action)


def _bribes(bots, seeds=range(3)):
    """(convoy cards, bribe cards) of every bribe offered in a few games."""
    found = []
    for seed in seeds:
        game = play_game("prohis", bots(), seed=seed)
        convoy = None
        for action in game.actions:
            if action.act == "convoy":
                convoy = action.cards
            if action.act == "bribe":
                found.append((convoy, action.cards))
    return found


def test_bluff_bot_bribes_with_honest_convoys_too_so_its_offer_tells_nothing():
    # Deliberately changed (issue 12, point 6): a bribe offered only with a
    # dirty convoy gave the convoy away; by default every convoy gets the offer.
    bribes = _bribes(lambda: [BluffBot(s, bribe=2, bait=0.3) for s in range(4)])
    assert any("illegal" in convoy for convoy, _ in bribes)
    assert any("illegal" not in convoy for convoy, _ in bribes)
    assert all(1 <= len(cards) <= 2 for _, cards in bribes)


def test_bluff_bot_with_bribe_honest_0_bribes_only_a_dirty_convoy():
    bribes = _bribes(lambda: [BluffBot(s, bribe=2, bait=0.3, bribe_honest=0) for s in range(4)])
    assert bribes and all("illegal" in convoy for convoy, _ in bribes)
    assert not _bribes(lambda: [BluffBot(s, bribe=0) for s in range(4)], seeds=[0])


def test_bot_parameters_are_checked():
    with pytest.raises(ValueError, match="bait is a probability"):
        BluffBot(0, bait=1.5)
    with pytest.raises(ValueError, match="bribe_honest is a probability"):
        BluffBot(0, bribe_honest=2)
    with pytest.raises(ValueError, match="carry"):
        BluffBot(0, carry=0)
    with pytest.raises(ValueError, match="convoy_at"):
        HonestBot(0, convoy_at=7)
    with pytest.raises(ValueError, match="bad parameters for bot"):
        make_bot(("honest", {"bait": 0.2}), 0)
    with pytest.raises(ValueError, match="no bot named 'sly'"):
        make_bot("sly", 0)


def test_registry_specs_build_the_named_bot():
    bot = make_bot("bluff:bait=0.5:bribe=2", seed=7)
    assert isinstance(bot, BluffBot) and bot.bait == 0.5 and bot.bribe == 2
    assert bot.name == "bluff(bait=0.5, bribe=2)"
    assert make_bot(("bluff", {"name": "sly"}), 1).name == "sly"
    assert isinstance(make_bot(HonestBot, 1), HonestBot)
    with pytest.raises(ValueError, match="not key=value"):
        make_bot("bluff:bait", 0)


def test_a_registered_bot_can_be_named_in_specs():
    from prohis_nb.bots import BOTS, bot_names, register_bot

    class Passer(Bot):
        default_name = "passer"
        games = None

        def choose(self, view, legal_actions):
            return next((a for a in legal_actions if a.act == "pass"), legal_actions[0])

    register_bot("passer", Passer)
    try:
        assert "passer" in bot_names("prohis")
        assert isinstance(make_bot("passer", 0, game="prohis"), Passer)
    finally:
        del BOTS["*"]["passer"]
