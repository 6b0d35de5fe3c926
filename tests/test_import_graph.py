"""The package's imports, drawn from its source (ast): they run downward and never in a cycle.

Layers, lowest first (issue 24): the **core** (``prohis_nb.core``, the
errors, the words for numbers, the record schemas), the **games** (Prohis,
Smuggle, each stage game's rules, views and knowledge), then **analysis,
bots and coach**, then the **faces** (widgets, plots, the class results,
the command line, tournaments, OpenSpiel, the live class). A module may
import its own layer or a lower one. Every import counts: at the top of a
module, inside a function, or for the type checker only.

A game's folder holds parts of several layers (a stage game keeps its bots,
coach, renderer and OpenSpiel module beside its rules): each part's layer
is read from the game's registry entry (:mod:`prohis_nb.core.registry`),
whose ``"module:attribute"`` paths say what each module is.

**The registry is the one exception**, and only by name: it is the core's
one module that reaches the games and their faces, through the import paths
of its entries, resolved at run time (never an import statement). So the
core imports no game, and no cycle can start in the registry.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from prohis_nb.core import registry

PACKAGE = Path(__file__).resolve().parents[1] / "prohis_nb"
CORE, GAMES, THINKING, FACES = range(4)
LAYER_NAMES = ("core", "games", "analysis/bots/coach", "faces")

#: Modules at the top of the package, by layer.
TOP_LEVEL = {
    "prohis_nb.errors": CORE,
    "prohis_nb.text": CORE,
    "prohis_nb.presenting": CORE,
    "prohis_nb.schemas": CORE,
    "prohis_nb.extras": CORE,  # which extra brings what: the errors only, used by every layer
    "prohis_nb.games": CORE,  # the registry's old name, an alias
    "prohis_nb": GAMES,  # the package's front door: the engine's names
}
#: Sub-packages, by layer (a module takes the layer of its closest listed package).
PACKAGES = {
    "prohis_nb.core": CORE,
    "prohis_nb.prohis": GAMES,
    "prohis_nb.smuggle": GAMES,
    "prohis_nb.analysis": THINKING,
    "prohis_nb.bots": THINKING,
    "prohis_nb.coach": THINKING,
}
#: A registry part's layer (a game's folder holds several).
PART_LAYERS = {
    "bots": THINKING,
    "coach": THINKING,
    "renderer": FACES,
    "class_counter": FACES,
    "class_rates": FACES,
    "class_predictions": FACES,
    "openspiel": FACES,
}

#: Cycles another part of issue 24 removes (each names its modules): listed so
#: that the test fails on any *new* cycle; the last test fails once one of these
#: is gone, so that its line is deleted here.
KNOWN_CYCLES: list[frozenset[str]] = []  # (both games' cycles are gone: issue 24 §2)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imports_of(name: str) -> set[str]:
    """Every package module ``name`` imports (anywhere in it), as module names."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {module for module in found if module in MODULES and module != name}


GRAPH = {name: imports_of(name) for name in MODULES}


def part_layers() -> dict[str, int]:
    """The layer of every module a registry entry names, read from the entries' parts."""
    layers: dict[str, int] = {}
    for spec in registry.specs():
        for part in registry.PARTS:
            path = getattr(spec, part)
            if path is not None:
                layers.setdefault(path.partition(":")[0], PART_LAYERS.get(part, GAMES))
    return layers


PART_MODULES = part_layers()
GAME_FOLDERS = {spec.game_class.__module__.rpartition(".")[0] for spec in registry.specs()}


def layer_of(name: str) -> int:
    if name in TOP_LEVEL:
        return TOP_LEVEL[name]
    if name in PART_MODULES and name.rpartition(".")[0] in GAME_FOLDERS:
        return PART_MODULES[name]  # a game's folder: each part has its own layer
    package = name
    while package:
        if package in PACKAGES:
            return PACKAGES[package]
        if package in GAME_FOLDERS:
            return GAMES  # the rest of a game's folder is the game itself
        package = package.rpartition(".")[0]
    return FACES


def strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's components of more than one module (the cycles)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def test_the_graph_is_drawn_from_every_module():
    assert len(MODULES) > 100
    assert "prohis_nb.core.record" in GRAPH["prohis_nb.cli"]  # an import inside a function
    assert "prohis_nb.core.registry" in GRAPH["prohis_nb.core.record"]


def test_no_import_runs_upward():
    upward = sorted(
        f"{name} ({LAYER_NAMES[layer_of(name)]}) imports {target} ({LAYER_NAMES[layer_of(target)]})"
        for name, targets in GRAPH.items()
        for target in targets
        if layer_of(target) > layer_of(name)
    )
    assert upward == []


def test_no_import_cycle_but_those_being_removed():
    cycles = [frozenset(c) for c in strongly_connected(GRAPH)]
    new = [sorted(c) for c in cycles if not any(c <= known or known <= c for known in KNOWN_CYCLES)]
    assert new == []


@pytest.mark.parametrize("known", KNOWN_CYCLES, ids=lambda c: min(c))
def test_each_cycle_still_listed_exists(known):
    """Delete a line of KNOWN_CYCLES when its cycle is gone (this test says when)."""
    cycles = [frozenset(c) for c in strongly_connected(GRAPH)]
    assert any(c & known for c in cycles), f"{sorted(known)} is no longer a cycle"


def test_the_core_reaches_the_games_only_through_the_registry_by_name():
    core = [name for name in MODULES if layer_of(name) == CORE]
    for name in core:
        assert all(layer_of(target) == CORE for target in GRAPH[name]), name
    assert GRAPH["prohis_nb.core.registry"] <= {"prohis_nb.errors"}
    assert "import_module" in MODULES["prohis_nb.core.registry"].read_text(encoding="utf-8")
    for name in registry.names():  # every entry: a spec in its game's own folder
        path = registry.GAMES[name]
        assert path.startswith(f"prohis_nb.{name}.") or not path.startswith("prohis_nb."), path


def test_the_layers_know_the_known_modules():
    assert layer_of("prohis_nb.core.game") == CORE
    assert layer_of("prohis_nb.smuggle.knowledge") == GAMES
    assert layer_of("prohis_nb.coach.prohis") == THINKING
    assert layer_of("prohis_nb.widgets.play") == FACES
    assert layer_of("prohis_nb.cli") == FACES


def test_an_upward_import_and_a_cycle_would_be_seen():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert strongly_connected(graph) == [{"a", "b", "c"}]
    assert layer_of("prohis_nb.widgets.table") > layer_of("prohis_nb.prohis.game")
