"""The examples in the engine's docstrings run and give what they say."""

import doctest
import importlib

import pytest

MODULES = [
    "prohis_nb",
    "prohis_nb.prohis.cards",
    "prohis_nb.prohis.rules",
    "prohis_nb.prohis.actions",
    "prohis_nb.prohis.game",
    "prohis_nb.prohis.bribes",
    "prohis_nb.core.record",
    "prohis_nb.core.registry",
    "prohis_nb.core.determinize",
    "prohis_nb.prohis.determinize",
    "prohis_nb.smuggle.determinize",
    "prohis_nb.smuggle.board",
    "prohis_nb.smuggle.rules",
    "prohis_nb.smuggle.actions",
    "prohis_nb.smuggle.game",
    "prohis_nb.analysis.equilibrium",
    "prohis_nb.analysis.equilibrium_sets",
    "prohis_nb.analysis.smuggle",
    "prohis_nb.analysis.history",
    "prohis_nb.bots.smuggle_bots",
    "prohis_nb.text",
    "prohis_nb.presenting",
    "prohis_nb.widgets.downloads",
    "prohis_nb.classroom.counts",
    "prohis_nb.classroom.intervals",
    "prohis_nb.coach.smuggle_knowledge",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0, f"{name} has no examples to run"
    assert failed == 0
