"""The runner: bots see only their seat's view and the legal actions; games are reproducible."""

from __future__ import annotations

import dataclasses

import pytest

from prohis_nb import Action, Game, ProhisRules
from prohis_nb.bots import BotError, RandomBot, make_bot, play_game
from prohis_nb.bots.base import Bot
from prohis_nb.core.game import Decision, GameBase
from prohis_nb.core.knowledge import CardModel, _Component
from prohis_nb.core.legal import LegalActions
from prohis_nb.prohis.bribes import Bribes
from prohis_nb.prohis.knowledge import ProhisKnowledge, _Checkpoints
from prohis_nb.prohis.views import ConvoyView, SeatInfo, SeatView

PLAIN = (str, int, float, bool, type(None))


def reachable_values(value, path="view"):
    """Every value reachable from a view through its data, with its path.

    Walks dataclass fields, named tuples, tuples, lists, dicts and the rules'
    slots. Anything else is yielded as it is, so the test can refuse it.
    """
    yield path, value
    if isinstance(value, PLAIN):
        return
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from reachable_values(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, ProhisRules):
        for name in value.__slots__:
            yield from reachable_values(getattr(value, name), f"{path}.{name}")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from reachable_values(item, f"{path}[{key!r}]")
    elif isinstance(value, tuple | list):
        for i, item in enumerate(value):
            yield from reachable_values(item, f"{path}[{i}]")
    elif isinstance(value, LegalActions):  # bribes decoded on demand: walk what it holds
        yield from reachable_values(value.parts, f"{path}.parts")
    elif isinstance(value, Bribes | ProhisKnowledge | _Checkpoints | CardModel | _Component):
        assert not hasattr(value, "__dict__")  # only its slots hold data
        for name in value.__slots__:
            yield from reachable_values(getattr(value, name, None), f"{path}.{name}")


ALLOWED = (
    *PLAIN,
    *(SeatView, SeatInfo, ConvoyView, ProhisRules, Decision, Action, LegalActions, Bribes),
    *(ProhisKnowledge, _Checkpoints, CardModel, _Component),  # a seat's knowledge, and its model
    *(tuple, list, dict),
)


class SpyBot(Bot):
    """Plays randomly and keeps what it was given, to check it afterwards."""

    default_name = "spy"

    def __init__(self, seed=0, **kwargs):
        super().__init__(seed, **kwargs)
        self.calls = []

    def choose(self, view, legal_actions):
        self.calls.append((view, legal_actions))
        return self.rng.choice(legal_actions)


def test_bots_receive_only_their_seats_view_and_the_legal_actions():
    bots = [SpyBot(seed) for seed in range(4)]
    game = play_game("prohis", bots, seed=11)
    assert game.ended
    for seat, bot in enumerate(bots):
        assert bot.calls, f"seat {seat} was never asked"
        for view, legal in bot.calls:
            assert type(view) is SeatView
            assert view.seat == seat and view.to_act == seat
            assert type(legal) in (tuple, LegalActions) and legal  # LegalActions: bribes
            assert all(type(action) is Action and action.seat == seat for action in legal)
            assert legal == view.legal_actions


def test_no_game_object_is_reachable_from_a_view():
    bots = [SpyBot(seed) for seed in range(3)]
    play_game("prohis", bots, seed=5, rules=ProhisRules(players=3, bribe_rounds=2))
    checked = 0
    for bot in bots:
        for view, legal in bot.calls[::7]:
            assert view.knowledge.model  # (built, so that the walk sees the model too)
            for path, value in reachable_values((view, legal)):
                assert not isinstance(value, GameBase), f"{path} is the game"
                assert isinstance(value, ALLOWED), f"{path} is a {type(value).__name__}"
                checked += 1
    assert checked > 1000


def test_a_bot_that_ignores_its_view_gets_none():
    class Blind(SpyBot):
        uses_view = False

    bots = [Blind(0), SpyBot(1), Blind(2), SpyBot(3)]
    play_game("prohis", bots, seed=3)
    assert all(view is None for view, _ in bots[0].calls)
    assert all(type(view) is SeatView for view, _ in bots[1].calls)
    assert RandomBot.uses_view is False


def test_same_seeds_give_the_same_game():
    def one(seed):
        bots = [
            make_bot(spec, f"{seed}:{i}") for i, spec in enumerate(["bluff", "honest", "random"])
        ]
        return play_game("prohis", bots, seed=seed).record().to_json()

    assert one(4) == one(4)
    assert one(4) != one(5)


def test_the_finished_game_replays_from_its_record():
    bots = [make_bot(spec, i) for i, spec in enumerate(["bluff", "random", "honest", "bluff"])]
    game = play_game("prohis", bots, seed=9)
    again = game.record().replay()
    assert again.ended
    assert again.omniscient_view().to_json() == game.omniscient_view().to_json()


def test_an_illegal_choice_names_the_bot_and_leaves_the_game_untouched():
    class Cheat(Bot):
        default_name = "cheat"

        def choose(self, view, legal_actions):
            return Action(view.seat, "pass") if view.decision.kind != "turn" else legal_actions[0]

    game = Game(players=3, seed=2)
    bots = [Cheat(0), Cheat(1), Cheat(2)]
    with pytest.raises(BotError, match="bot 'cheat' at seat"):
        play_game(game, bots)
    before = game.omniscient_view().to_json()
    with pytest.raises(BotError):
        play_game(game, bots)
    assert game.omniscient_view().to_json() == before


def test_runner_refuses_a_wrong_table():
    with pytest.raises(ValueError, match="one per seat"):
        play_game(Game(players=4, seed=1), [RandomBot(0)] * 3)
    with pytest.raises(ValueError, match="needs a seed"):
        play_game("prohis", [RandomBot(0)] * 3)
    with pytest.raises(TypeError, match="not a Bot"):
        play_game("prohis", [RandomBot(0), RandomBot(1), "random"], seed=1)


def test_a_game_under_way_is_played_on():
    game = Game(players=4, seed=8)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    first = game.actions
    play_game(game, [RandomBot(seed) for seed in range(4)])
    assert game.ended and game.actions[:5] == first


def test_bot_seed_must_be_int_or_text():
    with pytest.raises(TypeError, match="seed"):
        RandomBot(1.5)
    assert RandomBot("a").choose(None, (1, 2, 3)) == RandomBot("a").choose(None, (1, 2, 3))
