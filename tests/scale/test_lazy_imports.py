"""The scale extra stays optional: nothing imports pyarrow or Dask until a sink or Dask is used."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("pyarrow", "dask", "distributed", "duckdb", "pandas")


def test_tournaments_import_none_of_the_scale_libraries():
    code = (
        "import sys, prohis_nb, prohis_nb.tournament, prohis_nb.cli, prohis_nb.scale\n"
        "from prohis_nb.tournament import run_tournament\n"
        "run_tournament(['random'], games=2, workers=1, progress=False)\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
