"""The examples in the bots' and tournaments' docstrings run and give what they say."""

import doctest
import importlib

import pytest

MODULES = [
    "prohis_nb.bots",
    "prohis_nb.bots.runner",
    "prohis_nb.bots.random_bot",
    "prohis_nb.bots.prohis_bots",
    "prohis_nb.bots.beliefs",
    "prohis_nb.bots.montecarlo",
    "prohis_nb.tournament",
    "prohis_nb.tournament_stats",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0, f"{name} has no examples to run"
    assert failed == 0
