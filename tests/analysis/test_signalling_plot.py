"""The heard-declaration plot: the equilibrium search rates, with the 2 × 2 rates beside them."""

import pytest

pytest.importorskip("matplotlib")
import matplotlib

matplotlib.use("Agg")

from prohis_nb import plots
from prohis_nb.analysis.signalling import IMMUNITY, declaration_equilibrium


def test_every_declaration_made_is_drawn_at_its_search_rate():
    eq = declaration_equilibrium()
    fig, ax = plots.declaration_search_rates(highlight=["crown"])
    dots, crosses, ring = ax.collections
    made = [j for j in eq.used() if eq.declarations[j] != IMMUNITY]
    assert sorted(dots.get_offsets()[:, 1]) == pytest.approx(sorted(eq.search[made]))
    # the 2 x 2 rate d / (f + C) of one bottle of wine (duty 25, fines 50) is among the crosses
    assert any(x == 25 and y == pytest.approx(25 / 250) for x, y in crosses.get_offsets())
    labels = ax.get_legend_handles_labels()[1]
    assert "declared: 1 Crown (nobody does)" in labels
    assert any(label.startswith("immunity claims are challenged") for label in labels)
    assert ax.get_xlabel() == "duty declared"
    assert [t.get_text() for t in ax.get_xticklabels()][1].startswith("$")
