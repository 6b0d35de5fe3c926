"""Every convoy of 1 to 4 cards against every controller rank: the analysis tests' cases."""

from __future__ import annotations

CASES = [
    (n, k, c, r)
    for n in range(1, 5)
    for k in range(n + 1)
    for c in range(n - k + 1)
    for r in (1, 2, 3)
]
