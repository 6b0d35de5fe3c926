"""The Python examples of docs/openspiel.md run as written (in order, in one namespace)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'prohis-nb[openspiel]'"
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "openspiel.md"


def test_the_examples_of_docs_openspiel_run(capsys):
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    printed = capsys.readouterr().out
    assert printed.startswith("32 24\n")
    assert "ismcts(rollout=30, simulations=4)" in printed
