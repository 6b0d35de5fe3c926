"""The heat map's stored cividis colours are matplotlib's, every one (issue 23, item 18).

Lesson 3's SVG heat map reads its colours from ``prohis_nb/widgets/cividis.json``
instead of importing matplotlib; here matplotlib is asked again.
"""

from __future__ import annotations

import re

import pytest

from prohis_nb.analysis import catch_probability
from prohis_nb.widgets import charts
from prohis_nb.widgets.cividis import cividis_hex, colours

matplotlib = pytest.importorskip("matplotlib")
from matplotlib import colormaps  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402

SCALE = colormaps["cividis"]


def test_the_stored_colours_are_matplotlibs():
    assert list(colours()) == [to_hex(SCALE(i)) for i in range(SCALE.N)]


def test_a_value_picks_the_colour_matplotlib_picks():
    values = [0.0, 1.0, 0.5, 255 / 256, 1 / 256, 1 / 256 - 1e-12, 0.999999, -0.2, 1.3]
    values += [k / 997 for k in range(998)]
    for value in values:
        assert cividis_hex(value) == to_hex(SCALE(min(max(value, 0.0), 1.0))), value


def test_each_square_of_the_heat_map_has_matplotlibs_colour_for_its_probability():
    for card in ("lieutenant", "captain", "inspector"):
        for n in (2, 3, 4):
            svg = charts.catch_heatmap(n, card)
            squares = re.findall(
                r'<rect x="[^"]+" y="[^"]+" width="70" height="70" fill="(#[0-9a-f]{6})"', svg
            )
            expected = [
                to_hex(SCALE(float(catch_probability(n, k, c, card))))
                for k in range(n + 1)
                for c in range(n + 1 - k)
            ]
            assert squares == expected
