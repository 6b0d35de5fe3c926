"""JupyterLite offline: a lesson that needs the network says so in words (issue 23, item 17).

The lessons 3 to 12 need numpy, matplotlib and nashpy, which JupyterLite
downloads from the internet. Offline, their first cell must end with a
sentence saying what to do, not a ``ModuleNotFoundError`` traceback; here
the same helper runs in CPython with a package that is not installed.
"""

from __future__ import annotations

import asyncio

import pytest
from helpers.lessoncheck import LESSONS, read, source

from prohis_nb.widgets.lesson import NeedsNetwork, install_or_explain


def test_a_missing_package_is_said_in_words_not_a_traceback():
    with pytest.raises(NeedsNetwork) as caught:
        asyncio.run(install_or_explain("numpy", "surely_no_such_package_pnb"))
    words = caught.value._render_traceback_()
    assert words == [str(caught.value)]
    assert "surely_no_such_package_pnb" in words[0] and "numpy" not in words[0]
    assert "network" in words[0] and "run this cell again" in words[0]


def test_packages_that_are_there_pass():
    asyncio.run(install_or_explain("numpy", "matplotlib"))


@pytest.mark.parametrize("path", [p for p in LESSONS if p.name[:2] >= "03"], ids=lambda p: p.stem)
def test_lessons_3_to_7_ask_for_their_packages_through_the_helper(path):
    first_code = next(source(c) for c in read(path)["cells"] if c["cell_type"] == "code")
    assert "await install_or_explain(" in first_code
    assert "%pip install prohis_nb ipywidgets\n" in first_code  # the offline part alone
