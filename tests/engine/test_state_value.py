"""One explicit state value moves a whole game: copies, pickles, undo, the first view.

``ProhisGame.state()`` is the position as a frozen value (``prohis.state``), and
``__getstate__`` the position with its history. These tests check every path
that moves a whole game keeps it, by comparing with a game replayed from its
record, not with the engine's own bookkeeping; and that a game rebuilt from a
state value plays on exactly like the game it came from.
"""

from __future__ import annotations

import ast
import dataclasses
import pickle
import random
from pathlib import Path

import prohis_nb
from prohis_nb import ProhisGame
from prohis_nb.prohis.state import ProhisState

ROOT = Path(prohis_nb.__file__).parent


def _midgame(seed: int, steps: int, **variants) -> ProhisGame:
    game = ProhisGame(players=4, seed=seed, **variants)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def _same_game(a: ProhisGame, b: ProhisGame) -> None:
    assert a.record().to_json() == b.record().to_json()
    assert list(a.legal_actions()) == list(b.legal_actions())
    assert a.state() == b.state()
    assert a.omniscient_view() == b.omniscient_view()
    for seat in range(a.players):
        assert a.view(seat) == b.view(seat)


def test_the_state_value_holds_every_attribute_the_rules_change() -> None:
    # Every slot of the game is the state value, its history, or a cache.
    fields = {field.name for field in dataclasses.fields(ProhisState)}
    renamed = {"to_act": "_to_act", "public_hands": "_public", "public_before_offer": "_public"}
    position = {renamed.get(name, name) for name in fields}
    history = {"players", "rules", "setup", "_actions", "_forced", "_initial_forced", "_events"}
    history |= {"_chronicle", "_priors"}
    caches = {"_legal", "_legal_set", "_log_cache", "_observed", "_checkpoints", "_bounds"}
    assert set(ProhisGame.__slots__) == position | history | caches


def test_a_state_value_is_frozen_and_a_game_does_not_share_its_lists() -> None:
    game = _midgame(3, 40)
    state = game.state()
    assert hash(state) == hash(game.state())  # frozen, made of tuples
    game.apply(game.legal_actions()[0])
    assert game.state() != state


def test_a_game_rebuilt_from_its_state_value_plays_on_the_same() -> None:
    for seed in range(5):
        game = _midgame(seed, 25 + 9 * seed, bribe_rounds=1 + seed % 3)
        if game.over:
            continue
        rebuilt = ProhisGame.from_state(game.rules, game.state(), setup={"rebuilt": True})
        rng = random.Random(seed)
        while not game.over:
            assert list(rebuilt.legal_actions()) == list(game.legal_actions())
            action = rng.choice(list(game.legal_actions()))
            game.apply(action)
            rebuilt.apply(action)
            assert rebuilt.state() == game.state()
        assert rebuilt.scores() == game.scores()


def test_pickle_copy_undo_and_the_first_view_keep_the_whole_state() -> None:
    for seed in range(6):
        game = _midgame(seed, 30 + 7 * seed)
        replayed = game.record().replay()
        _same_game(pickle.loads(pickle.dumps(game)), replayed)
        _same_game(game.copy(), replayed)
        if game.record().actions:
            undone = game.copy()
            undone.undo()
            again = undone.record().replay()
            _same_game(undone, again)
        _same_game(game, replayed)  # the first view replays the game with its log kept


def _assignments_outside_game_classes(tree: ast.AST):
    """Every assignment target of a module, but inside a game class (``...Game``, ``GameBase``)."""

    def walk(node: ast.AST, inside_game: bool):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                yield from walk(child, inside_game or child.name.endswith(("Game", "GameBase")))
                continue
            if not inside_game:
                if isinstance(child, ast.Assign):
                    yield from child.targets
                elif isinstance(child, ast.AugAssign | ast.AnnAssign):
                    yield child.target
            yield from walk(child, inside_game)

    yield from walk(tree, False)


def test_nothing_outside_the_game_class_sets_its_private_attributes() -> None:
    # Issue 24: the state moves through the state value; no module of the package
    # writes ``game._name = ...`` on a game outside the game's own class.
    offenders = []
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for target in _assignments_outside_game_classes(tree):
            for leaf in ast.walk(target):
                if (
                    isinstance(leaf, ast.Attribute)
                    and leaf.attr.startswith("_")
                    and not leaf.attr.startswith("__")
                    and isinstance(leaf.value, ast.Name)
                    and leaf.value.id in ("game", "sample", "other", "rebuilt")
                ):
                    offenders.append(
                        f"{path.relative_to(ROOT)}:{leaf.lineno} {leaf.value.id}.{leaf.attr}"
                    )
    assert not offenders, offenders
