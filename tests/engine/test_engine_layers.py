"""The engine's modules import one another downward only: no cycle, not even a hidden one.

Issue 24 found ``prohis/game ↔ views ↔ explain`` and ``smuggle/game ↔ log ↔
views``, some hidden by imports written inside functions or under
``TYPE_CHECKING``. This reads every import of the core and both games (at any
depth of the module, for the type checker too) and checks the graph they make
between each game's modules has no cycle; and that the shared counting model
imports no game. (The core's own cycle through the registry is issue 24's
registry work.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import prohis_nb

ROOT = Path(prohis_nb.__file__).parent
ENGINE = ("core", "prohis", "smuggle")


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_imports() -> dict[str, set[str]]:
    """Every engine module and the engine modules it imports (anywhere in its source)."""
    modules = {_module(path): path for folder in ENGINE for path in (ROOT / folder).glob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for target in targets:
                if target in modules and target != name:
                    graph[name].add(target)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycle_in_either_game():
    graph = engine_imports()
    games = {
        name: {t for t in targets if t.startswith(("prohis_nb.prohis", "prohis_nb.smuggle"))}
        for name, targets in graph.items()
        if name.startswith(("prohis_nb.prohis", "prohis_nb.smuggle"))
    }
    # (``prohis_nb.prohis`` is the package: importing it imports what its
    # __init__ re-exports, so it is a node of the graph like the modules)
    assert "prohis_nb.prohis.views" in games and "prohis_nb.smuggle.log" in games
    assert _cycle(games) is None, " -> ".join(_cycle(games) or [])


def test_the_games_views_log_and_refusals_do_not_import_their_game():
    graph = engine_imports()
    for low in ("views", "explain", "log", "knowledge", "bounds", "state", "legal", "table"):
        for game in ("prohis", "smuggle"):
            name = f"prohis_nb.{game}.{low}"
            if name in graph:
                assert f"prohis_nb.{game}.game" not in graph[name], name


def test_the_counting_model_imports_no_game():
    targets = engine_imports()["prohis_nb.core.knowledge"]
    assert not {t for t in targets if not t.startswith("prohis_nb.core")}
