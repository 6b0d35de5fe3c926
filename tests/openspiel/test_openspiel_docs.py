"""docs/openspiel.md: its Python examples run as written (in order, in one namespace), and it
names every OpenSpiel game the package registers with the import that registers it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
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


NEW_NAMES = """
import json, sys, pyspiel
before = set(pyspiel.registered_names())
for module in sys.argv[1:]:
    __import__(module)
print(json.dumps(sorted(set(pyspiel.registered_names()) - before)))
"""


def registered_by(*modules: str) -> list[str]:
    """The pyspiel names that importing ``modules`` registers, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", NEW_NAMES, *modules],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(done.stdout)


def test_every_registered_name_is_in_the_docs_with_the_import_that_registers_it():
    text = DOC.read_text(encoding="utf-8")
    everything = registered_by("prohis_nb.openspiel", "prohis_nb.openspiel.convoy")
    assert "python_prohis_convoy" in everything and len(everything) >= 6
    for name in everything:
        assert f"`{name}`" in text, name
    # the table of imports tells the truth: the package registers all but the engine convoy
    by_package = registered_by("prohis_nb.openspiel")
    assert set(everything) - set(by_package) == {"python_prohis_convoy"}
    assert "`prohis_nb.openspiel.convoy` only" in text
    for stage, names in {
        "prohis_nb.convoy.openspiel": {"python_convoy_stage", "python_convoy_stage_own"},
        "prohis_nb.customs.openspiel": {"python_customs_stage"},
    }.items():
        # importing a stage game's adapter registers its names (it goes through the package,
        # which registers the others too)
        assert names <= set(registered_by(stage))
        assert f"`{stage}`" in text
