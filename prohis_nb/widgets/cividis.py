"""Matplotlib's *cividis* colour scale, shipped as its 256 colours: no matplotlib to import.

The heat map of lesson 3 (:func:`prohis_nb.widgets.charts.catch_heatmap`)
colours each square by a probability on cividis, the scale
:func:`prohis_nb.plots.catch_heatmap` uses (readable in colour blindness and
in grey). Importing matplotlib only to look up 256 colours took a second or
more of the lesson's *Run All* on a small machine, so the colours are stored,
``cividis.json`` beside this module, exactly as matplotlib writes them
(``matplotlib.colors.to_hex``), and :func:`cividis_hex` reads them back.
``tests/widgets/test_cividis.py`` asks matplotlib again and checks every
colour; ``python -m prohis_nb.widgets.cividis`` writes the file again.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

STORED = Path(__file__).with_name("cividis.json")
FORMAT = "prohis-nb-cividis/1"


@cache
def colours() -> tuple[str, ...]:
    """The scale's 256 colours, ``"#rrggbb"``, from the lowest value to the highest."""
    data = json.loads(STORED.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT or len(data["colours"]) != 256:
        raise ValueError(f"{STORED.name} is not a {FORMAT} file of 256 colours")
    return tuple(data["colours"])


def cividis_hex(value: float) -> str:
    """The colour of ``value`` (0 to 1, clipped) on cividis, as ``to_hex(cividis(value))``.

    A value picks one of the 256 colours the way matplotlib's
    ``ListedColormap`` does: ``int(value × 256)``, the top value in the last.
    """
    table = colours()
    index = int(min(max(float(value), 0.0), 1.0) * len(table))
    return table[min(index, len(table) - 1)]


def from_matplotlib() -> list[str]:
    """The 256 colours, asked of matplotlib (what :data:`STORED` holds)."""
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    scale = colormaps["cividis"]
    return [to_hex(scale(i)) for i in range(scale.N)]


def write() -> Path:
    """Ask matplotlib for the colours and write :data:`STORED` again."""
    data = {
        "format": FORMAT,
        "source": "matplotlib.colormaps['cividis']",
        "colours": from_matplotlib(),
    }
    STORED.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    return STORED


if __name__ == "__main__":
    print(f"wrote {write()}")
