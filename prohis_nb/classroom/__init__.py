"""The class's results: a folder of students' game records against the theory.

::

    from prohis_nb.classroom import load_class
    results = load_class("class_records")   # a folder, files, or an upload's files
    results.skipped                         # files not used, each with its reason
    results.table()                         # every rate, its interval, the theory beside it
    results.plot("prohis")                  # the same as a figure
    results.download()                      # the table as a CSV link

One module per job:

* :mod:`~prohis_nb.classroom.counts` — what was decided in one game, counted;
* :mod:`~prohis_nb.classroom.loading` — reading files, skipping what cannot be used;
* :mod:`~prohis_nb.classroom.intervals` — confidence intervals for a share (Wilson,
  Clopper–Pearson, clustered by game);
* :mod:`~prohis_nb.classroom.theory` — the equilibrium predictions and their models;
* :mod:`~prohis_nb.classroom.results` — the class table, CSV and download;
* :mod:`~prohis_nb.classroom.plots` — the class against the theory, drawn.
"""

from prohis_nb.classroom.counts import decision_counts, decision_counts_by_seat
from prohis_nb.classroom.results import ClassResults, ClassTable, Row, load_class

__all__ = [
    "ClassResults",
    "ClassTable",
    "Row",
    "decision_counts",
    "decision_counts_by_seat",
    "load_class",
]
