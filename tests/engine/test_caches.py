"""The engine's memo tables: all of them are found, emptying them changes no result."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import prohis_nb
from prohis_nb.cli import random_game
from prohis_nb.core.caches import (
    clear_engine_caches,
    engine_cache_entries,
    engine_caches,
    engine_packages,
)
from prohis_nb.games import game_class

ROOT = Path(prohis_nb.__file__).parent
MEMOISERS = {"cache", "lru_cache"}


def _is_memoiser(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name in MEMOISERS


def _is_memo_table(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", "")) == "MemoTable"
    )


def memoised_in_source() -> set[tuple[str, str]]:
    """(module, name) of each memo table in the engine's source, read by ast.

    A function under ``@cache``/``@lru_cache``, or a name given a ``MemoTable(...)``.
    """
    found = set()
    for package in engine_packages():
        folder = ROOT / package.split(".", 1)[1]
        for path in folder.glob("*.py"):
            module = f"{package}.{path.stem}" if path.stem != "__init__" else package
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                    _is_memoiser(d) for d in node.decorator_list
                ):
                    found.add((module, node.name))
                if isinstance(node, ast.Assign) and _is_memo_table(node.value):
                    found.update((module, target.id) for target in node.targets)  # type: ignore[attr-defined]
    return found


def test_every_memoised_engine_function_is_found_and_at_module_level():
    source = memoised_in_source()
    for module, _ in source:
        importlib.import_module(module)
    found = {(f.__module__, f.__name__) for f in engine_caches()}
    # A memo table inside a class or a function could not be emptied from here.
    assert found == source


def test_playing_fills_the_tables_and_clearing_empties_them():
    clear_engine_caches()
    for name in ("prohis", "smuggle"):
        cls = game_class(name)
        random_game(cls, cls.rules_type(players=4), 3)
    held = engine_cache_entries()
    assert held > 0
    assert clear_engine_caches() == held
    assert engine_cache_entries() == 0


def test_clearing_between_games_changes_no_game():
    for name in ("prohis", "smuggle"):
        cls = game_class(name)
        rules = cls.rules_type(players=4)
        warm = [random_game(cls, rules, seed).record().to_json() for seed in range(6)]
        cold = []
        for seed in range(6):
            clear_engine_caches()
            cold.append(random_game(cls, rules, seed).record().to_json())
        assert cold == warm


def test_the_engine_packages_are_the_core_and_every_registered_game(monkeypatch):
    from prohis_nb.core import registry

    packages = engine_packages()
    assert packages[0] == "prohis_nb.core"
    for name in registry.names():
        assert registry.spec(name).game_class.__module__.startswith(packages[1:])
    # a game added to the registry is searched too, without importing it
    monkeypatch.setitem(registry.GAMES, "toy", "toygames.toy.spec:SPEC")
    assert "toygames.toy" in engine_packages()
