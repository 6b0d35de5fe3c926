"""The class's results: a folder of students' game records against the theory.

* :mod:`~prohis_nb.classroom.counts` — what was decided in one game, counted.
"""

from prohis_nb.classroom.counts import decision_counts

__all__ = ["decision_counts"]
